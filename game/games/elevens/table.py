"""Elevens' table (SPEC section 6): nine cards face up in a 3x3 grid, G1 ... G9 in
reading order, and a face-down stock that refills the grid, as an immutable value with a
text form."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ...rules.cards import Card
from ...rules.errors import PositionError, SlotError
from ...rules.notation import position_cards, position_lines

GRID: tuple[str, ...] = tuple(f"G{n}" for n in range(1, 10))
"""The grid's slots in reading order: G1 G2 G3 on top, G7 G8 G9 at the bottom."""
STOCK = "stock"
"""The stock's slot: its size is ``count("stock")``; it is never playable."""
SLOTS: tuple[str, ...] = (*GRID, STOCK)
"""Every slot: the grid, then the stock."""
DECK_SIZE = 52
"""One deck."""


def slot_name(text: object) -> str:
    """The canonical name of a slot: ``slot_name(" g3 ") == "G3"``, ``"STOCK"``: ``stock``.

    Raises :class:`SlotError` when ``text`` names no slot.
    """
    name = str(text).strip() if isinstance(text, (str, int)) else ""
    if name.upper() in GRID:
        return name.upper()
    if name.lower() == STOCK:
        return STOCK
    raise SlotError(f"{text!r} is not a slot: expected a grid slot G1 ... G9 or the stock")


@dataclass(frozen=True)
class ElevensTable:
    """Which cards lie where. A removal gives a new table; a table never changes."""

    grid: tuple[Card | None, ...]
    """G1 ... G9; None where a slot is empty (once the stock is gone)."""
    stock: tuple[Card, ...]
    """The face-down stock, its next card (the next refill) first."""

    @classmethod
    def deal(cls, cards: list[Card]) -> ElevensTable:
        """Deal 52 shuffled cards: cards 0 ... 8 to G1 ... G9, the rest to the stock,
        card 9 on top (the first refill) and card 51 last."""
        if len(cards) != DECK_SIZE:
            raise ValueError(f"a deal needs {DECK_SIZE} cards, got {len(cards)}")
        return cls(tuple(cards[: len(GRID)]), tuple(cards[len(GRID) :]))

    @classmethod
    def parse(cls, text: str) -> ElevensTable:
        """Read the position text of :meth:`text`: a line per grid slot (``G1: 8S``, or
        ``-``) and ``stock:`` with its cards, the next refill first. Blank lines and lines
        starting with ``#`` are ignored; a card appears at most once (one deck).

        Raises :class:`PositionError` naming the line and what is wrong.
        """
        contents: dict[str, tuple[Card, ...]] = {}
        seen: Counter[Card] = Counter()
        for where, name_part, cards_part in position_lines(text, "G1: 8S"):
            try:
                name = slot_name(name_part)
            except SlotError:
                raise PositionError(
                    f"{where}: {name_part.strip()!r} is not a slot (G1 ... G9, stock)"
                ) from None
            if name in contents:
                raise PositionError(f"{where}: slot {name} is listed twice")
            cards = position_cards(where, cards_part, seen, 1)
            if name in GRID and len(cards) > 1:
                raise PositionError(f"{where}: {len(cards)} cards in {name}, which holds one")
            contents[name] = tuple(cards)
        missing = [name for name in SLOTS if name not in contents]
        if missing:
            raise PositionError(f"slot(s) {', '.join(missing)} missing: every slot needs a line")
        grid = tuple(contents[name][0] if contents[name] else None for name in GRID)
        return cls(grid, contents[STOCK])

    def text(self) -> str:
        """The position text: ``G1: 8S`` ... ``G9: -``, then ``stock: AC JC ...``."""
        lines = [
            f"{name}: {card if card is not None else '-'}"
            for name, card in zip(GRID, self.grid, strict=True)
        ]
        lines.append(f"{STOCK}: {' '.join(str(c) for c in self.stock) or '-'}")
        return "\n".join(lines) + "\n"

    @staticmethod
    def slot_name(slot: object) -> str:
        """The canonical name of a slot (SlotError for none: :func:`slot_name`)."""
        return slot_name(slot)

    def top(self, slot: str | int) -> Card | None:
        """A grid slot's card (None: empty); the stock shows none (it lies face down)."""
        name = slot_name(slot)
        return None if name == STOCK else self.grid[GRID.index(name)]

    def count(self, slot: str | int) -> int:
        """How many cards a slot holds: 0 or 1 in the grid, the stock's size."""
        name = slot_name(slot)
        if name == STOCK:
            return len(self.stock)
        return 0 if self.grid[GRID.index(name)] is None else 1

    def playable(self) -> dict[str, Card]:
        """The grid's cards by slot (the stock is never playable)."""
        return {name: card for name, card in zip(GRID, self.grid, strict=True) if card}

    def card_count(self) -> int:
        """How many cards are still in play, grid and stock."""
        return len(self.stock) + sum(card is not None for card in self.grid)

    def without(self, slots: Iterable[str]) -> ElevensTable:
        """The table after the cards of the grid ``slots`` leave the game, every emptied
        slot refilled from the stock in increasing slot order (SPEC 6)."""
        grid = list(self.grid)
        emptied = []
        for slot in slots:
            name = slot_name(slot)
            if name == STOCK:
                raise PositionError("the stock is never played")
            index = GRID.index(name)
            if grid[index] is None:
                raise PositionError(f"grid slot {name} is empty")
            grid[index] = None
            emptied.append(index)
        stock = list(self.stock)
        for index in sorted(emptied):
            if stock:
                grid[index] = stock.pop(0)
        return ElevensTable(tuple(grid), tuple(stock))
