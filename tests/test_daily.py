"""The deal of the day (issue 28, item 4): its rule, Today's deal on the title, the won
mark, the daily streak, ``--daily`` and the kiosk's ``daily`` key."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from kind_scripts import SMALL, make, under_way, win_game
from ui_helpers import Driver, drawn_afresh, pygame, shown

from game.games.catalog import KINDS, kind_of
from game.records.kiosk import KioskConfig, KioskConfigError
from game.records.statistics import DAILY_REMEMBERED, Statistics
from game.records.storage import DamagedFile
from game.rules import daily
from game.rules.played import DealtGame
from game.scenes.dialogs import ConfirmScene
from game.scenes.end import WinScene
from game.scenes.flow import Flow
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parents[1]
DAY = date(2026, 12, 3)
MASK = (1 << 64) - 1

RULE_TABLE = [
    ("2000-01-01", "HM1-N-QKRMYUE"),
    ("2000-01-01", "HM1-C-EPPXOIU"),
    ("2026-12-03", "HM1-N-VXPTTDG"),
    ("2026-12-03", "HM1-C-KZPAODW"),
    ("2026-12-03", "HM1-F-ZSRBGVT"),
    ("2026-12-03", "HM1-O-HVJWERG"),
    ("2026-12-04", "HM1-N-CPCGNED"),
    ("2031-07-15", "HM1-O-RQQYDAZ"),
]
"""Dates and their daily codes as the rule gives them: a change of the rule fails here."""


def _by_the_readme(day: date, letter: str) -> str:
    """The rule as the README writes it, worked out here without the game's code."""
    seed = ((day - date(2000, 1, 1)).days * 256 + ord(letter)) & MASK
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    number = (z ^ (z >> 31)) % 26**7
    letters = ""
    for _ in range(7):
        number, digit = divmod(number, 26)
        letters = chr(ord("A") + digit) + letters
    return f"HM1-{letter}-{letters}"


# ------------------------------------------------------------------------ the rule
@pytest.mark.parametrize(("day", "code"), RULE_TABLE)
def test_the_rule_gives_the_codes_of_the_table(day, code):
    assert daily.code(date.fromisoformat(day), code[4]) == code
    assert _by_the_readme(date.fromisoformat(day), code[4]) == code


def test_the_same_date_gives_the_same_code_on_every_run_and_the_next_date_another(kind):
    days = [DAY + timedelta(days=n) for n in range(-3, 4)] + [date(1999, 12, 31)]
    here = [daily.code(day, kind.letter) for day in days]
    assert here == [_by_the_readme(day, kind.letter) for day in days]
    assert len(set(here)) == len(days)  # each date its own deal
    assert all(kind.from_code(code).code == code for code in here)  # ordinary deal codes
    script = (
        "from datetime import date, timedelta; from game.rules import daily\n"
        f"days = [date({DAY.year}, {DAY.month}, {DAY.day}) + timedelta(days=n) "
        "for n in range(-3, 4)] + [date(1999, 12, 31)]\n"
        f"print(' '.join(daily.code(day, {kind.letter!r}) for day in days))"
    )
    other_run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert other_run.stdout.split() == here


def test_each_game_has_its_own_deal_of_the_day():
    assert len({daily.code(DAY, kind.letter)[6:] for kind in KINDS}) == len(KINDS)


# ---------------------------------------------------------------------- the title
def _title(ctx, kind, size=SMALL) -> Driver:
    ctx.choose(kind)
    return Driver(Flow(ctx).title(), size=size)


def _labels(title: TitleScene) -> dict[str, str]:
    return {key: title.label(key, label) for key, label in title.entries()}


def test_todays_deal_on_the_title_starts_that_deal_with_its_code_to_copy(display, ctx, today, kind):
    import pygame.scrap

    driver = _title(ctx, kind)
    assert _labels(driver.scene)["daily"] == "Today's deal"
    driver.click(driver.scene.button_rects()["daily"].center)
    play = driver.scene
    assert isinstance(play, PlayScene) and kind_of(play.game) is kind
    assert play.game.code == daily.code(DAY, kind.letter) and play.game.moves == 0
    assert play.game.position() == kind.from_code(daily.code(DAY, kind.letter)).position()
    driver.frames(1)
    pygame.scrap.put_text("something else")
    driver.click(play.view.code_rect.center)  # the info bar's code, as any deal's
    assert pygame.scrap.get_text() == daily.code(DAY, kind.letter)


