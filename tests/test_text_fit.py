"""The largest text size that fits a width (game.look.ui.fit_px), found from a guess.

The table's info bar is fitted at every new size: walking down one size at a time
loaded a font and laid the whole text out at each (3 ms of a table's first frame at
1280x720, issue 38). The answer must stay the walk's, for every text the game fits.
"""

from __future__ import annotations

import pytest

from game.look import fonts, ui
from game.look.i18n import LANGUAGES, _, set_language

TEXTS = (
    "0:00 · Score 0 · Moves 0 · Redeals 3 · HM1-Q-ABCDEFG · Today's deal",
    "Touch anywhere to play",
    "W",
    "Крепость: пасьянс из двух колод",
    "ÅÄÖ åäö · 12:34:56",
)


def _walked(text: str, px: int, width: int, bold: bool) -> int:
    """The plain definition: down one size at a time from ``px`` until it fits (or 8)."""
    text = ui.drawable(text)
    while px > 8 and fonts.font(px, bold).size(text)[0] > width:
        px -= 1
    return px


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
@pytest.mark.parametrize("text", TEXTS)
def test_the_size_found_is_the_one_walking_down_finds(text, bold):
    import pygame

    pygame.font.init()
    for px in (8, 9, 12, 18, 31, 64):
        for width in (1, 20, 75, 140, 333, 600, 1500):
            assert ui.fit_px(text, px, width, bold) == _walked(text, px, width, bold), (
                text,
                px,
                width,
            )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_languages_buttons_fit_as_walking_down_fits_them(language):
    import pygame

    pygame.font.init()
    set_language(language)
    try:
        for text in (_("New game"), _("Statistics"), _("Settings"), _("Rules"), _("Undo")):
            for width in (30, 64, 111, 250):
                assert ui.fit_px(text, 28, width) == _walked(text, 28, width, False)
    finally:
        set_language("en")


def test_a_fit_loads_a_few_sizes_not_every_size_on_the_way(monkeypatch):
    """From 64 pixels down to what fits 100 pixels: a handful of sizes measured, not the
    forty-odd of the walk."""
    import pygame

    pygame.font.init()
    asked: list[int] = []
    real = fonts.font
    monkeypatch.setattr(ui, "font", lambda px, bold=False: asked.append(px) or real(px, bold))
    found = ui.fit_px(TEXTS[0], 64, 100)
    assert found == _walked(TEXTS[0], 64, 100, False) < 20
    assert len(set(asked)) <= 4, asked
