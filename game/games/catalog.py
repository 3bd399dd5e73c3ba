"""The registry of game kinds: every game the app plays, found in its folder.

Each folder of ``game/games/`` with a ``KINDS`` list in its ``__init__`` is a game (or a
family of games: the three Crescents share one folder); :data:`KINDS` holds them in
their :attr:`~.kind.GameKind.order`, which is the title screen's. Every other module
reads the registry; none names a game. A new game is a new folder (README "For
developers"); a kind made elsewhere (the tests' toy) is added by :func:`register`.

>>> kind_for_code("HM1-F-AAAAAAB").name
'Crescent Four'
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from importlib import import_module
from importlib.machinery import all_suffixes
from typing import TYPE_CHECKING

from ..rules.codes import read_code
from ..rules.errors import DealCodeError
from .kind import GameKind, Paragraphs, Picture, Script

if TYPE_CHECKING:
    from ..rules.played import PlayedGame

SUFFIXES = tuple(all_suffixes())
"""The endings of a module's file (``.py``, ``.pyc``, an extension's), as the import
system has them: a package is a folder with an ``__init__`` of one of them."""

KINDS: list[GameKind] = []
"""Every game, in the order the title screen offers them; the first is the default."""


def register(kind: GameKind) -> None:
    """Add ``kind`` to the registry in its order (ValueError: its key, letter or name is
    taken)."""
    for other in KINDS:
        for what in ("key", "letter", "name"):
            if getattr(other, what) == getattr(kind, what):
                raise ValueError(
                    f"{kind.key!r} ({kind.letter}) clashes with {other.key!r}: the same {what}"
                )
    KINDS.append(kind)
    KINDS.sort(key=lambda known: known.order)


def unregister(kind: GameKind) -> None:
    """Take ``kind`` out of the registry again (the tests' toy game)."""
    KINDS.remove(kind)


def folders() -> list[str]:
    """The modules of the kinds' folders (``game.games.<folder>``), by name."""
    package = __name__.rpartition(".")[0]
    here = import_module(package).__path__
    names = _packages_on_disk(here)
    if not names:  # not on the disk (a frozen build's archive; its data files' folders
        import pkgutil  # hold no __init__): as pkgutil finds them

        names = {module.name for module in pkgutil.iter_modules(here) if module.ispkg}
    return [f"{package}.{name}" for name in sorted(names)]


def _packages_on_disk(paths: Iterable[str]) -> set[str] | None:
    """The packages in the folders ``paths`` (a folder with an ``__init__``), as
    ``pkgutil.iter_modules`` finds them there, which imports ``inspect``, ``ast`` and
    ``dis`` to do it (5 ms before the window opens); None when a path is no folder."""
    names = set()
    for path in paths:
        try:
            with os.scandir(path) as entries:
                for entry in entries:
                    if entry.name.isidentifier() and entry.is_dir() and _has_init(entry.path):
                        names.add(entry.name)
        except OSError:
            return None
    return names


def _has_init(folder: str) -> bool:
    return any(os.path.exists(os.path.join(folder, f"__init__{suffix}")) for suffix in SUFFIXES)


def found() -> list[GameKind]:
    """The kinds of every folder (a folder without ``KINDS`` is none): the games a run of
    the app has, whatever else is registered."""
    return [kind for module in folders() for kind in getattr(import_module(module), "KINDS", ())]


def _discover() -> None:
    """Register the kinds of every folder."""
    for kind in found():
        register(kind)


def keys() -> list[str]:
    """Every kind's key, in order."""
    return [kind.key for kind in KINDS]


def letters() -> str:
    """Every kind's code letter, in order: ``"NCFOE"``."""
    return "".join(kind.letter for kind in KINDS)


def kind_by_key(key: str) -> GameKind:
    """The kind called ``key`` (KeyError naming the keys otherwise)."""
    for kind in KINDS:
        if kind.key == key:
            return kind
    raise KeyError(f"{key!r} is not a game: one of {', '.join(keys())}")


def kind_for_code(code: str, offered: Iterable[GameKind] | None = None) -> GameKind:
    """The kind whose letter the code has; DealCodeError for a code of no game, or of a
    game not among ``offered`` (every kind by default)."""
    letter, _number = read_code(code, letters())
    kind = next(kind for kind in KINDS if kind.letter == letter)
    if offered is not None and kind not in list(offered):
        raise DealCodeError(f"{code.strip()!r} is a deal of {kind.name}, which is not offered here")
    return kind


def kind_of(game: PlayedGame) -> GameKind:
    """The kind of a game made by the rules (by its code letter)."""
    for kind in KINDS:
        if kind.letter == game.letter:
            return kind
    raise LookupError(f"{game!r} is of no registered kind")


def game_for_code(code: str) -> PlayedGame:
    """The game of any deal code (DealCodeError, showing every form, otherwise)."""
    return kind_for_code(code).from_code(code)


_discover()

__all__ = [
    "KINDS",
    "DealCodeError",
    "GameKind",
    "Paragraphs",
    "Picture",
    "Script",
    "folders",
    "found",
    "game_for_code",
    "keys",
    "kind_by_key",
    "kind_for_code",
    "kind_of",
    "letters",
    "register",
    "unregister",
]
