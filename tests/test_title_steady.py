"""The title does not jump: choosing a game tile leaves every tile and button where it
was, whether or not the chosen game has a game to continue (issue 27)."""

from __future__ import annotations

import pytest
from kind_scripts import make, table, win_game
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.records.kiosk import KioskConfig
from game.scenes.end import WinScene
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

SIZES = [
    (320, 240),
    (640, 480),
    (800, 480),
    (1280, 720),
    (1920, 1080),
    (3840, 2160),
    (1080, 1920),
    (480, 800),
]


def _title_after_a_move(ctx, kind, size):
    """A game of ``kind`` with one move made by clicks on its table, then Esc: the
    title (the menu during the game), ``kind`` chosen, every other kind with no game."""
    game, moves = win_game(kind)
    driver = table(ctx, game, size)
    make(driver, moves[0])
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)
    assert ctx.kind is kind and ctx.of(kind).game is not None
    assert all(ctx.of(other).game is None for other in KINDS if other is not kind)
    return driver


def _hovered(driver, pos, keys):
    """The button the mouse lights when moved to ``pos`` (real motion events), or None."""
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    lit = [key for key in keys if driver.scene.button_state(key) == "hover"]
    assert len(lit) <= 1
    return lit[0] if lit else None


GAME_BUTTONS = {"continue", "restart"}
"""The buttons of the chosen game's game in progress: disabled when it has none."""


def _assert_steady(driver, ctx, kind):
    """Click each game tile in turn: nothing moves, and the mouse at any button's place
    lights that same button (or, at Continue's and Restart's places, nothing, when the
    chosen game has no game to continue)."""
    title = driver.scene
    before = title.button_rects()
    assert "continue" in before
    tiles = [key for key in before if key.startswith("game-")]
    assert len(tiles) == len(ctx.offered()) > 1
    keys = set(before)
    for tile in [*tiles, f"game-{kind.key}"]:
        driver.click(before[tile].center)
        assert driver.scene is title and f"game-{ctx.kind.key}" == tile
        after = title.button_rects()
        assert set(after) - GAME_BUTTONS == keys - GAME_BUTTONS
        moved = {key: (before[key], rect) for key, rect in after.items() if rect != before[key]}
        assert not moved, f"{tile} chosen at {title.size}: moved {moved}"
        assert ("continue" in after) == (ctx.game is not None)
        for key, rect in before.items():
            hit = _hovered(driver, rect.center, keys)
            wanted = key if key not in GAME_BUTTONS or ctx.game is not None else None
            assert hit == wanted, f"{tile} chosen: at {key}'s place the mouse lights {hit}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_choosing_a_game_tile_moves_no_tile_or_button(display, ctx, kind, size):
    driver = _title_after_a_move(ctx, kind, size)
    _assert_steady(driver, ctx, kind)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_in_a_kiosk_choosing_a_game_tile_moves_no_tile_or_button(display, ctx, kind, size):
    ctx.kiosk = KioskConfig()  # every game offered; no Quit, Settings or Statistics
    driver = _title_after_a_move(ctx, kind, size)
    assert not driver.scene.attract  # a game is under way: the menu, not the attract screen
    _assert_steady(driver, ctx, kind)


def _focus_cycle(driver, key):
    """The buttons the keyboard focus visits as ``key`` is pressed twice round the list."""
    visited = set()
    for _ in range(2 * len(driver.scene.entries()) + 2):
        driver.key(key)
        visited.add(driver.scene.focus)
    return visited


def _focus_on(driver, wanted):
    """Down until the focus is on ``wanted``."""
    for _ in range(len(driver.scene.entries()) + 1):
        if driver.scene.focus == wanted:
            return
        driver.key(pygame.K_DOWN)
    raise AssertionError(f"the focus never comes to {wanted}")


