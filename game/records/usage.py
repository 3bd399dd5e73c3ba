"""A kiosk's usage, for its operator: per day and per game, what the visitors did.

Counted only in kiosk mode (game.records.context), per local date and per game key:
games started (their first move), won, lost (stalled, or put away by an idle reset),
abandoned (left for a new deal), idle resets ("Still playing?" ran out, counted for the
game on screen) and play time (the clock of the games that ended, counted on the day
each ended). Nothing about a visitor: no codes, no times of day; the file remembers the
identities of the last games it counted only so that nothing is counted twice.

Stored in ``usage.json`` beside the statistics, read and written like them (a damaged
file, or one of a newer version, is kept aside and counting starts afresh), and bounded:
the days of the last year up to the newest day in it (:data:`DAYS_KEPT`), older ones
dropped. An ending is counted here in the same commit as its statistics and log
(game.records.endings), so that a replayed ending adds nothing twice.

``halfmoon --usage-report`` prints it as CSV (:func:`report`; game.shell.usage_report).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from ..games.catalog import KINDS
from ..rules import daily
from . import fields as check
from .storage import DamagedFile, Storage

if TYPE_CHECKING:
    from datetime import date

USAGE_FILE = "usage.json"
USAGE_SCHEMA = 1
DAYS_KEPT = 366
"""How many days the record keeps: the newest day and the 365 before it."""
REMEMBERED = 64
"""How many games the record remembers having counted (started, and ended)."""
RESULTS = {"won": "won", "lost": "lost", "abandoned": "abandoned"}
"""The log's results (game.records.game_log) and the count each adds to."""
HEADER = "date,game,started,won,lost,abandoned,idle_resets,play_seconds"
"""The first line of :func:`report`."""


@dataclass
class DayCounts:
    """What one game did on one day (or over several: :meth:`Usage.total`)."""

    started: int = 0
    """Games with a first move."""
    won: int = 0
    """Games won."""
    lost: int = 0
    """Games lost: stalled and left, or put away by an idle reset."""
    abandoned: int = 0
    """Games left for a new deal while moves were left."""
    idle_resets: int = 0
    """Times "Still playing?" ran out over this game."""
    play_seconds: float = 0.0
    """The clocks of the games that ended, in seconds."""

    def __bool__(self) -> bool:
        """Whether anything was counted."""
        return any(getattr(self, item.name) for item in fields(self))

    def add(self, other: DayCounts) -> None:
        """Add ``other``'s counts to these."""
        for item in fields(self):
            setattr(self, item.name, getattr(self, item.name) + getattr(other, item.name))

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> DayCounts:
        """Read :meth:`to_dict` data; :class:`DamagedFile` for anything else."""
        if not isinstance(data, Mapping):
            raise DamagedFile("a day's counts must be an object")
        counts = {item.name: check.count(data, item.name) for item in fields(cls)[:-1]}
        return cls(**counts, play_seconds=check.seconds(data, "play_seconds"))


