"""Clean exits and refusals (issue 11, items 10-13): one clear line, nothing lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.games.catalog import kind_by_key
from game.records.kiosk import KioskConfig, KioskConfigError
from game.records.savegame import SavedGame
from game.records.storage import Storage
from game.rules import DealCodeError, Game, normalize_code
from game.shell.app import main

SAVE_FILE = kind_by_key("halfmoon").save_file


ROOT = Path(__file__).resolve().parents[1]
DEAL = "HM1-N-AAAAAAB"


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "DISPLAY"))}
    env.pop("WAYLAND_DISPLAY", None)
    env.update(HALFMOON_HOME=str(home), SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra)
    return env


def _halfmoon(home: Path, *args: str, timeout: float = 30, **extra: str):
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=_env(home, **extra),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


# ------------------------------------------------------------- 10. no display
@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="always a display there")
def test_no_display_is_refused_with_one_line_and_status_2(tmp_path):
    done = _halfmoon(tmp_path, "--max-frames", "5", timeout=20)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1
    assert "no display: set DISPLAY, or SDL_VIDEODRIVER=dummy" in done.stderr


def test_an_unknown_video_driver_is_refused_with_one_line_and_status_2(tmp_path):
    done = _halfmoon(tmp_path, "--max-frames", "5", SDL_VIDEODRIVER="nonsense")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "SDL_VIDEODRIVER='nonsense'" in done.stderr


def test_a_headless_run_asked_for_explicitly_still_runs(tmp_path):
    done = _halfmoon(tmp_path, "--max-frames", "5", SDL_VIDEODRIVER="dummy")
    assert done.returncode == 0, done.stderr


# ----------------------------------------------------- 11. SIGTERM and SIGINT
def _saved_game(home: Path) -> Game:
    game = Game.from_code(DEAL)
    for _ in range(5):
        game.remove(game.legal_removals()[0])
    SavedGame(game, 42.0).save(Storage(home / "config", home / "data"))
    return game


@pytest.mark.parametrize("mode", ["kiosk", "desktop"])
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_sigterm_and_sigint_save_the_game_and_exit_0_in_every_mode(tmp_path, mode, signame):
    game = _saved_game(tmp_path)
    args = ["--kiosk"] if mode == "kiosk" else []
    trace = tmp_path / "trace.jsonl"
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=_env(tmp_path, SDL_VIDEODRIVER="dummy", HALFMOON_TRACE=str(trace)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not (trace.exists() and "first_frame" in trace.read_text()):
            assert time.monotonic() < deadline and child.poll() is None, child.stderr.read()
            time.sleep(0.05)
        time.sleep(0.5)  # the idle loop is asleep now
        sent = time.monotonic()
        child.send_signal(getattr(signal, signame))
        assert child.wait(timeout=10) == 0, child.stderr.read()
        assert time.monotonic() - sent < 2.0
    finally:  # a game that ignored the signal must not outlive the test
        if child.poll() is None:
            child.kill()
            child.wait()
    saved = json.loads((tmp_path / "data" / SAVE_FILE).read_text())
    assert len(saved["game"]["removals"]) == game.moves and saved["elapsed"] == 42.0


def test_the_kiosk_still_ignores_the_window_close(tmp_path):
    """Only signals end a kiosk: the window's close request is still swallowed."""
    from ui_helpers import pygame

    from game.shell.app import parse_args
    from game.shell.session import Session

    session = Session.open(
        parse_args(["--kiosk"]), KioskConfig(), Storage(tmp_path / "config", tmp_path / "data")
    )
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert session.loop.run(max_frames=5) == 0 and not session.loop.quit
    finally:
        session.close()


# --------------------------------------------------------- 12. kiosk config
@pytest.mark.parametrize(
    "pin", ["\u00b2\u00b3", "\u0661\u0662\u0663", "12a", "1 2", "1234567890123"]
)
def test_a_kiosk_pin_must_be_ascii_digits(pin):
    with pytest.raises(KioskConfigError, match="exit_pin") as error:
        KioskConfig.from_mapping({"exit_pin": pin}, "kiosk.toml")
    assert str(error.value).startswith("kiosk.toml: ")


def test_every_kiosk_config_error_names_the_file_and_the_key(tmp_path):
    cases = {
        "idle_seconds": "idle_seconds = 0",
        "countdown_seconds": 'countdown_seconds = "soon"',
        "allow_settings": "allow_settings = 1",
        "language": 'language = "xx"',
        "exit_chord": 'exit_chord = "q"',
        "exit_pin": 'exit_pin = "abc"',
        "colour": 'colour = "red"',
    }
    for key, line in cases.items():
        path = tmp_path / f"{key}.toml"
        path.write_text(line + "\n")
        with pytest.raises(KioskConfigError) as error:
            KioskConfig.load(path)
        message = str(error.value)
        assert str(path) in message and key in message, message


def test_an_exit_chord_with_an_unknown_key_names_the_file(tmp_path, monkeypatch, capsys):
    config = tmp_path / "kiosk.toml"
    config.write_text('exit_chord = "ctrl+alt+nokey"\n')
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    assert main(["--kiosk-config", str(config), "--max-frames", "2"]) == 2
    err = capsys.readouterr().err
    assert str(config) in err and "exit_chord" in err and err.count("\n") == 1


