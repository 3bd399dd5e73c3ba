"""The benchmark's long saves: the app started with a 40,000-move save of each game kind.

A legal Crescent save of 40,000 back-and-forth moves (440 KB, under the 1 MB a file may
have) once took 8 GB and ended in MemoryError at every start (issue 26). For each kind a
fresh process starts the app (``--game KIND``, SDL's dummy driver) with the kind's save
in its data folder, once with one move (the empty game: the same deal, the same modules
imported) and once with the longest legal save of up to 40,000 moves; the time from the
process start to the first frame and the resident memory then (``HALFMOON_TRACE``),
medians of a few launches. The load is the difference: its time and memory over the
empty game.

A Crescent moves a card from pile to pile and back. Half Moon's save records removals
only (no undo or redo), so its longest legal save is a whole game but the winning
removal: 47 moves.

    python tools/bench_saves.py [--runs N]     # the figures alone, as JSON

``tools/bench.py`` runs it (``make bench``); tools/bench_budgets.py holds its budgets
(``long_save_*``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MOVES = 40_000


def long_save(key: str, moves: int) -> tuple[dict[str, Any], int] | None:
    """The saved-game file of the kind ``key`` with its longest legal line of up to
    ``moves`` moves (at least one), and its moves; None for a kind this knows no such
    line of."""
    from game.games.catalog import kind_by_key
    from game.records.savegame import SavedGame
    from game.rules import CardMove, Crescent, CrescentRules, Game
    from game.rules.solver import solve

    kind = kind_by_key(key)
    if isinstance(kind.rules, CrescentRules):
        game = Crescent.from_code(kind.code(1))
        for move in game.legal_moves():  # the first that its reverse can follow at once
            if move.source.isdigit() and move.target.isdigit():
                after = Crescent.from_code(kind.code(1))
                after.play(move)
                if after.can_move(move.target, move.source):
                    break
        else:
            return None
        back = CardMove(move.target, move.source)
        line = [str(move), str(back)] * (moves // 2) + [str(move)] * (moves % 2)
        game.play(move)
        data = SavedGame(game).to_dict()
        data["game"]["moves"] = line
        return data, len(line)
    if key == "halfmoon":
        halfmoon = Game.from_code("HM1-N-AAAAAAB")
        for removal in solve(Game.from_code("HM1-N-AAAAAAB")).line[:-1][:moves]:
            halfmoon.remove(removal)
        return SavedGame(halfmoon).to_dict(), halfmoon.moves
    return None


def _launch(key: str, save: dict[str, Any]) -> tuple[float, float]:
    """One start of the app with ``save`` as its kind's game: seconds to the first frame,
    and the RSS then in MB."""
    from game.games.catalog import kind_by_key

    with tempfile.TemporaryDirectory(prefix="hm-bench-saves-") as home:
        data = Path(home) / "data"
        data.mkdir()
        (data / kind_by_key(key).save_file).write_text(json.dumps(save))
        trace = Path(home) / "trace.jsonl"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "DISPLAY"))}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            HALFMOON_HOME=home,
            HALFMOON_TRACE=str(trace),
        )
        command = [sys.executable, str(ROOT / "main.py"), "--game", key, "--max-frames", "2"]
        started = time.time()
        subprocess.run(
            [*command, "--window", "1280x720"],
            env=env,
            cwd=ROOT,
            check=True,
            capture_output=True,
            timeout=120,
        )
        events = [json.loads(line) for line in trace.read_text().splitlines()]
        first = next(e for e in events if e["event"] == "first_frame")
        if list(data.glob("*.bad-*")):
            raise RuntimeError(f"{key}: the app set its save aside as damaged")
        return first["time"] - started, first["rss_kb"] / 1024


def long_saves(runs: int) -> dict[str, Any]:
    """Each kind's start-up with one move and with :data:`MOVES` (launched in turn)."""
    from game.games.catalog import KINDS

    results: dict[str, Any] = {}
    for kind in KINDS:
        empty, full = long_save(kind.key, 1), long_save(kind.key, MOVES)
        if empty is None or full is None:
            results[kind.key] = None
            continue
        (empty_save, _), (full_save, moves) = empty, full
        print(f"long save {kind.key} ...", file=sys.stderr, flush=True)
        launches: dict[str, list[tuple[float, float]]] = {"empty": [], "long": []}
        for _ in range(runs):
            launches["empty"].append(_launch(kind.key, empty_save))
            launches["long"].append(_launch(kind.key, full_save))
        entry: dict[str, Any] = {"moves": moves}
        for name, values in launches.items():
            entry[name] = {
                "first_frame_s": round(statistics.median(t for t, _ in values), 4),
                "rss_mb": round(statistics.median(m for _, m in values), 1),
            }
        entry["load_s"] = round(entry["long"]["first_frame_s"] - entry["empty"]["first_frame_s"], 4)
        entry["rss_over_empty_mb"] = round(entry["long"]["rss_mb"] - entry["empty"]["rss_mb"], 1)
        results[kind.key] = entry
    return results


def figures(results: dict[str, Any] | None) -> dict[str, float]:
    """The figures of the budgets: the slowest kind's load, the largest memory."""
    entries = [entry for entry in (results or {}).values() if entry]
    if not entries:
        return {}
    return {
        "long_save_load_s": max(entry["load_s"] for entry in entries),
        "long_save_rss_over_empty_mb": max(entry["rss_over_empty_mb"] for entry in entries),
    }


def table(results: dict[str, Any]) -> str:
    """The figures as lines of text."""
    lines = [
        f"Long saves (SDL dummy driver, 1280x720): the app started with a {MOVES:,}-move"
        " save of each kind (Half Moon's longest legal save), first frame and RSS, medians",
        f"  {'game':14} {'moves':>6} {'one move':>20} {'long save':>20} {'load':>9} {'memory':>9}",
    ]
    for key, entry in results.items():
        if entry is None:
            lines.append(f"  {key:14} (no long save known)")
            continue
        empty, full = entry["empty"], entry["long"]
        lines.append(
            f"  {key:14} {entry['moves']:>6}"
            f" {empty['first_frame_s']:>8.3f} s {empty['rss_mb']:>6.1f} MB"
            f" {full['first_frame_s']:>8.3f} s {full['rss_mb']:>6.1f} MB"
            f" {entry['load_s']:>7.3f} s {entry['rss_over_empty_mb']:>6.1f} MB"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="launches of each start-up")
    args = parser.parse_args(argv)
    results = long_saves(args.runs)
    print(table(results), file=sys.stderr)
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