@dataclass
class Usage:
    """The kiosk's counts, per day (``YYYY-MM-DD``) and per game key."""

    days: dict[str, dict[str, DayCounts]] = field(default_factory=dict)
    """Each day's counts of each game that had any."""
    started_games: list[str] = field(default_factory=list)
    """The last games counted as started, oldest first."""
    ended_games: list[str] = field(default_factory=list)
    """The last games counted as ended, oldest first."""

    def on(self, day: date, key: str) -> DayCounts:
        """The counts of game ``key`` on ``day`` (new zeros kept, for counting)."""
        games = self.days.setdefault(day.isoformat(), {})
        return games.setdefault(key, DayCounts())

    # -------------------------------------------------------------- events
    def started(self, game_id: str, day: date, key: str) -> bool:
        """The game ``game_id`` of game ``key`` had its first move on ``day``; False
        (nothing counted) when it was counted already."""
        if not _remember(self.started_games, game_id):
            return False
        counts = self.on(day, key)
        counts.started = min(check.MAX_COUNT, counts.started + 1)
        self._bound()
        return True

    def ended(self, game_id: str, day: date, key: str, result: str, seconds: float) -> bool:
        """The game ``game_id`` of game ``key`` ended on ``day`` as ``result`` (the log's
        won, lost or abandoned) after ``seconds`` of play; False when counted already."""
        if result not in RESULTS or not _remember(self.ended_games, game_id):
            return False
        counts = self.on(day, key)
        name = RESULTS[result]
        setattr(counts, name, min(check.MAX_COUNT, getattr(counts, name) + 1))
        total = counts.play_seconds + max(0.0, seconds)
        counts.play_seconds = min(check.MAX_SECONDS, round(total, 1))
        self._bound()
        return True

    def idle_reset(self, day: date, key: str) -> None:
        """An idle reset on ``day`` over game ``key``."""
        counts = self.on(day, key)
        counts.idle_resets = min(check.MAX_COUNT, counts.idle_resets + 1)
        self._bound()

    def _bound(self) -> None:
        """Drop the days before the last :data:`DAYS_KEPT` up to the newest."""
        if not self.days:
            return
        from datetime import date, timedelta

        newest = max(date.fromisoformat(day) for day in self.days)
        first = (newest - timedelta(days=DAYS_KEPT - 1)).isoformat()
        for day in [day for day in self.days if day < first]:
            del self.days[day]

    # ------------------------------------------------------------- reading
    def rows(
        self, keys: Sequence[str] | None = None, since: date | None = None
    ) -> list[tuple[str, str, DayCounts]]:
        """(day, game key, counts) of each day and game that had anything, by date and
        then in the registry's order; only the games ``keys`` (all by default), only
        from ``since`` on (every day kept by default)."""
        order = [kind.key for kind in KINDS if keys is None or kind.key in keys]
        first = since.isoformat() if since is not None else ""
        found = []
        for day in sorted(self.days):
            if day < first:
                continue
            games = self.days[day]
            found += [(day, key, games[key]) for key in order if games.get(key)]
        return found

    def total(self, key: str, first: date, last: date) -> DayCounts:
        """Game ``key``'s counts added up from ``first`` to ``last`` (both included)."""
        low, high = first.isoformat(), last.isoformat()
        total = DayCounts()
        for day, games in self.days.items():
            if low <= day <= high and key in games:
                total.add(games[key])
        return total

    # ------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version (days without counts left out)."""
        days = {
            day: {key: counts.to_dict() for key, counts in games.items() if counts}
            for day, games in sorted(self.days.items())
        }
        return {
            "schema": USAGE_SCHEMA,
            "days": {day: games for day, games in days.items() if games},
            "started_games": list(self.started_games),
            "ended_games": list(self.ended_games),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Usage:
        """Read :meth:`to_dict` data; :class:`DamagedFile` for anything else. A game this
        version does not have is left out."""
        data = check.record(data, USAGE_SCHEMA, "a usage record")
        raw_days = data.get("days", {})
        if not isinstance(raw_days, Mapping) or len(raw_days) > DAYS_KEPT:
            raise DamagedFile(f"days must be an object of at most {DAYS_KEPT} days")
        known = {kind.key for kind in KINDS}
        days: dict[str, dict[str, DayCounts]] = {}
        for day, games in raw_days.items():
            if not isinstance(day, str) or not daily.is_day(day):
                raise DamagedFile("a day must be a date written YYYY-MM-DD")
            if not isinstance(games, Mapping):
                raise DamagedFile(f"the games of {day} must be an object")
            days[day] = {
                key: DayCounts.from_dict(counts) for key, counts in games.items() if key in known
            }
        usage = cls(
            days,
            list(check.words(data, "started_games", most=REMEMBERED)),
            list(check.words(data, "ended_games", most=REMEMBERED)),
        )
        usage._bound()
        return usage

    @classmethod
    def load(cls, storage: Storage) -> Usage:
        """The record stored, or an empty one (a damaged file is kept aside)."""
        return storage.load(USAGE_FILE, cls.from_dict, cls)

    def save(self, storage: Storage) -> bool:
        """Store the record now."""
        return storage.save(USAGE_FILE, self.to_dict())


def report(usage: Usage, keys: Sequence[str] | None = None, since: date | None = None) -> str:
    """The record as CSV: :data:`HEADER`, then a line of each of :meth:`Usage.rows`
    (play time in whole seconds)."""
    lines = [HEADER]
    for day, key, counts in usage.rows(keys, since):
        figures: Iterable[object] = (
            counts.started,
            counts.won,
            counts.lost,
            counts.abandoned,
            counts.idle_resets,
            round(counts.play_seconds),
        )
        lines.append(",".join([day, key, *map(str, figures)]))
    return "\n".join(lines) + "\n"


def _remember(games: list[str], game_id: str) -> bool:
    """Add ``game_id`` to ``games`` (keeping the last :data:`REMEMBERED`); False if it
    was there already."""
    if game_id in games:
        return False
    games.append(game_id)
    del games[:-REMEMBERED]
    return True
