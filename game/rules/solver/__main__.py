"""``python -m game.rules.solver``: solve a deal or a position file, or sample many deals.

One command for every game, naming none: the solver of a code's letter is found among
the kinds' solver packages (:func:`~game.rules.solver.kinds_solvers`), each with the
entry :class:`~.report.KindSolver`; a position file is solved by the kind that knows its
lines. ``--sample N --variant LETTER`` samples any game's deals (the default, ``N``,
samples Half Moon as before).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ..codes import NORMAL_VARIANT, format_code, random_code, read_code
from ..errors import CardError, DealCodeError, PositionError, SlotError
from . import kinds_solvers
from .budget import Verdict
from .report import KindSolver, Report


def _solvers() -> dict[str, KindSolver]:
    """The solver of each code letter: the default letter's (``N``) first, then the
    others in the order of their folders."""
    by_letter: dict[str, KindSolver] = {}
    for module in kinds_solvers():
        for letter in getattr(module, "LETTERS", ""):
            by_letter.setdefault(letter, module)
    first = {k: v for k, v in by_letter.items() if k == NORMAL_VARIANT}
    return first | by_letter


def _wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default)."""
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


def _sample(solver: KindSolver, count: int, seed: int, max_seconds: float, letter: str) -> int:
    rng = random.Random(seed)
    times: list[float] = []
    verdicts = {verdict: 0 for verdict in Verdict}
    for line in solver.sample_header(letter):
        print(line)
    for _ in range(count):
        report = solver.solve_code(random_code(rng, letter), max_seconds)
        verdicts[report.verdict] += 1
        times.append(report.seconds)
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


def _print(name: str, report: Report, limit: float) -> int:
    """Print a verdict, the winning moves if any, and the effort; the exit status."""
    for line in report.notes:
        print(line)
    if report.verdict is Verdict.WIN:
        print(f"{name}: can be won in {len(report.moves)} moves")
        for line in report.moves:
            print(line)
    elif report.verdict is Verdict.NO_WIN:
        print(f"{name}: cannot be won")
    else:
        print(f"{name}: undecided within {limit:g} s")
    print(f"({report.nodes} positions, {1000 * report.seconds:.1f} ms)")
    return 0 if report.verdict is not Verdict.UNKNOWN else 1


def _solve(argument: str, solvers: dict[str, KindSolver], max_seconds: float | None) -> int:
    """Solve a position file or a deal code, and print the answer; the exit status."""
    path = Path(argument)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        for solver in dict.fromkeys(solvers.values()):
            limit = max_seconds if max_seconds is not None else solver.SECONDS
            report = solver.solve_position(text, limit)
            if report is not None:
                return _print(str(path), report, limit)
        raise PositionError(f"{path} is a position of no game: no line names a slot of one")
    letter, number = read_code(argument, "".join(solvers))
    solver = solvers[letter]
    code = format_code(number, letter)
    limit = max_seconds if max_seconds is not None else solver.SECONDS
    return _print(code, solver.solve_code(code, limit), limit)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see ``python -m game.rules.solver --help``."""
    solvers = _solvers()
    names = {letter: solver.NAMES[letter] for letter, solver in solvers.items()}
    games = list(names.values())
    parser = argparse.ArgumentParser(
        prog="python -m game.rules.solver",
        description=f"Solve the deals of {', '.join(games[:-1])} and {games[-1]} (a tool for "
        "tests and analysis; not part of the game). Games with face-down cards are solved with "
        "every card known (thoughtful).",
    )
    parser.add_argument(
        "deal", nargs="?", help="a deal code (HM1-N-AAAAAAB, HM1-O-AAAAAAB) or a position file"
    )
    parser.add_argument("--sample", type=int, metavar="N", help="solve N random deals")
    parser.add_argument("--seed", type=int, default=1, help="random seed for --sample")
    parser.add_argument(
        "--variant",
        choices=list(solvers),
        default=NORMAL_VARIANT,
        help="the game --sample deals: "
        + ", ".join(
            f"{letter} {name}{' (default)' if letter == NORMAL_VARIANT else ''}"
            for letter, name in names.items()
        ),
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        help="time limit per deal (default "
        + ", ".join(
            f"{s.SECONDS:g} s for {'/'.join(s.LETTERS)}" for s in dict.fromkeys(solvers.values())
        )
        + ")",
    )
    args = parser.parse_args(argv)
    if args.sample is not None:
        if args.sample < 1:
            parser.error("--sample needs a positive number")
        solver = solvers[args.variant]
        seconds = args.max_seconds if args.max_seconds is not None else solver.SECONDS
        return _sample(solver, args.sample, args.seed, seconds, args.variant)
    if args.deal is None:
        parser.error("give a deal code or a position file, or --sample N")
    try:
        return _solve(args.deal, solvers, args.max_seconds)
    except (DealCodeError, PositionError, CardError, SlotError, OSError) as error:
        # a code or a position that is none; a wrong move found when solving is a bug
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
