"""An undo/redo history of immutable states, shared by the games.

A game keeps one :class:`History` of its states (frozen values): a move pushes the new
state, undo steps back to the one before, redo steps forward again until a new move is
pushed, which forgets what was undone. Nothing is ever undone by a hand-written inverse.

>>> history = History("dealt")
>>> history.push("one move")
>>> history.undo(), history.current
(True, 'dealt')
>>> history.redo(), history.current
(True, 'one move')

The moves that led to a state are a :class:`Line`: each state's line is the line before it
and one move more, sharing every earlier move with it, so that a game of n moves holds n
links, not a copy of the moves in every state (n²/2 of them: a Crescent save of 40,000
back-and-forth moves took 8 GB to replay, issue 26).

>>> line = Line().then("7>F5").then("redeal")
>>> len(line), list(line)
(2, ['7>F5', 'redeal'])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Generic, TypeVar

S = TypeVar("S")
M = TypeVar("M")


class Line(Generic[M]):
    """The moves of a game, oldest first: immutable, and :meth:`then` shares this line
    with the longer one it makes (a link each, whatever the length)."""

    __slots__ = ("_before", "_last", "_length")
    _before: Line[M]
    _last: M
    """The last move and the line before it: set in every line but the empty one."""

    def __init__(self) -> None:
        """The empty line."""
        self._length = 0

    def then(self, move: M) -> Line[M]:
        """This line and ``move`` after it (this line does not change)."""
        line: Line[M] = Line()
        line._before, line._last, line._length = self, move, self._length + 1
        return line

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[M]:
        moves: list[M] = []
        link = self
        for _ in range(self._length):
            moves.append(link._last)
            link = link._before
        return reversed(moves)

    def __repr__(self) -> str:
        return f"<Line of {self._length} moves>"


class History(Generic[S]):
    """The current state, the states undo goes back to, and those redo replays."""

    def __init__(self, start: S, limit: int | None = None) -> None:
        """``limit``: how many states undo can go back (None: to the start)."""
        self._current = start
        self._past: deque[S] = deque(maxlen=limit)
        self._future: list[S] = []

    @property
    def current(self) -> S:
        """The state now."""
        return self._current

    def push(self, state: S) -> None:
        """A move made ``state`` current; what was undone cannot be redone any more."""
        self._past.append(self._current)
        self._current = state
        self._future.clear()

    def undo(self) -> bool:
        """Go back one state; False when there is none."""
        if not self._past:
            return False
        self._future.append(self._current)
        self._current = self._past.pop()
        return True

    def redo(self) -> bool:
        """Replay the last state undone; False when there is none."""
        if not self._future:
            return False
        self._past.append(self._current)
        self._current = self._future.pop()
        return True

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would go back."""
        return bool(self._past)

    def can_redo(self) -> bool:
        """Whether :meth:`redo` would replay a state."""
        return bool(self._future)
