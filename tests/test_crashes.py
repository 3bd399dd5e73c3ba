"""Crashes found by hand (issue 11, items 1-4): each test is named after the fault."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))


def _headless_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HALFMOON_HOME=str(home),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    return env


def _run_python(code: str, home: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=_headless_env(home),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


# ------------------------------------------------------------ 1. resize segfault
def test_segfault_when_the_system_resizes_the_window_while_it_is_fullscreen(tmp_path):
    """The window surface SDL replaces on a resize is never drawn on afterwards.

    A fullscreen window that the system takes out of fullscreen and resizes (a window
    manager, ``xdotool windowsize``) gets a new window surface from SDL; drawing on the
    one taken before was a use after free (``pygame_parachute: Segmentation Fault``).
    """
    done = _run_python(
        """
        import random
        import warnings
        import pygame
        from game.shell.app import parse_args
        from game.shell.session import Session
        from game.records.storage import Storage
        import os, pathlib
        home = pathlib.Path(os.environ["HALFMOON_HOME"])
        args = parse_args(["--deal", "HM1-N-AAAAAAB", "--fullscreen"])
        session = Session.open(args, None, Storage(home / "config", home / "data"))
        try:
            session.loop.run(max_frames=3)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()

            def click():
                w, h = window.size
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    pygame.event.post(pygame.event.Event(kind, pos=(w // 2, h // 3), button=1))
                session.loop.run(max_frames=session.loop.frames + 2)

            def key(code):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0,
                                                     unicode="", scancode=0))
                session.loop.run(max_frames=session.loop.frames + 3)

            rng = random.Random(11)
            wrong = []  # rounds where the table did not follow the window
            for _round in range(60):  # as tools/resize_storm.py does to a real X window
                if rng.random() < 0.2:
                    key(pygame.K_F11)
                size = (rng.randint(320, 1920), rng.randint(240, 1080))
                window.set_windowed()  # what a window manager or the X server may do
                window.size = size
                click()
                if session.loop.scene.size != size:
                    wrong.append((session.loop.scene.size, size))
            assert not wrong, wrong
            print("frames", session.loop.frames)
        finally:
            session.close()
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "frames" in done.stdout


def _storm_or_skip(window_manager: bool) -> None:
    from xsession import missing

    needed = ["Xvfb", "xdotool"] + (["matchbox-window-manager"] if window_manager else [])
    absent = missing(needed)
    if absent:
        pytest.skip(f"needs {', '.join(absent)} for a real X window (apt-get install xvfb xdotool)")


@pytest.mark.parametrize("window_manager", [False, True], ids=["no-wm", "matchbox"])
def test_segfault_while_a_real_x_window_is_resized(window_manager):
    """A short resize storm (tools/resize_storm.py) of every game of the registry in
    turn: resizes, clicks, drags of cards and F11 in Xvfb, 12 s in all."""
    _storm_or_skip(window_manager)
    from resize_storm import storms

    from game.games.catalog import KINDS

    games = [kind.key for kind in KINDS]
    results = storms(12.0 / len(games), 2026, games, window_manager=window_manager)
    for result in results:
        assert result.rounds >= 5 and result.drags >= 1, (result.game, result.rounds)
        assert result.ok, (
            result.game,
            result.died_in_round,
            result.exit_status,
            result.stderr[-3000:],
        )


# ------------------------------------------------------ 2. division by zero in the layout
@pytest.mark.parametrize("size", ["1280x378", "1920x541", "800x255"])
def test_division_by_zero_in_the_layout_at_start_and_on_a_resize_mid_game(
    size, tmp_path, monkeypatch
):
    """A start at such a size exited 1, a resize through it mid-game 70 (the layout's
    arc had no height); tests/test_layout.py checks every size."""
    import pygame

    from game.records.storage import Storage
    from game.shell.app import main, parse_args
    from game.shell.session import Session

    for name, value in _headless_env(tmp_path).items():
        monkeypatch.setenv(name, value)
    assert main(["--window", size, "--deal", "HM1-N-AAAAAAB", "--max-frames", "5"]) == 0
    width, height = (int(part) for part in size.split("x"))
    session = Session.open(
        parse_args(["--deal", "HM1-N-AAAAAAB"]),
        None,
        Storage(tmp_path / "config", tmp_path / "data"),
    )
    try:
        session.loop.run(max_frames=2)
        play = session.loop.scene
        for slot in play.game.legal_removals()[0].slots:
            centre = play.layout.slots[slot].center
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, touch=False)
            )
        session.loop.run(max_frames=4)
        assert play.game.moves == 1
        pygame.display.set_mode((width, height), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(width, height)))
        session.loop.run(max_frames=8)
        assert session.loop.scene.size == (width, height)
    finally:
        session.close()


# ------------------------------------------------- 4. a folder name that is not UTF-8
def test_a_folder_name_that_is_not_utf8_in_a_notice_is_drawn_not_a_crash(
    tmp_path, monkeypatch, capsys
):
    """A notice naming ``HALFMOON_HOME/\\xff/...`` (a folder that cannot be written) drew
    lone surrogates: ``UnicodeEncodeError``, exit 70. The bytes show as U+FFFD."""
    from game.shell.app import main

    home = Path(os.fsdecode(os.fsencode(tmp_path) + b"/\xff-folder"))
    home.mkdir()
    for folder in ("config", "data"):  # as a read-only mount: nothing can be written
        (home / folder).write_text("a file where a folder should be")
    for name, value in _headless_env(home).items():
        monkeypatch.setenv(name, value)
    assert main(["--deal", "HM1-N-AAAAAAB", "--max-frames", "30"]) == 0
    assert capsys.readouterr().err == ""


def test_text_from_the_os_is_shown_with_replacement_characters(display):
    from game.look import ui
    from game.records.storage import shown

    name = os.fsdecode(b"/tmp/\xff\xfe-kiosk")
    assert shown(name) == "/tmp/\ufffd\ufffd-kiosk"
    surface = pygame_surface((400, 100))
    assert ui.draw_text(surface, name, 20).width > 0
    assert ui.fit_px(name, 20, 50) <= 20 and ui.wrap(name, 20, 400) == [shown(name)]
    ui.draw_notice(surface, f"Cannot save in {name}; the game goes on.", 0.0)


def pygame_surface(size):
    import pygame

    return pygame.Surface(size)
