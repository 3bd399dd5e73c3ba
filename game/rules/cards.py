"""Cards of a standard deck as small frozen values: ``Card.parse("10H")``."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import CardError


class Suit(enum.Enum):
    """The four suits; the value is the letter used in card names."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS = {
    Suit.CLUBS: "\u2663",
    Suit.DIAMONDS: "\u2666",
    Suit.HEARTS: "\u2665",
    Suit.SPADES: "\u2660",
}


class Rank(enum.IntEnum):
    """The thirteen ranks; the value orders them (Ace = 1 ... King = 13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank's part of a card name: ``A 2 ... 10 J Q K``."""
        return _RANK_LABELS[self]

    @property
    def is_face(self) -> bool:
        """Jack, Queen and King are face cards; they never pair."""
        return self >= Rank.JACK


_RANK_LABELS = {rank: str(int(rank)) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANKS_BY_LABEL = {label: rank for rank, label in _RANK_LABELS.items()} | {"T": Rank.TEN}
_SUITS_BY_NAME = {suit.value: suit for suit in Suit} | {
    symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()
}
#: Text renderings of suit symbols, including the emoji variation selector.
_VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")

#: The three face ranks, in the order a triple names them.
FACE_RANKS: tuple[Rank, Rank, Rank] = (Rank.JACK, Rank.QUEEN, Rank.KING)


@dataclass(frozen=True)
class Card:
    """One playing card. Two decks hold two equal copies of every card."""

    rank: Rank
    """The card's rank, Ace to King."""
    suit: Suit
    """The card's suit; it never matters for a removal."""

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card name such as ``10H``, ``AS``, ``qd`` or ``K♥``.

        Raises :class:`CardError` naming the text when it is not a card.
        """
        name = text.strip()
        for selector in _VARIATION_SELECTORS:
            name = name.replace(selector, "")
        if len(name) >= 2:
            rank = _RANKS_BY_LABEL.get(name[:-1].upper())
            suit = _SUITS_BY_NAME.get(name[-1].upper())
            if rank is not None and suit is not None:
                return cls(rank, suit)
        raise CardError(
            f"{text!r} is not a card: expected a rank (A 2 3 4 5 6 7 8 9 10 J Q K) "
            "followed by a suit (C D H S or \u2663\u2666\u2665\u2660), e.g. 10H or QS"
        )

    @property
    def value(self) -> int:
        """The number value of a number card, Ace = 1 ... 10; faces are 11, 12, 13."""
        return int(self.rank)

    @property
    def is_face(self) -> bool:
        """True for a Jack, a Queen or a King."""
        return self.rank.is_face

    @property
    def symbol_name(self) -> str:
        """The name with a suit symbol, as players read it: ``10♥``."""
        return f"{self.rank.label}{self.suit.symbol}"

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def standard_deck() -> list[Card]:
    """One deck in the order the deal codes use: by suit ♣ ♦ ♥ ♠, then Ace to King."""
    return [Card(rank, suit) for suit in Suit for rank in Rank]


def two_decks() -> list[Card]:
    """The 104 unshuffled cards of Half Moon: copy 1 then copy 2 of :func:`standard_deck`."""
    return standard_deck() + standard_deck()
