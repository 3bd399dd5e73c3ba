"""Files the game keeps: atomic writes, damaged files kept aside, folders that refuse writes."""

import json
import os
import stat
from pathlib import Path

import pytest

from game.games.catalog import kind_by_key
from game.records.savegame import SavedGame
from game.records.settings import SETTINGS_FILE, SETTINGS_SCHEMA, Settings
from game.records.statistics import STATISTICS_FILE, Statistics
from game.records.storage import Storage, write_atomically
from game.rules import Game

SAVE_FILE = kind_by_key("halfmoon").save_file


def _game_with_moves(count):
    game = Game.from_code("HM1-N-AAAAAAB")
    for _ in range(count):
        game.remove(game.legal_removals()[0])
    return game


# ------------------------------------------------------------------ round trips
def test_settings_round_trip(storage):
    settings = Settings(
        move_errors=True,
        placement_aid=True,
        pile_labels=True,
        four_colour=True,
        animations="off",
        sound=False,
        language="fi",
    )
    assert settings.save(storage)
    assert Settings.load(storage) == settings
    data = json.loads(storage.path(SETTINGS_FILE).read_text())
    assert data["schema"] == 1 and data["language"] == "fi"


def test_statistics_round_trip(storage):
    stats = Statistics()
    stats.started("first")
    stats.won_game("first", 520, 311.5)
    stats.started("second")
    stats.stalemate("second")
    stats.lost_game("second", 120)
    assert stats.save(storage)
    loaded = Statistics.load(storage)
    assert loaded == stats
    assert (loaded.played, loaded.won, loaded.lost, loaded.stalemates) == (2, 1, 1, 1)
    assert loaded.win_rate == 0.5 and loaded.average_score == 320 and loaded.best_time == 311.5
    assert (loaded.current_streak, loaded.best_streak) == (0, 1)


def test_saved_game_round_trip_restores_table_score_moves_clock_and_undo(storage):
    game = _game_with_moves(7)
    assert SavedGame(game, 83.25).save(storage)
    saved = SavedGame.load(storage, kind_by_key("halfmoon"))
    assert saved is not None
    restored = saved.game
    assert restored.position() == game.position()
    assert (restored.score, restored.moves, saved.elapsed) == (game.score, game.moves, 83.25)
    while game.undo():
        assert restored.undo()
        assert restored.position() == game.position()
    assert not restored.undo()


def test_a_game_without_moves_or_a_won_game_clears_the_save(storage):
    SavedGame(_game_with_moves(3)).save(storage)
    assert storage.path(SAVE_FILE).exists()
    SavedGame(Game.from_code("HM1-N-AAAAAAB")).save(storage)
    assert not storage.path(SAVE_FILE).exists()
    assert SavedGame.load(storage, kind_by_key("halfmoon")) is None


def test_every_kind_saves_in_its_own_file_and_a_game_without_moves_clears_it(storage, kind):
    path = storage.path(kind.save_file)
    path.parent.mkdir(parents=True)
    path.write_text("an old save")
    game = kind.from_code(kind.code(1))
    assert SavedGame(game, 12.5).save(storage)  # no move yet: nothing to continue
    assert not path.exists() and SavedGame.load(storage, kind) is None
    restored = SavedGame.from_dict(SavedGame(game, 12.5, "an id").to_dict(), kind)
    assert (restored.game.code, restored.elapsed, restored.game_id) == (game.code, 12.5, "an id")
    assert restored.game.position() == game.position()


