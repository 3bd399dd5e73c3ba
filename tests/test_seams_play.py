"""Seams between the play scene and its board, through real input events: a double click,
a drag cut short by a resize or F11, the redeal note against the stalemate."""

import pytest
from ui_helpers import Driver

from game.catalog import KINDS
from game.scenes.play import PlayScene

NUMBER = "LLCDVVR"
"""A deal whose pile 6 has 2♣ on top (its one destination: F5) over Q♥ (then F3's)."""


def _deal(kind):
    return kind.from_code(f"HM1-{kind.letter}-{NUMBER}")


def _line(game):
    return [str(move) for move in game.line]


# ------------------------------------------------------------------ a double click
@pytest.mark.parametrize("one_tap", [False, True], ids=["one-tap-off", "one-tap-on"])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_double_click_makes_one_move(display, ctx, kind, one_tap):
    play = PlayScene(ctx, _deal(kind))
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
