"""The table: 12 piles and 8 reserve slots, as an immutable value with a text form."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ...rules.cards import Card
from ...rules.errors import PositionError
from ...rules.notation import position_cards, position_lines
from .slots import PILE_COUNT, PILE_SIZE, PILES, RESERVE_SIZE, RESERVE_SLOTS, SLOTS, slot_name

COPIES = 2
"""Two decks: every card exists twice."""


@dataclass(frozen=True)
class Table:
    """Which cards lie where. Removing cards gives a new table; a table never changes."""

    piles: tuple[tuple[Card, ...], ...]
    """The 12 piles in order 1 ... 12, each bottom card first, top card last."""
    reserve: tuple[Card | None, ...]
    """The 8 reserve slots R1 ... R8; ``None`` where the slot is empty."""

    @classmethod
    def deal(cls, cards: list[Card]) -> Table:
        """Deal 104 shuffled cards like a person (SPEC section 3, step 4).

        Card k (k = 0 ... 95) goes on top of pile (k mod 12) + 1, so each pile's bottom
        card is dealt first; cards 96 ... 103 go to R1 ... R8.
        """
        if len(cards) != PILE_COUNT * PILE_SIZE + RESERVE_SIZE:
            raise ValueError(f"a deal needs 104 cards, got {len(cards)}")
        piles: list[list[Card]] = [[] for _ in range(PILE_COUNT)]
        for k, card in enumerate(cards[: PILE_COUNT * PILE_SIZE]):
            piles[k % PILE_COUNT].append(card)
        reserve = tuple(cards[PILE_COUNT * PILE_SIZE :])
        return cls(tuple(tuple(p) for p in piles), reserve)

    @classmethod
    def parse(cls, text: str) -> Table:
        """Read the position text of :meth:`text` (one line per slot, bottom card first).

        Blank lines and lines starting with ``#`` are ignored. Raises
        :class:`PositionError` naming the line and what is wrong.
        """
        contents: dict[str, tuple[Card, ...]] = {}
        seen: Counter[Card] = Counter()
        for where, name_part, cards_part in position_lines(text, "1: 3D AH QC"):
            try:
                name = slot_name(name_part)
            except ValueError:
                raise PositionError(
                    f"{where}: {name_part.strip()!r} is not a slot (1 ... 12, R1 ... R8)"
                ) from None
            if name in contents:
                raise PositionError(f"{where}: slot {name} is listed twice")
            cards = position_cards(where, cards_part, seen, COPIES)
            limit = PILE_SIZE if name in PILES else 1
            if len(cards) > limit:
                what = "a pile holds" if name in PILES else "a reserve slot holds"
                raise PositionError(
                    f"{where}: {len(cards)} cards in slot {name}, but {what} at most {limit}"
                )
            contents[name] = tuple(cards)
        missing = [name for name in SLOTS if name not in contents]
        if missing:
            raise PositionError(f"slot(s) {', '.join(missing)} missing: every slot needs a line")
        return cls(
            tuple(contents[name] for name in PILES),
            tuple(contents[name][0] if contents[name] else None for name in RESERVE_SLOTS),
        )

    @staticmethod
    def slot_name(slot: object) -> str:
        """The canonical name of a slot (SlotError for none: :func:`.slots.slot_name`)."""
        return slot_name(slot)

    def text(self) -> str:
        """The position text: ``1: 3D AH ...`` for each pile, ``R1: AS`` or ``R2: -``."""
        lines = [
            f"{name}: {' '.join(str(c) for c in pile) or '-'}"
            for name, pile in zip(PILES, self.piles, strict=True)
        ]
        lines += [
            f"{name}: {card if card is not None else '-'}"
            for name, card in zip(RESERVE_SLOTS, self.reserve, strict=True)
        ]
        return "\n".join(lines) + "\n"

    def pile(self, number: int | str) -> tuple[Card, ...]:
        """Pile ``number`` (1 ... 12), bottom card first."""
        name = slot_name(number)
        if name not in PILES:
            raise PositionError(f"{number!r} is a reserve slot, not a pile")
        return self.piles[int(name) - 1]

    def top(self, slot: str | int) -> Card | None:
        """The playable card of a slot: a pile's top card or a reserve card; None if empty."""
        name = slot_name(slot)
        if name in PILES:
            pile = self.piles[int(name) - 1]
            return pile[-1] if pile else None
        return self.reserve[int(name[1:]) - 1]

    def count(self, slot: str | int) -> int:
        """How many cards a slot holds."""
        name = slot_name(slot)
        if name in PILES:
            return len(self.piles[int(name) - 1])
        return 0 if self.reserve[int(name[1:]) - 1] is None else 1

    def playable(self) -> dict[str, Card]:
        """Every playable card by slot: each pile's top card and every reserve card."""
        result = {name: pile[-1] for name, pile in zip(PILES, self.piles, strict=True) if pile}
        result.update(
            (name, card)
            for name, card in zip(RESERVE_SLOTS, self.reserve, strict=True)
            if card is not None
        )
        return result

    def cards(self) -> Iterator[Card]:
        """Every card on the table, piles first."""
        for pile in self.piles:
            yield from pile
        yield from (card for card in self.reserve if card is not None)

    def card_count(self) -> int:
        """How many cards are still on the table."""
        return sum(len(p) for p in self.piles) + sum(c is not None for c in self.reserve)

    def without(self, slots: Iterable[str]) -> Table:
        """The table after the playable cards of ``slots`` leave the game."""
        piles = list(self.piles)
        reserve = list(self.reserve)
        for slot in slots:
            name = slot_name(slot)
            if name in PILES:
                index = int(name) - 1
                if not piles[index]:
                    raise PositionError(f"pile {name} is empty")
                piles[index] = piles[index][:-1]
            else:
                index = int(name[1:]) - 1
                if reserve[index] is None:
                    raise PositionError(f"reserve slot {name} is empty")
                reserve[index] = None
        return Table(tuple(piles), tuple(reserve))
