"""Issue 40's acceptance: a kiosk run over several days on a simulated clock, its usage
checked against ``halfmoon --usage-report``, and the report's command line itself.

The kiosk runs through its real hooks (tests/test_kiosk.py's way: the dummy video
driver, real input events, the loop's fixed steps); each game of the registry is won,
abandoned for a new deal or put away by the idle reset a known number of times a day.
The expected rows come from that plan, and the play time from the game log (another
record, written by the same endings): the report must agree with both.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from kind_scripts import SMALL, make, win_game
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.records.kiosk import KioskConfig
from game.records.usage import HEADER, USAGE_FILE
from game.scenes.dialogs import ConfirmScene
from game.scenes.end import WinScene
from game.scenes.flow import Flow
from game.scenes.kiosk import KioskGuard
from game.scenes.play import PlayScene
from game.shell.loop import Loop

ROOT = Path(__file__).resolve().parents[1]
FIRST_DAY = date(2026, 12, 3)
DAYS = 3
IDLE, COUNTDOWN = 20, 3
THINK = 2.5
"""Seconds a player thinks before a move."""


def report(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python main.py --usage-report ARGS`` on the folders under ``home``."""
    return run(home, "main.py", "--usage-report", *args)


def run(home: Path, *args: str, video: str = "dummy") -> subprocess.CompletedProcess[str]:
    """``python ARGS`` on the folders under ``home``, its output as text."""
    env = {**os.environ, "HALFMOON_HOME": str(home), "SDL_VIDEODRIVER": video}
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def plan(day: int, index: int) -> tuple[int, int, int]:
    """(wins, abandoned games, idle resets) of the ``index``-th game of the registry on
    the ``day``-th day: they differ from day to day and game to game, and the last game
    has a day with nothing at all."""
    if index == len(KINDS) - 1 and day == 1:
        return 0, 0, 0
    return (day + index) % 2 + 1, (day + 2 * index) % 3, int((day + index) % 3 == 0)


class Kiosk:
    """A kiosk offering every game, driven through its real hooks."""

    def __init__(self, ctx) -> None:
        ctx.kiosk = KioskConfig(idle_seconds=IDLE, countdown_seconds=COUNTDOWN)
        self.ctx, self.flow = ctx, Flow(ctx)
        guard = KioskGuard(ctx, ctx.kiosk, self.flow)
        self.driver = Driver(self.flow.attract(), size=SMALL)
        self.driver.loop = Loop(
            self.driver.loop.scene, on_event=guard.on_event, on_step=guard.on_step
        )

    def deal(self, kind):
        """A game of ``kind`` a few moves from a win on the table (as a deal code brings
        one), and its moves."""
        game, moves = win_game(kind)
        self.driver.loop.switch(self.flow.play(game))
        self.driver.frames(2)
        return moves

    def win(self, kind) -> None:
        """Each move after a few seconds' thought: the game's clock runs."""
        for move in self.deal(kind):
            self.driver.seconds(THINK)
            make(self.driver, move)
        for _ in range(600):
            if isinstance(self.driver.scene, WinScene):
                return
            self.driver.frames(1)
        raise AssertionError("no win panel")

    def abandon(self, kind) -> None:
        """A move, then New game's question ("n") answered yes: a new deal."""
        make(self.driver, self.deal(kind)[0])
        self.driver.seconds(THINK)
        self.driver.key(pygame.K_n)
        question = self.driver.scene
        assert isinstance(question, ConfirmScene), question
        self.driver.seconds(0.5)  # (a new panel takes no press at first)
        self.driver.click(question.buttons()["yes"].center)
        assert isinstance(self.driver.scene, PlayScene)

    def walk_away(self, kind) -> None:
        """A move, then nobody: "Still playing?" runs out, the title comes back."""
        make(self.driver, self.deal(kind)[0])
        self.driver.seconds(IDLE + COUNTDOWN + 1)
        assert self.driver.scene.attract and self.ctx.of(kind).game is None


