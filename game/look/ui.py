"""Drawing helpers shared by the scenes: cached text, buttons, panels, button columns."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import fonts, theme
from .fonts import font

SMALLEST_PX = 12
"""The smallest text drawn where the window allows it (1280x720 and larger)."""

_drawn: list[tuple[str, pygame.Rect]] = []
"""The texts drawn on the window since :func:`forget_drawn`, each with its box."""


def note_text(surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
    """Keep ``text`` drawn in ``box`` on ``surface`` among :func:`drawn_texts`, if the
    surface is the window's or a part of it (pictures made for later are placed when
    they are drawn), as much of it as the surface's clip lets show."""
    if surface.get_abs_parent() is not pygame.display.get_surface() or not text.strip():
        return
    shown = box.clip(surface.get_clip())
    if shown.width and shown.height:
        _drawn.append((text, shown))


def drawn_texts() -> list[tuple[str, pygame.Rect]]:
    """Each text drawn on the window since :func:`forget_drawn` (a button's label among
    them), in the order drawn; not those a :func:`shade` veiled."""
    return list(_drawn)


def forget_drawn() -> None:
    """Start a new list of :func:`drawn_texts` (a frame begins)."""
    _drawn.clear()


def drawable(text: str) -> str:
    """``text`` as the font can take it: lone surrogates (from file names that are not
    UTF-8, via ``os.fsdecode``) become replacement characters instead of an error."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return text


@lru_cache(maxsize=512)
def text_surface(
    text: str, px: int, colour: tuple[int, ...] = theme.TEXT, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered once per size and colour (antialiased)."""
    return font(px, bold).render(drawable(text), True, colour)


