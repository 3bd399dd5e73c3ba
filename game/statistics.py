"""Statistics over every game played: stored as JSON in the data folder.

A game counts as played from its first move. It ends as a win, or as a loss when the
player leaves it for another deal after at least one move. A stalemate is counted when
it happens (the player may still undo); the game only becomes a loss if left.

Every event names the game it is about (:attr:`game.context.Context.game_id`), and the
statistics remember the last games they counted: an event that comes again for the same
game changes nothing. So a finish that was written here but whose saved game could not
be deleted before the process was killed is not counted twice when that saved game
comes back, and a win always finds its game among the played ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from . import fields as check
from .storage import DamagedFile, Storage

STATISTICS_FILE = "statistics.json"
STATISTICS_SCHEMA = 1
REMEMBERED = 64
"""How many games the statistics remember for each kind of event."""

_COUNTS = ("played", "won", "lost", "stalemates", "current_streak", "best_streak", "total_score")
_LEDGER = ("started", "finished", "stalemated")


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
    started_games: list[str] = field(default_factory=list)
    """The last games counted as played, oldest first."""
    finished_games: list[str] = field(default_factory=list)
    """The last games counted as won or lost, oldest first."""
    stalemated_games: list[str] = field(default_factory=list)
    """The last games whose stalemate was counted, oldest first."""

    @property
    def win_rate(self) -> float:
        """Won / played, 0 when nothing was played."""
        return self.won / self.played if self.played else 0.0

    @property
    def average_score(self) -> float:
        """Average points of the finished games (won or lost)."""
        finished = self.won + self.lost
        return self.total_score / finished if finished else 0.0

    def finished(self, game_id: str) -> bool:
        """Whether the game ``game_id`` was already counted as won or lost."""
        return game_id in self.finished_games

    # -------------------------------------------------------------- events
    def started(self, game_id: str) -> bool:
        """The game ``game_id`` had its first move; False if it was counted already."""
        if not _remember(self.started_games, game_id):
            return False
        self.played += 1
        return True

    def remember_started(self, game_id: str) -> None:
        """Note that ``game_id`` was counted as played already, without counting it."""
        _remember(self.started_games, game_id)

    def stalemate(self, game_id: str) -> bool:
        """The game ``game_id`` reached a stalemate (counted once per game)."""
        if not _remember(self.stalemated_games, game_id):
            return False
        self.stalemates += 1
        return True

    def won_game(self, game_id: str, score: int, seconds: float) -> bool:
        """The game ``game_id`` was won in ``seconds``; False if it was counted already."""
        if not self._finish(game_id, score):
            return False
        self.won += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        if self.best_time == 0.0 or seconds < self.best_time:
            self.best_time = seconds
        return True

    def lost_game(self, game_id: str, score: int) -> bool:
        """The started game ``game_id`` was left for another deal; False if counted already."""
        if not self._finish(game_id, score):
            return False
        self.lost += 1
        self.current_streak = 0
        return True

    def _finish(self, game_id: str, score: int) -> bool:
        if self.finished(game_id):
            return False
        self.started(game_id)  # a game that ends was played, whatever came before
        _remember(self.finished_games, game_id)
        self.total_score += score
        return True

    # ------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version."""
        data: dict[str, Any] = {"schema": STATISTICS_SCHEMA}
        data.update({item.name: getattr(self, item.name) for item in fields(self)})
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Read :meth:`to_dict` data; raises :class:`DamagedFile` for anything else."""
        data = check.record(data, STATISTICS_SCHEMA, "statistics")
        stats = cls(
            **{name: check.count(data, name) for name in _COUNTS},
            best_time=check.seconds(data, "best_time"),
            **{
                f"{name}_games": list(check.words(data, f"{name}_games", most=REMEMBERED))
                for name in _LEDGER
            },
        )
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


def _remember(games: list[str], game_id: str) -> bool:
    """Add ``game_id`` to ``games`` (keeping the last :data:`REMEMBERED`); False if it
    was there already."""
    if game_id in games:
        return False
    games.append(game_id)
    del games[:-REMEMBERED]
    return True
