"""The title screen: Continue, Restart this deal, New game, Enter a deal code, Settings,
Rules, Statistics, Quit.

In a kiosk waiting for a player it is the attract screen: cards drift along an arc
around the menu, fading in at one end and out at the other, and a touch anywhere starts
a game.
"""

from __future__ import annotations

import functools
import math
from typing import Protocol

import pygame

from ..games.catalog import GameKind, kind_by_key, kind_of
from ..look import theme, ui
from ..look.i18n import N_, _
from ..rules import Card, Outcome, daily
from . import chooser, language_row
from .base import Context, Quit, Scene, pointer_position
from .menu import Column, MenuScene

ATTRACT_SECONDS = 40.0
"""How long one card takes along the attract arc."""
ATTRACT_FADE = 0.08
"""The share of the arc at each end over which a card fades in or out."""
ATTRACT_SQUARENESS = 0.6
"""How square the attract arc is (1: an ellipse; smaller: straighter sides, flatter top)."""
INVITE_CONTRAST = 5.0
"""The least contrast ratio (WCAG) of "Touch anywhere to play" against the background
behind it, at the dim end of its pulse (WCAG asks 4.5:1 of text)."""
INVITE_PULSE = 3.0
"""How fast the invitation pulses (radians of its sine a second)."""
_ATTRACT_CARDS = tuple(
    Card.parse(name)
    for name in ("5H", "6S", "JD", "QC", "KH", "AS", "10D", "3C", "8H", "4S", "7D", "9C")
)


class TitleFlow(Protocol):
    """What the title screen asks of the scene graph (game.scenes.flow.Flow)."""

    def resume(self) -> Scene: ...
    def restart(self, under: Scene, table: Scene | None) -> Scene: ...
    def new_game(self, under: Scene) -> Scene: ...
    def daily(self, under: Scene) -> Scene: ...
    def code_entry(self, back: Scene) -> Scene: ...
    def settings(self, back: Scene) -> Scene: ...
    def rules(self, back: Scene) -> Scene: ...
    def statistics(self, back: Scene) -> Scene: ...


