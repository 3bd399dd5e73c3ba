"""Seams between the play scene and its board, through real input events: a double click,
a drag cut short by a resize or F11, the redeal note against the stalemate."""

import random

import pytest
from crescent_helpers import crescent_text, random_text, suit_run
from ui_helpers import Driver, felt_point, pygame

from game.games.catalog import KINDS
from game.games.crescent.board import CrescentBoard
from game.rules import DEAL_COUNT, Crescent, Outcome, read_code
from game.scenes.end import StalemateScene
from game.scenes.play import PlayScene

NUMBER = "LLCDVVR"
"""A deal whose pile 6 has 2♣ on top (its one destination: F5) over Q♥ (then F3's)."""


def _deal(kind):
    """The deal of NUMBER, or the first after it with a move to touch (an Elevens deal
    may have none)."""
    for number in range(read_code(f"HM1-N-{NUMBER}")[1], DEAL_COUNT):
        game = kind.from_code(kind.code(number))
        if any(move.slots for move in game.legal_moves()):
            return game
    raise AssertionError(kind.key)


def _held(play):
    """The slot whose card the tests carry: the first of the first move the rules allow."""
    return next(move.slots[0] for move in play.game.legal_moves() if move.slots)


def _line(game):
    return [str(move) for move in game.line]


# ------------------------------------------------------------------ a double click
@pytest.mark.parametrize("one_tap", [False, True], ids=["one-tap-off", "one-tap-on"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_double_click_makes_one_move(display, ctx, flow, kind, one_tap):
    play = PlayScene(ctx, flow, _deal(kind))
    if not play.board.double_taps:
        pytest.skip(f"{kind.name}'s board moves no card by a double click")
    ctx.settings.one_tap_moves = one_tap
    ctx.settings.auto_home = False
    driver = Driver(play)
    assert str(play.game.top("6")) == "2C" and play.game.destinations("6") == ("F5",)
    driver.click_slot("6")
    driver.click_slot("6")
    assert _line(play.game) == ["6>F5"]  # 2♣ home, and only 2♣
    assert play.game.destinations("6") == ("F3",)  # Q♥ could have followed: it did not
    driver.seconds(1.0)
    driver.click_slot("6")  # a double click of its own, later: Q♥ goes home
    driver.click_slot("6")
    assert _line(play.game) == ["6>F5", "6>F3"]


# ------------------------------------------------------- a drag cut short by the window
@pytest.fixture
def session_for(tmp_path, monkeypatch):
    """``session_for(kind)``: the app's session on the deal of ``kind``, in an 800x600
    window (F11 makes it fullscreen at the desktop's 1024x768), and a driver of its loop."""
    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path))
    sessions = []

    def open_session(kind):
        code = _deal(kind).code
        args = parse_args(["--deal", code, "--window", "800x600"])
        session = Session.open(args, None, Storage(tmp_path / "config", tmp_path / "data"))
        sessions.append(session)
        driver = Driver.over(session.loop)
        driver.frames(2)
        return session, driver

    yield open_session
    for session in sessions:
        session.close()


def _resize(driver, how):
    if how == "F11":
        driver.key(pygame.K_F11)
        return
    size = (1100, 700)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    if how == "VIDEORESIZE":
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    else:
        driver.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


def _fresh_pixels(ctx, play):
    """The table of ``play``'s game drawn anew by a new scene, as RGB bytes."""
    fresh = PlayScene(ctx, play.flow, play.game, play.elapsed)
    screen = pygame.display.get_surface()
    surface = pygame.Surface(screen.get_size(), 0, screen)
    fresh.enter(screen.get_size())
    fresh.draw(surface, 0.0)
    return pygame.image.tobytes(surface, "RGB")


def _carry(driver, play):
    """Press on a card that can move (:func:`_held`) and move 30 pixels: the card is
    carried where the board drags; where it does not the press was a tap. Returns where
    the mouse is."""
    slot = _held(play)
    start = play.board.top_rect(play.layout, slot).center
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    held = start
    for step in (4, 12, 30):
        held = (start[0] + step, start[1] + step)
        driver.post(pygame.MOUSEMOTION, pos=held, rel=(4, 4), buttons=(1, 0, 0), touch=False)
    if play.board.drags:
        assert play.gestures.carry is not None  # the card is carried
    else:  # the press was a tap (6 is selected); a motion carries nothing
        assert play.gestures.carry is None and play.game.selection == (slot,)
    return held


def _shows_the_true_state(session, driver, play, held):
    """Lift the mouse, let the card land: a tap then selects the card, the table shows it,
    and the screen is what a new scene draws of the same game."""
    slot = _held(play)
    driver.post(pygame.MOUSEBUTTONUP, pos=held, button=1, touch=False)
    assert play.game.moves == 0
    driver.seconds(1.0)  # the card lands, the cards are rendered crisp
    assert not play.flying and not session.ctx.art.refining
    driver.click(felt_point(play))
    driver.click_slot(slot)
    assert play.board.selected() == (slot,)
    frame = play.frame()
    assert frame.looks[slot].selected
    targets = {name for name, look in frame.looks.items() if look.target}
    assert targets == set(getattr(play.game, "targets", tuple)())  # Half Moon has none
    shown = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    assert shown == _fresh_pixels(session.ctx, play)


