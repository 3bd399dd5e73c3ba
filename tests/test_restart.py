"""Restart this deal (issue 28, item 8), through real events, for every kind: on the menu
while a game is under way, with the usual question; yes plays the same deal (the same
code) from its start and counts the game left as lost, as a new deal does; no, or Esc,
leaves the game as it was. In the kiosk too."""

from __future__ import annotations

import pytest
from kind_scripts import make, save_under_way, table, under_way
from ui_helpers import Driver, pygame

from game.games.catalog import kind_of
from game.records.kiosk import KioskConfig
from game.records.statistics import Statistics
from game.records.storage import Storage
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene


def _stats(storage, kind):
    return Statistics.load(storage, kind.statistics_file)


def _menu(driver):
    """The table's Menu (Esc): the title with Continue and Restart this deal."""
    driver.key(pygame.K_ESCAPE)
    title = driver.scene
    assert isinstance(title, TitleScene)
    keys = [key for key, _label in title.entries()]
    assert keys[:2] == ["continue", "restart"] and title.enabled("restart")
    return title


def _choose(driver, key, how):
    """Choose the button ``key`` of the menu or panel on screen: a click, a touch, or
    the keyboard (Tab to it, then Enter)."""
    scene = driver.scene
    if how == "keys":
        if isinstance(scene, ConfirmScene):
            driver.seconds(DIALOG_GUARD + 0.1)
            driver.key(pygame.K_y if key == "yes" else pygame.K_n)
            return
        for _ in range(20):
            if scene.focus == key:
                break
            driver.key(pygame.K_TAB)
        assert scene.focus == key
        driver.key(pygame.K_RETURN)
        return
    if isinstance(scene, ConfirmScene):
        driver.seconds(DIALOG_GUARD + 0.1)
    point = scene.button_rects()[key].center
    driver.click(point) if how == "click" else driver.touch(point)


@pytest.mark.parametrize("how", ["click", "touch", "keys"])
def test_restart_asks_and_yes_plays_the_same_deal_from_its_start(display, ctx, storage, kind, how):
    driver, game, start, _last = under_way(ctx, kind)
    play = driver.scene
    _menu(driver)
    _choose(driver, "restart", how)
    question = driver.scene
    assert isinstance(question, ConfirmScene)
    assert question.title == "Abandon this game and play its deal again from the start?"
    assert question.default() == "no"  # the safe answer, as for New game
    _choose(driver, "yes", how)
    again = driver.scene
    assert isinstance(again, PlayScene) and again is not play and again.game is not game
    assert kind_of(again.game) is kind and again.game.code == game.code
    assert again.game.position() == start and again.game.moves == 0
    assert ctx.game is again.game
    stats = _stats(storage, kind)
    assert (stats.played, stats.lost, stats.won) == (1, 1, 0)  # left as a new deal leaves it


@pytest.mark.parametrize("answer", ["no", "escape"])
def test_restart_no_or_back_leaves_the_game_as_it_was(display, ctx, storage, kind, answer):
    driver, game, _start, last = under_way(ctx, kind)
    play = driver.scene
    position, moves = game.position(), game.moves
    _menu(driver)
    _choose(driver, "restart", "click")
    assert isinstance(driver.scene, ConfirmScene)
    if answer == "no":
        _choose(driver, "no", "click")
    else:
        driver.seconds(DIALOG_GUARD + 0.1)
        driver.key(pygame.K_ESCAPE)
    assert driver.scene is play and play.game is game and ctx.game is game
    assert game.position() == position and game.moves == moves
    assert _stats(storage, kind).lost == 0
    make(driver, last)  # and it plays on to its win
    assert game.outcome is not None


def _a_move(game):
    """A legal first move of a dealt game, as the slots a player taps (None: none)."""
    moves = [move.slots for move in game.legal_moves() if move.slots]
    return moves[0] if moves else None


def test_restart_of_a_dealt_game_keeps_its_code(display, ctx, storage, kind):
    for number in range(1, 50):
        game = kind.from_code(kind.code(number))
        move = _a_move(game)
        if move is not None:
            break
    else:
        raise AssertionError(f"none of 49 deals of {kind.name} has a first move")
    start = game.position()
    driver = table(ctx, game)
    make(driver, move)
    assert game.moves == 1
    _menu(driver)
    _choose(driver, "restart", "click")
    _choose(driver, "yes", "click")
    again = driver.scene
    assert isinstance(again, PlayScene) and again.game.code == kind.code(number)
    assert again.game.position() == start and again.game.moves == 0
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.scene.button_rects()["restart"].center)  # no move yet: no question
    fresh = driver.scene
    assert isinstance(fresh, PlayScene) and fresh.game.code == kind.code(number)
    assert _stats(storage, kind).lost == 1


def test_no_restart_without_a_game_under_way(display, ctx, flow):
    title = flow.title()
    driver = Driver(title, size=(640, 480))
    assert not title.enabled("restart") and "restart" not in title.button_rects()
    column = title.column()  # its place is kept (nothing moves when a game starts) ...
    driver.click(column.rects["restart"].move(0, column.view.top).center)
    assert driver.scene is title and ctx.game is None  # ... and takes no press


def test_restart_in_the_kiosk(display, tmp_path, monkeypatch, kind):
    from game.shell.app import parse_args
    from game.shell.session import Session

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    storage = Storage(tmp_path / "config", tmp_path / "data")
    start, position = save_under_way(storage, kind)
    config = KioskConfig(games=(kind.key,))
    args = parse_args(["--kiosk", "--window", "640x480"])
    session = Session.open(args, config, Storage(tmp_path / "config", tmp_path / "data"))
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        title = driver.scene
        assert isinstance(title, TitleScene) and title.enabled("restart")
        _choose(driver, "restart", "touch")
        assert isinstance(driver.scene, ConfirmScene)
        _choose(driver, "yes", "touch")
        play = driver.scene
        assert isinstance(play, PlayScene) and play.game.position() == start != position
        assert _stats(storage, kind).lost == 1
    finally:
        session.close()


def test_restart_over_another_games_tile_names_that_game(display, ctx, storage, kind):
    """Issue 36, item 8: on the menu over one game's table, with another game's tile
    chosen, "Abandon this game ...?" did not say which game: it names it, by its kind's
    name; No goes to that game, Yes restarts that game's deal and leaves the table's."""
    from game.games.catalog import KINDS

    other = next(each for each in KINDS if each is not kind)
    _driver, theirs, _start, _last = under_way(ctx, other)
    driver, mine, _start, _last = under_way(ctx, kind)
    title = _menu(driver)
    driver.click(title.button_rects()[f"game-{other.key}"].center)
    assert ctx.kind is other
    _choose(driver, "restart", "click")
    question = driver.scene
    assert isinstance(question, ConfirmScene)
    assert question.title == (
        f"Abandon your game of {other.name} and play its deal again from the start?"
    )
    _choose(driver, "no", "click")
    assert isinstance(driver.scene, PlayScene) and driver.scene.game is theirs
    _menu(driver)
    driver.click(driver.scene.button_rects()[f"game-{kind.key}"].center)
    _choose(driver, "restart", "click")  # back over its own kind's tile, from another table
    assert driver.scene.title == (
        f"Abandon your game of {kind.name} and play its deal again from the start?"
    )
    _choose(driver, "yes", "click")
    assert driver.scene.game.code == mine.code and driver.scene.game.moves == 0
    assert ctx.of(other).game is theirs and theirs.moves > 0  # the other game untouched
