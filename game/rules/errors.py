"""The rules' own error types. Each is a ``ValueError`` whose message names the bad input."""


class RulesError(ValueError):
    """Base class of every error the rules raise for bad input."""


class CardError(RulesError):
    """A card name that is not a card."""


class DealCodeError(RulesError):
    """A deal code that is not of the form ``HM1-N-`` + 7 letters A-Z."""


class SlotError(RulesError):
    """A slot name that is not ``1`` ... ``12`` or ``R1`` ... ``R8``."""


class PositionError(RulesError):
    """Position text that does not describe a Half Moon table."""


class IllegalRemovalError(RulesError):
    """A removal that is not legal in the current position."""


class SavedGameError(RulesError):
    """A saved game that cannot be restored."""
