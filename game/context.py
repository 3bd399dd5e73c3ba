"""What the scenes share: settings, statistics, storage, card art, sound, the game in progress.

Every change the player would not want to lose is written at once: settings when they
change, the game after every move, statistics when a game starts, ends or stalls.

A game that ends is written in two files: the statistics count it (under the game's
identity, :attr:`Context.game_id`), then its save is deleted. A run killed between the
two leaves a save whose game the statistics already counted: it is dropped at the next
start instead of being offered, and never counted again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from . import i18n
from .kiosk import KioskConfig
from .rules import Game, Outcome
from .savegame import SAVE_FILE, SavedGame, new_game_id
from .settings import Settings
from .sound import Sounds
from .sprites import CardArt
from .statistics import Statistics
from .storage import Storage

NOTICE_SECONDS = 6.0
"""How long a notice (a damaged file, a folder that cannot be written) stays."""


@dataclass
class Context:
    """Shared by all scenes. Built by :meth:`open` from the stored files."""

    storage: Storage
    settings: Settings = field(default_factory=Settings)
    stats: Statistics = field(default_factory=Statistics)
    art: CardArt = field(default_factory=CardArt)
    sounds: Sounds = field(default_factory=lambda: Sounds(enabled=False))
    game: Game | None = None
    """The game in progress, offered as Continue on the title screen."""
    elapsed: float = 0.0
    """That game's clock, in seconds."""
    game_id: str = ""
    """That game's identity for the statistics (see game.savegame.new_game_id)."""
    toggle_fullscreen: Callable[[], None] = lambda: None
    """Switch between a window and fullscreen (set by the app)."""
    kiosk: KioskConfig | None = None
    """The kiosk's configuration in kiosk mode, else None."""
    notice: tuple[str, float] | None = None
    """The notice on screen (translated text) and how long it has shown."""

    @classmethod
    def open(cls, storage: Storage, **kwargs: object) -> Context:
        """Read settings, statistics and the saved game; apply the language and sound."""
        settings = Settings.load(storage)
        ctx = cls(storage, settings, Statistics.load(storage), **kwargs)  # type: ignore[arg-type]
        saved = SavedGame.load(storage)
        if saved is not None and ctx.stats.finished(saved.game_id):
            storage.delete(SAVE_FILE)  # its end was counted; the delete did not happen
        elif saved is not None:
            ctx.game, ctx.elapsed, ctx.game_id = saved.game, saved.elapsed, saved.game_id
            # A saved game had its first move, which was counted then (or by a version
            # of the game that did not name games): never count it again.
            ctx.stats.remember_started(saved.game_id)
        ctx.apply_settings()
        return ctx

    # -------------------------------------------------------------- settings
    def apply_settings(self) -> None:
        """Make the settings take effect now (language, sound) and store them."""
        i18n.set_language(self.settings.language)
        self.sounds.enabled = self.settings.sound
        self.settings.save(self.storage)

    # -------------------------------------------------------------- the game
    def save_game(self) -> None:
        """Store the game in progress (called after every move and on quit)."""
        if self.game is None:
            self.storage.delete(SAVE_FILE)
            return
        SavedGame(self.game, self.elapsed, self.game_id).save(self.storage)

    def begin(self, game: Game, elapsed: float = 0.0) -> None:
        """``game`` becomes the game in progress; one left unfinished counts as lost."""
        self.leave()
        self.game, self.elapsed, self.game_id = game, elapsed, new_game_id(game.code)
        self.save_game()

    def leave(self) -> None:
        """Give up the game in progress (a loss if it had a move and was not won)."""
        game = self.game
        if (
            game is not None
            and game.moves > 0
            and game.outcome is not Outcome.WON
            and self.stats.lost_game(self.game_id, game.score)
        ):
            self.stats.save(self.storage)
        self.game = None
        self.storage.delete(SAVE_FILE)

    def first_move(self) -> None:
        """The game in progress had its first move: it counts as played (once)."""
        if self.stats.started(self.game_id):
            self.stats.save(self.storage)

    def stalemated(self) -> None:
        """The game in progress reached a stalemate (counted once per game)."""
        if self.stats.stalemate(self.game_id):
            self.stats.save(self.storage)
        self.save_game()

    def won(self) -> None:
        """The game in progress was won: record it, then clear the save."""
        if self.game is not None and self.stats.won_game(
            self.game_id, self.game.score, self.elapsed
        ):
            self.stats.save(self.storage)
        self.game = None
        self.storage.delete(SAVE_FILE)

    def reset_statistics(self) -> None:
        """Start the statistics from zero.

        A game in progress that had its first move counts as played from the reset, so
        that its win or loss later adds up (README: "Statistics").
        """
        self.stats = Statistics()
        game = self.game
        if game is not None and game.moves > 0 and game.outcome is not Outcome.WON:
            self.stats.started(self.game_id)
        self.stats.save(self.storage)

    # --------------------------------------------------------------- notices
    def update_notice(self, dt: float) -> bool:
        """Age the notice on screen, or take the next one; True while one shows."""
        if self.notice is not None:
            text, age = self.notice
            self.notice = (text, age + dt) if age + dt < NOTICE_SECONDS else None
        if self.notice is None:
            pending = self.storage.take_notice()
            if pending is not None:
                message, args = pending
                self.notice = (i18n._(message).format(**args), 0.0)
        return self.notice is not None
