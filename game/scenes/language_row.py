"""A kiosk's row of languages along the bottom of its title screen.

Each language the kiosk file's ``languages`` offers is a button named in itself
("Suomi", "Русский"); a touch on one speaks that language to the visitor until the idle
reset (game.records.settings: a visit's settings are never stored). The title lays the
menu out above the row (:meth:`game.scenes.menu.MenuScene.footer_height`).
"""

from __future__ import annotations

import pygame

from ..look import theme, ui
from ..look.i18n import LANGUAGES

KEY = "language-"
"""The prefix of each language's button key (``language-fi``)."""


def key_of(code: str) -> str:
    """The button key of the language ``code``."""
    return KEY + code


def code_of(key: str) -> str | None:
    """The language code of a button key, or None for another button."""
    return key[len(KEY) :] if key.startswith(KEY) else None


def height(unit: int) -> int:
    """The row's height for menu buttons ``unit`` pixels high: a fingertip still."""
    return max(28, round(unit * 0.8))


def rects(size: tuple[int, int], unit: int, codes: tuple[str, ...]) -> dict[str, pygame.Rect]:
    """Each language's button by key, side by side and centred along the bottom: all as
    wide as the widest name needs, narrower where the window is (the names then shrink
    together when drawn)."""
    if not codes:
        return {}
    width, full_height = size
    margin, gap = max(6, unit // 3), max(4, unit // 4)
    row_h = height(unit)
    px = label_px(row_h)
    widest = max(ui.text_surface(LANGUAGES[code], px, theme.TEXT).get_width() for code in codes)
    count = len(codes)
    button_w = min(widest + unit, (width - 2 * margin - (count - 1) * gap) // count)
    left = (width - count * button_w - (count - 1) * gap) // 2
    top = full_height - margin - row_h
    return {
        key_of(code): pygame.Rect(left + index * (button_w + gap), top, button_w, row_h)
        for index, code in enumerate(codes)
    }


def label_px(row_h: int) -> int:
    """The names' size in a row ``row_h`` pixels high, before they shrink to fit."""
    return max(10, int(row_h * 0.45))


def area(buttons: dict[str, pygame.Rect], unit: int) -> pygame.Rect | None:
    """The whole row with a margin round it (a touch there deals no game), or None."""
    boxes = list(buttons.values())
    if not boxes:
        return None
    return boxes[0].unionall(boxes).inflate(unit // 4, unit // 4)


def draw(
    surface: pygame.Surface,
    buttons: dict[str, pygame.Rect],
    chosen: str,
    states: dict[str, str | None],
    focus: str | None,
    palette: theme.Palette,
) -> None:
    """The row: the language spoken now as the main choice; the focus ring on the
    focused one."""
    if not buttons:
        return
    row_h = next(iter(buttons.values())).height
    labels = [(LANGUAGES[code_of(key) or ""], rect) for key, rect in buttons.items()]
    px = ui.row_px(labels, label_px(row_h))
    for (label, rect), key in zip(labels, buttons, strict=True):
        ui.draw_button(
            surface,
            rect,
            label,
            primary=code_of(key) == chosen,
            state=states.get(key),
            px=px,
            palette=palette,
        )
        if key == focus:
            ring = rect.inflate(row_h // 5, row_h // 5)
            pygame.draw.rect(
                surface, theme.FOCUS, ring, max(2, row_h // 14), border_radius=row_h // 3
            )
