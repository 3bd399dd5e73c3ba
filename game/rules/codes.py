"""Deal codes (``HM1-N-AAAAAAB``) and the portable shuffle behind them (SPEC sections 3, 5).

A code names a game by its letter (one of A-Z; which letter is which game is the
registry's, ``game.games.catalog``) and a deal number; the shuffle of a number is the same for
every game, so ``HM1-C-`` and ``HM1-O-`` codes of one number deal the same cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from .errors import DealCodeError

if TYPE_CHECKING:
    import random

    from .cards import Card

# The cards and the random numbers are imported where a deal is made, not with the
# module: reading a code on the command line comes before the window opens.

PREFIX = "HM1"
"""Half Moon, code version 1."""
NORMAL_VARIANT = "N"
"""The letter of the normal game of Half Moon."""
CODE_LETTERS = 7
"""How many base-26 letters a code carries."""
DEAL_COUNT = 26**CODE_LETTERS
"""How many different deals the codes can name (about 8.0 billion)."""

_MASK64 = (1 << 64) - 1


def expected_forms(letters: str = NORMAL_VARIANT) -> str:
    """What a code of the games ``letters`` looks like, for error messages.

    >>> expected_forms("CFO")
    'expected HM1-C-, HM1-F- or HM1-O- followed by 7 letters A-Z, e.g. HM1-C-AAAAAAB'
    """
    forms = [f"{PREFIX}-{letter}-" for letter in letters]
    named = forms[0] if len(forms) == 1 else f"{', '.join(forms[:-1])} or {forms[-1]}"
    return (
        f"expected {named} followed by {CODE_LETTERS} letters A-Z, "
        f"e.g. {PREFIX}-{letters[0]}-AAAAAAB"
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


def shuffled_order(number: int) -> list[int]:
    """Deal ``number``'s shuffle as indices into :func:`two_decks` (SPEC 3, steps 1-3).

    Crescent needs the indices: its bases are the copy-1 Aces and Kings, wherever they land.
    """
    from .cards import two_decks

    order = list(range(len(two_decks())))
    draws = splitmix64(number)
    for i in range(len(order) - 1, 0, -1):
        j = next(draws) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def shuffled_deck(number: int, deck: Sequence[Card]) -> list[Card]:
    """``deck`` shuffled for deal ``number``: Fisher-Yates from the last card down to the
    second, each swap's partner ``draw() mod (i + 1)`` of SplitMix64 seeded with
    ``number`` (SPEC 3 for two decks, SPEC 6 for one)."""
    cards = list(deck)
    draws = splitmix64(number)
    for i in range(len(cards) - 1, 0, -1):
        j = next(draws) % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def shuffled_cards(number: int) -> list[Card]:
    """The 104 cards shuffled for deal ``number`` (Fisher-Yates driven by SplitMix64)."""
    from .cards import two_decks

    deck = two_decks()
    return [deck[i] for i in shuffled_order(number)]


def format_code(number: int, letter: str = NORMAL_VARIANT) -> str:
    """The code of deal ``number``: ``format_code(1) == "HM1-N-AAAAAAB"``,
    ``format_code(1, "O") == "HM1-O-AAAAAAB"``."""
    if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "Z"):
        raise DealCodeError(f"{letter!r} is not a game letter (one of A-Z)")
    if not 0 <= number < DEAL_COUNT:
        raise DealCodeError(f"deal number {number} is outside 0 ... {DEAL_COUNT - 1}")
    letters = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return f"{PREFIX}-{letter}-{''.join(reversed(letters))}"


def read_code(text: str, letters: str = NORMAL_VARIANT) -> tuple[str, int]:
    """The game letter and deal number of a code of one of the games ``letters``.

    Case and surrounding spaces are ignored. Raises :class:`DealCodeError` with the
    expected forms when ``text`` is not a code, or is the code of another game. Only ASCII
    is a code: ``str.upper()`` would turn the ligature "ff" (U+FB00) into ``FF`` and the
    long s (U+017F) into ``S``.
    """
    expected = expected_forms(letters)
    if not isinstance(text, str) or not text.strip().isascii():
        raise DealCodeError(f"{text!r} is not a deal code: {expected}")
    parts = text.strip().upper().split("-")
    if len(parts) != 3 or parts[0] != PREFIX:
        raise DealCodeError(f"{text!r} is not a deal code: {expected}")
    letter, digits = parts[1], parts[2]
    if len(letter) != 1 or letter not in letters:
        if len(letter) == 1 and "A" <= letter <= "Z":
            raise DealCodeError(f"{text!r} names variant {letter!r}, not one of these: {expected}")
        raise DealCodeError(f"{text!r} is not a deal code: {expected}")
    if len(digits) != CODE_LETTERS or not all("A" <= ch <= "Z" for ch in digits):
        raise DealCodeError(f"{text!r} is not a deal code: {expected}")
    number = 0
    for ch in digits:
        number = number * 26 + (ord(ch) - ord("A"))
    return letter, number


def parse_code(text: str) -> int:
    """The deal number of a Half Moon code (``HM1-N-``); case and surrounding spaces are
    ignored.

    Raises :class:`DealCodeError` with the expected form when ``text`` is not a Half Moon
    code (see :func:`read_code` for the codes of the other games).
    """
    return read_code(text, NORMAL_VARIANT)[1]


def normalize_code(text: str, letters: str = NORMAL_VARIANT) -> str:
    """The canonical spelling: ``normalize_code(" hm1-n-aaaaaab ") == "HM1-N-AAAAAAB"``.

    ``letters``: the games whose codes are accepted (Half Moon's alone by default).
    """
    letter, number = read_code(text, letters)
    return format_code(number, letter)


def random_code(rng: random.Random | None = None, letter: str = NORMAL_VARIANT) -> str:
    """A code of the game ``letter`` chosen at random among all :data:`DEAL_COUNT` deals."""
    import random

    chooser = rng if rng is not None else random.SystemRandom()
    return format_code(chooser.randrange(DEAL_COUNT), letter)
