"""A deal of the day named where it shows: on the table, in the win panel and in the log.

A deal code that is some date's deal of the day of its game (game.rules.daily.day_of) is
named "Today's deal" on the date it is the deal of, else after its date ("Deal of
1 Jan 2026"); the log names a game of the deal of the day it was played on "Deal of the
day". Codes of no date have no name. Nothing here draws.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..look.i18n import _, format_date
from ..rules import daily

if TYPE_CHECKING:
    from datetime import date


def deal_name(code: str | None, today: date) -> str | None:
    """How a game of deal ``code`` played ``today`` names it (None: no day's deal)."""
    day = daily.day_of(code, today)
    if day is None:
        return None
    if day == today:
        return _("Today's deal")
    return _("Deal of {date}").format(date=format_date(day.isoformat()))


@lru_cache(maxsize=256)
def logged_deal_name(code: str, played_on: str, language: str) -> str | None:
    """How the log names a game of deal ``code`` that ended on ``played_on``
    (``YYYY-MM-DD``) in ``language`` (the current one): "Deal of the day" for that day's
    deal, else None (one date's deal each: a log of 100 games opens at once)."""
    if not code or not daily.is_day(played_on):
        return None
    return _("Deal of the day") if daily.is_daily(code, daily.parse_day(played_on)) else None
