"""Cards and counts in words, in the player's language, for a screen reader: "7 of
hearts", "Ace of spades", "5 of diamonds and 6 of hearts", "8 cards"."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import Card, Rank, Suit
from .i18n import N_, _, ngettext

_RANK_WORDS = {
    Rank.ACE: N_("Ace"),
    Rank.JACK: N_("Jack"),
    Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
}
_CARD_WORDS = {
    Suit.CLUBS: N_("{rank} of clubs"),
    Suit.DIAMONDS: N_("{rank} of diamonds"),
    Suit.HEARTS: N_("{rank} of hearts"),
    Suit.SPADES: N_("{rank} of spades"),
}
_SUIT_WORDS = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}


def rank_name(rank: Rank) -> str:
    """``Ace``, ``2`` ... ``10``, ``Jack``, ``Queen``, ``King``."""
    word = _RANK_WORDS.get(rank)
    return _(word) if word is not None else str(int(rank))


def suit_name(suit: Suit) -> str:
    """``clubs``, ``diamonds``, ``hearts``, ``spades`` (a suit on its own)."""
    return _(_SUIT_WORDS[suit])


def card_name(card: Card) -> str:
    """``7 of hearts``."""
    return _(_CARD_WORDS[card.suit]).format(rank=rank_name(card.rank))


def card_list(cards: Sequence[Card]) -> str:
    """``5 of diamonds and 6 of hearts``; ``Jack of clubs, Queen of hearts and King of
    spades``."""
    names = [card_name(card) for card in cards]
    if len(names) < 2:
        return "".join(names)
    return _("{cards} and {card}").format(cards=", ".join(names[:-1]), card=names[-1])


def card_count(count: int) -> str:
    """``1 card``, ``8 cards``."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)
