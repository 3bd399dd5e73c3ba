"""What the solvers of both games share: verdicts, node and time budgets, Luby restarts."""

from __future__ import annotations

import enum
import time


class Verdict(enum.Enum):
    """What the solver found out about a position."""

    WIN = "win"
    """A winning line was found."""
    NO_WIN = "no win"
    """The whole search space was exhausted: the position cannot be won."""
    UNKNOWN = "unknown"
    """The node or time budget ran out first."""


class OutOfBudget(Exception):
    """The whole search's node or time budget ran out."""


class Restart(Exception):
    """One attempt's node budget ran out: start again from the top, differently ordered."""


class Budget:
    """Nodes spent, against a limit, a deadline and the current attempt's end."""

    def __init__(self, max_nodes: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.attempt_end: int | None = None

    def spend(self) -> None:
        """Count one node; raises :class:`OutOfBudget` or :class:`Restart` when one is over."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.attempt_end is not None and self.nodes > self.attempt_end:
            raise Restart
        if (
            self.deadline is not None
            and self.nodes % 64 == 0
            and time.perf_counter() > self.deadline
        ):
            raise OutOfBudget


def luby(i: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i counts from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)
