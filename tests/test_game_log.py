"""The game log (issue 28, item 5) and the labelled chart (item 6), through real events
for every kind: finished games in the log newest first, 100 kept, a damaged log set
aside alone, a game logged once, Play this deal again from the log; the chart's labels."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest
from kind_scripts import make, save_under_way, stalemate_game, table, win_game
from test_text_sizes import LARGE, SMALLEST_PX, _Sizes
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS, kind_of
from game.look.i18n import LANGUAGES, set_language
from game.records.context import Context
from game.records.game_log import ABANDONED, LOG_SIZE, LOST, WON, GameLog, LogEntry
from game.records.statistics import Statistics
from game.records.storage import Storage
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.end import StalemateScene
from game.scenes.flow import Flow
from game.scenes.log_page import EntryScene, LogScene
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene


def _until(driver, scene_type, seconds=3.0):
    for _ in range(round(seconds * 60)):
        if isinstance(driver.scene, scene_type):
            return driver.scene
        driver.frames(1)
    raise AssertionError(f"no {scene_type.__name__} after {seconds} s: {driver.scene!r}")


def _press(driver, key):
    """Click the button ``key`` of the scene on screen (after a dialog's guard)."""
    scene = driver.scene
    if isinstance(scene, (ConfirmScene, StalemateScene)):
        driver.seconds(DIALOG_GUARD + 0.1)
        driver.click(scene.buttons()[key].center)
    else:
        driver.click(scene.button_rects()[key].center)


def _new_game_from_the_menu(driver):
    """Esc to the menu, New game, and Yes to the question about the game under way."""
    driver.key(pygame.K_ESCAPE)
    _press(driver, "new")
    assert isinstance(driver.scene, ConfirmScene)
    _press(driver, "yes")
    # the new deal's table, or at once its stalemate panel (a deal stuck from its start)
    assert isinstance(driver.scene, (PlayScene, StalemateScene))


def _open_log(driver):
    """From the title (or menu): Statistics, then Game log."""
    _press(driver, "stats")
    assert isinstance(driver.scene, StatisticsScene)
    _press(driver, "log")
    return _until(driver, LogScene)


def _stored_log(storage, kind):
    return GameLog.load(storage, kind)


def _entry(kind, number, result=LOST):
    moves = min(number + 1, kind.most_moves or number + 1)  # as many as a game can have
    return LogEntry(
        f"game {number}", f"2026-11-30T10:{number % 60:02}:00", kind.code(number + 1),
        result, number, moves, 60.0,
    )  # fmt: skip


# --------------------------------------------------------------------- logging
def test_finished_games_are_logged_newest_first_with_their_fields(display, ctx, storage, kind):
    # won: the win script played through
    game, moves = win_game(kind)
    driver = table(ctx, game)
    for move in moves:
        make(driver, move)
    won = (game.score, game.moves)
    # lost: a stalemate, then New game on its panel
    game, moves = stalemate_game(kind)
    driver.loop.switch(Flow(ctx).play(game))
    for move in moves:
        make(driver, move)
    _until(driver, StalemateScene)
    _press(driver, "new")
    lost = (game.score, game.moves)
    # abandoned: a move, then New game from the menu (with the question)
    game, moves = win_game(kind)
    driver.loop.switch(Flow(ctx).play(game))
    make(driver, moves[0])
    abandoned = (game.score, game.moves)
    _new_game_from_the_menu(driver)

    today = datetime.date.today().isoformat()
    entries = _stored_log(storage, kind).newest_first()
    assert [e.result for e in entries] == [ABANDONED, LOST, WON]
    assert [(e.score, e.moves) for e in entries] == [abandoned, lost, won]
    assert all(e.date == today and e.code == "" for e in entries)  # positions: no code
    assert len({e.game_id for e in entries}) == 3
    stats = Statistics.load(storage, kind.statistics_file)
    assert (stats.won, stats.lost) == (1, 2)  # lost and abandoned are both losses there
    # ... and on the log page, newest first
    driver.loop.switch(TitleScene(ctx, Flow(ctx)))
    page = _open_log(driver)
    assert page.games() == entries
    assert sorted(page.row_rects()) == [0, 1, 2]


def test_the_kiosk_idle_reset_logs_the_game_it_ends_as_lost(display, tmp_path, monkeypatch, kind):
    from game.records.kiosk import KioskConfig
    from game.scenes.kiosk import StillPlayingScene
    from game.shell.app import parse_args
    from game.shell.session import Session

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    storage = Storage(tmp_path / "config", tmp_path / "data")
    save_under_way(storage, kind)
    config = KioskConfig(games=(kind.key,), idle_seconds=3, countdown_seconds=2)
    args = parse_args(["--kiosk", "--window", "640x480"])
    session = Session.open(args, config, Storage(tmp_path / "config", tmp_path / "data"))
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        driver.touch(driver.scene.button_rects()["continue"].center)
        assert isinstance(driver.scene, PlayScene)
        driver.seconds(3.5)
        assert isinstance(driver.scene, StillPlayingScene)
        driver.seconds(2.5)  # nobody answered: the idle reset
        assert isinstance(driver.scene, TitleScene)
        session.ctx.storage.flush()
    finally:
        session.close()
    (entry,) = _stored_log(storage, kind).entries
    assert (entry.result, entry.moves) == (LOST, 1)


def test_101_games_keep_the_last_100(display, ctx, storage, kind):
    log = GameLog()
    for number in range(LOG_SIZE):
        assert log.add(_entry(kind, number))
    log.save(storage, kind)
    game, moves = win_game(kind)  # the 101st, by real events
    driver = table(ctx, game)
    for move in moves:
        make(driver, move)
    entries = _stored_log(storage, kind).newest_first()
    assert len(entries) == LOG_SIZE
    assert entries[0].result == WON and entries[0].moves == len(moves)
    assert entries[-1].game_id == "game 1"  # game 0, the oldest, went
    assert "game 0" not in {e.game_id for e in entries}
    driver.loop.switch(TitleScene(ctx, Flow(ctx)))
    page = _open_log(driver)
    driver.key(pygame.K_END)  # the keyboard reaches the last row
    assert page.selected == LOG_SIZE - 1 and LOG_SIZE - 1 in page.row_rects()


def test_a_game_that_ends_twice_is_logged_once(display, tmp_path, kind):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    save_under_way(storage, kind)
    save = storage.path(kind.save_file).read_bytes()
    for _run in range(2):
        # The second run: the save is back (the first run was killed before deleting
        # it) and the statistics that counted its end are gone: the game ends again.
        ctx = Context.open(Storage(tmp_path / "config", tmp_path / "data"))
        driver = Driver(Flow(ctx).resume(kind), size=(640, 480))
        assert isinstance(driver.scene, PlayScene)
        _new_game_from_the_menu(driver)
        ctx.storage.flush()
        storage.path(kind.save_file).write_bytes(save)
        storage.path(kind.statistics_file).unlink()
    entries = _stored_log(storage, kind).entries
    assert [e.result for e in entries] == [ABANDONED]
    assert not GameLog(list(entries)).add(entries[0])  # the same game again: refused


def test_each_kind_keeps_its_log_in_the_file_its_kind_names(display, ctx, storage, kind):
    game, moves = win_game(kind)
    driver = table(ctx, game)
    for move in moves:
        make(driver, move)  # a win: a log entry, stored at once
    assert kind.log_file == f"log-{kind.key}.json"
    assert kind.log_file not in (kind.save_file, kind.statistics_file)
    stored = json.loads(storage.path(kind.log_file).read_text())
    assert [entry["result"] for entry in stored["games"]] == [WON]
    assert _stored_log(storage, kind).newest_first()[0].game_id == stored["games"][0]["game"]


def test_a_damaged_log_is_set_aside_with_the_notice_and_nothing_else_is_lost(
    display, tmp_path, kind
):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    ctx = Context.open(storage)
    game, moves = win_game(kind)
    driver = table(ctx, game)
    for move in moves:
        make(driver, move)  # a win: statistics and a log
    ctx.settings.sound = not ctx.settings.sound
    ctx.apply_settings()
    save_under_way(storage, kind)  # and a game under way
    path = storage.path(kind.log_file)
    path.write_text('{"schema": 1, "games": [{"game": "x", "result": "maybe"}]}')
    kept = {
        name: storage.path(name).read_bytes()
        for name in ("settings.json", kind.statistics_file, kind.save_file)
    }
    ctx = Context.open(Storage(tmp_path / "config", tmp_path / "data"))
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=(800, 480))
    page = _open_log(driver)
    assert page.games() == []
    driver.frames(2)
    assert ctx.notice is not None and f"{path.name} was damaged" in ctx.notice[0]
    (aside,) = path.parent.glob(f"{path.name}.bad-*")
    assert "maybe" in aside.read_text() and not path.exists()
    assert {name: storage.path(name).read_bytes() for name in kept} == kept
    assert ctx.of(kind).game is not None and ctx.of(kind).stats.won == 1


