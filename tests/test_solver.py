"""The solver (tests and analysis only): whole games to a win, proofs checked by brute force."""

import random

import pytest
from conftest import position_text, solver_cli

from game.rules import Game, Outcome, Table, legal_removals, random_code
from game.rules.solver import Verdict, solve


def _brute_force_winnable(table):
    """Plain exhaustive search over every legal removal, remembering positions seen."""
    seen = {}

    def winnable(t):
        key = t.text()
        if key not in seen:
            seen[key] = t.card_count() == 0 or any(
                winnable(t.without(r.slots)) for r in legal_removals(t)
            )
        return seen[key]

    return winnable(table)


def _play_line_with_taps(game, line):
    for removal in line:
        results = [game.tap(slot) for slot in removal.slots]
        assert results[-1].removed, (removal, game.position())


@pytest.mark.parametrize("seed", range(20))
def test_whole_games_the_solver_wins_replayed_with_taps_end_won_48_moves_520(seed):
    game = Game.from_code(random_code(random.Random(seed)))
    solution = solve(game, max_seconds=30)
    if solution.verdict is Verdict.NO_WIN:
        pytest.fail(f"{game.code} was proved unwinnable; pick deals that can be won")
    assert solution.verdict is Verdict.WIN, game.code
    assert len(solution.line) == 48
    _play_line_with_taps(game, solution.line)
    assert game.outcome is Outcome.WON
    assert (game.moves, game.score, game.pairs, game.triples) == (48, 520, 40, 8)
    assert game.table.card_count() == 0


def test_the_seeds_example_deal_is_won_from_its_first_move(seeds_position):
    solution = solve(seeds_position)
    assert solution.verdict is Verdict.WIN
    _play_line_with_taps(seeds_position, solution.line)
    assert (seeds_position.moves, seeds_position.score) == (48, 520)


def _positions_near_a_win(count, cards_left, seed):
    """Positions with ``cards_left`` cards: a winning line followed, then a few random removals.

    The random removals at the end make some positions unwinnable and keep others winnable.
    """
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = Game.from_code(random_code(rng))
        solution = solve(game, max_seconds=5)
        if solution.verdict is not Verdict.WIN:
            continue
        detour = rng.randint(0, 4)
        for removal in solution.line:
            if game.table.card_count() <= cards_left + 3 * detour:
                break
            game.remove(removal)
        while game.table.card_count() > cards_left and game.legal_removals():
            game.remove(rng.choice(game.legal_removals()))
        made += 1
        yield game.table


@pytest.mark.parametrize("cards_left", [20, 26, 32])
def test_every_verdict_agrees_with_brute_force_search(cards_left):
    verdicts = {True: 0, False: 0}
    for table in _positions_near_a_win(30, cards_left, seed=cards_left):
        solution = solve(table)
        expected = _brute_force_winnable(table)
        assert solution.verdict is (Verdict.WIN if expected else Verdict.NO_WIN), table.text()
        verdicts[expected] += 1
        if expected:
            game = Game(table)
            for removal in solution.line:
                game.remove(removal)
            assert game.outcome is Outcome.WON
    assert verdicts[True] and verdicts[False]  # both kinds were really checked


def test_a_card_above_every_card_it_could_pair_with_makes_a_deal_unwinnable():
    # Pile 1 holds both 7s of this position beneath its 4: the 4 can never leave.
    solution = solve(Table.parse(position_text({1: "7C 7D 4S", 2: "4H"})))
    assert solution.verdict is Verdict.NO_WIN and solution.line == ()


def test_crossed_piles_are_proved_unwinnable():
    # 4 over 7 in pile 1 and 4 over 7 in pile 2: each 4 waits for the other pile's 7.
    assert solve(Table.parse(position_text({1: "7C 4S", 2: "7D 4H"}))).verdict is Verdict.NO_WIN


def test_a_budget_too_small_gives_unknown_not_a_wrong_answer():
    solution = solve(Game.from_code("HM1-N-AAAAAAB"), max_nodes=5)
    assert solution.verdict is Verdict.UNKNOWN and solution.line == ()


def test_the_solver_decides_at_least_95_percent_of_200_random_deals_within_2_s_each():
    rng = random.Random(2026)
    decided = sum(
        solve(Game.from_code(random_code(rng)), max_seconds=2.0).verdict is not Verdict.UNKNOWN
        for _ in range(200)
    )
    assert decided >= 190


def test_command_line_prints_a_winning_line_for_a_code():
    run = solver_cli("hm1-n-aaaaaab")
    assert run.returncode == 0, run.stderr
    assert "HM1-N-AAAAAAB: can be won in 48 moves" in run.stdout
    assert run.stdout.count("\n") >= 49


def test_command_line_reads_a_position_file(tmp_path):
    path = tmp_path / "dead.txt"
    path.write_text(position_text({1: "7C 4S", 2: "7D 4H"}))
    run = solver_cli(str(path))
    assert run.returncode == 0 and "cannot be won" in run.stdout


def test_command_line_refuses_a_bad_code_with_exit_status_2():
    run = solver_cli("HM1-N-123")
    assert run.returncode == 2
    assert "HM1-N-" in run.stderr and "Traceback" not in run.stderr


def test_command_line_sample_reports_the_share_of_winnable_deals():
    run = solver_cli("--sample", "5", "--seed", "3")
    assert run.returncode == 0, run.stderr
    assert "deals: 5" in run.stdout and "share winnable" in run.stdout


def test_the_solvers_keep_nothing_from_one_search_to_the_next(kind):
    """A tool that solves game after game (the monkey's winning lines) must not grow: each
    search drops what it remembered (a module-level cache kept the Crescent search's
    foundation states, up to a million of them, some 2.7 kB each)."""
    import gc
    import tracemalloc

    nodes = 600  # each search's budget (some 250 foundation states new to a Crescent search)

    from game.rules import Crescent
    from game.rules.solver import solve_crescent

    solvers = {Game: solve, Crescent: solve_crescent}
    rng = random.Random(f"{kind.key} 31")  # deals of its own, whatever ran before
    solver = next((s for cls, s in solvers.items() if isinstance(kind.random(rng), cls)), None)
    if solver is None:
        pytest.skip(f"{kind.name} has no solver")
    searches = [kind.random(rng) for _ in range(5)]
    solver(searches[0], max_nodes=nodes)  # what the first search sets up once (imports)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for game in searches[1:]:
            solver(game, max_nodes=nodes)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 200_000, f"{grown} bytes kept after {len(searches) - 1} searches"