@pytest.mark.once
def test_a_multi_day_kiosk_run_is_what_the_usage_report_prints(display, ctx, tmp_path, today):
    kiosk = Kiosk(ctx)
    expected = []
    for day in range(DAYS):
        when = FIRST_DAY + timedelta(days=day)
        today(when)
        for index, kind in enumerate(KINDS):
            wins, abandoned, resets = plan(day, index)
            log = ctx.log_of(kind)
            logged = len(log.entries)
            for _ in range(wins):
                kiosk.win(kind)
            for _ in range(abandoned):
                kiosk.abandon(kind)
            for _ in range(resets):
                kiosk.walk_away(kind)
            seconds = sum(entry.seconds for entry in log.entries[logged:])
            started = wins + abandoned + resets
            if started:
                figures = (started, wins, resets, abandoned, resets, seconds)
                expected.append((when.isoformat(), kind.key, figures))
    ctx.storage.flush()
    assert ctx.storage.path(USAGE_FILE) == tmp_path / "data" / USAGE_FILE

    done = report(tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == HEADER
    rows = [line.split(",") for line in lines[1:]]
    assert [(row[0], row[1]) for row in rows] == [(day, key) for day, key, _f in expected]
    for row, (_day, _key, figures) in zip(rows, expected, strict=True):
        assert [int(value) for value in row[2:7]] == list(figures[:5]), row
        assert abs(int(row[7]) - figures[5]) <= 1, (row, figures)  # (each rounded once)

    since = FIRST_DAY + timedelta(days=1)
    later = report(tmp_path, "--since", since.isoformat())
    assert later.returncode == 0
    assert later.stdout.splitlines() == [HEADER] + [
        line for line in lines[1:] if line >= since.isoformat()
    ]
    config = tmp_path / "kiosk.toml"
    config.write_text(f'games = ["{KINDS[-1].key}"]\n')
    one = report(tmp_path, "--kiosk-config", str(config))
    assert one.returncode == 0
    assert one.stdout.splitlines() == [HEADER] + [
        line for line in lines[1:] if line.split(",")[1] == KINDS[-1].key
    ]


def test_with_no_usage_yet_the_report_is_its_header(tmp_path):
    done = report(tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, HEADER + "\n", "")
    assert not (tmp_path / "data").exists()  # nothing written, no lock taken


@pytest.mark.parametrize("since", ["2026-13-01", "yesterday", ""])
def test_a_bad_since_is_one_line_and_exit_status_2(tmp_path, since):
    done = report(tmp_path, "--since", since)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "--since" in done.stderr, done.stderr


def test_since_without_the_report_is_refused(tmp_path):
    done = run(tmp_path, "main.py", "--since", "2026-12-01")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "--usage-report" in done.stderr


def test_a_damaged_usage_file_is_one_line_and_left_where_it_is(tmp_path):
    path = tmp_path / "data" / USAGE_FILE
    path.parent.mkdir()
    path.write_text('{"schema": 1, "days": {"someday": {}}}')
    done = report(tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and USAGE_FILE in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_text() == '{"schema": 1, "days": {"someday": {}}}'  # the kiosk's to judge


def test_a_refused_kiosk_config_is_one_line_and_exit_status_2(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text('games = ["no-such-game"]\n')
    done = report(tmp_path, "--kiosk-config", str(config))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "kiosk.toml" in done.stderr, done.stderr


def test_the_report_opens_no_window_and_imports_no_pygame(tmp_path):
    code = (
        "import sys\n"
        "from game.shell.app import main\n"
        "status = main(['--usage-report'])\n"
        "print('pygame' in sys.modules, status, file=sys.stderr)\n"
    )
    done = run(tmp_path, "-c", code, video="offscreen")
    assert done.stderr == "False 0\n" and done.stdout == HEADER + "\n"
