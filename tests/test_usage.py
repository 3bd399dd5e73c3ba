"""The kiosk's usage record (game.records.usage): what it counts, where, how long it
keeps it, and that a game's end counts once whatever stops the run."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from kind_scripts import win_game
from test_data_safety import _game_one_move_from_the_end, _kill_at, _Killed, _storage

from game.games.catalog import KINDS
from game.records.game_log import ABANDONED, LOST, WON
from game.records.kiosk import KioskConfig
from game.records.storage import Storage
from game.records.usage import DAYS_KEPT, HEADER, USAGE_FILE, DayCounts, Usage, report
from game.rules import Game, daily
from game.scenes.flow import open_context

DAY = date(2026, 12, 3)


def _kiosk(storage):
    """A kiosk's context on ``storage``, as a kiosk run opens it (the config set after)."""
    ctx = open_context(storage)
    ctx.kiosk = KioskConfig()
    return ctx


def test_a_day_counts_each_event_once_by_the_games_identity():
    usage = Usage()
    key = KINDS[0].key
    assert usage.started("a", DAY, key) and not usage.started("a", DAY, key)
    assert usage.started("b", DAY, key)
    assert usage.ended("a", DAY, key, WON, 100.25)
    assert not usage.ended("a", DAY, key, LOST, 50.0)  # counted already
    assert usage.ended("b", DAY, key, ABANDONED, 20.0)
    usage.idle_reset(DAY, key)
    assert usage.on(DAY, key) == DayCounts(
        started=2, won=1, lost=0, abandoned=1, idle_resets=1, play_seconds=120.2
    )


def test_only_the_last_366_days_are_kept_the_newest_days_stay():
    usage = Usage()
    first = date(2025, 1, 1)
    days = [first + timedelta(days=n) for n in range(DAYS_KEPT + 1)]
    for number, day in enumerate(days):
        usage.started(f"game {number}", day, KINDS[0].key)
    kept = sorted(usage.days)
    assert len(kept) == DAYS_KEPT == 366
    assert kept[0] == days[1].isoformat() and kept[-1] == days[-1].isoformat()
    again = Usage.from_dict(json.loads(json.dumps(usage.to_dict())))
    assert sorted(again.days) == kept


def test_the_record_round_trips_through_its_file(storage):
    usage = Usage()
    for index, kind in enumerate(KINDS):
        usage.started(f"s{index}", DAY, kind.key)
        usage.ended(f"s{index}", DAY + timedelta(days=index), kind.key, LOST, 61.5 + index)
        usage.idle_reset(DAY, kind.key)
    assert usage.save(storage)
    assert storage.path(USAGE_FILE).is_file()
    loaded = Usage.load(Storage(storage.config_dir, storage.data_dir))
    assert loaded == usage
    assert report(loaded) == report(usage)


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        '{"schema": 2, "days": {}}',  # a newer version's: as the statistics do
        '{"schema": 1, "days": {"2026-13-40": {}}}',
        '{"schema": 1, "days": {"2026-12-03": {"halfmoon": {"won": -1}}}}',
        '{"schema": 1, "days": {"2026-12-03": {"halfmoon": {"play_seconds": "long"}}}}',
        '{"schema": 1, "days": [], "started_games": []}',
    ],
)
def test_a_damaged_file_is_kept_aside_and_counting_starts_afresh(storage, content):
    path = storage.path(USAGE_FILE)
    path.parent.mkdir(parents=True)
    path.write_text(content)
    assert Usage.load(storage) == Usage()
    assert not path.exists()
    assert [p for p in path.parent.iterdir() if p.name.startswith(f"{USAGE_FILE}.bad-")]
    assert storage.take_notice() is not None


def test_a_player_at_home_is_never_counted(display, storage, kind):
    ctx = open_context(storage)
    game = kind.random()
    ctx.begin(game)
    ctx.first_move()
    ctx.leave()
    assert not storage.path(USAGE_FILE).exists() and ctx.usage_record is None


