"""The deal of the day from the command line (``--daily [DATE]``, README "Deal of the
day"): the day's deal of the chosen game, one clear line for a bad date, and no calendar
read before the first title frame."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from ui_helpers import Driver

from game.records.storage import Storage
from game.rules import daily
from game.scenes.play import PlayScene

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------- the command line
def _session(tmp_path, *argv):
    from game.shell.app import parse_args
    from game.shell.session import Session

    args = parse_args([*argv, "--window", "640x480", "--lang", "en"])
    return Session.open(args, None, Storage(tmp_path / "config", tmp_path / "data"))


def test_daily_with_a_date_on_the_command_line_starts_that_days_deal(display, tmp_path, kind):
    session = _session(tmp_path, "--daily", "2026-12-03", "--game", kind.key)
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        assert isinstance(driver.scene, PlayScene)
        assert driver.scene.game.code == daily.code(date(2026, 12, 3), kind.letter)
        assert session.ctx.kind is kind
    finally:
        session.close()


def test_daily_alone_starts_todays_deal_of_the_title_screens_game(display, tmp_path, today, kind):
    from game.records.context import Context

    ctx = Context.open(Storage(tmp_path / "config", tmp_path / "data"))
    ctx.choose(kind)  # the game chosen last time
    ctx.storage.close()
    today(date(2027, 2, 28))
    session = _session(tmp_path, "--daily")
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        assert driver.scene.game.code == daily.code(date(2027, 2, 28), kind.letter)
    finally:
        session.close()


def _run(tmp_path, *argv):
    return subprocess.run(
        [sys.executable, "-m", "game", *argv, "--max-frames", "2"],
        cwd=ROOT,
        env={"HALFMOON_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--daily", "2026-02-30"], "'2026-02-30' is not a date: expected YYYY-MM-DD"),
        (["--daily", "3.12.2026"], "'3.12.2026' is not a date: expected YYYY-MM-DD"),
        (["--daily", "2026-12-03", "--deal", "HM1-N-AAAAAAB"], "--deal and --daily"),
    ],
)
def test_a_bad_daily_is_one_clear_line_and_status_2(tmp_path, argv, words):
    done = _run(tmp_path, *argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr


# ------------------------------------------------------------------------ start-up
def test_the_first_title_frame_reads_no_calendar(tmp_path):
    """The daily deal adds no import to start-up: datetime (2 ms) waits for a date."""
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "from game.shell.app import parse_args\n"
        "from game.shell.session import Session\n"
        "from game.records.storage import Storage\n"
        f"home = {str(tmp_path)!r}\n"
        "session = Session.open(parse_args(['--window', '640x480']), None,\n"
        "    Storage(Path(home, 'c'), Path(home, 'd')))\n"
        "session.loop.frame(1 / 60)\n"
        "print(type(session.loop.scene).__name__, 'datetime' in sys.modules)\n"
        "session.close()\n"
    )
    pygame_alone = subprocess.run(
        [sys.executable, "-c", "import sys, pygame; print('datetime' in sys.modules)"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
    )
    if pygame_alone.stdout.split() == ["True"]:  # e.g. pygame-ce 2.5.0 through pkgutil
        pytest.skip("this pygame-ce imports datetime itself: the game's own imports unseen")
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split() == ["TitleScene", "False"], done.stderr