@pytest.mark.parametrize("kind", ["empty", "/dev/zero", "fifo", "folder", "huge"])
def test_a_kiosk_config_that_is_not_a_small_file_is_refused_at_once(tmp_path, kind):
    if kind == "empty":
        target = ""
    elif kind == "/dev/zero":
        target = "/dev/zero"
    elif kind == "fifo":
        target = str(tmp_path / "kiosk.toml")
        os.mkfifo(target)
    elif kind == "folder":
        target = str(tmp_path)
    else:
        target = str(tmp_path / "kiosk.toml")
        Path(target).write_text("# " + "x" * 70_000 + "\nkiosk = true\n")
    started = time.monotonic()
    done = _halfmoon(tmp_path, "--kiosk-config", target, timeout=20, SDL_VIDEODRIVER="dummy")
    assert time.monotonic() - started < 10
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "kiosk-config" in done.stderr or "kiosk config" in done.stderr


def test_after_5_wrong_pins_the_keypad_waits_30_seconds(display, ctx, flow):
    from ui_helpers import Driver

    from game.scenes.kiosk import KioskGuard, PinScene
    from game.scenes.play import PlayScene
    from game.shell.loop import Loop

    ctx.kiosk = KioskConfig(exit_pin="2580")
    guard = KioskGuard(ctx, ctx.kiosk, flow)
    driver = Driver(PlayScene(ctx, flow, Game.from_code(DEAL)), size=(1280, 720))
    driver.loop = Loop(driver.loop.scene, on_event=guard.on_event, on_step=guard.on_step)
    chord = pygame_mod()

    def open_pad():
        driver.key(chord[0], chord[1])
        assert isinstance(driver.scene, PinScene)
        return driver.scene

    def type_pin(pad, digits):
        for digit in digits:
            driver.click(pad.buttons()[digit].center)
        driver.click(pad.buttons()["ok"].center)

    pad = open_pad()
    for _ in range(5):
        type_pin(pad, "1111")
    driver.click(pad.buttons()["cancel"].center)  # shutting the pad does not end the wait
    pad = open_pad()
    type_pin(pad, "2580")
    assert not driver.loop.quit  # the right PIN is refused while it waits
    driver.seconds(29)
    type_pin(pad, "2580")
    assert not driver.loop.quit
    driver.seconds(1.5)
    for digit in "2580":
        driver.click(pad.buttons()[digit].center)
    import pygame

    driver.click(pad.buttons()["ok"].center)
    assert type(driver.scene).__name__ == "OperatorScene"  # the right PIN: the operator's
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    assert not driver.loop.frame(1 / 60)  # ... whose Quit ends the kiosk


def pygame_mod():
    import pygame

    return pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT


# ------------------------------------------------------- 13. ASCII-only codes
@pytest.mark.parametrize(
    "text", ["hm1-n-aaaaa\ufb00", "hm1-n-aaaaaa\u017f", "HM1-N-AAAAAA\u212a", "\uff28M1-N-AAAAAAB"]
)
def test_a_deal_code_is_ascii_letters_only(text, tmp_path, monkeypatch, capsys):
    with pytest.raises(DealCodeError):
        normalize_code(text)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as done:
        main(["--deal", text, "--max-frames", "2"])
    assert done.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_code_entry_ignores_letters_that_are_not_ascii(display, ctx, flow):
    from ui_helpers import Driver, pygame

    from game.scenes.code_entry import CodeEntryScene
    from game.scenes.title import TitleScene

    scene = CodeEntryScene(ctx, flow, back=TitleScene(ctx, flow))
    driver = Driver(scene)
    driver.post(pygame.TEXTINPUT, text="hm1-n-aaaaa\ufb00\u017f")
    assert scene.text == "HM1-N-AAAAA"


# -------------------------------------------------------- a pulled display
@pytest.mark.parametrize("plain", ["", "1"], ids=["xlib-handler", "plain"])
def test_a_pulled_display_saves_the_game_and_says_so_in_one_line(tmp_path, plain):
    """The X server dies mid-game: the move just made is on disk, one line, exit 1.

    With HALFMOON_PLAIN=1 (no Xlib I/O error handler) Xlib's own exit(1) ends the game:
    the move, saved after it was made, is on disk all the same."""
    sys.path.insert(0, str(ROOT / "tools"))
    from xsession import forget, missing, start_xvfb, window_of, xdotool

    if missing():
        pytest.skip(f"needs {', '.join(missing())} for a real X window")
    from game.table.layout import compute_layout

    server, display = start_xvfb((1280, 720))
    try:
        child = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--deal", DEAL, "--window", "1280x720"],
            cwd=ROOT,
            env=_env(tmp_path, DISPLAY=display, HALFMOON_PLAIN=plain),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        window_of(display, child)
        time.sleep(0.5)
        # no window manager: the window at 0, 0
        slots = compute_layout(1280, 720, kind_by_key("halfmoon").table).slots
        for slot in Game.from_code(DEAL).legal_removals()[0].slots:
            x, y = slots[slot].center
            xdotool(display, "mousemove", str(x), str(y), "click", "1")
            time.sleep(0.2)
        time.sleep(0.3)
    finally:
        server.kill()
        server.wait()
        forget(display)
    assert child.wait(timeout=20) == 1
    err = child.stderr.read()
    said = err.count("\n") == 1 and "the display went away; the game is saved" in err
    assert said == (not plain), err
    saved = json.loads((tmp_path / "data" / SAVE_FILE).read_text())
    assert len(saved["game"]["removals"]) == 1
