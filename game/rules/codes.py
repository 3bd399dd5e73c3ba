"""Deal codes (``HM1-N-AAAAAAB``) and the portable shuffle behind them (SPEC section 3)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from .cards import Card, two_decks
from .errors import DealCodeError

PREFIX = "HM1"
"""Half Moon, code version 1."""
NORMAL_VARIANT = "N"
"""The letter of the normal game; other letters are reserved for other variants."""
CODE_LETTERS = 7
"""How many base-26 letters a code carries."""
DEAL_COUNT = 26**CODE_LETTERS
"""How many different deals the codes can name (about 8.0 billion)."""

_MASK64 = (1 << 64) - 1
_EXPECTED = (
    f"expected {PREFIX}-{NORMAL_VARIANT}- followed by {CODE_LETTERS} letters A-Z, "
    "e.g. HM1-N-AAAAAAB"
)


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator of SPEC section 3: an endless stream of 64-bit draws."""
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def shuffled_cards(number: int) -> list[Card]:
    """The 104 cards shuffled for deal ``number`` (Fisher-Yates driven by SplitMix64)."""
    cards = two_decks()
    draws = splitmix64(number)
    for i in range(len(cards) - 1, 0, -1):
        j = next(draws) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def format_code(number: int) -> str:
    """The code of deal ``number``: ``format_code(1) == "HM1-N-AAAAAAB"``."""
    if not 0 <= number < DEAL_COUNT:
        raise DealCodeError(f"deal number {number} is outside 0 ... {DEAL_COUNT - 1}")
    letters = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return f"{PREFIX}-{NORMAL_VARIANT}-{''.join(reversed(letters))}"


def parse_code(text: str) -> int:
    """The deal number of a code; case and surrounding spaces are ignored.

    Raises :class:`DealCodeError` with the expected form when ``text`` is not a code.
    Only ASCII is a code: ``str.upper()`` would turn the ligature "ff" (U+FB00) into
    ``FF`` and the long s (U+017F) into ``S``.
    """
    if not isinstance(text, str) or not text.strip().isascii():
        raise DealCodeError(f"{text!r} is not a deal code: {_EXPECTED}")
    parts = text.strip().upper().split("-")
    if len(parts) != 3 or parts[0] != PREFIX:
        raise DealCodeError(f"{text!r} is not a deal code: {_EXPECTED}")
    variant, letters = parts[1], parts[2]
    if variant != NORMAL_VARIANT:
        if len(variant) == 1 and "A" <= variant <= "Z":
            raise DealCodeError(
                f"{text!r} names variant {variant!r}, which this version does not play: {_EXPECTED}"
            )
        raise DealCodeError(f"{text!r} is not a deal code: {_EXPECTED}")
    if len(letters) != CODE_LETTERS or not all("A" <= ch <= "Z" for ch in letters):
        raise DealCodeError(f"{text!r} is not a deal code: {_EXPECTED}")
    number = 0
    for ch in letters:
        number = number * 26 + (ord(ch) - ord("A"))
    return number


def normalize_code(text: str) -> str:
    """The canonical spelling: ``normalize_code(" hm1-n-aaaaaab ") == "HM1-N-AAAAAAB"``."""
    return format_code(parse_code(text))


def random_code(rng: random.Random | None = None) -> str:
    """A code chosen at random among all :data:`DEAL_COUNT` deals."""
    chooser = rng if rng is not None else random.SystemRandom()
    return format_code(chooser.randrange(DEAL_COUNT))