@pytest.mark.parametrize("how", ["VIDEORESIZE", "WINDOWSIZECHANGED", "F11"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_resize_or_f11_mid_drag_ends_the_drag_cleanly(session_for, kind, how):
    session, driver = session_for(kind)
    play = driver.scene
    slot = _held(play)
    held = _carry(driver, play)
    size = play.size
    _resize(driver, how)
    assert play.size != size and play.layout.size == play.size
    if play.board.drags:  # the card flies back from where it was, in the new window
        assert play.gestures.carry is None
        back = play.board.top_rect(play.layout, slot)
        flying = [m for m in play.flying if m.end == back]
        assert flying, "the carried card flies back to its place"
        assert pygame.Rect((0, 0), play.size).colliderect(flying[0].start)
        assert flying[0].start.size == back.size
    _shows_the_true_state(session, driver, play, held)


@pytest.mark.parametrize("how", ["undo", "menu"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_undo_or_the_menu_mid_drag_end_the_drag_cleanly(session_for, kind, how):
    """Ctrl+Z with nothing to undo, or Esc and Continue, while a card is carried."""
    session, driver = session_for(kind)
    play = driver.scene
    held = _carry(driver, play)
    if how == "undo":
        driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    else:
        driver.key(pygame.K_ESCAPE)
        driver.seconds(0.5)  # the card flies back, then the menu comes
        assert driver.scene is not play
        driver.key(pygame.K_RETURN)  # Continue
        assert driver.scene is play
    assert play.gestures.carry is None
    _shows_the_true_state(session, driver, play, held)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_press_held_through_a_resize_is_still_a_tap(session_for, kind):
    _session, driver = session_for(kind)
    play = driver.scene
    slot = _held(play)
    start = play.board.top_rect(play.layout, slot).center
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    _resize(driver, "VIDEORESIZE")
    held = play.board.top_rect(play.layout, slot).center
    driver.post(pygame.MOUSEBUTTONUP, pos=held, button=1, touch=False)
    assert play.board.selected() == (slot,) and play.gestures.carry is None and play.game.moves == 0


# ------------------------------------------------- the redeal note and the stalemate
def _crescent_kind(kind):
    if not isinstance(_deal(kind), Crescent):
        pytest.skip(f"{kind.name} has no redeal")


def _transfers_only(kind, redeals):
    """Clubs in sequence (F5 A-6, F1 K-7): the two transfers between F5 and F1 are the
    only legal moves; no pile's top card (5♦, 9♠, J♥) can go anywhere."""
    foundations = {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")}
    piles = {1: "5D", 2: "9S", 16: "JH"}
    text = crescent_text(piles, foundations, redeals=redeals, variant=kind.letter)
    return Crescent.from_position(text)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_with_only_transfers_left_the_note_and_the_stalemate_agree(display, ctx, flow, kind):
    _crescent_kind(kind)
    left = _transfers_only(kind, redeals=1)
    assert [str(move) for move in left.legal_moves()] == ["F1>F5", "F5>F1"]
    assert left.outcome is None
    driver = Driver(PlayScene(ctx, flow, left))
    driver.frames(3)
    frame = driver.scene.frame()
    assert frame.message == ("No moves \u2014 redeal (1 left)", 1.0)
    assert [button.name for button in frame.buttons if button.primary] == ["redeal"]
    driver.click(driver.scene.layout.buttons["redeal"].center)  # the note's advice works
    assert left.redeals_left == 0 and left.moves == 1

    stuck = _transfers_only(kind, redeals=0)  # the same table, no redeal left
    assert stuck.outcome is Outcome.STALEMATE
    driver = Driver(PlayScene(ctx, flow, stuck))
    driver.seconds(0.5)
    assert isinstance(driver.scene, StalemateScene)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_the_note_shows_exactly_where_the_same_table_without_redeals_is_a_stalemate(kind):
    """Random tables (some suits in sequence): with a redeal left the board says "No
    moves" exactly when the table with none left is a stalemate."""
    _crescent_kind(kind)
    rng = random.Random(8)
    seen = set()
    for _ in range(300):
        text = random_text(rng, redeals=1, variant=kind.letter, piles=rng.randint(1, 6))
        left = Crescent.from_position(text)
        if left.outcome is not None:
            continue
        stuck = Crescent.from_position(text.replace("redeals left: 1", "redeals left: 0"))
        stalemate = stuck.outcome is Outcome.STALEMATE
        assert (CrescentBoard(left).note() is not None) == stalemate, text
        seen.add((stalemate, bool(left.legal_moves())))
    assert seen == {(True, True), (True, False), (False, True)}  # each case came up
