"""Kiosk mode: players cannot leave, the operator can, an idle table resets itself."""

import pytest
from kind_scripts import SMALL, slot_point, tap, win_game
from ui_helpers import Driver, drawn_afresh, pygame, shown, shown_scene

from game.games.catalog import KINDS, kind_of
from game.records.kiosk import KioskConfig, KioskConfigError
from game.scenes.flow import Flow
from game.scenes.kiosk import KioskGuard, PinScene, StillPlayingScene
from game.scenes.operator import OperatorScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.shell.loop import Loop

CHORD = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT


@pytest.fixture
def kiosk(display, ctx):
    """``kiosk(kind, **config)``: a kiosk offering ``kind`` alone (idle 90 s, countdown
    15 s), playing its script's game (tests/kind_scripts.py), driven through its real
    hooks."""

    def make(kind=KINDS[0], **config):
        ctx.kiosk = KioskConfig(games=(kind.key,), **config)
        guard = KioskGuard(ctx, ctx.kiosk, Flow(ctx))
        driver = Driver(Flow(ctx).play(win_game(kind)[0]), size=SMALL)
        driver.loop = Loop(driver.loop.scene, on_event=guard.on_event, on_step=guard.on_step)
        return driver

    return make


def _a_card(kind):
    """The first card of ``kind``'s script game that a tap acts on."""
    return win_game(kind)[1][0][0]


def _state(driver):
    """The game on the table and its selection."""
    return driver.scene.game.position(), driver.scene.board.selected()


def _wheel(driver):
    """Input that changes nothing on the table: the mouse wheel."""
    driver.post(
        pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False
    )


def _post_running(driver, type_, **attrs):
    pygame.event.post(pygame.event.Event(type_, **attrs))
    return driver.loop.frame(1 / 60)


def test_window_close_alt_f4_and_escape_do_not_end_the_kiosk(kiosk):
    driver = kiosk()
    assert _post_running(driver, pygame.QUIT)
    assert _post_running(
        driver, pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode="", scancode=0
    )
    assert _post_running(driver, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert isinstance(driver.scene, TitleScene)  # Esc opens the menu ...
    assert all(key != "quit" for key, _label in driver.scene.entries())  # ... with no Quit
    assert _post_running(driver, pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    assert not driver.loop.quit


def test_the_operator_chord_opens_the_operators_screen_whose_enter_ends_the_kiosk(kiosk):
    driver = kiosk()
    play = driver.scene
    assert _post_running(
        driver, pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="q", scancode=0
    )  # part of the chord is not enough
    assert driver.scene is play
    assert _post_running(driver, pygame.KEYDOWN, key=pygame.K_q, mod=CHORD, unicode="Q", scancode=0)
    assert isinstance(driver.scene, OperatorScene) and driver.scene.under is play
    assert not _post_running(
        driver, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0
    )  # Quit Half Moon is the default button


def test_with_a_pin_the_chord_opens_a_keypad_and_only_the_right_pin_ends_it(kiosk):
    driver = kiosk(exit_pin="2580")
    play = driver.scene
    assert _post_running(driver, pygame.KEYDOWN, key=pygame.K_q, mod=CHORD, unicode="Q", scancode=0)
    pad = driver.scene
    assert isinstance(pad, PinScene)
    for key in "1234":
        driver.click(pad.buttons()[key].center)
    driver.click(pad.buttons()["ok"].center)
    assert pad.wrong and not driver.loop.quit
    driver.click(pad.buttons()["cancel"].center)
    assert driver.scene is play
    _post_running(driver, pygame.KEYDOWN, key=pygame.K_q, mod=CHORD, unicode="Q", scancode=0)
    pad = driver.scene
    for key in "2580":
        driver.click(pad.buttons()[key].center)
    driver.click(pad.buttons()["ok"].center)
    operator = driver.scene
    assert isinstance(operator, OperatorScene) and operator.under is play
    assert not driver.loop.quit
    driver.seconds(0.5)  # (a panel that comes under a finger takes no press at first)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=operator.button_rects()["quit"].center, button=1)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=operator.button_rects()["quit"].center, button=1, touch=False
        )
    )
    assert not driver.loop.frame(1 / 60)


def test_the_kiosk_title_hides_quit_and_locked_screens(display, ctx):
    ctx.kiosk = KioskConfig()
    keys = [key for key, _label in TitleScene(ctx, Flow(ctx)).entries()]
    assert "quit" not in keys and "settings" not in keys and "stats" not in keys
    ctx.kiosk = KioskConfig(allow_settings=True, allow_statistics=True)
    keys = [key for key, _label in TitleScene(ctx, Flow(ctx)).entries()]
    assert "settings" in keys and "stats" in keys and "quit" not in keys


