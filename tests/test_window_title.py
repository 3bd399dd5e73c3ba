"""The window's title names the game on the table (issue 37, item 9): "Crescent — Half
Moon" over a Crescent table and its panels, the app's name on the title screen and the
menus. Read back from SDL (``pygame.display.get_caption``) on the dummy driver for every
kind, reached by real clicks and keys, and once from a real X window (Xvfb, ``xdotool
getwindowname``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kind_scripts import SMALL, make, stalemate_game, table
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.look.i18n import _
from game.scenes.end import StalemateScene
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parents[1]
APP = "Half Moon"


def _caption() -> str:
    return pygame.display.get_caption()[0]


def test_the_title_is_the_apps_and_a_table_names_its_game(display, ctx, kind):
    driver = Driver(Flow(ctx).title(), size=SMALL)
    driver.frames(1)
    assert _caption() == APP
    driver.click(driver.scene.button_rects()[f"game-{kind.key}"].center)
    driver.click(driver.scene.button_rects()["new"].center)
    assert isinstance(driver.scene, PlayScene)
    driver.frames(1)
    shown = _caption()
    assert shown.startswith(kind.name) and shown.endswith(APP), shown
    driver.key(pygame.K_ESCAPE)  # the menu: the app's name again
    assert isinstance(driver.scene, TitleScene)
    driver.frames(1)
    assert _caption() == APP
    driver.click(driver.scene.button_rects()["continue"].center)
    driver.frames(1)
    assert _caption() == shown


def test_each_game_has_its_own_title_and_its_panels_keep_it(display, ctx):
    titles = set()
    for kind in KINDS:
        game, moves = stalemate_game(kind)
        driver = table(ctx, game)
        driver.frames(1)
        titles.add(_caption())
        for move in moves:
            make(driver, move)
        for _frame in range(180):
            if isinstance(driver.scene, StalemateScene):
                break
            driver.frames(1)
        assert isinstance(driver.scene, StalemateScene)
        assert _caption().startswith(kind.name), (kind.key, _caption())
    assert len(titles) == len(KINDS), titles


def test_the_title_follows_the_language(display, ctx, kind):
    game, _moves = stalemate_game(kind)
    ctx.settings.language = "ru"
    ctx.apply_settings()
    driver = table(ctx, game)
    driver.frames(1)
    assert _caption().startswith(_(kind.name)) and _(APP) in _caption()
    assert _(APP) != APP  # the title is translated, not English


@pytest.mark.once
def test_a_real_x_window_is_named_after_the_game_on_its_table(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    from xsession import missing, virtual_display, window_of, xdotool

    absent = missing(("Xvfb", "xdotool"))
    if absent:
        pytest.skip(f"needs {', '.join(absent)} (apt-get install xvfb xdotool)")
    kind = next(kind for kind in KINDS if kind.name != APP)  # its title is more than the app's
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
    with virtual_display((1024, 768)) as screen:
        env.update(DISPLAY=screen, SDL_AUDIODRIVER="dummy", HALFMOON_HOME=str(tmp_path))
        env.update(PYGAME_HIDE_SUPPORT_PROMPT="1")
        command = [sys.executable, str(ROOT / "main.py"), "--window", "800x480", "--lang", "en"]
        process = subprocess.Popen(
            [*command, "--deal", kind.code(1)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            window = window_of(screen, process)
            wanted = f"{kind.name} \u2014 {APP}"
            deadline = time.monotonic() + 30
            while (name := xdotool(screen, "getwindowname", window).strip()) != wanted:
                assert time.monotonic() < deadline, f"the window is named {name!r}"
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                time.sleep(0.1)
        finally:
            process.terminate()
            process.wait(timeout=10)
