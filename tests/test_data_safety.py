"""Data that must never be lost or double-counted (issue 11, items 3, 5-9 and 14).

Each test is named after the fault it guards against.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ui_helpers import Driver, pygame

from game.games.catalog import kind_by_key
from game.records.savegame import SavedGame
from game.records.settings import SETTINGS_FILE, Settings
from game.records.statistics import STATISTICS_FILE, Statistics
from game.records.storage import Storage
from game.rules import Game
from game.rules.solver import solve
from game.scenes.dialogs import DIALOG_GUARD
from game.scenes.flow import Flow, open_context
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

SAVE_FILE = kind_by_key("halfmoon").save_file

ROOT = Path(__file__).resolve().parents[1]
DEAL = "HM1-N-AAAAAAB"
HUGE = "9" * 400


def _home_env(monkeypatch, home: Path) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(home))


def _storage(home: Path) -> Storage:
    return Storage(home / "config", home / "data")


def _play(driver, removals):
    for removal in removals:
        for slot in removal.slots:
            driver.click_slot(slot)


# ------------------------------------------------ 3. a 400-digit number in any file
def _saved_game_text() -> str:
    game = Game.from_code(DEAL)
    game.remove(game.legal_removals()[0])
    return json.dumps(SavedGame(game, 12.0).to_dict())


HUGE_NUMBERS = {
    "statistics played": (STATISTICS_FILE, f'{{"schema": 1, "played": {HUGE}}}'),
    "statistics best time": (STATISTICS_FILE, f'{{"schema": 1, "best_time": {HUGE}}}'),
    "saved game elapsed": (
        SAVE_FILE,
        _saved_game_text().replace('"elapsed": 12.0', f'"elapsed": {HUGE}'),
    ),
    "saved game version": (
        SAVE_FILE,
        _saved_game_text().replace('"version": 1', f'"version": {HUGE}'),
    ),
    "the schema": (SETTINGS_FILE, f'{{"schema": {HUGE}}}'),
}


@pytest.mark.parametrize(("name", "text"), HUGE_NUMBERS.values(), ids=HUGE_NUMBERS.keys())
def test_a_400_digit_number_in_any_file_makes_it_damaged_not_a_crash_loop(
    name, text, tmp_path, monkeypatch, capsys
):
    from game.shell.app import main

    _home_env(monkeypatch, tmp_path)
    path = _storage(tmp_path).path(name)
    path.parent.mkdir(parents=True)
    path.write_text(text)
    for _start in range(2):  # what a kiosk's supervisor does: start again
        assert main(["--max-frames", "3"]) == 0
    assert capsys.readouterr().err == ""
    kept = list(path.parent.glob(f"{name}.bad-*"))
    assert len(kept) == 1 and kept[0].read_text() == text


def test_a_400_digit_setting_takes_its_default_at_every_start_and_the_others_stay(
    tmp_path, monkeypatch, capsys
):
    """A setting is read on its own (issue 36): the huge value costs that setting alone,
    start after start, and is kept as it was for a version that may understand it."""
    from game.shell.app import main

    _home_env(monkeypatch, tmp_path)
    path = _storage(tmp_path).path(SETTINGS_FILE)
    path.parent.mkdir(parents=True)
    path.write_text(f'{{"schema": 1, "sound": {HUGE}, "four_colour": true}}')
    for _start in range(2):  # what a kiosk's supervisor does: start again
        assert main(["--max-frames", "3"]) == 0
        settings = Settings.load(_storage(tmp_path))
        assert settings.sound and settings.four_colour
    assert capsys.readouterr().err == ""
    assert json.loads(path.read_text())["sound"] == int(HUGE)
    assert not list(path.parent.glob(f"{SETTINGS_FILE}.bad-*"))


def test_every_value_read_from_disk_is_range_checked(storage):
    for data in (
        {"schema": 1, "played": 10**13},
        {"schema": 1, "best_time": 10.0**300},
        {"schema": 1, "total_score": -(10**400)},
        {"schema": 1, "started_games": ["x" * 10_000]},
        {"schema": 1, "finished_games": ["g"] * 100_000},
    ):
        storage.save(STATISTICS_FILE, data)
        assert Statistics.load(storage) == Statistics(), data
        assert storage.take_notice() is not None


# --------------------------------------------- 5. statistics reset during a game
def _menu_statistics_reset(driver, ctx):
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)
    driver.click(driver.scene.button_rects()["stats"].center)
    assert isinstance(driver.scene, StatisticsScene)
    driver.click(driver.scene.button_rects()["reset"].center)
    driver.seconds(DIALOG_GUARD)
    driver.click(driver.scene.button_rects()["yes"].center)
    assert isinstance(driver.scene, StatisticsScene)
    driver.click(driver.scene.button_rects()["back"].center)
    driver.click(driver.scene.button_rects()["continue"].center)
    assert isinstance(driver.scene, PlayScene)


@pytest.mark.parametrize("finish", ["win", "new game"])
def test_resetting_statistics_during_a_game_leaves_figures_that_add_up(
    display, ctx, flow, storage, finish
):
    line = solve(Game.from_code(DEAL)).line
    driver = Driver(PlayScene(ctx, flow, Game.from_code(DEAL)))
    _play(driver, line[:2])
    _menu_statistics_reset(driver, ctx)
    assert Statistics.load(storage).played == 1  # the game in progress counts from the reset
    if finish == "win":
        _play(driver, line[2:])
        driver.seconds(3)
    else:
        driver.key(pygame.K_n)
        driver.key(pygame.K_y)  # yes, a new game
    stats = Statistics.load(storage)
    assert storage.take_notice() is None  # not damaged
    expected = (1, 1, 0) if finish == "win" else (1, 0, 1)
    assert (stats.played, stats.won, stats.lost) == expected
    again = open_context(Storage(storage.config_dir, storage.data_dir))
    assert again.stats == stats and again.storage.take_notice() is None


# ------------------------------------- 6. a finish written in two files, killed between
class _Killed(BaseException):
    """The process dies here (nothing after this point of the run happens)."""


STEPS = ("tempfile.mkstemp", "os.fdopen", "os.fsync", "os.replace", "os.unlink", "os.open")


def _kill_at(monkeypatch, number):
    """Die at the ``number``-th call of any file operation (count in a one-item list)."""
    calls = [0]
    for target in STEPS:
        module, name = target.rsplit(".", 1)
        real = getattr(__import__(module), name)

        def step(*args, _real=real, **kwargs):
            calls[0] += 1
            if calls[0] == number:
                raise _Killed(number)
            return _real(*args, **kwargs)

        monkeypatch.setattr(target, step)
    return calls


def _game_one_move_from_the_end():
    line = solve(Game.from_code(DEAL)).line
    game = Game.from_code(DEAL)
    for removal in line[:-1]:
        game.remove(list(removal.slots))
    return game, line[-1]


def _begin(storage, game):
    ctx = open_context(storage)
    ctx.begin(Game.from_code(DEAL))
    ctx.game = game
    ctx.first_move()
    ctx.save_game()
    return ctx


@pytest.mark.parametrize("finish", ["win", "loss"])
def test_a_finish_killed_at_every_step_is_counted_exactly_once(tmp_path, monkeypatch, finish):
    steps = 0
    for number in range(1, 60):
        home = tmp_path / f"{finish}-{number}"
        storage = _storage(home)
        game, last = _game_one_move_from_the_end()
        ctx = _begin(storage, game)
        calls = _kill_at(monkeypatch, number)
        try:
            if finish == "win":
                game.remove(list(last.slots))
                ctx.won()
            else:
                ctx.leave()
        except _Killed:
            pass
        else:
            steps = calls[0]
            monkeypatch.undo()
            break
        finally:
            monkeypatch.undo()
        # The next start, on what the kill left: the game is offered again only if its
        # end was not counted, and finishing it then counts it.
        restarted = open_context(_storage(home))
        if restarted.game is not None:
            assert restarted.game.position() == game.position() or finish == "win"
            if finish == "win":
                restarted.game.remove(list(last.slots))
                restarted.won()
            else:
                restarted.leave()
        stats = Statistics.load(_storage(home))
        counts = (stats.played, stats.won, stats.lost)
        assert counts == ((1, 1, 0) if finish == "win" else (1, 0, 1)), (number, counts)
        assert open_context(_storage(home)).game is None, number
        assert not _storage(home).path(SAVE_FILE).exists()
    assert steps >= 4  # the kill landed at every step of the finish, then it ran through


def test_the_folder_is_fsynced_after_the_saved_game_is_deleted(storage, monkeypatch):
    SavedGame(_game_one_move_from_the_end()[0]).save(storage)
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(Path(os.readlink(f"/proc/self/fd/{fd}")))
        return real_fsync(fd)

    monkeypatch.setattr("os.fsync", fsync)
    storage.delete(SAVE_FILE)
    assert not storage.path(SAVE_FILE).exists()
    assert synced == [storage.data_dir]


# ---------------------------------------------- 7. a file that cannot be read
def _unreadable(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "a folder in its place":
        path.mkdir()
    elif kind == "a FIFO in its place":
        os.mkfifo(path)
    else:
        path.write_text(json.dumps(Statistics(played=9, won=4).to_dict()))
        path.chmod(0)


KINDS = [
    "a folder in its place",
    "a FIFO in its place",
    pytest.param(
        "no permission",
        marks=pytest.mark.skipif(
            hasattr(os, "geteuid") and os.geteuid() == 0,
            reason="root reads a file of permissions 000; the other two kinds run instead",
        ),
    ),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", [STATISTICS_FILE, SAVE_FILE, SETTINGS_FILE])
def test_a_file_that_cannot_be_read_is_never_overwritten(display, storage, name, kind):
    path = storage.path(name)
    _unreadable(path, kind)
    before = path.lstat()
    ctx = open_context(storage)
    ctx.settings.language = "en"
    ctx.apply_settings()  # writes the settings
    notices = [storage.take_notice(), storage.take_notice()]
    assert notices[0] is not None and "Cannot read" in notices[0][0] and notices[1] is None
    line = solve(Game.from_code(DEAL)).line
    driver = Driver(PlayScene(ctx, Flow(ctx), Game.from_code(DEAL)))
    _play(driver, line)  # a whole game: statistics, saves and the delete at the end
    driver.seconds(3)
    after = path.lstat()
    assert (after.st_mode, after.st_ino, after.st_mtime_ns) == (
        before.st_mode,
        before.st_ino,
        before.st_mtime_ns,
    )
    assert not list(path.parent.glob(f"{name}.bad-*"))  # not "damaged" either


# --------------------------------------------------- 8. two instances on one folder
def test_two_instances_on_one_folder_the_second_says_so_and_exits_0(tmp_path, monkeypatch, capsys):
    from game.shell.app import main

    _home_env(monkeypatch, tmp_path)
    first = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--deal", DEAL],
        cwd=ROOT,
        env=dict(os.environ, HALFMOON_TRACE=str(tmp_path / "trace.jsonl")),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        trace = tmp_path / "trace.jsonl"  # the lock is taken before the window: wait for
        while time.monotonic() < deadline:  # the table, when SIGTERM saves and exits 0
            if trace.exists() and "first_frame" in trace.read_text():
                break
            time.sleep(0.05)
        assert first.poll() is None, first.stderr.read()
        assert main(["--max-frames", "3"]) == 0
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "already running" in err
    finally:
        first.terminate()
        first.wait(timeout=20)
    assert first.returncode == 0
    assert main(["--max-frames", "3"]) == 0  # the lock went with the first
    assert "already running" not in capsys.readouterr().err


def test_two_instances_never_lose_each_others_statistics(tmp_path):
    """Two games on one folder, each finishing games: every finished game is counted
    (without the lock, 54 games played between two of them left 27 recorded)."""
    child = """
