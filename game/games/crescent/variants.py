"""The three Crescents as data (SPEC 5): one rules class, variants that differ in numbers.

As python-chess's ``variant.py``: a variant is a small frozen record, not a subclass.

>>> CRESCENT_FOUR.redeals, OPEN_CRESCENT.face_up
(4, True)
>>> variant_of("o") is OPEN_CRESCENT
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.errors import DealCodeError


@dataclass(frozen=True)
class CrescentVariant:
    """One way to play Crescent."""

    letter: str
    """The letter of its deal codes: ``HM1-C-...``."""
    name: str
    """Its name, as players know it."""
    redeals: int
    """How many redeals a game allows."""
    face_up: bool
    """True when every card is dealt face up; else only each pile's top card is."""

    def __repr__(self) -> str:
        return f"variant_of({self.letter!r})"


CRESCENT = CrescentVariant("C", "Crescent", 3, False)
"""The traditional game: 3 redeals, each pile's bottom five cards dealt face down."""
CRESCENT_FOUR = CrescentVariant("F", "Crescent Four", 4, False)
"""Crescent with a fourth redeal (the Comtesse de Blancourt's easier form)."""
OPEN_CRESCENT = CrescentVariant("O", "Open Crescent", 3, True)
"""Crescent with every card face up (David Parlett's "Crescent")."""

VARIANTS: tuple[CrescentVariant, ...] = (CRESCENT, CRESCENT_FOUR, OPEN_CRESCENT)
"""The three variants, in the order the menus list them."""
VARIANT_LETTERS = "".join(variant.letter for variant in VARIANTS)
"""The code letters of the Crescents: ``"CFO"``."""


def variant_of(letter: str) -> CrescentVariant:
    """The variant of a code letter (case is ignored); raises :class:`DealCodeError`."""
    wanted = letter.strip().upper() if isinstance(letter, str) else ""
    for variant in VARIANTS:
        if variant.letter == wanted:
            return variant
    raise DealCodeError(
        f"{letter!r} is not a Crescent variant: expected one of "
        + ", ".join(f"{v.letter} ({v.name})" for v in VARIANTS)
    )
