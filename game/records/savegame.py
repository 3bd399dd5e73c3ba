"""The game in progress, saved after every move and on quit, restored by Continue."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from ..games.catalog import GameKind, kind_of
from ..rules import Outcome, PlayedGame
from . import fields as check
from .storage import Storage

SAVE_SCHEMA = 1


@dataclass
class SavedGame:
    """A game with its clock and what the statistics already know of it."""

    game: PlayedGame
    """The game: its deal and the moves made (so undo works after Continue too)."""
    elapsed: float = 0.0
    """The game's clock, in seconds."""
    game_id: str = field(default_factory=lambda: new_game_id(None))
    """Which game this is, for the statistics (see :func:`new_game_id`)."""
    played: bool = False
    """It had a move, counted as played, even if every move was undone since: it is in
    progress until it ends as won, lost or abandoned (a game with a move is, anyway)."""

    @property
    def in_progress(self) -> bool:
        """Whether it is a game to continue: it had a move and is not won."""
        return (self.played or self.game.moves > 0) and self.game.outcome is not Outcome.WON

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version."""
        data = {
            "schema": SAVE_SCHEMA,
            "id": self.game_id,
            "game": self.game.to_dict(),
            "elapsed": round(self.elapsed, 3),
        }
        if self.played:
            data["played"] = True
        return data

    @classmethod
    def from_dict(cls, data: Any, kind: GameKind) -> SavedGame:
        """Read :meth:`to_dict` data of a game of ``kind``; raises :class:`DamagedFile`
        (or the rules' own ``SavedGameError``, a ValueError) for anything else.

        A save written before games had an identity gets a new one.
        """
        data = check.record(data, SAVE_SCHEMA, "a saved game")
        elapsed = check.seconds(data, "elapsed")
        game = kind.from_dict(data["game"])
        game_id = check.text(data, "id", new_game_id(game.code), longest=100)
        return cls(game, elapsed, game_id, check.flag(data, "played", False))

    @classmethod
    def load(cls, storage: Storage, kind: GameKind) -> SavedGame | None:
        """The saved game in progress of ``kind``, if there is one (a won game is not in
        progress, nor one that never had a move)."""
        saved = storage.load(kind.save_file, lambda data: cls.from_dict(data, kind), lambda: None)
        return saved if saved is not None and saved.in_progress else None

    def save(self, storage: Storage, kind: GameKind | None = None) -> bool:
        """Store the game now in its kind's file; a game that never had a move or a won
        game clears the save."""
        kind = kind if kind is not None else kind_of(self.game)
        if not self.in_progress:
            storage.delete(kind.save_file)
            return True
        return storage.save(kind.save_file, self.to_dict())


def new_game_id(code: str | None) -> str:
    """A name for one game, unique across runs: its deal code (or ``position``), when it
    began and a random part, e.g. ``HM1-N-AAAAAAB@1764585600123-9f86d081``."""
    # os.urandom, as the secrets module has it, without the 3.4 MB of OpenSSL it loads
    return f"{code or 'position'}@{time.time_ns() // 1_000_000}-{os.urandom(4).hex()}"
