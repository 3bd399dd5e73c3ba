"""Screens with a title and a column of large buttons, from 320x240 up to 4K.

:class:`MenuScene` lays the column out for the window: buttons as large as fit (never
smaller than a fingertip), one label size for the whole column, an optional line of
explanation under a button, room above the list for a screen's own content (the
statistics, the deal code field), and buttons such as Back pinned at the bottom. A
list too long for the window scrolls by whole buttons (wheel, finger, Page Up/Down,
arrow keys), with a scroll bar. Arrows and Tab move a focus ring; Enter chooses the
focused button, or the default one.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..look import theme, ui
from ..look.fonts import font
from ..look.i18n import _
from .base import ButtonScene, Context, Pointer, Scene

MIN_UNIT = 28
"""The smallest button height: still a fingertip at 320x240."""


@dataclass(frozen=True)
class Column:
    """Where a menu's parts go for one window size and language."""

    unit: int
    """Button height."""
    title: pygame.Rect
    """The band the title is centred in."""
    header: pygame.Rect
    """Room under the title for the screen's own content (may be empty)."""
    view: pygame.Rect
    """The visible part of the scrolling list."""
    rects: dict[str, pygame.Rect]
    """Each listed button at scroll 0 (the list's top at ``view.top``)."""
    captions: dict[str, pygame.Rect]
    """The explanation line under a button, at scroll 0."""
    pinned: dict[str, pygame.Rect]
    """Buttons that never scroll (Back), along the bottom."""
    content_h: int
    """The height of the whole list."""
    label_px: int
    """One label size for every button of the column."""

    @property
    def max_scroll(self) -> int:
        """How far the list can scroll."""
        return max(0, self.content_h - self.view.height)


