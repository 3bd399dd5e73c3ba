"""Issue 40, "a screen that ages well": a kiosk's attract screen drifts a few pixels a
minute and dims after ``dim_after_minutes`` untouched, waking at the first touch without
dealing (game.shell.drift, game.scenes.dimmed, the guard in game.scenes.kiosk).

Each kiosk here is a real run's (Session.open, as main() makes it) on the dummy display,
driven by posted events and frames of a quarter of a second of simulated time.
"""

import itertools

import pytest
from ui_helpers import Driver, drawn_afresh, pygame, shown, shown_scene

from game.records.kiosk import KioskConfig, KioskConfigError
from game.scenes.dimmed import DimmedScene
from game.scenes.examples_page import ExamplesScene
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.shell.drift import DRIFT_PX_PER_MINUTE, drift_offset, margin

FRAME = 0.25
"""Simulated seconds a frame of these tests (the loop's longest: game.shell.loop)."""
ATTRACTS = ["", "examples"]
"""The kiosk's attract screens: the title's drifting cards, a won game on a loop."""


@pytest.fixture
def kiosk(display, tmp_path):
    """``kiosk(size, **config)``: a kiosk run in a window of ``size``, and its driver;
    closed after the test."""
    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    sessions = []

    def make(size=(800, 480), **config):
        args = parse_args(["--kiosk", "--lang", "en", "--window", f"{size[0]}x{size[1]}"])
        storage = Storage(tmp_path / "config", tmp_path / "data")
        session = Session.open(args, KioskConfig(**config), storage)
        sessions.append(session)
        driver = Driver.over(session.loop)
        driver.frames(2)
        return session, driver

    yield make
    for session in sessions:
        session.close()


def _run(driver, seconds):
    """Let ``seconds`` of simulated time pass, a quarter of a second a frame."""
    driver.frames(round(seconds / FRAME), FRAME)


def _place(driver):
    """Where the scene is drawn in the window now: its part's rectangle."""
    part = driver.loop.scene_surface()
    return pygame.Rect(part.get_abs_offset(), part.get_size())


def _brightness(pixels):
    """The mean of every colour channel of RGB bytes (0 ... 255)."""
    return sum(pixels) / len(pixels)


def _until_moved(driver, limit=120):
    """Run until the picture drifts to a new place (at most ``limit`` seconds); the
    place before and after."""
    before = _place(driver)
    for _ in range(round(limit / FRAME)):
        driver.frames(1, FRAME)
        if _place(driver) != before:
            return before, _place(driver)
    raise AssertionError(f"the picture stayed at {before} for {limit} s")


# ------------------------------------------------------------------------ the drift
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_drift_moves_a_few_pixels_a_minute_and_stays_within_the_margin_for_hours(size):
    reach = margin(size)
    assert reach == {(800, 480): 3, (1920, 1080): 6}[size]
    places = [drift_offset(second, reach) for second in range(12 * 3600)]
    assert all(abs(dx) <= reach and abs(dy) <= reach for dx, dy in places)
    steps = [(abs(b[0] - a[0]), abs(b[1] - a[1])) for a, b in itertools.pairwise(places)]
    assert all(dx <= 1 and dy <= 1 for dx, dy in steps)  # a pixel at a time
    moves = sum(1 for step in steps if step != (0, 0))
    per_minute = moves / (12 * 60)
    assert 2 <= per_minute <= 5  # a few pixels a minute (about 3)
    assert per_minute >= DRIFT_PX_PER_MINUTE
    still, longest = 0, 0
    for step in steps:
        still = 0 if step != (0, 0) else still + 1
        longest = max(longest, still)
    assert longest <= 60  # nothing stands still a minute, let alone hours
    square = {(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)}
    assert set(places) == square  # over the hours, every place of the square


