"""Card and table themes and the animation speed (issue 28, items 1 and 2): chosen on the
settings screen by clicks, shown on the table at once, stored, set by the kiosk file."""

from __future__ import annotations

import json

import pytest
from kind_scripts import SMALL, make, table, win_game
from ui_helpers import Driver, pygame

from game.look import theme
from game.look.art import FOUR_COLOURS
from game.look.sprites import CardArt
from game.records.context import Context
from game.records.kiosk import KioskConfig, KioskConfigError
from game.records.settings import CARD_BACKS, DECKS, TABLE_COLOURS, Settings
from game.rules.cards import Card, Suit, standard_deck
from game.scenes.end import WinScene
from game.shell.app import main

LOOKS = {"deck": DECKS, "card_back": CARD_BACKS, "table_colour": TABLE_COLOURS}


def _click(driver: Driver, key: str) -> None:
    """Click the button ``key`` of the scene on screen (scrolled into view first)."""
    scene = driver.scene
    for _ in range(30):
        rect = scene.button_rects().get(key)
        if rect is not None and driver.screen.get_rect().contains(rect):
            driver.click(rect.center)
            return
        driver.post(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False
        )
    raise AssertionError(f"{key} never came into view")


def _choose_in_settings(driver: Driver, key: str, times: int = 1) -> None:
    """From the table: Menu, Settings, ``key`` clicked ``times`` times, Back, Continue."""
    play = driver.scene
    driver.click(play.layout.buttons["menu"].center)
    _click(driver, "settings")
    for _ in range(times):
        _click(driver, key)
    _click(driver, "back")
    _click(driver, "continue")
    assert driver.scene is play
    driver.frames(2)


