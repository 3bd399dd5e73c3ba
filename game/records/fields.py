"""Values read from the game's own files, checked in one place.

Every number, flag and word that settings, statistics and the saved game read from disk
comes through these functions: the right type, within a range the game can use, or
:class:`DamagedFile`. A file that fails a check is kept aside and replaced by defaults
(see game.records.storage), never a reason to stop: a 400-digit number once raised
``OverflowError`` at every start, which made a kiosk with ``Restart=always`` crash-loop.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import Any

MAX_COUNT = 10**12
"""The largest count or score the game keeps (a game a second for 30,000 years)."""
MAX_SECONDS = 10.0**9
"""The longest time the game keeps, in seconds (about 31 years)."""


class DamagedFile(ValueError):
    """A file whose content is not what the game wrote."""


def record(data: Any, schema: int, what: str) -> Mapping[str, Any]:
    """``data`` as a mapping with ``"schema": schema``, or :class:`DamagedFile`."""
    if not isinstance(data, Mapping) or data.get("schema") != schema:
        raise DamagedFile(f"not {what} of schema {schema}")
    return data


def count(data: Mapping[str, Any], key: str, default: int = 0, high: int = MAX_COUNT) -> int:
    """A whole number from 0 to ``high``; ``default`` when the key is missing."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise DamagedFile(f"{key!r} must be a whole number from 0 to {high}, not {_short(value)}")
    return value


def seconds(
    data: Mapping[str, Any], key: str, default: float = 0.0, high: float = MAX_SECONDS
) -> float:
    """A time from 0 to ``high`` seconds (a whole or a decimal number); ``default`` when
    the key is missing."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DamagedFile(f"{key!r} must be a number of seconds, not {_short(value)}")
    # A huge int is compared as an int: float() of it would overflow.
    if not 0 <= value <= high or (isinstance(value, float) and not math.isfinite(value)):
        raise DamagedFile(f"{key!r} must be from 0 to {high:g} seconds, not {_short(value)}")
    return float(value)


def flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    """``true`` or ``false``; ``default`` when the key is missing."""
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise DamagedFile(f"{key!r} must be true or false, not {_short(value)}")
    return value


def choice(data: Mapping[str, Any], key: str, default: str, choices: Collection[str]) -> str:
    """One of the words ``choices``; ``default`` when the key is missing."""
    value = data.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise DamagedFile(f"{key!r} must be one of {sorted(choices)}, not {_short(value)}")
    return value


def text(data: Mapping[str, Any], key: str, default: str, longest: int = 200) -> str:
    """A string of 1 to ``longest`` characters; ``default`` when the key is missing."""
    value = data.get(key, default)
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise DamagedFile(f"{key!r} must be a string of 1 to {longest} characters")
    return value


def words(
    data: Mapping[str, Any], key: str, longest: int = 200, most: int = 1000
) -> tuple[str, ...]:
    """A list of at most ``most`` strings of at most ``longest`` characters; empty when
    the key is missing."""
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > most:
        raise DamagedFile(f"{key!r} must be a list of at most {most} strings")
    if not all(isinstance(item, str) and len(item) <= longest for item in value):
        raise DamagedFile(f"{key!r} must hold strings of at most {longest} characters")
    return tuple(value)


def _short(value: Any) -> str:
    """``repr(value)``, cut short: a damaged file may hold a huge value."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."
