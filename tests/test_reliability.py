"""Unexpected errors are logged, the game is kept, and a restarted kiosk resumes it."""

from pathlib import Path

import pytest

from game.app import main
from game.loop import Loop
from game.rules import Game
from game.savegame import SavedGame
from game.scenes.flow import open_context
from game.storage import Storage


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


def test_after_a_crash_a_kiosk_restart_resumes_the_saved_game(home, monkeypatch):
    game = Game.from_code("HM1-N-AAAAAAB")
    for _ in range(5):
        game.remove(game.legal_removals()[0])
    SavedGame(game, 42.0).save(_storage(home))
    _crash_on_frame(monkeypatch, 3)
    assert main(["--kiosk", "--max-frames", "20"]) == 70
    monkeypatch.undo()
    resumed = open_context(_storage(home))
    assert resumed.game is not None and resumed.game.position() == game.position()
    assert resumed.elapsed == 42.0
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(home))
    assert main(["--kiosk", "--max-frames", "5"]) == 0


def test_the_log_rotates_and_stays_small(home, monkeypatch):
    from game.session import log_crash

    storage = _storage(home)
    for number in range(400):
        try:
            raise ValueError("x" * 2000 + str(number))
        except ValueError:
            log_crash(storage)
    logs = sorted((home / "log").iterdir())
    assert 1 < len(logs) <= 4
    assert all(path.stat().st_size < 300 * 1024 for path in logs)


def test_resizes_and_a_display_mode_change_mid_animation_keep_the_game(home):
    import pygame

    from game.app import parse_args
    from game.session import Session

    session = Session.open(
        parse_args(["--deal", "HM1-N-AAAAAAB", "--window", "1280x720"]), None, _storage(home)
    )
    try:
        loop = session.loop
        loop.run(max_frames=1)
        play = loop.scene
        before = play.game.position()
        for slot in ("3", "4"):  # AD + 10S: a pair flies away
            rect = play.layout.slots[slot]
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=False)
            )
        loop.frame(1 / 60)
        assert play.flying and play.game.moves == 1
        for size in [(320, 240), (3840, 2160), (1080, 1920)]:
            pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )
            assert loop.frame(1 / 60)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
        )
        assert loop.frame(1 / 60)  # fullscreen at the desktop size
        assert session.display.fullscreen
        for _ in range(30):
            assert loop.frame(1 / 60)
        assert not play.flying and play.game.moves == 1
        play.game.undo()
        assert play.game.position() == before
    finally:
        session.close()
