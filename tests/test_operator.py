"""The kiosk operator's screen: behind the chord (and the PIN), it shows the usage record's
figures for today, 7 and 30 days, quits on Quit (or Enter), and goes back on Back or Esc.
Nothing a visitor can press opens it."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from kind_scripts import SMALL, win_game
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.look import ui
from game.records.game_log import LOST, WON
from game.records.kiosk import KioskConfig
from game.records.usage import Usage
from game.scenes.flow import Flow
from game.scenes.kiosk import KioskGuard, PinScene
from game.scenes.operator import OperatorScene
from game.shell.loop import Loop

CHORD = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT
TODAY = date(2026, 12, 3)
AGO = {"today": 0, "3 days": 3, "20 days": 20, "40 days": 40}
"""When the games of the record were played (days before today)."""
PERIODS = {"today": 1, "week": 7, "month": 30}


def _games(index: int, ago: int) -> tuple[int, int, float]:
    """(games won, games lost, seconds of each) of the ``index``-th game ``ago`` days ago."""
    return index + 1 + ago % 4, (index + ago) % 3, 60.0 * (index + 1) + ago


def _record() -> Usage:
    usage = Usage()
    for index, kind in enumerate(KINDS):
        for ago in AGO.values():
            day = TODAY - timedelta(days=ago)
            won, lost, seconds = _games(index, ago)
            for number in range(won + lost):
                game = f"{kind.key}-{ago}-{number}"
                usage.started(game, day, kind.key)
                usage.ended(game, day, kind.key, WON if number < won else LOST, seconds)
    return usage


@pytest.fixture
def operator(display, ctx, today):
    """``operator(**config)``: a kiosk over a table with :func:`_record` behind it, its
    operator's screen opened by the chord (and the PIN ``2580`` when ``exit_pin`` is
    given); the driver."""
    today(TODAY)

    def make(**config):
        ctx.kiosk = KioskConfig(**config)
        ctx.usage_record = _record()
        flow = Flow(ctx)
        guard = KioskGuard(ctx, ctx.kiosk, flow)
        driver = Driver(flow.play(win_game(KINDS[0])[0]), size=SMALL)
        driver.loop = Loop(driver.loop.scene, on_event=guard.on_event, on_step=guard.on_step)
        driver.key(pygame.K_q, CHORD)
        if config.get("exit_pin"):
            pad = driver.scene
            assert isinstance(pad, PinScene)
            for key in "2580":
                driver.click(pad.buttons()[key].center)
            driver.click(pad.buttons()["ok"].center)
        assert isinstance(driver.scene, OperatorScene)
        return driver

    return make


def _shown_rows(driver) -> list[list[str]]:
    """The texts drawn, a list a line (those whose boxes share a middle)."""
    driver.scene.invalidate()
    driver.frames(1)
    lines: dict[int, list[str]] = {}
    for text, rect in driver.loop.text_boxes():
        lines.setdefault(rect.centery, []).append(text)
    return list(lines.values())


@pytest.mark.parametrize("period", list(PERIODS))
def test_the_screen_shows_each_games_figures_of_the_period(operator, period):
    driver = operator()
    screen = driver.scene
    driver.seconds(0.5)
    driver.click(screen.button_rects()[period].center)
    rows = _shown_rows(driver)
    days = PERIODS[period]
    totals = [0, 0, 0.0]
    for index, kind in enumerate(KINDS):
        started = won = 0
        seconds = 0.0
        for ago in AGO.values():
            if ago < days:
                games_won, games_lost, each = _games(index, ago)
                started += games_won + games_lost
                won += games_won
                seconds += each * (games_won + games_lost)
        expected = [kind.name, str(started), str(won), ui.format_time(seconds)]
        assert expected in rows, (kind.name, rows)
        totals = [totals[0] + started, totals[1] + won, totals[2] + seconds]
    everything = ["All games", str(totals[0]), str(totals[1]), ui.format_time(totals[2])]
    assert everything in rows, rows


def test_only_the_games_offered_are_listed_without_a_sum_for_one(operator):
    driver = operator(games=(KINDS[-1].key,))
    names = [row[0] for row in _shown_rows(driver)]
    assert KINDS[-1].name in names and "All games" not in names
    assert all(kind.name not in names for kind in KINDS[:-1])


def test_enter_quits_the_kiosk_the_quit_button_is_the_default(operator):
    driver = operator()
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    assert not driver.loop.frame(1 / 60)


def test_after_the_pin_the_quit_button_quits(operator):
    driver = operator(exit_pin="2580")
    quit_at = driver.scene.button_rects()["quit"].center
    driver.seconds(0.5)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=quit_at, button=1, touch=False)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=quit_at, button=1, touch=False))
    assert not driver.loop.frame(1 / 60)


@pytest.mark.parametrize("how", ["back", "escape"])
def test_back_and_escape_return_to_the_table_under_it(operator, how):
    driver = operator()
    screen = driver.scene
    driver.seconds(0.5)
    if how == "back":
        driver.click(screen.button_rects()["back"].center)
    else:
        driver.key(pygame.K_ESCAPE)
    assert driver.scene is screen.under and not driver.loop.quit
    assert driver.scene.game is not None  # the game on the table goes on


def test_no_button_a_visitor_can_reach_opens_it(display, ctx):
    """Every screen a visitor reaches by pressing buttons from the title (as
    tests/test_screen_boxes.py walks them): none is the operator's."""
    from test_screen_boxes import _Opener, _walk

    screens = _walk(_Opener(ctx.storage.data_dir.parent / "walk", "en", kiosk=True))
    assert {"TitleScene", "PlayScene"} <= {name for name, _offers in screens}
    assert all(name != "OperatorScene" for name, _offers in screens)


@pytest.mark.parametrize("pin", ["", "2580"])
def test_the_chord_again_over_the_operators_screens_opens_no_second(operator, pin):
    """The chord pressed again over the operator's screen, or over the keypad, leaves it
    as it is: one Back (or Cancel) is back at the table."""
    driver = operator(exit_pin=pin)
    screen = driver.scene
    driver.key(pygame.K_q, CHORD)
    assert driver.scene is screen
    driver.seconds(0.5)
    driver.click(screen.button_rects()["back"].center)
    assert driver.scene is screen.under
    if pin:
        driver.key(pygame.K_q, CHORD)
        pad = driver.scene
        assert isinstance(pad, PinScene)
        driver.key(pygame.K_q, CHORD)
        assert driver.scene is pad
        driver.click(pad.buttons()["cancel"].center)
        assert driver.scene is screen.under
