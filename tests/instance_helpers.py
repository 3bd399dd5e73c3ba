"""What the tests of one game per data folder share: a game process's environment and
the events of its trace (game/shell/trace.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def game_env(home: Path | None, trace: Path, **more: str) -> dict[str, str]:
    """SDL's dummy drivers, the data in ``home`` (None: the user's folders), a trace."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        HALFMOON_TRACE=str(trace),
        **more,
    )
    if home is not None:
        env["HALFMOON_HOME"] = str(home)
    return env


def trace_events(trace: Path) -> list[str]:
    try:
        lines = trace.read_text().splitlines()
    except FileNotFoundError:
        return []
    return [json.loads(line)["event"] for line in lines if line.endswith("}")]
