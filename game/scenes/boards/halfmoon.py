"""Half Moon's table: the 12 piles' top cards with their stack edges, the reserve, taps
that select and remove, the Placement aid's veils, cards that fly away when removed."""

from __future__ import annotations

from typing import TYPE_CHECKING

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

RULES_TEXT: tuple[tuple[str, ...], ...] = (
    (
        N_("Half Moon is played with two decks: 104 cards."),
        N_("96 cards lie in 12 piles of 8 along an arc; the other 8 form the reserve."),
        N_("You can play the top card of each pile and every reserve card."),
    ),
    (),
    (
        N_("Remove two number cards that add up to 11 (the Ace counts 1):"),
        N_("Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter."),
        N_("Remove a Jack, a Queen and a King together. Face cards never pair."),
        N_("Emptied piles and reserve slots stay empty."),
    ),
    (),
    (
        N_("Tap a card to select it, then tap its partner. A triple takes three taps."),
        N_("Tap a selected card again to put it down."),
    ),
    (),
    (
        N_("A pair scores 10 points, a triple 15. A won game is 48 moves and 520 points."),
        N_("When no pair and no triple is left, undo or start again."),
    ),
    (),
    (N_("Settings"),),
    (N_("Move errors: says why a tap removed nothing."),),
    (N_("Placement aid: dims the cards that cannot go with your selection."),),
    (N_("Pile labels: shows each pile's number and how many cards it holds."),),
    (N_("Four-colour deck: clubs green, diamonds blue."),),
    (),
    (
        N_("Keys: arrows and Space to play, Ctrl+Z or Backspace to undo, Ctrl+Y to redo,"),
        N_("Ctrl+C to copy the deal code, N for a new game, F11 for fullscreen, Esc for the menu."),
    ),
    (),
    (N_("Every deal has a code such as HM1-N-AAAAAAB: enter it to play the same deal again."),),
)
"""Half Moon's rules page (the registry's rules text), paragraph by paragraph: each
paragraph's sentences flow together and are wrapped as one; an empty paragraph is a blank
line, a one-word one a heading."""


class HalfMoonBoard(Board):
    """Half Moon's table."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
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

    def clear(self) -> None:
        self.game.clear_selection()

    def tap(self, slot: str, layout: Layout, settings: Settings) -> Effect:
        game = self.game
        tops = game.playable()
        result = game.tap(slot)
        if not result.removed:
            if result.error is not None:
                return Effect(sound="error", refusal=_(MOVE_ERROR_TEXT[result.error]))
            return Effect(sound="select" if slot in game.selection else None)
        motions = []
        if settings.animated:
            motions = [
                Motion(tops[name], layout.slots[name].copy(), None, REMOVE_SECONDS * settings.pace)
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
