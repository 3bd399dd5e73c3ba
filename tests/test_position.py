"""Position text: one line per slot, bottom card first, '-' for empty; it round-trips."""

import pytest
from conftest import fixture_text

from game.rules import Game, PositionError, SlotError, Table, slot_name


def test_position_text_round_trips_for_a_deal():
    game = Game.from_code("HM1-N-AAAAAAA")
    text = game.position()
    assert text.splitlines()[0] == "1: 3D AH QC 5C 4C 8D 5D AS"
    assert text.splitlines()[11] == "12: 6C JS 7H 8H 7D QS JD 10H"
    assert text.splitlines()[12] == "R1: AS"
    assert Game.from_position(text).position() == text


def test_empty_slots_are_written_as_a_dash_and_read_back():
    game = Game.from_code("HM1-N-AAAAAAA")
    game.remove(["R1", "R3"])  # AS + 10S
    text = game.position()
    assert "R1: -" in text.splitlines() and "R3: -" in text.splitlines()
    assert Game.from_position(text).position() == text


def test_comments_and_blank_lines_are_ignored():
    text = fixture_text("seeds-start.txt")
    assert text.startswith("#")
    assert Table.parse(text).text() == Table.parse(text.replace("\n", "\n\n")).text()


def _start_lines():
    return Game.from_code("HM1-N-AAAAAAA").position().splitlines()


def _replace(lines, index, new):
    lines = list(lines)
    lines[index] = new
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda ls: _replace(ls, 0, "1: 3D AH QC 5C 4C 8D 5D ZZ"),
            ["line 1", "'ZZ' is not a card"],
        ),
        (
            lambda ls: _replace(ls, 1, "2: 8S KS 10D 9H 9H 9H KD 2S"),
            ["line 2", "9H", "more than 2"],
        ),
        (lambda ls: _replace(ls, 2, "3: JC JH 8C 6D 5H 10S 3S JC 4D"), ["line 3", "at most 8"]),
        (
            lambda ls: _replace(_replace(ls, 0, "1: 3D AH").splitlines(), 12, "R1: AS AS"),
            ["line 13", "at most 1"],
        ),
        (lambda ls: "\n".join(ls[1:]), ["slot(s) 1 missing"]),
        (lambda ls: "\n".join([*ls, "R1: -"]), ["line 21", "listed twice"]),
        (lambda ls: _replace(ls, 4, "13: 4D"), ["line 5", "'13' is not a slot"]),
        (lambda ls: _replace(ls, 4, "5 4D 5D"), ["line 5", "expected 'SLOT: cards'"]),
    ],
    ids=[
        "unknown card",
        "third copy",
        "nine in a pile",
        "two in reserve",
        "missing slot",
        "repeated slot",
        "unknown slot",
        "no colon",
    ],
)
def test_invalid_position_text_is_refused_naming_the_line_and_the_fault(change, words):
    with pytest.raises(PositionError) as error:
        Game.from_position(change(_start_lines()))
    assert isinstance(error.value, ValueError)
    for word in words:
        assert word in str(error.value)


def test_slot_names_are_the_seeds_names():
    assert slot_name(" r5 ") == "R5" and slot_name(12) == "12"
    for bad in ["0", "13", "R0", "R9", "pile 1", ""]:
        with pytest.raises(SlotError, match="not a slot"):
            slot_name(bad)


def test_pile_top_count_and_playable(seeds_position):
    game = seeds_position
    assert game.count("1") == 7 and str(game.top("1")) == "7H"
    assert game.count("8") == 7 and str(game.top("8")) == "JC"
    assert game.count("R5") == 1 and str(game.top("R5")) == "7D"
    assert [str(c) for c in game.pile(2)][-1] == "AH"
    assert len(game.playable()) == 20
    assert {s: str(c) for s, c in game.playable().items()}["R6"] == "5S"
