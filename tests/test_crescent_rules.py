"""Crescent's rules, one test per rule of SPEC section 5, each quoting it."""

import random

import pytest
from crescent_helpers import (
    ACE_UP,
    ALL_SLOTS,
    FOUNDATION_NAMES,
    KING_DOWN,
    PILE_NAMES,
    crescent,
    random_text,
    suit_run,
)

from game.rules import (
    CRESCENT,
    CRESCENT_FOUR,
    OPEN_CRESCENT,
    Card,
    CardMove,
    Crescent,
    IllegalMoveError,
    Outcome,
    Refusal,
)


def _cards(game, slot):
    return " ".join(str(c) for c in (game.foundation(slot) if slot[0] == "F" else game.pile(slot)))


def test_pile_to_foundation_ace_foundations_take_the_next_rank_up_king_foundations_down():
    """SPEC 5: "an Ace foundation takes the next rank up (A, 2, ... K), a King foundation
    the next rank down (K, Q, ... A)"."""
    game = crescent({1: "2C", 2: "QC", 3: "3C", 4: "JC", 16: "9D"})
    assert game.destinations("1") == ("3", "F5") and game.destinations("2") == ("4", "F1")
    assert not game.can_move("3", "F5") and not game.can_move("4", "F1")
    game.move("1", "F5")
    game.move("3", "F5")
    game.move("2", "F1")
    game.move("4", "F1")
    assert _cards(game, "F5") == "AC 2C 3C" and _cards(game, "F1") == "KC QC JC"


def test_a_foundation_refuses_another_rank_saying_which_card_it_needs():
    """SPEC 5: "onto the foundation of its suit" and only the next rank."""
    game = crescent({1: "7H", 2: "9C"}, {"F7": suit_run("H", "A2345")})
    with pytest.raises(IllegalMoveError) as error:
        game.move("1", "F7")
    assert str(error.value) == "The foundation needs the 6♥"
    assert error.value.reason is Refusal.FOUNDATION_NEEDS
    with pytest.raises(IllegalMoveError) as error:
        game.move("2", "F7")
    assert str(error.value) == "9♣ goes only on a ♣ foundation"
    assert error.value.reason is Refusal.WRONG_SUIT


def test_foundations_never_wrap_and_hold_at_most_13_cards():
    """SPEC 5: "Foundations never wrap and hold at most 13 cards"."""
    game = crescent({1: "AC"}, {"F5": suit_run("C", ACE_UP), "F1": suit_run("C", KING_DOWN[:-1])})
    assert len(game.foundation("F5")) == 13
    with pytest.raises(IllegalMoveError) as error:  # no Ace after the King: no wrap
        game.move("1", "F5")
    assert str(error.value) == "The foundation is complete"
    assert error.value.reason is Refusal.FOUNDATION_COMPLETE
    game.move("1", "F1")
    assert len(game.foundation("F1")) == 13


def test_pile_to_pile_same_suit_one_rank_higher_or_lower():
    """SPEC 5: "onto another pile's top card of the same suit, one rank higher or lower"."""
    game = crescent({1: "9H", 2: "8H", 3: "10H", 4: "9D", 5: "4S", 6: "JH", 16: "KD"})
    assert game.destinations("1") == ("2", "3")
    assert game.destinations("4") == () and game.destinations("6") == ("3",)
    with pytest.raises(IllegalMoveError) as error:
        game.move("5", "1")
    assert str(error.value) == "4♠ does not go on 9♥: same suit, one rank up or down"
    assert error.value.reason is Refusal.NOT_NEXT_IN_SUIT
    game.move("1", "3")
    assert _cards(game, "3") == "10H 9H" and game.pile(1) == ()


def test_pile_to_pile_wraps_a_king_on_an_ace_and_an_ace_on_a_king():
    """SPEC 5: "wrapping (a King on an Ace, an Ace on a King)"."""
    game = crescent({1: "KS", 2: "AS", 3: "AH", 4: "KH", 16: "JD"})
    assert game.destinations("1") == ("2",) and game.destinations("2") == ("1",)
    game.move("1", "2")
    game.move("3", "4")
    assert _cards(game, "2") == "AS KS" and _cards(game, "4") == "KH AH"


def test_up_and_down_may_alternate_in_one_pile():
    """SPEC 5: "Up and down may alternate in one pile"."""
    game = crescent({1: "5D", 2: "6D", 3: "5D", 4: "4D", 16: "JC"})
    game.move("2", "1")  # 6 on 5: up
    game.move("3", "1")  # 5 on 6: down
    game.move("4", "1")  # 4 on 5: down
    assert _cards(game, "1") == "5D 6D 5D 4D"


def test_an_empty_pile_is_never_filled_by_play_or_by_a_redeal():
    """SPEC 5: "An empty pile is never filled, by play or by a redeal"."""
    game = crescent({1: "3C", 2: "2C", 16: "JD"}, redeals=1)
    game.move("2", "F5")
    assert game.pile(2) == ()
    with pytest.raises(IllegalMoveError) as error:
        game.move("1", "2")
    assert str(error.value) == "An empty pile is never filled"
    assert error.value.reason is Refusal.EMPTY_PILE
    assert "2" not in [m.target for m in game.legal_moves()]
    game.redeal()
    assert game.pile(2) == ()


