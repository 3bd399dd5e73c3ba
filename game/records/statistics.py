"""Statistics over every game played: stored as JSON in the data folder.

A game counts as played from its first move. It ends as a win, or as a loss when the
player leaves it for another deal after at least one move. A stalemate is counted when
it happens (the player may still undo); the game only becomes a loss if left.

Every event names the game it is about (:attr:`game.records.context.Context.game_id`), and the
statistics remember the last games they counted: an event that comes again for the same
game changes nothing. So a finish that was written here but whose saved game could not
be deleted before the process was killed is not counted twice when that saved game
comes back, and a win always finds its game among the played ones.

The deal of the day (game.rules.daily) has its own streak: the days in a row on which that
day's deal was won. A daily deal counts for its date when it is won on that date, local
time; a day without one breaks the streak.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from ..rules import daily
from . import fields as check
from .storage import DamagedFile, Storage

if TYPE_CHECKING:
    from datetime import date

    from ..games.catalog import GameKind

STATISTICS_FILE = "statistics.json"
STATISTICS_SCHEMA = 1
REMEMBERED = 64
"""How many games the statistics remember for each kind of event."""
RECENT = 30
"""How many finished games the bar chart of the statistics screen shows."""
DAILY_REMEMBERED = 400
"""How many dates of won daily deals the statistics keep."""

WIN, LOSS, ABANDON = "W", "L", "A"
"""How :attr:`Statistics.recent` marks a game: won, lost (left in a stalemate, or ended by
a kiosk's idle reset), abandoned (left for another deal while moves were still left;
counted as a loss). Files written before abandoned games were told apart hold W and L
only, and still load."""
_RESULT = re.compile(r"[WLA][0-9]{1,12}")


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
    fewest_moves: int = 0
    """The fewest moves of a won game (0 until the first win)."""
    recent: list[str] = field(default_factory=list)
    """The last finished games, oldest first: ``W520`` a win with 520 points, ``L140`` a
    loss with 140, ``A60`` a game abandoned with 60 (see :data:`ABANDON`)."""
    started_games: list[str] = field(default_factory=list)
    """The last games counted as played, oldest first."""
    finished_games: list[str] = field(default_factory=list)
    """The last games counted as won or lost, oldest first."""
    stalemated_games: list[str] = field(default_factory=list)
    """The last games whose stalemate was counted, oldest first."""
    daily_won: list[str] = field(default_factory=list)
    """The dates (``YYYY-MM-DD``) whose daily deal was won on that date, oldest first."""
    daily_streak: int = 0
    """Days in a row up to the last date of :attr:`daily_won` whose daily deal was won."""
    best_daily_streak: int = 0
    """The longest run of days whose daily deal was won."""

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
        """Note that ``game_id`` was counted as played already, without counting it (if
        the counts turn out to lack it when it ends, it is counted then)."""
        _remember(self.started_games, game_id)

    def stalemate(self, game_id: str) -> bool:
        """The game ``game_id`` reached a stalemate (counted once per game)."""
        if not _remember(self.stalemated_games, game_id):
            return False
        self.stalemates += 1
        return True

    def won_game(self, game_id: str, score: int, seconds: float, moves: int = 0) -> bool:
        """The game ``game_id`` was won in ``seconds`` and ``moves`` moves; False if it
        was counted already."""
        if not self._finish(game_id, score, WIN):
            return False
        self.won += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        if self.best_time == 0.0 or seconds < self.best_time:
            self.best_time = seconds
        if moves and (self.fewest_moves == 0 or moves < self.fewest_moves):
            self.fewest_moves = moves
        return True

    def lost_game(
        self, game_id: str, score: int, moves: int = 0, *, abandoned: bool = False
    ) -> bool:
        """The started game ``game_id`` was lost (``abandoned``: left for another deal
        while moves were left; a loss too); False if counted already."""
        if not self._finish(game_id, score, ABANDON if abandoned else LOSS):
            return False
        self.lost += 1
        self.current_streak = 0
        return True

    def _finish(self, game_id: str, score: int, result: str) -> bool:
        if self.finished(game_id):
            return False
        # A game that ends was played, whatever came before: a saved game noted by
        # remember_started whose start the counts lack (the file that counted it was
        # deleted or damaged since) is counted now, so played >= won + lost always holds.
        if not self.started(game_id) and self.played <= self.won + self.lost:
            self.played += 1
        _remember(self.finished_games, game_id)
        self.total_score += score
        self.recent.append(f"{result}{score}")
        del self.recent[:-RECENT]
        return True

    def won_daily(self, code: str | None, day: date) -> bool:
        """A game of deal ``code`` was won on ``day``: if it is that day's daily deal,
        ``day`` counts (once) for the daily streak. True if it counted now."""
        text = day.isoformat()
        if not daily.counts_on(text) or not daily.is_daily(code, day) or text in self.daily_won:
            return False
        from datetime import date, timedelta

        last = date.fromisoformat(self.daily_won[-1]) if self.daily_won else None
        self.daily_won.append(text)
        self.daily_won.sort()
        del self.daily_won[:-DAILY_REMEMBERED]
        if last is None or day > last + timedelta(days=1):
            self.daily_streak = 1
        elif day == last + timedelta(days=1):
            self.daily_streak += 1
        else:  # an earlier day (the clock was turned back) can only join runs up
            self.daily_streak = max(self.daily_streak, _run_up_to_last(self.daily_won))
        self.best_daily_streak = max(
            self.best_daily_streak, self.daily_streak, _longest_run(self.daily_won)
        )
        return True

    def daily_won_on(self, day: date) -> bool:
        """Whether ``day``'s daily deal was won (on that day)."""
        return day.isoformat() in self.daily_won

    def daily_streak_on(self, day: date) -> int:
        """The daily streak as it stands on ``day``: the run of won days up to ``day``'s
        or the day before's, else 0 (a day was missed). Days after ``day`` (won while
        the clock was set ahead) do not count on it."""
        text = day.isoformat()
        won = [won_on for won_on in self.daily_won if won_on <= text]
        if not won or not daily.counts_on(text):
            return 0
        from datetime import timedelta

        if won[-1] < (day - timedelta(days=1)).isoformat():
            return 0
        run = _run_up_to_last(won)
        # With no later day, the stored streak: it counts days beyond those kept.
        return max(run, self.daily_streak) if len(won) == len(self.daily_won) else run

    def recent_results(self) -> list[tuple[str, int]]:
        """The last finished games, oldest first: (:data:`WIN`, :data:`LOSS` or
        :data:`ABANDON`, score) each."""
        return [(entry[0], int(entry[1:])) for entry in self.recent]

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
        recent = list(check.words(data, "recent", longest=14, most=RECENT))
        if not all(_RESULT.fullmatch(entry) for entry in recent):
            raise DamagedFile("recent results must look like W520, L140 or A60")
        recent = [f"{entry[0]}{int(entry[1:])}" for entry in recent]  # W0520 is W520
        stats = cls(
            played=check.count(data, "played"),
            won=check.count(data, "won"),
            lost=check.count(data, "lost"),
            stalemates=check.count(data, "stalemates"),
            current_streak=check.count(data, "current_streak"),
            best_streak=check.count(data, "best_streak"),
            total_score=check.count(data, "total_score"),
            fewest_moves=check.count(data, "fewest_moves"),
            best_time=check.seconds(data, "best_time"),
            recent=recent,
            started_games=_games(data, "started_games"),
            finished_games=_games(data, "finished_games"),
            stalemated_games=_games(data, "stalemated_games"),
            daily_won=_days(data),
            daily_streak=check.count(data, "daily_streak"),
            best_daily_streak=check.count(data, "best_daily_streak"),
        )
        if stats.won + stats.lost > stats.played or stats.best_streak < stats.current_streak:
            raise DamagedFile("statistics do not add up")
        if stats.best_daily_streak < stats.daily_streak or (
            not stats.daily_won and stats.daily_streak
        ):
            raise DamagedFile("the daily streaks do not add up")
        return stats

    def reachable(self, kind: GameKind) -> Statistics:
        """These statistics, when every result in them is one a game of ``kind`` can
        reach (a score up to its best, moves up to its most); :class:`DamagedFile` else."""
        best = kind.best_score
        if any(score > best for _won, score in self.recent_results()):
            raise DamagedFile(f"a recent result scores more than {best}")
        if self.total_score > best * (self.won + self.lost):
            raise DamagedFile(f"the total score is more than {best} a finished game")
        if kind.most_moves is not None and self.fewest_moves > kind.most_moves:
            raise DamagedFile(f"the fewest moves are more than {kind.most_moves}")
        return self

    @classmethod
    def load(
        cls, storage: Storage, name: str = STATISTICS_FILE, kind: GameKind | None = None
    ) -> Statistics:
        """The statistics stored in ``name`` (one file a game), or zeros; with ``kind``
        (the game they are of), results no game of it can reach are damage too."""
        if kind is None:
            return storage.load(name, cls.from_dict, cls)
        return storage.load(name, lambda data: cls.from_dict(data).reachable(kind), cls)

    def save(self, storage: Storage, name: str = STATISTICS_FILE) -> bool:
        """Store the statistics now."""
        return storage.save(name, self.to_dict())


