"""Colours and sizes shared by the scenes, and each table colour's palette."""

from typing import NamedTuple

Colour = tuple[int, int, int]

FELT = (22, 92, 62)
FELT_DARK = (14, 66, 44)
SLOT_EDGE = (60, 140, 100)
BUTTON = (46, 70, 60)
BUTTON_EDGE = (136, 178, 156)
"""A button's outline: 3:1 against the felt around it (WCAG's least for a control)."""


class Palette(NamedTuple):
    """The colours of one table colour, on the table and on every other screen."""

    felt: Colour
    """The table's felt, and the background of the menus, Settings, Statistics..."""
    dark: Colour
    """A slot's empty place, and the title's background."""
    edge: Colour
    """A slot's edge."""
    button: Colour
    """A button."""
    button_edge: Colour
    """A button's outline."""


PALETTES = {
    "green": Palette(FELT, FELT_DARK, SLOT_EDGE, BUTTON, BUTTON_EDGE),
    "blue": Palette((26, 72, 124), (16, 50, 92), (72, 120, 180), (38, 58, 90), (128, 158, 204)),
    "red": Palette((118, 32, 44), (84, 20, 30), (170, 80, 90), (80, 40, 50), (196, 136, 144)),
    "charcoal": Palette((54, 58, 62), (36, 39, 42), (104, 110, 116), (66, 70, 76), (146, 152, 160)),
}
"""The table colours (game.records.settings.TABLE_COLOURS). Each felt is as dark as the
green, so the texts on it keep their contrast; each button as far from its felt."""
TABLES = {name: (p.felt, p.dark, p.edge) for name, p in PALETTES.items()}
"""Each table colour's felt, a slot's empty place and its edge (game.scenes.felt)."""


def palette(table: str) -> Palette:
    """The palette of the table colour ``table`` (the green for a name it does not know)."""
    return PALETTES.get(table, PALETTES["green"])


BAR = (18, 30, 26)
TEXT = (236, 240, 236)
TEXT_DIM = (186, 204, 194)
"""Labels and quieter lines: 4.5:1 against every felt (WCAG AA for text)."""
CAPTION = (200, 216, 206)
"""Lines that explain a button: 5:1 against the felt (WCAG AA for small text)."""
BUTTON_TEXT = (240, 244, 240)
ACCENT = (255, 204, 64)
ACCENT_EDGE = (128, 96, 24)
"""The outline of a button in the accent (the default one): 3:1 against a light panel,
where the accent itself is not."""
FOCUS = (90, 180, 255)
SHADE = (0, 0, 0, 150)
PANEL = (250, 248, 240)
PANEL_TEXT = (30, 36, 34)
STACK_EDGE = (210, 214, 206)
STACK_LINE = (120, 128, 120)
MESSAGE_BG = (40, 20, 20, 220)
TARGET = (120, 220, 160)
"""The outline of a slot the selected or carried card may go to."""
