"""Statistics over every game played: stored as JSON in the data folder.

A game counts as played from its first move. It ends as a win, or as a loss when the
player leaves it for another deal after at least one move. A stalemate is counted when
it happens (the player may still undo); the game only becomes a loss if left.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from .storage import DamagedFile, Storage

STATISTICS_FILE = "statistics.json"
STATISTICS_SCHEMA = 1


@dataclass
class Statistics:
    """Counts and records across games."""

    played: int = 0
    """Games with at least one move."""
    won: int = 0
    """Games with all 104 cards removed."""
    lost: int = 0
    """Games left for another deal before they were won."""
    stalemates: int = 0
    """Times a game reached a position with no removal left."""
    current_streak: int = 0
    """Wins in a row, up to now."""
    best_streak: int = 0
    """The longest run of wins."""
    best_time: float = 0.0
    """The shortest winning time in seconds (0 until the first win)."""
    total_score: int = 0
    """Points of all finished games (for the average)."""

    @property
    def win_rate(self) -> float:
        """Won / played, 0 when nothing was played."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> float:
        """Average points of the finished games (won or lost)."""
        finished = self.won + self.lost
        return self.total_score / finished if finished else 0.0

    # -------------------------------------------------------------- events
    def started(self) -> None:
        """A game had its first move."""
        self.played += 1

    def stalemate(self) -> None:
        """A game reached a stalemate."""
        self.stalemates += 1

    def won_game(self, score: int, seconds: float) -> None:
        """A game was won in ``seconds``."""
        self.won += 1
        self.total_score += score
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        if self.best_time == 0.0 or seconds < self.best_time:
            self.best_time = seconds

    def lost_game(self, score: int) -> None:
        """A started game was left for another deal."""
        self.lost += 1
        self.total_score += score
        self.current_streak = 0

    # ------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version."""
        return {"schema": STATISTICS_SCHEMA, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Read :meth:`to_dict` data; raises :class:`DamagedFile` for anything else."""
        if not isinstance(data, dict) or data.get("schema") != STATISTICS_SCHEMA:
            raise DamagedFile(f"not statistics of schema {STATISTICS_SCHEMA}")
        stats = cls()
        for item in fields(cls):
            value = data.get(item.name, getattr(stats, item.name))
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or value < 0
            ):
                raise DamagedFile(f"statistic {item.name!r} has a wrong value: {value!r}")
            if item.type == "int" and not isinstance(value, int):
                raise DamagedFile(f"statistic {item.name!r} must be a whole number")
            setattr(stats, item.name, type(getattr(stats, item.name))(value))
        if stats.won + stats.lost > stats.played or stats.best_streak < stats.current_streak:
            raise DamagedFile("statistics do not add up")
        return stats

    @classmethod
    def load(cls, storage: Storage) -> Statistics:
        """The stored statistics, or zeros."""
        return storage.load(STATISTICS_FILE, cls.from_dict, cls)

    def save(self, storage: Storage) -> bool:
        """Store the statistics now."""
        return storage.save(STATISTICS_FILE, self.to_dict())
