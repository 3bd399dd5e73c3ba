"""One game per data folder; a second start brings the running game's window to the front.

The lock is advisory (``fcntl.flock``; ``msvcrt.locking`` on Windows): the operating
system lets go of it when the process ends, however it ends. The game holds it on two
files:

* ``<runtime folder>/halfmoon/<key>.lock``, the key a hash of the data folder's resolved
  path (two data folders, ``HALFMOON_HOME``, still run side by side; a link to a folder
  is that folder). The runtime folder is the user's own, ``$XDG_RUNTIME_DIR``, else
  ``/run/user/UID``, else a private ``halfmoon-UID`` in the temporary folder (what
  platformdirs' ``user_runtime_dir`` falls back to as well), so the lock holds whatever
  the state of the data folder: read-only, ``halfmoon.lock`` a folder, a file system
  without locks. Its holder removes the file as it lets go.
* ``halfmoon.lock`` in the data folder, where it can be had: the one that earlier
  versions of the game lock, and that a start which found another runtime folder (another
  ``XDG_RUNTIME_DIR``) sees too.

Either one held by another process means another game runs on the folder. These few
lines replace the ``filelock`` package, whose import took 30-40 ms of the start-up
(docs/performance.md), and take the lock before the window opens with ``os`` and
``fcntl`` only (0.2 ms, and 0.5 ms of imports): a second start opens no window.

Once its window shows, the holder answers SIGUSR2 by bringing the window to the front,
restored if minimized (SDL_RestoreWindow, SDL_RaiseWindow), and writes its PID in the
lock's files; a second start sends it the signal, says so in one line and exits. (SIGUSR1
is the benchmark's mark, game/platform/signals.py.) A second start while the first one's
window is still opening, or on Windows, which has no such signal, only says that the game
runs.

A second start with ``--deal CODE`` first leaves the code beside the lock's file it found
held (``<lock>.deal``, written atomically); the running game takes it as it comes to the
front (:func:`take_deal_request`) and opens that deal as any new deal, asking first when
a game of it is under way. Where the running game cannot be asked, the request is taken
back and the second start says the deal was not opened.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

APP = "halfmoon"
LOCK_FILE = "halfmoon.lock"
"""The lock's file in the data folder (the one earlier versions held)."""
FRONT_SIGNAL = "SIGUSR2"
"""What a second start sends the running game: come to the front (Windows has none)."""
DEAL_REQUEST = ".deal"
"""The suffix of the file beside a held lock's file where a second start leaves its deal."""
_TAKEN = frozenset({errno.EACCES, errno.EAGAIN, errno.EDEADLK})
"""The errors of a lock call that mean another process holds the lock."""
_USER_RUNTIME = "/run/user"
"""Where systemd-logind makes each user's runtime folder (``XDG_RUNTIME_DIR``)."""

_held: list[InstanceLock] = []
"""The locks this process holds (where :func:`serve_front_requests` writes the PID)."""
_serving = False
"""Whether SIGUSR2 brings the window to the front."""
_deal_requests: list[str] = []
"""The deals second starts passed on, oldest first (see :func:`take_deal_request`)."""


class AlreadyRunning(RuntimeError):
    """Another Half Moon holds the lock of the data folder (the message: the folder)."""

    def __init__(self, folder: str, pid: int | None = None, lock_file: str = "") -> None:
        super().__init__(folder)
        self.pid = pid
        """The running game's process, as it wrote it in the lock (None: not known)."""
        self.lock_file = lock_file
        """The lock's file found held (a deal request goes beside it); empty: not known."""

    def bring_to_front(self) -> bool:
        """Ask the running game to bring its window to the front; whether it was asked."""
        import signal

        number = getattr(signal, FRONT_SIGNAL, None)
        if number is None or self.pid is None or self.pid == os.getpid():
            return False  # Windows, a game still starting or of an earlier version, or us
        try:
            os.kill(self.pid, number)
        except OSError:
            return False
        return True

    def pass_deal(self, code: str) -> bool:
        """Leave the deal ``code`` for the running game and ask it to the front; whether
        it was asked (else the request is taken back)."""
        if not self.lock_file:
            return False
        request = self.lock_file + DEAL_REQUEST
        try:
            _write_request(request, code)
        except OSError:
            return False
        if self.bring_to_front():
            return True
        _withdraw(request)
        return False

    def answer(self, deal: str | None = None) -> str:
        """Ask the running game to come to the front, with the deal ``deal`` if given; the
        line that tells the player."""
        running = f"Half Moon is already running with the data folder {self}"
        if deal is None:
            if self.lock_file:
                _withdraw(self.lock_file + DEAL_REQUEST)  # a killed start's: not asked now
            done = "brought it to the front" if self.bring_to_front() else "this one exits"
            return f"{running}; {done}"
        if self.pass_deal(deal):
            return (
                f"{running}; brought it to the front with the deal {deal} "
                "(it asks first if a game there is under way)"
            )
        return (
            f"{running}; the deal {deal} was not opened, as that game could not be asked: "
            "enter it there (Enter a deal code)"
        )


