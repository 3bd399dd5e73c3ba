"""The player's settings (kept in memory here; saving them is the settings issue's job)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    """What the player can switch on and off."""

    move_errors: bool = False
    """Say why a tap cleared the selection without a removal."""
    placement_aid: bool = False
    """Dim every playable card that cannot combine with the selection."""
    pile_labels: bool = False
    """Write each slot's name and card count under it (``3 · 7``)."""
    four_colour: bool = False
    """Clubs green, diamonds blue."""
