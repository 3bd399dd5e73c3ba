"""``python -m game.rules.solver``: solve a deal or a position file, or sample many deals."""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ..codes import random_code
from ..errors import RulesError
from ..game import Game
from ..table import Table
from .search import Verdict, solve


def _load(argument: str) -> tuple[str, Table]:
    path = Path(argument)
    if path.is_file():
        return str(path), Table.parse(path.read_text(encoding="utf-8"))
    game = Game.from_code(argument)
    assert game.code is not None
    return game.code, game.table


def _wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default)."""
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def _sample(count: int, seed: int, max_seconds: float) -> int:
    rng = random.Random(seed)
    times: list[float] = []
    verdicts = {verdict: 0 for verdict in Verdict}
    for _ in range(count):
        game = Game.from_code(random_code(rng))
        solution = solve(game, max_seconds=max_seconds)
        verdicts[solution.verdict] += 1
        times.append(solution.seconds)
    decided = verdicts[Verdict.WIN] + verdicts[Verdict.NO_WIN]
    times.sort()
    low, high = _wilson(verdicts[Verdict.WIN], decided)
    print(f"deals: {count} (seed {seed}, at most {max_seconds:g} s each)")
    print(f"decided: {decided} ({100 * decided / count:.1f} %)")
    print(
        f"winnable: {verdicts[Verdict.WIN]}, not winnable: {verdicts[Verdict.NO_WIN]}, "
        f"undecided: {verdicts[Verdict.UNKNOWN]}"
    )
    if decided:
        print(
            f"share winnable: {100 * verdicts[Verdict.WIN] / decided:.1f} % "
            f"(95 % interval {100 * low:.1f} ... {100 * high:.1f} %)"
        )
    print(
        f"time per deal: median {1000 * times[len(times) // 2]:.1f} ms, "
        f"max {1000 * times[-1]:.1f} ms"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see ``python -m game.rules.solver --help``."""
    parser = argparse.ArgumentParser(
        prog="python -m game.rules.solver",
        description="Solve Half Moon deals (a tool for tests and analysis; not part of the game).",
    )
    parser.add_argument("deal", nargs="?", help="a deal code (HM1-N-AAAAAAB) or a position file")
    parser.add_argument("--sample", type=int, metavar="N", help="solve N random deals")
    parser.add_argument("--seed", type=int, default=1, help="random seed for --sample")
    parser.add_argument("--max-seconds", type=float, default=2.0, help="time limit per deal")
    args = parser.parse_args(argv)
    if args.sample is not None:
        if args.sample < 1:
            parser.error("--sample needs a positive number")
        return _sample(args.sample, args.seed, args.max_seconds)
    if args.deal is None:
        parser.error("give a deal code or a position file, or --sample N")
    try:
        name, table = _load(args.deal)
    except (RulesError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    solution = solve(table, max_seconds=args.max_seconds)
    if solution.verdict is Verdict.WIN:
        print(f"{name}: can be won in {len(solution.line)} moves")
        replay = Game(table)
        for number, removal in enumerate(solution.line, start=1):
            cards = " ".join(str(replay.top(s)) for s in removal.slots)
            replay.remove(removal)
            print(f"{number:2}. {removal}  ({cards})")
    elif solution.verdict is Verdict.NO_WIN:
        print(f"{name}: cannot be won")
    else:
        print(f"{name}: undecided within {args.max_seconds:g} s")
    print(f"({solution.nodes} positions, {1000 * solution.seconds:.1f} ms)")
    return 0 if solution.verdict is not Verdict.UNKNOWN else 1


if __name__ == "__main__":
    raise SystemExit(main())
