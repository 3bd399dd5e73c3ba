"""A double click or tap is judged by when its events happened, not by when a frame
happened to handle them: real events through the real loop, with slow frames between.

The loop handles a frame's events first and only then catches the simulation up on the
frame's time, time that passed *before* those events came. A click taken in a frame
after a stall (or after the idle loop's sleep) was thus dated up to a quarter of a
second early, and the second click of a quick double click, handled one slow frame
later, looked more than :data:`~game.scenes.play_gestures.DOUBLE_TAP_SECONDS` after it:
with one-tap moves on it moved a second card (issue 36).
"""

import pytest
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.rules import DEAL_COUNT, read_code
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.play import PlayScene
from game.scenes.play_gestures import DOUBLE_TAP_SECONDS
from game.shell.loop import MAX_FRAME, STEP

NUMBER = "LLCDVVR"
"""Crescent Four's deal of issue 36: pile 6's 2♣ has one place to go (F5), and so has
the Q♥ under it (F3)."""


def _table(ctx, flow, kind):
    """The table of ``kind`` on the first deal from NUMBER with a card that one tap moves
    (and then the card under it), one-tap moves on; the loop over it; the card's slot.
    Skipped where the kind's board moves nothing by a double tap."""
    ctx.settings.one_tap_moves = True
    ctx.settings.auto_home = False
    for number in range(read_code(f"HM1-N-{NUMBER}")[1], DEAL_COUNT):
        play = PlayScene(ctx, flow, kind.from_code(kind.code(number)))
        if not play.board.double_taps:
            pytest.skip(f"{kind.name}'s board moves no card by a double tap")
        for slot in play.layout.slots:
            if _one_tap_twice(kind, number, slot):
                driver = Driver(play, size=(1920, 1080))
                driver.frames(3)
                return driver, play, slot
    raise AssertionError(f"no deal of {kind.key} with a one-tap move")


def _one_tap_twice(kind, number, slot):
    """Whether the card on ``slot`` has one place to go, and so has the card under it."""
    game = kind.from_code(kind.code(number))
    for _ in range(2):
        moves = [move for move in game.legal_moves() if move.slots and move.slots[0] == slot]
        if len(moves) != 1:
            return False
        game.play(moves[0])
    return True


def _post_click(play, slot, finger):
    """A click (or a finger's tap, with the mouse events SDL makes of it) on ``slot``,
    posted: the next frame takes it."""
    x, y = play.layout.slots[slot].center
    w, h = play.size
    for down in (True, False):
        if finger:
            kind = pygame.FINGERDOWN if down else pygame.FINGERUP
            pygame.event.post(
                pygame.event.Event(kind, x=x / w, y=y / h, dx=0, dy=0, finger_id=0, touch_id=0)
            )
        kind = pygame.MOUSEBUTTONDOWN if down else pygame.MOUSEBUTTONUP
        pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1, touch=finger))


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_quick_double_click_across_slow_frames_moves_one_card(display, ctx, flow, kind, finger):
    """Click 1 comes in a frame after a stall (its MAX_FRAME are caught up after the
    click); that frame is slow (it made the move: 0.2 s); click 2 comes in the frame after.
    The two clicks were taken 0.2 s apart: a double click, one move."""
    driver, play, slot = _table(ctx, flow, kind)
    slow = 0.2
    assert slow + STEP < DOUBLE_TAP_SECONDS < MAX_FRAME + slow  # what the frames show
    _post_click(play, slot, finger)
    driver.frames(1, frame_time=MAX_FRAME)  # taken after a stall
    assert play.game.moves == 1
    driver.frames(1, frame_time=slow)  # the move's frame was slow
    _post_click(play, slot, finger)
    driver.frames(1, frame_time=STEP)
    assert play.game.moves == 1, [str(move) for move in play.game.line]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_two_clicks_further_apart_than_a_double_click_move_two_cards(display, ctx, flow, kind):
    """The same frames the other way round: the clicks were taken 0.52 s apart (two slow
    frames between them), and each moves a card."""
    driver, play, slot = _table(ctx, flow, kind)
    _post_click(play, slot, False)
    driver.frames(1, frame_time=STEP)
    driver.frames(2, frame_time=MAX_FRAME)
    _post_click(play, slot, False)
    driver.frames(1, frame_time=STEP + 0.002)
    assert play.game.moves == 2, [str(move) for move in play.game.line]


# ------------------------------------------------------------- a move's slide
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_move_tapped_on_a_still_table_slides_from_its_start(display, ctx, flow, kind):
    """The idle loop sleeps until input: the tap that wakes it comes in a frame whose
    time (up to the whole sleep) passed before the tap. The move's cards start when the
    tap came, at the frame's present: none of their slide is over when it first shows."""
    game = kind.from_code(kind.code(read_code(f"HM1-N-{NUMBER}")[1]))
    slots = next(move.slots for move in game.legal_moves() if move.slots)
    play = PlayScene(ctx, flow, game)
    driver = Driver(play, size=(1920, 1080))
    driver.frames(3)
    for number, slot in enumerate(slots):
        x, y = play.board.top_rect(play.layout, slot).center
        for kind_of_event in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind_of_event, pos=(x, y), button=1, touch=False))
        last = number == len(slots) - 1
        driver.frames(1, frame_time=MAX_FRAME if last else STEP)  # the loop slept till it
    assert play.game.moves == 1, slots
    assert play.motions, "the move's cards had landed before they were first drawn"
    assert all(moving.age <= STEP for moving in play.motions), [m.age for m in play.motions]


# ------------------------------------------------------- a panel's guard
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_panel_a_click_brought_ignores_a_press_soon_after_it_across_slow_frames(
    display, ctx, flow, kind
):
    """New game, clicked on a still table (the frame's time passed before the click),
    brings its question; that frame is slow (0.2 s); a press on "New game" 0.2 s after
    the panel came is inside its guard: nothing is thrown away."""
    play = PlayScene(ctx, flow, kind.from_code(kind.code(read_code(f"HM1-N-{NUMBER}")[1])))
    driver = Driver(play, size=(1920, 1080))
    play.game.play(next(move for move in play.game.legal_moves() if move.slots))
    driver.frames(3)
    slow = 0.2
    assert slow + STEP < DIALOG_GUARD < MAX_FRAME + slow  # what the frames show
    _post_press(play.layout.buttons["new"].center)
    driver.frames(1, frame_time=MAX_FRAME)
    panel = driver.scene
    assert isinstance(panel, ConfirmScene)
    driver.frames(1, frame_time=slow)
    _post_press(panel.button_rects()["yes"].center)
    driver.frames(1, frame_time=STEP)
    assert driver.scene is panel and ctx.of(kind).game is play.game


def _post_press(pos):
    for kind_of_event in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind_of_event, pos=pos, button=1, touch=False))
