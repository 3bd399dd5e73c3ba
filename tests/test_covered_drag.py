"""A card carried when something comes over the table: it goes back to its pile first.

The pointer is busy dragging, so what comes over the table comes from the keyboard: the
``n`` key's question, Esc's menu, a move or a redeal from the keyboard that ends the game
(the win or stalemate panel), a kiosk operator's chord (the PIN keypad, or without a PIN
the operator's screen). Whatever comes,
the screen under it shows every card on its pile, and the lift that ends the drag does
nothing.
"""

import pytest
from crescent_helpers import crescent_text, suit_run
from kind_scripts import SMALL, make, slot_point, stalemate_game, win_game
from ui_helpers import Driver, drawn_afresh, pygame
from ui_helpers import shown as shown_now

from game.records.kiosk import KioskConfig
from game.rules import Crescent
from game.scenes.dialogs import ConfirmScene
from game.scenes.end import StalemateScene, WinScene
from game.scenes.flow import Flow
from game.scenes.kiosk import KioskGuard, PinScene
from game.scenes.operator import OperatorScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.shell.loop import Loop

CHORD = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT
PIN = "2580"


def _key(driver, key, mod=0, unicode=""):
    driver.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def _keys_move(driver, move):
    """A move made from the keyboard (arrows and Space), the pointer busy elsewhere."""
    make(driver, move, how="keys")


# What the keyboard does while a card is carried, given the game's scripted moves.
def _question(driver, moves):
    _key(driver, pygame.K_n, unicode="n")


def _menu(driver, moves):
    _key(driver, pygame.K_ESCAPE)


def _pin(driver, moves):
    _key(driver, pygame.K_q, mod=CHORD, unicode="Q")


def _last_move(driver, moves):
    _keys_move(driver, moves[-1])


def _redeal(driver, moves):
    _key(driver, pygame.K_r, unicode="r")


def _redeal_stalls(kind):
    """A table whose last redeal stalls it: only the transfers between F1 and F5 (clubs
    in sequence) can move before it and after it (5H comes up on pile 3, 10D on 16)."""
    if not isinstance(stalemate_game(kind)[0], Crescent):
        pytest.skip(f"{kind.name} has no redeal")
    foundations = {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")}
    piles = {1: "5D", 2: "9S", 3: "5H 10C 6H", 16: "JH"}
    return Crescent.from_position(
        crescent_text(piles, foundations, redeals=1, variant=kind.letter)
    ), ()


# Each path: its game and moves, whether all its moves but the last are clicked before the
# drag, what the keyboard does during the drag, and the scene that comes.
PATHS = {
    "new-game-question": (win_game, True, _question, ConfirmScene),
    "menu": (win_game, True, _menu, TitleScene),
    "kiosk-pin": (win_game, True, _pin, PinScene),
    "kiosk-operator": (win_game, True, _pin, OperatorScene),
    "keys-win": (win_game, True, _last_move, WinScene),
    "keys-stalemate": (stalemate_game, True, _last_move, StalemateScene),
    "keys-redeal-stalemate": (_redeal_stalls, False, _redeal, StalemateScene),
}


def _fresh(driver, play, shown):
    """The screen drawn from scratch, as RGB bytes: a new table of the same game (with the
    same keyboard focus), under a new scene of ``shown``'s class when it is not the table."""
    ctx = play.ctx
    flow = Flow(ctx)
    table = PlayScene(ctx, flow, play.game, play.elapsed)
    table.focus = play.focus
    scene = {
        PlayScene: lambda: table,
        ConfirmScene: lambda: flow.new_game(table, play.kind),
        TitleScene: lambda: flow.title(resume=table),
        PinScene: lambda: PinScene(ctx, table, PIN),
        OperatorScene: lambda: flow.operator_menu(table),
        WinScene: lambda: flow.won(table),
        StalemateScene: lambda: flow.stalemate(table),
    }[type(shown)]()
    assert type(scene) is type(shown)
    return drawn_afresh(scene)


def _carried(play, game_moves, path):
    """A card that can be carried: one the keyboard's move does not take, where there is
    one (so the keyboard plays beside the drag), else the move's own card."""
    taken = set(game_moves[-1]) if game_moves and path.startswith("keys-") else set()
    movable = [s for s in play.board.focus_slots() if play.board.taps_on_release(s)]
    spare = [s for s in movable if s not in taken]
    return (spare or movable)[0]


@pytest.mark.parametrize("how", ["mouse", "finger"])
@pytest.mark.parametrize("path", list(PATHS))
def test_a_card_carried_when_a_scene_comes_over_the_table_goes_back_first(
    display, ctx, kind, path, how
):
    game_of, clicked, press, expected = PATHS[path]
    game, moves = game_of(kind)
    if path == "kiosk-pin":
        ctx.kiosk = KioskConfig(games=(kind.key,), exit_pin=PIN)
    if path == "kiosk-operator":
        ctx.kiosk = KioskConfig(games=(kind.key,))
    play = Flow(ctx).play(game)
    if not play.board.drags:
        pytest.skip(f"{kind.name} carries no card: a press acts at once")
    driver = Driver(play, size=SMALL)
    if ctx.kiosk is not None:
        guard = KioskGuard(ctx, ctx.kiosk, Flow(ctx))
        driver.loop = Loop(play, on_event=guard.on_event, on_step=guard.on_step)
    for move in moves[:-1] if clicked else ():
        make(driver, move)
    driver.seconds(0.5)
    card = _carried(play, moves, path)
    start = slot_point(driver, card)
    held = driver.carry(start, how)
    assert play.gestures.carry is not None and play.gestures.carry[0] == card

    press(driver, moves)
    for _ in range(240):  # 4 s: a fly-back, a move and a celebration at most
        if isinstance(driver.scene, expected):
            break
        driver.frames(1)
    shown = driver.scene
    assert isinstance(shown, expected)
    assert shown_now() == _fresh(driver, play, shown)  # every card on its pile under it
    assert play.gestures.carry is None and not play.flying
    position, count = play.game.position(), play.game.moves

    _key(driver, pygame.K_ESCAPE)  # the panel goes: back to the table, or to the menu
    after = driver.scene
    assert isinstance(after, (PlayScene, TitleScene)) and after is not shown
    assert shown_now() == _fresh(driver, play, after)
    driver.hold(held, how, down=False)  # the lift that ends the drag does nothing
    driver.seconds(0.5)
    assert driver.scene is after
    assert play.game.position() == position and play.game.moves == count
    assert play.gestures.carry is None and not play.flying
    assert shown_now() == _fresh(driver, play, after)
