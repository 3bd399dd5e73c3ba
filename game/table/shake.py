"""A refusal seen: cards that do not go together shake where they lie, and a carried card
that goes nowhere flies back; shorter and smaller with animations off, never gone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import Motion

if TYPE_CHECKING:
    import pygame

    from ..rules import Card
    from .board import Settings
    from .layout import Layout

SHAKE_SECONDS = 0.3
"""How long cards that do not go together shake."""
REDUCED_SHAKE_SECONDS = 0.2
"""With animations off: shorter, still seen."""
SHAKE_SHARE = 1 / 16
"""How far a shaken card swings to each side, as a share of its width (at least
:data:`SHAKE_LEAST` pixels); half as far with animations off."""
SHAKE_LEAST = 3
FLY_BACK_SECONDS = 0.15
"""How long a carried card takes to fly back (eased)."""
REDUCED_FLY_BACK = 0.05
"""With animations off."""


def reduced(settings: Settings) -> bool:
    """Whether animations are off: the shake is then shorter and smaller, never gone (the
    one place that reads the setting for these; "fast" keeps the shake whole, to be seen)."""
    return not settings.animated


def fly_back_seconds(settings: Settings) -> float:
    """How long a carried card takes to fly back."""
    return REDUCED_FLY_BACK if reduced(settings) else FLY_BACK_SECONDS * settings.pace


def shakes(
    cards: list[tuple[str, Card | None, pygame.Rect]],
    layout: Layout,
    settings: Settings,
    delay: float = 0.0,
) -> list[Motion]:
    """Each (slot, top card, where it lies) shaken in place after ``delay`` seconds: its
    slot leaves the card out while the card swings to and fro, then shows it again."""
    width = layout.card[0]
    if reduced(settings):
        seconds, swing = REDUCED_SHAKE_SECONDS, max(2, round(width * SHAKE_SHARE / 2))
    else:
        seconds, swing = SHAKE_SECONDS, max(SHAKE_LEAST, round(width * SHAKE_SHARE))
    return [
        Motion(card, rect.copy(), rect.copy(), seconds, (slot, 1), delay=delay, shake=swing)
        for slot, card, rect in cards
        if card is not None
    ]
