"""Properties over random deals and random tap sequences (hypothesis)."""

from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import DEAL_COUNT, Game, Outcome, format_code, two_decks

codes = st.integers(0, DEAL_COUNT - 1).map(format_code)
SLOT_NAMES = [str(n) for n in range(1, 13)] + [f"R{n}" for n in range(1, 9)]


def _brute_removals(game):
    """Every removal, found by trying all 2- and 3-card sets of playable cards."""
    playable = game.playable()
    found = set()
    for size in (2, 3):
        for slots in combinations(playable, size):
            cards = [playable[s] for s in slots]
            if (
                size == 2
                and all(c.value <= 10 for c in cards)
                and sum(c.value for c in cards) == 11
            ):
                found.add(frozenset(slots))
            if size == 3 and sorted(c.value for c in cards) == [11, 12, 13]:
                found.add(frozenset(slots))
    return found


@st.composite
def played_games(draw, max_steps=70):
    """A game after random actions: taps anywhere, taps of a legal removal, undos.

    Returns (game, log) where log has, per action, the position before and the result.
    """
    game = Game.from_code(draw(codes))
    log = []
    for _ in range(draw(st.integers(0, max_steps))):
        action = draw(st.sampled_from(["tap", "tap", "remove", "remove", "remove", "undo"]))
        before = game.position()
        if action == "tap":
            result = game.tap(draw(st.sampled_from(SLOT_NAMES)))
            log.append(("tap", before, result))
        elif action == "remove" and game.legal_removals():
            removal = draw(st.sampled_from(game.legal_removals()))
            game.clear_selection()
            results = [game.tap(slot) for slot in removal.slots]
            log.append(("remove", before, results[-1]))
        elif action == "undo":
            log.append(("undo", before, game.undo()))
    return game, log


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_the_104_cards_are_conserved(played):
    game, _ = played
    assert Counter(game.table.cards()) + Counter(game.removed_cards()) == Counter(two_decks())
    assert game.table.card_count() + len(game.removed_cards()) == 104


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_score_and_moves_follow_the_removals_made(played):
    game, log = played
    # Recount from what the taps reported, undoing as undo did.
    made = []
    for kind, _before, result in log:
        if kind in ("tap", "remove") and result.removed:
            made.append(result.points)
        elif kind == "undo" and result:
            made.pop()
    assert game.score == sum(made)
    assert game.moves == len(made) == game.pairs + game.triples
    assert game.score == 10 * game.pairs + 15 * game.triples
    assert all(
        p == (10 if len(r.slots) == 2 else 15) for p, r in zip(made, game.removals, strict=True)
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_undo_restores_the_position_text_exactly(played):
    game, log = played
    stack = []
    for kind, before, result in log:
        if kind in ("tap", "remove") and result.removed:
            stack.append(before)
        elif kind == "undo" and result:
            stack.pop()
    while stack:
        assert game.undo() is True
        assert game.position() == stack.pop()
    assert game.undo() is False
    assert game.moves == 0 and game.score == 0


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_stalemate_exactly_when_no_legal_removal_exists(played):
    game, _ = played
    brute = _brute_removals(game)
    assert {frozenset(r.slots) for r in game.legal_removals()} == brute
    if game.table.card_count() == 0:
        assert game.outcome is Outcome.WON
    elif not brute:
        assert game.outcome is Outcome.STALEMATE
    else:
        assert game.outcome is None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games(), st.lists(st.sampled_from(SLOT_NAMES), max_size=3))
def test_dimmed_matches_its_definition(played, taps):
    game, _ = played
    for slot in taps:
        game.tap(slot)
    selection = set(game.selection)
    if not selection:
        assert game.dimmed() == frozenset()
        return
    combinable = set()
    for removal in _brute_removals(game):
        if selection <= removal:
            combinable |= removal
    expected = {s for s in game.playable() if s not in selection and s not in combinable}
    assert game.dimmed() == expected


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_a_saved_game_restores_the_same_table_score_and_moves(played):
    game, _ = played
    restored = Game.from_dict(game.to_dict())
    assert restored.position() == game.position()
    assert (restored.score, restored.moves, restored.outcome) == (
        game.score,
        game.moves,
        game.outcome,
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_games())
def test_redo_after_undoing_everything_restores_each_position_again(played):
    game, _log = played
    positions = [game.position()]
    while game.undo():
        positions.append(game.position())
    positions.reverse()
    for expected in positions[1:]:
        assert game.redo() is True
        assert game.position() == expected
    moves = game.legal_removals()
    if moves:
        game.remove(moves[0])  # a new move: nothing is left to redo
        assert game.redo() is False
