"""The deal of the day: one deal a day for each game, the same for everyone, offline.

The rule (README: "Deal of the day"). For the local date ``D`` and a game whose deal codes
carry the letter ``L`` (``HM1-L-...``)::

    seed   = (D - 2000-01-01 in days) * 256 + ord(L)
    number = (the first draw of SplitMix64 seeded with seed) mod 26**7
    code   = the deal code of number: HM1-L- and number in 7 base-26 letters A-Z

SplitMix64 is the generator of the deal codes' shuffle (SPEC section 3,
:func:`game.rules.codes.splitmix64`); its 64-bit draw is reduced to the numbers the codes
can name (:data:`~game.rules.codes.DEAL_COUNT`). A date before 2000-01-01 gives a
negative day count, taken modulo 2**64 as SplitMix64 takes every seed. So anybody can
work out any day's deal of any game, and the daily deal is an ordinary deal code.

A daily deal counts for its date when it is won on that date, local time, from
:data:`FIRST_DAY` to :data:`LAST_DAY` (:meth:`game.records.statistics.Statistics.won_daily`).
Today is :func:`today`, the one place the game reads the date from (tests replace it).
The module imports :mod:`datetime` only when a date is made: reading the statistics and
drawing the first frame need none.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from .codes import DEAL_COUNT, format_code, read_code, splitmix64

if TYPE_CHECKING:
    from datetime import date

EPOCH_ORDINAL = 730120
"""Day 0 of the rule, 2000-01-01, as ``date.toordinal()`` counts days."""
FIRST_DAY = "2000-01-01"
"""The first date a won daily deal counts for: the rule's day 0. Before it there was no
game, and a clock there is one never set (a board without a real-time clock starts at
1970-01-01)."""
LAST_DAY = "9999-12-30"
"""The last date a won daily deal counts for: the last whose next day the calendar has
(Python's ``date.max`` is 9999-12-31), so the streak's "the day after" is always a date.
Not today: a clock once set ahead wrote its dates honestly, and they stay the player's
record; the streak and the title's mark look only at the dates up to today."""
_ISO_DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_MASK64 = (1 << 64) - 1
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def today() -> date:
    """The local date now."""
    from datetime import date

    return date.today()


def number(day: date, letter: str) -> int:
    """The deal number of ``day``'s deal of the game with code letter ``letter``.

    >>> from datetime import date
    >>> number(date(2000, 1, 1), "N") == next(splitmix64(ord("N"))) % 26**7
    True
    """
    seed = (day.toordinal() - EPOCH_ORDINAL) * 256 + ord(letter)
    draw = next(splitmix64(seed))
    return int(draw % DEAL_COUNT)


def code(day: date, letter: str) -> str:
    """The deal code of ``day``'s deal of the game with code letter ``letter``."""
    return format_code(number(day, letter), letter)


def is_daily(deal: str | None, day: date) -> bool:
    """Whether the deal code ``deal`` is ``day``'s deal of its game (None: a game from a
    position, never one)."""
    if deal is None or len(deal) < 6 or not "A" <= deal[4] <= "Z":
        return False
    return deal == code(day, deal[4])


AHEAD = 366
"""How far past the date it is asked on :func:`day_of` looks for a deal's date."""


def day_of(deal: str | None, on: date) -> date | None:
    """The date whose deal of its game is the deal code ``deal`` (None: a game from a
    position, or a deal of no date from :data:`FIRST_DAY` to a year after ``on``); of two,
    the later. About 10,000 dates, 10 ms, remembered for each deal and date."""
    if deal is None or len(deal) < 6 or not "A" <= deal[4] <= "Z":
        return None
    ordinal = _day_ordinal(deal, on.toordinal())
    if ordinal is None:
        return None
    from datetime import date

    return date.fromordinal(ordinal)


@lru_cache(maxsize=64)
def _day_ordinal(deal: str, on: int) -> int | None:
    """:func:`day_of` in day numbers (``date.toordinal``)."""
    letter = deal[4]
    if format_code(0, letter)[:6] != deal[:6]:
        return None  # (not a code of this form at all)
    try:
        wanted = read_code(deal, letter)[1]
    except ValueError:
        return None
    if deal != format_code(wanted, letter):
        return None  # (not in its canonical spelling: never a day's code)
    # number(day, letter) for each day, latest first: splitmix64's first draw written out
    # (a generator made for each of 10,000 days took 10 ms of a table's first frame).
    first = (on + AHEAD - EPOCH_ORDINAL) * 256 + ord(letter)
    for seed in range(first, ord(letter) - 1, -256):
        z = (seed + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        if (z ^ (z >> 31)) % DEAL_COUNT == wanted:
            return seed // 256 + EPOCH_ORDINAL
    return None


def is_day(text: str) -> bool:
    """Whether ``text`` is a date of the calendar written ``YYYY-MM-DD`` (year 1 on)."""
    found = _ISO_DAY.fullmatch(text)
    if found is None:
        return False
    year, month, day = (int(part) for part in found.groups())
    if not (year >= 1 and 1 <= month <= 12):
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return 1 <= day <= _MONTH_DAYS[month - 1] + (month == 2 and leap)


def counts_on(text: str) -> bool:
    """Whether a daily deal won on the date ``text`` (``YYYY-MM-DD``) counts: a date of the
    calendar from :data:`FIRST_DAY` to :data:`LAST_DAY`."""
    return is_day(text) and FIRST_DAY <= text <= LAST_DAY  # such dates sort as text


def parse_day(text: str) -> date:
    """A date written ``YYYY-MM-DD``; ValueError with a clear message otherwise."""
    from datetime import date

    text = text.strip()
    if not is_day(text):
        raise ValueError(f"{text!r} is not a date: expected YYYY-MM-DD, e.g. 2026-12-03")
    return date.fromisoformat(text)
