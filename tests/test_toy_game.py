"""A game added to the registry is a first-class game: the toy game of tests/toy_game/
(its rules module, its board module and one registry entry, touching no module of
``game``) is played with real events from the title through a win, saved and continued
after a restart, counted in its statistics and explained on its rules page; it sticks,
too, and its code picks it on the code screen."""

from __future__ import annotations

import random

import pytest
from toy_game import TOY
from toy_game.rules import ToyGame
from ui_helpers import Driver, pygame

from game.games import catalog
from game.records.statistics import Statistics
from game.scenes.code_entry import CodeEntryScene
from game.scenes.end import StalemateScene, WinScene
from game.scenes.flow import Flow, open_context
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.rules_page import RulesScene
from game.scenes.title import TitleScene

SIZE = (800, 600)


@pytest.fixture
def toy():
    """The toy game in the registry for one test."""
    catalog.register(TOY)
    yield TOY
    catalog.unregister(TOY)


def _open(storage):
    ctx = open_context(storage)
    ctx.settings.language = "en"
    ctx.settings.animations = "off"
    ctx.apply_settings()
    return ctx


def _number(wins: bool) -> int:
    """A deal number of the toy that can be won (or that sticks) by tapping the pile."""
    for number in range(1000):
        game = ToyGame.from_code(TOY.code(number))
        while game.send_home():
            pass
        if (game.table.pile == ()) is wins:
            return number
    raise AssertionError("no such deal among the first 1000")


def _click(driver, key):
    driver.frames(1)
    driver.click(driver.scene.button_rects()[key].center)
    driver.frames(1)


def test_the_toy_registers_once_and_is_then_a_kind_like_the_others(toy):
    assert catalog.kind_by_key("toy") is toy and catalog.kind_for_code("hm1-t-aaaaaab") is toy
    assert catalog.kind_of(ToyGame.from_code("HM1-T-AAAAAAB")) is toy
    with pytest.raises(ValueError, match="clashes"):
        catalog.register(toy)


def test_the_toy_is_played_from_the_title_through_a_win_saved_and_counted(display, storage, toy):
    number = _number(wins=True)
    ctx = _open(storage)
    ctx.deals = random.Random(1)
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=SIZE)
    _click(driver, "game-toy")
    assert ctx.kind is toy
    _click(driver, "rules")  # its rules page
    assert isinstance(driver.scene, RulesScene)
    assert "Tap the pile: its top card goes home." in " ".join(driver.scene.lines())
    _click(driver, "back")
    _click(driver, "code")  # its deal by its code, typed on the code screen
    assert isinstance(driver.scene, CodeEntryScene) and driver.scene.text == "HM1-T-"
    driver.post(pygame.TEXTINPUT, text=TOY.code(number)[len(toy.prefix) :])
    driver.key(pygame.K_RETURN)
    play = driver.scene
    assert isinstance(play, PlayScene) and play.game.code == TOY.code(number)
    for _ in range(3):
        driver.click_slot("P")
    assert play.game.moves == 3 and storage.path("game-toy.json").exists()
    ctx.save_all()

    again = _open(storage)  # the next run: Continue
    driver = Driver(TitleScene(again, Flow(again)), size=SIZE)
    _click(driver, "continue")
    play = driver.scene
    assert isinstance(play, PlayScene) and play.game.moves == 3
    assert play.game.code == TOY.code(number)
    while play.game.table.pile:
        driver.click_slot("P")
    driver.seconds(1.0)
    assert isinstance(driver.scene, WinScene)
    assert "Score 60" in " ".join(driver.scene.lines())
    stats = Statistics.load(storage, toy.statistics_file)
    assert (stats.played, stats.won, stats.lost) == (1, 1, 0)
    assert not storage.path("game-toy.json").exists()

    third = _open(storage)  # the run after: the statistics
    driver = Driver(TitleScene(third, Flow(third)), size=SIZE)
    _click(driver, "game-toy")
    _click(driver, "stats")
    assert isinstance(driver.scene, StatisticsScene)
    assert "Games won: 1  (100 %)" in driver.scene.lines()


def test_a_stuck_toy_shows_the_stalemate_panel(display, storage, toy):
    ctx = _open(storage)
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=SIZE)
    _click(driver, "game-toy")
    _click(driver, "code")
    driver.post(pygame.TEXTINPUT, text=TOY.code(_number(wins=False)))
    driver.key(pygame.K_RETURN)
    play = driver.scene
    assert isinstance(play, PlayScene)
    while play.game.outcome is None:
        driver.click_slot("P")
    driver.seconds(1.0)
    assert isinstance(driver.scene, StalemateScene)
    assert Statistics.load(storage, toy.statistics_file).stalemates == 1


def test_every_game_of_the_app_is_made_of_its_folder_which_the_freezer_bundles_whole():
    """halfmoon.spec bundles every module of game/games/ (collect_submodules), as
    PyInstaller cannot follow the parts a kind imports on first use: each part of each
    of the app's kinds comes from its own folder there."""
    for kind in catalog.KINDS:
        folder = type(kind.from_code(kind.code(1))).__module__.rsplit(".", 1)[0]
        assert folder.startswith("game.games."), kind.key
        game = kind.from_code(kind.code(1))
        parts = [type(kind.board(game)), *kind.table.compact]
        for part in parts:
            assert part.__module__.startswith(f"{folder}."), (kind.key, part)
