"""The statistics page (issue 37, item 7), through real events for every kind: a game
switcher on the page (click, touch and keys; a kiosk's games only), a chart that reads
alike with 1 game or 30 (the bars centred or spread over the plot, the games numbered
along the axis), abandoned games apart from losses in the bars, the legend and the
statistics' file (whose older files still load)."""

from __future__ import annotations

import itertools
import json

import pytest
from kind_scripts import make, stalemate_game, table, win_game
from test_game_log import _new_game_from_the_menu, _press, _until
from test_text_sizes import _Sizes
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS
from game.look.i18n import _
from game.records.context import Context
from game.records.kiosk import KioskConfig
from game.records.statistics import RECENT, Statistics
from game.scenes.end import StalemateScene
from game.scenes.flow import Flow
from game.scenes.menus import StatisticsScene
from game.scenes.stats_chart import ABANDONED_COLOUR, LOST_COLOUR, WON_COLOUR
from game.scenes.title import TitleScene

SIZES = [(800, 480), (1280, 720), (1920, 1080)]


def _context(storage, kiosk=None):
    """A context over ``storage`` (its files written first), in English."""
    ctx = Context.open(storage, kiosk=kiosk) if kiosk else Context.open(storage)
    ctx.settings.language = "en"
    ctx.apply_settings()
    return ctx


def _played(storage):
    """Each kind's statistics file with as many games played as its place in the
    registry, plus one: the page shows whose figures it shows."""
    for index, kind in enumerate(KINDS):
        stats = Statistics()
        for number in range(index + 1):
            stats.lost_game(f"{kind.key}-{number}", 0)
        stats.save(storage, kind.statistics_file)


def _statistics_page(ctx, size=(800, 480)):
    """The title, then its Statistics button."""
    driver = Driver(Flow(ctx).title(), size=size)
    driver.click(driver.scene.button_rects()["stats"].center)
    page = driver.scene
    assert isinstance(page, StatisticsScene)
    return driver, page


def _step(driver, page, forward, how):
    """One game on (``forward``) or back, by the switcher's arrow or an arrow key."""
    if how == "keys":
        driver.key(pygame.K_RIGHT if forward else pygame.K_LEFT)
        return
    where = page.button_rects()["game-next" if forward else "game-prev"].center
    if how == "touch":
        driver.touch(where)
    else:
        driver.click(where)


def _figures(page, kind):
    return f"Games played: {KINDS.index(kind) + 1}" in page.lines()


# ---------------------------------------------------------------- the switcher
@pytest.mark.parametrize("how", ["click", "touch", "keys"])
def test_the_page_switches_to_every_game_and_back(display, storage, kind, how):
    _played(storage)
    ctx = _context(storage)
    driver, page = _statistics_page(ctx)
    first = ctx.kind
    steps = (KINDS.index(kind) - KINDS.index(first)) % len(KINDS)
    for _step_number in range(steps):
        _step(driver, page, True, how)
    assert driver.scene is page and ctx.kind is kind and _figures(page, kind)
    for _step_number in range(steps):
        _step(driver, page, False, how)
    assert ctx.kind is first and _figures(page, first)
    for _step_number in range(len(KINDS) - steps):
        _step(driver, page, False, how)  # the other way round, through the first
    assert ctx.kind is kind and _figures(page, kind)
    _press(driver, "back")  # the title has the game chosen on the page
    assert isinstance(driver.scene, TitleScene) and ctx.kind is kind


def test_a_kiosk_page_switches_between_its_games_only(display, storage):
    offered = tuple(kind.key for kind in KINDS[1::2]) or (KINDS[0].key,)
    ctx = _context(storage, KioskConfig(games=offered, allow_statistics=True))
    ctx.choose(ctx.offered()[0])
    driver, page = _statistics_page(ctx)
    seen = []
    for how in ("click", "touch", "keys") * len(KINDS):
        _step(driver, page, True, how)
        seen.append(ctx.kind.key)
    assert set(seen) == set(offered)
    if len(offered) < 2:
        assert "game-next" not in page.button_rects()