@lru_cache(maxsize=256)
def text_within(
    text: str, px: int, colour: tuple[int, ...], size: tuple[int, int]
) -> pygame.Surface:
    """``text`` at ``px`` (:func:`text_surface`) to be centred on a rectangle of ``size``:
    as it is where its ink lies in the rectangle, else its ink alone, scaled down to fit
    (the smallest readable text is wider than the label of a tiny card)."""
    image = text_surface(text, px, colour)
    ink = image.get_bounding_rect()
    width, height = size
    placed = ink.move(width // 2 - image.get_width() // 2, height // 2 - image.get_height() // 2)
    if not ink.width or pygame.Rect(0, 0, width, height).contains(placed):
        return image
    scale = min(1.0, width / ink.width, height / ink.height)
    fitted = (max(1, int(ink.width * scale)), max(1, int(ink.height * scale)))
    return pygame.transform.smoothscale(image.subsurface(ink), fitted)


def forget_sized() -> None:
    """Drop the rendered text and the fonts of other sizes (the window changed size): a
    resize to a huge window and back must not leave its huge pictures behind."""
    text_surface.cache_clear()
    text_within.cache_clear()
    _corners.cache_clear()
    fonts.keep_recent()


def draw_text(
    surface: pygame.Surface,
    text: str,
    px: int,
    colour: tuple[int, ...] = theme.TEXT,
    *,
    bold: bool = False,
    **anchor: tuple[int, int] | int,
) -> pygame.Rect:
    """Draw text placed by one rect anchor (``center=``, ``topleft=``, ``midleft=``, ...)."""
    image = text_surface(text, px, colour, bold)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    note_text(surface, text, rect)
    return rect


def fit_px(text: str, px: int, width: int, bold: bool = False) -> int:
    """The largest size up to ``px`` at which ``text`` is at most ``width`` pixels wide."""
    text = drawable(text)
    wide = font(px, bold).size(text)[0] if px > 8 else 0
    if wide <= width:
        return px
    # A text's width grows about in proportion to its size: start near the answer and
    # step from there (2 or 3 sizes loaded rather than one for each size on the way down)
    size = max(8, min(px - 1, px * width // wide))
    while size < px - 1 and font(size + 1, bold).size(text)[0] <= width:
        size += 1
    while size > 8 and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines that fit ``width`` pixels at ``px`` (never at
    a no-break space, U+00A0: a Russian dash stays with the word before it)."""
    face = font(px, bold)
    lines: list[str] = []
    line = ""
    for word in drawable(text).split(" "):
        if not word:
            continue
        trial = f"{line} {word}".strip()
        if line and face.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def draw_paragraph(
    surface: pygame.Surface,
    text: str,
    px: int,
    colour: tuple[int, ...],
    centre_x: int,
    top: int,
    width: int,
    *,
    bold: bool = False,
) -> int:
    """Draw ``text`` wrapped to ``width`` and centred on ``centre_x``; return the bottom."""
    line_h = int(px * 1.3)
    for line in wrap(text, px, width, bold):
        size = fit_px(line, px, width, bold)  # a single word longer than the width
        draw_text(surface, line, size, colour, bold=bold, midtop=(centre_x, top))
        top += line_h
    return top


def draw_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    *,
    primary: bool = False,
    enabled: bool = True,
    state: str | None = None,
    px: int | None = None,
    palette: theme.Palette = theme.PALETTES["green"],
) -> None:
    """A rounded button with a centred label that always fits.

    ``state`` is ``"hover"`` (the mouse is over it: lighter) or ``"pressed"`` (held down:
    darker); ``px`` is the label's size when buttons side by side should share one
    (it still shrinks to fit); ``palette`` the chosen table colour's (its button colours).
    """
    radius = max(4, rect.height // 5)
    fill: tuple[int, ...] = theme.ACCENT if primary else palette.button
    if not enabled:
        fill = tuple(c // 2 + 20 for c in palette.button)
    elif state == "pressed":
        fill = tuple(c * 3 // 4 for c in fill)
    elif state == "hover":
        fill = tuple(min(255, c + (255 - c) // 5) for c in fill)
    rounded_rect(surface, fill, rect, radius)
    edge = theme.ACCENT_EDGE if primary and enabled else palette.button_edge
    rounded_rect(surface, edge, rect, radius, max(1, rect.height // 24))
    colour = theme.PANEL_TEXT if primary else theme.BUTTON_TEXT
    if not enabled:
        colour = theme.TEXT_DIM
    draw_text(surface, label, label_px(label, rect, px), colour, bold=True, center=rect.center)


def label_px(label: str, rect: pygame.Rect, px: int | None = None) -> int:
    """The size :func:`draw_button` draws ``label`` at on a button ``rect``: ``px`` (else
    the button's own size), smaller where the label would not fit."""
    size = px if px is not None else max(10, int(rect.height * 0.42))
    return fit_px(label, size, rect.width - rect.height // 2, bold=True)


def row_px(buttons: list[tuple[str, pygame.Rect]], px: int | None = None) -> int:
    """One label size for ``buttons`` (label, rect) side by side: the largest (up to
    ``px``, else each button's own size) at which every label fits its button, so that
    no label of the row shrinks alone."""
    return min((label_px(label, rect, px) for label, rect in buttons), default=px or 10)


def button_column(
    size: tuple[int, int], count: int, *, top: int | None = None
) -> tuple[list[pygame.Rect], int]:
    """Rects for ``count`` large buttons in a centred column; also the title text size."""
    width, height = size
    unit = max(40, min(round(height * 0.075), round(width * 0.1)))
    button_w = min(width - 2 * unit // 2, unit * 7)
    gap = unit // 4
    total = count * unit + (count - 1) * gap
    y = top if top is not None else max(unit, (height - total) // 2 + unit)
    rects = []
    for _ in range(count):
        rects.append(pygame.Rect((width - button_w) // 2, y, button_w, unit))
        y += unit + gap
    return rects, unit


def shade(surface: pygame.Surface, colour: tuple[int, int, int, int] = theme.SHADE) -> None:
    """Darken the whole surface (for dialogs and end-of-game panels)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(colour)
    surface.blit(veil, (0, 0))
    if surface is pygame.display.get_surface():
        forget_drawn()  # (what is under the veil is drawn over on purpose)


def rounded_rect(
    surface: pygame.Surface,
    colour: tuple[int, ...],
    rect: pygame.Rect,
    radius: int,
    width: int = 0,
) -> None:
    """A rectangle with round corners, the corners antialiased (``width`` 0: filled,
    else an outline that thick). On an opaque surface the corners are blits from a
    circle drawn once per colour, radius and width (:func:`_corners`): an antialiased
    quarter circle costs more than the whole blit, and a resize draws dozens anew."""
    radius = max(0, min(radius, rect.width // 2, rect.height // 2))
    if radius < 2:
        pygame.draw.rect(surface, colour, rect, width)
        return
    left, top = rect.left + radius, rect.top + radius
    right, bottom = rect.right - 1 - radius, rect.bottom - 1 - radius
    if width == 0 or width >= radius:
        pygame.draw.rect(surface, colour, rect.inflate(-2 * radius, 0))
        pygame.draw.rect(surface, colour, rect.inflate(0, -2 * radius))
        width = 0
    else:
        pygame.draw.rect(surface, colour, (left, rect.top, right - left + 1, width))
        pygame.draw.rect(surface, colour, (left, rect.bottom - width, right - left + 1, width))
        pygame.draw.rect(surface, colour, (rect.left, top, width, bottom - top + 1))
        pygame.draw.rect(surface, colour, (rect.right - width, top, width, bottom - top + 1))
    if surface.get_flags() & pygame.SRCALPHA:  # blending a blit there is another matter
        for centre, corner in (
            ((left, top), "draw_top_left"),
            ((right, top), "draw_top_right"),
            ((left, bottom), "draw_bottom_left"),
            ((right, bottom), "draw_bottom_right"),
        ):
            pygame.draw.aacircle(surface, colour, centre, radius, width, **{corner: True})
        return
    corners = _corners(tuple(colour[:3]), radius, width)
    surface.blit(corners, (rect.left, rect.top), (0, 0, radius, radius))
    surface.blit(corners, (right + 1, rect.top), (radius + 1, 0, radius, radius))
    surface.blit(corners, (rect.left, bottom + 1), (0, radius + 1, radius, radius))
    surface.blit(corners, (right + 1, bottom + 1), (radius + 1, radius + 1, radius, radius))


@lru_cache(maxsize=64)
def _corners(colour: tuple[int, ...], radius: int, width: int) -> pygame.Surface:
    """An antialiased circle of ``colour`` on see-through pixels of that colour: the
    four corners of :func:`rounded_rect` (within one level of drawing them in place)."""
    circle = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    circle.fill((*colour, 0))
    pygame.draw.aacircle(circle, colour, (radius, radius), radius, width)
    return circle


def panel(surface: pygame.Surface, rect: pygame.Rect, unit: int | None = None) -> None:
    """A light rounded panel with an accent edge; ``unit`` (its buttons' height) sets the
    corners and the edge, so every dialog looks alike."""
    unit = unit if unit is not None else max(24, min(rect.width, rect.height) // 6)
    radius = max(6, unit // 3)
    rounded_rect(surface, theme.PANEL, rect, radius)
    rounded_rect(surface, theme.ACCENT, rect, radius, max(2, unit // 18))


def format_time(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from one hour on."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def draw_notice(
    surface: pygame.Surface,
    text: str,
    age: float,
    seconds: float = 6.0,
    box: pygame.Rect | None = None,
) -> None:
    """A notice that fades out during its last second: in ``box`` (a place that covers
    nothing the player needs), or as a banner along the top."""
    text = drawable(text)
    width, height = surface.get_size()
    fade = max(0.0, min(1.0, seconds - age))
    if box is not None:
        px = fit_px(text, max(10, box.height * 9 // 20), box.width - box.height // 2)
        draw_toast(surface, box, text, px, fade)
        return
    px = max(14, min(height // 30, width // 50))
    px = fit_px(text, px, width - 4 * px)
    box = pygame.Rect(0, 0, min(width - 2 * px, font(px).size(text)[0] + 3 * px), int(px * 2.2))
    box.midtop = (width // 2, px // 2)
    draw_toast(surface, box, text, px, fade)


def toast_lines(text: str, px: int, box_w: int, bold: bool = False) -> list[str]:
    """``text`` as :func:`draw_toast` writes it in a box ``box_w`` wide at ``px``: one
    line, or as many as the box's width needs (broken at spaces)."""
    room = box_w - px  # (half a letter's room on each side)
    return [text] if font(px, bold).size(drawable(text))[0] <= room else wrap(text, px, room, bold)


def draw_toast(
    surface: pygame.Surface,
    box: pygame.Rect,
    text: str,
    px: int,
    fade: float,
    bold: bool = False,
    loud: bool = False,
) -> None:
    """A dark rounded box with centred text (in lines where it is too long for one), both
    faded by ``fade`` (1 opaque ... 0 gone); ``loud``: dark text on the accent colour, to
    stand out among other texts (the info bar's)."""
    toast = pygame.Surface(box.size, pygame.SRCALPHA)
    back, ink = ((*theme.ACCENT, 255), theme.BAR) if loud else (theme.MESSAGE_BG, theme.TEXT)
    pygame.draw.rect(
        toast,
        (*back[:3], int(back[3] * fade)),
        toast.get_rect(),
        border_radius=box.height // 3,
    )
    lines = toast_lines(text, px, box.width, bold)
    line_h = font(px, bold).get_linesize()
    first = box.height // 2 - line_h * (len(lines) - 1) // 2  # the first line's middle
    for index, line in enumerate(lines):
        label = text_surface(line, px, ink, bold).copy()
        label.set_alpha(int(255 * fade))
        toast.blit(label, label.get_rect(center=(box.width // 2, first + index * line_h)))
    surface.blit(toast, box)
    note_text(surface, text, box)
