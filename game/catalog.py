"""The games the app plays, each named once: :data:`KINDS`.

A :class:`GameKind` is everything the app needs to know about one game apart from its
rules: its code letter, its name, how its table is laid out and which buttons it has,
its rules text, and the files its saved game and statistics live in. The rules
themselves are in :mod:`game.rules`; a kind knows how to make a game of itself.

>>> kind_for_code("HM1-F-AAAAAAB").name
'Crescent Four'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .i18n import N_
from .rules import (
    CRESCENT,
    CRESCENT_FOUR,
    GAME_LETTERS,
    OPEN_CRESCENT,
    Crescent,
    CrescentVariant,
    DealCodeError,
    Game,
    SavedGameError,
    read_code,
)
from .rules.codes import format_code, random_code

TableGame = Game | Crescent
"""A game of any kind, as the rules make it."""


@dataclass(frozen=True)
class GameKind:
    """One game of the app."""

    key: str
    """A stable name: ``halfmoon``, ``crescent``, ``crescent-four``, ``open-crescent``
    (the command line's ``--game`` and the kiosk config's ``games`` use it)."""
    letter: str
    """The letter of its deal codes, ``HM1-<letter>-...``."""
    name: str
    """Its name, untranslated (shown through ``_``)."""
    table: str
    """The table's arrangement: ``arc12`` (Half Moon's 12 piles and reserve) or
    ``arc16`` (Crescent's 16 piles and 8 foundations)."""
    variant: CrescentVariant | None = None
    """For a Crescent, its variant."""

    @property
    def save_file(self) -> str:
        """The game in progress (Half Moon keeps the name it always had)."""
        return "game.json" if self.key == "halfmoon" else f"game-{self.key}.json"

    @property
    def statistics_file(self) -> str:
        """The statistics (Half Moon keeps the name it always had)."""
        return "statistics.json" if self.key == "halfmoon" else f"statistics-{self.key}.json"

    @property
    def buttons(self) -> tuple[str, ...]:
        """The play scene's buttons, left to right."""
        if self.variant is None:
            return ("undo", "redo", "new", "menu")
        return ("undo", "redo", "redeal", "new", "menu")

    def from_code(self, code: str) -> TableGame:
        """The deal of ``code``, which must be one of this kind's (else DealCodeError)."""
        read_code(code, self.letter)
        if self.variant is None:
            return Game.from_code(code)
        return Crescent.from_code(code)

    def random(self, rng: random.Random | None = None) -> TableGame:
        """A deal chosen at random."""
        return self.from_code(random_code(rng, self.letter))

    def code(self, number: int) -> str:
        """The code of deal ``number`` of this kind."""
        return format_code(number, self.letter)

    def from_dict(self, data: Mapping[str, Any]) -> TableGame:
        """A saved game of this kind (raises the rules' SavedGameError)."""
        if self.variant is None:
            return Game.from_dict(data)
        game = Crescent.from_dict(data)
        if game.variant is not self.variant:
            raise SavedGameError(f"a saved {game.variant.name}, not {self.variant.name}")
        return game


HALF_MOON = GameKind("halfmoon", "N", N_("Half Moon"), "arc12")
KINDS: tuple[GameKind, ...] = (
    HALF_MOON,
    GameKind("crescent", CRESCENT.letter, N_("Crescent"), "arc16", CRESCENT),
    GameKind("crescent-four", CRESCENT_FOUR.letter, N_("Crescent Four"), "arc16", CRESCENT_FOUR),
    GameKind("open-crescent", OPEN_CRESCENT.letter, N_("Open Crescent"), "arc16", OPEN_CRESCENT),
)
"""Every game, in the order the title screen offers them."""


def kind_by_key(key: str) -> GameKind:
    """The kind called ``key`` (KeyError naming the keys otherwise)."""
    for kind in KINDS:
        if kind.key == key:
            return kind
    raise KeyError(f"{key!r} is not a game: one of {', '.join(k.key for k in KINDS)}")


def kind_for_code(code: str) -> GameKind:
    """The kind whose letter the code has; DealCodeError for a code of no game."""
    letter, _number = read_code(code, "".join(GAME_LETTERS))
    return next(kind for kind in KINDS if kind.letter == letter)


def kind_of(game: TableGame) -> GameKind:
    """The kind of a game made by the rules."""
    if isinstance(game, Crescent):
        return next(kind for kind in KINDS if kind.variant is game.variant)
    return HALF_MOON


def game_for_code(code: str) -> TableGame:
    """The game of any deal code (DealCodeError, showing every form, otherwise)."""
    return kind_for_code(code).from_code(code)


__all__ = [
    "HALF_MOON",
    "KINDS",
    "DealCodeError",
    "GameKind",
    "TableGame",
    "game_for_code",
    "kind_by_key",
    "kind_for_code",
    "kind_of",
]