def test_todays_deal_is_the_date_at_the_moment_of_choosing(display, ctx, today, kind):
    driver = _title(ctx, kind)
    today(DAY + timedelta(days=1))  # midnight passed with the title on screen
    driver.key(pygame.K_d)
    assert driver.scene.game.code == daily.code(DAY + timedelta(days=1), kind.letter)


def test_todays_deal_asks_before_a_game_under_way_goes(display, ctx, today, kind):
    driver, game, _start, _last = under_way(ctx, kind)
    driver.key(pygame.K_ESCAPE)  # the menu
    title = driver.scene
    assert isinstance(title, TitleScene)
    driver.click(title.button_rects()["daily"].center)
    question = driver.scene
    assert isinstance(question, ConfirmScene) and ctx.of(kind).stats.lost == 0
    driver.seconds(0.5)  # the panel's guard against a double tap
    driver.key(pygame.K_RETURN)  # the default answer: Keep playing
    assert isinstance(driver.scene, PlayScene) and driver.scene.game is game
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.scene.button_rects()["daily"].center)
    driver.seconds(0.5)
    driver.click(driver.scene.buttons()["yes"].center)
    assert isinstance(driver.scene, PlayScene)
    assert driver.scene.game.code == daily.code(DAY, kind.letter)
    assert ctx.of(kind).stats.lost == 1


@pytest.fixture
def scripted_today(monkeypatch, today, kind):
    """Today's deal of ``kind`` (DAY's code) is dealt as the position of the kind's
    winning script (tests/kind_scripts), a few moves from a win, under today's code: a
    real deal cannot be won by a script of clicks, and everything else (the title's
    button, the table, the win, the statistics) is the app's own. Returns today's code and
    the script's moves."""
    code = daily.code(DAY, kind.letter)
    real = kind.from_code

    def from_code(text: str):
        if text != code:
            return real(text)
        game, _moves = win_game(kind)
        assert isinstance(game, DealtGame)  # every kind's rules keep their code there
        game._code = code  # the deal of today's code, as far as the app can tell
        return game

    monkeypatch.setattr(kind, "from_code", from_code)
    return code, win_game(kind)[1]


def _until(driver: Driver, scene_type, seconds: float = 3.0):
    for _ in range(round(seconds * 60)):
        if isinstance(driver.scene, scene_type):
            return driver.scene
        driver.frames(1)
    raise AssertionError(f"no {scene_type.__name__} after {seconds} s: {driver.scene!r}")


@pytest.mark.parametrize("how", ["click", "key"])
def test_todays_deal_under_way_resumes_without_a_question(display, ctx, scripted_today, kind, how):
    code, moves = scripted_today
    driver = _title(ctx, kind)
    driver.click(driver.scene.button_rects()["daily"].center)
    play = driver.scene
    assert isinstance(play, PlayScene) and play.game.code == code
    make(driver, moves[0])
    game = play.game
    assert game.moves == 1 and game.outcome is None
    before = ctx.of(kind).stats.to_dict()
    driver.key(pygame.K_ESCAPE)  # the menu
    assert isinstance(driver.scene, TitleScene)
    if how == "key":
        driver.key(pygame.K_d)
    else:
        driver.click(driver.scene.button_rects()["daily"].center)
    assert isinstance(driver.scene, PlayScene)  # no "Abandon your game ...?"
    assert driver.scene.game is game and game.moves == 1
    assert ctx.of(kind).stats.to_dict() == before and ctx.of(kind).stats.lost == 0


