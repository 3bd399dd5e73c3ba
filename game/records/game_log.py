"""The game log: each game kind's last :data:`LOG_SIZE` finished games, newest first.

One file a kind (``GameKind.log_file``, ``log-<key>.json``), kept next to the statistics
and written the same way (atomically, by :class:`game.records.storage.Storage`); a damaged file is
set aside with the usual notice and the log starts empty, while the statistics and the
saved game, in files of their own, are untouched. An entry's deal code is '' (a game set
up from a position) or a code its kind reads, kept in its canonical spelling
(``HM1-O-AAAAAAC``, whatever case and spaces the file had): any other text is damage too,
so that Play this deal again never meets a code it cannot deal. So is a score, a number
of moves or a time no game of its kind can reach (``GameKind.best_score``,
``GameKind.most_moves``).

An entry is written when a game with at least one move ends, as the statistics count it:

* **won**: every card is home (or removed);
* **lost**: the game was left in a stalemate (no move left on its table), or the kiosk's
  idle reset ended it (nobody was playing it any more);
* **abandoned**: the player left it for another deal while moves were still left.

The statistics count lost and abandoned games alike as losses. A game is logged once:
the log remembers the identity of each game it holds (:attr:`LogEntry.game_id`, the
statistics' identity), and a game that ends again (its save come back after a run was
killed) adds nothing.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games.catalog import GameKind
from ..rules.codes import normalize_code, read_code
from ..rules.errors import DealCodeError
from . import fields as check
from .storage import DamagedFile, Storage

LOG_SCHEMA = 1
LOG_SIZE = 100
"""How many games a kind's log keeps."""
WON, LOST, ABANDONED = "won", "lost", "abandoned"
RESULTS = (WON, LOST, ABANDONED)
_WHEN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")
MOST_MOVES = 1_000_000
"""The most moves an entry of a kind with no bound of its own (``GameKind.most_moves``)
may have."""


def reads(code: str, letter: str) -> bool:
    """Whether ``code`` is a deal code of the kind whose code letter is ``letter``, as
    that kind reads it (:meth:`GameKind.from_code`: case and spaces aside)."""
    try:
        read_code(code, letter)
    except DealCodeError:
        return False
    return True


def now() -> str:
    """The local date and time as a log entry keeps it: ``2026-12-03T19:05:12``."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


@dataclass(frozen=True)
class LogEntry:
    """One finished game."""

    game_id: str
    """The game's identity (game.records.savegame.new_game_id)."""
    when: str
    """When it ended, local time: ``2026-12-03T19:05:12``."""
    code: str
    """Its deal code, or '' for a game set up from a position."""
    result: str
    """:data:`WON`, :data:`LOST` or :data:`ABANDONED`."""
    score: int
    moves: int
    seconds: float
    """Its clock when it ended."""

    @property
    def date(self) -> str:
        """The day it ended, ``2026-12-03``."""
        return self.when[:10]

    @property
    def clock(self) -> str:
        """The time of day it ended, ``19:05``."""
        return self.when[11:16]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {
            "game": self.game_id,
            "when": self.when,
            "code": self.code,
            "result": self.result,
            "score": self.score,
            "moves": self.moves,
            "seconds": round(self.seconds, 1),
        }

    @classmethod
    def from_dict(cls, data: Any, kind: GameKind) -> LogEntry:
        """Read :meth:`to_dict` data of a game of ``kind``: its code is '' or one that
        kind reads (``kind.from_code``), so that Play this deal again can deal it, and is
        kept in its canonical spelling; its score and moves are within what a game of
        ``kind`` can reach. :class:`DamagedFile` for anything else."""
        if not isinstance(data, Mapping):
            raise DamagedFile("a log entry must be an object")
        when = check.text(data, "when", "")
        if not _WHEN.fullmatch(when):
            raise DamagedFile("a log entry's time must look like 2026-12-03T19:05:12")
        code = data.get("code", "")
        if not isinstance(code, str) or len(code) > 40:
            raise DamagedFile("a log entry's code must be a short text")
        if code and not reads(code, kind.letter):
            raise DamagedFile(f"a log entry's code {code!r} is not a deal code of this game")
        return cls(
            game_id=check.text(data, "game", ""),
            when=when,
            code=normalize_code(code, kind.letter) if code else "",
            result=check.choice(data, "result", "", RESULTS),
            score=check.count(data, "score", high=kind.best_score),
            moves=check.count(data, "moves", high=kind.most_moves or MOST_MOVES),
            seconds=check.seconds(data, "seconds"),
        )


@dataclass
class GameLog:
    """One kind's last games."""

    entries: list[LogEntry] = field(default_factory=list)
    """Oldest first, at most :data:`LOG_SIZE`."""

    def newest_first(self) -> list[LogEntry]:
        """The entries as the log screen lists them."""
        return self.entries[::-1]

    def holds(self, game_id: str) -> bool:
        """Whether the game ``game_id`` is in the log."""
        return any(entry.game_id == game_id for entry in self.entries)

    def add(self, entry: LogEntry) -> bool:
        """Log ``entry`` (the oldest goes past :data:`LOG_SIZE`); False, and nothing
        changes, when its game is logged already."""
        if self.holds(entry.game_id):
            return False
        self.entries.append(entry)
        del self.entries[:-LOG_SIZE]
        return True

    # ------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version."""
        return {"schema": LOG_SCHEMA, "games": [entry.to_dict() for entry in self.entries]}

    @classmethod
    def from_dict(cls, data: Any, kind: GameKind) -> GameLog:
        """Read :meth:`to_dict` data of ``kind``'s log; :class:`DamagedFile` for anything
        else."""
        data = check.record(data, LOG_SCHEMA, "a game log")
        games = data.get("games", [])
        if not isinstance(games, Sequence) or isinstance(games, str) or len(games) > LOG_SIZE:
            raise DamagedFile(f"games must be a list of at most {LOG_SIZE}")
        entries = [LogEntry.from_dict(item, kind) for item in games]
        if len({entry.game_id for entry in entries}) != len(entries):
            raise DamagedFile("a game is logged twice")
        return cls(entries)

    @classmethod
    def load(cls, storage: Storage, kind: GameKind) -> GameLog:
        """``kind``'s log as stored, or an empty one (a damaged file is set aside)."""
        return storage.load(kind.log_file, lambda data: cls.from_dict(data, kind), cls)

    def save(self, storage: Storage, kind: GameKind) -> bool:
        """Store the log now."""
        return storage.save(kind.log_file, self.to_dict())