# ------------------------------------------------------------ play it again
@pytest.mark.parametrize("how", ["click", "keys", "touch"])
def test_play_this_deal_again_from_the_log_starts_that_code(display, ctx, storage, kind, how):
    GameLog([_entry(kind, 7), _entry(kind, 41, WON)]).save(storage, kind)
    code = kind.code(42)
    ctx.choose(kind)  # the title's game: the one the statistics show
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=(640, 480))
    page = _open_log(driver)
    if how == "keys":
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
    elif how == "touch":
        driver.touch(page.row_rects()[0].center)
    else:
        driver.click(page.row_rects()[0].center)
    entry = driver.scene
    assert isinstance(entry, EntryScene) and entry.entry.code == code
    assert any("won" in line for line in entry.lines())
    _press(driver, "yes")
    play = driver.scene
    assert isinstance(play, PlayScene) and play.game.code == code and kind_of(play.game) is kind
    assert play.game.moves == 0


def test_play_this_deal_again_asks_before_a_game_under_way(display, tmp_path, kind):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    save_under_way(storage, kind)
    GameLog([_entry(kind, 7)]).save(storage, kind)
    ctx = Context.open(Storage(tmp_path / "config", tmp_path / "data"))
    ctx.choose(kind)
    under_way = ctx.game
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=(640, 480))
    page = _open_log(driver)
    driver.click(page.row_rects()[0].center)
    _press(driver, "yes")  # Play this deal again
    question = driver.scene
    assert isinstance(question, ConfirmScene) and "Abandon" in question.title
    _press(driver, "no")  # Keep playing: the game under way
    assert isinstance(driver.scene, PlayScene) and driver.scene.game is under_way
    driver.key(pygame.K_ESCAPE)
    page = _open_log(driver)
    driver.click(page.row_rects()[0].center)
    _press(driver, "yes")
    _press(driver, "yes")  # New game: the log's deal
    play = driver.scene
    assert isinstance(play, PlayScene) and play.game.code == kind.code(8)
    assert _stored_log(ctx.storage, kind).newest_first()[0].result == ABANDONED


