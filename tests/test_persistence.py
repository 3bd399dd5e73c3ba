"""Through the real scenes: the game is saved after every move, Continue restores it,
statistics follow the games, settings apply at once and are stored."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kind_scripts import make, table, under_way, win_game
from ui_helpers import Driver, pygame

from game.games.catalog import kind_by_key
from game.look.i18n import _
from game.records.savegame import SavedGame
from game.records.settings import Settings
from game.records.statistics import Statistics
from game.scenes.dialogs import DIALOG_GUARD
from game.scenes.end import WinScene
from game.scenes.flow import Flow, open_context
from game.scenes.menus import SettingsScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

SAVE_FILE = kind_by_key("halfmoon").save_file

ROOT = Path(__file__).resolve().parents[1]
DEAL = "HM1-N-AAAAAAB"


def _reopen(storage):
    """A new session on the same files, as after a restart."""
    from game.records.storage import Storage

    ctx = open_context(Storage(storage.config_dir, storage.data_dir))
    ctx.settings.language = "en"
    ctx.apply_settings()
    return ctx


def test_continue_restores_table_score_moves_clock_and_undo(display, ctx, storage, kind):
    driver, game, _start, last = under_way(ctx, kind)
    driver.seconds(4)
    play = driver.scene
    position, score, moves, elapsed = game.position(), game.score, game.moves, play.elapsed
    ctx.save_all()  # what quitting does

    again = _reopen(storage)
    assert again.kind is kind  # the game chosen last
    title = Flow(again).title()
    driver = Driver(title, size=driver.screen.get_size())
    assert title.entries()[0] == ("continue", "Continue")
    driver.click(title.button_rects()["continue"].center)
    resumed = driver.scene
    assert isinstance(resumed, PlayScene) and resumed.game is not game
    assert resumed.game.position() == position
    assert (resumed.game.score, resumed.game.moves) == (score, moves)
    assert abs(resumed.elapsed - elapsed) < 0.1  # the clock goes on from where it was
    driver.click(resumed.layout.buttons["undo"].center)  # the history came back too
    assert resumed.game.moves == moves - 1 and resumed.game.position() != position
    driver.click(resumed.layout.buttons["redo"].center)
    assert resumed.game.position() == position
    make(driver, last)
    driver.seconds(2)
    assert isinstance(driver.scene, WinScene)
    assert not storage.path(kind.save_file).exists()  # a finished game clears the save
    assert Statistics.load(storage, kind.statistics_file).won == 1


def test_the_game_is_saved_after_every_move(display, ctx, storage, kind):
    game, moves = win_game(kind)
    driver = table(ctx, game)
    for move in moves[:-1]:
        make(driver, move)
        saved = SavedGame.load(storage, kind)
        assert saved is not None and saved.game.moves == game.moves
        assert saved.game.position() == game.position()
    while game.moves > 1:
        driver.key(pygame.K_BACKSPACE)
        assert SavedGame.load(storage, kind).game.position() == game.position()
    driver.key(pygame.K_BACKSPACE)  # every move undone: the game still had one (issue 36)
    saved = SavedGame.load(storage, kind)
    assert game.moves == 0 and saved is not None and saved.game.position() == game.position()


def test_statistics_count_a_game_from_its_first_move_and_a_left_game_as_lost(
    display, ctx, storage, kind
):
    game, moves = win_game(kind)
    driver = table(ctx, game)
    assert ctx.stats.played == 0
    make(driver, moves[0])
    driver.key(pygame.K_BACKSPACE)
    make(driver, moves[0])
    stats = Statistics.load(storage, kind.statistics_file)
    assert stats.played == 1  # once, although the first move was made twice
    driver.key(pygame.K_n)
    driver.key(pygame.K_y)  # yes, a new game (Enter would keep playing)
    stats = Statistics.load(storage, kind.statistics_file)
    assert (stats.played, stats.lost, stats.average_score) == (1, 1, game.score)


def test_statistics_record_wins_streaks_and_best_time(display, ctx, storage, kind):
    for _round in range(2):
        game, moves = win_game(kind)
        driver = table(ctx, game)
        for move in moves:
            make(driver, move)
        driver.seconds(2)
    stats = Statistics.load(storage, kind.statistics_file)
    assert (stats.played, stats.won, stats.current_streak, stats.best_streak) == (2, 2, 2, 2)
    assert stats.best_time > 0 and stats.average_score == game.score


def test_settings_apply_at_once_and_are_stored(display, ctx, storage):
    scene = SettingsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    rects = scene.button_rects()
    driver.click(rects["placement_aid"].center)
    driver.click(rects["animations"].center)
    assert ctx.settings.placement_aid and ctx.settings.animations == "fast"
    stored = Settings.load(storage)
    assert stored.placement_aid and stored.animations == "fast"
    driver.click(rects["language"].center)  # en -> ms
    assert Settings.load(storage).language == "ms"
    assert _("Back") != "Back"  # the interface speaks Malay at once


def test_a_damaged_settings_file_shows_one_notice_on_screen(display, storage):
    storage.path("settings.json").parent.mkdir(parents=True)
    storage.path("settings.json").write_text("{broken")
    ctx = open_context(storage)
    driver = Driver(TitleScene(ctx, Flow(ctx)))
    driver.frames(2)
    assert ctx.notice is not None and "damaged" in ctx.notice[0]
    driver.seconds(7)
    assert ctx.notice is None
    assert list(storage.config_dir.glob("settings.json.bad-*"))


CHILD = """
import os, sys, time
sys.path.insert(0, {tests!r})
os.environ["SDL_VIDEODRIVER"] = "dummy"
from ui_helpers import Driver, pygame
from game.scenes.flow import Flow, open_context
from game.rules import Game
from game.rules.solver import solve
from game.scenes.play import PlayScene
from game.records.storage import Storage
pygame.display.init(); pygame.font.init()
from pathlib import Path