class InstanceLock:
    """The lock of one data folder for this run (see the module docstring)."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.key = ""
        """The data folder's key (set by :meth:`acquire`)."""
        self._held: list[tuple[int, str, bool]] = []
        """The files held: descriptor, path, whether to remove it on release."""

    @property
    def held(self) -> bool:
        return bool(self._held)

    def acquire(self) -> bool:
        """Take the lock: True when held, False when no file could hold it (no runtime
        or temporary folder, and a data folder that cannot be written: the game runs,
        unlocked, as earlier versions did).

        Raises :class:`AlreadyRunning` when another process holds it.
        """
        if self._held:
            return True
        with contextlib.suppress(OSError):
            os.makedirs(self.data_dir, exist_ok=True)
        self.key = folder_key(self.data_dir)
        try:
            for folder in _runtime_folders():
                if self._take(os.path.join(folder, f"{self.key}.lock"), remove=True):
                    break
            self._take(os.path.join(self.data_dir, LOCK_FILE), remove=False)
        except AlreadyRunning:
            self.release()
            raise
        if self._held:
            _held.append(self)
            if _serving:
                self._write_pid()
        return self.held

    def _write_pid(self) -> None:
        mine = f"{os.getpid():<15}\n".encode()  # as long as any earlier run's
        for fd, _path, _remove in self._held:
            with contextlib.suppress(OSError):
                os.pwrite(fd, mine, 0)

    def _take(self, path: str, remove: bool) -> bool:
        """Hold ``path``'s lock: False when the file cannot be had."""
        for _ in range(5):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                return False
            try:
                _lock(fd)
            except OSError as error:
                os.close(fd)
                if error.errno in _TAKEN:
                    raise AlreadyRunning(_shown(self.data_dir), _pid_in(path), path) from None
                return False
            if not remove or _is_at(fd, path):
                self._held.append((fd, path, remove))
                with contextlib.suppress(OSError):
                    if os.fstat(fd).st_size:  # the PID of a run that was killed
                        os.ftruncate(fd, 0)
                return True
            os.close(fd)  # its holder removed it as it let go: lock the new one
        return False

    def release(self) -> None:
        """Let go of the lock; the files of the runtime folder go too."""
        held, self._held = self._held, []
        if self in _held:
            _held.remove(self)
        for fd, path, remove in held:
            with contextlib.suppress(OSError):
                if remove:
                    os.unlink(path)  # while locked: a start that opened it sees it went
                else:
                    os.ftruncate(fd, 0)  # the PID goes with the game
            os.close(fd)


def claim(data_dir: Path) -> InstanceLock:
    """The lock of ``data_dir`` for this run, taken (or not, see :meth:`InstanceLock.acquire`).

    Raises :class:`AlreadyRunning` when another process holds it.
    """
    lock = InstanceLock(data_dir)
    lock.acquire()
    return lock


def folder_key(folder: Path) -> str:
    """A name for the data folder: 64-bit FNV-1a of its resolved path, in hex (hashlib
    would load OpenSSL before the window opens)."""
    value = 0xCBF29CE484222325
    for byte in os.fsencode(os.path.normcase(os.path.realpath(folder))):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def default_data_dir() -> Path:
    """platformdirs' ``user_data_path("halfmoon")``, found without importing platformdirs
    (11 ms, before the window opens). Where the two differ, storage takes the lock of the
    folder platformdirs names once the window shows (tests/test_one_instance.py checks
    that they agree)."""
    if sys.platform == "win32":  # pragma: no cover - Windows
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser(r"~\AppData\Local")
    elif sys.platform == "darwin":  # pragma: no cover - macOS
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_DATA_HOME", "")
        if not os.path.isabs(base):
            base = os.path.expanduser("~/.local/share")
    return Path(base, APP)


