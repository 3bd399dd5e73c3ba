"""A second start with ``--deal CODE`` while the game runs (issue 36, item 8): the deal is
passed to the running game, which opens it as any new deal (asking over a game under
way), or one line says it was not opened."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from instance_helpers import game_env, trace_events

ROOT = Path(__file__).resolve().parents[1]


def _second_with_deal(tmp_path: Path, code: str) -> list[str]:
    """A second start with ``--deal code`` on ``tmp_path``'s folders: its lines (it exits 0
    and opens no window)."""
    trace = tmp_path / "second.jsonl"
    env = game_env(tmp_path, trace, XDG_RUNTIME_DIR=str(tmp_path))
    second = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--deal", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert second.returncode == 0 and "window_shown" not in trace_events(trace), second.stderr
    return second.stderr.splitlines()


def _deal_with_a_move(kind):
    """A deal code of ``kind`` and a legal first move of it, as the slots a player taps."""
    for number in range(1, 50):
        moves = [move.slots for move in kind.from_code(kind.code(number)).legal_moves()]
        if any(moves):
            return kind.code(number), next(slots for slots in moves if slots)
    raise AssertionError(f"none of 49 deals of {kind.name} has a first move")


def test_a_second_start_passes_its_deal_and_a_game_under_way_is_asked_for(
    display, tmp_path, monkeypatch, kind
):
    """Issue 36, item 8: a second start dropped its ``--deal`` without a word. It now
    leaves the deal for the running game, which opens it as a new deal: with the usual
    question over a game under way, whose Yes deals it."""
    import signal

    from kind_scripts import make
    from ui_helpers import Driver

    from game.platform import instance
    from game.records.storage import Storage
    from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
    from game.scenes.play import PlayScene
    from game.shell.app import parse_args
    from game.shell.session import Session

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))  # the second start's too
    monkeypatch.setattr(instance, "_serving", False)
    storage = Storage(tmp_path / "config", tmp_path / "data")
    assert storage.lock()
    first, move = _deal_with_a_move(kind)
    wanted = kind.code(987654)
    args = parse_args(["--window", "640x480", "--lang", "en", "--deal", first])
    session = Session.open(args, None, storage)
    before = signal.getsignal(signal.SIGUSR2)
    try:
        assert instance.serve_front_requests()
        driver = Driver.over(session.loop)
        driver.frames(2)
        make(driver, move)
        game = driver.scene.game
        assert game.code == first and game.moves == 1
        lines = _second_with_deal(tmp_path, wanted)
        assert len(lines) == 1 and "already running" in lines[0] and wanted in lines[0], lines
        driver.frames(2)
        question = driver.scene
        assert isinstance(question, ConfirmScene)
        assert question.title == "Abandon this game and deal a new one?"
        driver.seconds(DIALOG_GUARD + 0.1)
        driver.click(question.button_rects()["yes"].center)
        assert isinstance(driver.scene, PlayScene) and driver.scene.game.code == wanted
        assert not list(tmp_path.rglob("*.deal"))  # the request, taken
    finally:
        signal.signal(signal.SIGUSR2, before)
        session.close()


def test_a_deal_the_running_game_cannot_be_asked_for_is_said_not_opened(tmp_path, monkeypatch):
    """A game whose window is still opening cannot be asked (it serves no requests yet):
    one line says the deal was not opened, and nothing is left for it to find later."""
    from game.games.catalog import KINDS
    from game.platform import instance

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr(instance, "_serving", False)
    starting = instance.claim(tmp_path / "data")
    try:
        code = KINDS[0].code(4242)
        lines = _second_with_deal(tmp_path, code)
        assert len(lines) == 1 and f"the deal {code} was not opened" in lines[0], lines
        assert not list(tmp_path.rglob("*.deal"))
    finally:
        starting.release()
