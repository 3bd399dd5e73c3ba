"""A key that changes the table while a card is carried: the card goes back first.

The pointer is busy dragging a card, and the keyboard moves that same card (arrows and
Space: a tap on it and one on where it goes, a double tap that sends it home, one tap
with One-tap moves) or redeals (``r``). The carried card goes back to its pile before the
key acts, as for undo; the game makes the keyboard's moves and no other (the lift that
ends the drag does nothing), and the screen equals a fresh full frame, after the keys and
after the lift.
"""

import pytest
from crescent_helpers import ACE_UP, KING_DOWN, crescent_text, suit_run
from kind_scripts import SMALL, make, slot_point, tap, win_game
from ui_helpers import Driver, drawn_afresh, pygame, shown

from game.rules import Crescent
from game.scenes.flow import Flow
from game.scenes.play import PlayScene


def _first_move(kind):
    """The script's first move (a card and where it goes): the game goes on after it. The
    lift is where the card was held."""
    game, moves = win_game(kind)
    return game, moves[0], None


def _kings_stacked(kind):
    """Every suit home but clubs: A-J on their Ace foundation, K-2 on their King one; Q♣
    under K♣ on pile 1, A♣ on pile 2, a redeal left. Playing home stalls (K♣ waits on
    Q♣), so the bar shows Redeal, not Finish. The redeal turns pile 1 over (Q♣ on top),
    and the game goes on. The lift is over pile 2, where K♣ goes: a drag still going
    would drop it there."""
    if not isinstance(win_game(kind)[0], Crescent):
        pytest.skip(f"{kind.name} has no redeal")
    foundations = {}
    for index, suit in enumerate("CDHS"):
        foundations[f"F{index + 1}"] = suit_run(suit, KING_DOWN if suit != "C" else KING_DOWN[:12])
        foundations[f"F{index + 5}"] = suit_run(suit, ACE_UP if suit != "C" else ACE_UP[:11])
    text = crescent_text({1: "QC KC", 2: "AC"}, foundations, redeals=1, variant=kind.letter)
    return Crescent.from_position(text), ("1",), "2"


# What the keyboard does to the carried card (the move's first slot): each path's game, and
# its keys, given the driver and the move.
def _tap_and_target(driver, move):
    make(driver, move, how="keys")


def _double_tap(driver, move):
    if not driver.scene.board.double_taps:
        pytest.skip("no double tap on this board")
    tap(driver, move[0], how="keys")
    driver.key(pygame.K_SPACE)  # at once: a double tap


def _one_tap(driver, move):
    if not hasattr(driver.scene.game, "destinations"):
        pytest.skip("no one-tap move in this game: its cards have no destinations")
    driver.scene.ctx.settings.one_tap_moves = True
    tap(driver, move[0], how="keys")


def _redeal(driver, move):
    driver.key(pygame.K_r)


PATHS = {
    "tap-and-target": (_first_move, _tap_and_target),
    "double-tap-home": (_first_move, _double_tap),
    "one-tap-move": (_first_move, _one_tap),
    "redeal": (_kings_stacked, _redeal),
}


def _table(ctx, game):
    play = Flow(ctx).play(game)
    assert isinstance(play, PlayScene)
    return play, Driver(play, size=SMALL)


def _fresh(play):
    """The screen drawn from scratch: a new table of the same game, with the same
    keyboard focus."""
    table = PlayScene(play.ctx, Flow(play.ctx), play.game, play.elapsed)
    table.focus = play.focus
    return drawn_afresh(table)


@pytest.mark.parametrize("how", ["mouse", "finger"])
@pytest.mark.parametrize("path", list(PATHS))
def test_a_key_that_moves_the_carried_card_puts_it_back_first(display, ctx, kind, path, how):
    game_of, keys = PATHS[path]
    ctx.settings.auto_home = False

    # What the keys do on their own, with no card carried.
    game, move, _over = game_of(kind)
    play, driver = _table(ctx, game)
    if not play.board.drags:
        pytest.skip(f"{kind.name} carries no card: a press acts at once")
    before = game.moves
    keys(driver, move)
    driver.seconds(1.0)
    assert game.moves == before + 1  # the keyboard made one move
    expected = (game.position(), game.moves)
    ctx.settings.one_tap_moves = False

    # The same keys while the move's card is carried 30 px.
    game, move, over = game_of(kind)
    play, driver = _table(ctx, game)
    driver.seconds(0.5)
    card = move[0]
    start = slot_point(driver, card)
    held = driver.carry(start, how)
    assert play.gestures.carry is not None and play.gestures.carry[0] == card

    keys(driver, move)
    driver.seconds(1.0)  # the cards land (a redeal's last one after 0.47 s)
    assert (game.position(), game.moves) == expected
    assert not play.flying
    assert shown() == _fresh(play)  # no card in mid-air, none shown twice

    if over is not None:
        held = slot_point(driver, over)
        driver.hold(held, how, down=None)
    driver.hold(held, how, down=False)  # the lift that ends the drag does nothing
    driver.seconds(1.0)
    assert driver.scene is play
    assert (game.position(), game.moves) == expected
    assert play.gestures.carry is None and not play.flying
    assert shown() == _fresh(play)
