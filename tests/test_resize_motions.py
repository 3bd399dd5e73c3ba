"""A window resized while cards are in motion (issue 28 review): the motions, laid out
for the old size, are settled at once, so the next frame is the table of the new size
as a new scene draws it, with no card in mid-air at an old place; a Finish goes on
with its next card. Every kind: a move's slide, a card dropped on the felt flying back,
a refused move's shake where the kind has one, a Finish where the kind offers it."""

from __future__ import annotations

import pytest
import test_finish as finish
import test_halfmoon_drag as drag
from kind_scripts import SMALL, make, table, win_game
from ui_helpers import felt_point, pygame, shown

from game.rules import Outcome
from game.table.layout import compute_layout

MOTIONS = ["move", "fly-back", "shake", "finish"]
HOW = ["VIDEORESIZE", "WINDOWSIZECHANGED"]


def _resize(driver, how, size=(1000, 760)):
    """The window made ``size``, the event ``how`` posted: one frame runs."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    if how == "VIDEORESIZE":
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    else:
        driver.post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])


def _shake(driver, play):
    """Tap a card, then another it does not go with, until two cards shake (False when
    no two of the first few cards of the table do: the kind has no shake)."""
    play.ctx.settings.move_errors = False
    slots = [slot for slot in play.layout.slots if play.game.top(slot) is not None][:4]
    for first in slots:
        for second in slots:
            if second == first:
                continue
            moves = play.game.moves
            driver.click_slot(first)
            driver.click_slot(second)
            if any(m.shake for m in play.motions) and play.game.moves == moves:
                return True
            if play.game.moves != moves:
                driver.key(pygame.K_BACKSPACE)
            driver.click(felt_point(play))  # (a selection left is dropped)
            driver.seconds(0.5)
    return False


def _start(kind, ctx, what):
    """A table of ``kind`` with ``what`` under way: its driver (None: the kind has none)."""
    if what == "finish":
        if kind.finish is None:
            return None
        driver = table(ctx, finish._position(kind, *finish.FIVE))
        driver.click(finish._finish_point(driver.scene))
        finish._until(driver, lambda: driver.scene.game.moves == 3)
        return driver
    game, moves = win_game(kind)
    driver = table(ctx, game, SMALL)
    play = driver.scene
    driver.seconds(0.5)
    if what == "move":
        make(driver, moves[0])
        assert game.moves == 1
    elif what == "fly-back":
        if not play.board.drags:
            return None
        card = next(s for s in play.board.focus_slots() if play.board.taps_on_release(s))
        drag._drag(driver, drag._point(play, card), felt_point(play), "mouse")
    elif not _shake(driver, play):
        return None
    return driver


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("what", MOTIONS)
def test_a_resize_mid_motion_shows_the_new_table_with_no_card_in_mid_air(
    display, ctx, kind, what, how
):
    driver = _start(kind, ctx, what)
    if driver is None:
        pytest.skip(f"{kind.name} has no {what}")
    play = driver.scene
    driver.frames(2)
    assert play.motions, "cards in motion"
    moves = play.game.moves
    _resize(driver, how)
    assert play.size == (1000, 760)
    assert shown() == drag._fresh(play), what  # no card at an old place
    if what == "finish":  # it goes on, a card at a time, to the win
        assert play.finisher.active
        finish._until(driver, lambda: play.game.outcome is Outcome.WON)
        assert play.game.moves == 9 > moves
    else:
        assert play.game.moves == moves


@pytest.mark.parametrize("how", HOW)
def test_a_resize_mid_drag_keeps_the_arrangement_until_the_pointer_is_lifted(
    display, ctx, kind, how
):
    """Issue 37: the table does not turn from one arrangement to another (an arc to a
    grid, a wide grid to a tall one) under a card being dragged; once the pointer is
    lifted, it takes the widest cards of the new window."""
    game, _moves = win_game(kind)
    driver = table(ctx, game, SMALL)
    play = driver.scene
    driver.seconds(0.5)
    if not play.board.drags:
        pytest.skip(f"{kind.name} has no drags")
    tall = (600, 1280)
    before = play.layout.arrangement
    fresh = compute_layout(*tall, kind.table)
    assert fresh.arrangement != before  # a new table at that size is arranged otherwise
    card = next(s for s in play.board.focus_slots() if play.board.taps_on_release(s))
    start = drag._point(play, card)
    driver.hold(start, "mouse", down=True)
    for part in (1, 2):
        driver.hold((start[0] + 12 * part, start[1] + 12 * part), "mouse", down=None)
    assert play.gestures.carry is not None
    _resize(driver, how, tall)
    assert play.size == tall and play.layout.arrangement == before
    driver.seconds(1.0)  # the card has flown back; the pointer is still down
    assert play.layout.arrangement == before
    driver.hold(felt_point(play), "mouse", down=False)
    driver.seconds(0.5)
    assert play.layout == fresh
    assert shown() == drag._fresh(play)