def test_a_continue_with_nothing_to_continue_cannot_be_focused_or_chosen(display, ctx, kind):
    driver = _title_after_a_move(ctx, kind, (800, 480))
    title = driver.scene
    place = title.button_rects()["continue"]
    other = next(k for k in KINDS if k is not kind)
    driver.click(title.button_rects()[f"game-{other.key}"].center)
    assert ctx.kind is other and ctx.game is None
    driver.click(place.center)  # where Continue is for the other game: nothing happens
    assert driver.scene is title and ctx.kind is other
    focused = _focus_cycle(driver, pygame.K_TAB) | _focus_cycle(driver, pygame.K_UP)
    assert "continue" not in focused and "new" in focused
    driver.click(title.button_rects()[f"game-{kind.key}"].center)  # back to the game
    _focus_on(driver, "continue")
    driver.key(pygame.K_RIGHT)  # the arrows choose the next game: none under way there
    assert ctx.kind is not kind and ctx.game is None
    assert title.focus == "new"  # the focus does not stay on a Continue that cannot be chosen
    driver.key(pygame.K_LEFT)
    assert ctx.kind is kind
    _focus_on(driver, "continue")
    driver.key(pygame.K_RETURN)
    assert getattr(driver.scene, "game", None) is ctx.of(kind).game


# ------------------------------------------- a game starting, continued or won (issue 37)
STEADY_SIZES = [(640, 480), (800, 480), (1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]


def _moved(before, after):
    """The buttons shown in both states that are not in the same place."""
    return {
        key: (before[key], after[key])
        for key in before.keys() & after.keys()
        if before[key] != after[key]
    }


@pytest.mark.parametrize("kiosk", ["", "all", "one"], ids=["desktop", "kiosk", "kiosk-one"])
@pytest.mark.parametrize("size", STEADY_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_button_moves_when_a_game_starts_is_continued_or_is_won(display, ctx, kind, size, kiosk):
    """The title before any game, the menu during one (Esc on its table) and the title
    after it is won (Esc on the win panel): every tile and button shown in two of them is
    in one place; in a kiosk (of every game, or of one), the first and the last are the
    attract screen."""
    if kiosk:  # every game offered, or only ``kind``'s
        ctx.kiosk = KioskConfig(games=(kind.key,)) if kiosk == "one" else KioskConfig()
    ctx.choose(kind)
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=size)
    driver.frames(1)
    assert driver.scene.attract == bool(kiosk)
    before = driver.scene.button_rects()
    assert "new" in before and (f"game-{kind.key}" in before) == (kiosk != "one")
    game, moves = win_game(kind)
    driver = table(ctx, game, size)
    make(driver, moves[0])
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert isinstance(menu, TitleScene) and not menu.attract
    during = menu.button_rects()
    assert "continue" in during
    assert not _moved(before, during), f"a game under way at {size}: {_moved(before, during)}"
    driver.click(during["continue"].center)
    assert isinstance(driver.scene, PlayScene) and driver.scene.game is game
    for move in moves[1:]:
        make(driver, move)
    driver.seconds(3)  # the last cards fly home, and the win panel comes
    assert isinstance(driver.scene, WinScene)
    driver.key(pygame.K_ESCAPE)
    title = driver.scene
    assert isinstance(title, TitleScene) and title.attract == bool(kiosk) and ctx.game is None
    after = title.button_rects()
    assert "continue" not in after
    assert not _moved(during, after), f"the game won at {size}: {_moved(during, after)}"
    assert not _moved(before, after)


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", STEADY_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_menu_during_a_game_shows_every_button_whole(display, ctx, kind, size, language):
    """Continue and Restart kept in place make ten buttons: all of them whole, with no
    scrolling, at every size from 640x480 to 4K and in portrait (they were cut by 1 to
    68 pixels, with a scroll bar)."""
    ctx.settings.language = language
    ctx.apply_settings()
    driver = _title_after_a_move(ctx, kind, size)
    column = driver.scene.column()
    shown = driver.scene.button_rects()
    assert column.max_scroll == 0, f"the list scrolls by {column.max_scroll} px at {size}"
    assert all(shown[key].height == column.unit for key in column.rects), shown
    assert len(column.rects) == len(driver.scene.entries()) >= 9
