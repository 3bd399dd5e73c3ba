"""What a game kind is to the app: :class:`GameKind`, its tile's :class:`Picture` and its
test :class:`Script`.

A kind's folder (``game/games/<key>/``) makes its kinds in its ``__init__`` and lists
them in ``KINDS``; :mod:`game.games.catalog` finds the folders. Its parts (rules, board,
arrangement, texts, script) are given as functions that import them on first use:
reading the command line imports the registry, and the window opens before the rules and
the boards are imported. mypy checks each function's type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..rules.codes import PREFIX, format_code, random_code, read_code

if TYPE_CHECKING:
    import random

    from ..rules.cards import Card
    from ..rules.played import GameRules, PlayedGame
    from ..table.arcs import Arranger, TablePlan
    from ..table.board import Board

Paragraphs = tuple[tuple[str, ...], ...]
"""A rules text: paragraphs of sentences; an empty paragraph is a blank line."""
Arrangements = tuple[tuple["Arranger", ...], tuple["Arranger", ...]]
"""A table's arrangements: on an arc (one per shape of the arc, possibly none) and
compact ones (grids, a low arc) for windows where the arc would make the cards small."""
Move = tuple[str, ...]
"""One move through real input: the slots tapped in turn (a click, a touch or the keyboard
on each slot's top card): a pair or a triple, or a card and where it goes."""


class Picture(NamedTuple):
    """The title screen's small picture of a game's table, of little cards in the chosen
    deck and back: an arc of piles with cards inside it, or a grid of cards with a stock
    beside it."""

    piles: int = 0
    """Cards along the arc (0: no arc)."""
    inner: int = 0
    """Cards inside the arc, in rows of four."""
    grid: tuple[int, int] = (0, 0)
    """Columns and rows of a grid of cards (no arc)."""
    stock: bool = False
    """A face-down stock beside the grid."""
    fan: int | None = None
    """Cards fanned under each pile's top card, of which :attr:`backs` face down (None:
    no fan)."""
    backs: int = 0
    mark: str = ""
    """A short mark over the picture (Crescent Four's ``4``)."""


class Script(NamedTuple):
    """How the app tests reach the ends of a game of one kind with real input."""

    win: str
    """Position text (the kind's ``from_position``) from which :attr:`win_moves` win."""
    win_moves: tuple[Move, ...]
    """At least two moves, in order: every move but the last leaves the game going (a
    game under way, saved, resumed...); the last one wins it."""
    stalemate: str
    """Position text from which :attr:`stalemate_moves` reach a stalemate."""
    stalemate_moves: tuple[Move, ...]
    """The moves that reach the stalemate, at least two: every move but the last leaves
    the game going."""
    showcase: str = ""
    """Position text whose piles show cards under their top cards, face up (the drawing
    tests look at their edges); empty: a deal shows them."""


class Words(Protocol):
    """What a screen reader says of a kind's table (game.shell.spoken), in the player's
    language: each slot as a sighted player sees it, what a move changed, the
    foundations. ``table`` is the game's table value (``PlayedGame.table``)."""

    def slots(self) -> tuple[str, ...]:
        """Every slot, in the order the table is read out."""

    def slot(self, table: Any, slot: str) -> str:
        """``slot`` as it shows: "Pile 3, 7 of hearts, 8 cards", "Reserve 2, empty"."""

    def change(self, before: Any, after: Any, points: int) -> str:
        """What changed from table ``before`` to ``after`` (a move, an undo, a redeal),
        ``points`` the score's change; empty: nothing to say."""

    def home(self, table: Any) -> str:
        """The foundations, or what stands for them in a game with none."""


class Example(NamedTuple):
    """A won game a kind shows on its Examples page, move by move: fixed data shipped in
    its folder (found once, offline: the app never solves a deal)."""

    code: str
    """The deal."""
    moves: tuple[Move, ...]
    """Each move as the slots it touches, in order; the last one wins."""
    cards: tuple[tuple[Card, ...], ...]
    """The cards each move takes, as the file names them (the tests check them)."""


def read_example(package: str, name: str = "example.txt") -> Example:
    """The example written in file ``name`` of a kind's folder ``package``, in the
    solver's notation (:func:`game.rules.notation.numbered_moves`)."""
    from importlib.resources import files

    from ..rules.notation import numbered_moves

    text = files(package).joinpath(name).read_text(encoding="utf-8")
    return Example(*numbered_moves(text))


class GameKind:
    """One game of the app (see :mod:`game.games.catalog`)."""

    def __init__(
        self,
        key: str,
        letter: str,
        name: str,
        *,
        order: int,
        rules: Callable[[], GameRules[PlayedGame]],
        board: Callable[[PlayedGame], Board],
        arrangement: Callable[[], Arrangements],
        buttons: tuple[str, ...],
        inner: tuple[str, ...],
        rules_text: Callable[[], Paragraphs],
        picture: Picture,
        best_score: int,
        script: Callable[[GameKind], Script],
        words: Callable[[], Words],
        most_moves: int | None = None,
        save_file: str | None = None,
        statistics_file: str | None = None,
        log_file: str | None = None,
        finish: str | None = None,
        example: Callable[[], Example] | None = None,
        settings: tuple[str, ...] = (),
        family: str = "",
    ) -> None:
        self.key = key
        """A stable name: the command line's ``--game`` and the kiosk's ``games`` use it."""
        self.letter = letter
        """The letter of its deal codes, ``HM1-<letter>-...``."""
        self.name = name
        """Its name, untranslated (shown through ``_``)."""
        self.order = order
        """Its place among the games on the title screen (smallest first)."""
        self.buttons = buttons
        """The play scene's buttons, left to right."""
        self.inner = inner
        """The slots a message on the table goes around (inside the arc; none: the
        message takes the middle of the table)."""
        self.picture = picture
        """Its tile's picture on the title screen."""
        self.best_score = best_score
        """A won game's score, the most a game of it can have (the statistics' chart is
        scaled to it; a record of more is damaged)."""
        self.most_moves = most_moves
        """The most moves a game of it can have (a removal game: one a removal), or None:
        no bound of its own (cards moved to and fro). A record of more is damaged."""
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
        self.has_example = example is not None
        """Whether it offers an example (a won game, on the Rules page's Examples page)."""
        self._example = example
        self.settings = settings
        """The settings of its own (names of game.records.settings.Settings' switches):
        the Settings screen shows them under the names of the kinds that have them."""
        self.family = family or name
        """The name of the games it is one of (untranslated, shown through ``_``): the
        Settings screen's heading over their settings; its own name if none given."""
        self._rules = rules
        self._board = board
        self._arrangement = arrangement
        self._rules_text = rules_text
        self._script = script
        self._words = words
        self._cache: dict[str, Any] = {}
        self._table: TablePlan | None = None
        self._check()

    def _check(self) -> None:
        """ValueError naming what is wrong with the kind's declaration."""
        where = f"game kind {self.key!r}"
        if not (self.key and self.key == self.key.strip().lower() and " " not in self.key):
            raise ValueError(f"{where}: a key is a lower-case word")
        if not (len(self.letter) == 1 and "A" <= self.letter <= "Z"):
            raise ValueError(f"{where}: its code letter must be one of A-Z, not {self.letter!r}")
        if not self.name.strip():
            raise ValueError(f"{where}: it has no name")
        parts = {
            "rules": self._rules,
            "board": self._board,
            "arrangement": self._arrangement,
            "rules_text": self._rules_text,
            "script": self._script,
            "words": self._words,
            **({"example": self._example} if self._example is not None else {}),
        }
        for part, value in parts.items():
            if not callable(value):
                raise ValueError(f"{where}: its {part} is not a function")
        if not self.buttons or "menu" not in self.buttons:
            raise ValueError(f"{where}: its bar needs buttons, the menu among them")
        if self.finish is not None and self.finish not in self.buttons:
            raise ValueError(f"{where}: Finish takes the place of {self.finish!r}, not a button")
        if self.picture.piles <= 0 and min(self.picture.grid) <= 0:
            raise ValueError(f"{where}: its picture has neither an arc of piles nor a grid")
        if self.best_score <= 0:
            raise ValueError(f"{where}: a won game's score must be positive")
        if self.most_moves is not None and self.most_moves <= 0:
            raise ValueError(f"{where}: its most moves must be positive, or None")

    @property
    def rules(self) -> GameRules[PlayedGame]:
        """How its games are made: from a code, a saved game or a position."""
        if "rules" not in self._cache:
            self._cache["rules"] = self._rules()
        rules: GameRules[PlayedGame] = self._cache["rules"]
        return rules

    @property
    def rules_text(self) -> Paragraphs:
        """Its rules page, paragraph by paragraph (sentences marked with ``N_``)."""
        if "rules_text" not in self._cache:
            self._cache["rules_text"] = self._rules_text()
        text: Paragraphs = self._cache["rules_text"]
        return text

    @property
    def words(self) -> Words:
        """What a screen reader says of its table (from its folder, on first use)."""
        if "words" not in self._cache:
            self._cache["words"] = self._words()
        words: Words = self._cache["words"]
        return words

    @property
    def example(self) -> Example:
        """Its example (read from its folder on first use); LookupError if it has none."""
        if self._example is None:
            raise LookupError(f"{self.name} offers no example")
        if "example" not in self._cache:
            self._cache["example"] = self._example()
        example: Example = self._cache["example"]
        return example

    @property
    def table(self) -> TablePlan:
        """Its table for :func:`game.table.layout.compute_layout`: the arrangement of its
        slots, its buttons and its inner slots."""
        if self._table is None:
            from ..table.arcs import TablePlan

            arcs, compact = self._arrangement()
            self._table = TablePlan(self.key, arcs, compact, self.buttons, self.inner)
        return self._table

    def board(self, game: PlayedGame) -> Board:
        """The play scene's board for ``game``, a game of this kind."""
        return self._board(game)

    def script(self) -> Script:
        """How the app tests win and stall a game of this kind."""
        return self._script(self)

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
