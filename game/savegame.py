"""The game in progress, saved after every move and on quit, restored by Continue."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .rules import Game, Outcome
from .storage import DamagedFile, Storage

SAVE_FILE = "game.json"
SAVE_SCHEMA = 1


@dataclass
class SavedGame:
    """A game with its clock and what the statistics already know of it."""

    game: Game
    """The game: its deal and the removals made (so undo works after Continue too)."""
    elapsed: float = 0.0
    """The game's clock, in seconds."""
    stalemate_counted: bool = False
    """Whether this game's current stalemate was already counted."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version."""
        return {
            "schema": SAVE_SCHEMA,
            "game": self.game.to_dict(),
            "elapsed": round(self.elapsed, 3),
            "stalemate_counted": self.stalemate_counted,
        }

    @classmethod
    def from_dict(cls, data: Any) -> SavedGame:
        """Read :meth:`to_dict` data; raises :class:`DamagedFile` (or the rules' own
        ``SavedGameError``, a ValueError) for anything else."""
        if not isinstance(data, dict) or data.get("schema") != SAVE_SCHEMA:
            raise DamagedFile(f"not a saved game of schema {SAVE_SCHEMA}")
        elapsed = data.get("elapsed", 0.0)
        if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)):
            raise DamagedFile(f"elapsed time {elapsed!r} is not a number")
        if not math.isfinite(elapsed) or elapsed < 0:
            raise DamagedFile(f"elapsed time {elapsed!r} is out of range")
        counted = data.get("stalemate_counted", False)
        if not isinstance(counted, bool):
            raise DamagedFile("stalemate_counted is not true or false")
        return cls(Game.from_dict(data["game"]), float(elapsed), counted)

    @classmethod
    def load(cls, storage: Storage) -> SavedGame | None:
        """The saved game in progress, if there is one (a won game is not in progress)."""
        saved = storage.load(SAVE_FILE, cls.from_dict, lambda: None)
        if saved is None or saved.game.outcome is Outcome.WON or saved.game.moves == 0:
            return None
        return saved

    def save(self, storage: Storage) -> bool:
        """Store the game now; a game with no move yet or a won game clears the save."""
        if self.game.moves == 0 or self.game.outcome is Outcome.WON:
            storage.delete(SAVE_FILE)
            return True
        return storage.save(SAVE_FILE, self.to_dict())
