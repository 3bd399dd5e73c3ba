"""Properties of Crescent over random deals and random lines of play (hypothesis)."""

import random
from collections import Counter

from crescent_helpers import ALL_SLOTS, random_text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import DEAL_COUNT, CardMove, Crescent, format_code, two_decks

codes = st.builds(format_code, st.integers(0, DEAL_COUNT - 1), st.sampled_from("CFO"))
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def played_games(draw, max_steps=120):
    """A deal after random actions: legal moves (mostly), redeals, undos and taps.

    Returns (game, positions): the position text after each move still made, in order,
    the position as dealt first.
    """
    game = Crescent.from_code(draw(codes))
    positions = [game.position()]
    for _ in range(draw(st.integers(0, max_steps))):
        action = draw(st.sampled_from(["move"] * 6 + ["redeal", "undo", "tap"]))
        moves = game.legal_moves()
        before = game.moves
        if action == "move" and moves:
            game.play(draw(st.sampled_from(moves)))
        elif action == "redeal" and game.redeals_left:
            game.redeal()
        elif action == "undo" and game.undo():
            positions.pop()
        elif action == "tap":
            game.tap(draw(st.sampled_from(ALL_SLOTS)))
        if game.moves > before:
            positions.append(game.position())
    return game, positions


@SETTINGS
@given(played_games())
def test_the_104_cards_are_conserved_between_piles_and_foundations(played):
    game, _ = played
    assert Counter(game.table.cards()) == Counter(two_decks())
    for n in range(1, 17):  # and a pile's top card is never face down
        assert game.face_down(n) < len(game.pile(n)) or game.pile(n) == ()


@SETTINGS
@given(played_games())
def test_undo_restores_each_position_text_exactly_and_redo_restores_it_again(played):
    game, positions = played
    assert game.position() == positions[-1] and game.moves == len(positions) - 1
    for expected in reversed(positions[:-1]):
        assert game.undo() is True
        assert game.position() == expected
    assert game.undo() is False and game.moves == 0 and game.score == 0
    for expected in positions[1:]:
        assert game.redo() is True
        assert game.position() == expected
    if game.undo() and game.legal_moves():
        game.play(game.legal_moves()[0])  # a new move: what was undone cannot be redone
        assert game.can_redo() is False and game.redo() is False


@SETTINGS
@given(played_games())
def test_a_random_legal_line_saved_and_loaded_gives_the_same_position(played):
    game, _ = played
    restored = Crescent.from_dict(game.to_dict())
    assert restored.position() == game.position()
    assert (restored.moves, restored.score, restored.outcome) == (
        game.moves,
        game.score,
        game.outcome,
    )
    assert restored.line == game.line


def _agrees(game):
    pairs = {CardMove(s, t) for s in ALL_SLOTS for t in ALL_SLOTS if game.can_move(s, t)}
    assert set(game.legal_moves()) == pairs
    assert len(game.legal_moves()) == len(pairs)
    for source in ALL_SLOTS:
        assert game.destinations(source) == tuple(
            t for t in ALL_SLOTS if CardMove(source, t) in pairs
        )


@SETTINGS
@given(played_games())
def test_legal_moves_agree_with_can_move_over_all_slot_pairs_in_played_games(played):
    _agrees(played[0])


@SETTINGS
@given(st.integers(0, 2**32))
def test_legal_moves_agree_with_can_move_over_all_slot_pairs_in_random_positions(seed):
    # Random positions reach what play rarely does: suits in sequence, full foundations.
    _agrees(Crescent.from_position(random_text(random.Random(seed), most_left=40, sequence=0.5)))
