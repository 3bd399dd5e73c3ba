"""Giving memory back to the system (glibc on Linux; elsewhere these do nothing).

Card pictures and window-sized surfaces are large blocks. By default glibc raises its
mmap threshold each time such a block is freed, so later blocks of that size come from
the heap, where freed memory stays with the process: after a resize to a huge window
and back, the game kept hundreds of megabytes. :func:`keep_large_blocks_apart` fixes the
threshold (large blocks are mapped, and unmapped when freed); :func:`give_back` returns
the heap's free pages after the game dropped many pictures at once. With
``HALFMOON_PLAIN=1`` neither calls glibc: malloc keeps its own ways.

:func:`resident_kb` is the process's resident memory, for the benchmark's trace.
"""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING

from . import plain

if TYPE_CHECKING:
    import ctypes

M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 4 * 1024 * 1024
"""Bytes from which a block is mapped on its own (glibc's initial threshold)."""


@cache
def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here: it costs start-up time, and only glibc needs it

    try:
        libc = ctypes.CDLL("libc.so.6")  # by name: find_library would run ldconfig
        libc.mallopt  # noqa: B018 (glibc, not musl: both functions must be there)
        libc.malloc_trim  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def keep_large_blocks_apart() -> bool:
    """Map every block of :data:`LARGE_BLOCK` bytes or more on its own; True if done."""
    libc = None if plain() else _libc()
    return bool(libc is not None and libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))


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
