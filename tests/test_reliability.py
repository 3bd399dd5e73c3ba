"""Unexpected errors are logged, the game is kept, and a restarted kiosk resumes it."""

from pathlib import Path

import pytest
from kind_scripts import make, save_under_way, win_game

from game.records.storage import Storage
from game.scenes.flow import open_context
from game.shell.app import main
from game.shell.loop import Loop


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    return tmp_path


def _storage(home: Path) -> Storage:
    return Storage(home / "config", home / "data")


def _crash_on_frame(monkeypatch, number):
    real_frame = Loop.frame
    count = {"frames": 0}

    def frame(self, frame_time):
        count["frames"] += 1
        if count["frames"] == number:
            raise RuntimeError(f"simulated fault in frame {number}")
        return real_frame(self, frame_time)

    monkeypatch.setattr(Loop, "frame", frame)


def test_an_unexpected_error_is_logged_with_its_traceback_and_exits_70(home, monkeypatch, capsys):
    _crash_on_frame(monkeypatch, 5)
    assert main(["--deal", "HM1-N-AAAAAAB", "--max-frames", "20"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    log = home / "log" / "halfmoon.log"
    assert str(log) in err
    text = log.read_text()
    assert "Traceback" in text and "simulated fault in frame 5" in text


@pytest.mark.parametrize("mode", [[], ["--kiosk"]], ids=["desktop", "kiosk"])
def test_an_unexpected_error_while_the_game_is_set_up_is_logged_and_exits_70(
    home, monkeypatch, capsys, mode
):
    """Not a traceback at every start: a defect met before the first frame (in
    ``Session.open``) is logged like one met later, and the lock is let go."""
    from game.shell.session import Session

    def broken(*args, **kwargs):
        raise RuntimeError("simulated fault while the game is set up")

    monkeypatch.setattr(Session, "open", broken)
    assert main([*mode, "--max-frames", "5"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "simulated fault while the game is set up" in (home / "log" / "halfmoon.log").read_text()
    monkeypatch.undo()
    home_env(monkeypatch, home)
    assert main([*mode, "--max-frames", "5"]) == 0  # the lock was let go


def home_env(monkeypatch, home):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(home))


def test_after_a_crash_a_kiosk_restart_resumes_the_saved_game(home, display, monkeypatch, kind):
    _start, position = save_under_way(_storage(home), kind)
    elapsed = open_context(_storage(home)).of(kind).elapsed
    _crash_on_frame(monkeypatch, 3)
    assert main(["--kiosk", "--max-frames", "20"]) == 70
    monkeypatch.undo()
    resumed = open_context(_storage(home))
    assert resumed.kind is kind
    assert resumed.game is not None and resumed.game.position() == position
    assert resumed.elapsed == elapsed
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(home))
    assert main(["--kiosk", "--max-frames", "5"]) == 0


def test_the_log_rotates_and_stays_small(home, monkeypatch):
    from game.shell.session import log_crash

    storage = _storage(home)
    for number in range(400):
        try:
            raise ValueError("x" * 2000 + str(number))
        except ValueError:
            log_crash(storage)
    logs = sorted((home / "log").iterdir())
    assert 1 < len(logs) <= 4
    assert all(path.stat().st_size < 300 * 1024 for path in logs)


def test_resizes_and_a_display_mode_change_mid_animation_keep_the_game(home, display, kind):
    import pygame
    from ui_helpers import Driver

    from game.shell.app import parse_args
    from game.shell.session import Session

    before, _after = save_under_way(_storage(home), kind)  # Continue brings it back
    session = Session.open(parse_args(["--window", "640x480"]), None, _storage(home))
    try:
        driver = Driver.over(session.loop)
        driver.frames(1)
        driver.click(driver.scene.button_rects()["continue"].center)
        play = driver.scene
        driver.click(play.layout.buttons["undo"].center)
        assert play.game.position() == before
        make(driver, win_game(kind)[1][0])  # the move again: its cards fly
        assert play.flying and play.game.moves == 1
        for size in [(320, 240), (3840, 2160), (1080, 1920)]:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            assert play.layout.size == size
        driver.key(pygame.K_F11)  # fullscreen at the desktop size
        assert session.display.fullscreen
        driver.frames(30)
        assert not play.flying and play.game.moves == 1
        driver.click(play.layout.buttons["undo"].center)
        assert play.game.position() == before
    finally:
        session.close()