ctx = open_context(Storage(Path({home!r}) / "config", Path({home!r}) / "data",
                           background=True))  # as the app writes: on its own thread
line = solve(Game.from_code({deal!r})).line
play = PlayScene(ctx, Flow(ctx), Game.from_code({deal!r}))
driver = Driver(play)
print("ready", flush=True)
for removal in line:
    for slot in removal.slots:
        driver.click_slot(slot)
    print(play.game.moves, flush=True)
    time.sleep(0.03)  # a fast player: about 1.5 s for the whole game
"""


def test_kill_9_at_any_moment_loses_at_most_the_move_in_flight(tmp_path):
    from game.records.storage import Storage

    killed_mid_game = 0
    for delay in (0.0, 0.2, 0.45, 0.7, 0.95, 1.2):
        home = tmp_path / f"home{delay}"
        child = subprocess.Popen(
            [
                sys.executable,
                "-c",
                CHILD.format(tests=str(ROOT / "tests"), home=str(home), deal=DEAL),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        )
        first = child.stdout.readline().strip()
        assert first == "ready", child.stderr.read()
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        reported = [int(line) for line in child.stdout.read().split()]
        child.wait()
        storage = Storage(home / "config", home / "data")
        saved = SavedGame.load(storage, kind_by_key("halfmoon"))
        assert storage.notices == []  # never a damaged file
        done = reported[-1] if reported else 0
        if done == 0 or done == 48:
            continue
        killed_mid_game += 1
        assert saved is not None, delay
        # The child reports a move once it is made; its save is then queued for the writer
        # thread (as in the app), so the last move reported may be the one in flight.
        assert saved.game.moves >= done - 1, (delay, saved.game.moves, done)
        json.loads(storage.path(SAVE_FILE).read_text())
    assert killed_mid_game >= 3  # the kills really landed during play


def test_statistics_reset_asks_first_then_starts_from_zero(display, ctx, storage):
    from game.scenes.menus import StatisticsScene

    ctx.stats.won_game("an earlier game", 520, 200.0)
    ctx.stats.save(storage)
    scene = StatisticsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    assert "Games won: 1  (100 %)" in scene.lines()
    driver.click(scene.button_rects()["reset"].center)
    assert Statistics.load(storage).won == 1  # nothing happens before the answer
    driver.seconds(DIALOG_GUARD)
    driver.click(driver.scene.button_rects()["no"].center)
    assert driver.scene is scene and Statistics.load(storage).won == 1
    driver.click(scene.button_rects()["reset"].center)
    driver.key(pygame.K_RETURN)  # the safe answer is the default: keep them
    assert driver.scene is scene and Statistics.load(storage).won == 1
    driver.click(scene.button_rects()["reset"].center)
    driver.seconds(DIALOG_GUARD)
    driver.click(driver.scene.button_rects()["yes"].center)
    assert driver.scene is scene and Statistics.load(storage) == Statistics()
    assert "Games played: 0" in scene.lines()


def test_lang_on_the_command_line_sets_and_stores_the_language(tmp_path):
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HALFMOON_HOME": str(tmp_path),
    }
    run = subprocess.run(
        [sys.executable, "main.py", "--lang", "ru", "--max-frames", "3"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    stored = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert stored["language"] == "ru"
    bad = subprocess.run(
        [sys.executable, "main.py", "--lang", "xx"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "--lang" in bad.stderr and "Traceback" not in bad.stderr
