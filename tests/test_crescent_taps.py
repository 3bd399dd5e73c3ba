"""Crescent's tap model: select a movable card, tap a legal target to move it there."""

from crescent_helpers import crescent, suit_run

from game.rules import CardMove, Refusal


def _table():
    # 9♥ (pile 1) goes on 8♥ (pile 2) or 10♥ (pile 3); 4♠ (pile 5) cannot move; 2♣ goes home.
    return crescent({1: "9H", 2: "8H", 3: "10H", 4: "2C", 5: "4S", 16: "JD"})


def test_a_tap_on_a_movable_card_selects_it_and_its_targets_are_highlighted():
    game = _table()
    result = game.tap("1")
    assert result.selected == "1" and result.moved is None and result.refusal is None
    assert game.selection == "1" and game.targets() == ("2", "3")


def test_a_tap_on_a_legal_target_moves_the_selected_card_there():
    game = _table()
    game.tap("1")
    result = game.tap("3")
    assert result.moved is not None and result.moved.move == CardMove("1", "3")
    assert str(result.moved.card) == "9H" and game.selection is None and game.moves == 1


def test_a_tap_on_another_movable_card_selects_that_one_instead():
    game = _table()
    game.tap("1")
    result = game.tap("4")  # 2♣ is no target for 9♥, but it can move itself
    assert result.selected == "4" and game.selection == "4" and game.targets() == ("F5",)


def test_a_tap_on_the_selected_card_clears_the_selection_without_a_reason():
    game = _table()
    game.tap("1")
    result = game.tap("1")
    assert game.selection is None and result.refusal is None and result.moved is None


def test_a_tap_on_an_illegal_target_clears_the_selection_and_says_why():
    game = _table()
    game.tap("1")
    result = game.tap("5")
    assert game.selection is None and result.moved is None
    assert result.refusal is Refusal.NOT_NEXT_IN_SUIT
    assert result.message == "9♥ does not go on 4♠: same suit, one rank up or down"
    game.tap("4")
    game.tap("4")
    game.tap("1")
    result = game.tap("F5")
    assert (
        result.refusal is Refusal.WRONG_SUIT and result.message == "9♥ goes only on a ♥ foundation"
    )


def test_a_tap_on_a_card_that_cannot_move_selects_nothing_and_says_so():
    game = _table()
    result = game.tap("5")
    assert game.selection is None and result.refusal is Refusal.CANNOT_MOVE
    assert result.message == "4♠ cannot move now"
    result = game.tap("F8")
    assert result.refusal is Refusal.BASE_CARD and result.message == "A base card never moves"


def test_a_tap_on_an_empty_pile_or_the_table_clears_the_selection():
    game = _table()
    game.tap("4")
    game.tap("F5")  # 2♣ home: pile 4 is empty
    game.tap("1")
    result = game.tap("4")
    assert game.selection is None and result.refusal is Refusal.EMPTY_PILE
    assert game.tap("4").refusal is None  # nothing selected: an empty pile does nothing
    game.tap("1")
    game.clear_selection()
    assert game.selection is None


def test_destinations_name_every_legal_target_of_a_slot_for_one_tap_moves():
    game = _table()
    assert game.destinations("4") == ("F5",)
    assert game.destinations("5") == () and game.destinations("6") == ()


def test_undo_and_a_direct_move_clear_the_selection():
    game = _table()
    game.tap("1")
    game.move("4", "F5")
    assert game.selection is None
    game.tap("1")
    game.undo()
    assert game.selection is None


def test_a_transfer_between_foundations_by_taps():
    piles = {n: f"{r}C" for n, r in enumerate(["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q"], 1)}
    piles[16] = "KC"
    game = crescent(piles, {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")})
    assert game.tap("F5").selected == "F5" and game.targets() == ("F1",)
    assert game.tap("F1").moved.move == CardMove("F5", "F1")
    assert str(game.top("F1")) == "6C"