# ------------------------------------------------------------------ the chart
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_chart_draws_its_scale_count_legend_and_average_legibly(
    display, ctx, monkeypatch, kind, code
):
    ctx.settings.language = code
    ctx.apply_settings()
    ctx.choose(kind)
    for number, score in enumerate((kind.best_score, 100, 200)):
        if number == 0:
            ctx.stats.won_game("w", score, 60.0)
        else:
            ctx.stats.lost_game(f"l{number}", score)
    scene = StatisticsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene, size=LARGE[0])
    sizes = _Sizes(monkeypatch)
    average = round((kind.best_score + 300) / 3)
    from game.look.i18n import _, ngettext

    wanted = {
        str(kind.best_score),
        "0",
        "1",
        "3",
        "2",
        ngettext(
            "Last {count} game, oldest at the left", "Last {count} games, oldest at the left", 3
        ).format(count=3),
        _("Score"),
        _("won"),
        _("lost"),
        _("abandoned"),
        _("average {score}").format(score=average),
    }
    for size in LARGE:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        sizes.start()
        scene.invalidate()
        driver.frames(1)
        drawn = {text: px for px, text in sizes.texts}
        assert wanted <= set(drawn), (size, wanted - set(drawn))
        small = {text: drawn[text] for text in wanted if drawn[text] < SMALLEST_PX}
        assert not small, (size, small)
    set_language("en")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_log_page_is_legible_at_every_large_size(display, ctx, flow, monkeypatch, code):
    ctx.settings.language = code
    ctx.apply_settings()
    ctx.logs[ctx.kind.key] = GameLog([_entry(ctx.kind, n, (WON, LOST)[n % 2]) for n in range(30)])
    scene = LogScene(ctx, TitleScene(ctx, flow), flow, ctx.kind)
    driver = Driver(scene, size=LARGE[0])
    sizes = _Sizes(monkeypatch)
    for size in [*LARGE, (640, 480)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        sizes.start()
        scene.invalidate()
        driver.frames(1)
        assert len(scene.row_rects()) >= 3, size
        assert sizes.smallest()[0] >= SMALLEST_PX, (size, sizes.smallest())
        rows = list(scene.row_rects().values())
        assert all(r.right <= size[0] and r.bottom <= size[1] for r in rows), size
    set_language("en")


# ------------------------------------------------------- codes that do not read
def _bad_codes(kind):
    """Codes a log of ``kind`` must not hold: no game's, another game's, not a code."""
    other = next(other for other in KINDS if other.letter != kind.letter)
    return ["HM1-Z-ZZZZZZZ", other.code(5), "HM1-" + kind.letter + "-AAA", "nonsense"]


@pytest.mark.parametrize("bad", range(4))
def test_a_log_entry_whose_code_does_not_read_sets_the_log_aside(display, tmp_path, kind, bad):
    storage = Storage(tmp_path / "config", tmp_path / "data")
    code = _bad_codes(kind)[bad]
    data = GameLog([_entry(kind, 7), _entry(kind, 8, WON)]).to_dict()
    data["games"][1]["code"] = code  # edited by hand, or damaged
    path = storage.path(kind.log_file)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    ctx = Context.open(Storage(tmp_path / "config", tmp_path / "data"))
    ctx.choose(kind)
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=(640, 480))
    page = _open_log(driver)
    assert page.games() == []  # nothing to choose, nothing to replay
    driver.frames(2)
    assert ctx.notice is not None and f"{path.name} was damaged" in ctx.notice[0]
    (aside,) = path.parent.glob(f"{path.name}.bad-*")
    assert code in aside.read_text() and not path.exists()


