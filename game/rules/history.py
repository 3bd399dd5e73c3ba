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
"""

from __future__ import annotations

from collections import deque
from typing import Generic, TypeVar

S = TypeVar("S")


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
