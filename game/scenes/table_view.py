"""Drawing the table: felt, slots, selection, veils, labels, the bar, cards in flight,
messages and the celebration, from a :class:`~game.table.frame.Frame`.

The view draws the value it is handed and keeps only what is worth keeping between
frames: the frame it drew last, and (in game.scenes.tiles) the felt and the slot tiles
per window size. A frame repaints just the rectangles whose content changed (felt
first, then whatever overlaps them, in the usual order); the first frame after a resize
or a scene drawn over the table repaints everything.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ..look import fonts, theme, ui
from ..table.frame import Frame, Sprite, faces_of
from .damage import tidy
from .tiles import SlotTiles

if TYPE_CHECKING:
    from ..look.sprites import CardArt
    from ..table.layout import Layout

_EIGHTS = str.maketrans("0123456789", "8888888888")
INFO_GAP = "    "
"""Between the parts of the info bar (time, score, moves, code)."""
PILL_PAD = "\u00a0\u00a0"
"""Around a message written among the info bar's parts: room for its dark box."""


class TableView:
    """Draws frames of the table, repainting only what changed since the last one."""

    def __init__(self) -> None:
        self.tiles = SlotTiles()
        self._drawn: Frame | None = None
        self._drawn_sprites: list[pygame.Rect] = []
        self._full = True
        self._sprite_cache: dict[Sprite, tuple[pygame.Surface, pygame.Rect]] = {}
        self._time_slot = pygame.Rect(0, 0, 0, 0)
        self._time_centre = 0
        self._info_px = 1
        self._info_parts: list[tuple[str, int, int]] = []
        """This frame's info after the time: each part with its left edge and middle."""
        self.code_rect = pygame.Rect(0, 0, 0, 0)
        """Where the deal code was last drawn in the info bar (a tap there copies it)."""
        self._theme: tuple[str, object] = ("green", None)
        """The felt's colour and the card art's look the tiles were made with."""
        self._bar_boxes: list[tuple[str, pygame.Rect]] = []
        self._message_box: tuple[str, pygame.Rect] | None = None
        self._bar_message: pygame.Rect | None = None
        self._message_px = 1
        self._alone = False
        """Whether this frame's message takes the info's whole place (the info hidden)."""
        """Where this frame's message goes among the info bar's parts, when the felt has
        no place for it: the info steps aside for it (see :meth:`_measure_info`)."""

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Each text and button drawn on the table as it stands, with the box it was drawn
        in: the info bar's parts, the buttons, then the message if one shows (the boxes
        the drawing used, kept as it drew them)."""
        shown = [*self._bar_boxes]
        return [*shown, self._message_box] if self._message_box is not None else shown

    def reset(self) -> None:
        """Forget the cached felt and tiles and repaint everything next time (a resize)."""
        self.tiles.reset()
        self._sprite_cache.clear()
        self._full = True

    def invalidate(self) -> None:
        """Repaint everything next time (another scene drew over the table)."""
        self._full = True

    # ------------------------------------------------------------------ draw
    def draw(
        self, surface: pygame.Surface, frame: Frame, layout: Layout, art: CardArt
    ) -> list[pygame.Rect] | None:
        """Draw what changed; the rectangles repainted, or None when all was repainted."""
        if (frame.table, art.look) != self._theme:  # another felt, deck or back: all anew
            self.reset()
            self.tiles.colours = theme.TABLES.get(frame.table, theme.TABLES["green"])
            self._theme = (frame.table, art.look)
        sprites = [self._sprite(sprite, art, layout.card) for sprite in frame.sprites]
        self._sprite_cache = dict(zip(frame.sprites, sprites, strict=True))
        moving = [rect.inflate(2, 2) for _image, rect in sprites]
        if frame.sparks is not None:
            moving += [rect for _image, rect in self._spark_images(frame, layout)]
        before = self._drawn
        self._measure_info(frame, layout)
        if self._full or before is None or (before.sparks is None) != (frame.sparks is None):
            self._draw_all(surface, frame, layout, art)
            self._drawn, self._drawn_sprites, self._full = frame, moving, False
            return None
        damage = self._drawn_sprites + moving
        busy = damage + ([layout.message] if frame.message or before.message else [])
        direct: list[pygame.Rect] = []
        for name in layout.slots:
            now, was = frame.looks[name], before.looks.get(name)
            focus_same = (frame.focus == name) == (before.focus == name)
            label_same = frame.labels.get(name) == before.labels.get(name)
            if now == was and focus_same and label_same:
                continue
            ring = frame.focus == name or before.focus == name or now.target
            ring = ring or (was is not None and was.target)  # (rings reach past the tile)
            veil = (
                self.tiles.veil_part(layout, name, now)
                if was is not None
                and not ring
                and label_same
                and replace(now, dimmed=was.dimmed) == was
                else None
            )
            if veil is not None and veil.collidelist(busy) < 0:
                # Only the Placement aid's veil came or went: it covers just the top card,
                # and the card's part of the screen touches no other slot's cell.
                tile, area = self.tiles.tile(layout, name, now, art)
                part = veil.clip(area)
                surface.blit(tile, part, part.move(-area.left, -area.top))
                direct.append(part)
            elif (
                not ring
                and label_same
                and name in self.tiles.isolated(layout)
                and self.tiles.area(layout, name).collidelist(busy) < 0
            ):
                # Only the slot itself changed: its opaque tile covers all of it.
                tile, area = self.tiles.tile(layout, name, now, art)
                surface.blit(tile, area)
                direct.append(area)
            else:
                damage.append(self.tiles.cell(layout, name))
        if _info_look(frame) != _info_look(before):
            damage.append(layout.info)
        elif frame.info[:1] != before.info[:1]:
            damage.append(self._time_slot)  # the clock ticked: its slot only
        for button, rect in zip(frame.buttons, layout.buttons.values(), strict=True):
            if button not in before.buttons:
                damage.append(rect)
        if frame.message is not None or before.message is not None:
            damage.append(layout.message)
        damage = tidy(damage, surface.get_rect())
        for rect in damage:
            self._repair(surface, frame, layout, art, rect)
        if frame.sparks is not None:
            # Sparks fly over everything: those in a repainted place are drawn again.
            self._draw_sparks(surface, frame, layout, damage)
        self._drawn, self._drawn_sprites = frame, moving
        return damage + direct

    def _repair(
        self, surface: pygame.Surface, frame: Frame, layout: Layout, art: CardArt, rect: pygame.Rect
    ) -> None:
        """Repaint one rectangle from the felt up, clipped to it."""
        clip = surface.get_clip()
        surface.set_clip(rect)
        touched = [n for n in layout.slots if self.tiles.cell(layout, n).colliderect(rect)]
        if not any(self.tiles.area(layout, n).contains(rect) for n in touched):
            # (inside one slot's area its opaque tile covers the felt whole)
            self.tiles.felt(layout).paint(surface, rect.topleft, rect, places=False)
        self._draw_slots(surface, frame, layout, art, touched)
        if layout.bar.colliderect(rect):
            self._draw_bar(surface, frame, layout)
        self._draw_sprites(surface, rect)
        if layout.message.colliderect(rect):
            self._draw_message(surface, frame, layout)
        surface.set_clip(clip)

    def _draw_all(
        self, surface: pygame.Surface, frame: Frame, layout: Layout, art: CardArt
    ) -> None:
        # every face the slots show, rendered two at a time when many are new (the first
        # frame, a new deal)
        art.prepare(faces_of(frame.looks), layout.card)
        self.tiles.felt(layout).paint(surface, (0, 0), surface.get_rect())
        self._draw_slots(surface, frame, layout, art, list(layout.slots), on_felt=True)
        self._draw_bar(surface, frame, layout)
        self._draw_sprites(surface)
        self._draw_message(surface, frame, layout)
        if frame.sparks is not None:
            self._draw_sparks(surface, frame, layout)

    def _draw_slots(
        self,
        surface: pygame.Surface,
        frame: Frame,
        layout: Layout,
        art: CardArt,
        names: list[str],
        on_felt: bool = False,
    ) -> None:
        """The slots ``names`` from their tiles (``on_felt``: painted onto the felt just
        drawn, where a tile is not made yet), each tile's seams with the slots before it
        painted again, then the focus ring and the labels."""
        looks = frame.looks
        for name in names:
            if on_felt and not self.tiles.has(name, looks[name]):
                self.tiles.paint_on(surface, layout, name, looks[name], art)
                continue  # (its cards alone, over what the slots before it painted)
            tile, area = self.tiles.tile(layout, name, looks[name], art)
            surface.blit(tile, area)
            for seam, under in self.tiles.seams(layout, name):
                # The tile's felt covered the cards of the slots before it there.
                self.tiles.mend_seam(
                    surface, layout, seam, [(other, looks[other]) for other in under], art
                )
        for name in names:
            self.tiles.draw_target(surface, layout, name, looks[name])
        width = layout.card[0]
        if frame.focus is not None and frame.focus in names:
            look = frame.looks[frame.focus]
            ring = layout.slots[frame.focus].move(look.top[1] if look.top else 0, 0)
            pygame.draw.rect(
                surface,
                theme.FOCUS,
                ring.inflate(width // 5, width // 5),
                width=max(3, width // 25),
                border_radius=max(4, width // 7),
            )
        if frame.labels:
            high = next(iter(layout.labels.values())).height  # (ink: three quarters of it)
            px = max(high * 3 // 4, min(ui.SMALLEST_PX, high))
            for name in names:
                text = frame.labels.get(name)
                if text:  # (within its place, which the slot's cell holds)
                    rect = layout.labels[name]
                    image = ui.text_within(text, px, theme.TEXT_DIM, rect.size)
                    surface.blit(image, image.get_rect(center=rect.center))

    # ------------------------------------------------------------------- bar
    def _measure_info(self, frame: Frame, layout: Layout) -> None:
        """How this frame's info goes: its size, each part's place (in one line, or two
        where two give larger text), the time's slot and where the deal code is.

        Where the felt has no place for a message (the cards fill it), the message is one
        more part of the info, last: the other parts step aside for it (smaller, or in two
        lines) and stay readable, the buttons stay where they are. A message too long for
        that (a notice naming a folder) takes the info's whole place while it shows, in
        lines if it needs them."""
        info = layout.info
        shape = _time_shape(frame)
        in_bar = frame.message is not None and layout.message == info
        extra = (f"{PILL_PAD}{frame.message[0]}{PILL_PAD}",) if frame.message and in_bar else ()
        px, lines = info_lines((shape, *frame.info[1:], *extra), layout.font_px, info.size)
        face = fonts.font(px)
        gap = face.size(INFO_GAP)[0]
        self._info_px = self._message_px = px
        self._info_parts = []
        self._bar_message = None
        self.code_rect = pygame.Rect(0, 0, 0, 0)
        self._alone = bool(frame.message and extra) and px < min(layout.font_px, ui.SMALLEST_PX)
        if frame.message and self._alone:
            self._bar_message = pygame.Rect(info)
            self._message_px = alone_px(frame.message[0], layout.font_px, info.size)
            self._time_slot = pygame.Rect(info.topleft, (0, 0))
            return
        line_h = _line_height(face)
        first = info.centery - (len(lines) - 1) * line_h // 2  # the first line's middle
        for index, line in enumerate(lines):
            top = info.top + info.height * index // len(lines)  # each line's share
            share = pygame.Rect(info.left, top, info.width, info.height // len(lines))
            centre = first + index * line_h
            x = info.left
            for number, part in enumerate(line):
                width = face.size(part)[0]
                if index == number == 0:
                    self._time_slot = pygame.Rect(x, share.top, width, share.height)
                elif extra and index == len(lines) - 1 and number == len(line) - 1:
                    pill = pygame.Rect(x, 0, width, line_h)
                    pill.centery = centre
                    self._bar_message = pill.clip(info)  # (repainted with the info)
                else:
                    self._info_parts.append((part, x, centre))
                    if part == frame.code:
                        self.code_rect = pygame.Rect(x, share.top, width, share.height)
                x += width + gap
        self._time_centre = first

    def _draw_bar(self, surface: pygame.Surface, frame: Frame, layout: Layout) -> None:
        pygame.draw.rect(surface, theme.BAR, layout.bar)
        px = self._info_px
        boxes = self._bar_boxes = []
        # The time has a slot of its own, as wide as any time with as many digits: the
        # other parts never move, and the clock's tick repaints only the slot. The time
        # is rendered anew each second (uncached, so the text cache keeps the rest).
        if frame.info and not self._alone:
            time_text = frame.info[0]
            if frame.clock_running:
                image = fonts.font(px).render(ui.drawable(time_text), True, theme.TEXT)
            else:
                image = ui.text_surface(time_text, px, theme.TEXT)
            box = image.get_rect(midleft=(self._time_slot.left, self._time_centre))
            surface.blit(image, box)
            boxes.append((time_text, box))
            ui.note_text(surface, time_text, box)
        for part, x, y in self._info_parts:
            image = ui.text_surface(part, px, theme.TEXT)
            box = image.get_rect(midleft=(x, y))
            surface.blit(image, box)
            boxes.append((part, box))
            ui.note_text(surface, part, box)
        rects = list(layout.buttons.values())
        label_px = ui.row_px([(b.label, r) for b, r in zip(frame.buttons, rects, strict=True)])
        for button, rect in zip(frame.buttons, rects, strict=True):
            boxes.append((button.label, rect))
            ui.draw_button(
                surface,
                rect,
                button.label,
                enabled=button.enabled,
                state=button.state,
                primary=button.primary,
                px=label_px,
                palette=theme.palette(frame.table),
            )

    # --------------------------------------------------------------- sprites
    def _sprite(
        self, sprite: Sprite, art: CardArt, card: tuple[int, int]
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """A sprite's picture at its size and opacity, and where (made once a frame):
        the card rendered at the table's card size, scaled only when drawn smaller."""
        made = self._sprite_cache.get(sprite)
        if made is not None:
            return made
        rect = pygame.Rect(sprite.rect)
        size = (max(1, rect.width), max(1, rect.height))
        if sprite.card is None:
            image = art.back(card)
        else:
            image = art.face(sprite.card, card, sprite.four_colour)
        if image.get_size() != size:
            image = pygame.transform.smoothscale(image, size)
        elif sprite.alpha < 255:
            image = image.copy()
        if sprite.alpha < 255:
            image.set_alpha(sprite.alpha)
        if sprite.shadow:
            offset = max(3, size[0] // 16)
            shadowed = pygame.Surface((size[0] + offset, size[1] + offset), pygame.SRCALPHA)
            shade = pygame.Rect((offset, offset), size)
            ui.rounded_rect(shadowed, (0, 0, 0, 80), shade, max(4, size[0] // 10))
            shadowed.blit(image, (0, 0))
            image = shadowed
            rect = pygame.Rect(rect.topleft, shadowed.get_size())
        return image, rect

    def _draw_sprites(self, surface: pygame.Surface, only: pygame.Rect | None = None) -> None:
        for image, rect in self._sprite_cache.values():
            if only is None or rect.inflate(10, 10).colliderect(only):
                surface.blit(image, rect)

    def _draw_message(self, surface: pygame.Surface, frame: Frame, layout: Layout) -> None:
        self._message_box = None
        if frame.message is None:
            return
        text, fade = frame.message
        if self._bar_message is not None:  # among the info's parts, or in its place
            rect = self._bar_message
            ui.draw_toast(surface, rect, text, self._message_px, fade, loud=True)
        else:
            rect = layout.message
            px = ui.fit_px(text, int(rect.height * 0.5), rect.width - rect.height, bold=True)
            ui.draw_toast(surface, rect, text, px, fade, bold=True)
        self._message_box = (text, rect)

    def _spark_images(
        self, frame: Frame, layout: Layout
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each celebration spark's picture and where it is drawn this frame."""
        px = max(16, layout.card[1] // 5)
        images = []
        for symbol, colour, x, y in frame.sparks or ():
            image = ui.text_surface(symbol, px, colour)
            images.append((image, image.get_rect(center=(x, y))))
        return images

    def _draw_sparks(
        self,
        surface: pygame.Surface,
        frame: Frame,
        layout: Layout,
        only: list[pygame.Rect] | None = None,
    ) -> None:
        """The sparks, or those touching the rectangles ``only``."""
        for image, rect in self._spark_images(frame, layout):
            if only is None or rect.collidelist(only) >= 0:
                surface.blit(image, rect)


@lru_cache(maxsize=32)
def info_lines(
    parts: tuple[str, ...], px: int, size: tuple[int, int]
) -> tuple[int, tuple[tuple[str, ...], ...]]:
    """The info's text size (at most ``px``) and its ``parts`` in lines, to fit a place of
    ``size``: one line, or two (split where they are most even) if that is larger."""
    width, height = size
    one = ui.fit_px(INFO_GAP.join(parts), px, width)
    if one >= px or len(parts) < 2:
        return one, (parts,)
    cap = px
    while cap > one and 2 * _line_height(fonts.font(cap)) > height:
        cap -= 1
    face = fonts.font(cap)

    def widest(split: int) -> int:
        return max(face.size(INFO_GAP.join(p))[0] for p in (parts[:split], parts[split:]))

    split = min(range(1, len(parts)), key=widest)
    lines = (parts[:split], parts[split:])
    two = min(ui.fit_px(INFO_GAP.join(line), cap, width) for line in lines)
    return (two, lines) if two > one else (one, (parts,))


def alone_px(text: str, px: int, size: tuple[int, int]) -> int:
    """The largest size up to ``px`` at which ``text``, in as many lines as a box of
    ``size`` needs (:func:`game.look.ui.toast_lines`), fits it (8 at least)."""
    width, height = size
    while px > 8:
        lines = ui.toast_lines(text, px, width)
        face = fonts.font(px)
        fits = all(face.size(line)[0] <= width - px for line in lines)
        if fits and len(lines) * face.get_linesize() <= height:
            break
        px -= 1
    return px


def _line_height(face: pygame.font.Font) -> int:
    """From one line of the info to the next: more than a line's rendered height (a few
    glyphs, "|", "Й", "g" at some sizes, reach a pixel beyond it), so that two lines'
    texts never overlap."""
    return max(face.get_linesize(), face.get_height()) + 1


def _time_shape(frame: Frame) -> str:
    """The time's shape: its digits as 8s (a slot as wide as any time like it)."""
    return frame.info[0].translate(_EIGHTS) if frame.info else ""


def _info_look(frame: Frame) -> tuple[str, tuple[str, ...]]:
    """What decides the whole info bar's look but the time's digits (to compare frames):
    the time's shape and the other parts."""
    return _time_shape(frame), frame.info[1:]