def test_todays_deal_won_by_clicks_marks_the_title_and_counts_the_streak(
    display, ctx, storage, scripted_today, kind
):
    code, moves = scripted_today
    driver = _title(ctx, kind, size=(1280, 720))
    assert _statistics(driver) == {"Daily streak": "0", "Best daily streak": "0"}
    driver.click(driver.scene.button_rects()["daily"].center)
    assert isinstance(driver.scene, PlayScene) and driver.scene.game.code == code
    for move in moves:
        make(driver, move)
    _until(driver, WinScene)
    driver.key(pygame.K_ESCAPE)  # from the win panel to the title
    title = _until(driver, TitleScene)
    assert _labels(title)["daily"] == "Today's deal \u2713"
    assert _statistics(driver) == {"Daily streak": "1", "Best daily streak": "1"}
    stored = Statistics.load(storage, kind.statistics_file)
    assert stored.daily_won == [DAY.isoformat()] and stored.won == 1


def _win_todays(driver: Driver, ctx) -> None:
    """Today's deal started from the title by a click, then won: the context's hook at a
    win, for the tests of many days (test_todays_deal_won_by_clicks_... wins it by clicks
    through the table and the win panel)."""
    driver.click(driver.scene.button_rects()["daily"].center)
    assert isinstance(driver.scene, PlayScene)
    ctx.won()
    driver.loop.scene = Flow(ctx).title()
    driver.frames(1)


def test_the_title_marks_todays_deal_once_it_is_won(display, ctx, storage, today, kind):
    driver = _title(ctx, kind)
    _win_todays(driver, ctx)
    assert _labels(driver.scene)["daily"] == "Today's deal \u2713"
    stored = Statistics.load(storage, kind.statistics_file)
    assert stored.daily_won == [DAY.isoformat()] and stored.won == 1
    others = [other for other in KINDS if other is not kind]
    for other in others:  # each game's daily is its own
        ctx.choose(other)
        assert _labels(driver.scene)["daily"] == "Today's deal"
    ctx.choose(kind)
    today(DAY + timedelta(days=1))
    assert _labels(driver.scene)["daily"] == "Today's deal"


def test_a_daily_deal_counts_only_when_won_on_its_date(display, ctx, today, kind):
    driver = _title(ctx, kind)
    driver.click(driver.scene.button_rects()["daily"].center)
    today(DAY + timedelta(days=1))  # won after midnight: yesterday's deal
    ctx.won()
    stats = ctx.of(kind).stats
    assert stats.won == 1 and stats.daily_won == [] and stats.best_daily_streak == 0
    driver.loop.scene = Flow(ctx).title()
    driver.frames(1)
    assert _labels(driver.scene)["daily"] == "Today's deal"


def _statistics(driver: Driver) -> dict[str, str]:
    driver.click(driver.scene.button_rects()["stats"].center)
    page = driver.scene
    assert isinstance(page, StatisticsScene)
    figures = dict(page.rows())
    driver.click(page.button_rects()["back"].center)
    return {key: figures[key] for key in ("Daily streak", "Best daily streak")}


def test_the_daily_streak_counts_days_in_a_row_and_a_missed_day_breaks_it(
    display, ctx, today, kind
):
    driver = _title(ctx, kind, size=(1280, 720))
    assert _statistics(driver) == {"Daily streak": "0", "Best daily streak": "0"}
    for n in range(3):
        today(DAY + timedelta(days=n))
        _win_todays(driver, ctx)
        assert _statistics(driver) == {"Daily streak": str(n + 1), "Best daily streak": str(n + 1)}
    today(DAY + timedelta(days=3))  # the next day, not yet won: the streak still stands
    assert _statistics(driver) == {"Daily streak": "3", "Best daily streak": "3"}
    today(DAY + timedelta(days=4))  # day 3 was missed
    assert _statistics(driver) == {"Daily streak": "0", "Best daily streak": "3"}
    _win_todays(driver, ctx)
    assert _statistics(driver) == {"Daily streak": "1", "Best daily streak": "3"}
    _win_todays(driver, ctx)  # the same day again: counted once
    assert _statistics(driver) == {"Daily streak": "1", "Best daily streak": "3"}
    assert ctx.of(kind).stats.won == 5