class MenuScene(ButtonScene):
    """A screen with a title and a centred column of large buttons."""

    title = ""
    """The untranslated title."""
    centre_list = True
    """Whether a list that fits is centred in its room (else it follows the header)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.scroll = 0
        self._column: tuple[object, Column] | None = None
        self._dragged = False

    @property
    def pinned_keys(self) -> tuple[str, ...]:
        """Keys of buttons pinned at the bottom instead of scrolling (e.g. ``("back",)``);
        a subclass sets them as a class attribute, or as a property when they change."""
        return ()

    # ------------------------------------------------------------ content
    def entries(self) -> list[tuple[str, str]]:
        """(key, untranslated label) of each button, top to bottom."""
        return []

    def label(self, key: str, label: str) -> str:
        """A button's text in the current language."""
        return _(label)

    def caption(self, key: str) -> str:
        """A line under the button explaining it (translated), or ''."""
        return ""

    def header_height(self, unit: int, width: int) -> int:
        """Pixels the screen needs under the title for its own content."""
        return 0

    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        """Draw the screen's own content in ``column.header``."""

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(self.palette.felt)

    # ----------------------------------------------------------- geometry
    def column(self) -> Column:
        """The geometry for the current window, language and entries (kept)."""
        entries = [(key, self.label(key, label)) for key, label in self.entries()]
        captions = tuple(self.caption(key) for key, _label in entries)
        key = (self.size, tuple(entries), captions, _(self.title), self.header_key())
        if self._column is None or self._column[0] != key:
            self._column = (key, self._make_column(entries, captions))
            self.scroll = min(self.scroll, self._column[1].max_scroll)
        return self._column[1]

    def header_room(self, unit: int) -> int:
        """The most a header can take: the room between the title and the pinned
        buttons (a screen whose list of buttons is all pinned)."""
        height = self.size[1]
        margin, gap = max(6, unit // 3), max(4, unit // 4)
        title = margin + round(unit * 1.5) if self.title else margin
        rows = len(self.pinned_keys)
        if rows in (2, 3) and height < 480:
            rows = 1
        return max(0, height - title - margin - rows * (unit + gap) - gap)

    def footer_height(self, unit: int) -> int:
        """Pixels the screen keeps along its bottom for its own row (a kiosk's languages)."""
        return 0

    def header_slack(self, unit: int, width: int) -> int:
        """Pixels of its height the header can do without: given up where that makes
        the whole list fit (no scrolling), else kept."""
        return 0

    def header_key(self) -> object:
        """What the header's height depends on besides the window (see :meth:`column`)."""
        return None

    def _make_column(self, entries: list[tuple[str, str]], captions: tuple[str, ...]) -> Column:
        width, height = self.size
        unit = max(MIN_UNIT, min(round(height * 0.075), round(width * 0.1)))
        margin = max(6, unit // 3)
        gap = max(4, unit // 4)
        title = pygame.Rect(0, margin, width, round(unit * 1.5)) if self.title else None
        top = title.bottom if title is not None else margin
        header = pygame.Rect(0, top, width, self.header_height(unit, width))
        wanted = max(10, int(unit * 0.42))
        widest = max((font(wanted, True).size(ui.drawable(t))[0] for _k, t in entries), default=0)
        button_w = min(width - 2 * margin, max(unit * 7, round(width * 0.3), widest + unit))
        left = (width - button_w) // 2
        pinned_entries = [e for e in entries if e[0] in self.pinned_keys]
        listed = [e for e in entries if e[0] not in self.pinned_keys]
        side_by_side = len(pinned_entries) in (2, 3) and height < 480  # a short window
        pinned_rows = 1 if side_by_side else len(pinned_entries)
        caption_h = max(12, round(unit * 0.45))
        by_key = dict(zip([k for k, _l in entries], captions, strict=True))
        room = height - margin - top - self.footer_height(unit)
        pinned_h = pinned_rows * (unit + gap)
        rects, caption_rects, content_h = _stack(
            listed, by_key, [left], button_w, unit, gap, caption_h, (margin, width - 2 * margin)
        )
        two_wide = 2 * button_w + 3 * margin <= width
        if header.height + gap + content_h + pinned_h > room and two_wide and len(listed) >= 4:
            # A wide window: the list in two columns, each caption under its own button,
            # the buttons as wide as the captions like (up to half the window each).
            said = [font(caption_size(caption_h)).size(ui.drawable(c))[0] for c in captions]
            half = (width - 3 * margin) // 2
            wide = min(half, max([button_w, *said]))
            lefts = [width // 2 - margin // 2 - wide, width // 2 + margin // 2]
            rects, caption_rects, content_h = _stack(
                listed, by_key, lefts, wide, unit, gap, caption_h, None
            )
        block_h = header.height + (gap + content_h if listed else 0) + pinned_h
        if room < block_h <= room + self.header_slack(unit, width):
            header.height -= block_h - room  # a little less header: no scrolling
            block_h = room
        if block_h <= room:
            # It all fits: one block under the title (centred), the pinned buttons too.
            shift = (room - block_h) // 2 if self.centre_list else 0
            header = header.move(0, shift)
            view = pygame.Rect(0, header.bottom + gap, width, content_h)
            bottom = (view.bottom if listed else header.bottom) + pinned_h
        else:  # the pinned buttons along the bottom; the list scrolls between
            bottom = height - margin - self.footer_height(unit)
            view = pygame.Rect(0, header.bottom + gap, width, 0)
            view.height = max(unit, bottom - pinned_h - view.top)
        pinned = {}
        if side_by_side:
            count = len(pinned_entries)
            half = (width - 2 * margin - (count - 1) * gap) // count
            for index, (key, _label) in enumerate(pinned_entries):
                pinned[key] = pygame.Rect(margin + index * (half + gap), bottom - unit, half, unit)
        else:
            for key, _label in reversed(pinned_entries):
                pinned[key] = pygame.Rect(left, bottom - unit, button_w, unit)
                bottom -= unit + gap
        labels = [label for _k, label in entries]
        return Column(
            unit=unit,
            title=title if title is not None else pygame.Rect(0, 0, 0, 0),
            header=header,
            view=view,
            rects=rects,
            captions=caption_rects,
            pinned=pinned,
            content_h=content_h,
            label_px=common_px(
                labels,
                unit,
                min(r.width for r in [*rects.values(), *pinned.values()])
                if rects or pinned
                else button_w,
            ),
        )

    def button_rects(self) -> dict[str, pygame.Rect]:
        """Each button where it is now: listed ones scrolled (and cut to the visible
        list: a half-hidden button takes presses only on its visible part)."""
        column = self.column()
        shown = {}
        for key, rect in column.rects.items():
            moved = rect.move(0, column.view.top - self.scroll).clip(column.view)
            if moved.height > 0 and self.enabled(key):
                shown[key] = moved
        shown.update({key: rect for key, rect in column.pinned.items() if self.enabled(key)})
        return shown

    def _full_rect(self, key: str, column: Column) -> pygame.Rect:
        if key in column.pinned:
            return column.pinned[key]
        return column.rects[key].move(0, column.view.top - self.scroll)

    # -------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.column().unit)
            return None
        if event.type == pygame.FINGERMOTION and abs(event.dy * self.size[1]) > 0:
            self.scroll_by(-event.dy * self.size[1])
            self._dragged = True
            return None
        if event.type == pygame.KEYDOWN:
            moved = self._key_focus(event)
            if moved:
                return None
            chosen = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if chosen and self.focus is not None and self.focus in self.button_rects():
                self.dirty = True
                return self.choose(self.focus)
        return super().handle_event(event)

    def pointer(self, touch: Pointer) -> Scene | None:
        if touch.kind == "down":
            self._dragged = False
        elif touch.kind == "up" and self._dragged:
            self._dragged = False
            self._pressed = None  # the finger scrolled the list: no button
            self.dirty = True
            return None
        return super().pointer(touch)

    def _key_focus(self, event: pygame.event.Event) -> bool:
        """Arrows, Tab and Page Up/Down; True if the key was one of them."""
        keys, column = self.focus_keys(), self.column()
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = max(column.unit, column.view.height - column.unit)
            self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        step = {pygame.K_DOWN: 1, pygame.K_UP: -1}.get(event.key)
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
        if step is None or not keys:
            return False
        if self.focus not in keys:
            self.focus = keys[0] if step > 0 else keys[-1]
        else:
            self.focus = keys[(keys.index(self.focus) + step) % len(keys)]
        self._show(self.focus, column)
        self.dirty = True
        return True

    def focus_keys(self) -> list[str]:
        """The buttons the arrows and Tab go through, in their order."""
        return [key for key, _label in self.entries() if self.enabled(key)]

    def reach(self, key: str, column: Column) -> pygame.Rect:
        """What is shown with listed button ``key`` when it gets the focus (at scroll 0):
        the button and its caption."""
        rect = column.rects[key]
        caption = column.captions.get(key)
        return rect.union(caption) if caption is not None else rect

    def _show(self, key: str, column: Column) -> None:
        """Scroll so that button ``key`` (and what goes with it) is wholly visible."""
        if key not in column.rects:
            return
        rect = self.reach(key, column)
        if rect.top < self.scroll:
            self.scroll = rect.top
        elif rect.bottom > self.scroll + column.view.height:
            self.scroll = rect.bottom - column.view.height
        self.scroll = max(0, min(self.scroll, column.max_scroll))

    def scroll_by(self, amount: float) -> None:
        """Scroll the list, by whole buttons where the list allows."""
        column = self.column()
        step = column.unit + max(4, column.unit // 4)
        steps = round(amount / step) or (1 if amount > 0 else -1 if amount < 0 else 0)
        self.scroll = max(0, min(self.scroll + steps * step, column.max_scroll))
        self.dirty = True

    def notice_area(self) -> pygame.Rect | None:
        """While a notice shows, it takes the title's band (the title steps aside for
        those seconds), the width the title may take: it covers nothing then."""
        band = self.column().title
        if self.ctx.notice is None or not self.title or not band.height:
            return None
        margin = self.column().unit // 3
        return pygame.Rect(margin, band.top, self.size[0] - 2 * margin, band.height)

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        self.draw_background(surface)
        column = self.column()
        if self.title and self.notice_area() is None:  # (a notice takes its place)
            title = _(self.title)
            px = ui.fit_px(title, int(column.unit * 0.9), self.size[0] - 2 * column.unit // 3, True)
            ui.draw_text(surface, title, px, theme.TEXT, bold=True, center=column.title.center)
        self.draw_header(surface, column)
        clip = surface.get_clip()
        surface.set_clip(column.view)
        labels = {key: self.label(key, label) for key, label in self.entries()}
        for key in column.rects:
            self._draw_entry(surface, column, key, labels[key])
        surface.set_clip(clip)
        for key in column.pinned:
            self._draw_entry(surface, column, key, labels[key])
        if column.max_scroll:
            self._draw_scroll_bar(surface, column)
        return None

    def primary(self, key: str) -> bool:
        """Whether button ``key`` is drawn as the main choice."""
        return False

    def _draw_entry(self, surface: pygame.Surface, column: Column, key: str, label: str) -> None:
        rect = self._full_rect(key, column)
        ui.draw_button(
            surface,
            rect,
            label,
            primary=self.primary(key),
            enabled=self.enabled(key),
            state=self.button_state(key),
            px=column.label_px,
            palette=self.palette,
        )
        if key == self.focus:
            ring = rect.inflate(column.unit // 6, column.unit // 6)
            width = max(2, column.unit // 14)
            pygame.draw.rect(surface, theme.FOCUS, ring, width, border_radius=column.unit // 4)
        caption = column.captions.get(key)
        if caption is not None:
            text = self.caption(key)
            moved = caption.move(0, rect.bottom - column.rects[key].bottom)
            ui.draw_text(
                surface, text, self._caption_px(column), theme.CAPTION, center=moved.center
            )

    def _caption_px(self, column: Column) -> int:
        """One size for every caption of the column: the largest at which all fit."""
        texts = [self.caption(key) for key in column.captions]
        return min(
            (
                ui.fit_px(t, caption_size(r.height), r.width)
                for t, r in zip(texts, column.captions.values(), strict=True)
            ),
            default=10,
        )

    def _draw_scroll_bar(self, surface: pygame.Surface, column: Column) -> None:
        view = column.view
        first = max(column.rects.values(), key=lambda r: r.right)
        track_w = max(4, column.unit // 8)
        track = pygame.Rect(first.right + column.unit // 4, view.top, track_w, view.height)
        if track.right > self.size[0]:
            track.right = self.size[0] - 2
        thumb = track.copy()
        thumb.height = max(column.unit // 2, view.height * view.height // column.content_h)
        thumb.top = view.top + (view.height - thumb.height) * self.scroll // column.max_scroll
        pygame.draw.rect(surface, self.palette.dark, track, border_radius=track_w // 2)
        pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=track_w // 2)


class SubScene(MenuScene):
    """A screen with a Back button that returns to where it was opened from."""

    pinned_keys: tuple[str, ...] = ("back",)

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx)
        self._back = back

    def back(self) -> Scene | None:
        self._back.invalidate()
        return self._back


def _stack(
    listed: list[tuple[str, str]],
    captions: dict[str, str],
    lefts: list[int],
    button_w: int,
    unit: int,
    gap: int,
    caption_h: int,
    caption_span: tuple[int, int] | None,
) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect], int]:
    """The listed buttons one under another in ``len(lefts)`` columns (the first
    column gets the odd one), each with its caption; (rects, captions, height). A caption
    spans ``caption_span`` (left, width) when given, else its button's width."""
    per_column = -(-len(listed) // len(lefts))
    rects, caption_rects = {}, {}
    height = 0
    for column, left in enumerate(lefts):
        y = 0
        for key, _label in listed[column * per_column : (column + 1) * per_column]:
            rects[key] = pygame.Rect(left, y, button_w, unit)
            y += unit
            if captions[key]:  # a caption is a sentence: as wide as it may be
                span = caption_span if caption_span is not None else (left, button_w)
                caption_rects[key] = pygame.Rect(span[0], y + gap // 3, span[1], caption_h)
                y += caption_h + gap // 3
            y += gap
        height = max(height, y - gap)
    return rects, caption_rects, max(0, height)


def caption_size(height: int) -> int:
    """The size a caption ``height`` pixels tall is written at where it fits."""
    return max(10, height * 4 // 5)


def common_px(labels: list[str], unit: int, button_w: int) -> int:
    """The label size every button of a column shares: the largest at which the
    labels fit, but not smaller than a third of the button (a longer label then shrinks
    alone, drawn by ui.draw_button)."""
    wanted = max(10, int(unit * 0.42))
    floor = max(10, unit // 3)
    room = button_w - unit // 2
    px = wanted
    for label in labels:
        while px > floor and font(px, True).size(ui.drawable(label))[0] > room:
            px -= 1
    return px
