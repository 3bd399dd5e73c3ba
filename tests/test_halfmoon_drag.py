"""Half Moon by drag (issue 28, item 7): a card dragged onto its partner removes the pair,
a face card dragged onto the third of a triple with the first selected removes the three,
a drop elsewhere flies back, and cards that do not go together shake (Move errors adds
the words); through real mouse and finger events, the window always what a repaint from
scratch shows. The seeds' deal before its first move: piles 1..12 show 5S AH KH 4C QH 5H
7S 6D 10D 10C 2D KH, the reserve R1..R8 10H 6S 3D 4S 7D 5S JH AC."""

from __future__ import annotations

import pytest
from conftest import fixture_text
from kind_scripts import SMALL, table
from ui_helpers import Driver, drawn_afresh, felt_point, pygame, shown, window

from game.rules import Game
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.table_view import TableView

HOW = pytest.mark.parametrize("how", ["mouse", "finger"])


@pytest.fixture
def seeds(display, ctx):
    """The seeds' deal before its first move on a 1280x720 table, its tiles made."""
    play = Flow(ctx).play(Game.from_position(fixture_text("seeds-start.txt")))
    driver = Driver(play)
    driver.seconds(1)
    return driver, play


def _fresh(play) -> bytes:
    """The table of ``play``'s game as a new scene draws it, as RGB bytes."""
    return drawn_afresh(PlayScene(play.ctx, Flow(play.ctx), play.game, play.elapsed))


def _from_scratch(play) -> bytes:
    """This frame of ``play`` painted whole by a new view (no tiles, no repaint in part)."""
    reference = pygame.Surface(window().get_size())
    TableView().draw(reference, play.frame(), play.layout, play.ctx.art)
    return pygame.image.tobytes(reference, "RGB")


def _point(play, slot):
    return play.board.top_rect(play.layout, slot).center


