"""Colours and sizes shared by the scenes."""

FELT = (22, 92, 62)
FELT_DARK = (14, 66, 44)
SLOT_EDGE = (60, 140, 100)
TABLES = {
    "green": (FELT, FELT_DARK, SLOT_EDGE),
    "blue": ((26, 72, 124), (16, 50, 92), (72, 120, 180)),
    "red": ((118, 32, 44), (84, 20, 30), (170, 80, 90)),
    "charcoal": ((54, 58, 62), (36, 39, 42), (104, 110, 116)),
}
"""The table colours (game.records.settings.TABLE_COLOURS): the felt, a slot's empty place and
its edge. Each felt is as dark as the green, so the table's texts keep their contrast."""
BAR = (18, 30, 26)
TEXT = (236, 240, 236)
TEXT_DIM = (170, 190, 178)
CAPTION = (200, 216, 206)
"""Lines that explain a button: 5:1 against the felt (WCAG AA for small text)."""
BUTTON = (46, 70, 60)
BUTTON_EDGE = (110, 150, 130)
BUTTON_TEXT = (240, 244, 240)
ACCENT = (255, 204, 64)
FOCUS = (90, 180, 255)
SHADE = (0, 0, 0, 150)
PANEL = (250, 248, 240)
PANEL_TEXT = (30, 36, 34)
STACK_EDGE = (210, 214, 206)
STACK_LINE = (120, 128, 120)
MESSAGE_BG = (40, 20, 20, 220)
TARGET = (120, 220, 160)
"""The outline of a slot the selected or carried card may go to."""