def _games(data: Mapping[str, Any], key: str) -> list[str]:
    """The list of remembered games under ``key``; :class:`DamagedFile` if it is not one."""
    return list(check.words(data, key, most=REMEMBERED))


def _days(data: Mapping[str, Any]) -> list[str]:
    """The dates of won daily deals, oldest first and each once; :class:`DamagedFile`
    otherwise (missing: none, as in the files from before the daily deal)."""
    days = list(check.words(data, "daily_won", longest=10, most=DAILY_REMEMBERED))
    if not all(daily.counts_on(day) for day in days):
        raise DamagedFile(
            f"daily_won must hold dates written YYYY-MM-DD, {daily.FIRST_DAY} to {daily.LAST_DAY}"
        )
    if days != sorted(set(days)):  # such dates sort as their text does
        raise DamagedFile("daily_won must hold each date once, oldest first")
    return days


def _runs(days: list[str]) -> list[int]:
    """The lengths of the runs of consecutive dates in ``days`` (sorted), in order."""
    from datetime import date, timedelta

    runs: list[int] = []
    previous: date | None = None
    for day in map(date.fromisoformat, days):
        if previous is not None and day == previous + timedelta(days=1):
            runs[-1] += 1
        else:
            runs.append(1)
        previous = day
    return runs


def _run_up_to_last(days: list[str]) -> int:
    """The run of consecutive dates that ends at the last of ``days``."""
    return _runs(days)[-1] if days else 0


def _longest_run(days: list[str]) -> int:
    """The longest run of consecutive dates in ``days``."""
    return max(_runs(days), default=0)


def _remember(games: list[str], game_id: str) -> bool:
    """Add ``game_id`` to ``games`` (keeping the last :data:`REMEMBERED`); False if it
    was there already."""
    if game_id in games:
        return False
    games.append(game_id)
    del games[:-REMEMBERED]
    return True
