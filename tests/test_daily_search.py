"""A deal code found back to its day (game.rules.daily.day_of): the search the table's
deal name makes, written out for speed, gives what the rule's own ``number`` gives."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from game.games.catalog import KINDS
from game.rules import daily


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_a_days_code_is_found_back_to_its_day_and_others_to_none(kind):
    """``day_of`` finds the date of a day's code from the first day to a year ahead (the
    later of two dates with one code) and no date for a code of none: the search written
    out gives what the rule's own ``number`` gives."""
    on = date(2026, 12, 5)
    first = date.fromordinal(daily.EPOCH_ORDINAL)
    for day in (first, first + timedelta(1), on - timedelta(400), on, on + timedelta(daily.AHEAD)):
        found = daily.day_of(daily.code(day, kind.letter), on)
        assert found is not None and found >= day
        assert daily.number(found, kind.letter) == daily.number(day, kind.letter)
    beyond = daily.code(on + timedelta(daily.AHEAD + 1), kind.letter)
    found = daily.day_of(beyond, on)
    assert found is None or daily.number(found, kind.letter) == daily.number(
        on + timedelta(daily.AHEAD + 1), kind.letter
    )
    days = {daily.number(first + timedelta(n), kind.letter) for n in range(4000)}
    lone = next(n for n in range(10**6) if n not in days)
    assert daily.day_of(daily.format_code(lone, kind.letter), first + timedelta(3999 - 366)) is None