def test_an_idle_kiosk_asks_still_playing_then_returns_to_the_title(kiosk, kind):
    driver = kiosk(kind, idle_seconds=6, countdown_seconds=3)
    tap(driver, _a_card(kind))  # a game under way
    driver.seconds(5.5)
    assert isinstance(driver.scene, PlayScene)
    driver.seconds(1)
    assert isinstance(driver.scene, StillPlayingScene)
    driver.seconds(2)
    assert isinstance(driver.scene, StillPlayingScene)
    driver.seconds(1.5)
    title = driver.scene
    assert isinstance(title, TitleScene) and title.attract and title.animating
    assert driver.loop.scene.ctx.game is None  # the next player starts afresh
    driver.seconds(8)
    assert driver.scene is title  # the attract screen just waits


def test_a_touch_during_the_countdown_goes_back_to_the_game(kiosk, kind):
    driver = kiosk(kind, idle_seconds=4, countdown_seconds=3)
    play = driver.scene
    tap(driver, _a_card(kind))
    before = _state(driver)
    driver.seconds(4.5)
    assert isinstance(driver.scene, StillPlayingScene)
    driver.touch((5, 5))
    assert driver.scene is play and _state(driver) == before
    driver.seconds(3.5)
    assert driver.scene is play  # the idle time started again


def test_input_keeps_the_kiosk_awake(kiosk, kind):
    driver = kiosk(kind, idle_seconds=3)
    before = _state(driver)
    for _ in range(6):
        driver.seconds(2)
        _wheel(driver)
    assert isinstance(driver.scene, PlayScene) and _state(driver) == before


def test_a_touch_on_the_attract_screen_starts_a_game_of_the_kiosks_game(kiosk, kind):
    driver = kiosk(kind, idle_seconds=2, countdown_seconds=2)
    driver.seconds(4.5)
    assert isinstance(driver.scene, TitleScene)
    driver.touch((30, 30))
    play = driver.scene
    assert isinstance(play, PlayScene) and play.game.moves == 0
    assert kind_of(play.game) is kind and play.game.code.startswith(kind.prefix)


def test_a_touch_in_the_kiosk_is_one_tap_although_sdl_also_sends_a_mouse_click(kiosk, kind):
    card = _a_card(kind)
    clicked = kiosk(kind)
    start = _state(clicked)
    clicked.click(slot_point(clicked, card))
    once = _state(clicked)
    assert once != start  # one tap does something; a second would undo or redo it
    touched = kiosk(kind)  # the same game on a new table
    touched.touch(slot_point(touched, card))
    assert _state(touched) == once


def _fresh_pixels(driver, question=None):
    """The screen drawn from scratch: a new table of the same game (under a new "Still
    playing?" at ``question``'s count when it is given), as RGB bytes."""
    play = driver.scene.under if question is not None else driver.scene
    ctx, flow = play.ctx, Flow(play.ctx)
    scene = PlayScene(ctx, flow, play.game, play.elapsed)
    if question is not None:
        scene = StillPlayingScene(ctx, flow, scene, question.remaining)
    return drawn_afresh(scene)


@pytest.mark.parametrize("how", ["finger", "mouse"])
def test_a_card_held_when_still_playing_appears_flies_back(kiosk, kind, how):
    driver = kiosk(kind, idle_seconds=2, countdown_seconds=10)
    play = driver.scene
    driver.frames(2)
    card = _a_card(kind)
    start = slot_point(driver, card)
    held = driver.carry(start, how)
    assert (play.gestures.carry is not None) == play.board.drags  # carried where it drags
    home = play.board.top_rect(play.layout, card)
    flew = False
    for _ in range(150):  # 2.5 s: the finger rests on the screen, nobody plays any more
        driver.frames(1)
        flew = flew or any(m.end == home for m in play.flying)
    assert flew == play.board.drags  # the card flew back, as from a drag cut short
    question = driver.scene
    assert isinstance(question, StillPlayingScene) and question.under is play
    assert shown() == _fresh_pixels(driver, question)  # no card in mid-air
    assert play.gestures.carry is None and not play.flying  # it flew back and landed
    driver.hold(held, how, down=False)  # the lift is not an answer
    assert driver.scene is question
    driver.hold((5, 5), how, down=True)  # a touch is: Keep playing
    assert driver.scene is play and play.game.moves == 0
    assert shown() == _fresh_pixels(driver)  # no card follows the finger
    driver.hold((5, 5), how, down=False)
    driver.seconds(0.5)
    assert play.game.moves == 0 and not play.flying
    assert shown() == _fresh_pixels(driver)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("idle_seconds = 'soon'", "idle_seconds must be a number"),
        ("idle_seconds = 0", "between 1 and 86400"),
        ("exit_pin = '12ab'", "exit_pin must be 1 to 12 digits"),
        ("exit_chord = 'q'", "exit_chord"),
        ("language = 'de'", "language must be one of"),
        ("kiosk = 'yes'", "kiosk must be true or false"),
        ("colour = 'red'", "unknown key 'colour'"),
        ("idle_seconds = ", "not valid TOML"),
    ],
)
def test_a_bad_kiosk_config_is_refused_naming_the_file_and_the_key(tmp_path, text, words):
    path = tmp_path / "kiosk.toml"
    path.write_text(text)
    with pytest.raises(KioskConfigError) as error:
        KioskConfig.load(path)
    assert words in str(error.value) and str(path) in str(error.value)


