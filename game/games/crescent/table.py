"""Crescent's table (SPEC 5): 16 piles and 8 foundations, as an immutable value.

Piles are ``"1"`` ... ``"16"`` along the arc; foundations ``"F1"`` ... ``"F4"`` are the
King foundations of clubs, diamonds, hearts and spades (built down), ``"F5"`` ... ``"F8"``
the Ace foundations of the same suits (built up). A table also knows which cards lie face
down and how many redeals are left; the moves that make new tables are in
:mod:`game.games.crescent.moves`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...rules.cards import Card, Rank, Suit, two_decks
from ...rules.codes import shuffled_order
from ...rules.errors import SlotError
from ...rules.notation import canonical_slot

PILE_COUNT = 16
"""Piles on the table."""
PILE_SIZE = 6
"""Cards dealt to each pile."""
FOUNDATION_SIZE = 13
"""A foundation holds at most one whole suit."""
SUITS: tuple[Suit, ...] = tuple(Suit)
"""The suits in foundation order: clubs, diamonds, hearts, spades."""

PILES: tuple[str, ...] = tuple(str(n) for n in range(1, PILE_COUNT + 1))
"""Pile names in arc order, ``"1"`` (bottom left) to ``"16"``."""
KING_FOUNDATIONS: tuple[str, ...] = ("F1", "F2", "F3", "F4")
"""The King foundations of clubs, diamonds, hearts and spades: K, Q, ... A."""
ACE_FOUNDATIONS: tuple[str, ...] = ("F5", "F6", "F7", "F8")
"""The Ace foundations of clubs, diamonds, hearts and spades: A, 2, ... K."""
FOUNDATIONS: tuple[str, ...] = KING_FOUNDATIONS + ACE_FOUNDATIONS
"""Every foundation, F1 ... F8."""
SLOTS: tuple[str, ...] = PILES + FOUNDATIONS
"""Every slot: the 16 piles, then the 8 foundations."""

BASE_INDICES: tuple[int, ...] = (0, 12, 13, 25, 26, 38, 39, 51)
"""The copy-1 Aces and Kings in the unshuffled two decks: the foundation bases."""

_ORDER = {name: index for index, name in enumerate(SLOTS)}


def slot_name(text: object) -> str:
    """The canonical name of a Crescent slot: ``slot_name(" f5 ") == "F5"``.

    Raises :class:`SlotError` when ``text`` names no slot.
    """
    if not (isinstance(text, str) and text in _ORDER):  # "F5" itself: the moves' case
        text = canonical_slot(text, _ORDER, "a pile 1 ... 16 or a foundation F1 ... F8")
    return SLOTS[_ORDER[text]]  # one string per slot, shared by every move that names it


def is_foundation(name: str) -> bool:
    """True for ``F1`` ... ``F8``."""
    return slot_name(name).startswith("F")


def foundation_suit(name: str) -> Suit:
    """The suit a foundation holds: F1 and F5 clubs ... F4 and F8 spades."""
    return SUITS[FOUNDATIONS.index(slot_name(name)) % 4]


def is_ace_foundation(name: str) -> bool:
    """True for F5 ... F8, built up from the Ace; F1 ... F4 are built down from the King."""
    return slot_name(name) in ACE_FOUNDATIONS


def partner_foundation(name: str) -> str:
    """The other foundation of the same suit: F1 <-> F5 ... F4 <-> F8."""
    index = FOUNDATIONS.index(slot_name(name))
    return FOUNDATIONS[(index + 4) % 8]


@dataclass(frozen=True, slots=True)
class CrescentTable:
    """Where every card lies, which are face down, and the redeals left. Never changes."""

    piles: tuple[tuple[Card, ...], ...]
    """The 16 piles in order 1 ... 16, each bottom card first, top card last."""
    face_down: tuple[int, ...]
    """How many of each pile's bottom cards are face down (always below the face-up ones)."""
    foundations: tuple[tuple[Card, ...], ...]
    """F1 ... F8, each base card first."""
    redeals_left: int
    """How many redeals may still be taken."""

    @classmethod
    def deal(cls, number: int, redeals: int, face_up: bool) -> CrescentTable:
        """Deal ``number`` as SPEC 5 says: the shuffle of SPEC 3, the copy-1 Aces and Kings
        taken out as bases, card k of the other 96 on top of pile (k mod 16) + 1.

        ``face_up``: every card face up (Open Crescent); else each pile's top card only.
        """
        deck = two_decks()
        order = shuffled_order(number)
        bases = set(BASE_INDICES)
        rest = [deck[i] for i in order if i not in bases]
        piles: list[list[Card]] = [[] for _ in range(PILE_COUNT)]
        for k, card in enumerate(rest):
            piles[k % PILE_COUNT].append(card)
        kings = tuple((Card(Rank.KING, suit),) for suit in SUITS)
        aces = tuple((Card(Rank.ACE, suit),) for suit in SUITS)
        hidden = 0 if face_up else PILE_SIZE - 1
        return cls(tuple(tuple(p) for p in piles), (hidden,) * PILE_COUNT, kings + aces, redeals)

    def pile(self, number: int | str) -> tuple[Card, ...]:
        """Pile ``number`` (1 ... 16), bottom card first."""
        return self.piles[self._pile_index(number)]

    def face_down_count(self, number: int | str) -> int:
        """How many of pile ``number``'s bottom cards lie face down."""
        return self.face_down[self._pile_index(number)]

    def foundation(self, name: str) -> tuple[Card, ...]:
        """Foundation ``name`` (F1 ... F8), base card first."""
        slot = slot_name(name)
        if slot not in FOUNDATIONS:
            raise SlotError(f"{name!r} is a pile, not a foundation (F1 ... F8)")
        return self.foundations[FOUNDATIONS.index(slot)]

    def cards_in(self, slot: str | int) -> tuple[Card, ...]:
        """The cards of any slot, bottom (or base) card first."""
        index = _ORDER[slot_name(slot)]
        return self.piles[index] if index < PILE_COUNT else self.foundations[index - PILE_COUNT]

    def top(self, slot: str | int) -> Card | None:
        """The top card of a pile or a foundation, or None for an empty pile."""
        cards = self.cards_in(slot)
        return cards[-1] if cards else None

    def cards(self) -> Iterator[Card]:
        """Every card on the table: the piles', then the foundations'."""
        for pile in self.piles:
            yield from pile
        for foundation in self.foundations:
            yield from foundation

    def home_count(self) -> int:
        """How many cards lie on the foundations, bases included."""
        return sum(map(len, self.foundations))

    def is_won(self) -> bool:
        """All 104 cards on the foundations: each of the 8 holds a whole suit."""
        return all(len(f) == FOUNDATION_SIZE for f in self.foundations)

    @staticmethod
    def _pile_index(number: int | str) -> int:
        name = slot_name(number)
        if name not in PILES:
            raise SlotError(f"{number!r} is a foundation, not a pile (1 ... 16)")
        return int(name) - 1
