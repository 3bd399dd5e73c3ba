"""Every error the game gives on its way out is one readable line, says why, and is seen
without a console (issue 26, findings 4, 5 and 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.games import catalog
from game.rules.codes import expected_forms
from game.shell import error_line
from game.shell.app import main
from game.shell.error_line import LONGEST

ROOT = Path(__file__).resolve().parents[1]
HUGE = "Q" * 100_000


def _one_cut_line(text: str) -> str:
    assert text.count("\n") == 1 and text.endswith("\n"), text[:500]
    line = text.rstrip("\n")
    assert len(line) <= LONGEST, len(line)
    return line


# ------------------------------------------------ 5. a long value is cut, with its length
@pytest.mark.parametrize(
    "argv",
    [
        ["--window", HUGE],
        ["--lang", HUGE],
        ["--max-frames", HUGE],
        ["--game", HUGE],
        [HUGE],
    ],
    ids=["window", "lang", "max-frames", "game", "stray-argument"],
)
def test_a_100_kb_value_gives_one_readable_line(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--max-frames", "2"] if argv[0] != "--max-frames" else argv)
    assert stop.value.code == 2
    line = _one_cut_line(capsys.readouterr().err)
    assert line.startswith("halfmoon: error: ")
    assert "characters]" in line  # the length is said


def test_a_100_kb_kiosk_config_path_gives_one_readable_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    assert main(["--kiosk-config", HUGE, "--max-frames", "2"]) == 2
    line = _one_cut_line(capsys.readouterr().err)
    assert "characters]" in line


def test_a_100_kb_deal_code_of_every_game_gives_one_readable_line(
    kind, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    with pytest.raises(SystemExit) as stop:
        main(["--deal", kind.prefix + HUGE, "--max-frames", "2"])
    assert stop.value.code == 2
    line = _one_cut_line(capsys.readouterr().err)
    assert "--deal" in line and "characters]" in line


@pytest.mark.parametrize(
    "argv, length, why",
    [
        (["--window", HUGE], len(HUGE), "is not a window size: expected WIDTHxHEIGHT"),
        (["--game", HUGE], len(HUGE), "is not a game"),
        (["--daily", HUGE], len(HUGE), "is not a date: expected YYYY-MM-DD"),
    ],
    ids=["window", "game", "daily"],
)
def test_a_100_kb_value_is_cut_alone_with_its_own_length_and_the_reason_kept_whole(
    argv, length, why, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    with pytest.raises(SystemExit):
        main([*argv, "--max-frames", "2"])
    line = _one_cut_line(capsys.readouterr().err)
    assert f"[{length} characters]" in line, line  # the value's length, not the line's
    assert why in line and line.endswith("(see halfmoon --help)"), line


def test_a_100_kb_deal_code_keeps_the_whole_reason_in_every_game(
    kind, tmp_path, monkeypatch, capsys
):
    """The explanation, the forms a code takes, is the useful part of the line: only the
    value pasted by mistake is cut, and its own length is said."""
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    with pytest.raises(SystemExit):
        main(["--deal", kind.prefix + HUGE, "--max-frames", "2"])
    line = _one_cut_line(capsys.readouterr().err)
    assert f"[{len(kind.prefix + HUGE)} characters]" in line, line
    assert line.startswith("halfmoon: error: argument --deal: ")
    assert line.endswith(f"{expected_forms(catalog.letters())} (see halfmoon --help)"), line


def test_a_cut_line_keeps_its_start_and_end_and_joins_lines():
    line = error_line.cut("start " + "x" * 1000 + "\nend")
    assert line.startswith("start xxx") and line.endswith("x [1000 characters] end")
    assert "\n" not in line and len(line) <= LONGEST
    many = error_line.cut("start " + "ab " * 1000 + "end")  # no one long word to cut
    assert many.startswith("start ab") and many.endswith("ab end")
    assert "[3009 characters]" in many and len(many) <= LONGEST
    assert error_line.cut("short\tline") == "short line"


# ------------------------------------------------------- 4. SDL's reason for no display
def _free_display() -> str:
    taken = (
        {name[1:] for name in os.listdir("/tmp/.X11-unix")}
        if Path("/tmp/.X11-unix").is_dir()
        else set()
    )
    return ":" + next(str(n) for n in range(187, 400) if str(n) not in taken)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays: Linux")
def test_a_display_that_cannot_be_opened_is_named_with_what_sdl_said(tmp_path):
    """DISPLAY set, but no X server on it (or one too busy to take the game): the line
    names the display and SDL's reason, not "set DISPLAY"."""
    display = _free_display()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.pop("WAYLAND_DISPLAY", None)
    env.update(
        DISPLAY=display,
        HALFMOON_HOME=str(tmp_path),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        XDG_RUNTIME_DIR=str(tmp_path),
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--max-frames", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2
    line = _one_cut_line(done.stderr)
    assert f"DISPLAY={display!r}" in line, line
    assert "SDL says 'x11 not available'" in line, line
    assert "set DISPLAY" not in line


# ------------------------------------------------------------ 8. no console: a message box
@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str | None, str]]:
    """No console (``halfmoonw``): standard error and output are None; the message boxes
    shown are recorded instead of shown."""
    shown: list[tuple[str, str | None, str]] = []

    def message_box(title, message=None, message_type="info", **_):
        shown.append((title, message, message_type))
        return 0

    monkeypatch.setattr(pygame.display, "message_box", message_box)
    return shown


def _no_console(monkeypatch):
    """Inside the test: pytest sets its own streams again when the test starts."""
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "stdout", None)


@pytest.mark.parametrize(
    "argv",
    [["--window", "9x9"], ["--lang", "xx"], ["--nonsense"], ["--deal", "HM1-"]],
    ids=["window", "lang", "unknown", "deal"],
)
def test_without_a_console_a_command_line_error_shows_in_a_message_box(argv, boxes, monkeypatch):
    _no_console(monkeypatch)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert len(boxes) == 1
    title, message, kind = boxes[0]
    assert title == "Half Moon" and kind == "error"
    assert message is not None and message.startswith("error: ") and "\n" not in message


def test_without_a_console_the_version_shows_in_a_message_box(boxes, monkeypatch):
    _no_console(monkeypatch)
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert [message for _, message, _ in boxes] == [f"Half Moon {__import__('game').__version__}\n"]


def test_without_a_console_a_kiosk_config_error_shows_in_a_message_box(
    tmp_path, boxes, monkeypatch
):
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    config = tmp_path / "kiosk.toml"
    config.write_text("idle_reset = 'soon'\n", encoding="utf-8")
    _no_console(monkeypatch)
    assert main(["--kiosk-config", str(config), "--max-frames", "2"]) == 2
    assert len(boxes) == 1 and "kiosk.toml" in (boxes[0][1] or "")


def test_with_a_console_no_message_box_is_shown(monkeypatch, capsys) -> None:
    shown: list[object] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: shown.append(a))
    with pytest.raises(SystemExit):
        main(["--window", "9x9"])
    assert shown == [] and capsys.readouterr().err.startswith("halfmoon: error: ")