def test_a_kiosk_config_file_is_read(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text(
        'exit_chord = "ctrl+shift+x"\nexit_pin = "1234"\nidle_seconds = 45\n'
        'allow_settings = true\nlanguage = "fi"\n'
    )
    config = KioskConfig.load(path)
    assert config.chord() == (frozenset({"ctrl", "shift"}), "x")
    assert (config.exit_pin, config.idle_seconds, config.allow_settings) == ("1234", 45.0, True)
    assert config.language == "fi" and config.countdown_seconds == 15.0


def test_the_example_kiosk_config_in_the_docs_is_valid():
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "docs" / "kiosk.example.toml"
    config = KioskConfig.load(example)
    assert config.kiosk


# ------------------------------------------------------------ a visitor's settings
def _kiosk_session(tmp_path, **config):
    """A kiosk run as main() makes it (its look set by the kiosk file), offering every
    game, on folders whose stored settings are a player's own (English)."""
    from game.records.settings import Settings
    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    storage = Storage(tmp_path / "config", tmp_path / "data")
    Settings(language="en").save(storage)
    args = parse_args(["--kiosk", "--window", "640x480"])
    return Session.open(args, KioskConfig(**config), storage)


def _visit_settings(driver, keys):
    """A visitor opens Settings from the title and touches each of ``keys`` once."""
    driver.click(driver.scene.button_rects()["settings"].center)
    for key in keys:
        driver.click(driver.scene.button_rects()[key].center)


VISITOR_KEYS = ("card_back", "table_colour", "four_colour", "deck")
"""What a visitor changes: two of the kiosk file's look, a setting and one the file leaves."""


@pytest.mark.parametrize("back_to", ["title", "still playing"])
def test_a_kiosk_visitors_settings_last_until_the_idle_reset_and_are_never_stored(
    display, tmp_path, back_to
):
    """Issue 36, item 8: with allow_settings a visitor's changes (the kiosk file's card
    back and table colour among them) hold for that visitor only: the idle reset brings
    back the kiosk's own, and nothing of them reaches the stored settings."""
    session = _kiosk_session(
        tmp_path,
        allow_settings=True,
        card_back="waves",
        table_colour="charcoal",
        idle_seconds=5,
        countdown_seconds=2,
    )
    settings, path = session.ctx.settings, session.ctx.storage.path("settings.json")
    try:
        kiosk_look = {key: getattr(settings, key) for key in VISITOR_KEYS}
        assert kiosk_look["card_back"] == "waves" and kiosk_look["table_colour"] == "charcoal"
        stored = path.read_text()
        driver = Driver.over(session.loop)
        driver.frames(2)
        _visit_settings(driver, VISITOR_KEYS)
        visitor_look = {key: getattr(settings, key) for key in VISITOR_KEYS}
        assert all(visitor_look[key] != kiosk_look[key] for key in VISITOR_KEYS)
        assert session.ctx.art.look == (visitor_look["deck"], visitor_look["card_back"])
        if back_to == "title":  # back on the attract screen: the visitor has gone
            driver.click(driver.scene.button_rects()["back"].center)
            assert isinstance(driver.scene, TitleScene) and driver.scene.attract
            driver.seconds(5.5)
        else:  # left on Settings: "Still playing?", then the title
            driver.seconds(5.5)
            assert isinstance(driver.scene, StillPlayingScene)
            driver.seconds(2.5)
        assert isinstance(driver.scene, TitleScene)
        assert {key: getattr(settings, key) for key in VISITOR_KEYS} == kiosk_look
        assert session.ctx.art.look == (kiosk_look["deck"], "waves")
        fresh = Flow(session.ctx).title()
        fresh.time = driver.scene.time  # the attract cards where they are now
        part = session.loop.scene_surface()  # (the attract screen drifts)
        assert shown_scene(session.loop) == drawn_afresh(fresh, part.get_size())  # at once
        session.ctx.storage.flush()
        assert path.read_text() == stored  # the player's settings, untouched
    finally:
        session.close()
