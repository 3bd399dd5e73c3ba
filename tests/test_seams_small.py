"""Issue 25's smaller seams, over every kind of the registry: which statistics a reset
resets, the mark of a stuck game's tile, the table naming its game."""

from __future__ import annotations

import pytest
from ui_helpers import Driver

from game.catalog import KINDS
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.menus import StatisticsScene
from game.scenes.title import TitleScene
from game.statistics import Statistics

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