@pytest.mark.parametrize("attract", ATTRACTS)
def test_the_attract_screen_drifts_within_the_window_and_nothing_else_does(kiosk, attract):
    _session, driver = kiosk(attract=attract, dim_after_minutes=0)
    width, height = pygame.display.get_surface().get_size()  # (fullscreen: the desktop's)
    reach = margin((width, height))
    assert driver.scene.attract
    start = _place(driver)
    assert start == pygame.Rect(reach, reach, width - 2 * reach, height - 2 * reach)
    assert driver.scene.size == start.size  # laid out for the part
    seen = {start.topleft}
    for _ in range(6):
        before, after = _until_moved(driver)
        assert abs(after.x - before.x) + abs(after.y - before.y) == 1  # a pixel a move
        seen.add(after.topleft)
    assert len(seen) >= 4
    assert all(0 <= x <= 2 * reach and 0 <= y <= 2 * reach for x, y in seen)
    driver.touch((start.width // 2, start.height - 8))  # away from the menu: a game
    if attract:
        driver.touch((start.width // 2, start.height - 8))  # the title, then a game
    assert isinstance(driver.scene, PlayScene)
    assert driver.loop.scene_surface().get_parent() is None  # a table: the whole window
    assert driver.scene.size == (width, height)


def test_a_desktop_run_draws_on_the_whole_window(display, tmp_path):
    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    args = parse_args(["--lang", "en", "--window", "800x480"])
    session = Session.open(args, None, Storage(tmp_path / "config", tmp_path / "data"))
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        assert driver.loop.scene_surface() is pygame.display.get_surface()
    finally:
        session.close()


def test_the_drifted_title_is_drawn_whole_at_its_place_with_a_border_of_its_colour(kiosk):
    session, driver = kiosk(dim_after_minutes=0)
    _before, place = _until_moved(driver)
    _before, place = _until_moved(driver)  # away from the centre
    title = driver.scene
    fresh = Flow(session.ctx).title()
    fresh.time = title.time  # the attract cards where they are now
    window = pygame.display.get_surface()
    assert pygame.image.tobytes(window.subsurface(place), "RGB") == drawn_afresh(fresh, place.size)
    dark = title.palette.dark
    width, height = window.get_size()
    border = [(x, y) for x in range(width) for y in (0, height - 1)]
    border += [(x, y) for y in range(height) for x in (0, width - 1)]
    assert [p for p in border if window.get_at(p)[:3] != dark] == []
    texts = driver.loop.text_boxes()  # (what a screen reader is told: game.shell.spoken)
    assert {"Half Moon", "Touch anywhere to play"} <= {text for text, _box in texts}
    assert not any(box.clip(place) != box for _text, box in texts)


@pytest.mark.parametrize("how", ["mouse", "finger"])
def test_a_tap_where_a_drifted_tile_shows_chooses_its_game(kiosk, how):
    session, driver = kiosk(dim_after_minutes=0)
    _until_moved(driver)
    place = _place(driver)
    assert place.topleft != (0, 0)
    tiles = {key: rect for key, rect in driver.scene.button_rects().items() if "game-" in key}
    key, tile = next((k, r) for k, r in tiles.items() if k != f"game-{session.ctx.kind.key}")
    # its bottom right corner as the window shows it: a miss where the tile is laid out
    seen = (tile.right - 1 + place.x, tile.bottom - 1 + place.y)
    assert not tile.collidepoint(seen)
    if how == "finger":
        driver.touch(seen)
    else:
        driver.click(seen)
    assert session.ctx.kind.key == key[len("game-") :]
    assert isinstance(driver.scene, TitleScene)  # chosen, not dealt


# -------------------------------------------------------------------------- the dim
@pytest.mark.parametrize("attract", ATTRACTS)
def test_the_attract_screen_dims_after_dim_after_minutes_untouched_and_not_before(kiosk, attract):
    _session, driver = kiosk(attract=attract, dim_after_minutes=1)
    attract_scene = driver.scene
    bright = _brightness(shown())
    _run(driver, 59)
    assert driver.scene.attract and not isinstance(driver.scene, DimmedScene)
    _run(driver, 1.5)
    dimmed = driver.scene
    assert isinstance(dimmed, DimmedScene) and dimmed.under is attract_scene
    dim = _brightness(shown())
    assert dim < 0.4 * bright  # about a quarter as bright
    assert dim > 0.1 * bright  # and still there to see
    assert not dimmed.animating
    _run(driver, 2)
    assert driver.loop.idle()
    draws = driver.loop.draws
    _before, _after = _until_moved(driver)
    assert driver.loop.draws == draws + 1  # drawn again only when the picture moved
    assert isinstance(driver.scene, DimmedScene)  # still dimmed as it drifts
    assert _brightness(shown()) < 0.4 * bright


@pytest.mark.parametrize("attract", ATTRACTS)
def test_a_dimmed_screen_drifts_as_a_whole(kiosk, attract):
    _session, driver = kiosk(attract=attract, dim_after_minutes=1)
    _run(driver, 61)
    assert isinstance(driver.scene, DimmedScene)
    window = pygame.display.get_surface()
    before = _place(driver)
    picture = window.subsurface(before).copy()
    _before, after = _until_moved(driver)
    assert pygame.image.tobytes(window.subsurface(after), "RGB") == pygame.image.tobytes(
        picture, "RGB"
    )


@pytest.mark.parametrize("attract", ATTRACTS)
@pytest.mark.parametrize("how", ["finger", "mouse"])
def test_the_first_touch_wakes_the_dimmed_screen_without_dealing_the_second_plays(
    kiosk, attract, how
):
    session, driver = kiosk(attract=attract, dim_after_minutes=1)
    attract_scene = driver.scene
    _run(driver, 61)
    assert isinstance(driver.scene, DimmedScene)
    dim = _brightness(shown())
    away = (20, 480 - 30)  # no tile, no button: on the title, a touch here deals
    tap = driver.touch if how == "finger" else driver.click
    tap(away)
    assert driver.scene is attract_scene  # awake, and nothing else
    assert not session.ctx.in_progress() and session.ctx.game is None
    assert _brightness(shown()) > 2.5 * dim
    _run(driver, 2)
    assert driver.scene is attract_scene
    tap(away)
    if attract:  # the example's loop: a touch opens the title
        assert isinstance(driver.scene, TitleScene) and not isinstance(attract_scene, TitleScene)
        tap(away)
    assert isinstance(driver.scene, PlayScene)  # a game, at the second (third) touch
    assert driver.scene.game.moves == 0


def test_a_key_wakes_the_dimmed_screen_too(kiosk):
    session, driver = kiosk(dim_after_minutes=1)
    title = driver.scene
    _run(driver, 61)
    driver.key(pygame.K_n)  # on the title, N deals a new game
    assert driver.scene is title and session.ctx.game is None
    driver.key(pygame.K_n)
    assert isinstance(driver.scene, PlayScene)


@pytest.mark.parametrize("attract", ATTRACTS)
def test_input_on_the_attract_screen_puts_the_dim_off(kiosk, attract):
    _session, driver = kiosk(attract=attract, dim_after_minutes=1, idle_seconds=40)
    for _ in range(3):
        _run(driver, 45)
        driver.post(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False
        )
        assert not isinstance(driver.scene, DimmedScene)
    _run(driver, 58)
    assert not isinstance(driver.scene, DimmedScene)
    _run(driver, 3)
    assert isinstance(driver.scene, DimmedScene)
    if attract:  # idle_seconds on a dimmed example's loop: it stays as it is
        assert isinstance(driver.scene.under, ExamplesScene)
        _run(driver, 45)
        assert isinstance(driver.scene, DimmedScene)


def test_a_table_left_alone_does_not_dim(kiosk):
    _session, driver = kiosk(dim_after_minutes=1, idle_seconds=600)
    driver.touch((20, 450))
    assert isinstance(driver.scene, PlayScene)
    _run(driver, 90)
    assert isinstance(driver.scene, PlayScene)


def test_dim_after_minutes_0_never_dims(kiosk):
    session, driver = kiosk(dim_after_minutes=0)
    title = driver.scene
    for _ in range(48):  # a day, an hour at a time, as the guard counts it
        assert session.guard.on_step(3600.0, title) is None
    assert driver.scene is title


# ------------------------------------------------------------------------ the key
@pytest.mark.parametrize(
    ("value", "minutes"), [("0", 0.0), ("1", 1.0), ("2.5", 2.5), ("1440", 1440.0)]
)
def test_dim_after_minutes_is_read(tmp_path, value, minutes):
    path = tmp_path / "kiosk.toml"
    path.write_text(f"dim_after_minutes = {value}\n")
    assert KioskConfig.load(path).dim_after_minutes == minutes
    assert KioskConfig().dim_after_minutes == 10.0


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("'soon'", "dim_after_minutes must be a number of minutes"),
        ("true", "dim_after_minutes must be a number of minutes"),
        ("[10]", "dim_after_minutes must be a number of minutes"),
        ("0.5", "dim_after_minutes must be 0 (never) or between 1 and 1440"),
        ("-1", "dim_after_minutes must be 0 (never) or between 1 and 1440"),
        ("1441", "dim_after_minutes must be 0 (never) or between 1 and 1440"),
        ("nan", "dim_after_minutes must be 0 (never) or between 1 and 1440"),
        ("inf", "dim_after_minutes must be 0 (never) or between 1 and 1440"),
    ],
)
def test_a_bad_dim_after_minutes_is_refused_in_one_line_naming_the_file(tmp_path, value, words):
    path = tmp_path / "kiosk.toml"
    path.write_text(f"dim_after_minutes = {value}\n")
    with pytest.raises(KioskConfigError) as error:
        KioskConfig.load(path)
    message = str(error.value)
    assert words in message and str(path) in message and "\n" not in message


def test_the_screen_is_not_left_dimmed_by_the_scene_drawn_before(kiosk):
    """The part of the window a dimmed screen used is all drawn again on waking."""
    session, driver = kiosk(dim_after_minutes=1)
    _run(driver, 61)
    driver.touch((20, 450))
    title = driver.scene
    fresh = Flow(session.ctx).title()
    fresh.time = title.time
    assert shown_scene(driver.loop) == drawn_afresh(fresh, _place(driver).size)
