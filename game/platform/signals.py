"""The process signals the game answers (POSIX; Windows has SIGINT and SIGTERM only).

SIGTERM, SIGINT and SIGHUP end the game cleanly: saved, exit status 0, a kiosk too
(:func:`on_stop`; SDL's own handlers, which would turn the first two into a window close
that a kiosk ignores, are kept off by ``SDL_NO_SIGNAL_HANDLERS``). SIGUSR1 marks the
benchmark's window of a traced run (:func:`on_mark`).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from typing import Any

if sys.platform == "win32":
    STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGTERM, signal.SIGINT)
else:
    STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
"""Signals that end the game cleanly: saved, exit status 0 (a kiosk too)."""


def on_stop(stop: Callable[[], None]) -> Callable[[], None]:
    """Call ``stop`` (from the main thread, between two bytecodes) on SIGTERM, SIGINT and
    SIGHUP; the function that puts the handlers before back. Nothing is changed when
    called off the main thread (a test driving a session), where Python sets no handler."""
    before: dict[int, Any] = {}
    for number in STOP_SIGNALS:
        try:
            before[number] = signal.signal(number, lambda _number, _frame: stop())
        except ValueError:  # not the main thread
            break

    def restore() -> None:
        for number, handler in before.items():
            if handler is not None:  # None: a handler not set from Python, left as it is
                signal.signal(number, handler)
        before.clear()

    return restore


def on_mark(mark: Callable[[], None]) -> bool:
    """Call ``mark`` on SIGUSR1; False where there is no SIGUSR1 (Windows) or no handler
    can be set (off the main thread)."""
    if sys.platform == "win32":
        return False
    try:
        signal.signal(signal.SIGUSR1, lambda _number, _frame: mark())
    except ValueError:
        return False
    return True
