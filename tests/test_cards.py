"""Cards: frozen values, printable as 10H or KS and parseable back."""

import pytest

from game.rules import Card, CardError, Rank, Suit, standard_deck, two_decks


@pytest.mark.parametrize("card", standard_deck())
def test_every_card_prints_and_parses_back(card):
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card


def test_card_names_use_rank_then_suit_letters():
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10H"
    assert str(Card(Rank.KING, Suit.SPADES)) == "KS"
    assert str(Card(Rank.ACE, Suit.CLUBS)) == "AC"
    assert Card(Rank.QUEEN, Suit.DIAMONDS).symbol_name == "Q\u2666"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", Card(Rank.TEN, Suit.HEARTS)),
        ("  qd ", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("K\u2665", Card(Rank.KING, Suit.HEARTS)),
        ("5\u2660\ufe0f", Card(Rank.FIVE, Suit.SPADES)),
        ("A\u2663", Card(Rank.ACE, Suit.CLUBS)),
        ("7\u2666", Card(Rank.SEVEN, Suit.DIAMONDS)),
        ("TS", Card(Rank.TEN, Suit.SPADES)),
    ],
)
def test_parse_accepts_letters_symbols_and_any_case(text, expected):
    assert Card.parse(text) == expected


@pytest.mark.parametrize("text", ["", "1H", "11S", "KX", "H", "10", "QQ", "AH AS"])
def test_parse_refuses_a_non_card_with_its_text_in_the_message(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert isinstance(error.value, ValueError)
    assert repr(text) in str(error.value)


def test_ace_is_worth_one_and_ten_is_worth_ten():
    assert Card.parse("AS").value == 1
    assert Card.parse("10D").value == 10
    assert [Card(rank, Suit.CLUBS).value for rank in Rank][:10] == list(range(1, 11))


def test_jack_queen_and_king_are_the_face_cards():
    faces = [card for card in standard_deck() if card.is_face]
    assert sorted({card.rank for card in faces}) == [Rank.JACK, Rank.QUEEN, Rank.KING]
    assert len(faces) == 12


def test_cards_are_frozen_values():
    card = Card.parse("2C")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert card == Card.parse("2c") and hash(card) == hash(Card.parse("2c"))


def test_two_decks_hold_two_copies_of_every_card():
    cards = two_decks()
    assert len(cards) == 104
    assert all(cards.count(card) == 2 for card in standard_deck())
    assert sum(not card.is_face for card in cards) == 80
