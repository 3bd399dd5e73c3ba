"""Nothing lost, records that add up (issue 36, items 3, 4, 7 and 8): a game's end on a
full disk or killed at any file step, a game whose moves were all undone, the kiosk's
idle reset beside a game it does not offer, the log's and the statistics' reader, and a
symlinked log, for every kind of the registry through real input where a player does it.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import stat
import subprocess
from pathlib import Path

import pytest
from kind_scripts import make, save_under_way, table, under_way, win_game
from test_data_safety import _kill_at, _Killed
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.records.endings import ENDINGS_FILE
from game.records.game_log import ABANDONED, LOST, MOST_MOVES, WON, GameLog
from game.records.savegame import SavedGame
from game.records.statistics import Statistics
from game.records.storage import Storage
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.end import WinScene
from game.scenes.flow import open_context
from game.scenes.play import PlayScene


def _again(storage: Storage) -> Storage:
    """Another storage on the same folders: what the next start reads."""
    return Storage(storage.config_dir, storage.data_dir)


def _records(storage: Storage, kind) -> tuple[tuple[int, int, int], list[tuple[str, str]]]:
    """``kind``'s (played, won, lost) and its log's (game, result) pairs, as on disk."""
    stats = Statistics.load(_again(storage), kind.statistics_file, kind)
    log = GameLog.load(_again(storage), kind)
    return (stats.played, stats.won, stats.lost), [(e.game_id, e.result) for e in log.entries]


def _won_once(storage: Storage, kind, game_id: str) -> None:
    counts, logged = _records(storage, kind)
    assert counts == (1, 1, 0) and logged == [(game_id, WON)], (counts, logged)
    assert not storage.path(kind.save_file).exists()
    assert not storage.path(ENDINGS_FILE).exists()


# ------------------------------------------------------- 3. a full disk at a win
class Disk:
    """The data folder's disk filling up and freed: a writer whose data never reaches
    the disk (``os.fsync`` fails with ENOSPC, as a full disk's flush does), or, as root,
    a real small tmpfs filled up with a file."""

    def __init__(self, how: str, folder: Path, monkeypatch) -> None:
        self.how, self.folder, self.monkeypatch = how, folder, monkeypatch
        self.filler = folder / "filler"
        if how == "tmpfs":
            folder.mkdir(parents=True)
            mounted = subprocess.run(
                ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
                capture_output=True,
                text=True,
            )
            if mounted.returncode != 0:
                pytest.skip(f"no tmpfs to fill (needs root): {mounted.stderr.strip()}")

    def fill(self) -> None:
        if self.how == "tmpfs":
            with contextlib.suppress(OSError), self.filler.open("wb") as out:
                while True:
                    out.write(b"\0" * 4096)
                    out.flush()
            return

        def full(fd: int) -> None:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        self.monkeypatch.setattr("os.fsync", full)

    def free(self) -> None:
        if self.how == "tmpfs":
            self.filler.unlink()
        else:
            self.monkeypatch.undo()

    def gone(self) -> None:
        if self.how == "tmpfs":
            subprocess.run(["umount", "-l", str(self.folder)], check=False)


@pytest.fixture(params=["ENOSPC writer", "tmpfs"])
def disk(request, tmp_path, monkeypatch):
    made = Disk(request.param, tmp_path / "disk", monkeypatch)
    yield made
    made.gone()


@pytest.mark.parametrize("freed", ["while the game runs", "after it ended", "after a new deal"])
def test_a_win_on_a_full_disk_is_counted_once_and_logged_once_when_space_comes(
    display, disk, kind, freed
):
    storage = Storage(disk.folder / "config", disk.folder / "data", background=True)
    ctx = open_context(storage)
    driver, _game, _start, last = under_way(ctx, kind)
    storage.flush()
    game_id = ctx.game_id
    disk.fill()
    make(driver, last)  # "You won!"
    driver.seconds(3)
    assert isinstance(driver.scene, WinScene)
    storage.flush()
    assert storage.path(kind.save_file).exists()  # its result is nowhere yet: kept
    if freed == "while the game runs":
        disk.free()
    elif freed == "after a new deal":
        driver.key(pygame.K_n)  # the win panel's New game: a deal of that kind, no move
        assert isinstance(driver.scene, PlayScene) and driver.scene.game.moves == 0
        storage.flush()
        assert storage.path(kind.save_file).exists()  # the won game's save, still kept
    ctx.save_all()  # the quit
    storage.close()
    if freed != "while the game runs":
        counts, logged = _records(storage, kind)
        assert counts[1:] == (0, 0) and logged == []  # nothing could be written...
        disk.free()
        again = open_context(_again(storage))
        assert again.of(kind).game is not None  # ...but the game is there, a move from its win
        assert again.of(kind).game_id == game_id
        make(table(again, again.of(kind).game), last)
        again.storage.close()
    else:
        again = open_context(_again(storage))
        assert again.in_progress() == []
        again.storage.close()
    _won_once(storage, kind, game_id)
    assert open_context(_again(storage)).of(kind).stats.won == 1  # the start after: still once


# ------------------------------------- 8. a kill at every file step of a game's end
def _killed_at(monkeypatch, number: int, action) -> int | None:
    """Run ``action``, the process killed at its ``number``-th file operation: None when
    the kill came, else how many file operations it made."""
    calls = _kill_at(monkeypatch, number)
    try:
        action()
    except _Killed:
        return None
    finally:
        monkeypatch.undo()
    return calls[0]


@pytest.mark.parametrize("end", ["won", "abandoned"])
def test_an_end_killed_at_every_file_step_adds_up_and_is_logged_once(
    display, tmp_path, monkeypatch, kind, end
):
    steps = 0
    for number in range(1, 80):
        storage = Storage(tmp_path / f"{number}" / "config", tmp_path / f"{number}" / "data")
        ctx = open_context(storage)
        driver, _game, _start, last = under_way(ctx, kind)
        game_id = ctx.game_id
        ending = functools.partial(make, driver, last) if end == "won" else ctx.leave
        ran = _killed_at(monkeypatch, number, ending)
        if ran is not None:
            steps = ran
            break
        again = open_context(_again(storage))
        counts, logged = _records(storage, kind)
        under = again.of(kind).game is not None
        played, won, lost = counts
        assert played == won + lost + under, (number, counts, under)
        if under:  # its end was not recorded: it ends now, as the player ends it
            if end == "won":
                make(table(again, again.of(kind).game), last)
            else:
                again.choose(kind)
                again.leave()
        counts, logged = _records(storage, kind)
        result = WON if end == "won" else ABANDONED
        assert counts == ((1, 1, 0) if end == "won" else (1, 0, 1)), (number, counts)
        assert logged == [(game_id, result)], (number, logged)
        assert not storage.path(kind.save_file).exists(), number
        assert not storage.path(ENDINGS_FILE).exists(), number
    assert steps >= 9  # killed at each step of the end (journal, statistics, log, save)


# --------------------------------------------------- 7. every move undone, a new deal
def _answer(driver, key: str) -> None:
    scene = driver.scene
    assert isinstance(scene, ConfirmScene), scene
    driver.seconds(DIALOG_GUARD + 0.1)
    driver.click(scene.buttons()[key].center)


def test_a_game_whose_moves_were_all_undone_still_ends_as_abandoned(display, ctx, kind):
    driver, game, start, _last = under_way(ctx, kind)
    game_id = ctx.game_id
    while game.moves:
        driver.key(pygame.K_BACKSPACE)
    assert game.position() == start
    driver.key(pygame.K_n)  # a new deal: the same question as for any game under way
    _answer(driver, "no")
    assert driver.scene.game is game
    driver.key(pygame.K_n)
    _answer(driver, "yes")
    counts, logged = _records(ctx.storage, kind)
    assert counts == (1, 0, 1) and logged == [(game_id, ABANDONED)]


def test_a_game_whose_moves_were_all_undone_is_continued_after_a_restart(display, ctx, kind):
    driver, game, start, _last = under_way(ctx, kind)
    while game.moves:
        driver.key(pygame.K_BACKSPACE)
    ctx.save_all()  # the quit
    again = open_context(_again(ctx.storage))
    assert again.in_progress() == [kind] and again.of(kind).game.position() == start
    again.choose(kind)
    again.leave()  # ended now: a loss, once, in the statistics and the log
    counts, logged = _records(ctx.storage, kind)
    assert counts == (1, 0, 1) and [result for _id, result in logged] == [ABANDONED]


# --------------------------------------- 4. the idle reset, beside a game not offered
def test_the_idle_reset_leaves_alone_a_game_the_kiosk_does_not_offer(
    display, tmp_path, monkeypatch, kind
):
    from game.records.kiosk import KioskConfig
    from game.scenes.kiosk import StillPlayingScene
    from game.shell.app import parse_args
    from game.shell.session import Session

    other = next(each for each in KINDS if each is not kind)
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    storage = Storage(tmp_path / "config", tmp_path / "data")
    _start, position = save_under_way(storage, other)  # a desktop game of ``other``
    save_under_way(storage, kind)
    config = KioskConfig(games=(kind.key,), idle_seconds=3, countdown_seconds=2)
    session = Session.open(parse_args(["--kiosk", "--window", "640x480"]), config, _again(storage))
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        driver.touch(driver.scene.button_rects()["continue"].center)
        driver.seconds(3.5)
        assert isinstance(driver.scene, StillPlayingScene)
        driver.seconds(2.5)  # nobody answered: the idle reset
    finally:
        session.close()
    assert _records(storage, kind)[0] == (1, 0, 1)  # the kiosk's game: put away, lost
    assert _records(storage, other) == ((1, 0, 0), [])  # the other: untouched
    saved = SavedGame.load(_again(storage), other)
    assert saved is not None and saved.game.position() == position


# ------------------------------------------------- 8. what the log's reader accepts
def _write(storage: Storage, name: str, data) -> Path:
    path = storage.path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def _logged(kind, code: str, score: int, moves: int) -> dict:
    entry = {"game": "g1", "when": "2026-12-03T19:05:12", "code": code, "result": WON}
    return {"schema": 1, "games": [{**entry, "score": score, "moves": moves, "seconds": 60.0}]}


def test_the_log_reader_keeps_codes_in_their_canonical_spelling(storage, kind):
    spelled = f" {kind.code(2).lower()} "
    _write(storage, kind.log_file, _logged(kind, spelled, kind.best_score, 1))
    (entry,) = GameLog.load(storage, kind).entries
    assert entry.code == kind.code(2) and storage.take_notice() is None


@pytest.mark.parametrize("what", ["score", "moves", "seconds"])
def test_a_log_entry_no_game_of_its_kind_can_reach_sets_the_log_aside(storage, kind, what):
    data = _logged(kind, kind.code(2), kind.best_score, 1)
    beyond = {
        "score": lambda: kind.best_score + 1,
        "moves": lambda: (kind.most_moves or MOST_MOVES) + 1,
        "seconds": lambda: 10.0**12,
    }
    data["games"][0][what] = beyond[what]()
    path = _write(storage, kind.log_file, data)
    assert GameLog.load(storage, kind).entries == []
    notice = storage.take_notice()
    assert notice is not None and "damaged" in notice[0]
    (aside,) = path.parent.glob(f"{kind.log_file}.bad-*")
    assert json.loads(aside.read_text()) == data  # kept, nothing lost


@pytest.mark.parametrize("result", ["W", "L"])
def test_a_recent_result_scored_beyond_the_best_sets_the_statistics_aside(storage, kind, result):
    stats = Statistics(played=2, won=1, lost=1, total_score=kind.best_score)
    stats.recent = [f"{result}{10**12 - 1}"]
    path = _write(storage, kind.statistics_file, stats.to_dict())
    ctx = open_context(storage)
    assert ctx.of(kind).stats == Statistics()
    assert list(path.parent.glob(f"{kind.statistics_file}.bad-*"))
    stats.recent = [f"{result}0{kind.best_score}"]  # a reachable one, spelled oddly
    _write(storage, kind.statistics_file, stats.to_dict())
    assert Statistics.load(storage, kind.statistics_file, kind).recent == [
        f"{result}{kind.best_score}"
    ]


# -------------------------------------------------------- 8. a symlinked log's mode
@pytest.mark.parametrize("mode", [0o644, 0o640])
def test_a_game_logged_through_a_symlinked_log_keeps_its_mode(display, ctx, tmp_path, kind, mode):
    target = tmp_path / "shared" / "halfmoon-log.json"
    target.parent.mkdir()
    target.write_text(json.dumps({"schema": 1, "games": []}))
    target.chmod(mode)
    link = ctx.storage.path(kind.log_file)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)
    game, moves = win_game(kind)
    driver = table(ctx, game)
    for move in moves:
        make(driver, move)
    assert link.is_symlink() and link.resolve() == target
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert [entry.result for entry in GameLog.load(_again(ctx.storage), kind).entries] == [WON]


def test_a_lost_game_in_the_journal_alone_is_recorded_at_the_next_start(display, ctx, kind):
    """A run that wrote the journal and nothing else (killed): the next start, before
    anything else, counts the game, logs it and removes its save."""
    under_way(ctx, kind)
    game_id = ctx.game_id
    real = ctx.storage._write
    written = []

    def journal_only(name, content):
        if written:
            raise _Killed(name)
        written.append(name)
        return real(name, content)

    ctx.storage._write = journal_only
    with pytest.raises(_Killed):
        ctx.leave(idle=True)
    assert written == [ENDINGS_FILE]
    again = open_context(_again(ctx.storage))
    assert again.of(kind).game is None
    assert _records(ctx.storage, kind) == ((1, 0, 1), [(game_id, LOST)])
    assert not ctx.storage.path(kind.save_file).exists()
