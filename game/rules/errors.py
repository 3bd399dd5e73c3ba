"""The rules' own error types. Each is a ``ValueError`` whose message names the bad input."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules raise for bad input."""


class CardError(RulesError):
    """A card name that is not a card."""


class DealCodeError(RulesError):
    """A deal code that is not of the form ``HM1-`` + a game letter + ``-`` + 7 letters A-Z,
    or one of another game than the one asked for."""


class SlotError(RulesError):
    """A slot name that is not a slot of the game (its message says which names are)."""


class PositionError(RulesError):
    """Position text that does not describe a table of the game."""


class IllegalRemovalError(RulesError):
    """A removal that is not legal in the current position."""


class SavedGameError(RulesError):
    """A saved game that cannot be restored."""