def test_a_log_keeps_a_code_its_kind_reads_and_a_game_with_none(display, ctx, storage, kind):
    entries = [_entry(kind, 7), _entry(kind, 8, WON)]
    entries[0] = dataclasses.replace(entries[0], code="")  # a game set up from a position
    entries[1] = dataclasses.replace(entries[1], code=f" hm1-{kind.letter.lower()}-abcdefg ")
    GameLog(entries).save(storage, kind)
    canonical = dataclasses.replace(entries[1], code=f"HM1-{kind.letter}-ABCDEFG")  # issue 36
    assert _stored_log(storage, kind).entries == [entries[0], canonical]
    assert not list(storage.path(kind.log_file).parent.glob("*.bad-*"))


@pytest.mark.parametrize("bad", range(4))
def test_the_log_page_offers_no_replay_for_a_code_that_does_not_read(display, ctx, kind, bad):
    entry = dataclasses.replace(_entry(kind, 7), code=_bad_codes(kind)[bad])
    ctx.logs[kind.key] = GameLog([entry])  # however it got there
    ctx.choose(kind)
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=(640, 480))
    page = _open_log(driver)
    driver.click(page.row_rects()[0].center)
    if isinstance(driver.scene, EntryScene):  # what it must not offer: a replay ...
        _press(driver, "yes")  # ... that cannot deal
    driver.frames(2)
    assert driver.scene is page and ctx.game is None
