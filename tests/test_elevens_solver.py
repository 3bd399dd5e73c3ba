"""Elevens' solver (tests and analysis only): verdicts checked by brute force, won lines
replayed with taps, and the command line."""

import random

import pytest
from conftest import solver_cli

from game.games.elevens.script import SCRIPT, position_for
from game.games.elevens.solver import search as elevens_search
from game.rules import Elevens, ElevensTable, Outcome, legal_removals, random_code, standard_deck
from game.rules.solver import Verdict, solve_elevens

CLASSES = ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6), (11, 12, 13))


def _brute_force_winnable(table):
    """Plain exhaustive search over every legal removal of real slots, remembering
    positions seen (by their text: slots and suits included)."""
    seen = {}

    def winnable(t):
        key = t.text()
        if key not in seen:
            seen[key] = t.card_count() == 0 or any(
                winnable(t.without(r.slots)) for r in legal_removals(t)
            )
        return seen[key]

    return winnable(table)


def _small_position(rng):
    """Position text of a few whole removals' cards (now and then one card more, which no
    line removes), shuffled over random grid slots and the stock."""
    deck = standard_deck()
    rng.shuffle(deck)
    cards = []
    for _ in range(rng.randint(1, 6)):
        group = [next((c for c in deck if c.value == rank), None) for rank in rng.choice(CLASSES)]
        if None not in group:
            cards += group
            for card in group:
                deck.remove(card)
    if rng.random() < 0.2:
        cards.append(deck.pop())
    rng.shuffle(cards)
    shown = rng.randint(1, min(9, len(cards)))
    slots = rng.sample(range(1, 10), shown)
    grid = {slot: str(card) for slot, card in zip(slots, cards[:shown], strict=True)}
    return position_for(grid, " ".join(str(card) for card in cards[shown:]))


def _play_line_with_taps(game, line):
    for removal in line:
        results = [game.tap(slot) for slot in removal.slots]
        assert results[-1].removed, (removal, game.position())


def test_verdicts_agree_with_brute_force_on_small_positions():
    rng = random.Random(11)
    verdicts = {True: 0, False: 0}
    for _ in range(400):
        text = _small_position(rng)
        table = ElevensTable.parse(text)
        winnable = _brute_force_winnable(table)
        verdicts[winnable] += 1
        for every_move in (False, True):
            solution = solve_elevens(table, every_move=every_move)
            assert solution.verdict is (Verdict.WIN if winnable else Verdict.NO_WIN), text
            if winnable:
                game = Elevens.from_position(text)
                _play_line_with_taps(game, solution.line)
                assert game.outcome is Outcome.WON, text
            else:
                assert solution.line == ()
    assert verdicts[True] >= 100 and verdicts[False] >= 100  # both kinds well tested


def _deals(count, seed):
    rng = random.Random(seed)
    return [Elevens.from_code(random_code(rng, "E")) for _ in range(count)]


def test_whole_deals_won_are_replayed_with_taps_to_24_moves_and_260_points():
    won = 0
    for game in _deals(150, 2026):
        solution = solve_elevens(game, max_seconds=5)
        assert solution.verdict is not Verdict.UNKNOWN, game.code
        assert solution.verdict is solve_elevens(game, every_move=True).verdict, game.code
        if solution.verdict is Verdict.WIN:
            won += 1
            assert len(solution.line) == 24
            _play_line_with_taps(game, solution.line)
            assert game.outcome is Outcome.WON
            assert (game.moves, game.score, game.pairs, game.triples) == (24, 260, 20, 4)
    assert won >= 5


def test_a_deal_that_can_be_won_is_won_by_legal_removals_in_any_order():
    # The solver relies on it (see its module): any legal removal keeps a win possible.
    rng = random.Random(7)
    won = [g for g in _deals(200, 7) if solve_elevens(g).verdict is Verdict.WIN][:5]
    assert won
    for game in won:
        while game.outcome is None:
            game.remove(rng.choice(game.legal_removals()))
        assert game.outcome is Outcome.WON, game.code


def test_the_scripts_positions_won_and_lost():
    assert solve_elevens(ElevensTable.parse(SCRIPT.win)).verdict is Verdict.WIN
    assert solve_elevens(ElevensTable.parse(SCRIPT.stalemate)).verdict is Verdict.NO_WIN


def test_a_budget_too_small_gives_unknown_not_a_wrong_answer():
    won = next(g for g in _deals(200, 3) if solve_elevens(g).verdict is Verdict.WIN)
    solution = solve_elevens(won, max_nodes=5)
    assert solution.verdict is Verdict.UNKNOWN and solution.line == ()
    assert solve_elevens(won, max_nodes=5, every_move=True).verdict is Verdict.UNKNOWN


def test_the_search_module_is_what_the_package_and_game_rules_solver_offer():
    from game.games.elevens import solver

    assert solver.solve_elevens is elevens_search.solve_elevens is solve_elevens
    assert solver.LETTERS == "E" and solver.NAMES == {"E": "Elevens"}


def test_command_line_prints_a_verdict_for_a_code():
    run = solver_cli("hm1-e-aaaaaab")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "(Elevens, thoughtful: solved with every face-down card known)"
    assert lines[1] in ("HM1-E-AAAAAAB: cannot be won", "HM1-E-AAAAAAB: can be won in 24 moves")
    assert lines[-1].startswith("(") and lines[-1].endswith(" ms)")


def test_command_line_prints_the_winning_line_of_a_position_file(tmp_path):
    path = tmp_path / "win.txt"
    path.write_text(SCRIPT.win)
    run = solver_cli(str(path))
    assert run.returncode == 0, run.stderr
    assert f"{path}: can be won in {len(SCRIPT.win_moves)} moves" in run.stdout
    assert " 1. G1+G2  (5S 6D)" in run.stdout
    path.write_text(SCRIPT.win.replace("G1: 5S", "G1: 5S 6S"))
    run = solver_cli(str(path))
    assert run.returncode == 2 and "G1" in run.stderr and "Traceback" not in run.stderr
    path.write_text("P1: 5S\n")  # no game's slot
    run = solver_cli(str(path))
    assert run.returncode == 2 and "no game" in run.stderr and "Traceback" not in run.stderr


def test_command_line_samples_elevens():
    run = solver_cli("--sample", "20", "--variant", "E")
    assert run.returncode == 0, run.stderr
    assert "thoughtful" in run.stdout
    assert "deals: 20 (seed 1, at most 2 s each)" in run.stdout
    assert "decided: 20 (100.0 %)" in run.stdout and "share winnable" in run.stdout


@pytest.mark.parametrize("bad", ["HM1-E-123", "HM1-Z-AAAAAAB"])
def test_command_line_refuses_a_bad_code_naming_every_game(bad):
    run = solver_cli(bad)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert all(f"HM1-{letter}-" in run.stderr for letter in "NCFOE")