def test_a_kiosk_counts_a_start_on_the_first_move_and_an_end_with_its_clock(
    display, storage, today, kind
):
    ctx = _kiosk(storage)
    ctx.begin(win_game(kind)[0])  # (a random deal may be stalled at once: a loss)
    ctx.first_move()
    ctx.first_move()  # every move says it: counted once
    ctx.elapsed = 42.0
    today(DAY + timedelta(days=1))  # past midnight: the end counts on the day it came
    ctx.leave()  # a new deal: abandoned
    usage = Usage.load(Storage(storage.config_dir, storage.data_dir))
    assert usage.on(DAY, kind.key) == DayCounts(started=1)
    assert usage.on(DAY + timedelta(days=1), kind.key) == DayCounts(abandoned=1, play_seconds=42.0)


def test_an_idle_reset_counts_for_the_game_on_screen_and_its_games_as_lost(display, storage, today):
    today(DAY)
    ctx = _kiosk(storage)
    for kind in KINDS:
        ctx.begin(kind.random())
        ctx.first_move()
    ctx.choose(KINDS[0])
    ctx.idle_reset()
    usage = Usage.load(Storage(storage.config_dir, storage.data_dir))
    for kind in KINDS:
        counts = usage.on(DAY, kind.key)
        assert (counts.started, counts.lost) == (1, 1), kind.key
        assert counts.idle_resets == (1 if kind is KINDS[0] else 0), kind.key


@pytest.mark.parametrize("finish", ["win", "loss"])
def test_a_kiosk_finish_killed_at_every_step_is_counted_in_the_usage_exactly_once(
    tmp_path, monkeypatch, finish
):
    steps = 0
    for number in range(1, 80):
        home = tmp_path / f"{finish}-{number}"
        game, last = _game_one_move_from_the_end()
        monkeypatch.setattr(daily, "today", lambda: DAY)
        ctx = _kiosk(_storage(home))
        ctx.begin(Game.from_code(game.code))
        ctx.game = game
        ctx.first_move()
        ctx.save_game()
        calls = _kill_at(monkeypatch, number)
        try:
            if finish == "win":
                game.remove(list(last.slots))
                ctx.won()
            else:
                ctx.leave()
        except _Killed:
            pass
        else:
            steps = calls[0]
            break
        finally:
            monkeypatch.undo()
            monkeypatch.setattr(daily, "today", lambda: DAY)  # (undo took it away too)
        # The next start (a kiosk's again): the journal is replayed, or the game offered
        # again, whose end is then counted.
        restarted = _kiosk(_storage(home))
        if restarted.game is not None:
            if finish == "win":
                restarted.game.remove(list(last.slots))
                restarted.won()
            else:
                restarted.leave()
        counts = Usage.load(_storage(home)).on(DAY, KINDS[0].key)
        ended = (counts.won, counts.abandoned)
        assert counts.started == 1, number
        assert ended == ((1, 0) if finish == "win" else (0, 1)), (number, counts)
        # ... and a third start replays nothing more
        _kiosk(_storage(home))
        assert Usage.load(_storage(home)).on(DAY, KINDS[0].key) == counts, number
    assert steps >= 5  # the kill landed at every step of the finish, then it ran through


def test_the_report_lists_days_then_games_in_the_registrys_order():
    usage = Usage()
    later, earlier = DAY + timedelta(days=2), DAY
    for kind in reversed(KINDS):
        usage.idle_reset(later, kind.key)
        usage.started(f"{kind.key} game", earlier, kind.key)
    lines = report(usage).splitlines()
    assert lines[0] == HEADER
    expected_keys = [kind.key for kind in KINDS] * 2
    assert [line.split(",")[1] for line in lines[1:]] == expected_keys
    assert [line.split(",")[0] for line in lines[1:]] == (
        [earlier.isoformat()] * len(KINDS) + [later.isoformat()] * len(KINDS)
    )
    since = report(usage, since=DAY + timedelta(days=1)).splitlines()
    assert since[1:] == lines[1 + len(KINDS) :]
    one = report(usage, keys=(KINDS[-1].key,)).splitlines()
    assert [line.split(",")[1] for line in one[1:]] == [KINDS[-1].key] * 2
