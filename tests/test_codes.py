"""Deal codes and the portable shuffle (SPEC section 3)."""

import re

import pytest
from conftest import fixture_text
from hypothesis import given
from hypothesis import strategies as st

from game.rules import DEAL_COUNT, DealCodeError, Game, format_code, normalize_code, parse_code
from game.rules.codes import splitmix64


def test_splitmix64_seeded_with_0_draws_0xE220A8397B1DCDAF_first():
    assert next(splitmix64(0)) == 0xE220A8397B1DCDAF


def _vector_deals(text):
    """Parse deal-vectors.txt: {code: {slot: [cards bottom to top]}}."""
    deals, code = {}, None
    for line in text.splitlines():
        if line.startswith("HM1-"):
            code = line.strip()
            deals[code] = {}
        elif m := re.match(r"\s*pile\s+(\d+):\s*(.*?)\s*\(bottom", line):
            deals[code][m.group(1)] = m.group(2).split()
        elif m := re.match(r"\s*reserve:\s*(.*)", line):
            for item in m.group(1).split():
                slot, card = item.split("=")
                deals[code][slot] = [card]
    return deals


def test_the_deal_vector_is_reproduced_card_for_card():
    deals = _vector_deals(fixture_text("deal-vectors.txt"))
    assert "HM1-N-AAAAAAA" in deals
    for code, slots in deals.items():
        if not code.startswith("HM1-N-"):
            continue  # Crescent's vector: tests/test_crescent_codes.py
        game = Game.from_code(code)
        assert len(slots) == 20
        for slot, cards in slots.items():
            if slot.startswith("R"):
                assert [str(game.top(slot))] == cards, slot
            else:
                assert [str(c) for c in game.pile(slot)] == cards, slot


def test_the_codes_are_base_26_letters_most_significant_first():
    assert format_code(0) == "HM1-N-AAAAAAA"
    assert format_code(1) == "HM1-N-AAAAAAB"
    assert format_code(26) == "HM1-N-AAAAABA"
    assert format_code(DEAL_COUNT - 1) == "HM1-N-ZZZZZZZ"
    assert DEAL_COUNT == 26**7


@given(st.integers(0, DEAL_COUNT - 1))
def test_every_deal_number_round_trips_through_its_code(number):
    assert parse_code(format_code(number)) == number


def test_parsing_ignores_case_and_surrounding_spaces():
    assert parse_code("  hm1-n-aaaaaab\n") == 1
    assert normalize_code("Hm1-N-aaaaaBa ") == "HM1-N-AAAAABA"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "HM1",
        "HM1-N-AAAAAA",
        "HM1-N-AAAAAAAA",
        "HM2-N-AAAAAAA",
        "HM1-N-AAAA1AA",
        "HM1N-AAAAAAA",
        "HM1-N-AAAAAA\u00c4",
        "HM1--AAAAAAA",
        "HM1-N-AAA AAAA",
        "hello",
    ],
)
def test_a_bad_code_is_refused_with_a_message_showing_the_expected_form(text):
    with pytest.raises(DealCodeError) as error:
        parse_code(text)
    assert isinstance(error.value, ValueError)
    assert "HM1-N-" in str(error.value) and "7 letters A-Z" in str(error.value)
    with pytest.raises(DealCodeError):
        Game.from_code(text)


def test_other_variant_letters_are_reserved_and_refused_by_name():
    with pytest.raises(DealCodeError, match="variant 'C'"):
        parse_code("HM1-C-AAAAAAA")


def test_the_same_code_gives_the_same_deal_and_neighbours_differ():
    assert Game.from_code("HM1-N-AAAAAAB").position() == Game.from_code("hm1-n-aaaaaab").position()
    assert Game.from_code("HM1-N-AAAAAAB").position() != Game.from_code("HM1-N-AAAAAAC").position()


def test_a_deal_puts_8_cards_on_each_pile_and_1_in_each_reserve_slot():
    game = Game.from_code("HM1-N-QWERTYU")
    assert [game.count(str(n)) for n in range(1, 13)] == [8] * 12
    assert all(card is not None for card in game.reserve)
    assert game.code == "HM1-N-QWERTYU"


def test_a_random_game_has_a_valid_code():
    game = Game.random()
    assert game.code is not None and normalize_code(game.code) == game.code
