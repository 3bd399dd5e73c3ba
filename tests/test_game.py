"""Removals, score, moves, undo, end states and saved games (SPEC section 1 and the API)."""

import json

import pytest
from conftest import position_text as _position

from game.rules import (
    UNDO_LIMIT,
    Game,
    IllegalRemovalError,
    Outcome,
    Removal,
    SavedGameError,
)


@pytest.mark.parametrize("pair", ["AC 10D", "2H 9S", "3D 8D", "4S 7C", "5H 6H"])
def test_a_pair_is_two_number_cards_adding_to_11_suits_do_not_matter(pair):
    game = Game.from_position(_position({1: pair.split()[0], 2: pair.split()[1]}))
    assert game.legal_removals() == [Removal.parse("1+2")]
    assert game.remove("1+2") == 10


@pytest.mark.parametrize("cards", ["5C 5D", "AS 9S", "JC QC", "10H 10D", "6D 6D"])
def test_other_combinations_are_not_removals(cards):
    first, second = cards.split()[:2]
    game = Game.from_position(_position({1: first, 2: second}))
    assert game.legal_removals() == []
    with pytest.raises(IllegalRemovalError):
        game.remove("1+2")


def test_a_triple_is_one_jack_one_queen_and_one_king_of_any_suits():
    game = Game.from_position(_position({1: "JC", 2: "QD"}, {1: "KS", 2: "KC"}))
    assert game.legal_removals() == [Removal.parse("1+2+R1"), Removal.parse("1+2+R2")]
    assert game.remove("2+1+R2") == 15


def test_face_cards_never_pair():
    game = Game.from_position(_position({1: "JC", 2: "QD", 3: "KS KH"}))
    assert [str(r) for r in game.legal_removals()] == ["1+2+3"]
    with pytest.raises(IllegalRemovalError):
        game.remove("1+3")


def test_cards_may_come_from_pile_and_reserve_reserve_and_reserve_pile_and_pile():
    game = Game.from_position(_position({1: "AC", 2: "10C"}, {1: "AD", 2: "10D"}))
    assert {str(r) for r in game.legal_removals()} == {"1+2", "1+R2", "2+R1", "R1+R2"}


def test_only_the_top_card_of_a_pile_is_playable():
    game = Game.from_position(_position({1: "10S 4C", 2: "AH"}))
    assert game.legal_removals() == []
    assert set(game.playable()) == {"1", "2"}


def test_an_emptied_pile_or_reserve_slot_stays_empty():
    game = Game.from_position(_position({1: "AC", 2: "3H 10C"}, {1: "8D"}))
    game.remove("1+2")
    game.remove("2+R1")
    assert game.count("1") == 0 and game.count("2") == 0 and game.count("R1") == 0
    assert game.outcome is Outcome.WON


def test_score_10_per_pair_15_per_triple_and_one_move_each():
    game = Game.from_position(_position({1: "JH AC", 2: "QH 10C"}, {1: "KD", 2: "5C", 3: "6C"}))
    game.remove("1+2")
    game.remove("1+2+R1")
    game.remove("R2+R3")
    assert (game.score, game.moves, game.pairs, game.triples) == (35, 3, 2, 1)
    assert game.outcome is Outcome.WON


def test_stalemate_when_no_pair_and_no_triple_is_playable():
    game = Game.from_position(_position({1: "AC", 2: "8C", 3: "JC", 4: "QD", 5: "10D 2S"}))
    assert game.outcome is Outcome.STALEMATE
    assert game.legal_removals() == []


def test_stalemate_is_detected_on_the_move_that_causes_it():
    game = Game.from_position(_position({1: "AC 5S", 2: "9C 6S"}))
    assert game.outcome is None
    game.tap("1")
    game.tap("2")
    assert game.outcome is Outcome.STALEMATE


def test_undo_returns_the_cards_to_their_slots_and_lowers_score_and_moves(seeds_start):
    game = seeds_start
    before = game.position()
    game.tap("1")
    game.tap("8")
    game.tap("8")
    game.tap("5")
    game.tap("3")
    assert game.moves == 2 and game.score == 25
    assert game.undo() and game.moves == 1 and game.score == 10
    assert game.undo() and game.moves == 0 and game.score == 0
    assert game.position() == before
    assert game.undo() is False


