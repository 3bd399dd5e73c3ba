"""What every game is to the app, and what every game's rules share.

:class:`PlayedGame` is the app's view of a game of any kind (Half Moon, a Crescent, a
game added later): its deal code, score, moves and outcome, undo and redo, saving and
its position. :class:`GameRules` is how a kind makes its games. The app (saves,
statistics, the title screen, the play scene's buttons) asks nothing else of a game;
what a game's cards look like and how they are touched is its board's business
(``game.scenes.boards``).

:class:`DealtGame` is what the rules classes share: the deal they started from and an
undo/redo :class:`~game.rules.history.History` of immutable states, written once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .cards import Card
from .history import History
from .outcome import Outcome

TableT = TypeVar("TableT")
StateT = TypeVar("StateT")
G = TypeVar("G", bound="PlayedGame", covariant=True)


class PlayerMove(Protocol):
    """One move a game allows now, as a player makes it."""

    @property
    def slots(self) -> tuple[str, ...]:
        """The slots a player touches, in order (a pair's two cards, a card and where it
        goes); empty for a move made by a button (a redeal)."""


class PlayedGame(Protocol):
    """A game of any kind, as the app sees it."""

    @property
    def code(self) -> str | None:
        """The deal code (``HM1-<letter>-...``), or None for a game started from a
        position."""

    @property
    def letter(self) -> str:
        """The code letter of the game's kind (the registry finds the kind by it)."""

    @property
    def table(self) -> object:
        """The current table: an immutable value, equal for equal positions."""

    def top(self, slot: str) -> Card | None:
        """The top card of a slot (a pile, a reserve slot, a foundation), None when it is
        empty or the slot has no card to show."""

    @property
    def score(self) -> int:
        """Points so far."""

    @property
    def moves(self) -> int:
        """Moves made so far (a move undone no longer counts)."""

    @property
    def outcome(self) -> Outcome | None:
        """WON, STALEMATE, or None while a move is left."""

    def legal_moves(self) -> Sequence[PlayerMove]:
        """Every move the game allows now that a player makes by touching slots (a game
        may have none and still go on by a button: a redeal)."""

    def play(self, move: Any) -> object:
        """Make one of :meth:`legal_moves`'s moves (the rules' error if it is not legal)."""

    def can_undo(self) -> bool:
        """True when there is a move to take back."""

    def can_redo(self) -> bool:
        """True when a move taken back can be made again."""

    def undo(self) -> bool:
        """Take back the last move; False when there is none."""

    def redo(self) -> bool:
        """Make again the last move taken back; False when there is none."""

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data, read back by its rules' ``from_dict``."""

    def position(self) -> str:
        """The current table as position text, read back by ``from_position``."""

    def restarted(self) -> PlayedGame:
        """The same deal again, from its start (Play again)."""


class GameRules(Protocol[G]):
    """How a kind makes its games: from a deal code, a saved game or a position."""

    def from_code(self, code: str) -> G:
        """The deal of ``code`` (DealCodeError when it is not one of this kind's)."""

    def from_dict(self, data: Mapping[str, Any]) -> G:
        """A saved game (SavedGameError naming what is wrong)."""

    def from_position(self, text: str) -> G:
        """A game starting from position text (PositionError)."""


class DealtGame(Generic[TableT, StateT]):
    """A deal and the history of states played from it: the code, the start, undo and
    redo. A rules class passes its first state and calls :meth:`_push` for each move;
    :meth:`_forget_selection` is called before undo and redo."""

    def __init__(
        self, table: TableT, code: str | None, first: StateT, limit: int | None = None
    ) -> None:
        self._start = table
        self._code = code
        self._states: History[StateT] = History(first, limit=limit)

    @property
    def code(self) -> str | None:
        """The deal code, or None for a game started from a position."""
        return self._code

    @property
    def start(self) -> TableT:
        """The table as dealt, before any move."""
        return self._start

    def _push(self, state: StateT) -> None:
        """A move was made: ``state`` is where it led (what was undone is forgotten)."""
        self._states.push(state)

    def _forget_selection(self) -> None:
        """Undo and redo clear the selection; a rules class with one overrides this."""

    def undo(self) -> bool:
        """Take back the last move; False when there is nothing to undo. Clears the
        selection."""
        self._forget_selection()
        return self._states.undo()

    def redo(self) -> bool:
        """Make again the last move taken back; False when there is none (a new move
        forgets what was undone). Clears the selection."""
        self._forget_selection()
        return self._states.redo()

    def can_undo(self) -> bool:
        """True when there is a move to take back."""
        return self._states.can_undo()

    def can_redo(self) -> bool:
        """True when a move that was taken back can be made again."""
        return self._states.can_redo()