import os, sys
sys.path.insert(0, {tests!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"
from pathlib import Path
from ui_helpers import pygame
from game.scenes.flow import open_context
from game.rules import Game
from game.records.storage import AlreadyRunning, Storage

pygame.display.init(); pygame.font.init()
storage = Storage(Path({home!r}) / "config", Path({home!r}) / "data")
try:
    storage.lock()
except AlreadyRunning:
    print("refused"); sys.exit(0)
ctx = open_context(storage)
for _ in range(27):
    ctx.begin(Game.from_code("HM1-N-AAAAAAB"))
    ctx.game.remove(ctx.game.legal_removals()[0])
    ctx.first_move()
    ctx.leave()
storage.close()
print("played", flush=True)
"""
    code = child.format(tests=str(ROOT / "tests"), home=str(tmp_path))
    runs = [
        subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    said = sorted(run.communicate(timeout=60)[0].split()[0] for run in runs)
    stats = Statistics.load(_storage(tmp_path))
    games = 27 * said.count("played")
    assert (stats.played, stats.lost) == (games, games), said


# ------------------------------------------- 9. leftovers of a kill, symlinked files
def test_orphaned_temp_files_after_a_kill_are_cleaned_up_at_the_next_start(tmp_path, monkeypatch):
    from game.shell.app import main

    _home_env(monkeypatch, tmp_path)
    leftovers = [
        tmp_path / "data" / ".game.json.k2x9ab.tmp",
        tmp_path / "data" / ".statistics.json.q8q8q8.tmp",
        tmp_path / "config" / ".settings.json.0a1b2c.tmp",
    ]
    mine = tmp_path / "data" / "notes.tmp"  # not the game's: left alone
    for path in [*leftovers, mine]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"half": ')
    assert main(["--max-frames", "3"]) == 0
    assert [p for p in leftovers if p.exists()] == []
    assert mine.exists()


def test_a_symlinked_settings_file_is_written_through_not_replaced(storage, tmp_path):
    elsewhere = tmp_path / "dotfiles" / "halfmoon-settings.json"
    elsewhere.parent.mkdir()
    Settings(language="fi").save(Storage(elsewhere.parent, elsewhere.parent))
    (elsewhere.parent / SETTINGS_FILE).rename(elsewhere)
    link = storage.path(SETTINGS_FILE)
    link.parent.mkdir(parents=True)
    link.symlink_to(elsewhere)
    assert Settings.load(storage).language == "fi"
    assert Settings(language="ru", placement_aid=True).save(storage)
    assert link.is_symlink() and link.resolve() == elsewhere
    assert json.loads(elsewhere.read_text())["language"] == "ru"
    assert Settings.load(storage).placement_aid


# ------------------------------------------------------ 14. a huge file
def _huge_valid_save(path: Path) -> None:
    """A saved game of about 30 MB that is valid JSON: 2.5 million removals (parsing the
    100 MB one of the report took 11 s and 1.4 GB)."""
    head = json.dumps(SavedGame(_game_one_move_from_the_end()[0]).to_dict())
    removals = '["1", "8"], ' * 2_500_000
    path.write_text(head.replace('"removals": [', '"removals": [' + removals, 1))


@pytest.mark.parametrize("name", [SAVE_FILE, STATISTICS_FILE, SETTINGS_FILE])
@pytest.mark.parametrize("kind", ["100 MB", "30 MB of valid JSON"])
def test_a_100_mb_file_is_refused_as_damaged_before_parsing(storage, name, kind):
    path = storage.path(name)
    path.parent.mkdir(parents=True)
    if kind == "100 MB":
        with path.open("wb") as out:
            out.truncate(100 * 1024 * 1024)  # sparse: 100 MB long, no disk used
    else:
        _huge_valid_save(path)
    started = time.perf_counter()
    loaded = {
        SAVE_FILE: lambda storage: SavedGame.load(storage, kind_by_key("halfmoon")),
        STATISTICS_FILE: Statistics.load,
        SETTINGS_FILE: Settings.load,
    }[name](storage)
    assert time.perf_counter() - started < 0.5
    assert loaded in (None, Statistics(), Settings())
    notice = storage.take_notice()
    assert notice is not None and "damaged" in notice[0]
    assert list(path.parent.glob(f"{name}.bad-*"))


def test_a_file_just_over_1_mb_is_damaged_and_one_just_under_is_read(storage):
    padding = " " * (1024 * 1024 - 1000)
    text = json.dumps(Settings(language="ms").to_dict())
    storage.path(SETTINGS_FILE).parent.mkdir(parents=True)
    storage.path(SETTINGS_FILE).write_text(text[:-1] + padding + "}")
    assert Settings.load(storage).language == "ms"
    storage.path(SETTINGS_FILE).write_text(text[:-1] + padding + " " * 1200 + "}")
    assert Settings.load(storage) == Settings()
    assert storage.take_notice() is not None


def test_a_fifo_as_settings_file_is_never_opened_for_reading(tmp_path):
    """Reading a FIFO waits for a writer: the game would hang at start-up."""
    fifo = tmp_path / "config" / SETTINGS_FILE
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    code = (
        "from pathlib import Path; from game.records.storage import Storage; "
        "from game.records.settings import Settings; "
        f"s = Storage(Path({str(tmp_path / 'config')!r}), Path({str(tmp_path / 'data')!r})); "
        "print(Settings.load(s).sound, s.take_notice()[0])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 0, done.stderr
    assert "Cannot read" in done.stdout
    assert fifo.exists() and not fifo.is_file()


def test_the_data_folder_lock_is_held_by_one_storage_at_a_time(tmp_path):
    from game.records.storage import AlreadyRunning

    storage = _storage(tmp_path)
    assert storage.lock()
    other = _storage(tmp_path)
    with pytest.raises(AlreadyRunning):
        other.lock()
    storage.close()
    assert other.lock()
    other.close()
