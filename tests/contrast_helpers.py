"""WCAG contrast of colours, and of the texts and buttons a frame shows: shared by the
tests of the kiosk's attract screen and of the themes on every screen."""

from __future__ import annotations

from collections import Counter

import pygame

Colour = tuple[int, int, int]

LEAST_CONTRAST = 4.5
"""WCAG's least contrast ratio for text (level AA)."""
LEAST_UI_CONTRAST = 3.0
"""WCAG's least contrast ratio for a control against what is around it (level AA)."""


def luminance(colour: Colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class Pixels:
    """A surface's pixels, read once: colour at a point, the commonest colours."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.width, self.height = surface.get_size()
        raw = pygame.image.tobytes(surface, "RGB")
        self.colours: list[Colour] = [
            (raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)
        ]

    def at(self, x: int, y: int) -> Colour:
        return self.colours[y * self.width + x]

    def commonest(self) -> Colour:
        return Counter(self.colours).most_common(1)[0][0]

    def commonest_in(self, rect: pygame.Rect) -> Colour:
        """The commonest colour in ``rect`` (clipped to the surface)."""
        rect = rect.clip(pygame.Rect(0, 0, self.width, self.height))
        seen: Counter[Colour] = Counter()
        for y in range(rect.top, rect.bottom):
            seen.update(self.colours[y * self.width + rect.left : y * self.width + rect.right])
        return seen.most_common(1)[0][0]


class Texts:
    """Every text drawn on the window while it records (through game.look.ui.draw_text,
    as every screen and button writes): its words, colour and place. A dialog's shade
    over the window forgets those drawn before (they are under it)."""

    def __init__(self, monkeypatch) -> None:
        from game.look import ui

        self.drawn: list[tuple[str, Colour, pygame.Rect]] = []
        draw_text = ui.draw_text

        def recorded(surface, text, px, colour=ui.theme.TEXT, **kwargs):
            rect = draw_text(surface, text, px, colour, **kwargs)
            if surface is pygame.display.get_surface() and text.strip():
                self.drawn.append((text, tuple(colour[:3]), rect))
            return rect

        shade = ui.shade

        def shaded(surface, *args, **kwargs):
            shade(surface, *args, **kwargs)
            if surface is pygame.display.get_surface():
                self.drawn.clear()

        monkeypatch.setattr(ui, "draw_text", recorded)
        monkeypatch.setattr(ui, "shade", shaded)

    def faint(self, pixels: Pixels, least: float = LEAST_CONTRAST) -> list[tuple]:
        """The texts drawn since the last call under ``least`` contrast against their
        background (the commonest colour of their box in ``pixels``); forgets them."""
        found = []
        for text, colour, rect in self.drawn:
            background = pixels.commonest_in(rect)
            if background != colour and contrast(colour, background) < least:
                found.append((text, colour, background, round(contrast(colour, background), 2)))
        self.drawn.clear()
        return found
