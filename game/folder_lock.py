"""One game per data folder: an advisory lock on a file in it, held while the game runs.

The operating system lets go of the lock when the process ends, however it ends (a kill,
a power cut of the process): ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows. These few lines replace the ``filelock`` package, whose import took 30-40 ms of
the start-up and 4-5 MB of memory (it loads logging, hashlib and OpenSSL's libcrypto) for
the one call the game makes (docs/performance.md).
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

_TAKEN = frozenset({errno.EACCES, errno.EAGAIN, errno.EDEADLK})
"""The errors that mean another process holds the lock."""


class FolderLock:
    """An exclusive, non-blocking lock on ``path`` (the file is made if missing)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock: True when held now, False when another process holds it.

        Raises OSError when the file cannot be opened or the file system has no locks.
        """
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError as error:
            os.close(fd)
            if error.errno in _TAKEN:
                return False
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        """Let go of the lock (closing the file does it; the file stays)."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)


# sys.platform, not os.name: mypy then checks only the branch of the platform it runs on.
if sys.platform == "win32":  # pragma: no cover - Windows
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
