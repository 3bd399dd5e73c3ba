"""The game of Half Moon as a pure-Python library (no pygame): SPEC sections 1-3.

>>> game = Game.from_code("HM1-N-AAAAAAA")
>>> str(game.top("1")), str(game.top("R1"))
('AS', 'AS')
"""

from .cards import FACE_RANKS, Card, Rank, Suit, standard_deck, two_decks
from .codes import DEAL_COUNT, format_code, normalize_code, parse_code, random_code
from .errors import (
    CardError,
    DealCodeError,
    IllegalRemovalError,
    PositionError,
    RulesError,
    SavedGameError,
    SlotError,
)
from .game import UNDO_LIMIT, Game, MoveError, TapResult
from .outcome import Outcome
from .removals import (
    PAIR_POINTS,
    TRIPLE_POINTS,
    Removal,
    is_pair,
    is_removal,
    is_triple,
    legal_removals,
)
from .slots import PILES, RESERVE_SLOTS, SLOTS, is_reserve, slot_name
from .table import Table

__all__ = [
    "DEAL_COUNT",
    "FACE_RANKS",
    "PAIR_POINTS",
    "PILES",
    "RESERVE_SLOTS",
    "SLOTS",
    "TRIPLE_POINTS",
    "UNDO_LIMIT",
    "Card",
    "CardError",
    "DealCodeError",
    "Game",
    "IllegalRemovalError",
    "MoveError",
    "Outcome",
    "PositionError",
    "Rank",
    "Removal",
    "RulesError",
    "SavedGameError",
    "SlotError",
    "Suit",
    "Table",
    "TapResult",
    "format_code",
    "is_pair",
    "is_removal",
    "is_reserve",
    "is_triple",
    "legal_removals",
    "normalize_code",
    "parse_code",
    "random_code",
    "slot_name",
    "standard_deck",
    "two_decks",
]