def serve_front_requests(brought: Callable[[], None] | None = None) -> bool:
    """From now on a second start brings this game's window to the front (call it once
    the window and the loop are there): SIGUSR2 gets its handler, then the PID is written
    where a second start reads it (the signal's default action ends the process). False
    where it cannot be (Windows, a thread other than the main one). ``brought`` is
    called each time the window came to the front (the shell traces it)."""
    global _serving, _brought
    _brought = brought
    if not _serving:
        import signal

        number = getattr(signal, FRONT_SIGNAL, None)
        if number is None:
            return False
        try:
            signal.signal(number, _on_front_request)
        except ValueError:
            return False
        _serving = True
    for lock in _held:
        for _fd, path, _remove in lock._held:
            _withdraw(path + DEAL_REQUEST)  # left by a start whose signal never came
        lock._write_pid()
    return True


def take_deal_request() -> str | None:
    """The oldest deal a second start passed on and this game has not opened yet (the
    text as written: the caller checks that it is a deal code), or None."""
    return _deal_requests.pop(0) if _deal_requests else None


def bring_window_to_front() -> bool:
    """Raise the game's window above the others and give it the input focus, restoring
    it first if it is minimized; False when there is no window (or SDL refuses).

    On X11 this makes requests to the X server whose answers (focus, expose) wake the
    idle loop's sleep on its socket, so the window is drawn at once.
    """
    import warnings

    import pygame

    try:
        if pygame.display.get_surface() is None:
            return False
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # we draw on the display
            window = pygame.Window.from_display_module()
        if not pygame.display.get_active():  # minimized (or hidden)
            window.restore()
        window.focus()
    except (pygame.error, AttributeError):
        return False
    if _brought is not None:
        _brought()
    return True


_brought: Callable[[], None] | None = None
"""What :func:`serve_front_requests` was told to call when the window came to the front."""


def _on_front_request(number: int, frame: object) -> None:
    # Python runs this in the main thread between two bytecodes, never inside an SDL
    # call, and at once when the idle loop sleeps in select(): SDL may be called here.
    for lock in _held:
        for _fd, path, _remove in lock._held:
            code = _take_request(path + DEAL_REQUEST)
            if code:
                _deal_requests.append(code)
    bring_window_to_front()


def _write_request(path: str, code: str) -> None:
    """Write ``code`` to ``path`` whole or not at all (a temporary file, then a rename)."""
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, code.encode()[:64])
    finally:
        os.close(fd)
    try:
        os.replace(temporary, path)
    except OSError:
        _withdraw(temporary)
        raise


def _take_request(path: str) -> str:
    """The text of the request file ``path`` (at most 64 bytes), which is removed; empty
    when there is none (or it is no regular file)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return ""
    try:
        text = os.read(fd, 64) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        text = b""
    finally:
        os.close(fd)
    _withdraw(path)
    return text.decode("utf-8", "replace").strip()


def _withdraw(path: str) -> None:
    """Remove the file ``path`` if it is there."""
    with contextlib.suppress(OSError):
        os.unlink(path)


def _runtime_folders() -> Iterator[str]:
    """The folders the lock may live in, best first, each made if missing and checked to
    be a folder of this user's that nobody else can write in."""
    if sys.platform == "win32":  # pragma: no cover - Windows: the user's own TEMP
        candidates = [os.path.join(os.environ.get("TEMP") or os.environ.get("TMP") or "", APP)]
    else:
        uid = os.geteuid()
        candidates = [
            os.path.join(os.environ.get("XDG_RUNTIME_DIR", ""), APP),
            os.path.join(_USER_RUNTIME, str(uid), APP),
            os.path.join(os.environ.get("TMPDIR") or "/tmp", f"{APP}-{uid}"),
        ]
    for folder in candidates:
        if not os.path.isabs(folder):
            continue
        with contextlib.suppress(OSError):
            os.mkdir(folder, 0o700)  # not its parents: a runtime folder that is not there
        try:
            info = os.lstat(folder)
        except OSError:
            continue
        if not stat.S_ISDIR(info.st_mode):
            continue
        if sys.platform != "win32" and (info.st_uid != os.geteuid() or info.st_mode & 0o077):
            continue
        yield folder


def _is_at(fd: int, path: str) -> bool:
    """Whether the open file ``fd`` is still the one at ``path``."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _pid_in(path: str) -> int | None:
    """The process a held lock's file names, if it names one."""
    try:
        with open(path, "rb") as held:
            pid = int(held.read(32).strip() or b"-")
    except (OSError, ValueError):
        return None
    return pid if pid > 0 else None  # kill() takes 0 and -1 for whole groups


def _shown(path: Path) -> str:
    """A path as text that can be printed (see game.records.storage.shown)."""
    return os.fsencode(path).decode("utf-8", "replace")


# sys.platform, not os.name: mypy then checks only the branch of the platform it runs on.
if sys.platform == "win32":  # pragma: no cover - Windows
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
