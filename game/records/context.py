"""What the scenes share: settings, the games' records, storage, card art, sound, notices.

Each game of the catalog keeps its own game in progress and statistics, in files of its
own (its records: :class:`game.records.progress.Progress`); the title screen's chosen game is
:attr:`Context.kind`, and ``ctx.game``, ``ctx.elapsed``, ``ctx.game_id`` and
``ctx.stats`` are that game's.

Every change the player would not want to lose is written at once: settings when they
change, the game after every move, statistics when a game starts, ends or stalls.

A game with a move (even one undone since: ``Progress.played``) ends exactly once, as
won, lost or abandoned: its statistics count it (under the game's identity,
``Progress.game_id``), its log lists it, and only then is its save deleted, all in one
commit behind a journal (game.records.endings), with a kiosk's usage record
(game.records.usage), so that a kill or a full disk at any step loses nothing and counts
nothing twice: the next start replays the journal first.
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
from . import endings
from .endings import ENDINGS_FILE, Ending
from .game_log import ABANDONED, LOST, WON, GameLog, LogEntry, now
from .notices import next_notice
from .progress import Progress
from .savegame import SavedGame, new_game_id
from .settings import VOLUMES, Settings
from .statistics import Statistics
from .storage import Commit, Storage

if TYPE_CHECKING:
    import random

    from .kiosk import KioskConfig  # a kiosk's only: not imported for a player's run
    from .usage import Usage


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
    unrecorded: list[Ending] = field(default_factory=list)
    """Games that ended whose records are not known to be on disk yet (a write failed,
    or is still queued): written again with every write of statistics, and at the quit."""
    usage_record: Usage | None = None
    """The kiosk's usage record (game.records.usage), read the first time it counts."""
    _commits: list[tuple[Commit, list[Ending]]] = field(default_factory=list)

    @classmethod
    def open(cls, storage: Storage, **kwargs: object) -> Context:
        """Replay the endings a run left unrecorded, read settings, and the chosen game's
        statistics and saved game; apply the language and sound."""
        settings = Settings.load(storage)
        ctx = cls(storage, settings, **kwargs)  # type: ignore[arg-type]
        ctx.replay()
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

    def replay(self) -> None:
        """Record the endings the journal holds (a run stopped before they were all on
        disk): each counted and logged once, its save, if still there, not offered."""
        found = endings.load(self.storage)
        for ending in found:
            progress = self.of(ending.kind)
            ending.count(progress.stats)
            ending.log(self.log_of(ending.kind))
            if ending.kiosk:
                ending.count_usage(self.usage())
            if progress.game_id == ending.entry.game_id:
                progress.game, progress.played = None, False
        if found:
            self.unrecorded = found
            self._record()

    def offered(self) -> list[GameKind]:
        """The games players may play: the kiosk's ``games``, else every kind."""
        if self.kiosk is None:
            return list(KINDS)
        return [kind_by_key(key) for key in self.kiosk.games]

    def in_progress(self) -> list[GameKind]:
        """The games with a game in progress (each kind's saved game is read)."""
        return [kind for kind in KINDS if self.of(kind).game is not None]

    def at_stake(self, kind: GameKind) -> PlayedGame | None:
        """``kind``'s game in progress if a new deal would end it as a loss: it had a
        move (even one undone since) and is not won; else None."""
        progress = self.of(kind)
        game = progress.game
        if game is None or game.outcome is Outcome.WON:
            return None
        return game if progress.played or game.moves > 0 else None

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
        self.sounds.volume = self.volume
        self.art.set_look(self.settings.deck, self.settings.card_back)
        self.settings.save(self.storage)

    @property
    def volume(self) -> float:
        """The effects' volume (0 ... 1): the setting's, at most a kiosk's ``max_volume``."""
        level = VOLUMES[self.settings.volume]
        return level if self.kiosk is None else min(level, self.kiosk.max_volume / 100)

    # -------------------------------------------------------------- the game
    def save_game(self) -> None:
        """Store the game in progress (called after every move and on quit)."""
        progress = self.current
        if progress.game is not None and not progress.game_id:  # set without begin()
            progress.game_id = new_game_id(progress.game.code)  # it still gets an identity
        if progress.game is not None and self.at_stake(progress.kind) is not None:
            saved = SavedGame(progress.game, progress.elapsed, progress.game_id, True)
            saved.save(self.storage, progress.kind)
        elif not self._unrecorded(progress.kind):  # else an ended game's commit removes it
            self.storage.delete(progress.kind.save_file)

    def save_all(self) -> None:
        """Store every game in progress, and the endings not yet recorded (on quit)."""
        chosen = self.kind
        for key in list(self.progress):
            self.kind = kind_by_key(key)
            self.save_game()
        self.kind = chosen
        if self._unrecorded():
            self._record()

    def begin(self, game: PlayedGame, elapsed: float = 0.0) -> None:
        """``game`` becomes the game in progress of its kind (which becomes the chosen
        one); a game of that kind left unfinished counts as lost."""
        self.choose(kind_of(game))
        self.leave()
        progress = self.current
        progress.game, progress.elapsed, progress.played = game, elapsed, False
        progress.game_id = new_game_id(game.code)
        self.save_game()

    def leave(self, idle: bool = False) -> None:
        """Give up the game in progress (a loss if it had a move, even one undone since,
        and was not won; in the log lost when stalled or ``idle`` ended it, else
        abandoned)."""
        progress = self.current
        game = self.at_stake(progress.kind)
        if game is not None:
            stalled = idle or game.outcome is Outcome.STALEMATE
            self._end(progress, game, LOST if stalled else ABANDONED)
        else:
            self._clear_save()
        progress.game, progress.played = None, False

    def idle_reset(self) -> None:
        """The kiosk's idle countdown ran out: counted in its usage (for the chosen game,
        today), then every game offered is given up (:meth:`leave_all`)."""
        if self.kiosk is not None:
            self.usage().idle_reset(daily.today(), self.kind.key)
            self._save_usage()
        self.leave_all()

    def leave_all(self) -> None:
        """Give up the game in progress of every game offered (the kiosk's idle reset),
        each as :meth:`leave` gives one up: a loss for its kind if it had a move. A game
        the kiosk does not offer is not its players': it is left as it is."""
        chosen = self.kind
        for kind in self.offered():
            self.kind = kind
            self.leave(idle=True)
        self.kind = chosen

    def first_move(self) -> None:
        """The game in progress had its first move: it counts as played (once)."""
        self.current.played = True
        if self.stats.started(self.game_id):
            self._save_stats()
        if self.kiosk is not None and self.usage().started(
            self.game_id, daily.today(), self.kind.key
        ):
            self._save_usage()

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
            self._end(progress, game, WON)
        else:
            self._clear_save()
        progress.game, progress.played = None, False

    def _clear_save(self) -> None:
        """Delete the chosen game's save: it holds no game to record (none, or one that
        never had a move), unless an ended game's commit still has to remove it."""
        progress = self.current
        progress.game = None
        if not self._unrecorded(progress.kind):
            self.storage.delete(progress.kind.save_file)

    def reset_statistics(self) -> None:
        """Start the chosen game's statistics from zero.

        A game in progress that had its first move counts as played from the reset, so
        that its win or loss later adds up (README: "Statistics").
        """
        self.stats = Statistics()
        if self.at_stake(self.kind) is not None:
            self.stats.started(self.game_id)
        self._save_stats()

    def _save_stats(self) -> None:
        """Store the chosen game's statistics: with the endings not yet recorded when
        there are any (they hold them: they must not land without their log entries)."""
        if self._unrecorded():
            self._record([self.kind])
        else:
            self.stats.save(self.storage, self.kind.statistics_file)

    # ------------------------------------------------------------ the usage
    def usage(self) -> Usage:
        """The kiosk's usage record (read from its file on first use)."""
        if self.usage_record is None:
            from .usage import Usage

            self.usage_record = Usage.load(self.storage)
        return self.usage_record

    def _save_usage(self) -> None:
        """Store the usage record: with the endings not yet recorded when there are any
        (it counts them: it must not land without them)."""
        if self._unrecorded():
            self._record()
        else:
            self.usage().save(self.storage)

    # -------------------------------------------------------------- the log
    def log_of(self, kind: GameKind) -> GameLog:
        """``kind``'s game log (read from its file on first use)."""
        log = self.logs.get(kind.key)
        if log is None:
            log = self.logs[kind.key] = GameLog.load(self.storage, kind)
        return log

    # ------------------------------------------------------------- endings
    def _end(self, progress: Progress, game: PlayedGame, result: str) -> None:
        """``game``, ``progress``'s game, ended as ``result``: count it and log it (once:
        a game counted or logged already adds nothing), then record both and remove its
        save in one commit (game.records.endings)."""
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
        kiosk = self.kiosk is not None
        ending = Ending(progress.kind, entry, progress.elapsed, daily.today(), kiosk)
        ending.count(progress.stats)
        ending.log(self.log_of(progress.kind))
        if kiosk:
            ending.count_usage(self.usage())
        self.unrecorded.append(ending)
        self._record()

    def _unrecorded(self, kind: GameKind | None = None) -> list[Ending]:
        """The endings (of ``kind``, or all) not known to be on disk: a commit done with
        every write landed records its endings."""
        for commit, recorded in [item for item in self._commits if item[0].done.is_set()]:
            self._commits.remove((commit, recorded))
            if commit.ok:
                self.unrecorded = [e for e in self.unrecorded if e not in recorded]
        return [e for e in self.unrecorded if kind is None or e.kind is kind]

    def _record(self, also: list[GameKind] | None = None) -> None:
        """Write the journal of the unrecorded endings, then the statistics and the log of
        their kinds (and of ``also``), then remove their saves and the journal: one
        commit, whose removals happen only when every write landed."""
        pending = list(self.unrecorded)
        kinds = list(dict.fromkeys([e.kind for e in pending] + (also or [])))
        writes: list[tuple[str, object]] = [(ENDINGS_FILE, endings.journal(pending))]
        for kind in kinds:
            writes.append((kind.statistics_file, self.of(kind).stats.to_dict()))
            if any(e.kind is kind for e in pending):
                writes.append((kind.log_file, self.log_of(kind).to_dict()))
        if self.usage_record is not None:  # a kiosk's, which counted them
            from .usage import USAGE_FILE

            writes.append((USAGE_FILE, self.usage_record.to_dict()))
        removals = [(e.kind.save_file, e.holds) for e in pending]
        commit = self.storage.commit(writes, [*removals, (ENDINGS_FILE, None)])
        self._commits.append((commit, pending))

    # --------------------------------------------------------------- notices
    def update_notice(self, dt: float) -> bool:
        """Age the notice on screen, or take the next one; True while one shows."""
        self.notice = next_notice(self.notice, dt, self.storage)
        return self.notice is not None
