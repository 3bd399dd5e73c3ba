"""What the scenes share: settings, the games' records, storage, card art, sound, notices.

Each game of the catalog keeps its own game in progress and statistics, in files of its
own (its records: :class:`game.records.progress.Progress`); the title screen's chosen game is
:attr:`Context.kind`, and ``ctx.game``, ``ctx.elapsed``, ``ctx.game_id`` and
``ctx.stats`` are that game's.

Every change the player would not want to lose is written at once: settings when they
change, the game after every move, statistics when a game starts, ends or stalls.

A game that ends is written in two files: the statistics count it (under the game's
identity, ``Progress.game_id``), then its save is deleted. A run killed between the
two leaves a save whose game the statistics already counted: it is dropped at the next
start instead of being offered, and never counted again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..audio.sound import Sounds
from ..games.catalog import KINDS, GameKind, kind_by_key, kind_of
from ..look import i18n
from ..look.sprites import CardArt
from ..rules import Outcome, PlayedGame, daily
from .game_log import ABANDONED, LOST, WON, GameLog, LogEntry, now
from .kiosk import KioskConfig
from .notices import next_notice
from .progress import Progress
from .savegame import SavedGame, new_game_id
from .settings import Settings
from .statistics import Statistics
from .storage import Storage

if TYPE_CHECKING:
    import random


@dataclass
class Context:
    """Shared by all scenes. Built by :meth:`open` from the stored files."""

    storage: Storage
    settings: Settings = field(default_factory=Settings)
    art: CardArt = field(default_factory=CardArt)
    sounds: Sounds = field(default_factory=lambda: Sounds(enabled=False))
    toggle_fullscreen: Callable[[], None] = lambda: None
    """Switch between a window and fullscreen (set by the app)."""
    kiosk: KioskConfig | None = None
    """The kiosk's configuration in kiosk mode, else None."""
    notice: tuple[str, float] | None = None
    """The notice on screen (translated text) and how long it has shown."""
    kind: GameKind = field(default_factory=lambda: KINDS[0])
    """The game chosen on the title screen: the one ``game`` and ``stats`` are of."""
    progress: dict[str, Progress] = field(default_factory=dict)
    """Each game's progress, read from its files the first time it is needed."""
    deals: random.Random | None = None
    """Where new random deals come from: None is the system's randomness; the monkey
    (tools/monkey.py) sets a seeded one, so that its seed replays its run, deals too."""
    logs: dict[str, GameLog] = field(default_factory=dict)
    """Each game's log of its last games (game.records.game_log), read the first time it is
    needed."""

    @classmethod
    def open(cls, storage: Storage, **kwargs: object) -> Context:
        """Read settings, and the chosen game's statistics and saved game; apply the
        language and sound."""
        settings = Settings.load(storage)
        ctx = cls(storage, settings, **kwargs)  # type: ignore[arg-type]
        ctx.kind = kind_by_key(settings.game)
        ctx.of(ctx.kind)
        ctx.apply_settings()
        return ctx

    def of(self, kind: GameKind) -> Progress:
        """The progress of ``kind`` (read from its files on first use)."""
        progress = self.progress.get(kind.key)
        if progress is None:
            progress = self.progress[kind.key] = Progress.load(self.storage, kind)
        return progress

    def choose(self, kind: GameKind) -> None:
        """The title screen's game is now ``kind`` (remembered in the settings)."""
        self.kind = kind
        self.of(kind)
        if self.settings.game != kind.key:
            self.settings.game = kind.key
            self.settings.save(self.storage)

    def offered(self) -> list[GameKind]:
        """The games players may play: the kiosk's ``games``, else every kind."""
        if self.kiosk is None:
            return list(KINDS)
        return [kind_by_key(key) for key in self.kiosk.games]

    def in_progress(self) -> list[GameKind]:
        """The games with a game in progress (each kind's saved game is read)."""
        return [kind for kind in KINDS if self.of(kind).game is not None]

    # ------------------------------------------- the chosen game's progress
    @property
    def current(self) -> Progress:
        """The chosen game's progress."""
        return self.of(self.kind)

    @property
    def game(self) -> PlayedGame | None:
        """The chosen game's game in progress."""
        return self.current.game

    @game.setter
    def game(self, game: PlayedGame | None) -> None:
        self.current.game = game

    @property
    def elapsed(self) -> float:
        """The game in progress's clock, in seconds."""
        return self.current.elapsed

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        self.current.elapsed = seconds

    @property
    def game_id(self) -> str:
        """The game in progress's identity."""
        return self.current.game_id

    @property
    def stats(self) -> Statistics:
        """The chosen game's statistics."""
        return self.current.stats

    @stats.setter
    def stats(self, stats: Statistics) -> None:
        self.current.stats = stats

    # -------------------------------------------------------------- settings
    def apply_settings(self) -> None:
        """Make the settings take effect now (language, sound, cards) and store them."""
        i18n.set_language(self.settings.language)
        self.sounds.enabled = self.settings.sound
        self.art.set_look(self.settings.deck, self.settings.card_back)
        self.settings.save(self.storage)

    # -------------------------------------------------------------- the game
    def save_game(self) -> None:
        """Store the game in progress (called after every move and on quit)."""
        progress = self.current
        if progress.game is None:
            self.storage.delete(progress.kind.save_file)
            return
        if not progress.game_id:  # a game set without begin(): it still gets an identity
            progress.game_id = new_game_id(progress.game.code)
        SavedGame(progress.game, progress.elapsed, progress.game_id).save(
            self.storage, progress.kind
        )

    def save_all(self) -> None:
        """Store every game in progress (on quit)."""
        chosen = self.kind
        for key in list(self.progress):
            self.kind = kind_by_key(key)
            self.save_game()
        self.kind = chosen

    def begin(self, game: PlayedGame, elapsed: float = 0.0) -> None:
        """``game`` becomes the game in progress of its kind (which becomes the chosen
        one); a game of that kind left unfinished counts as lost."""
        self.choose(kind_of(game))
        self.leave()
        progress = self.current
        progress.game, progress.elapsed = game, elapsed
        progress.game_id = new_game_id(game.code)
        self.save_game()

    def leave(self, idle: bool = False) -> None:
        """Give up the game in progress (a loss if it had a move and was not won; in
        the log lost when stalled or ``idle`` ended it, else abandoned)."""
        progress = self.current
        game = progress.game
        if game is not None and game.moves > 0 and game.outcome is not Outcome.WON:
            if progress.stats.lost_game(progress.game_id, game.score, game.moves):
                self._save_stats()
            stalled = idle or game.outcome is Outcome.STALEMATE
            self._log(progress, game, LOST if stalled else ABANDONED)
        progress.game = None
        self.storage.delete(progress.kind.save_file)

    def leave_all(self) -> None:
        """Give up the game in progress of every kind (the kiosk's idle reset), each as
        :meth:`leave` gives one up: a loss for its kind if it had a move."""
        chosen = self.kind
        for kind in KINDS:
            self.kind = kind
            self.leave(idle=True)
        self.kind = chosen

    def first_move(self) -> None:
        """The game in progress had its first move: it counts as played (once)."""
        if self.stats.started(self.game_id):
            self._save_stats()

    def stalemated(self) -> None:
        """The game in progress reached a stalemate (counted once per game)."""
        if self.stats.stalemate(self.game_id):
            self._save_stats()
        self.save_game()

    def won(self) -> None:
        """The game in progress was won: record it, then clear the save."""
        progress = self.current
        game = progress.game
        if game is not None:
            if progress.stats.won_game(progress.game_id, game.score, progress.elapsed, game.moves):
                progress.stats.won_daily(game.code, daily.today())  # today's deal of the day?
                self._save_stats()
            self._log(progress, game, WON)
        progress.game = None
        self.storage.delete(progress.kind.save_file)

    def reset_statistics(self) -> None:
        """Start the chosen game's statistics from zero.

        A game in progress that had its first move counts as played from the reset, so
        that its win or loss later adds up (README: "Statistics").
        """
        self.stats = Statistics()
        game = self.game
        if game is not None and game.moves > 0 and game.outcome is not Outcome.WON:
            self.stats.started(self.game_id)
        self._save_stats()

    def _save_stats(self) -> None:
        self.stats.save(self.storage, self.kind.statistics_file)

    # -------------------------------------------------------------- the log
    def log_of(self, kind: GameKind) -> GameLog:
        """``kind``'s game log (read from its file on first use)."""
        log = self.logs.get(kind.key)
        if log is None:
            log = self.logs[kind.key] = GameLog.load(self.storage, kind)
        return log

    def _log(self, progress: Progress, game: PlayedGame, result: str) -> None:
        """Log the game that ends, before its save is deleted (once: a game in the log
        already adds nothing)."""
        game_id = progress.game_id or new_game_id(game.code)
        entry = LogEntry(
            game_id,
            now(),
            game.code or "",
            result,
            game.score,
            game.moves,
            round(progress.elapsed, 1),
        )
        log = self.log_of(progress.kind)
        if log.add(entry):
            log.save(self.storage, progress.kind)

    # --------------------------------------------------------------- notices
    def update_notice(self, dt: float) -> bool:
        """Age the notice on screen, or take the next one; True while one shows."""
        self.notice = next_notice(self.notice, dt, self.storage)
        return self.notice is not None
