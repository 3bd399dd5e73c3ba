"""What every saved game of the app starts with: its format and schema version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import SavedGameError


def check_header(data: object, save_format: str, version: int, game: str) -> Mapping[str, Any]:
    """``data`` when it is a saved game of ``save_format`` that this version reads.

    Raises :class:`SavedGameError` for anything else: not a mapping, another format (the
    other game's saves too: ``game`` names this one), no valid version, or a version
    newer than ``version``.
    """
    if not isinstance(data, Mapping) or data.get("format") != save_format:
        raise SavedGameError(f"not a {game} saved game (no format {save_format!r})")
    saved = data.get("version")
    if not isinstance(saved, int) or isinstance(saved, bool) or saved < 1:
        raise SavedGameError(f"saved game has no valid version: {saved!r}")
    if saved > version:
        raise SavedGameError(
            f"saved game version {saved} is newer than this game reads ({version})"
        )
    return data