# ------------------------------------------------------------------ the chart
def _colour_columns(surface, chart, colours):
    """The x of every column of the upper part of ``chart`` (where only full bars
    reach: no scale, numbers or legend) holding a pixel of one of ``colours``."""
    area = pygame.Rect(chart.left, chart.top, chart.width, chart.height * 2 // 5)
    found = set()
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            if tuple(surface.get_at((x, y)))[:3] in colours:
                found.add(x)
                break
    return sorted(found)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_one_game_is_a_bar_near_the_middle_of_the_plot(display, ctx, kind, size):
    ctx.choose(kind)
    ctx.stats.won_game("one", kind.best_score, 60.0)
    driver, page = _statistics_page(ctx, size)
    driver.frames(1)
    chart = page.chart
    columns = _colour_columns(driver.screen, chart, {WON_COLOUR})
    assert columns, "no bar"
    middle = (columns[0] + columns[-1]) / 2
    assert abs(middle - chart.centerx) < chart.width / 8, (columns, chart)
    assert columns[-1] - columns[0] < chart.width / 8  # a bar, not the whole plot


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_thirty_games_spread_over_the_plot_numbered_along_the_axis(
    display, ctx, monkeypatch, kind, size
):
    ctx.choose(kind)
    for number in range(RECENT):
        if number % 3 == 0:
            ctx.stats.won_game(f"g{number}", kind.best_score, 60.0)
        else:
            ctx.stats.lost_game(f"g{number}", kind.best_score // 2, abandoned=number % 3 == 2)
    driver, page = _statistics_page(ctx, size)
    sizes = _Sizes(monkeypatch)
    sizes.start()
    page.invalidate()
    driver.frames(1)
    chart = page.chart
    columns = _colour_columns(driver.screen, chart, {WON_COLOUR})  # every third game
    assert columns[-1] - columns[0] > chart.width * 0.6, (columns[0], columns[-1], chart)
    drawn = {text for _px, text in sizes.texts}
    numbers = {str(n) for n in range(2, RECENT)} & drawn
    assert {"1", str(RECENT)} <= drawn and len(numbers) >= 2, sorted(numbers)
    assert {_("Score"), _("won"), _("lost"), _("abandoned")} <= drawn


@pytest.mark.parametrize(
    "size", [(640, 480), (800, 480), (1280, 720), (1080, 1920)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_the_games_numbers_along_the_axis_stand_apart(display, ctx, size):
    """The numbers under the bars never touch ("1" and "2" read as "12" at 640x480 and
    1280x720 with 30 games: the first number stood one bar from the next), with 2 to 30
    games."""
    for count in (2, 5, 9, 14, 21, RECENT):
        ctx.stats = Statistics()
        for number in range(count):
            ctx.stats.lost_game(f"g{number}", 10 * number)
        driver, page = _statistics_page(ctx, size)
        page.invalidate()
        driver.frames(1)
        boxes = driver.loop.text_boxes()
        axis = max(box.centery for text, box in boxes if text == "1")  # (under the figures)
        numbers = sorted(box for text, box in boxes if text.isdigit() and box.centery == axis)
        assert len(numbers) >= 2, (count, size, boxes)
        gaps = [b.left - a.right for a, b in itertools.pairwise(numbers)]
        assert min(gaps) >= numbers[0].height // 2, (count, size, gaps, numbers)  # half an em


def test_an_abandoned_game_is_drawn_apart_from_a_lost_one(display, storage, kind):
    ctx = _context(storage)
    # lost: a stalemate, then New game on its panel
    game, moves = stalemate_game(kind)
    driver = table(ctx, game, (1280, 720))
    for move in moves:
        make(driver, move)
    _until(driver, StalemateScene)
    _press(driver, "new")
    # abandoned: a move, then New game from the menu (with the question)
    game, moves = win_game(kind)
    driver.loop.switch(Flow(ctx).play(game))
    make(driver, moves[0])
    _new_game_from_the_menu(driver)
    stored = Statistics.load(storage, kind.statistics_file, kind)
    assert [entry[0] for entry in stored.recent] == ["L", "A"]
    assert (stored.lost, stored.won) == (2, 0)  # both are losses in the counts
    driver.loop.switch(StatisticsScene(ctx, Flow(ctx).title(), Flow(ctx)))
    driver.frames(1)
    lost, abandoned = (_colours_in(driver.screen, bar) for bar in driver.scene.bars)
    assert LOST_COLOUR in lost and ABANDONED_COLOUR not in lost
    assert ABANDONED_COLOUR in abandoned and LOST_COLOUR not in abandoned


def _colours_in(surface, rect):
    """The colours of the pixels of ``rect``."""
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
    }


# --------------------------------------------------------------- the file
def test_older_statistics_files_load_and_newer_ones_are_set_aside(storage, kind):
    older = Statistics(played=2, won=1, lost=1, total_score=100, recent=["W80", "L20"])
    storage.save(kind.statistics_file, older.to_dict())
    loaded = Statistics.load(storage, kind.statistics_file, kind)
    assert loaded.recent_results() == [("W", 80), ("L", 20)]
    loaded.lost_game("left", 10, abandoned=True)
    loaded.save(storage, kind.statistics_file)
    again = Statistics.load(storage, kind.statistics_file, kind)
    assert again.recent_results()[-1] == ("A", 10) and again.lost == 2
    newer = {**again.to_dict(), "schema": again.to_dict()["schema"] + 1}
    storage.path(kind.statistics_file).write_text(json.dumps(newer), encoding="utf-8")
    assert Statistics.load(storage, kind.statistics_file, kind) == Statistics()
    assert not storage.path(kind.statistics_file).exists()  # kept aside, not overwritten
