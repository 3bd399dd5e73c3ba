"""The Crescents' refusals: text that is no move, and why a move is not legal (for the
player, in words, and for translations)."""

from __future__ import annotations

import enum

from ...rules.errors import RulesError


class InvalidMoveError(RulesError):
    """Text that is not a Crescent move: ``7>F5``, ``F1>F5`` or ``redeal``."""


class Refusal(enum.Enum):
    """Why a Crescent move is not legal, for the player and for translations.

    The value is the English message, with ``{card}`` (the card that would move) and
    ``{other}`` (the card, suit or pile it would go to, or the card a foundation needs)
    to fill in: :meth:`message` does it.
    """

    NO_CARD = "There is no card to move"
    """The source slot is empty."""
    SAME_SLOT = "A card does not move onto its own slot"
    """Source and target are the same slot."""
    EMPTY_PILE = "An empty pile is never filled"
    """The target is an empty pile (SPEC 5: not by play, not by a redeal)."""
    NOT_NEXT_IN_SUIT = "{card} does not go on {other}: same suit, one rank up or down"
    """Pile to pile: the target's top card is not of the same suit, one rank higher or lower."""
    WRONG_SUIT = "{card} goes only on a {other} foundation"
    """A foundation of another suit (``{other}`` is the card's own suit)."""
    FOUNDATION_NEEDS = "The foundation needs the {other}"
    """The foundation of the right suit takes another rank next."""
    FOUNDATION_COMPLETE = "The foundation is complete"
    """The foundation already holds 13 cards."""
    FOUNDATION_TO_PILE = "No card leaves a foundation for a pile"
    """Foundation cards never go back to the piles."""
    BASE_CARD = "A base card never moves"
    """The foundation holds only its base card."""
    NOT_IN_SEQUENCE = "Cards move between foundations only while the two hold one A\u2013K run"
    """Foundation to foundation, after more cards of the suit were played home (or before)."""
    CANNOT_MOVE = "{card} cannot move now"
    """A tap on a card that has no legal destination."""
    NO_REDEAL_LEFT = "No redeal left"
    """Every redeal of the variant has been used."""

    def message(self, card: str = "", other: str = "") -> str:
        """The English message with the card names filled in (``4♠``, ``9♥``)."""
        return self.value.format(card=card, other=other)


class IllegalMoveError(RulesError):
    """A Crescent move that is not legal in the current position.

    The message says why in words; :attr:`reason` says it as a :class:`Refusal`.
    """

    def __init__(self, reason: Refusal, card: str = "", other: str = "") -> None:
        super().__init__(reason.message(card, other))
        self.reason = reason
        """Why the move is refused."""
        self.card = card
        """The card that would have moved, as players read it (``4♠``), or ``""``."""
        self.other = other
        """What it would have gone on, or the card the foundation needs, or ``""``."""