class TitleScene(MenuScene):
    """The first screen, and the menu during a game."""

    title = N_("Half Moon")

    def __init__(self, ctx: Context, flow: TitleFlow, resume: Scene | None = None) -> None:
        super().__init__(ctx)
        self.flow = flow
        self.resume = resume
        self.time = 0.0
        self._marked: bool | None = None
        """Whether Today's deal was last drawn with its check mark (None: not drawn)."""

    def entries(self) -> list[tuple[str, str]]:
        # Continue and Restart always keep their places (disabled with no game to
        # continue): no button moves when a game starts, ends or is continued.
        items = [("continue", N_("Continue")), ("restart", N_("Restart this deal"))]
        kiosk = self.ctx.kiosk
        items.append(("new", N_("New game")))
        if kiosk is None or kiosk.daily:
            items.append(("daily", N_("Today's deal")))
        items.append(("code", N_("Enter a deal code")))
        if kiosk is None or kiosk.allow_settings:
            items.append(("settings", N_("Settings")))
        items.append(("rules", N_("Rules")))
        if kiosk is None or kiosk.allow_statistics:
            items.append(("stats", N_("Statistics")))
        if kiosk is None:
            items.append(("quit", N_("Quit")))  # a passer-by never sees a way out
        return items

    def label(self, key: str, label: str) -> str:
        """Today's deal with a check mark once today's is won (the date is read only when
        a daily deal was ever won: the first frame needs no calendar)."""
        if key == "daily":
            self._marked = self._todays_won()
            if self._marked:
                return f"{_(label)} \u2713"
        return super().label(key, label)

    def _todays_won(self) -> bool:
        """Whether today's deal of the chosen game is won (today: the date now)."""
        stats = self.ctx.stats
        return bool(stats.daily_won) and stats.daily_won_on(daily.today())

    def primary(self, key: str) -> bool:
        return key == "continue" or (key == "new" and self.ctx.game is None)

    def enabled(self, key: str) -> bool:
        """Continue and Restart only when the chosen game has a game in progress."""
        return key not in ("continue", "restart") or self.ctx.game is not None

    def under_way(self) -> list[GameKind]:
        """The offered games with a game in progress."""
        offered = self.offered()
        return [kind for kind in self.ctx.in_progress() if kind in offered]

    @property
    def animating(self) -> bool:
        """In a kiosk waiting for a player, the attract animation runs."""
        return self.attract

    @property
    def attract(self) -> bool:
        """Whether this title is a kiosk's attract screen: none of the games it offers is
        under way (a game left under way behind another tile still gets the idle reset)."""
        return self.ctx.kiosk is not None and not self.under_way()

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        self.time += dt
        if self._marked is not None and self._todays_won() != self._marked:
            self.dirty = True  # midnight passed, or the clock was set: the mark follows
        return None

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        nxt = super().handle_event(event)
        where = pointer_position(event, self.size)
        if nxt is None and self.attract and where is not None and not self.aimed_at(where):
            return self.choose("new")  # a touch away from the tiles and buttons: a game
        return nxt

    def aimed_at(self, where: tuple[int, int]) -> bool:
        """Whether a press at ``where`` was aimed at the tiles or the buttons: on one, or
        between two, or just off the block they make (a missed tile deals no game)."""
        column = self.column()
        blocks = [_menu_area(column).inflate(-column.unit // 4, -column.unit // 4)]
        tiles = list(self.chooser_rects(column).values())
        if tiles:
            blocks.append(tiles[0].unionall(tiles).inflate(column.unit // 4, column.unit // 4))
        row = language_row.area(self.language_rects(column), column.unit)
        blocks += [row] if row is not None else []
        return self.button_at(where) is not None or any(b.collidepoint(where) for b in blocks)

    def offered(self) -> list[GameKind]:
        """The games the chooser offers (a kiosk may offer fewer)."""
        return self.ctx.offered()

    def header_height(self, unit: int, width: int) -> int:
        """Room for the game chooser (or the crescent, with one game) over the menu: the
        same on the attract screen and in the menu, so that nothing moves between them."""
        if len(self.offered()) > 1:
            return chooser.height_for(unit, width, len(self.offered())) + unit // 3
        return unit * 2 if self.size[1] >= 480 else 0

    def footer_height(self, unit: int) -> int:
        """Room for a kiosk's row of languages along the bottom (game.scenes.language_row)."""
        return language_row.height(unit) + max(4, unit // 4) if self.languages() else 0

    def languages(self) -> tuple[str, ...]:
        """The languages a kiosk's visitor may choose on this screen (none elsewhere)."""
        return self.ctx.kiosk.languages if self.ctx.kiosk is not None else ()

    def language_rects(self, column: Column) -> dict[str, pygame.Rect]:
        """Each offered language's button, by key (none without a row)."""
        return language_row.rects(self.size, column.unit, self.languages())

    def focus_keys(self) -> list[str]:
        """The menu's buttons, then the row of languages."""
        return super().focus_keys() + list(self.language_rects(self.column()))

    def header_slack(self, unit: int, width: int) -> int:
        """The tiles (or the crescent) may be up to a third less tall where that makes
        the whole menu fit (ten buttons, Continue and Restart kept in place)."""
        return self.header_height(unit, width) // 3

    def header_key(self) -> object:
        return (self.attract, tuple(kind.key for kind in self.offered()))

    def chooser_rects(self, column: Column) -> dict[str, pygame.Rect]:
        """Each game's tile, by ``game-<key>`` (empty with one game)."""
        offered = self.offered()
        if len(offered) < 2:
            return {}
        area = column.header.inflate(-column.unit, -column.unit // 3)
        return chooser.tiles(area, offered, column.unit)

    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = super().button_rects()
        rects.update(self.chooser_rects(self.column()))
        rects.update(self.language_rects(self.column()))
        return rects

    def choose(self, key: str) -> Scene | None:
        flow = self.flow
        if key.startswith("game-"):
            self._choose_game(kind_by_key(key[len("game-") :]))
            return None
        language = language_row.code_of(key)
        if language is not None:  # a kiosk's visitor's: until the idle reset
            self.ctx.settings.language = language
            self.ctx.apply_settings()
            self.dirty = True
            return None
        if key == "continue":
            if self.resume is not None and getattr(self.resume, "game", None) is self.ctx.game:
                return self.resume
            return flow.resume()
        if key == "restart":
            return flow.restart(self, self.resume)
        if key == "new":
            return flow.new_game(self)
        if key == "daily":
            return flow.daily(self)
        if key == "code":
            return flow.code_entry(self)
        if key == "settings":
            return flow.settings(self)
        if key == "rules":
            return flow.rules(self)
        if key == "stats":
            return flow.statistics(self)
        if key == "quit":
            return Quit(self.ctx)
        return None

    def back(self) -> Scene | None:
        """Esc: back to the table the menu came from while its game is in progress (its
        kind's, even after another game's tile was touched); a finished table is not,
        and Esc stays here."""
        game = getattr(self.resume, "game", None)
        if game is None or self.ctx.of(kind_of(game)).game is not game:
            return None
        return self.resume

    def default(self) -> str | None:
        return next(key for key, _label in self.entries() if self.enabled(key))

    def key(self, event: pygame.event.Event) -> Scene | None:
        if event.key == pygame.K_n:
            return self.choose("new")
        if event.key == pygame.K_d and "daily" in dict(self.entries()):
            return self.choose("daily")
        offered = self.offered()
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
        if step is not None and len(offered) > 1:  # the arrows choose the game
            index = offered.index(self.ctx.kind) if self.ctx.kind in offered else 0
            self._choose_game(offered[(index + step) % len(offered)])
        return None

    def _choose_game(self, kind: GameKind) -> None:
        """``kind`` becomes the chosen game; a keyboard focus left on a button now
        disabled (Continue) goes to New game."""
        self.ctx.choose(kind)
        if self.focus is not None and not self.enabled(self.focus):
            self.focus = "new"
        self.dirty = True

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(self.palette.dark)

    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        rects = self.chooser_rects(column)
        if rects:
            under_way = [self.ctx.of(kind).game for kind in self.ctx.in_progress()]
            games = [game for game in under_way if game is not None]
            playing = {kind_of(game).key for game in games}
            stuck = {kind_of(game).key for game in games if game.outcome is Outcome.STALEMATE}
            states = {key: self.button_state(key) for key in rects}
            cards = chooser.Cards(self.ctx.art, self.ctx.settings.four_colour)
            offered, chosen = self.offered(), self.ctx.kind
            chooser.draw(
                surface, rects, offered, chosen, playing, states, stuck, self.palette, cards
            )
        if self.attract:
            self._draw_attract(surface, column)
        row = self.language_rects(column)
        states = {key: self.button_state(key) for key in row}
        speaks = self.ctx.settings.language
        language_row.draw(surface, row, speaks, states, self.focus, self.palette)
        if not column.header.height or rects:
            return
        # A crescent over the menu: a lit disc with a disc of the background over it.
        box = _crescent_box(column)
        radius, centre = box.width // 2, box.center
        pygame.draw.circle(surface, theme.ACCENT, centre, radius)
        offset = (centre[0] + int(radius * 0.45), centre[1] - int(radius * 0.25))
        pygame.draw.circle(surface, self.palette.dark, offset, int(radius * 0.88))

    def attract_cards(self, column: Column) -> list[tuple[Card, pygame.Rect, int]]:
        """Each attract card, where it is now and how opaque (0 ... 255): along an arc
        from the bottom left over the top to the bottom right, fading in at the start and
        out at the end, never over the menu or the title (hidden there: alpha 0)."""
        width, height = self.size
        card_w = max(24, min(width // 10, height // 7))
        size = (card_w, round(card_w * 1.4))
        menu = _menu_area(column).union(self.invite_place(column)[0])
        tiles = list(self.chooser_rects(column).values())
        if tiles:
            menu = menu.union(tiles[0].unionall(tiles).inflate(column.unit // 2, column.unit // 2))
        elif column.header.height:  # the crescent over the menu
            menu = menu.union(_crescent_box(column))
        row = language_row.area(self.language_rects(column), column.unit)
        menu = menu.union(row) if row is not None else menu
        top = column.title.bottom + size[1] // 2 + column.unit // 6
        bottom = height - size[1] // 2 - column.unit // 3
        rx = width / 2 - card_w * 0.6
        ry = max(1.0, bottom - top)
        cards = []
        for index, card in enumerate(_ATTRACT_CARDS):
            phase = (index / len(_ATTRACT_CARDS) + self.time / ATTRACT_SECONDS) % 1.0
            angle = math.pi * (1.0 - phase)
            # A squarish arc (a superellipse): up the left edge, along the top, down the
            # right edge, so the cards keep to the sides of the menu.
            across = math.copysign(abs(math.cos(angle)) ** ATTRACT_SQUARENESS, math.cos(angle))
            up = abs(math.sin(angle)) ** ATTRACT_SQUARENESS
            rect = pygame.Rect((0, 0), size)
            rect.center = (int(width / 2 + across * rx), int(bottom - up * ry))
            fade = max(0.0, min(1.0, phase / ATTRACT_FADE, (1.0 - phase) / ATTRACT_FADE))
            fade *= _clearance(rect, menu, column.title, card_w // 3)
            cards.append((card, rect, int(255 * fade)))
        return cards

    def _draw_attract(self, surface: pygame.Surface, column: Column) -> None:
        """Cards along an arc around the menu, and an invitation under it."""
        for card, rect, alpha in self.attract_cards(column):
            if alpha < 6:
                continue
            image = self.ctx.art.face(card, rect.size, self.ctx.settings.four_colour)
            if alpha < 255:
                image = image.copy()
                image.set_alpha(alpha)
            surface.blit(image, rect)
        menu = _menu_area(column)
        veil = pygame.Surface(menu.size, pygame.SRCALPHA)
        pygame.draw.rect(
            veil, (*self.palette.dark, 200), veil.get_rect(), border_radius=column.unit // 3
        )
        surface.blit(veil, menu)
        colour = invite_colour(self.time, theme.ACCENT, self.palette.dark)
        place, px = self.invite_place(column)
        invite = _("Touch anywhere to play")
        ui.draw_text(surface, invite, px, colour, bold=True, center=place.center)

    def invite_place(self, column: Column) -> tuple[pygame.Rect, int]:
        """Where "Touch anywhere to play" goes, under the menu, and its size."""
        width, height = self.size
        invite = _("Touch anywhere to play")
        px = ui.fit_px(invite, column.unit // 2, width - 2 * column.unit // 3, bold=True)
        text_w = ui.text_surface(invite, px, theme.ACCENT, True).get_width()
        menu = _menu_area(column)
        bottom = height - self.footer_height(column.unit)
        y = min(bottom - px, menu.bottom + column.unit // 2 + px // 2)
        place = pygame.Rect(0, 0, text_w + px, round(px * 1.4))
        place.center = (width // 2, y)
        return place, px


def invite_colour(
    time: float, colour: tuple[int, int, int], background: tuple[int, int, int]
) -> tuple[int, int, int]:
    """The invitation's colour at ``time``: it pulses between ``colour`` and the dimmest
    blend of it with ``background`` that keeps :data:`INVITE_CONTRAST` against it."""
    dim = _dimmest(colour, background)
    lit = 0.5 + 0.5 * math.sin(time * INVITE_PULSE)
    return (
        round(dim[0] + (colour[0] - dim[0]) * lit),
        round(dim[1] + (colour[1] - dim[1]) * lit),
        round(dim[2] + (colour[2] - dim[2]) * lit),
    )


@functools.cache
def _dimmest(
    colour: tuple[int, int, int], background: tuple[int, int, int]
) -> tuple[int, int, int]:
    """The blend of ``colour`` with ``background`` nearest the background whose contrast
    with it is still :data:`INVITE_CONTRAST` (``colour`` itself if that has less)."""
    low, high = 0.0, 1.0  # the share of the background in the blend
    for _step in range(20):
        share = (low + high) / 2
        if _contrast(_blend(colour, background, share), background) >= INVITE_CONTRAST:
            low = share
        else:
            high = share
    return _blend(colour, background, low)


def _blend(
    colour: tuple[int, int, int], background: tuple[int, int, int], share: float
) -> tuple[int, int, int]:
    """``colour`` with ``share`` (0 ... 1) of ``background`` mixed in, rounded towards
    ``colour`` (never less contrast than the exact blend)."""
    mixed = [c + (b - c) * share for c, b in zip(colour, background, strict=True)]
    near = [
        math.floor(m) if c < b else math.ceil(m)
        for m, c, b in zip(mixed, colour, background, strict=True)
    ]
    return (near[0], near[1], near[2])


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two sRGB colours (1 ... 21)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _luminance(colour: tuple[int, int, int]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _clearance(card: pygame.Rect, menu: pygame.Rect, title: pygame.Rect, reach: int) -> float:
    """1 for a card well clear of the menu and the title, falling to 0 as it comes within
    ``reach`` pixels of them (so a card fades out before it would touch them)."""
    nearest = reach
    for area in (menu, title):
        dx = max(area.left - card.right, card.left - area.right, 0)
        dy = max(area.top - card.bottom, card.top - area.bottom, 0)
        if dx == 0 and dy == 0:
            return 0.0
        nearest = min(nearest, max(dx, dy))
    return max(0.0, min(1.0, nearest / max(1, reach)))


def _crescent_box(column: Column) -> pygame.Rect:
    """The square the crescent over a one-game menu is drawn in (its lit disc's)."""
    radius = max(12, int(column.header.height * 0.4))
    box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    box.center = column.header.center
    return box


def _menu_area(column: Column) -> pygame.Rect:
    """The menu's buttons with a margin: the cards never pass under it."""
    rects = list(column.rects.values())
    if not rects:
        return pygame.Rect(column.view)
    area = rects[0].unionall(rects).move(0, column.view.top)
    return area.inflate(column.unit // 2, column.unit // 2)