def _felt_point(driver: Driver, felt: tuple[int, int, int] = theme.FELT) -> tuple[int, int]:
    """A point of the table showing the plain felt ``felt`` (no card, place, bar or text near)."""
    layout = driver.scene.layout
    busy = [rect.inflate(8, 8) for rect in layout.areas.values()]
    busy += [layout.bar.inflate(8, 8), layout.info, layout.message]
    busy += [rect.inflate(8, 8) for rect in layout.labels.values()]
    width, height = layout.size
    for y in range(height // 2, height, 4):
        for x in range(width // 2, width, 4):
            free = pygame.Rect(x - 2, y - 2, 5, 5).collidelist(busy) < 0
            if free and driver.screen.get_at((x, y))[:3] == felt:
                return x, y
    raise AssertionError("no plain felt on the table")


def _top_faces(driver: Driver) -> list[tuple[Card, pygame.Rect, bool]]:
    """The face-up top cards on the table: card, where, four-colour."""
    play = driver.scene
    looks = play.frame().looks
    return [
        (look.cards[-1][0], play.layout.slots[name].move(look.cards[-1][1], 0), look.four_colour)
        for name, look in looks.items()
        if look.cards and look.cards[-1][0] is not None and not look.marker
    ]


def _backs(driver: Driver) -> list[pygame.Rect]:
    """The face-down cards on the table: each sliver (the part of each that shows), and a
    face-down top card's left half (a stock)."""
    play = driver.scene
    found = []
    for name, look in play.frame().looks.items():
        if look.top is not None and look.top[0] is None:
            rect = play.layout.slots[name].move(look.top[1], 0)
            found.append(pygame.Rect(rect.topleft, (rect.width // 2, 1)))
        for index, (card, dx) in enumerate(look.cards[:-1]):
            shown = look.cards[index + 1][1] - dx
            if card is None and shown >= 4:
                found.append(pygame.Rect(play.layout.slots[name].move(dx, 0).topleft, (shown, 1)))
    return found


def _opaque_middle(rect: pygame.Rect) -> pygame.Rect:
    """The middle of a card's picture, away from its round corners and soft edge."""
    return rect.inflate(-rect.width // 4, -rect.height // 4)


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("key", list(LOOKS))
def test_each_look_chosen_in_the_settings_is_drawn_on_the_table_at_once(
    display, ctx, storage, kind, key
):
    """Every value of the deck, the back and the table colour, chosen by clicks on the
    settings screen over a game under way, is on the table as soon as it is back: the
    felt's colour at a point, the new back's pixels, the new faces' pixels. Each is
    stored, and a new run reads it."""
    driver = table(ctx, kind.from_code(kind.code(123456)), size=(1280, 720))
    driver.frames(2)
    point = _felt_point(driver)
    backs = _backs(driver)
    shown = driver.scene.frame().looks.values()
    if any(card is None for look in shown for card, _dx in look.cards):
        assert backs  # a card face down on the table is found (a pile's sliver, a stock)
    values = LOOKS[key]
    for value in [*values[1:], values[0]]:  # each in turn, and back to the first
        before = pygame.display.get_surface().copy()
        _choose_in_settings(driver, key)
        assert getattr(ctx.settings, key) == value
        assert getattr(Settings.load(storage), key) == value
        assert getattr(Context.open(storage).settings, key) == value
        screen = pygame.display.get_surface()
        art, size = ctx.art, driver.scene.layout.card
        if key == "table_colour":
            assert screen.get_at(point)[:3] == theme.TABLES[value][0]
            assert screen.get_at(point) != before.get_at(point)
        elif key == "card_back":
            back = art.back(size)
            for rect in backs:  # the sliver's last column, down the middle
                middle = pygame.Rect(rect.right - 1, rect.y + size[1] // 4, 1, size[1] // 2)
                assert _pixels(screen, middle) == _pixels(back, middle.move(-rect.x, -rect.y))
                assert _pixels(screen, middle) != _pixels(before, middle)
            if not backs:  # no card face down: the table is as it was
                assert _pixels(screen, screen.get_rect()) == _pixels(before, before.get_rect())
        else:
            faces = _top_faces(driver)
            assert faces
            for card, rect, four in faces:
                face = art.face(card, size, four)
                middle = _opaque_middle(rect)
                assert _pixels(screen, middle) == _pixels(face, middle.move(-rect.x, -rect.y))
                assert _pixels(screen, middle) != _pixels(before, middle), card


def test_the_large_index_deck_in_four_colours_has_the_four_colours(display):
    """Clubs green, diamonds blue, hearts red, spades black, in both decks' corners."""
    pygame.display.set_mode((1, 1))
    art = CardArt()

    def inks(card: Card, four: bool) -> set[tuple[int, int, int]]:
        face = art.face(card, (250, 350), four)
        corner = face.subsurface((10, 20, 40, 140))
        return {tuple(corner.get_at((x, y)))[:3] for x in range(40) for y in range(140)}

    def rgb(text: str) -> tuple[int, int, int]:
        return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)

    for deck in DECKS:
        art.set_look(deck, "moons")
        for suit in Suit:
            card = Card.parse(f"7{suit.value}")
            assert rgb(FOUR_COLOURS[suit]) in inks(card, True), (deck, suit)
        assert rgb(FOUR_COLOURS[Suit.CLUBS]) not in inks(Card.parse("7C"), False)
        assert rgb(FOUR_COLOURS[Suit.DIAMONDS]) not in inks(Card.parse("7D"), False)


def test_every_large_index_card_and_back_renders_and_differs(display):
    """Each of the 52 large-index faces (in two and four colours) and each back: the
    size asked for, and no two alike."""
    pygame.display.set_mode((1, 1))
    art = CardArt()
    seen = set()
    art.set_look("large", "moons")
    for card in standard_deck():
        for four in (False, True):
            image = art.face(card, (60, 84), four)
            assert image.get_size() == (60, 84)
            seen.add(pygame.image.tobytes(image, "RGBA"))
    for back in CARD_BACKS:
        art.set_look("large", back)
        seen.add(pygame.image.tobytes(art.back((60, 84)), "RGBA"))
    assert len(seen) == 52 + 26 + len(CARD_BACKS)  # spades and hearts: the same in four


def test_a_face_up_sliver_of_the_large_index_deck_cuts_nothing(display):
    """Where the next card of a Crescent fan covers a large-index card, the cut runs
    through paper from top to bottom: the corner index lies whole in the sliver, the
    centre wholly under the next card."""
    from game.table import arcs

    pygame.display.set_mode((1, 1))
    art = CardArt()
    art.set_look("large", "moons")
    play = pygame.Rect(0, 0, 20000, 20000)
    cut = []
    for width in (40, 60, 83, 120, 200):
        sizes = arcs.fan_sizes(width, play)  # a fanned pile's, as the tables use
        step = sizes.fan[0]
        size = sizes.card
        for card in standard_deck():
            face = art.face(card, size)
            column = pygame.image.tobytes(face.subsurface((step, 0, 1, size[1])), "RGBA")
            top, bottom = size[1] // 20, size[1] - size[1] // 20
            for y in range(top, bottom):
                r, g, b, a = column[4 * y : 4 * y + 4]
                if a == 255 and min(r, g, b) < 200:  # ink, not paper
                    cut.append((width, str(card), y))
                    break
    assert not cut, cut


def test_settings_of_an_older_run_are_read_with_the_new_defaults(storage):
    """A file from before the themes: no deck, back or table colour (the defaults), and
    its Animations switch read as the speed it meant: on -> normal, reduced -> off."""
    for old, new in (("on", "normal"), ("reduced", "off")):
        storage.path("settings.json").parent.mkdir(parents=True, exist_ok=True)
        storage.path("settings.json").write_text(
            json.dumps({"schema": 1, "animations": old, "four_colour": True, "sound": False})
        )
        settings = Settings.load(storage)
        assert settings.animations == new
        assert (settings.deck, settings.card_back, settings.table_colour) == (
            "classic",
            "moons",
            "green",
        )
        assert settings.four_colour and not settings.sound  # the rest as it was
        assert not list(storage.config_dir.glob("settings.json.bad-*"))  # not damaged


def _table_colour(driver: Driver) -> str:
    """The table colour whose plain felt the window shows."""
    for name, (felt, _dark, _edge) in theme.TABLES.items():
        try:
            _felt_point(driver, felt)
        except AssertionError:
            continue
        return name
    raise AssertionError("no table colour's felt on screen")


def _run_and_look(monkeypatch, args: list[str]) -> tuple[str, tuple[str, str], str]:
    """Run main() with ``args`` (a deal, so the table is on screen); what the last frame
    showed: the felt's colour, the art's deck and back, the language."""
    from game.look import i18n
    from game.shell.session import Session

    seen = []
    close = Session.close

    def look_then_close(session):
        driver = Driver.over(session.loop)
        seen.append((_table_colour(driver), session.ctx.art.look, i18n.language()))
        close(session)

    monkeypatch.setattr(Session, "close", look_then_close)
    assert main([*args, "--max-frames", "4"]) == 0
    return seen[0]


def test_a_kiosk_file_sets_the_cards_and_the_table(tmp_path, monkeypatch, kind):
    """deck, card_back, table_colour and language in the kiosk file are used for its run
    (the felt's colour on the table, the art in use, the language) and never stored: a
    normal run afterwards shows the player's own look and language."""
    config = tmp_path / "kiosk.toml"
    config.write_text(
        'deck = "large"\ncard_back = "waves"\ntable_colour = "charcoal"\nlanguage = "fi"\n'
    )
    read = KioskConfig.load(config)
    assert read.looks() == {"deck": "large", "card_back": "waves", "table_colour": "charcoal"}
    assert KioskConfig().looks() == {}  # none: the stored settings
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    deal = ["--deal", kind.code(123456)]
    mine = ["--lang", "ms", *deal]  # the player's language, stored
    assert _run_and_look(monkeypatch, mine) == ("green", ("classic", "moons"), "ms")
    path = tmp_path / "home" / "config" / "settings.json"
    stored = path.read_text()
    kiosk = _run_and_look(monkeypatch, ["--kiosk-config", str(config), *deal])
    assert kiosk == ("charcoal", ("large", "waves"), "fi")
    assert json.loads(path.read_text()) == json.loads(stored)  # the player's look, kept
    assert _run_and_look(monkeypatch, deal) == ("green", ("classic", "moons"), "ms")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('deck = "huge"', "deck must be one of classic, large, not 'huge'"),
        ('card_back = "tartan"', "card_back must be one of moons, lattice, waves"),
        ('table_colour = "pink"', "table_colour must be one of green, blue, red, charcoal"),
        ("table_colour = 3", "table_colour must be a string"),
    ],
)
def test_a_wrong_look_in_the_kiosk_file_is_refused_with_one_line(
    tmp_path, monkeypatch, capsys, text, words
):
    config = tmp_path / "kiosk.toml"
    config.write_text(text + "\n")
    with pytest.raises(KioskConfigError) as error:
        KioskConfig.load(config)
    assert words in str(error.value) and str(config) in str(error.value)
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["--kiosk-config", str(config), "--max-frames", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


# ------------------------------------------------------------------ animation speed
def _frames_in_flight(driver: Driver, move) -> int:
    """Make ``move`` by clicks; the frames until no card is in motion after it."""
    make(driver, move)
    count = 0
    while driver.scene.motions:
        driver.frames(1)
        count += 1
        assert count < 200
    return count


def _frames_celebrating(driver: Driver) -> int:
    """The frames from a win until its panel shows."""
    count = 0
    while not isinstance(driver.scene, WinScene):
        driver.frames(1)
        count += 1
        assert count < 400
    return count


def test_fast_animations_take_half_the_time_and_off_has_no_flight(display, ctx, kind):
    """The first move of ``kind``'s script: its card's flight or slide is about half as
    long when fast, and none (or the short slide Reduced had) when off; the win's
    celebration too."""
    flights, celebrations = {}, {}
    for speed in ("normal", "fast", "off"):
        ctx.settings.animations = speed
        game, moves = win_game(kind)
        driver = table(ctx, game, size=SMALL)
        flights[speed] = _frames_in_flight(driver, moves[0])
        for move in moves[1:]:
            make(driver, move)
        celebrations[speed] = _frames_celebrating(driver)
    normal, fast, off = flights["normal"], flights["fast"], flights["off"]
    assert normal >= 6 and abs(fast - normal / 2) <= 1.5, flights
    assert off <= 3 and off < fast, flights
    assert abs(celebrations["fast"] - celebrations["normal"] / 2) <= 2, celebrations
    assert celebrations["off"] < celebrations["fast"], celebrations


def test_the_speed_cycles_off_normal_fast_on_the_settings_screen(display, ctx, storage, flow):
    from game.scenes.menus import SettingsScene
    from game.scenes.title import TitleScene

    scene = SettingsScene(ctx, back=TitleScene(ctx, flow))
    driver = Driver(scene, size=(800, 480))
    seen = []
    for _ in range(3):
        _click(driver, "animations")
        seen.append((ctx.settings.animations, Settings.load(storage).animations))
    assert seen == [("fast", "fast"), ("off", "off"), ("normal", "normal")]
