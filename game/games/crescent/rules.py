"""The Crescents' pure rules, as :mod:`game.rules` re-exports them: the game
(:mod:`.game`), its moves (:mod:`.moves`), table (:mod:`.table`) and variants
(:mod:`.variants`)."""

from __future__ import annotations

from .errors import IllegalMoveError, InvalidMoveError, Refusal
from .game import (
    CRESCENT_FOUR_RULES,
    CRESCENT_RULES,
    OPEN_CRESCENT_RULES,
    Crescent,
    CrescentRules,
    CrescentTapResult,
)
from .moves import POINTS_PER_CARD, REDEAL, CardMove, Move, MoveResult, Redeal, TurnUp, parse_move
from .table import CrescentTable
from .variants import CRESCENT, CRESCENT_FOUR, OPEN_CRESCENT, VARIANTS, CrescentVariant, variant_of

RULES = {
    rules.variant.letter: rules
    for rules in (CRESCENT_RULES, CRESCENT_FOUR_RULES, OPEN_CRESCENT_RULES)
}
"""The rules of each code letter of this folder's kinds."""

__all__ = [
    "CRESCENT",
    "CRESCENT_FOUR",
    "OPEN_CRESCENT",
    "POINTS_PER_CARD",
    "REDEAL",
    "VARIANTS",
    "CardMove",
    "Crescent",
    "CrescentRules",
    "CrescentTable",
    "CrescentTapResult",
    "CrescentVariant",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "MoveResult",
    "Redeal",
    "Refusal",
    "TurnUp",
    "parse_move",
    "variant_of",
]
"""What ``game.rules`` re-exports of the Crescents (the shared names are its own)."""
