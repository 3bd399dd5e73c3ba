"""The title screen's game chooser: a tile for each game, with a small picture of its
table (little cards in the chosen deck and back, as the table draws them) and its name."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ..games.catalog import GameKind, Picture
from ..look import theme, ui
from ..look.fonts import font
from ..look.i18n import _
from ..rules import Card

if TYPE_CHECKING:
    from ..look.sprites import CardArt

_FACES = tuple(Card.parse(name) for name in ("5H", "JC", "6S", "QD", "10D", "KS", "AC", "KH"))
"""The faces of the pictures, in turn: a few (each is rendered once per size), red and
black, and the court cards, whose look the large-index deck marks."""


TILE_WIDTH = 3.4
"""The narrowest tile in one row, in units (a name and a picture read at that width)."""
ROW = 4
"""The most tiles in one row (more would leave the attract screen's cards no room)."""


def per_row(width: int, count: int, unit: int) -> int:
    """How many of ``count`` tiles go in a row ``width`` wide: all of them when each is
    at least :data:`TILE_WIDTH` units wide and they are at most :data:`ROW`, else half of
    them (rounded up), in two rows."""
    gap = max(4, unit // 4)
    if count <= 2 or (count <= ROW and (width - gap * (count - 1)) // count >= unit * TILE_WIDTH):
        return count
    return math.ceil(count / 2)


def tiles(area: pygame.Rect, kinds: list[GameKind], unit: int) -> dict[str, pygame.Rect]:
    """Each game's tile in ``area``: in one row when they fit, else two (as
    :func:`height_for` counts them)."""
    count = len(kinds)
    gap = max(4, unit // 4)
    in_row = per_row(area.width, count, unit)
    width = (area.width - gap * (in_row - 1)) // in_row
    rows = math.ceil(count / in_row)
    height = (area.height - gap * (rows - 1)) // rows
    width = min(width, round(height * 1.6))
    total_w = in_row * width + (in_row - 1) * gap
    left = area.centerx - total_w // 2
    rects = {}
    for index, kind in enumerate(kinds):
        row, place = divmod(index, in_row)
        col = float(place)
        if row == rows - 1 and count % in_row:  # a shorter last row, centred
            col += (in_row - count % in_row) / 2
        rects[f"game-{kind.key}"] = pygame.Rect(
            round(left + col * (width + gap)), area.top + row * (height + gap), width, height
        )
    return rects


def height_for(unit: int, width: int, count: int) -> int:
    """The chooser's height for a window ``width`` wide with ``count`` games."""
    gap = max(4, unit // 4)
    rows = math.ceil(count / per_row(width - 2 * unit, count, unit))
    return rows * round(unit * 2.2) + (rows - 1) * gap


def draw(
    surface: pygame.Surface,
    rects: dict[str, pygame.Rect],
    kinds: list[GameKind],
    chosen: GameKind,
    playing: set[str],
    states: dict[str, str | None],
    stuck: frozenset[str] | set[str],
    palette: theme.Palette,
    cards: Cards,
) -> None:
    """Every tile: picture, name, the chosen one outlined, a dot for a game in progress
    (a crossed ring for one that is stuck: no move left), in the colours of ``palette``
    and with the cards of ``cards``."""
    names = name_lines([_(kind.name) for kind in kinds], list(rects.values()))
    for kind, (px, lines) in zip(kinds, names, strict=True):
        key = f"game-{kind.key}"
        rect = rects[key]
        selected = kind is chosen
        fill: tuple[int, ...] = palette.felt if selected else palette.button
        if states.get(key) == "hover":
            fill = tuple(min(255, c + 20) for c in fill)
        radius = max(6, rect.height // 8)
        ui.rounded_rect(surface, fill, rect, radius)
        edge = theme.ACCENT if selected else palette.button_edge
        ui.rounded_rect(
            surface, edge, rect, radius, max(2, rect.height // (14 if selected else 30))
        )
        line_h = font(px, True).get_linesize()
        rows = max(len(n[1]) for n in names)  # every tile's label as tall: pictures alike
        label_h = max(_label_h(rect), rows * line_h)
        outline = max(2, rect.height // 14)  # the chosen tile's, the widest
        picture = pygame.Rect(rect.left, rect.top, rect.width, rect.height - label_h).inflate(
            -rect.width // 8, -max(rect.height // 10, 2 * outline + 4)
        )
        _picture(surface, picture, kind, cards)
        colour = theme.ACCENT if selected else theme.TEXT
        middle = rect.bottom - label_h // 2 - rect.height // (20 if rows == 1 else 12)
        for index, line in enumerate(lines):
            y = middle - (len(lines) - 1) * line_h // 2 + index * line_h
            ui.draw_text(surface, line, px, colour, bold=True, center=(rect.centerx, y))
        dot = max(3, rect.height // 16)
        centre = (rect.right - dot * 2, rect.top + dot * 2)
        if kind.key in stuck:  # a game in progress with no move left: a "no" sign
            width = max(1, dot // 3)
            pygame.draw.circle(surface, theme.TEXT_DIM, centre, dot, width)
            reach = round(dot * 0.7)
            pygame.draw.line(
                surface,
                theme.TEXT_DIM,
                (centre[0] - reach, centre[1] + reach),
                (centre[0] + reach, centre[1] - reach),
                width,
            )
        elif kind.key in playing:  # a game in progress waits there
            pygame.draw.circle(surface, theme.ACCENT, centre, dot)


def _label_h(rect: pygame.Rect) -> int:
    """The height of a tile's name on one line."""
    return max(12, rect.height // 4)


def name_lines(names: list[str], rects: list[pygame.Rect]) -> list[tuple[int, tuple[str, ...]]]:
    """Each tile's name in lines, all at one size: the largest at which every name fits
    its tile, on one line or, where that is larger, two (broken at the space that makes
    them most even; a tile then gives its picture up to a third of its height less)."""
    best: list[tuple[int, tuple[str, ...]]] = []
    for name, rect in zip(names, rects, strict=True):
        width, base = rect.width - rect.height // 6, max(10, _label_h(rect) * 3 // 5)
        one = ui.fit_px(name, base, width, bold=True)
        best.append((one, (name,)))
        words = ui.drawable(name).split(" ")
        if one >= base or len(words) < 2:
            continue
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        lines = min(splits, key=lambda pair: max(font(base, True).size(p)[0] for p in pair))
        two = min(ui.fit_px(line, base, width, bold=True) for line in lines)
        while two > one and 2 * font(two, True).get_linesize() > rect.height // 3:
            two -= 1
        if two > one:
            best[-1] = (two, lines)
    common = min((px for px, _lines in best), default=10)
    return [
        (
            common,
            (name,)
            if ui.fit_px(name, common, rect.width - rect.height // 6, True) >= common
            else lines,
        )
        for name, rect, (_px, lines) in zip(names, rects, best, strict=True)
    ]


class Cards:
    """The little cards of the pictures: the chosen deck's faces (in four colours or two)
    and the chosen back, from the card art (rendered once a size, then kept apart from
    the table's cards: game.look.sprites.CardArt.little)."""

    def __init__(self, art: CardArt, four_colour: bool) -> None:
        self.art, self.four_colour = art, four_colour
        self._next = 0

    def start(self) -> None:
        """Begin a picture: its faces from the first of :data:`_FACES` on."""
        self._next = 0

    def face(self, size: tuple[int, int]) -> pygame.Surface:
        """The next face, at ``size``."""
        card = _FACES[self._next % len(_FACES)]
        self._next += 1
        return self.art.little(card, size, self.four_colour)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back, at ``size``."""
        return self.art.little(None, size)


def _picture(surface: pygame.Surface, area: pygame.Rect, kind: GameKind, cards: Cards) -> None:
    """A small picture of the game's table (its :class:`~game.games.kind.Picture`): an arc
    of cards with what lies inside it, or a grid of cards with a stock beside it; never
    outside ``area``."""
    picture = kind.picture
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    cards.start()
    try:
        if picture.piles > 0:
            _arc(surface, area, picture, cards)
        else:
            _grid(surface, area, picture, cards)
    finally:
        surface.set_clip(clip)


def _arc(surface: pygame.Surface, area: pygame.Rect, picture: Picture, cards: Cards) -> None:
    """An arc of ``picture.piles`` cards, rows of four inside it, and its mark."""
    piles = picture.piles
    card_w = max(3, area.width // (piles // 2 + 4))
    card_h = max(4, round(card_w * 1.4))
    size = (card_w, card_h)
    rx = area.width / 2 - card_w
    ry = area.height - card_h * 1.1
    for index in range(piles):
        angle = math.pi * (1.0 - index / max(1, piles - 1)) if piles > 1 else math.pi / 2
        x = area.centerx + math.cos(angle) * rx
        y = area.bottom - card_h * 0.6 - math.sin(angle) * ry
        _pile(surface, round(x), round(y), size, picture, cards)
    columns = min(4, picture.inner)
    for index in range(picture.inner):  # inside the arc: rows of four
        row, col = divmod(index, 4)
        x = area.centerx + (col - (columns - 1) / 2) * card_w * 1.25
        y = area.bottom - card_h * 1.9 + row * card_h * 1.1
        _card(surface, round(x), round(y), cards.face(size))
    if picture.mark:
        ui.draw_text(
            surface,
            picture.mark,
            max(8, card_h),
            theme.ACCENT,
            bold=True,
            center=(area.centerx, int(area.bottom - card_h * 2.9)),
        )


def _grid(surface: pygame.Surface, area: pygame.Rect, picture: Picture, cards: Cards) -> None:
    """A grid of ``picture.grid`` cards (columns, rows), and a stock of backs on its right
    when the picture has one, as large as the area allows."""
    columns, rows = picture.grid
    wide = columns + (1.4 if picture.stock else 0)  # the stock a little apart
    card_w = max(3, min(area.width / (wide * 1.2), area.height / (rows * 1.4 * 1.12)))
    card_h = card_w * 1.4
    step_x, step_y = card_w * 1.2, card_h * 1.12
    left = area.centerx - (wide * step_x - (step_x - card_w)) / 2 + card_w / 2
    top = area.centery - (rows * step_y - (step_y - card_h)) / 2 + card_h / 2
    size = (round(card_w), round(card_h))
    for row in range(rows):
        for col in range(columns):
            face = cards.face(size)
            _card(surface, round(left + col * step_x), round(top + row * step_y), face)
    if picture.stock:  # a little stack of backs beside the middle row
        x = round(left + (columns + 0.4) * step_x)
        y = round(top + (rows - 1) / 2 * step_y)
        for k in range(3):
            _card(surface, x + k, y - k, cards.back(size))


def _pile(
    surface: pygame.Surface,
    x: int,
    y: int,
    size: tuple[int, int],
    picture: Picture,
    cards: Cards,
) -> None:
    """One pile of the picture: a card, with the cards of its fan under it (backs or
    faces)."""
    w = size[0]
    if picture.fan is not None:
        step = max(1, w // 5)
        for k in range(picture.fan):
            under = cards.back(size) if k < picture.backs else cards.face(size)
            _card(surface, x - w // 2 + (k - 1) * step, y, under)
    _card(surface, x + (w // 5 if picture.fan is not None else 0), y, cards.face(size))


def _card(surface: pygame.Surface, cx: int, cy: int, image: pygame.Surface) -> None:
    """A little card centred on (cx, cy)."""
    surface.blit(image, image.get_rect(center=(cx, cy)))