def test_the_mark_follows_the_clock_both_ways_without_a_restart(display, ctx, today, kind):
    """Issue 36, item 8: the title's check mark went only with a restart. At midnight
    (and when the clock is set back to the won day) the title on screen redraws itself."""
    driver = _title(ctx, kind)
    _win_todays(driver, ctx)
    driver.seconds(1)
    marked = shown()
    assert marked == drawn_afresh(Flow(ctx).title())
    today(DAY + timedelta(days=1))  # midnight, with the title on screen and nobody there
    driver.seconds(1)
    assert shown() == drawn_afresh(Flow(ctx).title()) != marked
    today(DAY)  # the clock set back to the day won
    driver.seconds(1)
    assert shown() == marked


def test_the_statistics_on_screen_follow_a_missed_midnight(display, ctx, today, kind):
    """The daily streak on the statistics screen, left open over a day without a won
    daily deal, drops to 0 by itself (as the title's mark goes)."""
    driver = _title(ctx, kind, size=(1280, 720))
    _win_todays(driver, ctx)
    driver.click(driver.scene.button_rects()["stats"].center)
    page = driver.scene
    assert isinstance(page, StatisticsScene) and dict(page.rows())["Daily streak"] == "1"
    driver.seconds(1)
    today(DAY + timedelta(days=2))  # the next day passed without its deal won
    driver.seconds(1)
    assert dict(page.rows())["Daily streak"] == "0"
    assert shown() == drawn_afresh(Flow(ctx).statistics(Flow(ctx).title()))


def test_the_daily_streak_follows_the_clock_set_ahead_and_back(display, ctx, today, kind):
    """Issue 36, item 6: a daily won with the clock set a year ahead froze the streak at 1,
    and it never broke, once the clock was right again."""
    driver = _title(ctx, kind, size=(1280, 720))
    today(DAY + timedelta(days=365))  # the clock set ahead
    _win_todays(driver, ctx)
    assert _statistics(driver) == {"Daily streak": "1", "Best daily streak": "1"}
    for n in range(3):  # the clock right again: days in a row
        today(DAY + timedelta(days=n))
        assert _labels(driver.scene)["daily"] == "Today's deal"
        _win_todays(driver, ctx)
        assert _statistics(driver) == {"Daily streak": str(n + 1), "Best daily streak": str(n + 1)}
    today(DAY + timedelta(days=4))  # a day missed
    assert _statistics(driver) == {"Daily streak": "0", "Best daily streak": "3"}
    today(DAY + timedelta(days=365))  # ahead again: that day is won, the day before not
    assert _statistics(driver) == {"Daily streak": "1", "Best daily streak": "3"}
    assert _labels(driver.scene)["daily"] == "Today's deal \u2713"


# --------------------------------------------------------------- the stored figures
def test_statistics_from_before_the_daily_deal_load_with_no_daily_streak(storage):
    old = Statistics(played=3, won=2, lost=1, current_streak=1, best_streak=2).to_dict()
    for key in ("daily_won", "daily_streak", "best_daily_streak"):
        del old[key]
    storage.path("statistics.json").parent.mkdir(parents=True, exist_ok=True)
    storage.path("statistics.json").write_text(json.dumps(old))
    stats = Statistics.load(storage)
    assert (stats.played, stats.won, stats.daily_streak_on(DAY)) == (3, 2, 0)
    assert stats.daily_won == [] and stats.best_daily_streak == 0


@pytest.mark.parametrize(
    "damage",
    [
        {"daily_won": "2026-12-03"},
        {"daily_won": ["2026-13-03"]},
        {"daily_won": ["3 Dec 2026"]},
        {"daily_won": ["2026-12-04", "2026-12-03"]},
        {"daily_won": ["2026-12-03", "2026-12-03"]},
        {"daily_won": [], "daily_streak": 2, "best_daily_streak": 2},
        {"daily_won": ["2026-12-03"], "daily_streak": 2, "best_daily_streak": 1},
        {"daily_streak": -1},
        {"best_daily_streak": "7"},
    ],
)
def test_damaged_daily_figures_are_refused(damage):
    data = Statistics().to_dict() | damage
    with pytest.raises(DamagedFile):
        Statistics.from_dict(data)


