"""Each game's records: its game in progress and its statistics, read from its own files.

The context (:mod:`game.records.context`) keeps one :class:`Progress` per kind of the registry
and writes them back as the games go.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.catalog import GameKind
from ..rules import PlayedGame
from .savegame import SavedGame
from .statistics import Statistics
from .storage import Storage


@dataclass
class Progress:
    """One game's game in progress and statistics, as stored in its own files."""

    kind: GameKind
    stats: Statistics = field(default_factory=Statistics)
    game: PlayedGame | None = None
    """The game in progress, offered as Continue on the title screen."""
    elapsed: float = 0.0
    """That game's clock, in seconds."""
    game_id: str = ""
    """That game's identity for the statistics (see game.records.savegame.new_game_id)."""
    played: bool = False
    """That game had a move (counted as played), even if every move was undone since: it
    ends as won, lost or abandoned, never silently."""

    @classmethod
    def load(cls, storage: Storage, kind: GameKind) -> Progress:
        """Read the kind's statistics and saved game (a finished one is dropped)."""
        progress = cls(kind, Statistics.load(storage, kind.statistics_file, kind))
        saved = SavedGame.load(storage, kind)
        if saved is not None and progress.stats.finished(saved.game_id):
            storage.delete(kind.save_file)  # its end was counted; the delete did not happen
        elif saved is not None:
            progress.game, progress.elapsed = saved.game, saved.elapsed
            progress.game_id, progress.played = saved.game_id, True
            # A saved game had its first move, which was counted then (or by a version
            # of the game that did not name games): never count it again (if the file
            # that counted it was lost since, its end counts it: Statistics._finish).
            progress.stats.remember_started(saved.game_id)
        return progress
