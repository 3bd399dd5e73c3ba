"""Giving memory back to the system (glibc on Linux; elsewhere these do nothing).

Card pictures and window-sized surfaces are large blocks. By default glibc raises its
mmap threshold each time such a block is freed, so later blocks of that size come from
the heap, where freed memory stays with the process: after a resize to a huge window
and back, the game kept hundreds of megabytes. :func:`keep_large_blocks_apart` fixes the
threshold (large blocks are mapped, and unmapped when freed); :func:`give_back` returns
the heap's free pages after the game dropped many pictures at once.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 4 * 1024 * 1024
"""Bytes from which a block is mapped on its own (glibc's initial threshold)."""


@cache
def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")  # by name: find_library would run ldconfig
        libc.mallopt  # noqa: B018 (glibc, not musl: both functions must be there)
        libc.malloc_trim  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def keep_large_blocks_apart() -> bool:
    """Map every block of :data:`LARGE_BLOCK` bytes or more on its own; True if done."""
    libc = _libc()
    return bool(libc is not None and libc.mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))


def give_back() -> bool:
    """Return the heap's free pages to the system; True if any were."""
    libc = _libc()
    return bool(libc is not None and libc.malloc_trim(0))
