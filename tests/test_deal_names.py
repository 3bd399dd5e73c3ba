"""Today's deal named once it is on the table (issue 37): in the info bar, in the win
panel with the daily streak, and in the game log's row; another date's deal of the day
named after its date. Through the real scenes, for every kind."""

from __future__ import annotations

from datetime import date

import pytest
from kind_scripts import SMALL, make, win_game
from ui_helpers import Driver, pygame

from game.look.i18n import format_date
from game.rules import daily
from game.rules.played import DealtGame
from game.scenes.end import WinScene
from game.scenes.flow import Flow
from game.scenes.log_page import LogScene, cells
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene

TODAY = date.today()
"""The tests' today is the clock's: the log dates its entries by the clock."""


@pytest.fixture
def todays_deal_near_a_win(monkeypatch, kind):
    """Today's deal of ``kind`` is dealt as the position of the kind's winning script
    (tests/kind_scripts), a few moves from a win, under today's code (as test_daily.py's
    ``scripted_today``: a real deal cannot be won by a script of clicks; the title's
    button, the table, the win, the statistics and the log are the app's own). Returns
    the script's moves."""
    monkeypatch.setattr(daily, "today", lambda: TODAY)
    code = daily.code(TODAY, kind.letter)
    real = kind.from_code

    def from_code(text: str):
        if text != code:
            return real(text)
        game, _moves = win_game(kind)
        assert isinstance(game, DealtGame)
        game._code = code
        return game

    monkeypatch.setattr(kind, "from_code", from_code)
    return win_game(kind)[1]


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


def test_another_dates_deal_of_the_day_is_named_after_its_date(display, ctx, kind, monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: TODAY)
    ctx.choose(kind)
    other = date(2026, 1, 1) if date(2026, 1, 1) != TODAY else date(2025, 12, 31)
    flow = Flow(ctx)
    driver = Driver(flow.title(), size=SMALL)
    driver.loop.switch(flow.daily(driver.scene, other))  # as --daily 2026-01-01 starts
    driver.frames(1)
    play = driver.scene
    assert play.game.code == daily.code(other, kind.letter)
    name = f"Deal of {format_date(other.isoformat())}"
    assert name in _drawn_texts(play) and "Today's deal" not in _drawn_texts(play)


@pytest.mark.parametrize("code", ["ms", "fi", "ru"])
def test_todays_deal_is_named_in_each_language(display, ctx, code, monkeypatch):
    from game.games.catalog import KINDS
    from game.look.i18n import _

    monkeypatch.setattr(daily, "today", lambda: TODAY)
    ctx.settings.language = code
    ctx.apply_settings()
    driver = _todays_table(ctx, KINDS[0])
    assert _("Today's deal") != "Today's deal"
    assert _("Today's deal") in _drawn_texts(driver.scene)
