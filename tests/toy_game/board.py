"""The toy game's board: how its two slots are laid out, drawn and touched."""

from __future__ import annotations

from pygame import Rect

from game.table.arcs import CARD_ASPECT, Arrangement
from game.table.board import Board, Effect, Motion, Settings
from game.table.frame import SlotLook
from game.table.layout import Layout

from .rules import ToyGame

RULES_TEXT = (
    ("Tap the pile: its top card goes home.", "Six cards home win the game."),
    (),
    ("A card with the rank of the card at home cannot go: the game is stuck.",),
)


def arrange(card_w: int, play: Rect) -> Arrangement | None:
    """The pile on the left, the home on the right, a card's width apart (None: no room)."""
    card_h = round(card_w * CARD_ASPECT)
    label_h = max(8, card_h // 6)
    step = max(1, card_w // 40)
    margin = max(3, card_w // 7)
    if (
        3 * card_w + 2 * margin > play.width
        or card_h + 7 * step + label_h + 2 * margin > play.height
    ):
        return None
    pile = Rect(0, 0, card_w, card_h)
    pile.center = (play.centerx - card_w, play.centery)
    home = pile.move(2 * card_w, 0)
    rects = {"P": pile, "H": home}
    areas = {name: Rect(r.left, r.top, r.width, r.height + 7 * step) for name, r in rects.items()}
    return Arrangement(rects, areas, label_h, step, (0, 0, 0))


ARRANGEMENTS = ((arrange,), ())
"""One arrangement, and no compact one."""


class ToyBoard(Board):
    """The toy's table: a pile and its home."""

    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.game: ToyGame = game

    def looks(
        self, layout: Layout, settings: Settings, hidden: dict[str, int]
    ) -> dict[str, SlotLook]:
        table = self.game.table
        pile = table.pile[: len(table.pile) - hidden.get("P", 0)]
        home = table.home[: len(table.home) - hidden.get("H", 0)]
        return {
            "P": SlotLook(
                cards=((pile[-1], 0),) if pile else (), edges=max(0, min(7, len(pile) - 1))
            ),
            "H": SlotLook(cards=((home[-1], 0),) if home else (), marker="" if home else "Home"),
        }

    def tap(self, slot: str, layout: Layout, settings: Settings) -> Effect:
        card = self.game.top("P")
        if slot != "P" or card is None:
            return Effect()
        if not self.game.send_home():
            return Effect(sound="error", refusal="It has the rank of the card at home")
        motions = []
        if settings.animated:
            start, end = layout.slots["P"].copy(), layout.slots["H"].copy()
            motions = [Motion(card, start, end, 0.2, hide=("H", 1))]
        return Effect(moved=True, sound="home", motions=motions)

    def clear(self) -> None:
        """The toy has no selection."""

    def cards_left(self) -> int:
        return len(self.game.table.pile)

    def stalemate_reason(self) -> str:
        return "The pile's top card has the rank of the card at home."

    def focus_slots(self) -> list[str]:
        return ["P"] if self.game.table.pile else []

    def selected(self) -> tuple[str, ...]:
        return ()
