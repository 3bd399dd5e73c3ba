"""Kiosk mode: players cannot leave, the operator can, an idle table resets itself."""

import pytest
from ui_helpers import Driver, pygame

from game.kiosk import KioskConfig, KioskConfigError
from game.loop import Loop
from game.rules import Game
from game.scenes.kiosk import KioskGuard, PinScene, StillPlayingScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

CHORD = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT


@pytest.fixture
def kiosk(display, ctx, flow):
    """A kiosk (idle 90 s, countdown 15 s) playing a deal, driven through its real hooks."""

    def make(**config):
        ctx.kiosk = KioskConfig(**config)
        guard = KioskGuard(ctx, ctx.kiosk, flow)
        driver = Driver(PlayScene(ctx, flow, Game.from_code("HM1-N-AAAAAAB")), size=(1920, 1080))
        driver.loop = Loop(driver.loop.scene, on_event=guard.on_event, on_step=guard.on_step)
        return driver

    return make


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


def test_the_operator_chord_ends_the_kiosk(kiosk):
    driver = kiosk()
    assert _post_running(
        driver, pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="q", scancode=0
    )  # part of the chord is not enough
    assert not _post_running(
        driver, pygame.KEYDOWN, key=pygame.K_q, mod=CHORD, unicode="Q", scancode=0
    )


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
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=pad.buttons()["ok"].center, button=1, touch=False
        )
    )
    assert not driver.loop.frame(1 / 60)


def test_the_kiosk_title_hides_quit_and_locked_screens(display, ctx, flow):
    ctx.kiosk = KioskConfig()
    keys = [key for key, _label in TitleScene(ctx, flow).entries()]
    assert "quit" not in keys and "settings" not in keys and "stats" not in keys
    ctx.kiosk = KioskConfig(allow_settings=True, allow_statistics=True)
    keys = [key for key, _label in TitleScene(ctx, flow).entries()]
    assert "settings" in keys and "stats" in keys and "quit" not in keys


def test_an_idle_kiosk_asks_still_playing_then_returns_to_the_title(kiosk):
    driver = kiosk(idle_seconds=30, countdown_seconds=10)
    driver.click_slot("3")  # a game under way
    driver.seconds(29.5)
    assert isinstance(driver.scene, PlayScene)
    driver.seconds(1)
    assert isinstance(driver.scene, StillPlayingScene)
    driver.seconds(9)
    assert isinstance(driver.scene, StillPlayingScene)
    driver.seconds(1.5)
    title = driver.scene
    assert isinstance(title, TitleScene) and title.attract and title.animating
    assert driver.loop.scene.ctx.game is None  # the next player starts afresh
    driver.seconds(20)
    assert driver.scene is title  # the attract screen just waits


def test_a_touch_during_the_countdown_goes_back_to_the_game(kiosk):
    driver = kiosk(idle_seconds=20, countdown_seconds=10)
    play = driver.scene
    driver.click_slot("3")
    driver.seconds(21)
    assert isinstance(driver.scene, StillPlayingScene)
    driver.touch((500, 500))
    assert driver.scene is play and play.game.selection == ("3",)
    driver.seconds(15)
    assert isinstance(driver.scene, PlayScene)  # the idle time started again


def test_input_keeps_the_kiosk_awake(kiosk):
    driver = kiosk(idle_seconds=10)
    for _ in range(6):
        driver.seconds(5)
        driver.click_slot("R1")
    assert isinstance(driver.scene, PlayScene)


def test_a_touch_on_the_attract_screen_starts_a_game(kiosk):
    driver = kiosk(idle_seconds=5, countdown_seconds=5)
    driver.seconds(11)
    assert isinstance(driver.scene, TitleScene)
    driver.touch((30, 30))
    assert isinstance(driver.scene, PlayScene) and driver.scene.game.moves == 0


def test_finger_events_select_a_card_once_in_the_kiosk(kiosk):
    driver = kiosk()
    play = driver.scene
    driver.touch(play.layout.slots["R1"].center)
    assert play.game.selection == ("R1",)


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
