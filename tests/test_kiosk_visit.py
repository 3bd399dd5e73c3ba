"""A kiosk's visitor: the game, the language and the volume they choose hold for their
visit only; the idle reset gives the next visitor the kiosk's own, and none is stored
(issue 40)."""

import pytest
from ui_helpers import Driver, drawn_afresh, pygame, shown_scene

from game.games.catalog import KINDS
from game.look import i18n
from game.look.i18n import LANGUAGES
from game.records.kiosk import KioskConfig, KioskConfigError
from game.records.settings import VOLUMES
from game.scenes.flow import Flow
from game.scenes.title import TitleScene


def _session(tmp_path, stored, **config):
    """A kiosk run as main() makes it, on folders whose stored settings are a player's
    own (``stored``: settings by name); the settings file's text before the run."""
    from game.records.settings import Settings
    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    storage = Storage(tmp_path / "config", tmp_path / "data")
    Settings(**stored).save(storage)
    storage.flush()
    text = storage.path("settings.json").read_text()
    args = parse_args(["--kiosk", "--window", "800x480"])
    return Session.open(args, KioskConfig(**config), storage), text


def _unchanged(session, text):
    """Whether the settings file still holds the player's own settings, as before."""
    session.ctx.storage.flush()
    return session.ctx.storage.path("settings.json").read_text() == text


def _next(kind):
    """The kind after ``kind`` in the registry (the first after the last)."""
    return KINDS[(KINDS.index(kind) + 1) % len(KINDS)]


def test_a_kiosk_starts_on_its_first_game_without_storing_it(display, tmp_path, kind):
    """The player's stored game is not one the kiosk offers: the kiosk starts on its
    first, and the player's stays stored (it used to be overwritten)."""
    offered = tuple(other.key for other in KINDS if other is not kind)
    session, text = _session(tmp_path, {"language": "en", "game": kind.key}, games=offered)
    try:
        assert session.ctx.kind.key == offered[0]
        Driver.over(session.loop).frames(2)
        assert _unchanged(session, text)
    finally:
        session.close()
    assert _unchanged(session, text)


def test_a_visitors_game_and_language_last_until_the_idle_reset(display, tmp_path, kind):
    """On the attract screen a visitor chooses another game and each language of the
    row in turn: the screen speaks it at once and deals nothing; after the idle time the
    kiosk's game and language are back, drawn so, and the file never heard of them."""
    others = [code for code in LANGUAGES if code != "en"]
    session, text = _session(
        tmp_path,
        {"language": "en", "game": kind.key},
        languages=tuple(LANGUAGES),
        language="en",
        idle_seconds=5,
    )
    ctx = session.ctx
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        title = driver.scene
        assert isinstance(title, TitleScene) and title.attract
        driver.click(title.button_rects()[f"game-{_next(kind).key}"].center)
        assert ctx.kind is _next(kind)
        for code in others:
            driver.click(driver.scene.button_rects()[f"language-{code}"].center)
            assert i18n.language() == code
            driver.frames(1)
            drawn = [words for words, _box in driver.loop.text_boxes()]
            assert i18n._("Touch anywhere to play") in drawn  # in the visitor's language
            assert driver.scene is title and ctx.game is None  # no game was dealt
        driver.seconds(5.5)  # the visitor has gone
        assert ctx.kind is kind and i18n.language() == "en"
        fresh = Flow(ctx).title()
        fresh.time = driver.scene.time  # the attract cards where they are now
        assert shown_scene(session.loop) == drawn_afresh(fresh, driver.scene.size)
        assert _unchanged(session, text)
    finally:
        session.close()


def test_the_language_row_shows_only_where_the_kiosk_offers_languages(display, ctx):
    ctx.kiosk = KioskConfig()
    assert not [key for key in TitleScene(ctx, Flow(ctx)).button_rects() if "language" in key]
    ctx.kiosk = KioskConfig(languages=("fi", "ru"))
    title = Driver(Flow(ctx).title(), size=(800, 480)).scene
    rows = [key for key in title.button_rects() if key.startswith("language-")]
    assert rows == ["language-fi", "language-ru"]


@pytest.mark.parametrize("cap", [0, 45, 100])
def test_max_volume_caps_the_effects_and_the_idle_reset_brings_back_the_operators(
    display, tmp_path, cap
):
    """A visitor turns Sound effects through off and every volume in Settings: each
    plays at most ``max_volume``; the idle reset brings back the operator's level."""
    session, text = _session(
        tmp_path,
        {"language": "en", "volume": "medium"},
        allow_settings=True,
        max_volume=cap,
        idle_seconds=5,
    )
    ctx = session.ctx
    try:
        operators = min(VOLUMES["medium"], cap / 100)
        assert ctx.sounds.volume == operators and ctx.sounds.enabled
        driver = Driver.over(session.loop)
        driver.frames(2)
        driver.click(driver.scene.button_rects()["settings"].center)
        heard = []
        for _tap in range(len(VOLUMES) + 1):  # medium: loud, off, quiet, medium
            driver.click(driver.scene.button_rects()["sound"].center)
            settings = ctx.settings
            assert ctx.sounds.enabled == settings.sound
            assert ctx.sounds.volume == min(VOLUMES[settings.volume], cap / 100)
            heard.append(settings.volume if settings.sound else "off")
        assert heard == ["loud", "off", "quiet", "medium"]
        driver.click(driver.scene.button_rects()["sound"].center)  # loud now
        driver.click(driver.scene.button_rects()["back"].center)
        driver.seconds(5.5)
        assert ctx.settings.volume == "medium" and ctx.sounds.volume == operators
        assert _unchanged(session, text)
    finally:
        session.close()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("max_volume = 101", "max_volume must be between 0 and 100"),
        ("max_volume = 'loud'", "max_volume must be a percentage"),
        ("languages = 'fi'", "languages must be a list"),
        ("languages = ['fi', 'de']", "languages: 'de' is not a language"),
        ("languages = ['fi', 'fi']", "languages names a language twice"),
        ('language = "en"\nlanguages = ["fi", "ru"]', "language 'en' must be one of languages"),
    ],
)
def test_a_bad_visitor_key_is_refused_in_one_line(tmp_path, text, words):
    path = tmp_path / "kiosk.toml"
    path.write_text(text)
    with pytest.raises(KioskConfigError) as error:
        KioskConfig.load(path)
    assert words in str(error.value) and str(path) in str(error.value)
    assert "\n" not in str(error.value)


def test_the_visitor_keys_are_read(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('max_volume = 40\nlanguages = ["ru", "en"]\nlanguage = "ru"\n')
    config = KioskConfig.load(path)
    assert (config.max_volume, config.languages, config.language) == (40.0, ("ru", "en"), "ru")


def test_the_arrow_keys_reach_the_language_row_and_enter_chooses_one(display, ctx):
    ctx.kiosk = KioskConfig(languages=("en", "ru"))
    driver = Driver(Flow(ctx).title(), size=(800, 480))
    driver.frames(2)
    focused = []
    while driver.scene.focus != "language-ru":
        assert len(focused) < 20, focused  # (every button once, then the row)
        driver.key(pygame.K_DOWN)
        focused.append(driver.scene.focus)
    assert focused[-2:] == ["language-en", "language-ru"]
    driver.key(pygame.K_RETURN)
    assert i18n.language() == "ru" and isinstance(driver.scene, TitleScene)
    assert ctx.game is None  # no game was dealt
