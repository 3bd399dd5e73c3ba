"""The chosen look on every screen (issue 37, item 3): the table colour on the title,
the menus, Settings, Statistics, the log and rules pages, code entry, the dialogs, the end
panels and the kiosk's screens, with every text at 4.5:1 against what it is on and every
button at 3:1 against what is around it; the chosen back and deck in the title's game
tiles; the large-index deck's Jack, Queen and King marked by a band in their colour."""

from __future__ import annotations

import pytest
from contrast_helpers import LEAST_UI_CONTRAST, Pixels, Texts, contrast
from test_geometry import _scenes
from ui_helpers import Driver, pygame

from game.look import theme
from game.look.art import FOUR_COLOURS, TWO_COLOURS
from game.look.sprites import CardArt
from game.records.settings import CARD_BACKS, DECKS, TABLE_COLOURS
from game.rules.cards import Card, Rank, Suit, standard_deck
from game.scenes.base import ButtonScene
from game.scenes.title import TitleScene

SIZE = (800, 480)


def _shaded(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """``colour`` under a dialog's shade (game.look.theme.SHADE)."""
    alpha = theme.SHADE[3]
    return (
        colour[0] * (255 - alpha) // 255,
        colour[1] * (255 - alpha) // 255,
        colour[2] * (255 - alpha) // 255,
    )


def _table_of(colour: tuple[int, int, int]) -> str:
    """The table colour whose felt or dark ``colour`` is nearest (shaded or not)."""

    def distance(name: str) -> int:
        felt, dark, _edge = theme.TABLES[name]
        shades = [felt, dark, _shaded(felt), _shaded(dark)]
        return min(sum((a - b) ** 2 for a, b in zip(colour, s, strict=True)) for s in shades)

    return min(theme.TABLES, key=distance)


def _buttons_against_surroundings(scene, pixels: Pixels) -> dict[str, float]:
    """Each button wholly on screen: the contrast of its outline or its fill (the more)
    with what is just outside its left edge."""
    found = {}
    for key, rect in scene.button_rects().items():
        outside = (rect.left - 3, rect.centery)
        if rect.left < 4 or rect.right > pixels.width or rect.top < 0:
            continue
        if rect.bottom > pixels.height:
            continue
        if any(other.collidepoint(outside) for other in scene.button_rects().values()):
            continue
        edge = pixels.at(rect.left, rect.centery)
        fill = pixels.at(rect.left + max(2, rect.height // 12), rect.centery)
        around = pixels.at(*outside)
        found[key] = max(contrast(edge, around), contrast(fill, around))
    return found


@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
@pytest.mark.parametrize("table", TABLE_COLOURS)
def test_every_screen_takes_the_table_colour_and_keeps_its_contrast(
    display, ctx, flow, monkeypatch, kiosk, table
):
    """Each screen (in the state with the most text) drawn with ``table`` chosen: its
    background is that table's colour (its felt or its dark, or either under a dialog's
    shade), each text colour it shows is at least 4.5:1 against each colour it lies on,
    and each button stands out at 3:1 from what is around it."""
    ctx.settings.table_colour = table
    ctx.apply_settings()
    scenes = _scenes(ctx, flow, kiosk)
    driver = Driver(TitleScene(ctx, flow), size=SIZE)
    texts = Texts(monkeypatch)
    wrong, faint, hidden = [], [], []
    for name, scene in scenes.items():
        driver.loop.switch(scene)
        driver.frames(1)
        texts.drawn.clear()
        scene.invalidate()
        driver.frames(1)
        pixels = Pixels(driver.screen)
        background = pixels.commonest()
        if _table_of(background) != table:
            wrong.append((name, background))
        faint += [(name, *text) for text in texts.faint(pixels)]
        if isinstance(scene, ButtonScene):
            for key, ratio in _buttons_against_surroundings(scene, pixels).items():
                if ratio < LEAST_UI_CONTRAST:
                    hidden.append((name, key, round(ratio, 2)))
    assert not wrong, f"screens not in the {table} table's colour: {wrong}"
    assert not faint, f"text under 4.5:1 on the {table} table: {faint}"
    assert not hidden, f"buttons under 3:1 on the {table} table: {hidden}"


# ------------------------------------------------------------------ the title's tiles
def _rgb(text: str) -> tuple[int, int, int]:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def _mean(surface: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    """The mean colour of ``rect`` of ``surface``."""
    raw = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    count = len(raw) // 3
    return (sum(raw[0::3]) / count, sum(raw[1::3]) / count, sum(raw[2::3]) / count)


def _near(colours: list[tuple[int, int, int]], colour, reach: float) -> int:
    """How many of ``colours`` lie within ``reach`` of ``colour`` (RGB distance)."""
    reach2 = reach * reach
    return sum(sum((a - b) ** 2 for a, b in zip(c, colour, strict=True)) <= reach2 for c in colours)


def _tiles(ctx, flow) -> list[tuple[int, int, int]]:
    """The title's game tiles as drawn at 1280x720: the colours of all their pixels."""
    title = TitleScene(ctx, flow)
    driver = Driver(title, size=(1280, 720))
    driver.frames(1)
    pixels = Pixels(driver.screen)
    rects = title.chooser_rects(title.column()).values()
    assert len(rects) == len(ctx.offered()) > 1
    return [
        pixels.at(x, y) for r in rects for x in range(r.left, r.right) for y in range(r.y, r.bottom)
    ]


@pytest.mark.parametrize("four", [False, True], ids=["two colours", "four colours"])
@pytest.mark.parametrize("back", CARD_BACKS)
def test_the_title_tiles_show_the_chosen_back_and_deck(display, ctx, flow, back, four):
    """The pictures on the title's game tiles show the chosen back (its colour, not the
    other backs') and faces of the chosen deck in the chosen suit colours (the
    four-colour deck's green and blue only with it), and each deck's faces differ."""
    ctx.settings.card_back, ctx.settings.four_colour = back, four
    ctx.apply_settings()
    art = CardArt()
    backs = {}
    for name in CARD_BACKS:  # each back's colour: its picture's mean, inside its border
        art.set_look("classic", name)
        backs[name] = _mean(art.back((60, 84)), pygame.Rect(12, 12, 36, 60))
    inks = {_rgb(ink) for ink in (FOUR_COLOURS if four else TWO_COLOURS).values()}
    others = {_rgb(ink) for ink in FOUR_COLOURS.values()} - inks
    drawn = {}
    for deck in DECKS:
        ctx.settings.deck = deck
        ctx.apply_settings()
        colours = drawn[deck] = _tiles(ctx, flow)
        shown = {name: _near(colours, colour, 24) for name, colour in backs.items()}
        assert shown[back] >= 50, (deck, shown)
        assert all(count <= 5 for name, count in shown.items() if name != back), (deck, shown)
        assert all(_near(colours, ink, 30) >= 10 for ink in inks), deck
        assert all(_near(colours, ink, 30) <= 2 for ink in others), deck
    assert len(set(map(tuple, drawn.values()))) == len(DECKS)  # each deck's own faces


# ------------------------------------------------------------ the large-index courts
SLIVER = 0.22
"""A Crescent fan's face-up sliver, as a share of the card's width (game.table.arcs)."""
STEP_BACK = (25, 35)
"""A card seen from a step back: a 250 x 350 face shrunk to this."""


@pytest.mark.parametrize("four", [False, True], ids=["two colours", "four colours"])
def test_the_large_index_court_cards_are_marked_in_their_colour(display, four):
    """Seen from a step back (shrunk to 25 x 35), a Jack, Queen or King of the
    large-index deck is far from every number card of its suit in colour, in its sliver
    alone (a covered card in a fan) and whole, and the three ranks far from each other;
    close up, its rank and suit are still 4.5:1 against what they lie on."""
    pygame.display.set_mode((1, 1))
    art = CardArt()
    art.set_look("large", "moons")
    size = (250, 350)
    sliver = pygame.Rect(1, 1, round(STEP_BACK[0] * SLIVER) - 1, STEP_BACK[1] - 2)
    whole = pygame.Rect(1, 1, STEP_BACK[0] - 2, STEP_BACK[1] - 2)
    seen = {}
    for card in standard_deck():
        small = pygame.transform.smoothscale(art.face(card, size, four), STEP_BACK)
        seen[card] = (_mean(small, sliver), _mean(small, whole))
    courts = [card for card in seen if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING)]
    numbers = [card for card in seen if card not in courts]

    def apart(a: Card, b: Card, part: int) -> float:
        return sum((x - y) ** 2 for x, y in zip(seen[a][part], seen[b][part], strict=True)) ** 0.5

    for court in courts:
        same_suit = [card for card in numbers if card.suit is court.suit]
        assert min(apart(court, card, 0) for card in same_suit) >= 40, court
        assert min(apart(court, card, 1) for card in same_suit) >= 25, court
        others = [card for card in courts if card.suit is court.suit and card.rank != court.rank]
        assert min(apart(court, card, 0) for card in others) >= 30, court
    for court in courts:
        face = art.face(court, size, four)
        corner = Pixels(face.subsurface((0, 0, round(size[0] * SLIVER), size[1] // 2)))
        ink = _rgb((FOUR_COLOURS if four else TWO_COLOURS)[court.suit])
        under = corner.commonest()
        assert _near(corner.colours, ink, 3) >= 200, court  # the index is drawn in its ink
        assert contrast(ink, under) >= 4.5, (court, under, contrast(ink, under))
    assert Suit.CLUBS in {card.suit for card in courts}  # green clubs: the hardest ink
