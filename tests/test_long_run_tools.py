"""The long runs' tools stand on the game as it is (docs/reliability.md): the kill storm
(tools/kill_storm.py) learns each move the game makes from tools/move_trace.py, which
runs the real game and reports every save of its game in progress as a trace line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_move_trace_runs_the_game_and_reports_its_saves(kind, tmp_path):
    code = kind.code(7)
    trace = tmp_path / "trace.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HALFMOON_HOME=str(tmp_path / "home"),
        HALFMOON_TRACE=str(trace),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    done = subprocess.run(
        [sys.executable, "tools/move_trace.py", "--deal", code, "--max-frames", "3"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    saves = [e for e in events if e["event"] == "saved" and e["kind"] == kind.key]
    dealt = kind.from_code(code)
    # Dealt, then stored again on the way out: each time the deal's own position.
    assert len(saves) >= 2, events
    assert all((save["moves"], save["position"]) == (0, dealt.position()) for save in saves)
    assert [event["event"] for event in events][-1] == "exit"
