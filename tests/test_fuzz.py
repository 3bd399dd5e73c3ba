"""Bad input of every kind is accepted or refused with the project's own error, never a crash.

Random and mutated bytes for deal codes, position text, saved games, settings, statistics
and kiosk configs (hypothesis).
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games.catalog import kind_by_key
from game.records.kiosk import KioskConfig, KioskConfigError
from game.records.savegame import SavedGame
from game.records.settings import SETTINGS_FILE, Settings
from game.records.statistics import STATISTICS_FILE, Statistics
from game.records.storage import Storage
from game.rules import DealCodeError, Game, PositionError, RulesError, SavedGameError, parse_code

SAVE_FILE = kind_by_key("halfmoon").save_file


FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _valid_save() -> bytes:
    game = Game.from_code("HM1-N-AAAAAAB")
    for _ in range(6):
        game.remove(game.legal_removals()[0])
    return json.dumps(SavedGame(game, 12.5).to_dict()).encode()


SAMPLES = {
    SAVE_FILE: _valid_save(),
    SETTINGS_FILE: json.dumps(Settings(language="fi").to_dict()).encode(),
    STATISTICS_FILE: json.dumps(Statistics(played=3, won=1, lost=1).to_dict()).encode(),
}


@st.composite
def mutated(draw, original: bytes):
    """``original`` with a few bytes flipped, deleted, inserted or cut off."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            break
        where = draw(st.integers(0, len(data) - 1))
        action = draw(st.sampled_from(["flip", "delete", "insert", "cut", "digit"]))
        if action == "flip":
            data[where] ^= 1 << draw(st.integers(0, 7))
        elif action == "delete":
            del data[where]
        elif action == "insert":
            data.insert(where, draw(st.integers(0, 255)))
        elif action == "cut":
            del data[where:]
        else:
            data[where:where] = str(draw(st.integers(-(10**6), 10**9))).encode()
    return bytes(data)


def _bytes_for(name):
    return st.one_of(st.binary(max_size=300), mutated(SAMPLES[name]))


@FUZZ
@given(st.one_of(st.text(max_size=30), st.from_regex(r"\s*[hH][mM]1-[A-Z]-[A-Za-z0-9]{5,9}\s*")))
def test_deal_codes_are_read_or_refused_with_a_deal_code_error(text):
    try:
        number = parse_code(text)
    except DealCodeError as error:
        assert "HM1-N-" in str(error)
    else:
        assert 0 <= number < 26**7


@FUZZ
@given(
    st.one_of(
        st.text(max_size=400),
        mutated(Game.from_code("HM1-N-AAAAAAC").position().encode()).map(
            lambda b: b.decode("utf-8", "replace")
        ),
    )
)
def test_position_text_is_read_or_refused_with_a_position_error(text):
    try:
        game = Game.from_position(text)
    except PositionError as error:
        assert str(error)
    else:
        assert game.table.card_count() <= 104


@FUZZ
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_any_json_value_as_a_saved_game_is_read_or_refused_with_a_saved_game_error(data):
    try:
        Game.from_dict(data)
    except SavedGameError as error:
        assert str(error)


@FUZZ
@given(_bytes_for(SAVE_FILE))
def test_damaged_saved_game_files_never_stop_the_game(tmp_path_factory, content):
    storage = _storage_with(tmp_path_factory, SAVE_FILE, content)
    saved = SavedGame.load(storage, kind_by_key("halfmoon"))
    assert saved is None or isinstance(saved.game, Game)
    _kept_aside_or_read(storage, SAVE_FILE, content, not storage.notices)


@FUZZ
@given(_bytes_for(SETTINGS_FILE))
def test_damaged_settings_files_never_stop_the_game(tmp_path_factory, content):
    storage = _storage_with(tmp_path_factory, SETTINGS_FILE, content)
    loaded = Settings.load(storage)
    assert isinstance(loaded, Settings)
    damaged = [message for message, _args in storage.notices if "damaged" in message]
    _kept_aside_or_read(storage, SETTINGS_FILE, content, not damaged)
    assert len(storage.notices) <= 1  # a file set aside, or settings back to defaults


@FUZZ
@given(_bytes_for(STATISTICS_FILE))
def test_damaged_statistics_files_never_stop_the_game(tmp_path_factory, content):
    storage = _storage_with(tmp_path_factory, STATISTICS_FILE, content)
    loaded = Statistics.load(storage)
    assert isinstance(loaded, Statistics) and loaded.played >= loaded.won + loaded.lost
    _kept_aside_or_read(storage, STATISTICS_FILE, content, not storage.notices)


KIOSK_SAMPLE = (
    b'kiosk = true\nexit_chord = "ctrl+alt+shift+q"\nexit_pin = "1234"\n'
    b"idle_seconds = 90\ncountdown_seconds = 15\nallow_settings = false\n"
    b'allow_statistics = false\nlanguage = "fi"\n'
    b'deck = "large"\ncard_back = "waves"\ntable_colour = "blue"\n'
)


@FUZZ
@given(st.one_of(st.binary(max_size=300), mutated(KIOSK_SAMPLE)))
def test_kiosk_configs_are_read_or_refused_with_a_kiosk_config_error(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("kiosk") / "kiosk.toml"
    path.write_bytes(content)
    try:
        config = KioskConfig.load(path)
    except KioskConfigError as error:
        assert str(path) in str(error)
    else:
        assert config.idle_seconds >= 1 and config.chord()


def test_the_errors_are_the_projects_own():
    for error in (DealCodeError, PositionError, SavedGameError):
        assert issubclass(error, RulesError) and issubclass(error, ValueError)
    assert issubclass(KioskConfigError, ValueError)


def _storage_with(factory, name, content):
    folder = factory.mktemp("files")
    storage = Storage(folder / "config", folder / "data")
    path = storage.path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return storage


def _kept_aside_or_read(storage, name, content, read):
    path = storage.path(name)
    aside = list(path.parent.glob(f"{name}.bad-*"))
    if read:
        assert path.read_bytes() == content and not aside
    else:
        assert not path.exists() and len(aside) == 1 and aside[0].read_bytes() == content
        assert storage.notices
