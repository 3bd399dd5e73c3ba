"""The games of Half Moon as a pure-Python library (no pygame): SPEC sections 1-3, 5 and 6.

Every kind's rules live in its own folder (``game/games/<key>/rules.py``); this package
holds what they share: cards, deal codes and the shuffle, :class:`Outcome`, the
undo/redo history, the errors, the removal games' pairs and triples and their taps
(:class:`~.removal_game.RemovalGame`). It re-exports every kind's public rules too, found
in the kinds' folders when first asked for (each lists them in its ``__all__``), so that
``from game.rules import Game, Crescent, Elevens`` and :func:`game_from_code` need no
registry and no pygame.

>>> game = Game.from_code("HM1-N-AAAAAAA")
>>> str(game.top("1")), str(game.top("R1"))
('AS', 'AS')
>>> crescent = Crescent.from_code("HM1-O-AAAAAAA")
>>> str(crescent.top("1")), crescent.legal_moves()[0]
('JC', CardMove.parse('3>F2'))
>>> game_from_code(" hm1-n-aaaaaaa ").code
'HM1-N-AAAAAAA'
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

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
    from .errors import (
        CardError,
        DealCodeError,
        IllegalRemovalError,
        PositionError,
        RulesError,
        SavedGameError,
        SlotError,
    )
    from .outcome import Outcome
    from .played import DealtGame, GameRules, PlayedGame
    from .removal_game import UNDO_LIMIT, MoveError, RemovalGame, TapResult
    from .removals import (
        PAIR_POINTS,
        TRIPLE_POINTS,
        Removal,
        is_pair,
        is_removal,
        is_triple,
        legal_removals,
    )

_MODULES = {
    "cards": "FACE_RANKS Card Rank Suit standard_deck two_decks",
    "codes": "DEAL_COUNT format_code normalize_code parse_code random_code read_code",
    "errors": (
        "CardError DealCodeError IllegalRemovalError PositionError RulesError SavedGameError "
        "SlotError"
    ),
    "outcome": "Outcome",
    "played": "DealtGame GameRules PlayedGame",
    "removal_game": "UNDO_LIMIT MoveError RemovalGame TapResult",
    "removals": "PAIR_POINTS TRIPLE_POINTS Removal is_pair is_removal is_triple legal_removals",
}
"""Which module of the package defines each shared name (the same as the imports above)."""
_MODULE_OF = {name: module for module, names in _MODULES.items() for name in names.split()}
KINDS_PACKAGE = "game.games"
"""Where the kinds' folders are, each with its pure rules in ``rules.py``."""


def kinds_rules() -> list[ModuleType]:
    """Every kind folder's rules module (``game/games/<key>/rules.py``), by folder name."""
    import pkgutil  # here: the package itself is imported before every first frame (1 ms)

    package = import_module(KINDS_PACKAGE)
    modules = []
    for folder in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if folder.ispkg:
            try:
                modules.append(import_module(f"{KINDS_PACKAGE}.{folder.name}.rules"))
            except ModuleNotFoundError as error:
                if error.name != f"{KINDS_PACKAGE}.{folder.name}.rules":
                    raise
    return modules


def game_from_code(code: str) -> PlayedGame:
    """The game of any kind's deal code (DealCodeError, showing every form, otherwise)."""
    from .codes import read_code

    rules: dict[str, GameRules[PlayedGame]] = {}
    for module in kinds_rules():
        rules.update(getattr(module, "RULES", {}))
    letter, _number = read_code(code, "".join(rules))
    return rules[letter].from_code(code)


def __getattr__(name: str) -> Any:
    """A name of the package, imported from its module on first use: a shared one from
    this package, a kind's from its folder.

    The package imports none of its modules until one of its names is asked for, and then
    only that module and what it needs: reading a deal code on the command line imports
    the codes, not the games, and the window opens sooner (see ``game.shell.display``).
    """
    module = _MODULE_OF.get(name)
    if module is not None:
        value = getattr(import_module(f".{module}", __name__), name)
    elif _submodule(name):  # ``from game.rules import daily``: that module, no game's rules
        value = import_module(f".{name}", __name__)
    else:
        owners = [m for m in kinds_rules() if name in getattr(m, "__all__", ())]
        if not owners:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(owners[0], name)
    globals()[name] = value
    return value


def _submodule(name: str) -> bool:
    """Whether ``name`` is a module of this package (``daily``, ``history``...)."""
    from importlib.util import find_spec

    return name.isidentifier() and find_spec(f"{__name__}.{name}") is not None


def __dir__() -> list[str]:
    kinds = [name for module in kinds_rules() for name in getattr(module, "__all__", ())]
    return sorted({*globals(), *_MODULE_OF, *kinds})


__all__ = [
    "DEAL_COUNT",
    "FACE_RANKS",
    "PAIR_POINTS",
    "TRIPLE_POINTS",
    "UNDO_LIMIT",
    "Card",
    "CardError",
    "DealCodeError",
    "DealtGame",
    "GameRules",
    "IllegalRemovalError",
    "MoveError",
    "Outcome",
    "PlayedGame",
    "PositionError",
    "Rank",
    "Removal",
    "RemovalGame",
    "RulesError",
    "SavedGameError",
    "SlotError",
    "Suit",
    "TapResult",
    "format_code",
    "game_from_code",
    "is_pair",
    "is_removal",
    "is_triple",
    "kinds_rules",
    "legal_removals",
    "normalize_code",
    "parse_code",
    "random_code",
    "read_code",
    "standard_deck",
    "two_decks",
]
"""The shared names; every kind's are found by :func:`__getattr__`."""
