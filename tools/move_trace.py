"""The real game, reporting each save of its game in progress: ``python tools/move_trace.py ARGS``.

Runs ``halfmoon ARGS`` (``game.shell.app.main``) as it is, but every time the game stores its
game in progress (``Context.save_game``: after every move, undo and redo, when a game is
dealt, on quit) it also writes a trace line (game/shell/trace.py, ``HALFMOON_TRACE=FILE``)::

    {"event": "saved", "kind": "crescent", "moves": 3, "position": "...", ...}

written after the save was handed to the writer thread, as a player would see the move.
The tools that kill the game (tools/kill_storm.py) compare the file left on disk with
these lines. The hook is put in when ``game.records.context`` is first imported, so the game
starts as ``halfmoon`` starts (its window first, the rest after it).
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = "game.records.context"


def report_saves(context_class: Any) -> None:
    """Wrap ``context_class.save_game`` so that each call writes a ``saved`` trace line."""
    from game.shell.trace import trace

    original = context_class.save_game

    def save_game(self: Any) -> None:
        original(self)
        progress = self.current
        game = progress.game
        trace(
            "saved",
            kind=progress.kind.key,
            moves=0 if game is None else game.moves,
            position=None if game is None else game.position(),
        )

    save_game.__doc__ = original.__doc__
    context_class.save_game = save_game


class _Hook(importlib.abc.MetaPathFinder):
    """Finds ``game.records.context`` once, as the normal import would, and patches it once run."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != TARGET:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            report_saves(module.Context)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Report saves from the next import of ``game.records.context`` on (now if already
    imported)."""
    if TARGET in sys.modules:
        report_saves(sys.modules[TARGET].Context)
    else:
        sys.meta_path.insert(0, _Hook())


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    install()
    from game.shell.app import main as halfmoon

    return halfmoon(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
