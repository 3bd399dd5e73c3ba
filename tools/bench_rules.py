"""The rules and the solver timed on their own, in this process (no window, no pygame).

:func:`rules_throughput` counts the taps per second of random play; :func:`solver`
solves random deals, at most 2 s each, and tells how many it decided, how many can be
won (with a 95 % confidence interval) and how long it took. tools/bench.py runs both
(``make bench``).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any


def rules_throughput(seconds: float) -> dict[str, Any]:
    """Taps per second in random play (taps anywhere and taps of legal removals)."""
    from game.rules import SLOTS, Game, random_code

    rng = random.Random(7)
    taps, games = 0, 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        game = Game.from_code(random_code(rng))
        games += 1
        while game.outcome is None:
            removals = game.legal_removals()
            if rng.random() < 0.5:
                game.tap(rng.choice(SLOTS))
                taps += 1
            else:
                for slot in rng.choice(removals).slots:
                    game.tap(slot)
                    taps += 1
                game.clear_selection()
    elapsed = time.perf_counter() - started
    return {"taps_per_s": round(taps / elapsed), "games": games}


def solver(count: int, seed: int) -> dict[str, Any]:
    """The solver on ``count`` random deals, at most 2 s each."""
    from game.rules import Game, random_code
    from game.rules.solver import Verdict, solve
    from game.rules.solver.__main__ import _wilson

    rng = random.Random(seed)
    times, decided_times, verdicts = [], [], {v: 0 for v in Verdict}
    for _ in range(count):
        solution = solve(Game.from_code(random_code(rng)), max_seconds=2.0)
        verdicts[solution.verdict] += 1
        times.append(solution.seconds)
        if solution.verdict is not Verdict.UNKNOWN:
            decided_times.append(solution.seconds)
    decided = verdicts[Verdict.WIN] + verdicts[Verdict.NO_WIN]
    low, high = _wilson(verdicts[Verdict.WIN], decided)
    return {
        "deals": count,
        "decided_share": round(decided / count, 4),
        "won": verdicts[Verdict.WIN],
        "not_winnable": verdicts[Verdict.NO_WIN],
        "undecided": verdicts[Verdict.UNKNOWN],
        "winnable_share": round(verdicts[Verdict.WIN] / decided, 4) if decided else 0.0,
        "winnable_95ci": [round(low, 4), round(high, 4)],
        "median_ms": round(1000 * statistics.median(times), 2),
        "max_s": round(max(times), 3),
        "max_decided_s": round(max(decided_times, default=0.0), 3),
    }
