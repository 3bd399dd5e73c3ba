"""Tapping and selection, exactly as SPEC section 2 says, in the seeds' position.

The seeds' position (after 5S + 6D): piles 1..12 show 7H AH KH 4C QH 5H 7S JC 10D 10C 2D KH;
the reserve R1..R8 holds 10H 6S 3D 4S 7D 5S JH AC.
"""

import pytest
from conftest import position_text

from game.rules import Game, MoveError, Outcome


def test_the_seeds_first_move_5s_from_pile_1_with_6d_from_pile_8(seeds_start):
    game = seeds_start
    assert str(game.top("1")) == "5S" and str(game.top("8")) == "6D"
    game.tap("1")
    result = game.tap("8")
    assert result.removed == ("1", "8") and result.points == 10 and result.error is None
    assert str(game.top("8")) == "JC" and str(game.top("1")) == "7H"
    assert game.score == 10 and game.moves == 1


def test_the_seeds_second_move_jc_with_qh_and_kh(seeds_position):
    game = seeds_position
    assert game.tap("8").removed == ()
    assert game.tap("5").removed == ()
    assert game.selection == ("8", "5")
    result = game.tap("3")
    assert result.removed == ("8", "5", "3") and result.points == 15
    assert game.score == 25 and game.moves == 2 and game.selection == ()


def test_rule_1_no_card_selected_the_tapped_card_becomes_selected(seeds_position):
    assert seeds_position.tap("R6").removed == ()
    assert seeds_position.selection == ("R6",)


def test_rule_2_tapping_a_selected_card_again_deselects_only_that_card(seeds_position):
    game = seeds_position
    game.tap("R6")
    game.tap("R6")
    assert game.selection == ()
    game.tap("3")  # KH
    game.tap("8")  # JC
    game.tap("3")
    assert game.selection == ("8",)


def test_rule_3_two_number_cards_adding_to_11_are_removed(seeds_position):
    game = seeds_position
    game.tap("R6")  # 5S
    result = game.tap("R2")  # 6S
    assert result.removed == ("R6", "R2") and result.points == 10
    assert game.top("R6") is None and game.top("R2") is None


def test_rule_3_two_number_cards_not_adding_to_11_clear_the_selection(seeds_position):
    # Seeds: 5S (R6) then AH (pile 2): sum 6, selection cleared.
    game = seeds_position
    game.tap("R6")
    result = game.tap("2")
    assert result.removed == () and result.error is MoveError.SUM_MUST_BE_11
    assert game.selection == () and game.moves == 1


def test_rule_4_number_then_face_clears_and_the_message_follows_the_number(seeds_position):
    # Seeds: 5S then KH: number + face, selection cleared.
    game = seeds_position
    game.tap("R6")
    result = game.tap("3")
    assert result.removed == () and game.selection == ()
    assert result.error is MoveError.SUM_MUST_BE_11


def test_rule_4_face_then_number_clears_and_asks_for_jack_queen_king(seeds_position):
    game = seeds_position
    game.tap("3")  # KH
    result = game.tap("R6")  # 5S
    assert game.selection == () and result.error is MoveError.NEEDS_JACK_QUEEN_KING
    game.tap("8")  # JC
    game.tap("5")  # QH
    assert game.tap("R1").error is MoveError.NEEDS_JACK_QUEEN_KING  # 10H
    assert game.selection == ()


def test_rule_5_two_kings_do_not_combine_the_second_becomes_selected(seeds_position):
    # Seeds: KH (pile 3) then KH (pile 12): pile 12's KH becomes the selected card.
    game = seeds_position
    game.tap("3")
    result = game.tap("12")
    assert result.removed == () and result.error is None
    assert game.selection == ("12",)


def test_rule_6_faces_of_two_ranks_are_selected_and_the_third_rank_removes_all_three(
    seeds_position,
):
    game = seeds_position
    game.tap("12")  # KH
    game.tap("R7")  # JH
    assert game.selection == ("12", "R7")
    assert game.moves == 1  # the app never picks the third card for the player
    result = game.tap("5")  # QH
    assert result.removed == ("12", "R7", "5") and result.points == 15


def test_rule_7_a_face_of_a_rank_already_selected_replaces_that_card(seeds_position):
    game = seeds_position
    game.tap("8")  # JC
    game.tap("5")  # QH
    result = game.tap("R7")  # JH replaces JC
    assert result.removed == () and result.error is None
    assert game.selection == ("R7", "5")
    assert game.tap("3").removed == ("R7", "5", "3")


def test_rule_8_tapping_an_empty_slot_or_the_table_clears_the_selection(seeds_position):
    game = seeds_position
    game.tap("R6")
    game.tap("R2")  # removes 5S + 6S: R6 and R2 are now empty
    game.tap("R1")
    result = game.tap("R6")
    assert result == type(result)() and game.selection == ()
    game.tap("R1")
    game.clear_selection()
    assert game.selection == ()


def test_rule_8_undo_also_clears_the_selection(seeds_position):
    game = seeds_position
    game.tap("R5")
    assert game.undo() is True  # takes back the seeds' first move
    assert game.selection == ()
    assert str(game.top("1")) == "5S"


def test_move_error_messages_are_the_specs_words():
    assert MoveError.SUM_MUST_BE_11.value == "The sum must be 11"
    assert MoveError.NEEDS_JACK_QUEEN_KING.value == "Needs a Jack, a Queen and a King"


def test_placement_aid_dims_every_playable_card_that_cannot_combine_with_the_selection(
    seeds_position,
):
    game = seeds_position
    assert game.dimmed() == frozenset()
    game.tap("R6")  # 5S: only a 6 combines; the only playable 6 is 6S in R2
    assert game.dimmed() == frozenset(game.playable()) - {"R6", "R2"}
    game.tap("R6")
    game.tap("8")  # JC: the Queen and both Kings can join a triple
    assert game.dimmed() == frozenset(game.playable()) - {"8", "5", "3", "12"}
    game.tap("5")  # JC + QH: only the Kings complete it
    assert game.dimmed() == frozenset(game.playable()) - {"8", "5", "3", "12"}


def test_a_face_with_no_possible_triple_dims_even_the_other_faces():
    game = Game.from_position(position_text({11: "JC", 12: "QC"}, {1: "5S", 2: "6S"}))
    game.tap("11")
    assert game.dimmed() == {"12", "R1", "R2"}


def test_tapping_a_slot_name_that_does_not_exist_is_an_error(seeds_position):
    with pytest.raises(ValueError, match="not a slot"):
        seeds_position.tap("R9")


def test_taps_after_a_win_change_nothing():
    game = Game.from_position(position_text())
    assert game.outcome is Outcome.WON
    assert game.tap("1") == type(game.tap("1"))()
