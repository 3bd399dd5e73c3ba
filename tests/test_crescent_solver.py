"""The Crescent solver (tests and analysis only): won lines replayed, losses checked."""

import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import solver_cli
from crescent_helpers import ACE_UP, KING_DOWN, crescent, random_text, suit_run

from game.games.crescent.solver import search as crescent_search
from game.rules import REDEAL, VARIANTS, CardMove, Crescent, Outcome, format_code
from game.rules.solver import Verdict, solve_crescent

ROOT = Path(__file__).resolve().parents[1]


def _won_deals(letter, count, seed):
    """The first ``count`` deals of a seeded random stream that the solver wins within a
    small node budget, with their solutions."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = Crescent.from_code(format_code(rng.randrange(26**7), letter))
        solution = solve_crescent(game, max_nodes=1500)
        if solution.verdict is Verdict.WIN:
            found.append((game, solution))
    return found


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_whole_games_the_solver_wins_replayed_through_the_public_api_end_won_with_480(variant):
    for game, solution in _won_deals(variant.letter, 10, seed=13 + "CFO".index(variant.letter)):
        assert sum(move is REDEAL for move in solution.line) <= variant.redeals
        for move in solution.line:
            if isinstance(move, CardMove):
                game.move(move.source, move.target)
            else:
                game.redeal()
        assert game.outcome is Outcome.WON, game.code
        assert game.score == 480 and game.moves == len(solution.line)


def _brute_force_winnable(game):
    """Plain exhaustive search over every legal move and redeal, remembering positions."""
    seen = set()

    def winnable():
        text = game.position()
        if text in seen:
            return False
        seen.add(text)
        if game.table.is_won():
            return True
        for move in game.legal_moves() + ([REDEAL] if game.redeals_left else []):
            game.play(move)
            won = winnable()
            game.undo()
            if won:
                return True
        return False

    return winnable()


def _agree_with_brute_force(rng, count, **table):
    """Solve ``count`` random positions, each checked against brute force; the verdicts,
    and how many searches after a late redeal were set aside on the way."""
    verdicts = {True: 0, False: 0}
    set_aside = 0
    for _ in range(count):
        text = random_text(rng, sequence=0.1, **table)
        expected = _brute_force_winnable(Crescent.from_position(text))
        game = Crescent.from_position(text)
        solution = solve_crescent(game)
        assert solution.verdict is (Verdict.WIN if expected else Verdict.NO_WIN), text
        verdicts[expected] += 1
        set_aside += solution.set_aside
        for move in solution.line:
            game.play(move)
        assert (game.outcome is Outcome.WON) is expected
    return verdicts, set_aside


@pytest.mark.parametrize(("redeals", "most_left"), [(0, 16), (1, 12), (2, 9)])
def test_every_verdict_on_small_positions_agrees_with_brute_force_search(redeals, most_left):
    rng = random.Random(40 + redeals)
    verdicts, _ = _agree_with_brute_force(rng, 40, most_left=most_left, redeals=redeals, piles=6)
    assert verdicts[True] >= 2 and verdicts[False] >= 2  # both kinds were really checked


@pytest.mark.parametrize(("redeals", "most_left"), [(1, 12), (2, 10)])
def test_searches_set_aside_after_a_late_redeal_still_give_every_verdict_right(
    monkeypatch, redeals, most_left
):
    # The search after an attempt's last redeals is set aside once it takes its share of
    # the attempt; what it left is unsure, never lost. With the shares as small as they
    # go (one node in the first attempts, growing with them), nearly every such search is
    # set aside at first, and every verdict must still agree with brute force.
    monkeypatch.setattr(crescent_search, "SET_ASIDE_MIN", 1)
    monkeypatch.setattr(crescent_search, "SET_ASIDE_SHARES", (150, 150))
    rng = random.Random(60 + redeals)
    verdicts, set_aside = _agree_with_brute_force(
        rng, 30, most_left=most_left, redeals=redeals, piles=6
    )
    assert verdicts[True] >= 2 and verdicts[False] >= 2
    assert set_aside >= 30  # the setting aside was really exercised


@pytest.mark.parametrize(("redeals", "most_left", "piles"), [(0, 24, 2), (1, 15, 3)])
def test_positions_proved_lost_by_a_locked_pile_are_lost_by_brute_force(redeals, most_left, piles):
    # Few piles and many cards make common the locks the solver looks for: a card that
    # must leave its pile before one below it can go home, with no neighbour to go onto.
    rng = random.Random(50 + redeals)
    verdicts, _ = _agree_with_brute_force(
        rng, 40, most_left=most_left, redeals=redeals, piles=piles
    )
    assert verdicts[False] >= 20


def test_a_suit_in_sequence_is_won_through_transfers_the_line_names_them():
    # Clubs hold A ... 6 and K ... 7: one A-K run. The other 13 clubs lie in one pile, 3♣
    # on top: it fits neither foundation until the split moves (three transfers).
    home = {f"F{1 + k}": suit_run(suit, KING_DOWN) for k, suit in enumerate("DHS", 1)}
    home |= {f"F{5 + k}": suit_run(suit, ACE_UP) for k, suit in enumerate("DHS", 1)}
    home |= {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")}
    game = crescent({1: suit_run("C", "KQJT987654A23")}, home)
    solution = solve_crescent(game)
    assert solution.verdict is Verdict.WIN
    transfers = [m for m in solution.line if isinstance(m, CardMove) and m.source[0] == "F"]
    assert [str(m) for m in transfers] == ["F5>F1"] * 3 and len(solution.line) == 16
    for move in solution.line:
        game.play(move)
    assert game.outcome is Outcome.WON


def test_a_budget_too_small_gives_unknown_not_a_wrong_answer():
    solution = solve_crescent(Crescent.from_code("HM1-O-AAAAAAB"), max_nodes=5)
    assert solution.verdict is Verdict.UNKNOWN and solution.line == ()


def test_the_game_never_imports_the_solver():
    code = "import sys, game.rules\nprint('game.rules.solver' in sys.modules)\n"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.stdout.strip() == "False", run.stderr


def test_command_line_prints_a_winning_line_for_a_crescent_code():
    run = solver_cli("hm1-o-jbhxxlo")
    assert run.returncode == 0, run.stderr
    head = run.stdout.splitlines()[0]
    assert head.startswith("HM1-O-JBHXXLO: can be won in ") and "thoughtful" not in run.stdout
    moves = int(head.split()[-2])
    assert run.stdout.count("\n") == moves + 2


def test_command_line_says_crescent_is_solved_with_the_face_down_cards_known(tmp_path):
    run = solver_cli("HM1-C-JBHXXLO")
    assert run.returncode == 0 and "thoughtful" in run.stdout
    path = tmp_path / "lost.txt"
    path.write_text(random_text(random.Random(1), most_left=0).replace("F5: AC 2C", "F5: AC"))
    assert solver_cli(str(path)).returncode == 2  # a 2C missing: not a position


def test_command_line_samples_a_crescent_variant():
    run = solver_cli("--sample", "2", "--variant", "F", "--max-seconds", "1")
    assert run.returncode == 0, run.stderr
    assert "variant: Crescent Four" in run.stdout and "thoughtful" in run.stdout
    assert "deals: 2 (seed 1, at most 1 s each)" in run.stdout and "decided:" in run.stdout
