"""The registry of game kinds: every game the app plays is declared once, in :data:`KINDS`.

A :class:`GameKind` is everything the app needs to know about one game: its key, code
letter and name, its rules, its board (how its cards are drawn and touched), its table's
arrangement, buttons and inner slots, its rules text, its files and its picture on the
title screen. Every other module reads the registry; none names a game. A new game is its
rules module, its board module and one entry (:func:`register`).

The table's arrangement is a pair of tuples of :data:`game.table.arcs.Arranger`: its arc in
each shape and its compact arrangements (game.table.compact: ``CRESCENT``, ``HALF_MOON``).
The rules, the board, the arrangement and the rules text are named by ``"module:name"``
and imported the first time they are asked for: reading the command line imports this
module, and the window opens before the rules and the boards are imported.

>>> kind_for_code("HM1-F-AAAAAAB").name
'Crescent Four'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple

from ..look.i18n import N_
from ..rules.codes import PREFIX, format_code, random_code, read_code
from ..rules.errors import DealCodeError

if TYPE_CHECKING:
    import random

    from ..rules.played import GameRules, PlayedGame
    from ..table.arcs import Arranger, TablePlan

Paragraphs = tuple[tuple[str, ...], ...]
"""A rules text: paragraphs of sentences; an empty paragraph is a blank line."""


class Picture(NamedTuple):
    """The title screen's small picture of a game's table, drawn from plain shapes."""

    piles: int
    """Cards along the arc."""
    inner: int = 8
    """Cards inside it, in two rows."""
    fan: int | None = None
    """Cards fanned under each pile's top card, of which :attr:`backs` face down (None:
    no fan)."""
    backs: int = 0
    mark: str = ""
    """A short mark over the picture (Crescent Four's ``4``)."""


def _resolve(reference: object) -> Any:
    """``"module:name"`` imported, or the object itself."""
    if not isinstance(reference, str):
        return reference
    module, _, name = reference.partition(":")
    return getattr(import_module(module), name)


class GameKind:
    """One game of the app (see :data:`KINDS`)."""

    def __init__(
        self,
        key: str,
        letter: str,
        name: str,
        *,
        rules: object,
        board: object,
        arrangement: object,
        buttons: tuple[str, ...],
        inner: tuple[str, ...],
        rules_text: object,
        picture: Picture,
        best_score: int,
        save_file: str | None = None,
        statistics_file: str | None = None,
        log_file: str | None = None,
        finish: str | None = None,
    ) -> None:
        self.key = key
        """A stable name: the command line's ``--game`` and the kiosk's ``games`` use it."""
        self.letter = letter
        """The letter of its deal codes, ``HM1-<letter>-...``."""
        self.name = name
        """Its name, untranslated (shown through ``_``)."""
        self.buttons = buttons
        """The play scene's buttons, left to right."""
        self.inner = inner
        """The slots inside the arc (a message goes around them)."""
        self.picture = picture
        """Its tile's picture on the title screen."""
        self.best_score = best_score
        """A won game's score (the statistics' chart is scaled to it)."""
        self.save_file = save_file or f"game-{key}.json"
        """The file of its game in progress."""
        self.statistics_file = statistics_file or f"statistics-{key}.json"
        """The file of its statistics."""
        self.log_file = log_file or f"log-{key}.json"
        """The file of its game log (game.records.game_log)."""
        self.finish = finish
        """The bar button whose place a Finish button takes while its board says the game
        can be finished by playing home alone (``Board.can_finish``), or None: the kind
        offers no Finish (game.scenes.play_finish)."""
        if finish is not None and finish not in buttons:
            raise ValueError(f"{key!r}: Finish takes the place of {finish!r}, not a button")
        self._references = {
            "rules": rules,
            "board": board,
            "arrangement": arrangement,
            "rules_text": rules_text,
        }
        self._resolved: dict[str, Any] = {}
        self._table: TablePlan | None = None

    def modules(self) -> list[str]:
        """The modules its ``"module:name"`` references name: imported on first use, so a
        freezer (PyInstaller: halfmoon.spec) is told of them, as it cannot see them."""
        return sorted(
            {ref.partition(":")[0] for ref in self._references.values() if isinstance(ref, str)}
        )

    def _get(self, what: str) -> Any:
        if what not in self._resolved:
            self._resolved[what] = _resolve(self._references[what])
        return self._resolved[what]

    @property
    def rules(self) -> GameRules[PlayedGame]:
        """How its games are made: from a code, a saved game or a position."""
        rules: GameRules[PlayedGame] = self._get("rules")
        return rules

    @property
    def rules_text(self) -> Paragraphs:
        """Its rules page, paragraph by paragraph (sentences marked with ``N_``)."""
        text: Paragraphs = self._get("rules_text")
        return text

    @property
    def table(self) -> TablePlan:
        """Its table for :func:`game.table.layout.compute_layout`: the arrangement of its
        slots, its buttons and its inner slots."""
        if self._table is None:
            from ..table.arcs import TablePlan

            arcs: tuple[Arranger, ...]
            compact: tuple[Arranger, ...]
            arcs, compact = self._get("arrangement")
            self._table = TablePlan(self.key, arcs, compact, self.buttons, self.inner)
        return self._table

    def board(self, game: PlayedGame) -> object:
        """The play scene's board for ``game``, a game of this kind (a
        ``game.scenes.boards.Board``: :func:`~game.scenes.boards.board_for` says so; the
        registry, which the settings import, knows no scene)."""
        board: object = self._get("board")(game)
        return board

    def from_code(self, code: str) -> PlayedGame:
        """The deal of ``code``, which must be one of this kind's (else DealCodeError)."""
        read_code(code, self.letter)
        return self.rules.from_code(code)

    def random(self, rng: random.Random | None = None) -> PlayedGame:
        """A deal chosen at random."""
        return self.from_code(random_code(rng, self.letter))

    def code(self, number: int) -> str:
        """The code of deal ``number`` of this kind."""
        return format_code(number, self.letter)

    @property
    def prefix(self) -> str:
        """What each of its codes starts with: ``HM1-N-``."""
        return f"{PREFIX}-{self.letter}-"

    def from_dict(self, data: Mapping[str, Any]) -> PlayedGame:
        """A saved game of this kind (raises the rules' SavedGameError)."""
        return self.rules.from_dict(data)

    def from_position(self, text: str) -> PlayedGame:
        """A game of this kind starting from position text (PositionError)."""
        return self.rules.from_position(text)

    def __repr__(self) -> str:
        return f"kind_by_key({self.key!r})"


def _crescent(key: str, letter: str, name: str, picture: Picture) -> GameKind:
    """A Crescent: the variants share their board, table and rules text."""
    return GameKind(
        key,
        letter,
        name,
        rules=f"game.rules.crescent:{key.upper().replace('-', '_')}_RULES",
        board="game.scenes.boards.crescent:CrescentBoard",
        arrangement="game.table.compact:CRESCENT",
        buttons=("undo", "redo", "redeal", "new", "menu"),
        inner=("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"),
        rules_text="game.scenes.boards.crescent_text:RULES_TEXT",
        picture=picture,
        best_score=480,
        finish="redeal",  # while a home-only playout wins, a redeal is never needed
    )


KINDS: list[GameKind] = [
    GameKind(
        "halfmoon",
        "N",
        N_("Half Moon"),
        rules="game.rules.game:Game",
        board="game.scenes.boards.halfmoon:HalfMoonBoard",
        arrangement="game.table.compact:HALF_MOON",
        buttons=("undo", "redo", "new", "menu"),
        inner=("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"),
        rules_text="game.scenes.boards.halfmoon:RULES_TEXT",
        picture=Picture(12),
        best_score=520,
        save_file="game.json",  # the names it always had
        statistics_file="statistics.json",
    ),
    _crescent("crescent", "C", N_("Crescent"), Picture(16, fan=3, backs=3)),
    _crescent("crescent-four", "F", N_("Crescent Four"), Picture(16, fan=3, backs=3, mark="4")),
    _crescent("open-crescent", "O", N_("Open Crescent"), Picture(16, fan=3)),
]
"""Every game, in the order the title screen offers them; the first is the default."""


def register(kind: GameKind) -> None:
    """Add ``kind`` to the registry (a key or a letter already taken: ValueError)."""
    for other in KINDS:
        if other.key == kind.key or other.letter == kind.letter:
            raise ValueError(f"{kind.key!r} ({kind.letter}) clashes with {other.key!r}")
    KINDS.append(kind)


def unregister(kind: GameKind) -> None:
    """Take ``kind`` out of the registry again (the tests' toy game)."""
    KINDS.remove(kind)


def keys() -> list[str]:
    """Every kind's key, in order."""
    return [kind.key for kind in KINDS]


def letters() -> str:
    """Every kind's code letter, in order: ``"NCFO"``."""
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


__all__ = [
    "KINDS",
    "DealCodeError",
    "GameKind",
    "Paragraphs",
    "Picture",
    "game_for_code",
    "keys",
    "kind_by_key",
    "kind_for_code",
    "kind_of",
    "letters",
    "register",
    "unregister",
]