# --------------------------------------------------------------- damaged files
DAMAGED = {
    "not json": b"{not json",
    "truncated": b'{"schema": 1, "move_err',
    "empty": b"",
    "binary": bytes(range(256)),
    "a list": b"[1, 2, 3]",
    "wrong schema": b'{"schema": "one"}',
    "no schema": b'{"move_errors": true}',
}


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
@pytest.mark.parametrize(
    ("name", "load", "default"),
    [
        (SETTINGS_FILE, Settings.load, Settings()),
        (STATISTICS_FILE, Statistics.load, Statistics()),
        (SAVE_FILE, lambda storage: SavedGame.load(storage, kind_by_key("halfmoon")), None),
    ],
    ids=["settings", "statistics", "saved game"],
)
def test_a_damaged_file_is_kept_aside_defaults_are_used_and_the_player_is_told(
    storage, name, load, default, content
):
    path = storage.path(name)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert load(storage) == default
    assert not path.exists()
    kept = list(path.parent.glob(f"{name}.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    notice = storage.take_notice()
    assert notice is not None and "damaged" in notice[0]
    assert notice[1]["kept"] == kept[0].name
    assert storage.take_notice() is None


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_save_of_every_kind_is_kept_aside_and_the_player_told(storage, kind, content):
    path = storage.path(kind.save_file)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert SavedGame.load(storage, kind) is None
    kept = list(path.parent.glob(f"{kind.save_file}.bad-*"))
    assert not path.exists() and len(kept) == 1 and kept[0].read_bytes() == content
    notice = storage.take_notice()
    assert notice is not None and "damaged" in notice[0]


@pytest.mark.parametrize(
    "bad",
    [
        {"deck": "jumbo"},
        {"table_colour": "GREEN"},
        {"animations": True},
        {"game": "klondike"},
        {"move_errors": "yes"},
        {"animations": "wild"},
        {"card_back": 7},
        {"sound": 1},
    ],
    ids=lambda bad: f"{next(iter(bad))}={next(iter(bad.values()))!r}",
)
def test_a_setting_with_a_bad_value_takes_its_default_and_the_others_are_kept(storage, bad):
    """Issue 36, item 5: one value this version does not understand (a newer version's
    deck, a wrong case, a wrong type) costs that setting alone, with one notice; the
    player keeps their language and four-colour deck, and the file is not set aside."""
    mine = {"language": "fi", "four_colour": True, "placement_aid": True}
    storage.save(SETTINGS_FILE, {"schema": 1, **mine, **bad})
    settings = Settings.load(storage)
    (key,) = bad
    assert getattr(settings, key) == getattr(Settings(), key)
    assert (settings.language, settings.four_colour, settings.placement_aid) == ("fi", True, True)
    assert not list(storage.config_dir.glob("settings.json.bad-*"))
    notice = storage.take_notice()
    assert notice is not None and "default" in notice[0] and storage.take_notice() is None


def test_several_bad_settings_give_one_notice(storage):
    storage.save(SETTINGS_FILE, {"schema": 1, "deck": "jumbo", "sound": "loud", "language": "xx"})
    settings = Settings.load(storage)
    assert (settings.deck, settings.sound) == ("classic", True)
    assert storage.take_notice() is not None and storage.take_notice() is None


def test_what_this_version_does_not_understand_is_kept_when_it_writes(storage):
    """A newer version's keys and values survive an older one's write: the older one
    writes back what it read unless the player changed that setting here."""
    newer = {
        "schema": 1,
        "deck": "jumbo",
        "card_back": "stars",
        "font_size": 3,
        "colours": {"felt": [1, 2, 3]},
        "four_colour": True,
    }
    storage.save(SETTINGS_FILE, newer)
    settings = Settings.load(storage)
    settings.four_colour = False
    settings.card_back = "waves"
    assert settings.save(storage)
    written = json.loads(storage.path(SETTINGS_FILE).read_text())
    assert written["deck"] == "jumbo" and written["card_back"] == "waves"
    assert written["font_size"] == 3 and written["colours"] == {"felt": [1, 2, 3]}
    assert written["four_colour"] is False
    again = Settings.load(storage)
    assert (again.deck, again.card_back, again.four_colour) == ("classic", "waves", False)


def test_a_newer_versions_settings_keep_what_this_one_understands(storage):
    """Issue 36, item 5: a settings file of a newer schema is read setting by setting (it
    is not set aside), and this version's write keeps its schema and what it does not
    understand, so the newer version finds its file again."""
    newer = {"schema": SETTINGS_SCHEMA + 1, "language": "ru", "four_colour": True, "hue": 7}
    storage.save(SETTINGS_FILE, newer)
    settings = Settings.load(storage)
    assert (settings.language, settings.four_colour) == ("ru", True)
    assert not list(storage.config_dir.glob("settings.json.bad-*"))
    settings.sound = False
    assert settings.save(storage)
    written = json.loads(storage.path(SETTINGS_FILE).read_text())
    assert written["schema"] == SETTINGS_SCHEMA + 1 and written["hue"] == 7
    assert (written["language"], written["sound"]) == ("ru", False)


@pytest.mark.parametrize(
    "data",
    [
        {"schema": 1, "played": -1},
        {"schema": 1, "played": 1.5},
        {"schema": 1, "won": True},
        {"schema": 1, "won": 3, "played": 1},
        {"schema": 1, "best_time": float("nan")},
        {"schema": 1, "current_streak": 5, "best_streak": 2},
    ],
)
def test_statistics_that_do_not_add_up_are_damaged(storage, data):
    storage.save(STATISTICS_FILE, data)
    assert Statistics.load(storage) == Statistics()
    assert storage.take_notice() is not None


def test_a_save_whose_moves_are_illegal_for_its_code_is_kept_aside(storage):
    data = SavedGame(_game_with_moves(2)).to_dict()
    data["game"]["removals"].append(["1", "2"])
    storage.save(SAVE_FILE, data)
    assert SavedGame.load(storage, kind_by_key("halfmoon")) is None
    assert list(storage.data_dir.glob("game.json.bad-*"))


def test_a_save_written_by_a_newer_version_is_kept_aside(storage):
    data = SavedGame(_game_with_moves(2)).to_dict()
    data["schema"] = 2
    storage.save(SAVE_FILE, data)
    assert SavedGame.load(storage, kind_by_key("halfmoon")) is None
    assert list(storage.data_dir.glob("game.json.bad-*"))
    data = SavedGame(_game_with_moves(2)).to_dict()
    data["game"]["version"] = 9
    storage.save(SAVE_FILE, data)
    assert SavedGame.load(storage, kind_by_key("halfmoon")) is None


def test_unknown_settings_keys_are_ignored_and_missing_ones_take_defaults(storage):
    storage.save(SETTINGS_FILE, {"schema": 1, "placement_aid": True, "future": 3})
    settings = Settings.load(storage)
    assert settings.placement_aid and not settings.move_errors
    assert storage.take_notice() is None


# ---------------------------------------------------------------- atomic writes
def test_a_crash_between_write_and_replace_leaves_the_previous_save_readable(storage, monkeypatch):
    SavedGame(_game_with_moves(2)).save(storage)

    def crash(*args):
        raise OSError("simulated crash before replace")

    monkeypatch.setattr(os, "replace", crash)
    assert SavedGame(_game_with_moves(5)).save(storage) is False
    monkeypatch.undo()
    saved = SavedGame.load(storage, kind_by_key("halfmoon"))
    assert saved is not None and saved.game.moves == 2
    assert [p.name for p in storage.data_dir.iterdir()] == [SAVE_FILE]  # no temp file left


@pytest.mark.parametrize("step", ["write", "fsync"])
def test_a_failure_while_writing_leaves_the_previous_file_intact(tmp_path, monkeypatch, step):
    path = tmp_path / "file.json"
    write_atomically(path, b"old")

    def fail(*args, **kwargs):
        raise OSError(f"simulated {step} failure")

    if step == "write":
        monkeypatch.setattr(os, "fdopen", fail)
    else:
        monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError):
        write_atomically(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_a_read_only_folder_the_game_goes_on_and_says_once_it_cannot_save(storage, monkeypatch):
    # chmod cannot stop root (CI runs as root), so the folder refuses at the system call.
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(storage.data_dir))

    monkeypatch.setattr("game.records.storage._new_file", refuse)
    assert Settings().save(storage) is False
    assert Statistics().save(storage) is False
    assert SavedGame(_game_with_moves(1)).save(storage) is False
    assert len(storage.notices) == 1 and "Cannot save" in storage.notices[0][0]


def test_a_folder_that_cannot_be_created_the_game_goes_on_and_says_once(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    storage = Storage(blocker / "config", blocker / "data")
    assert Settings.load(storage) == Settings()
    assert Settings().save(storage) is False
    assert SavedGame(_game_with_moves(1)).save(storage) is False
    assert len(storage.notices) == 1 and "Cannot save" in storage.notices[0][0]


def test_background_writes_land_in_order_and_the_newest_wins(tmp_path):
    storage = Storage(tmp_path / "config", tmp_path / "data", background=True)
    for moves in range(1, 8):
        assert SavedGame(_game_with_moves(moves)).save(storage)
    storage.flush()
    assert SavedGame.load(storage, kind_by_key("halfmoon")).game.moves == 7
    storage.delete(SAVE_FILE)
    Settings(placement_aid=True).save(storage)
    storage.close()
    assert not storage.path(SAVE_FILE).exists()
    assert Settings.load(storage).placement_aid
    assert not list(storage.data_dir.glob(".*.tmp"))  # no temp file left behind


def _fail_at(monkeypatch, step):
    """Make one step of an atomic write fail, as a full disk or a crash would."""

    def fail(*args, **kwargs):
        raise OSError(28, f"simulated failure at {step}")

    target = {
        "create": "game.records.storage._new_file",
        "write": "os.fdopen",
        "fsync": "os.fsync",
        "replace": "os.replace",
    }[step]
    monkeypatch.setattr(target, fail)


def _saved_moves(storage: Storage) -> int:
    """The moves of the saved game in progress (there must be one)."""
    saved = SavedGame.load(storage, kind_by_key("halfmoon"))
    assert saved is not None, "no saved game"
    return saved.game.moves


@pytest.mark.parametrize("step", ["create", "write", "fsync", "replace"])
@pytest.mark.parametrize(
    ("name", "old", "new", "load"),
    [
        (
            SAVE_FILE,
            lambda: SavedGame(_game_with_moves(2)),
            lambda: SavedGame(_game_with_moves(9)),
            _saved_moves,
        ),
        (
            SETTINGS_FILE,
            lambda: Settings(language="fi"),
            lambda: Settings(language="ru"),
            lambda s: Settings.load(s).language,
        ),
        (
            STATISTICS_FILE,
            lambda: Statistics(played=4),
            lambda: Statistics(played=5),
            lambda s: Statistics.load(s).played,
        ),
    ],
    ids=["saved game", "settings", "statistics"],
)
def test_every_writer_interrupted_at_every_step_leaves_the_previous_file_intact(
    storage, monkeypatch, step, name, old, new, load
):
    assert old().save(storage)
    before = load(storage)
    _fail_at(monkeypatch, step)
    assert new().save(storage) is False
    monkeypatch.undo()
    assert load(storage) == before
    assert [p.name for p in storage.path(name).parent.iterdir()] == [name]
    assert len(storage.notices) == 1  # "cannot save", once


def test_a_write_makes_its_temp_file_the_owners_alone_without_tempfile(tmp_path, monkeypatch):
    """A new file is written through a temp file of a new name, 600 (tempfile.mkstemp's
    way without importing tempfile: shutil, bz2, lzma, random at the start)."""
    import sys

    monkeypatch.delitem(sys.modules, "tempfile", raising=False)
    made = []
    real_replace = os.replace

    def replace(source, target):
        made.append((Path(source).name, stat.S_IMODE(os.stat(source).st_mode)))
        real_replace(source, target)

    monkeypatch.setattr("os.replace", replace)
    storage = Storage(tmp_path / "config", tmp_path / "data")
    assert Settings(placement_aid=True).save(storage) and Settings(sound=False).save(storage)
    assert "tempfile" not in sys.modules
    assert [mode for _, mode in made] == [0o600, 0o600]
    assert len({name for name, _ in made}) == 2 and all(n.endswith(".tmp") for n, _ in made)
    assert Settings.load(storage) == Settings(sound=False)