def _drag(driver, start, end, how, check=None, carries=True):
    """Press at ``start``, carry to ``end`` in four steps and lift there; ``check`` is
    called after every event; ``carries``: whether the press carries a card."""
    check = check or (lambda where: None)
    driver.hold(start, how, down=True)
    check("pressed")
    for part in range(1, 5):
        where = tuple(a + (b - a) * part // 4 for a, b in zip(start, end, strict=True))
        driver.hold(where, how, down=None)
        check(("carried", part))
        if part == 1:
            assert (driver.scene.gestures.carry is not None) == carries
    driver.hold(end, how, down=False)
    check("dropped")


def _the_same(play, before):
    """The game is as ``before`` (position, score, moves, selection)."""
    game = play.game
    assert (game.position(), game.score, game.moves, game.selection) == before


def _state(play):
    game = play.game
    return game.position(), game.score, game.moves, game.selection


# ------------------------------------------------------------------- pairs
@HOW
def test_a_card_dragged_onto_its_partner_removes_the_pair_and_undo_restores_it(seeds, how):
    driver, play = seeds
    start = play.game.position()
    _drag(driver, _point(play, "1"), _point(play, "8"), how)  # 5S onto 6D
    game = play.game
    assert (game.score, game.moves) == (10, 1)
    assert str(game.top("1")) == "7H" and str(game.top("8")) == "JC"
    assert "Score 10" in play.frame().info and "Moves 1" in play.frame().info
    assert play.gestures.carry is None
    driver.seconds(0.5)  # the two cards fly away
    assert not play.flying and shown() == _fresh(play)
    driver.key(pygame.K_BACKSPACE)
    assert (game.position(), game.score, game.moves) == (start, 0, 0)
    assert "Score 0" in play.frame().info and "Moves 0" in play.frame().info
    driver.frames(2)
    assert shown() == _fresh(play)


@HOW
def test_a_selected_card_can_be_dragged_onto_its_partner(seeds, how):
    """A press on a selected card puts it down, as a tap does; carried on, it is taken
    up again and goes with its partner."""
    driver, play = seeds
    driver.click_slot("R6")  # 5S selected
    _drag(driver, _point(play, "R6"), _point(play, "R2"), how)  # onto 6S
    assert (play.game.score, play.game.moves) == (10, 1)
    assert play.game.top("R6") is None and play.game.top("R2") is None


# ----------------------------------------------------------------- triples
@HOW
def test_with_a_jack_selected_a_queen_dragged_onto_a_king_removes_the_triple(seeds, how):
    driver, play = seeds
    driver.click_slot("R7")  # JH selected
    _drag(driver, _point(play, "5"), _point(play, "3"), how)  # QH onto KH
    game = play.game
    assert (game.score, game.moves) == (15, 1) and game.selection == ()
    assert game.top("R7") is None and str(game.top("5")) != "QH"
    driver.seconds(0.5)
    assert shown() == _fresh(play)


@HOW
def test_a_face_dragged_onto_another_rank_selects_both_and_a_tap_ends_the_triple(seeds, how):
    driver, play = seeds
    _drag(driver, _point(play, "R7"), _point(play, "5"), how)  # JH onto QH
    assert play.game.selection == ("R7", "5") and play.game.moves == 0
    driver.seconds(0.5)  # JH flies back, lifted with QH
    assert not play.flying and shown() == _fresh(play)
    driver.click_slot("3")  # KH
    assert (play.game.score, play.game.moves) == (15, 1)


def test_with_two_faces_selected_a_press_on_the_third_removes_them_at_once(seeds):
    """The press is the tap: the triple goes on the press, and nothing is carried."""
    driver, play = seeds
    driver.click_slot("R7")
    driver.click_slot("5")

    def check(where):
        assert play.game.moves == 1, where  # from the press on

    _drag(driver, _point(play, "3"), felt_point(play), "mouse", check, carries=False)
    assert (play.game.score, play.game.moves) == (15, 1)


# --------------------------------------------------------------- fly back
@HOW
@pytest.mark.parametrize(
    "selected, carried",
    [((), "7"), (("R6",), "R6"), (("R7",), "5"), (("R7", "5"), "R7")],
    ids=["7S", "5S-selected", "QH-with-JH", "JH-with-QH"],
)
def test_a_drop_on_the_felt_flies_back_and_changes_nothing(seeds, how, selected, carried):
    """Whatever the press did to the selection (selected the card, put it down, added
    it to the faces) is undone: all is as before the press."""
    driver, play = seeds
    for slot in selected:
        driver.click_slot(slot)
    before = _state(play)
    home = play.board.top_rect(play.layout, carried)
    _drag(driver, _point(play, carried), felt_point(play), how)
    assert any(m.end == home for m in play.flying), "the card flies back"
    _the_same(play, before)
    driver.seconds(0.5)
    assert not play.flying
    _the_same(play, before)
    assert shown() == _fresh(play)


@HOW
def test_a_drop_on_its_own_place_an_empty_slot_or_a_selected_card_flies_back(seeds, how):
    driver, play = seeds
    driver.click_slot("R6")  # 5S, then R2's 6S with it: both gone, R6 and R2 empty
    driver.click_slot("R2")
    assert play.game.moves == 1
    driver.click_slot("R7")  # JH selected
    before = _state(play)
    start = _point(play, "5")  # QH
    driver.hold(start, how, down=True)  # carried away, and back to its own place
    driver.hold((start[0] + 40, start[1] + 40), how, down=None)
    assert play.gestures.carry is not None
    driver.hold((start[0] + 3, start[1] + 2), how, down=None)
    driver.hold((start[0] + 3, start[1] + 2), how, down=False)
    driver.seconds(0.5)
    _the_same(play, before)
    _drag(driver, start, _point(play, "R6"), how)  # an empty reserve slot
    driver.seconds(0.5)
    _the_same(play, before)
    assert shown() == _fresh(play)


@HOW
def test_a_face_dropped_on_a_face_selected_is_selected_with_it(seeds, how):
    driver, play = seeds
    driver.click_slot("R7")  # JH selected
    position = play.game.position()
    _drag(driver, _point(play, "5"), _point(play, "R7"), how)  # QH onto it
    home = play.layout.slots["5"]
    assert play.gestures.carry is None and any(m.end == home for m in play.flying)
    driver.seconds(0.5)
    assert play.game.selection == ("R7", "5") and play.game.position() == position
    assert shown() == _fresh(play)
    _drag(driver, _point(play, "3"), _point(play, "5"), how, carries=False)  # KH: the press
    assert (play.game.score, play.game.moves) == (15, 1)
    assert play.gestures.carry is None


# ------------------------------------------------------------------ shakes
def _drawn(play, slots):
    """Where each top card of ``slots`` is drawn in the frame now: as a sprite, or on its
    slot at rest (exactly one of the two)."""
    frame, layout = play.frame(), play.layout
    places = {}
    for slot in slots:
        card, rest = play.game.top(slot), layout.slots[slot]
        sprites = [
            pygame.Rect(s.rect)
            for s in frame.sprites
            if s.card == card and abs(s.rect[0] - rest.x) < rest.width // 2  # (two decks)
        ]
        at_rest = frame.looks[slot].top is not None and frame.looks[slot].top[0] == card
        assert len(sprites) + at_rest == 1, (slot, sprites, at_rest)
        places[slot] = sprites[0] if sprites else layout.slots[slot]
    return places


def _shakes(driver, play, slots, act, errors):
    """``act`` refuses cards ``slots``: the window and the frames while they shake."""
    play.ctx.settings.move_errors = errors
    before = _state(play)
    rest = {slot: play.layout.slots[slot] for slot in slots}
    act()
    assert play.game.position() == before[0] and play.game.moves == before[2]
    assert play.game.selection == ()
    moved = {slot: 0 for slot in slots}
    for _ in range(40):
        flown = not any(not m.shake for m in play.flying)  # (a carried card flies back)
        places = _drawn(play, slots) if flown else {}
        for slot in places:
            assert places[slot].size == rest[slot].size and places[slot].y == rest[slot].y
            moved[slot] += places[slot] != rest[slot]
        assert shown() == _from_scratch(play)  # the repaint in part shows it all
        driver.frames(1)
    assert not play.flying
    assert _drawn(play, slots) == rest  # back exactly where they were
    driver.seconds(2.5)  # (a message of Move errors fades)
    assert play.message is None and shown() == _fresh(play)
    return moved


@pytest.mark.parametrize("errors", [False, True], ids=["quiet", "move-errors"])
@pytest.mark.parametrize("animations", ["normal", "fast", "off"])
def test_a_wrong_pair_tapped_shakes_both_cards(seeds, errors, animations):
    driver, play = seeds
    play.ctx.settings.animations = animations
    driver.click_slot("R6")  # 5S

    def act():
        driver.click_slot("2")  # AH: the sum is 6
        assert (play.message is not None) == errors
        if errors:
            assert play.message[0] == "The sum must be 11"

    moved = _shakes(driver, play, ("R6", "2"), act, errors)
    assert all(count >= 3 for count in moved.values()), moved


@HOW
@pytest.mark.parametrize("errors", [False, True], ids=["quiet", "move-errors"])
def test_a_card_dropped_on_one_it_does_not_go_with_flies_back_and_both_shake(seeds, how, errors):
    driver, play = seeds

    def act():
        _drag(driver, _point(play, "1"), _point(play, "2"), how)  # 5S onto AH
        assert any(m.end == play.layout.slots["1"] for m in play.flying)  # 5S flies back
        assert (play.message is not None) == errors

    moved = _shakes(driver, play, ("1", "2"), act, errors)
    assert all(count >= 3 for count in moved.values()), moved


@pytest.mark.parametrize(
    "carried, onto, words",
    [
        ("R7", "4", "Needs a Jack, a Queen and a King"),
        ("3", "12", "Needs a Jack, a Queen and a King"),
    ],
    ids=["jack-on-four", "king-on-king"],
)
def test_a_face_dropped_on_a_number_or_its_own_rank_shakes(seeds, carried, onto, words):
    driver, play = seeds

    def act():
        _drag(driver, _point(play, carried), _point(play, onto), "mouse")
        assert play.message is not None and play.message[0] == words

    moved = _shakes(driver, play, (carried, onto), act, True)
    assert all(count >= 3 for count in moved.values()), moved


def test_a_tap_on_a_shaking_card_shows_at_once(seeds):
    """A tap stills the shake: the card it selects is shown lifted on the next frame."""
    driver, play = seeds
    driver.click_slot("R6")
    driver.click_slot("2")
    driver.frames(3)
    assert play.flying
    driver.click_slot("2")
    assert not play.flying and play.frame().looks["2"].selected
    assert shown() == _fresh(play)


# --------------------------------------------------------------- repaints
@HOW
def test_a_drag_repaints_in_part_what_a_repaint_from_scratch_shows(seeds, how):
    driver, play = seeds
    play.ctx.settings.placement_aid = True

    def check(where):
        assert shown() == _from_scratch(play), where

    _drag(driver, _point(play, "1"), felt_point(play), how, check)
    for _ in range(12):
        driver.frames(1)
        check("flying back")
    _drag(driver, _point(play, "1"), _point(play, "2"), how, check)  # a wrong pair
    for _ in range(40):
        driver.frames(1)
        check("shaking")
    _drag(driver, _point(play, "1"), _point(play, "8"), how, check)  # the pair
    for _ in range(20):
        driver.frames(1)
        check("flying away")


# --------------------------------------------------------------- every kind
@HOW
def test_a_card_dropped_on_the_felt_flies_back_in_every_kind(display, ctx, kind, how):
    game = kind.from_code(kind.code(7))
    driver = table(ctx, game, SMALL)
    play = driver.scene
    driver.seconds(0.5)
    if not play.board.drags:
        pytest.skip(f"{kind.name} carries no card")
    card = next(s for s in play.board.focus_slots() if play.board.taps_on_release(s))
    before = (game.position(), game.moves, play.board.selected())
    home = play.board.top_rect(play.layout, card)
    _drag(driver, _point(play, card), felt_point(play), how)
    assert any(m.end == home for m in play.flying), "the card flies back"
    driver.seconds(0.5)
    assert not play.flying and play.gestures.carry is None
    assert (game.position(), game.moves, play.board.selected()) == before
    assert shown() == _fresh(play)
