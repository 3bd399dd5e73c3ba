"""Crescent's deal codes and deal (SPEC 5, "Deal codes"): the vector, the bases, the letters."""

import random
import re

import pytest
from conftest import fixture_text

from game.games.catalog import game_for_code, letters
from game.rules import (
    CRESCENT,
    CRESCENT_FOUR,
    OPEN_CRESCENT,
    VARIANTS,
    Card,
    Crescent,
    DealCodeError,
    Game,
    format_code,
    two_decks,
)
from game.rules.codes import expected_forms, shuffled_order


def _crescent_vector():
    """The HM1-C-AAAAAAA block of deal-vectors.txt: ({pile: [cards]}, {foundation: card})."""
    text = fixture_text("deal-vectors.txt")
    block = text[text.index("HM1-C-AAAAAAA") :]
    piles = {m[1]: m[2].split() for m in re.finditer(r"pile\s+(\d+): ([0-9AJQKCDHS ]+)", block)}
    foundations = dict(re.findall(r"(F\d)=(\w+)", block))
    return piles, foundations


@pytest.mark.parametrize("letter", ["C", "F", "O"])
def test_the_deal_vector_hm1_c_aaaaaaa_is_reproduced_card_for_card_in_all_three(letter):
    """SPEC 5: "The same number gives the same cards in the same places in all three"."""
    piles, foundations = _crescent_vector()
    assert len(piles) == 16 and len(foundations) == 8
    game = Crescent.from_code(f"HM1-{letter}-AAAAAAA")
    for number, cards in piles.items():
        assert [str(c) for c in game.pile(number)] == cards, number
    for name, base in foundations.items():
        assert [str(c) for c in game.foundation(name)] == [base]


@pytest.mark.parametrize("number", [1, 26, 123_456_789, 26**7 - 1])
def test_crescent_crescent_four_and_open_crescent_share_the_cards_of_one_number(number):
    games = [Crescent.from_code(format_code(number, v.letter)) for v in VARIANTS]
    assert len({tuple(g.pile(n) for n in range(1, 17)) for g in games}) == 1
    assert [g.variant for g in games] == [CRESCENT, CRESCENT_FOUR, OPEN_CRESCENT]
    assert [g.redeals_left for g in games] == [3, 4, 3]


def test_in_crescent_and_crescent_four_the_bottom_five_cards_lie_face_down_open_deals_all_up():
    """SPEC 5: "in each pile the bottom five cards are face down and the top card face up.
    Open Crescent: all 96 cards face up"."""
    for variant in VARIANTS:
        game = Crescent.from_code(f"HM1-{variant.letter}-QWERTYU")
        expected = 0 if variant.face_up else 5
        assert [game.face_down(n) for n in range(1, 17)] == [expected] * 16


def test_a_deal_puts_six_cards_on_each_pile_and_one_king_and_one_ace_of_each_suit_as_bases():
    """SPEC 5: "One King and one Ace of each suit are the foundation bases ... The other 96
    cards are dealt into 16 piles of 6"."""
    game = Crescent.from_code("HM1-C-ZZZZZZZ")
    assert [len(game.pile(n)) for n in range(1, 17)] == [6] * 16
    bases = [str(game.foundation(f"F{n}")[0]) for n in range(1, 9)]
    assert bases == ["KC", "KD", "KH", "KS", "AC", "AD", "AH", "AS"]
    dealt = sorted(str(c) for n in range(1, 17) for c in game.pile(n))
    deck = [str(c) for c in two_decks()]
    for base in bases:
        deck.remove(base)
    assert dealt == sorted(deck)


@pytest.mark.parametrize("number", [0, 7, 99, 4_000_000])
def test_the_copy_1_aces_and_kings_are_the_bases_wherever_they_landed(number):
    """SPEC 5: "the copy-1 Ace and King of each suit (unshuffled indices 0, 12, 13, 25, 26,
    38, 39, 51), wherever they landed; the other 96 keep their order. Card k ... goes on top
    of pile (k mod 16) + 1"."""
    deck = two_decks()
    rest = [deck[i] for i in shuffled_order(number) if i not in {0, 12, 13, 25, 26, 38, 39, 51}]
    game = Crescent.from_code(format_code(number, "C"))
    assert [game.pile(k % 16 + 1)[k // 16] for k in range(96)] == rest


@pytest.mark.parametrize(
    "text", ["", "HM1-C-AAAAAA", "HM1-C-AAAA1AA", "HM2-C-AAAAAAA", "HM1-X-AAAAAAA", "crescent"]
)
def test_a_bad_code_is_refused_with_a_message_showing_the_expected_forms(text):
    with pytest.raises(DealCodeError) as error:
        Crescent.from_code(text)
    assert "HM1-C-, HM1-F- or HM1-O- followed by 7 letters A-Z" in str(error.value)


def test_a_half_moon_code_is_not_a_crescent_deal_and_a_crescent_code_not_a_half_moon_deal():
    with pytest.raises(DealCodeError, match=r"variant 'N'.*HM1-C-, HM1-F- or HM1-O-"):
        Crescent.from_code("HM1-N-AAAAAAB")
    for letter in "CFO":
        with pytest.raises(DealCodeError, match=rf"variant '{letter}'.*HM1-N-"):
            Game.from_code(f"HM1-{letter}-AAAAAAB")


def test_game_from_code_deals_half_moon_for_n_and_crescent_for_c_f_o():
    assert isinstance(game_for_code("HM1-N-AAAAAAB"), Game)
    for variant in VARIANTS:
        game = game_for_code(f" hm1-{variant.letter.lower()}-aaaaaab ")
        assert isinstance(game, Crescent) and game.variant is variant
        assert game.code == f"HM1-{variant.letter}-AAAAAAB"
    every = expected_forms(letters())  # the error shows every game's code
    with pytest.raises(DealCodeError, match=re.escape(every)):
        game_for_code("HM1-Q-AAAAAAB")


def test_a_random_deal_of_a_variant_has_its_letter_and_a_seeded_rng_repeats_it():
    first = Crescent.random(CRESCENT_FOUR, random.Random(4))
    again = Crescent.random(CRESCENT_FOUR, random.Random(4))
    assert first.code == again.code and first.code.startswith("HM1-F-")
    assert first.position() == again.position()
    assert Crescent.random(OPEN_CRESCENT).code.startswith("HM1-O-")


def test_the_variants_are_data_letter_name_redeals_face_up():
    assert [(v.letter, v.name, v.redeals, v.face_up) for v in VARIANTS] == [
        ("C", "Crescent", 3, False),
        ("F", "Crescent Four", 4, False),
        ("O", "Open Crescent", 3, True),
    ]
    assert Card.parse("KD") in Crescent.from_code("HM1-C-AAAAAAA").pile(14)
