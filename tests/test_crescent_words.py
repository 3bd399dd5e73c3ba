"""What a screen reader is told of a Crescent table: the foundations' runs, a card
turned up, a redeal (the words every kind has are tested in tests/test_words.py)."""

from __future__ import annotations

from game.games.catalog import kind_by_key
from game.games.crescent.script import position_for, suit_run

KIND = kind_by_key("crescent")
WORDS = KIND.words


def test_a_foundation_says_its_suit_its_way_and_its_top_card():
    game = KIND.from_position(
        position_for(foundations={"F7": suit_run("H", "A23456")}, variant=KIND.letter)
    )
    assert WORDS.slot(game.table, "F7") == "Foundation 7, hearts up to 6"
    assert WORDS.slot(game.table, "F1") == "Foundation 1, clubs down to King"


def test_a_pile_says_its_face_down_cards_and_a_card_turned_up_is_told():
    game = KIND.from_position(
        position_for({1: "(5D) (9S) 2H", 3: "3H"}, {"F7": "AH"}, variant=KIND.letter)
    )
    assert WORDS.slot(game.table, "1") == "Pile 1, 2 of hearts, 3 cards, 2 face down"
    before = game.table
    game.move("1", "F7")
    told = WORDS.change(before, game.table, 0)
    assert told == "2 of hearts onto Foundation 7. 9 of spades turned up on Pile 1"


def test_a_redeal_is_told_with_the_redeals_left():
    game = KIND.from_position(
        position_for({1: "5D 9S", 2: "7C 8C"}, redeals=2, variant=KIND.letter)
    )
    before = game.table
    game.redeal()
    assert WORDS.change(before, game.table, 0) == "Piles redealt, 1 redeal left"
    after = game.table
    game.undo()
    assert WORDS.change(after, game.table, 0) == "Redeal undone"
