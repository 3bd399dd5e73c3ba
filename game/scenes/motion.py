"""Where a card in motion is drawn at a moment: flying away, sliding, turning face up,
shaken."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ..look import theme
from ..table.frame import Sprite
from .boards import Motion

FULL_SIZE_SCALE = 0.97
"""A card flying away is drawn unscaled until it is this much of its size: scaling by less
looks the same and costs a millisecond at 4K on the very frame the removal shows."""
SWINGS = 3
"""Swings to and fro of a card shaken (a refusal), dying away."""


def sprite_of(motion: Motion, four_colour: bool) -> Sprite | None:
    """The card of ``motion`` as drawn now (None once it has arrived)."""
    if motion.done:
        return None
    t = max(0.0, min(1.0, (motion.age - motion.delay) / motion.duration))
    start = motion.start
    if motion.shake:  # to and fro where it lies, less and less
        swing = math.sin(math.tau * SWINGS * t) * (1.0 - t)
        rect = start.move(round(motion.shake * swing), 0)
        return Sprite(motion.card, box(rect), 255, four_colour)
    if motion.end is None:  # it leaves the game: rises, shrinks to half and fades out
        ease = t * t
        scale = 1.0 - 0.5 * ease
        scale = 1.0 if scale > FULL_SIZE_SCALE else scale
        width = max(1, round(start.width * scale))
        height = max(1, round(start.height * scale))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = start.center
        rect.move_ip(0, -int(ease * start.height * 0.8))
        return Sprite(motion.card, box(rect), int(255 * (1 - ease)), four_colour)
    ease = 1.0 - (1.0 - t) ** 3  # quick, then settling
    end = motion.end
    x = start.x + (end.x - start.x) * ease
    y = start.y + (end.y - start.y) * ease
    rect = pygame.Rect(round(x), round(y), start.width, start.height)
    card = motion.card
    if motion.flip:  # the back narrows to an edge, then the face widens
        squeeze = abs(math.cos(math.pi * t))
        if t < 0.5:
            card = None
        width = max(1, round(start.width * squeeze))
        rect = pygame.Rect(0, 0, width, start.height)
        rect.center = (round(x + start.width / 2), round(y + start.height / 2))
    return Sprite(card, box(rect), 255, four_colour)


def box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    """``tuple(rect)`` as a typed value: (x, y, width, height), for :class:`Sprite`."""
    return (*rect.topleft, *rect.size)


@dataclass
class Spark:
    """One falling suit symbol of the win celebration."""

    x: float
    y: float
    vx: float
    vy: float
    symbol: str
    colour: tuple[int, int, int]


def sparks_for(seed: int, size: tuple[int, int], count: int = 90) -> list[Spark]:
    """The celebration's sparks over a window of ``size`` (the same for the same seed)."""
    rng = random.Random(seed)
    width, height = size
    sparks = []
    for _spark in range(count):
        symbol = rng.choice("\u2660\u2665\u2666\u2663")
        colour = (200, 30, 40) if symbol in "\u2665\u2666" else (20, 20, 20)
        colour = rng.choice([colour, theme.ACCENT, (250, 250, 250)])
        sparks.append(
            Spark(
                rng.uniform(0, width),
                rng.uniform(-height * 0.6, 0),
                rng.uniform(-40, 40),
                rng.uniform(height * 0.3, height * 0.7),
                symbol,
                colour,
            )
        )
    return sparks
