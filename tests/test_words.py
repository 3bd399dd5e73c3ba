"""What a screen reader is told of each kind's table (game.games.<key>.words): every
slot named, each move told by the cards it moved, an undo told too. The words as the
tree carries them are tested over AT-SPI in tests/test_spoken.py."""

from __future__ import annotations

from game.look import i18n
from game.look.card_words import card_count, card_list, card_name
from game.rules.cards import Card
from game.table.layout import compute_layout


def test_every_slot_the_table_draws_has_words(kind):
    """The words name exactly the slots the table lays out, each differently."""
    layout = compute_layout(1280, 720, kind.table)
    game = kind.random()
    names = [kind.words.slot(game.table, slot) for slot in kind.words.slots()]
    assert set(kind.words.slots()) == set(layout.slots)
    assert len(set(names)) == len(names) == len(layout.slots)


def test_each_move_is_told_by_the_card_it_took_and_an_undo_is_told(kind):
    script = kind.script()
    game = kind.from_position(script.win)
    for move in script.win_moves:
        before, score = game.table, game.score
        first = game.top(move[0])
        game.play(next(m for m in game.legal_moves() if tuple(m.slots) == tuple(move)))
        told = kind.words.change(before, game.table, game.score - score)
        assert first is not None and card_name(first) in told, (move, told)
    after = game.table
    assert game.undo()
    assert kind.words.change(after, game.table, 0)


def test_nothing_is_told_when_nothing_changed(kind):
    game = kind.random()
    assert kind.words.change(game.table, game.table, 0) == ""


def test_the_foundations_key_has_words_in_every_game(kind):
    assert kind.words.home(kind.random().table)


def test_cards_are_named_in_the_players_language():
    cards = [Card.parse(text) for text in ("AS", "7H", "QC")]
    assert card_list(cards) == "Ace of spades, 7 of hearts and Queen of clubs"
    assert card_count(1) == "1 card" and card_count(8) == "8 cards"
    i18n.set_language("ru")
    try:
        assert card_list(cards) == "туз пик, 7 червей и дама треф"
        assert [card_count(n) for n in (1, 3, 5)] == ["1 карта", "3 карты", "5 карт"]
    finally:
        i18n.set_language("en")
