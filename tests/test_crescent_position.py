"""Crescent's position text and saved games: round trips, and every kind of bad input."""

import json

import pytest
from crescent_helpers import crescent_text

from game.rules import Crescent, Game, PositionError, SavedGameError


def test_the_position_text_lists_each_slot_with_face_down_cards_the_variant_and_redeals():
    text = Crescent.from_code("HM1-F-AAAAAAA").position()
    lines = text.splitlines()
    assert lines[:3] == [
        "variant: F (Crescent Four)",
        "redeals left: 4",
        "1: (3D) (5S) (5C) (6H) (2S) JC",
    ]
    assert lines[-1] == "F8: AS" and len(lines) == 2 + 16 + 8


@pytest.mark.parametrize("code", ["HM1-C-AAAAAAB", "HM1-F-QWERTYU", "HM1-O-ZZZZZZZ"])
def test_a_position_read_back_is_the_same_game(code):
    game = Crescent.from_code(code)
    for _ in range(3):
        moves = game.legal_moves()
        game.play(moves[0]) if moves else game.redeal()
    game.redeal()
    copy = Crescent.from_position(game.position())
    assert copy.position() == game.position()
    assert copy.variant is game.variant and copy.redeals_left == game.redeals_left
    assert copy.legal_moves() == game.legal_moves() and copy.score == game.score
    assert copy.code is None and copy.moves == 0


def _bad(text, where, what):
    with pytest.raises(PositionError) as error:
        Crescent.from_position(text)
    assert where in str(error.value) and what in str(error.value), str(error.value)


def _replace(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


GOOD = Crescent.from_code("HM1-C-AAAAAAA").position()


def test_an_unknown_card_is_refused_naming_the_line():
    _bad(_replace(GOOD, "(3D)", "(3X)"), "line 3", "'(3X)' is not a card")


def test_a_third_copy_of_a_card_is_refused():
    _bad(_replace(GOOD, "(5S) (5C)", "(5S) (5S)"), "line 16", "5S appears more than 2 times")


def test_a_foundation_out_of_sequence_or_of_another_suit_or_without_its_base_is_refused():
    text = _replace(_replace(GOOD, "F5: AC", "F5: AC 3C"), "(3C) 9S", "9S")
    _bad(text, "line 23", "3C after AC is out of sequence")
    text = _replace(_replace(GOOD, "F5: AC", "F5: AC 2H"), "(2H) KH", "KH")
    _bad(text, "line 23", "2H lies on the \u2663 foundation F5")
    _bad(_replace(GOOD, "F1: KC", "F1: KD"), "F1", "it starts with its base KC")


def test_a_missing_or_repeated_slot_is_refused():
    _bad(_replace(GOOD, "16: (9D) (7H) (3D) (7H) (2S) 10H\n", ""), "slot(s) 16", "missing")
    _bad(GOOD + "F8: AS\n", "line 27", "slot F8 is listed twice")
    _bad(_replace(GOOD, "F3:", "F9:"), "line 21", "'F9' is not a slot")


def test_a_face_down_card_above_a_face_up_one_or_on_top_is_refused():
    _bad(_replace(GOOD, "(5S) (5C)", "5S (5C)"), "line 3", "5C is a face-down card above a face-up")
    _bad(_replace(GOOD, "(2S) JC", "(2S) (JC)"), "line 3", "top card of a pile is always face up")
    open_text = Crescent.from_code("HM1-O-AAAAAAA").position()
    _bad(_replace(open_text, "1: 3D", "1: (3D)"), "Open Crescent", "no face-down cards")


def test_the_variant_and_the_redeals_left_must_be_given_and_fit():
    _bad(_replace(GOOD, "variant: C (Crescent)\n", ""), "variant", "missing")
    _bad(_replace(GOOD, "variant: C", "variant: N"), "line 1", "not a Crescent variant")
    _bad(_replace(GOOD, "redeals left: 3", "redeals left: 4"), "4 redeals left", "3 in all")
    _bad(_replace(GOOD, "redeals left: 3", "redeals left: x"), "line 2", "not a number")


def test_a_card_missing_from_the_table_is_refused():
    _bad(_replace(GOOD, " 10H\n", " -\n").replace(" -\n", "\n", 1), "line", "")
    _bad(_replace(GOOD, "(2S) 10H", "10H"), "2S", "missing")


def test_a_hand_written_position_with_comments_and_blank_lines_reads():
    text = "# a position\n\n" + crescent_text({1: "5H"}, {"F7": "AH 2H 3H 4H"})
    assert Crescent.from_position(text).can_move("1", "F7")


def test_a_saved_game_is_its_code_and_moves_and_reloads_to_the_same_position():
    game = Crescent.from_code("HM1-C-AAAAAAA")
    game.move("3", "F2")
    game.redeal()
    data = json.loads(json.dumps(game.to_dict()))
    assert data == {
        "format": "crescent-game",
        "version": 1,
        "code": "HM1-C-AAAAAAA",
        "moves": ["3>F2", "redeal"],
    }
    again = Crescent.from_dict(data)
    assert again.position() == game.position() and again.moves == 2 and again.code == game.code
    assert again.undo() and again.undo() and again.table == game.start


def test_a_game_from_a_position_saves_its_start_position():
    start = crescent_text({1: "5H"}, {"F7": "AH 2H 3H 4H"}, redeals=2)
    game = Crescent.from_position(start)
    game.move("1", "F7")
    again = Crescent.from_dict(game.to_dict())
    assert again.position() == game.position() and again.code is None


def _save(**fields):
    """A saved Crescent game of HM1-C-AAAAAAA with ``fields`` changed (None drops one)."""
    data = {"format": "crescent-game", "version": 1, "code": "HM1-C-AAAAAAA", "moves": []}
    data.update(fields)
    return {key: value for key, value in data.items() if value is not None}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "not a Crescent saved game"),
        (_save(format="halfmoon-game", code="HM1-N-AAAAAAB"), "not a Crescent saved game"),
        (_save(version=2), "newer"),
        (_save(version=True), "no valid version"),
        (_save(code=None), "neither a deal code nor a position"),
        (_save(code="HM1-N-AAAAAAB"), "variant 'N'"),
        (_save(code=None, position="1: 2H"), "deal is not valid"),
        (_save(moves="3>F2"), "not a list"),
        (_save(moves=[3]), "move 1"),
        (_save(moves=["1>F5"]), "move 1 ('1>F5') is not legal"),
        (_save(moves=["3>F2", "x"]), "move 2"),
    ],
)
def test_anything_but_a_saved_game_with_legal_moves_is_refused(data, message):
    with pytest.raises(SavedGameError) as error:
        Crescent.from_dict(data)
    assert message in str(error.value)


def test_the_two_games_never_read_each_others_saves():
    crescent = Crescent.from_code("HM1-O-AAAAAAB")
    with pytest.raises(SavedGameError, match="not a Half Moon saved game"):
        Game.from_dict(crescent.to_dict())
    with pytest.raises(SavedGameError, match="not a Crescent saved game"):
        Crescent.from_dict(Game.from_code("HM1-N-AAAAAAB").to_dict())
