"""Card art, the sprite cache and the bundled font (game.look: art, sprites, fonts)."""

from __future__ import annotations

import importlib.util
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.look import fonts
from game.look.art import back_svg, card_svg, sprite_files, sprite_name
from game.look.assets import asset_path, asset_root
from game.look.card_paper import PAPER
from game.look.sprites import AssetError, CardArt, _sized_svg
from game.rules.cards import Card, Rank, Suit, standard_deck

ROOT = Path(__file__).resolve().parents[1]
SMALL = (50, 70)
LARGE = (300, 420)


@pytest.fixture
def display():
    """pygame with a 1 x 1 dummy display, quit afterwards."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.quit()


@pytest.fixture(scope="module")
def art():
    """One shared CardArt over the committed sprites."""
    return CardArt()


def pixels(surface: pygame.Surface) -> bytes:
    """A surface's pixels as RGBA bytes."""
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("size", [SMALL, LARGE, (121, 168)])
def test_every_face_and_the_back_render_at_exactly_the_size(display, art, size):
    for four_colour in (False, True):
        for card in standard_deck():
            assert art.face(card, size, four_colour).get_size() == size, card
    assert art.back(size).get_size() == size


def test_a_face_has_paper_inside_and_transparent_rounded_corners(display, art):
    surface = art.face(Card.parse("5H"), LARGE)
    assert surface.get_at((0, 0)).a == 0
    assert surface.get_at((LARGE[0] // 2, LARGE[1] // 2 + 20)).a == 255


def test_different_cards_differ(display, art):
    seen = {pixels(art.face(card, SMALL)) for card in standard_deck()}
    assert len(seen) == 52
    assert pixels(art.back(SMALL)) not in seen


def test_four_colour_clubs_and_diamonds_differ_from_the_two_colour_deck(display, art):
    for name in ("7C", "KC", "10D"):
        card = Card.parse(name)
        assert pixels(art.face(card, SMALL, True)) != pixels(art.face(card, SMALL)), name
    assert card_svg(Card.parse("7S"), True) == card_svg(Card.parse("7S"))


def test_a_cached_call_returns_the_same_surface_and_clear_drops_it(display):
    art = CardArt()
    card = Card.parse("QS")
    first = art.face(card, (120, 168))
    assert art.face(card, (120, 168)) is first
    assert art.face(card, (120, 168), four_colour=True) is not first
    assert art.back((120, 168)) is art.back((120, 168))
    art.clear()
    assert art.face(card, (120, 168)) is not first


def test_warm_prerenders_the_cards(display):
    art = CardArt()
    art.warm([Card.parse("AH"), Card.parse("2C")], (60, 84))
    assert len(art._surfaces) == 2


def test_works_without_a_display_surface():
    pygame.display.init()
    try:
        surface = CardArt().face(Card.parse("AS"), SMALL)
        assert surface.get_size() == SMALL
    finally:
        pygame.quit()


def test_a_missing_sprite_dir_raises_asset_error_naming_it(tmp_path):
    missing = tmp_path / "no-such-sprites"
    with pytest.raises(AssetError, match="no-such-sprites"):
        CardArt(missing)


def test_a_missing_sprite_file_raises_asset_error_naming_it(display, tmp_path):
    art = CardArt(tmp_path)
    with pytest.raises(AssetError, match=r"10H\.svg"):
        art.face(Card.parse("10H"), SMALL)


def test_an_unreadable_sprite_file_raises_asset_error_naming_it(display, tmp_path):
    (tmp_path / "back.svg").write_text("not an svg", encoding="utf-8")
    with pytest.raises(AssetError, match=r"back\.svg"):
        CardArt(tmp_path).back(SMALL)


def test_a_bad_size_is_refused(display, art):
    with pytest.raises(ValueError):
        art.back((0, 10))


def test_the_committed_sprites_are_what_game_art_draws():
    """tools/make_cards.py writes these; rerun it after changing game/look/art.py."""
    folder = asset_path("sprites")
    files = sprite_files()
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*.svg")}
    assert on_disk == set(files)
    for name, text in files.items():
        assert (folder / name).read_text(encoding="utf-8") == text, name


def test_the_svg_has_no_text_elements_and_every_card_is_distinct():
    texts = [card_svg(card, four) for card in standard_deck() for four in (False, True)]
    assert all("<text" not in text for text in [*texts, back_svg()])
    assert len(set(texts)) == 52 + 26  # four-colour changes only clubs and diamonds
    assert len(sprite_files()) == 52 * 2 + 1


def test_the_faces_are_told_apart_by_their_centre(display, art):
    """J, Q and K differ in the panel alone, not only in the corner index."""
    size = (250, 350)
    centres = set()
    for rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        surface = art.face(Card(rank, Suit.SPADES), size)
        centres.add(pixels(surface.subsurface((70, 100, 110, 150))))
    assert len(centres) == 3


@pytest.mark.parametrize("bold", [False, True])
def test_the_font_has_suit_symbols_and_cyrillic(display, bold):
    text = "\u2660\u2665\u2666\u2663 \u041f\u0440\u0438\u0432\u0435\u0442"  # ♠♥♦♣ Привет
    loaded = fonts.font(24, bold)
    metrics = loaded.metrics(text)
    assert len(metrics) == len(text)
    assert all(m is not None for m in metrics)
    assert loaded.render(text, True, (0, 0, 0)).get_width() > 0
    assert fonts.font(24, bold) is loaded


def test_the_font_cache_is_dropped_by_pygame_quit():
    pygame.init()
    loaded = fonts.font(20)
    pygame.quit()
    pygame.init()
    try:
        assert fonts.font(20) is not loaded
    finally:
        pygame.quit()


def test_a_missing_font_raises_asset_error_naming_it(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "asset_path", lambda *parts: Path(tmp_path, *parts))
    monkeypatch.setattr(fonts, "_fonts", {})
    with pytest.raises(AssetError, match=r"DejaVuSans-Bold\.ttf"):
        fonts.font(30, bold=True)


def test_the_font_licence_is_bundled():
    text = asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in text and "public domain" in text


def test_assets_are_found_under_meipass_when_frozen(monkeypatch, tmp_path):
    assert asset_root() == ROOT / "assets"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_path("sprites", "back.svg") == tmp_path / "assets" / "sprites" / "back.svg"


def test_make_cards_writes_the_sprites_and_checks_them(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    assert spec is not None and spec.loader is not None
    make_cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_cards)
    assert make_cards.main(["--check", "--out", str(tmp_path)]) == 1
    assert make_cards.main(["--out", str(tmp_path)]) == 0
    assert make_cards.main(["--check", "--out", str(tmp_path)]) == 0
    (tmp_path / "old.svg").write_text("<svg/>", encoding="utf-8")
    assert make_cards.main(["--check", "--out", str(tmp_path)]) == 1
    assert "old.svg" in capsys.readouterr().err


@pytest.mark.parametrize("plain", ["", "1"], ids=["two-threads", "plain"])
def test_faces_prepared_together_are_the_faces_made_one_by_one(display, monkeypatch, plain):
    """A table's first frame renders its many new faces two at a time (SDL_image renders
    an SVG without Python's lock): the same pixels as one by one, half of them on a
    second thread; with HALFMOON_PLAIN, one by one when drawn."""
    import threading

    from game.rules import standard_deck

    monkeypatch.setenv("HALFMOON_PLAIN", plain)
    cards = [(card, index % 2 == 0) for index, card in enumerate(standard_deck()[:13])]
    cards.append((None, False))  # the back
    threads: set[str] = set()
    real = pygame.image.load_sized_svg

    def load(*args):
        threads.add(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(pygame.image, "load_sized_svg", load)
    together, alone, size = CardArt(), CardArt(), (83, 116)
    together.prepare(cards, size)
    assert threads == (set() if plain else {"MainThread", "halfmoon-faces"})  # plain: later
    for card, four in cards:
        made = together.back(size) if card is None else together.face(card, size, four)
        one = alone.back(size) if card is None else alone.face(card, size, four)
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(one, "RGBA")


def test_a_tables_faces_are_begun_on_a_second_thread_as_its_scene_is_made(
    display, ctx, kind, monkeypatch
):
    """A table's scene starts rendering the faces its first frame shows as soon as it
    knows their size (while the rest of the first frame is made); that frame is the one
    drawn face by face (HALFMOON_PLAIN, but for its cards rendered whole, within 6
    levels: test_a_card_in_two_layers_is_the_card_rendered_whole); Python's switch
    interval is short only while the helper works."""
    import sys
    import threading
    import time

    from ui_helpers import Driver

    from game.look.faces_ahead import SWITCH_S
    from game.records.context import Context
    from game.scenes.flow import Flow

    before = sys.getswitchinterval()
    renders: list[str] = []
    real = pygame.image.load_sized_svg

    def load(*args):
        renders.append(threading.current_thread().name)
        if threading.current_thread().name != "MainThread":
            time.sleep(0.002)  # (a slow helper: the scene is made before it is done)
        return real(*args)

    monkeypatch.setattr(pygame.image, "load_sized_svg", load)
    frames = []
    for plain in ("", "1"):
        monkeypatch.setenv("HALFMOON_PLAIN", plain)
        renders.clear()
        pygame.display.set_mode((800, 600))
        context = ctx if not plain else Context.open(ctx.storage)
        scene = Flow(context).play(kind.from_code(kind.code(1)))
        begun = list(renders)
        assert ("halfmoon-faces" in begun) == (not plain)
        if not plain:
            assert sys.getswitchinterval() == pytest.approx(SWITCH_S)  # the helper works on
        driver = Driver(scene, size=(800, 600))
        driver.frames(1)
        frames.append(driver.screen.copy())
        assert sys.getswitchinterval() == before
    assert _pixels_unlike(frames[0], frames[1], levels=6) == 0  # (plain: cards whole)


def test_a_face_asked_for_while_it_is_being_rendered_ahead_is_that_render(display, monkeypatch):
    """A face asked for one by one while the helper still renders the faces begun ahead
    waits for them: the same pixels, each face rendered once."""
    from game.rules import standard_deck

    monkeypatch.delenv("HALFMOON_PLAIN", raising=False)
    renders: list[tuple] = []
    real = pygame.image.load_sized_svg
    monkeypatch.setattr(
        pygame.image, "load_sized_svg", lambda *a: renders.append(a[0].getvalue()) or real(*a)
    )
    cards = [(card, False) for card in standard_deck()[:10]]
    ahead, alone, size = CardArt(), CardArt(), (70, 98)
    ahead.ahead(cards, size)
    made = [pygame.image.tobytes(ahead.face(card, size), "RGBA") for card, _ in cards]
    assert len([svg for svg in renders if not PAPER.search(svg)]) == len(cards)  # and papers
    assert made == [pygame.image.tobytes(alone.face(card, size), "RGBA") for card, _ in cards]


def _pixels_unlike(one: pygame.Surface, other: pygame.Surface, levels: int = 3) -> int:
    """How many pixels of two pictures of one size differ by more than ``levels`` of 255
    in a colour channel."""
    up, down = one.copy(), other.copy()
    up.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # one - other, from 0
    down.blit(one, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # other - one, from 0
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_MAX)  # the difference
    near = pygame.mask.from_threshold(up, (0, 0, 0), (levels + 1,) * 3 + (255,))
    return up.get_width() * up.get_height() - near.count()


@pytest.mark.parametrize("size", [(40, 56), (139, 194), (250, 350)])
def test_a_card_in_two_layers_is_the_card_rendered_whole(display, monkeypatch, size):
    """Every face of each deck (classic, four-colour, large index) and every back, its
    paper rendered once for the size and its drawing laid over it: on the felt, within 6
    levels of 255 of the card rendered whole (HALFMOON_PLAIN); the paper rendered once."""
    from game.look.card_paper import render_card
    from game.rules import standard_deck

    names = [sprite_name(card) for card in standard_deck()]
    names += [f"four/{name}" for name in names] + ["back.svg"]
    names += [f"themed:large/{name}" for name in names[:52]]
    names += ["themed:backs/waves.svg", "themed:backs/lattice.svg"]
    art, papers = CardArt(), {}
    unlike = 0
    for name in names:
        path, data = art._source(name)
        svg = _sized_svg(data, size, path)
        pictures = []
        for plain in ("1", ""):
            monkeypatch.setenv("HALFMOON_PLAIN", plain)
            felt = pygame.Surface(size)
            felt.fill((20, 90, 50))
            felt.blit(render_card(svg, size, papers), (0, 0))
            pictures.append(felt)
        unlike += _pixels_unlike(*pictures, levels=6)
        assert _pixels_unlike(*pictures, levels=0) > 0 or name == names[0]  # (layered)
    assert unlike == 0
    assert 1 <= len(papers) <= 8  # one for most cards (the courts' own gradients: a few)