def _in_sequence_clubs():
    """Clubs home as one A-K run: F5 = A ... 6, F1 = K ... 7; the other 13 in the piles."""
    piles = {n: f"{r}C" for n, r in enumerate(["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"], 1)}
    piles[16] = "KC"
    return crescent(piles, {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")})


def test_transfer_between_foundations_while_the_two_hold_one_unbroken_a_to_k_run():
    """SPEC 5: "a foundation's top card ... may go onto the other foundation of its suit when
    it fits there ... possible exactly while the two hold one unbroken A-K run"."""
    game = _in_sequence_clubs()
    assert [m for m in game.legal_moves() if m.source[0] == "F"] == [
        CardMove("F1", "F5"),
        CardMove("F5", "F1"),
    ]
    result = game.move("F5", "F1")  # 6♣ to the King foundation: it now goes K ... 6
    assert result.card == Card.parse("6C") and result.points == 0
    assert _cards(game, "F1") == "KC QC JC 10C 9C 8C 7C 6C" and _cards(game, "F5").endswith("5C")
    game.move("F1", "F5")
    game.move("F1", "F5")  # and back past where it started: 7♣ onto the Ace foundation
    assert _cards(game, "F5") == suit_run("C", "A234567")
    assert game.can_move("1", "F1") is False and game.can_move("8", "F5") is True


def test_a_transfer_never_moves_a_base_card():
    """SPEC 5: "a foundation's top card, never a base card"."""
    game = _in_sequence_clubs()
    for _ in range(5):
        game.move("F5", "F1")
    assert _cards(game, "F5") == "AC" and len(game.foundation("F1")) == 12
    with pytest.raises(IllegalMoveError) as error:
        game.move("F5", "F1")
    assert error.value.reason is Refusal.BASE_CARD
    assert game.destinations("F5") == () and game.destinations("F1") == ("F5",)


def test_the_transfer_is_gone_for_good_once_more_cards_of_the_suit_are_played_home():
    """SPEC 5: "once more cards of that suit are played home, the chance is gone for good"."""
    game = _in_sequence_clubs()
    game.move("7", "F5")  # the second 7♣: the foundations now overlap
    assert game.destinations("F5") == () and game.destinations("F1") == ()
    with pytest.raises(IllegalMoveError) as error:
        game.move("F1", "F5")
    assert error.value.reason is Refusal.NOT_IN_SEQUENCE
    game.move("6", "F1")
    game.move("8", "F5")
    assert not any(m.source[0] == "F" for m in game.legal_moves())


def test_no_card_ever_leaves_a_foundation_for_a_pile():
    """SPEC 5: "No card ever leaves a foundation for a pile"."""
    game = crescent({1: "3C", 2: "2H", 16: "JD"}, {"F5": "AC 2C"})
    assert not game.can_move("F5", "1") and "F5" not in [m.source for m in game.legal_moves()]
    with pytest.raises(IllegalMoveError) as error:
        game.move("F5", "1")
    assert str(error.value) == "No card leaves a foundation for a pile"


def test_turning_up_is_part_of_the_move_that_uncovers_the_card_and_undo_turns_it_down():
    """SPEC 5: "when a face-down card becomes a pile's top card, it is turned face up at once,
    as part of the move that uncovered it"; "An undone turn-up turns the card face down"."""
    game = crescent({1: "(7S) (9D) 2C", 16: "JD"}, variant="C", hidden=True)
    before = game.position()
    assert game.face_down(1) == 2
    result = game.move("1", "F5")
    assert [(t.slot, str(t.card)) for t in result.turned_up] == [("1", "9D")]
    assert game.face_down(1) == 1 and game.moves == 1
    game.undo()
    assert game.face_down(1) == 2 and game.position() == before


def test_a_redeal_moves_every_pile_bottom_card_to_its_top_the_others_keep_their_order():
    """SPEC 5: "every pile's bottom card is moved to its top, the other cards keeping their
    order"."""
    game = Crescent.from_code("HM1-O-AAAAAAA")
    piles = [game.pile(n) for n in range(1, 17)]
    game.redeal()
    assert [game.pile(n) for n in range(1, 17)] == [(*p[1:], p[0]) for p in piles]
    assert game.redeals_left == 2 and game.moves == 1


def test_a_redeal_leaves_piles_of_0_or_1_card_unchanged():
    """SPEC 5: "piles of 0 or 1 card do not change"."""
    game = crescent({1: "9D", 2: "4C 8H", 3: "2C", 16: "JD"}, redeals=1)
    game.move("3", "F5")
    game.redeal()
    assert _cards(game, "1") == "9D" and game.pile(3) == () and _cards(game, "2") == "8H 4C"


def test_a_redeal_turns_the_card_brought_up_face_up_every_other_card_keeps_its_face():
    """SPEC 5: "The card brought up is turned face up; every other card keeps its face"."""
    game = Crescent.from_code("HM1-C-AAAAAAA")
    result = game.redeal()
    assert [game.face_down(n) for n in range(1, 17)] == [4] * 16
    assert len(result.turned_up) == 16
    assert [str(t.card) for t in result.turned_up][:2] == ["3D", "8S"]
    assert "1: (5S) (5C) (6H) (2S) JC 3D" in game.position()


@pytest.mark.parametrize(
    ("variant", "redeals"), [(CRESCENT, 3), (CRESCENT_FOUR, 4), (OPEN_CRESCENT, 3)]
)
def test_redeals_3_per_game_in_crescent_and_open_crescent_4_in_crescent_four(variant, redeals):
    """SPEC 5: "3 per game in Crescent and Open Crescent, 4 in Crescent Four"."""
    game = Crescent.from_code(f"HM1-{variant.letter}-AAAAAAB")
    assert game.redeals_left == redeals == variant.redeals
    for left in range(redeals - 1, -1, -1):
        game.redeal()
        assert game.redeals_left == left
    with pytest.raises(IllegalMoveError) as error:
        game.redeal()
    assert str(error.value) == "No redeal left" and error.value.reason is Refusal.NO_REDEAL_LEFT


def test_a_redeal_may_be_taken_at_any_time_while_redeals_are_left():
    """SPEC 5: "A redeal may be taken at any time while redeals are left"."""
    game = Crescent.from_code("HM1-O-AAAAAAA")
    assert game.legal_moves()  # moves are left, and a redeal is still allowed
    game.redeal()
    assert game.redeals_left == 2


def test_every_move_counts_one_pile_to_pile_to_foundation_transfer_and_redeal():
    """SPEC 5: "Every move (pile → pile, pile → foundation, foundation → foundation, redeal)
    is one move"."""
    game = _in_sequence_clubs()
    game.move("F5", "F1")
    game.move("5", "F1")
    assert game.moves == 2
    game2 = crescent({1: "5D", 2: "6D", 16: "JD"}, redeals=1)
    game2.move("2", "1")
    game2.redeal()
    assert game2.moves == 2


def test_score_is_5_points_per_card_home_bases_not_counted_transfers_change_nothing():
    """SPEC 5: "5 points per card on the foundations, bases not counted. A transfer between
    foundations changes nothing"."""
    assert Crescent.from_code("HM1-C-AAAAAAA").score == 0
    game = _in_sequence_clubs()
    assert game.score == 5 * 11
    assert game.move("F5", "F1").points == 0 and game.score == 55
    assert game.move("6", "F5").points == 5 and game.score == 60


def test_a_won_game_has_all_104_cards_home_and_scores_480():
    """SPEC 5: "Win: all 104 cards on the foundations"; "a won game always scores 480"."""
    home = {f"F{1 + k}": suit_run(suit, KING_DOWN) for k, suit in enumerate("CDHS")}
    home |= {f"F{5 + k}": suit_run(suit, ACE_UP) for k, suit in enumerate("DHS", 1)}
    game = crescent({1: "KC"}, home | {"F5": suit_run("C", ACE_UP[:-1])})
    assert game.outcome is None and game.score == 475
    game.move("1", "F5")
    assert game.outcome is Outcome.WON and game.score == 480


def _stalemate_by_brute_force(game):
    """SPEC 5's stalemate checked by trying moves: no redeal left, and no pile's top card can
    move anywhere, in this position or after any number of transfers between foundations."""
    if game.redeals_left:
        return False
    seen, waiting = set(), [game.position()]
    while waiting:
        text = waiting.pop()
        if text in seen:
            continue
        seen.add(text)
        here = Crescent.from_position(text)
        if any(here.can_move(s, t) for s in PILE_NAMES for t in ALL_SLOTS):
            return False
        for source in FOUNDATION_NAMES:
            for target in FOUNDATION_NAMES:
                if here.can_move(source, target):
                    here.move(source, target)
                    waiting.append(here.position())
                    here.undo()
    return True


def _played_at_random(rng):
    """A deal played at random until no redeal is left and it sticks, or up to 400 moves."""
    game = Crescent.random(OPEN_CRESCENT, rng)
    for _ in range(rng.randint(0, 400)):
        moves = game.legal_moves()
        if moves and rng.random() < 0.97:
            game.play(rng.choice(moves))
        elif game.redeals_left:
            game.redeal()
        else:
            break
    return game


def test_stalemate_exactly_when_no_top_card_can_move_even_after_transfers_and_no_redeal_left():
    """SPEC 5: "no pile's top card can go to a foundation or onto another pile (a suit whose two
    foundations are in sequence accepts any card of that suit, after transfers), and no
    redeal is left"."""
    rng = random.Random(5)
    games = [_played_at_random(rng) for _ in range(30)]
    for _ in range(80):
        text = random_text(rng, most_left=60, sequence=0.4, piles=rng.choice([2, 4, 16]))
        games.append(Crescent.from_position(text))
    kinds = {True: 0, False: 0}
    for game in games:
        expected = _stalemate_by_brute_force(game) and not game.table.is_won()
        assert (game.outcome is Outcome.STALEMATE) is expected, game.position()
        kinds[expected] += 1
    assert kinds[True] > 15 and kinds[False] > 15
