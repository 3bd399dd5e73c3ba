"""``python -m game.rules.solver``: solve a deal or a position file, or sample many deals.

One command for both games: a Half Moon code (``HM1-N-...``) or position is solved by
:func:`solve`, a Crescent one (``HM1-C-``, ``HM1-F-``, ``HM1-O-``, or a position with a
``variant:`` line) by :func:`solve_crescent`; ``--sample N --variant C|F|O`` samples the
Crescents (the default, ``N``, samples Half Moon as before).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from ...games.crescent.game import Crescent
from ...games.crescent.solver.search import CrescentSolution, solve_crescent
from ...games.crescent.variants import VARIANT_LETTERS, variant_of
from ...games.halfmoon.rules import Game
from ...games.halfmoon.solver.search import Solution, solve
from ...games.halfmoon.table import Table
from ..codes import NORMAL_VARIANT, random_code, read_code
from ..errors import RulesError
from .budget import Verdict

HALF_MOON_SECONDS = 2.0
"""Default time limit per Half Moon deal."""
CRESCENT_SECONDS = 10.0
"""Default time limit per Crescent deal."""
_THOUGHTFUL = "thoughtful: solved with every face-down card known"


def _load(argument: str) -> tuple[str, Table | Crescent]:
    path = Path(argument)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if any(line.strip().lower().startswith("variant:") for line in text.splitlines()):
            return str(path), Crescent.from_position(text)
        return str(path), Table.parse(text)
    letter, _ = read_code(argument, NORMAL_VARIANT + VARIANT_LETTERS)
    if letter != NORMAL_VARIANT:
        crescent = Crescent.from_code(argument)
        assert crescent.code is not None
        return crescent.code, crescent
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


def _sample(count: int, seed: int, max_seconds: float, letter: str) -> int:
    rng = random.Random(seed)
    times: list[float] = []
    verdicts = {verdict: 0 for verdict in Verdict}
    if letter != NORMAL_VARIANT:
        variant = variant_of(letter)
        print(f"variant: {variant.name} (HM1-{letter}-, {variant.redeals} redeals)")
        if not variant.face_up:
            print(_THOUGHTFUL)
    for _ in range(count):
        code = random_code(rng, letter)
        solution: Solution | CrescentSolution
        if letter == NORMAL_VARIANT:
            solution = solve(Game.from_code(code), max_seconds=max_seconds)
        else:
            solution = solve_crescent(Crescent.from_code(code), max_seconds=max_seconds)
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


def _report(
    name: str, solution: Solution | CrescentSolution, moves: list[str], limit: float
) -> int:
    """Print a verdict, the winning moves if any, and the effort; the exit status."""
    if solution.verdict is Verdict.WIN:
        print(f"{name}: can be won in {len(solution.line)} moves")
        for line in moves:
            print(line)
    elif solution.verdict is Verdict.NO_WIN:
        print(f"{name}: cannot be won")
    else:
        print(f"{name}: undecided within {limit:g} s")
    print(f"({solution.nodes} positions, {1000 * solution.seconds:.1f} ms)")
    return 0 if solution.verdict is not Verdict.UNKNOWN else 1


def _solve_crescent(name: str, game: Crescent, max_seconds: float) -> int:
    solution = solve_crescent(game, max_seconds=max_seconds)
    if not game.variant.face_up:
        print(f"({game.variant.name}, {_THOUGHTFUL})")
    moves = []
    for number, move in enumerate(solution.line, start=1):
        result = game.play(move)
        card = f"  ({result.card.symbol_name})" if result.card is not None else ""
        moves.append(f"{number:3}. {move}{card}")
    return _report(name, solution, moves, max_seconds)


def _solve_half_moon(name: str, table: Table, max_seconds: float) -> int:
    solution = solve(table, max_seconds=max_seconds)
    replay = Game(table)
    moves = []
    for number, removal in enumerate(solution.line, start=1):
        cards = " ".join(str(replay.top(s)) for s in removal.slots)
        replay.remove(removal)
        moves.append(f"{number:2}. {removal}  ({cards})")
    return _report(name, solution, moves, max_seconds)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: see ``python -m game.rules.solver --help``."""
    parser = argparse.ArgumentParser(
        prog="python -m game.rules.solver",
        description="Solve Half Moon and Crescent deals (a tool for tests and analysis; "
        "not part of the game). Crescent and Crescent Four are solved with every card known.",
    )
    parser.add_argument(
        "deal", nargs="?", help="a deal code (HM1-N-AAAAAAB, HM1-O-AAAAAAB) or a position file"
    )
    parser.add_argument("--sample", type=int, metavar="N", help="solve N random deals")
    parser.add_argument("--seed", type=int, default=1, help="random seed for --sample")
    parser.add_argument(
        "--variant",
        choices=["N", "C", "F", "O"],
        default=NORMAL_VARIANT,
        help="the game --sample deals: N Half Moon (default), C Crescent, F Crescent Four, "
        "O Open Crescent",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        help=f"time limit per deal (default {HALF_MOON_SECONDS:g} s for Half Moon, "
        f"{CRESCENT_SECONDS:g} s for Crescent)",
    )
    args = parser.parse_args(argv)
    if args.sample is not None:
        if args.sample < 1:
            parser.error("--sample needs a positive number")
        default = HALF_MOON_SECONDS if args.variant == NORMAL_VARIANT else CRESCENT_SECONDS
        seconds = args.max_seconds if args.max_seconds is not None else default
        return _sample(args.sample, args.seed, seconds, args.variant)
    if args.deal is None:
        parser.error("give a deal code or a position file, or --sample N")
    try:
        name, loaded = _load(args.deal)
    except (RulesError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if isinstance(loaded, Crescent):
        limit = args.max_seconds if args.max_seconds is not None else CRESCENT_SECONDS
        return _solve_crescent(name, loaded, limit)
    max_seconds = args.max_seconds if args.max_seconds is not None else HALF_MOON_SECONDS
    return _solve_half_moon(name, loaded, max_seconds)


if __name__ == "__main__":
    raise SystemExit(main())
