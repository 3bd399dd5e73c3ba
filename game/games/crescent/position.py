"""Crescent's position text: one line per slot, face-down cards in brackets.

::

    variant: C (Crescent)
    redeals left: 3
    1: (3D) (5S) (5C) (6H) (2S) JC
    ...
    16: -
    F1: KC QC
    ...

Piles and foundations are listed bottom (or base) card first; ``-`` is an empty pile.
:func:`parse_position` reads back what :func:`position_text` writes, and refuses
anything else with a :class:`PositionError` naming the line and what is wrong.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from ...rules.cards import Card, Rank, standard_deck
from ...rules.errors import CardError, DealCodeError, PositionError, SlotError
from ...rules.notation import position_lines
from .table import (
    FOUNDATIONS,
    PILES,
    SLOTS,
    CrescentTable,
    foundation_suit,
    is_ace_foundation,
    slot_name,
)
from .variants import CrescentVariant, variant_of

COPIES = 2
"""Two decks: every card exists twice, and every one of the 104 is on the table."""
_VARIANT = "variant"
_REDEALS = "redeals left"


def position_text(table: CrescentTable, variant: CrescentVariant) -> str:
    """The position text of ``table`` in ``variant``."""
    lines = [f"{_VARIANT}: {variant.letter} ({variant.name})", f"{_REDEALS}: {table.redeals_left}"]
    for name, pile, hidden in zip(PILES, table.piles, table.face_down, strict=True):
        words = [f"({card})" if n < hidden else str(card) for n, card in enumerate(pile)]
        lines.append(f"{name}: {' '.join(words) or '-'}")
    for name, foundation in zip(FOUNDATIONS, table.foundations, strict=True):
        lines.append(f"{name}: {' '.join(str(card) for card in foundation)}")
    return "\n".join(lines) + "\n"


class _Reader:
    """What has been read so far, line by line."""

    def __init__(self) -> None:
        self.variant: CrescentVariant | None = None
        self.redeals: int | None = None
        self.slots: dict[str, tuple[tuple[Card, ...], int]] = {}
        self.seen: Counter[Card] = Counter()

    def line(self, where: str, key: str, value: str) -> None:
        """Read one ``key: value`` line; ``where`` names it for errors."""
        if key.strip().lower() == _VARIANT:
            self._variant(where, value)
        elif key.strip().lower() == _REDEALS:
            self._redeals(where, value)
        else:
            try:
                name = slot_name(key)
            except SlotError:
                raise PositionError(
                    f"{where}: {key.strip()!r} is not a slot (1 ... 16, F1 ... F8) "
                    f"nor '{_VARIANT}' or '{_REDEALS}'"
                ) from None
            if name in self.slots:
                raise PositionError(f"{where}: slot {name} is listed twice")
            self.slots[name] = self._cards(where, name, value)

    def _variant(self, where: str, value: str) -> None:
        if self.variant is not None:
            raise PositionError(f"{where}: the variant is given twice")
        words = value.split()
        try:
            self.variant = variant_of(words[0] if words else "")
        except DealCodeError as error:
            raise PositionError(f"{where}: {error}") from None

    def _redeals(self, where: str, value: str) -> None:
        if self.redeals is not None:
            raise PositionError(f"{where}: the redeals left are given twice")
        if not value.strip().isdigit():
            raise PositionError(f"{where}: {value.strip()!r} is not a number of redeals")
        self.redeals = int(value)

    def _cards(self, where: str, name: str, value: str) -> tuple[tuple[Card, ...], int]:
        words = value.split()
        if words == ["-"] and name in PILES:
            return (), 0
        cards: list[Card] = []
        hidden = 0
        for word in words:
            down = word.startswith("(") and word.endswith(")")
            try:
                card = Card.parse(word[1:-1] if down else word)
            except CardError:
                raise PositionError(f"{where}: {word!r} is not a card") from None
            self.seen[card] += 1
            if self.seen[card] > COPIES:
                raise PositionError(f"{where}: {card} appears more than {COPIES} times (two decks)")
            if down and (name in FOUNDATIONS or hidden < len(cards)):
                what = "on a foundation" if name in FOUNDATIONS else "above a face-up one"
                raise PositionError(f"{where}: {card} is a face-down card {what}")
            hidden += down
            cards.append(card)
        if name in PILES and cards and hidden == len(cards):
            raise PositionError(f"{where}: the top card of a pile is always face up")
        if name in FOUNDATIONS:
            _check_foundation(where, name, cards)
        return tuple(cards), hidden

    def table(self) -> tuple[CrescentVariant, CrescentTable]:
        """The variant and table read, once every line is in."""
        if self.variant is None:
            raise PositionError(f"the '{_VARIANT}' line is missing, e.g. '{_VARIANT}: C'")
        if self.redeals is None:
            raise PositionError(f"the '{_REDEALS}' line is missing, e.g. '{_REDEALS}: 3'")
        if self.redeals > self.variant.redeals:
            raise PositionError(
                f"{self.redeals} redeals left, but {self.variant.name} has "
                f"{self.variant.redeals} in all"
            )
        missing = [name for name in SLOTS if name not in self.slots]
        if missing:
            raise PositionError(f"slot(s) {', '.join(missing)} missing: every slot needs a line")
        if self.variant.face_up and any(self.slots[name][1] for name in PILES):
            raise PositionError(f"{self.variant.name} has no face-down cards")
        absent = [
            str(card)
            for card in sorted(_ALL_CARDS, key=str)
            for _ in range(COPIES - self.seen[card])
        ]
        if absent:
            raise PositionError(f"card(s) {', '.join(absent)} missing: all 104 cards are in play")
        table = CrescentTable(
            tuple(self.slots[name][0] for name in PILES),
            tuple(self.slots[name][1] for name in PILES),
            tuple(self.slots[name][0] for name in FOUNDATIONS),
            self.redeals,
        )
        return self.variant, table


_ALL_CARDS = frozenset(standard_deck())


def _check_foundation(where: str, name: str, cards: list[Card]) -> None:
    """A foundation: its base, then its suit one rank at a time (so at most 13 cards)."""
    suit = foundation_suit(name)
    up = is_ace_foundation(name)
    base = Card(Rank.ACE if up else Rank.KING, suit)
    if not cards or cards[0] != base:
        kind = "an Ace" if up else "a King"
        raise PositionError(f"{where}: {name} is {kind} foundation: it starts with its base {base}")
    for below, card in pairwise(cards):
        if card.suit is not suit:
            raise PositionError(f"{where}: {card} lies on the {suit.symbol} foundation {name}")
        if int(card.rank) != int(below.rank) + (1 if up else -1):
            order = "A, 2, ... K" if up else "K, Q, ... A"
            raise PositionError(f"{where}: {card} after {below} is out of sequence ({order})")


def parse_position(text: str) -> tuple[CrescentVariant, CrescentTable]:
    """Read the text of :func:`position_text`: the variant and the table.

    Blank lines and lines starting with ``#`` are ignored. Raises :class:`PositionError`
    naming the line and what is wrong.
    """
    reader = _Reader()
    for where, key, value in position_lines(text, "1: (3D) (5S) JC"):
        reader.line(where, key, value)
    return reader.table()
