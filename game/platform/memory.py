"""Giving memory back to the system (glibc on Linux; elsewhere this does nothing).

Card pictures and window-sized surfaces are large blocks. glibc raises its mmap
threshold each time such a block is freed, so later blocks of that size come from the
heap, where freed memory stays with the process: after a resize to a huge window and
back, the game kept hundreds of megabytes. :func:`give_back` returns the heap's free
pages once the table dropped the pictures of the earlier size (game/scenes/play_idle.py):
after 10000x10000 and back the game holds 1.3 MB more, not hundreds (docs/performance.md).
With ``HALFMOON_PLAIN=1`` it does not call glibc.

:func:`resident_kb` is the process's resident memory, for the benchmark's trace.
"""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING

from . import plain

if TYPE_CHECKING:
    import ctypes


@cache
def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here: it costs start-up time, and only glibc needs it

    try:
        libc = ctypes.CDLL("libc.so.6")  # by name: find_library would run ldconfig
        libc.malloc_trim  # noqa: B018 (glibc's, not musl's)
    except (OSError, AttributeError):
        return None
    return libc


def give_back() -> bool:
    """Return the heap's free pages to the system; True if any were."""
    libc = None if plain() else _libc()
    return bool(libc is not None and libc.malloc_trim(0))


def resident_kb() -> int:
    """The process's resident memory in kB (Linux); elsewhere its peak so far (kB on
    Linux and most Unixes, bytes on macOS); 0 where neither can be read (Windows)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    if sys.platform == "win32":
        return 0
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