@pytest.mark.parametrize("far", ["9999-12-31", "1999-12-31", "0001-01-01"])
def test_a_won_date_the_game_cannot_reach_is_set_aside_and_the_next_daily_win_counts(
    display, storage, today, kind, far
):
    """Issue 36, item 6: ``"daily_won": ["9999-12-31"]`` loaded silently, and the next
    daily win raised OverflowError and was lost. The daily deal counts from the rule's
    day 0 (2000-01-01) to the last day whose next day the calendar has (9999-12-30): a
    file with a date outside is damaged, kept aside with the usual notice."""
    from game.scenes.flow import open_context

    path = storage.path(kind.statistics_file)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(Statistics().to_dict() | {"daily_won": [far]}))
    ctx = open_context(storage)
    ctx.settings.language = "en"
    ctx.apply_settings()
    driver = _title(ctx, kind)
    driver.frames(1)
    assert list(path.parent.glob(f"{kind.statistics_file}.bad-*"))
    assert ctx.notice is not None and "damaged" in ctx.notice[0]
    _win_todays(driver, ctx)
    stats = Statistics.load(storage, kind.statistics_file)
    assert stats.daily_won == [DAY.isoformat()] and stats.daily_streak_on(DAY) == 1


@pytest.mark.parametrize("day", [date(1970, 1, 1), date(9999, 12, 31), date.max])
def test_a_daily_won_on_a_date_outside_the_rules_days_does_not_count(day):
    """A board without a clock (1970) or a clock at the calendar's end: the win is a win,
    but not a daily one; nothing the game writes is refused when read again."""
    stats = Statistics()
    assert not stats.won_daily(daily.code(day, "N"), day)
    assert stats.daily_won == [] and stats.daily_streak_on(day) == 0
    assert Statistics.from_dict(stats.to_dict()) == stats


def test_the_won_dates_are_bounded_and_the_streak_survives_them():
    stats = Statistics()
    code = lambda day: daily.code(day, "N")  # noqa: E731
    for n in range(DAILY_REMEMBERED + 50):
        day = DAY + timedelta(days=n)
        assert stats.won_daily(code(day), day)
    assert len(stats.daily_won) == DAILY_REMEMBERED
    last = DAY + timedelta(days=DAILY_REMEMBERED + 49)
    assert stats.daily_streak_on(last) == stats.best_daily_streak == DAILY_REMEMBERED + 50
    again = Statistics.from_dict(json.loads(json.dumps(stats.to_dict())))
    assert again.daily_streak_on(last + timedelta(days=1)) == DAILY_REMEMBERED + 50
    assert again.daily_streak_on(last + timedelta(days=2)) == 0
    assert not again.won_daily(code(DAY), last)  # a day's deal won on another day
    assert not again.won_daily(None, last) and not again.won_daily("HM1-N-AAAAAAB", last)


def test_a_day_won_out_of_order_joins_the_runs_it_links():
    stats = Statistics()
    for n in (0, 2, 1):  # the clock turned back a day between the second and the third
        day = DAY + timedelta(days=n)
        stats.won_daily(daily.code(day, "C"), day)
    assert stats.daily_streak_on(DAY + timedelta(days=2)) == 3 == stats.best_daily_streak


# ------------------------------------------------------------------------- the kiosk
def test_the_kiosk_offers_todays_deal_only_when_its_file_says_daily(display, ctx, today, kind):
    ctx.kiosk = KioskConfig(games=(kind.key,))
    assert "daily" not in dict(_title(ctx, kind).scene.entries())
    ctx.kiosk = KioskConfig.from_mapping({"daily": True, "games": [kind.key]})
    driver = _title(ctx, kind)
    driver.click(driver.scene.button_rects()["daily"].center)
    assert isinstance(driver.scene, PlayScene)
    assert driver.scene.game.code == daily.code(DAY, kind.letter)


def test_a_daily_key_that_is_not_true_or_false_names_the_key():
    with pytest.raises(KioskConfigError, match="daily must be true or false"):
        KioskConfig.from_mapping({"daily": "yes"})
