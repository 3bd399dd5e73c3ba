"""Slot names, as the seeds name them: piles ``1`` ... ``12``, reserve ``R1`` ... ``R8``."""

from __future__ import annotations

from ...rules.notation import canonical_slot

PILE_COUNT = 12
"""Piles on the table."""
PILE_SIZE = 8
"""Cards dealt to each pile."""
RESERVE_SIZE = 8
"""Reserve slots, one card each."""

PILES: tuple[str, ...] = tuple(str(n) for n in range(1, PILE_COUNT + 1))
"""Pile names in arc order, ``"1"`` (bottom left) to ``"12"`` (lower right)."""
RESERVE_SLOTS: tuple[str, ...] = tuple(f"R{n}" for n in range(1, RESERVE_SIZE + 1))
"""Reserve slot names, ``"R1"`` ... ``"R8"``."""
SLOTS: tuple[str, ...] = PILES + RESERVE_SLOTS
"""Every slot: the 12 piles, then the 8 reserve slots."""

_ORDER = {name: index for index, name in enumerate(SLOTS)}


def slot_name(text: object) -> str:
    """The canonical name of a slot: ``slot_name(" r3 ") == "R3"``, ``slot_name(7) == "7"``.

    Raises :class:`SlotError` when ``text`` names no slot.
    """
    return canonical_slot(text, _ORDER, "a pile 1 ... 12 or a reserve slot R1 ... R8")


def slot_index(name: str) -> int:
    """The position of a slot in :data:`SLOTS` (piles first)."""
    return _ORDER[slot_name(name)]


def is_reserve(name: str) -> bool:
    """True for ``R1`` ... ``R8``."""
    return slot_name(name).startswith("R")
