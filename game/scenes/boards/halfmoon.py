"""Half Moon's table: the 12 piles' top cards with their stack edges, the reserve, taps
that select and remove, the Placement aid's veils, cards that fly away when removed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...catalog import HALF_MOON
from ...i18n import N_, _
from ...rules import Game, MoveError
from ...rules.slots import PILES, RESERVE_SLOTS
from ..frame import SlotLook
from .base import Board, Effect, Motion

if TYPE_CHECKING:
    from ...layout import Layout
    from ...settings import Settings

REMOVE_SECONDS = 0.25
"""How long a removed card takes to fly away."""
MOVE_ERROR_TEXT = {
    MoveError.SUM_MUST_BE_11: N_("The sum must be 11"),
    MoveError.NEEDS_JACK_QUEEN_KING: N_("Needs a Jack, a Queen and a King"),
}
"""What Move errors says, by reason (SPEC section 2)."""


class HalfMoonBoard(Board):
    """Half Moon's table."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, HALF_MOON)
        self.game: Game = game

    def looks(
        self, layout: Layout, settings: Settings, hidden: dict[str, int]
    ) -> dict[str, SlotLook]:
        game = self.game
        selection = set(game.selection)
        dimmed = game.dimmed() if settings.placement_aid and selection else frozenset()
        table = game.table
        four = settings.four_colour
        looks = {}
        for name, pile in zip(PILES, table.piles, strict=True):
            looks[name] = SlotLook(
                cards=((pile[-1], 0),) if pile else (),
                edges=max(0, min(7, len(pile) - 1)),
                selected=name in selection,
                dimmed=name in dimmed,
                four_colour=four,
            )
        for name, card in zip(RESERVE_SLOTS, table.reserve, strict=True):
            looks[name] = SlotLook(
                cards=((card, 0),) if card is not None else (),
                selected=name in selection,
                dimmed=name in dimmed,
                four_colour=four,
            )
        return looks

    def labels(self) -> dict[str, str]:
        return {name: f"{name} \u00b7 {self.game.count(name)}" for name in (*PILES, *RESERVE_SLOTS)}

    def future_looks(self, layout: Layout, settings: Settings) -> list[tuple[str, SlotLook]]:
        """The top card selected, the card under it, and the Placement aid's veils."""
        four = settings.four_colour
        looks = []
        for name, pile in zip(PILES, self.game.table.piles, strict=True):
            edges = max(0, min(7, len(pile) - 1))
            if pile:
                looks.append(
                    (name, SlotLook(((pile[-1], 0),), edges, selected=True, four_colour=four))
                )
            if len(pile) >= 2:
                looks.append(
                    (name, SlotLook(((pile[-2], 0),), max(0, edges - 1), four_colour=four))
                )
        if settings.placement_aid:
            for name, card in self.game.playable().items():
                edges = max(0, min(7, self.game.count(name) - 1)) if name in PILES else 0
                looks.append((name, SlotLook(((card, 0),), edges, dimmed=True, four_colour=four)))
        return looks

    def tap(self, slot: str, layout: Layout, settings: Settings) -> Effect:
        game = self.game
        tops = game.playable()
        result = game.tap(slot)
        if not result.removed:
            if result.error is not None:
                return Effect(sound="error", refusal=_(MOVE_ERROR_TEXT[result.error]))
            return Effect(sound="select" if slot in game.selection else None)
        motions = []
        if settings.animations == "on":
            motions = [
                Motion(tops[name], layout.slots[name].copy(), None, REMOVE_SECONDS)
                for name in result.removed
            ]
        sound = "pair" if len(result.removed) == 2 else "triple"
        return Effect(moved=True, sound=sound, motions=motions)

    def cards_left(self) -> int:
        return self.game.table.card_count()

    def stalemate_reason(self) -> str:
        return _("No pair adds up to 11 and no Jack, Queen and King are free.")

    def focus_slots(self) -> list[str]:
        return [slot for slot in (*PILES, *RESERVE_SLOTS) if self.game.top(slot) is not None]

    def selected(self) -> tuple[str, ...]:
        return self.game.selection
