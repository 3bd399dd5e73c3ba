"""The journal of games that ended: how a result and its log entry land together.

A game that ends is written in three files of its kind: its statistics count it, its log
lists it, and its save goes. A run that stops between them (a kill, a full disk) must
not leave a game counted but never logged, nor a save deleted with its result nowhere.
So an ending is first written whole to one small file, :data:`ENDINGS_FILE` (every
ending not yet known to be on disk, of any kind), then the statistics and the log, in
one :class:`game.records.storage.Commit`: in order, stopping at the first failure. The
save and the journal are removed only when every write landed, and the save only while
it still holds the game that ended (a new game of that kind may be saved there since).

* A kill at any step leaves either no journal (nothing of the ending was written: the
  save is offered again, and ends again) or the journal, which the next start replays
  before anything else: counting and logging are idempotent (each by the game's
  identity, ``Statistics.finished`` and ``GameLog.holds``), so a replay adds what is
  missing and nothing twice.
* A kiosk's usage record (game.records.usage) is the commit's last write: it counts
  each ending once too, by the game's identity.
* A write that fails (a full disk) keeps the ending in memory (``Context.unrecorded``)
  and the save on disk; every later write of statistics, and the quit, tries the whole
  commit again. When nothing could be written before the run ended, the save is still
  there: the game comes back one move from its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..games.catalog import GameKind, kind_by_key
from ..rules import daily
from . import fields as check
from .game_log import ABANDONED, WON, GameLog, LogEntry
from .statistics import Statistics
from .storage import DamagedFile, Storage

if TYPE_CHECKING:
    import datetime  # at start-up, not imported: a first title reads no calendar

    from .usage import Usage  # a kiosk's only

ENDINGS_FILE = "endings.json"
ENDINGS_SCHEMA = 1
MOST_ENDINGS = 64
"""More endings than the journal holds cannot be pending (one per game; a reset ends a
game of each kind)."""


@dataclass(frozen=True)
class Ending:
    """One game that ended: its kind, its log entry and its exact clock."""

    kind: GameKind
    entry: LogEntry
    """What the log keeps of it (its identity, result, score, moves, when)."""
    elapsed: float
    """Its clock in seconds, unrounded (the statistics' best time)."""
    day: datetime.date
    """The local date it ended on (game.rules.daily.today): a win of that day's deal of
    the day counts for its streak."""
    kiosk: bool = False
    """It ended in a kiosk: the kiosk's usage record counts it (game.records.usage)."""

    def count(self, stats: Statistics) -> bool:
        """Count it in its kind's ``stats`` (once: False when they have it already)."""
        entry = self.entry
        if entry.result != WON:
            abandoned = entry.result == ABANDONED
            return stats.lost_game(entry.game_id, entry.score, entry.moves, abandoned=abandoned)
        if not stats.won_game(entry.game_id, entry.score, self.elapsed, entry.moves):
            return False
        stats.won_daily(entry.code or None, self.day)
        return True

    def count_usage(self, usage: Usage) -> bool:
        """Count it in the kiosk's ``usage`` (once: False when it has it already)."""
        entry = self.entry
        return usage.ended(entry.game_id, self.day, self.kind.key, entry.result, self.elapsed)

    def log(self, log: GameLog) -> bool:
        """Add it to its kind's ``log`` (once: False when it is there already)."""
        return log.add(self.entry)

    def holds(self, raw: bytes) -> bool:
        """Whether the saved game ``raw`` (a save file's bytes) is this game."""
        import json

        try:
            data = json.loads(raw.decode("utf-8"))
        except ValueError:
            return False
        return isinstance(data, dict) and data.get("id") == self.entry.game_id

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {
            "kind": self.kind.key,
            "game": self.entry.to_dict(),
            "elapsed": self.elapsed,
            "day": self.day.isoformat(),
            "kiosk": self.kiosk,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Ending:
        """Read :meth:`to_dict` data; :class:`DamagedFile` for anything else (a kind this
        version does not have too: the file is then kept aside, nothing lost)."""
        if not isinstance(data, dict):
            raise DamagedFile("an ending must be an object")
        try:
            kind = kind_by_key(check.text(data, "kind", ""))
        except KeyError as error:
            raise DamagedFile(f"an ending of no known game: {error}") from None
        entry = LogEntry.from_dict(data.get("game"), kind)
        day = check.text(data, "day", "")
        if not daily.is_day(day):
            raise DamagedFile("an ending's day must be a date written YYYY-MM-DD")
        from datetime import date

        elapsed, kiosk = check.seconds(data, "elapsed"), check.flag(data, "kiosk", False)
        return cls(kind, entry, elapsed, date.fromisoformat(day), kiosk)


def journal(endings: Sequence[Ending]) -> dict[str, Any]:
    """The journal's content for ``endings``."""
    return {"schema": ENDINGS_SCHEMA, "endings": [ending.to_dict() for ending in endings]}


def load(storage: Storage) -> list[Ending]:
    """The endings a run left in the journal (none when there is none; a damaged journal
    is kept aside with the usual notice)."""

    def parse(data: Any) -> list[Ending]:
        data = check.record(data, ENDINGS_SCHEMA, "a journal of endings")
        items = data.get("endings")
        if not isinstance(items, list) or len(items) > MOST_ENDINGS:
            raise DamagedFile(f"endings must be a list of at most {MOST_ENDINGS}")
        return [Ending.from_dict(item) for item in items]

    return storage.load(ENDINGS_FILE, parse, list)