def test_every_move_of_a_whole_table_can_be_undone_within_the_limit_of_100():
    # A game is at most 48 moves, so the limit of 100 never takes a move away.
    assert UNDO_LIMIT == 100
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    piles = {k: f"{ranks[k - 1]}C {ranks[10 - k]}D" for k in range(1, 11)}
    game = Game.from_position(_position(piles))
    start = game.position()
    while game.legal_removals():
        game.remove(game.legal_removals()[0])
    assert game.moves == 10 and game.outcome is Outcome.WON
    assert sum(1 for _ in iter(game.undo, False)) == 10
    assert game.moves == 0 and game.score == 0 and game.position() == start


def test_remove_refuses_an_illegal_removal_and_names_it():
    game = Game.from_code("HM1-N-AAAAAAA")
    with pytest.raises(IllegalRemovalError, match=r"1\+2"):
        game.remove("1+2")  # AS + 2S
    with pytest.raises(IllegalRemovalError, match="2 or 3"):
        game.remove(["1"])


def test_a_saved_game_is_the_code_and_the_removals_and_replays_exactly():
    game = Game.from_code("HM1-N-AAAAAAB")
    for removal in game.legal_removals()[:1]:
        game.remove(removal)
    game.remove(game.legal_removals()[-1])
    data = json.loads(json.dumps(game.to_dict()))
    assert data["code"] == "HM1-N-AAAAAAB" and len(data["removals"]) == 2
    restored = Game.from_dict(data)
    assert restored.position() == game.position()
    assert (restored.score, restored.moves) == (game.score, game.moves)
    assert restored.undo() and game.undo() and restored.position() == game.position()


def test_a_game_from_a_position_saves_its_start_position(seeds_start):
    seeds_start.remove("1+8")
    restored = Game.from_dict(seeds_start.to_dict())
    assert restored.code is None and restored.position() == seeds_start.position()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({}, "not a Half Moon saved game"),
        ({"format": "halfmoon-game", "version": 2, "code": "HM1-N-AAAAAAA"}, "newer"),
        ({"format": "halfmoon-game", "version": "1", "code": "HM1-N-AAAAAAA"}, "version"),
        ({"format": "halfmoon-game", "version": 1, "code": "HM1-X"}, "deal is not valid"),
        ({"format": "halfmoon-game", "version": 1}, "neither a deal code nor a position"),
        (
            {
                "format": "halfmoon-game",
                "version": 1,
                "code": "HM1-N-AAAAAAA",
                "removals": [["1", "2"]],
            },
            "move 1 is not legal",
        ),
        (
            {
                "format": "halfmoon-game",
                "version": 1,
                "code": "HM1-N-AAAAAAA",
                "removals": [["R1", "R3"], ["R1", "R2"]],
            },
            "move 2 is not legal",
        ),
        (
            {"format": "halfmoon-game", "version": 1, "code": "HM1-N-AAAAAAA", "removals": "R1+R3"},
            "not a list",
        ),
        (
            {
                "format": "halfmoon-game",
                "version": 1,
                "code": "HM1-N-AAAAAAA",
                "removals": [[1, 2]],
            },
            "not a list of slot names",
        ),
        ({"format": "halfmoon-game", "version": 1, "position": "1: ZZ"}, "deal is not valid"),
    ],
)
def test_a_saved_game_that_is_not_a_legal_sequence_is_refused_clearly(data, words):
    with pytest.raises(SavedGameError, match=words):
        Game.from_dict(data)


def test_redo_replays_what_undo_took_back_until_a_new_move_is_made(seeds_start):
    """SPEC 4 (decided here): redo replays what undo took back, until a new move."""
    game = seeds_start
    start = game.position()
    game.remove(["1", "8"])
    after_one = game.position()
    game.remove(["8", "5", "3"])
    after_two, removals = game.position(), game.removals
    assert not game.can_redo() and game.redo() is False
    assert game.undo() and game.undo() and game.position() == start
    assert game.can_redo() and game.redo() and game.position() == after_one
    assert (game.moves, game.score) == (1, 10)
    assert game.redo() and game.position() == after_two and game.removals == removals
    assert (game.moves, game.score) == (2, 25) and not game.can_redo()
    game.undo()
    game.tap("R6")  # a selection is not a move: redo is still there
    assert game.can_redo() and game.selection == ("R6",)
    assert game.redo() and game.selection == ()  # redo clears the selection, as undo does
    game.undo()
    game.undo()
    game.remove(["1", "8"])  # a new move forgets what was undone
    assert not game.can_redo() and game.redo() is False
    assert game.to_dict()["removals"] == [["1", "8"]]
