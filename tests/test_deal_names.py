"""Today's deal named once it is on the table (issue 37): in the info bar, in the win
panel with the daily streak, and in the game log's row; another date's deal of the day
named after its date. Through the real scenes, for every kind."""

from __future__ import annotations

from datetime import date

import pytest
from kind_scripts import SMALL, make, win_game
from test_daily import DAY, scripted_today  # noqa: F401 - a fixture used here
from ui_helpers import Driver, pygame

from game.look.i18n import format_date
from game.rules import daily
from game.scenes.end import WinScene
from game.scenes.flow import Flow
from game.scenes.log_page import LogScene, cells
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene

TODAY = DAY


@pytest.fixture
def todays_deal_near_a_win(monkeypatch, scripted_today):  # noqa: F811 - the fixture
    """Today's deal (test_daily.py's DAY) dealt a few moves from a win (its
    ``scripted_today``), the log's clock on that day too. Returns the winning moves."""
    import game.records.context as context

    monkeypatch.setattr(context, "now", lambda: f"{DAY.isoformat()}T12:00:00")
    return scripted_today[1]


def _todays_table(ctx, kind, size=SMALL) -> Driver:
    ctx.choose(kind)
    driver = Driver(Flow(ctx).title(), size=size)
    driver.key(pygame.K_d)  # Today's deal, from the title
    assert isinstance(driver.scene, PlayScene)
    driver.frames(1)
    return driver


def _drawn_texts(play: PlayScene) -> list[str]:
    return [text for text, _box in play.view.text_boxes()]


def test_todays_deal_is_named_on_the_table_in_the_win_panel_and_in_the_log(
    display, ctx, kind, todays_deal_near_a_win
):
    driver = _todays_table(ctx, kind)
    play = driver.scene
    assert "Today's deal" in _drawn_texts(play)  # drawn in the info bar
    for move in todays_deal_near_a_win:
        make(driver, move)
    for _ in range(240):  # the last cards land; the panel comes
        if isinstance(driver.scene, WinScene):
            break
        driver.frames(1)
    panel = driver.scene
    assert isinstance(panel, WinScene)
    assert "Today's deal \u00b7 Daily streak 1" in panel.lines()
    assert ctx.of(kind).stats.daily_streak_on(TODAY) == 1
    log = LogScene(ctx, StatisticsScene(ctx, back=panel, flow=Flow(ctx)), Flow(ctx), kind)
    driver.loop.switch(log)
    driver.frames(1)
    newest = ctx.log_of(kind).newest_first()[0]
    assert newest.code == daily.code(TODAY, kind.letter)
    assert cells(newest)[1] == f"{newest.code} \u00b7 Deal of the day"


def test_a_game_not_of_a_day_is_not_named(display, ctx, kind):
    play = PlayScene(ctx, Flow(ctx), kind.from_code(kind.code(10**9 + 7)))
    driver = Driver(play, size=SMALL)
    driver.frames(1)
    info = play.frame().info
    assert not [p for p in info if p == "Today's deal" or p.startswith("Deal of")], info
    game, _moves = win_game(kind)  # (a game from a position has no code at all)
    assert "Today's deal" not in _drawn_texts(Driver(Flow(ctx).play(game), SMALL).scene)


def test_another_dates_deal_of_the_day_is_named_after_its_date(display, ctx, kind, today):
    ctx.choose(kind)
    other = date(2026, 1, 1)  # (today is DAY, 2026-12-03)
    flow = Flow(ctx)
    driver = Driver(flow.title(), size=SMALL)
    driver.loop.switch(flow.daily(driver.scene, other))  # as --daily 2026-01-01 starts
    driver.frames(1)
    play = driver.scene
    assert play.game.code == daily.code(other, kind.letter)
    name = f"Deal of {format_date(other.isoformat())}"
    assert name in _drawn_texts(play) and "Today's deal" not in _drawn_texts(play)


@pytest.mark.parametrize("code", ["ms", "fi", "ru"])
def test_todays_deal_is_named_in_each_language(display, ctx, code, today):
    from game.games.catalog import KINDS
    from game.look.i18n import _

    ctx.settings.language = code
    ctx.apply_settings()
    driver = _todays_table(ctx, KINDS[0])
    assert _("Today's deal") != "Today's deal"
    assert _("Today's deal") in _drawn_texts(driver.scene)
