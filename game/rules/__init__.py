"""The games of Half Moon as a pure-Python library (no pygame): SPEC sections 1-3 and 5.

Half Moon is :class:`Game`; Crescent, Crescent Four and Open Crescent are one class,
:class:`Crescent`, with a :class:`CrescentVariant`. They share cards, deal codes and the
shuffle, :class:`Outcome`, the undo/redo history and the errors.

>>> game = Game.from_code("HM1-N-AAAAAAA")
>>> str(game.top("1")), str(game.top("R1"))
('AS', 'AS')
>>> crescent = Crescent.from_code("HM1-O-AAAAAAA")
>>> str(crescent.top("1")), crescent.legal_moves()[0]
('JC', CardMove.parse('3>F2'))
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import FACE_RANKS, Card, Rank, Suit, standard_deck, two_decks
    from .codes import (
        DEAL_COUNT,
        format_code,
        normalize_code,
        parse_code,
        random_code,
        read_code,
    )
    from .crescent import Crescent, CrescentRules, CrescentTapResult
    from .crescent_moves import (
        POINTS_PER_CARD,
        REDEAL,
        CardMove,
        Move,
        MoveResult,
        Redeal,
        TurnUp,
        parse_move,
    )
    from .crescent_table import CrescentTable
    from .crescent_variants import (
        CRESCENT,
        CRESCENT_FOUR,
        OPEN_CRESCENT,
        VARIANTS,
        CrescentVariant,
        variant_of,
    )
    from .errors import (
        CardError,
        DealCodeError,
        IllegalMoveError,
        IllegalRemovalError,
        InvalidMoveError,
        PositionError,
        Refusal,
        RulesError,
        SavedGameError,
        SlotError,
    )
    from .game import UNDO_LIMIT, Game, MoveError, TapResult
    from .outcome import Outcome
    from .played import DealtGame, GameRules, PlayedGame
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

_MODULES = {
    "cards": "FACE_RANKS Card Rank Suit standard_deck two_decks",
    "codes": "DEAL_COUNT format_code normalize_code parse_code random_code read_code",
    "crescent": "Crescent CrescentRules CrescentTapResult",
    "crescent_moves": "POINTS_PER_CARD REDEAL CardMove Move MoveResult Redeal TurnUp parse_move",
    "crescent_table": "CrescentTable",
    "crescent_variants": "CRESCENT CRESCENT_FOUR OPEN_CRESCENT VARIANTS CrescentVariant variant_of",
    "errors": (
        "CardError DealCodeError IllegalMoveError IllegalRemovalError InvalidMoveError "
        "PositionError Refusal RulesError SavedGameError SlotError"
    ),
    "game": "UNDO_LIMIT Game MoveError TapResult",
    "outcome": "Outcome",
    "played": "DealtGame GameRules PlayedGame",
    "removals": "PAIR_POINTS TRIPLE_POINTS Removal is_pair is_removal is_triple legal_removals",
    "slots": "PILES RESERVE_SLOTS SLOTS is_reserve slot_name",
    "table": "Table",
}
"""Which module of the package defines each name (the same as the imports above)."""
_MODULE_OF = {name: module for module, names in _MODULES.items() for name in names.split()}


def __getattr__(name: str) -> object:
    """A name of the package, imported from its module on first use.

    The package imports none of its modules until one of its names is asked for, and then
    only that module and what it needs: reading a deal code on the command line imports
    the codes, not the games, and the window opens sooner (see ``game.shell.display``).
    """
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "CRESCENT",
    "CRESCENT_FOUR",
    "DEAL_COUNT",
    "FACE_RANKS",
    "OPEN_CRESCENT",
    "PAIR_POINTS",
    "PILES",
    "POINTS_PER_CARD",
    "REDEAL",
    "RESERVE_SLOTS",
    "SLOTS",
    "TRIPLE_POINTS",
    "UNDO_LIMIT",
    "VARIANTS",
    "Card",
    "CardError",
    "CardMove",
    "Crescent",
    "CrescentRules",
    "CrescentTable",
    "CrescentTapResult",
    "CrescentVariant",
    "DealCodeError",
    "DealtGame",
    "Game",
    "GameRules",
    "IllegalMoveError",
    "IllegalRemovalError",
    "InvalidMoveError",
    "Move",
    "MoveError",
    "MoveResult",
    "Outcome",
    "PlayedGame",
    "PositionError",
    "Rank",
    "Redeal",
    "Refusal",
    "Removal",
    "RulesError",
    "SavedGameError",
    "SlotError",
    "Suit",
    "Table",
    "TapResult",
    "TurnUp",
    "format_code",
    "is_pair",
    "is_removal",
    "is_reserve",
    "is_triple",
    "legal_removals",
    "normalize_code",
    "parse_code",
    "parse_move",
    "random_code",
    "read_code",
    "slot_name",
    "standard_deck",
    "two_decks",
    "variant_of",
]
