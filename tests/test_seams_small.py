"""Issue 25's smaller seams, over every kind of the registry: which statistics a reset
resets, the mark of a stuck game's tile, the table naming its game."""

from __future__ import annotations

import pytest
from ui_helpers import Driver

from game.games.catalog import KINDS
from game.records.statistics import Statistics
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.menus import StatisticsScene
from game.scenes.title import TitleScene

SIZE = (800, 600)


def _kind_id(kind):
    return kind.key


@pytest.mark.parametrize("kind", KINDS, ids=_kind_id)
def test_reset_statistics_names_its_game_and_resets_only_that_one(display, ctx, flow, kind):
    for each in KINDS:  # every game has figures
        ctx.of(each).stats = Statistics(played=3, won=1, lost=2)
        ctx.of(each).stats.save(ctx.storage, each.statistics_file)
    driver = Driver(TitleScene(ctx, flow), size=SIZE)
    driver.frames(2)
    driver.click(driver.scene.button_rects()[f"game-{kind.key}"].center)
    driver.click(driver.scene.button_rects()["stats"].center)
    assert isinstance(driver.scene, StatisticsScene)
    driver.click(driver.scene.button_rects()["reset"].center)
    question = driver.scene
    assert isinstance(question, ConfirmScene)
    assert f"statistics of {kind.name}?" in question.title
    assert "other games keep theirs" in question.title
    driver.seconds(DIALOG_GUARD)
    driver.click(question.buttons()["yes"].center)
    for each in KINDS:
        played = Statistics.load(ctx.storage, each.statistics_file).played
        assert played == (0 if each is kind else 3), each.key


@pytest.mark.parametrize("language", ["en", "ms", "fi", "ru"])
def test_the_table_names_its_game_in_the_info_bar_in_every_language(display, ctx, kind, language):
    from kind_scripts import table, win_game

    from game.games.catalog import found
    from game.look import i18n

    ctx.settings.language = language
    ctx.apply_settings()
    driver = table(ctx, win_game(kind)[0], size=SIZE)  # a game under way
    driver.frames(2)
    name = i18n._(kind.name)
    assert name in driver.scene.frame().info
    if language == "ru" and kind in found():  # (a kind of the tests has no translation)
        assert name != kind.name  # the name in the player's language


def test_a_stuck_games_tile_is_marked_unlike_one_waiting_to_be_continued(display, ctx, kind):
    from kind_scripts import make, stalemate_game, table

    from game.look import theme
    from game.rules import Outcome
    from game.scenes.flow import Flow

    game, moves = stalemate_game(kind)
    driver = table(ctx, game, size=SIZE)
    for move in moves:
        make(driver, move)
    assert game.outcome is Outcome.STALEMATE and game.moves > 0

    def mark_colour():
        title = Driver(TitleScene(ctx, Flow(ctx)), size=SIZE)
        title.frames(2)
        tile = title.scene.button_rects()[f"game-{kind.key}"]
        dot = max(3, tile.height // 16)
        return tuple(title.screen.get_at((tile.right - 2 * dot, tile.top + 2 * dot)))[:3]

    assert mark_colour() == theme.TEXT_DIM  # stuck: the crossed ring
    game.undo()
    assert game.outcome is None and ctx.of(kind).game is game
    assert mark_colour() == theme.ACCENT  # waiting to be continued: the dot
