"""The files the game keeps: written atomically, read defensively, never a reason to stop.

* Writing: a temporary file in the same folder, flushed and ``fsync``-ed, then
  ``os.replace``-d over the old one (and the folder ``fsync``-ed), so a crash at any
  moment leaves either the old file or the new one, never half of one.
  A symlinked file is written through: its target is replaced, the link stays.
* Reading: a file that is not JSON, has the wrong shape, holds values out of range (see
  game.records.fields), is larger than :data:`MAX_FILE_BYTES` or comes from a newer version of
  the game is renamed aside (``settings.json.bad-20261129-121530``) and defaults are
  used; the player sees one short notice.
* A file that exists but cannot be read (no permission, a folder, a FIFO or a device in
  its place) is never overwritten or deleted: the game says so once and runs without
  saving that file.
* A folder that cannot be created or written: the game runs on and says once that it
  cannot save.
* Writes that belong together (a game's end: the journal, its statistics, its log)
  go as one :class:`Commit`: written in order, the first failure stops it, and its files
  are removed only when every write landed (game.records.endings says why).
* One game at a time: :meth:`Storage.lock` holds the data folder's lock (see
  game.platform.instance), and the owner of the lock cleans up temporary files that a
  killed run left behind.
"""

from __future__ import annotations

import contextlib
import os
import queue
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..look.i18n import N_
from ..platform.instance import AlreadyRunning, InstanceLock, folder_key
from .fields import DamagedFile

T = TypeVar("T")

__all__ = [
    "APP_NAME",
    "AlreadyRunning",
    "DamagedFile",
    "Storage",
    "read_regular_file",
    "shown",
    "write_atomically",
]

APP_NAME = "halfmoon"
MAX_FILE_BYTES = 1024 * 1024
"""A file of the game's larger than this is damaged: the game writes a few kB at most,
and parsing 100 MB of JSON took 11 s and 1.4 GB."""
_TEMP_SUFFIX = ".tmp"
_Job = tuple[str, bytes | None]
"""A write for the writer thread: the file's name and its content (None: delete it)."""
Condition = Callable[[bytes], bool]
"""Whether a file may be removed, judged from its bytes (None for a removal: always)."""


@dataclass
class Commit:
    """Writes that land in order, then removals made only when every write landed.

    :attr:`done` is set when the writer has run it (at once without ``background``),
    :attr:`ok` then says whether every write landed. A write stops the commit at the first
    failure, so a later write never lands without the earlier ones.
    """

    writes: list[tuple[str, bytes]]
    removals: list[tuple[str, Condition | None]]
    done: threading.Event = field(default_factory=threading.Event)
    ok: bool = False


def shown(path: os.PathLike[str] | str) -> str:
    """A path as text that can be drawn and printed: bytes that are not UTF-8 (a folder
    named ``$'\\xff'``) become replacement characters instead of lone surrogates."""
    return os.fsencode(path).decode("utf-8", "replace")


def default_dirs() -> tuple[Path, Path]:
    """The user's config and data folders for the game (from platformdirs)."""
    import platformdirs

    return (
        platformdirs.user_config_path(APP_NAME, appauthor=False),
        platformdirs.user_data_path(APP_NAME, appauthor=False),
    )


@dataclass
class Storage:
    """Reads and writes the game's JSON files in two folders."""

    config_dir: Path
    """Settings live here."""
    data_dir: Path
    """The saved game and the statistics live here."""
    background: bool = False
    """Write on a background thread, so a move never waits for the disk (the app does)."""
    notices: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    """Messages for the player, oldest first: an untranslated msgid with ``{name}``
    fields, and the values of those fields."""
    _cannot_save_said: bool = False
    _unreadable: set[str] = field(default_factory=set)
    """Files that exist but could not be read: never written or deleted."""
    _lock: InstanceLock | None = None
    _queue: queue.Queue[_Job | Commit | None] | None = None
    _writer: threading.Thread | None = None

    @classmethod
    def default(cls) -> Storage:
        """Storage in the user's platform folders."""
        config_dir, data_dir = default_dirs()
        return cls(config_dir, data_dir)

    def path(self, name: str) -> Path:
        """Where the file ``name`` lives (settings in the config folder, the rest in data)."""
        folder = self.config_dir if name.startswith("settings") else self.data_dir
        return folder / name

    def _notice(self, message: str, **args: str) -> None:
        self.notices.append((message, {key: shown(value) for key, value in args.items()}))

    def take_notice(self) -> tuple[str, dict[str, str]] | None:
        """The oldest notice not yet shown, if any."""
        return self.notices.pop(0) if self.notices else None

    # ------------------------------------------------------------------ read
    def load(self, name: str, parse: Callable[[Any], T], default: Callable[[], T]) -> T:
        """Read ``name`` and ``parse`` its JSON; on any damage keep it aside and use ``default``.

        ``parse`` raises :class:`DamagedFile` (or ValueError, TypeError, KeyError) for data
        that is not right; any other exception it raises (MemoryError, RecursionError, a
        bug in a parser or in a saved game's replay) makes the file damaged too, so that
        no file can stop every start. A file that exists but cannot be read is left alone,
        and not written for the rest of the run (the player is told once).
        """
        path = self.path(name)
        try:
            raw = read_regular_file(path, MAX_FILE_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return default()
        except OSError:
            self._unreadable.add(name)
            self._notice(
                N_("Cannot read {file}: it is left as it is and will not be saved."),
                file=str(path),
            )
            return default()
        import json  # here, not at start-up: a first start has no files to read

        try:
            if raw is None:
                raise DamagedFile(f"larger than {MAX_FILE_BYTES} bytes")
            return parse(json.loads(raw.decode("utf-8")))
        except Exception:  # whatever it was: the next start would meet it again
            kept = self._keep_aside(path)
            self._notice(
                N_("{file} was damaged and has been kept as {kept}; using defaults."),
                file=path.name,
                kept=kept.name if kept else "-",
            )
            return default()

    def _keep_aside(self, path: Path) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.bad-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.bad-{stamp}-{counter}")
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target

    # ----------------------------------------------------------------- write
    def save(self, name: str, data: Any) -> bool:
        """Write ``data`` as JSON to ``name`` atomically; False (said once) when it cannot.

        With ``background`` the write is queued and True returned at once. A file that
        could not be read is not written (False).
        """
        if name in self._unreadable:
            return False
        content = _encoded(data)
        if self.background:
            self._enqueue((name, content))
            return True
        return self._write(name, content)

    def commit(
        self, writes: list[tuple[str, Any]], removals: list[tuple[str, Condition | None]]
    ) -> Commit:
        """Write each ``(name, data)`` of ``writes`` in order, then remove each file of
        ``removals`` whose condition holds (or that has none), only if every write landed.

        A file that could not be read is neither written nor removed (the player was told
        it will not be saved): it does not stop the commit. Queued after the writes before
        it, like :meth:`save`; the writes after it come after its removals.
        """
        commit = Commit([(name, _encoded(data)) for name, data in writes], list(removals))
        if self.background:
            self._enqueue(commit)
        else:
            self._run_commit(commit)
        return commit

    def delete(self, name: str) -> None:
        """Remove ``name`` if it exists (after any queued write of it), and make the
        removal durable (the folder is fsync-ed)."""
        if name in self._unreadable:
            return
        if self.background:
            self._enqueue((name, None))
        else:
            self._write(name, None)

    def flush(self) -> None:
        """Wait until every queued write is on disk."""
        if self._queue is not None:
            self._queue.join()

    def close(self) -> None:
        """Finish the queued writes, stop the writer thread, let go of the lock."""
        if self._queue is not None and self._writer is not None:
            self._queue.put(None)
            self._writer.join()
            self._queue, self._writer = None, None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    # ------------------------------------------------------------ one game
    def lock(self, claimed: InstanceLock | None = None) -> bool:
        """Hold the data folder's lock for this run, then remove the temporary files a
        killed run left behind. ``claimed``: the lock the app took before its window
        opened, kept when it is this folder's (else let go of).

        Raises :class:`AlreadyRunning` when another game holds it. False when no lock
        could be had (see :meth:`InstanceLock.acquire`), True once held.
        """
        lock = claimed
        if lock is None or not lock.held or lock.key != folder_key(self.data_dir):
            if lock is not None:
                lock.release()
            lock = InstanceLock(self.data_dir)
            lock.acquire()
        self._lock = lock
        if lock.held:
            self.remove_leftovers()
        return lock.held

    def remove_leftovers(self) -> list[Path]:
        """Delete the temporary files of interrupted writes (``.game.json.x1y2.tmp``) in
        both folders; the paths removed. Only the holder of the lock calls it."""
        removed = []
        for folder in dict.fromkeys((self.config_dir, self.data_dir)):
            try:
                names = [entry.name for entry in os.scandir(folder)]
            except OSError:
                continue
            for name in names:
                if name.startswith(".") and name.endswith(_TEMP_SUFFIX) and ".json." in name:
                    with contextlib.suppress(OSError):
                        (folder / name).unlink()
                        removed.append(folder / name)
        return removed

    def _write(self, name: str, content: bytes | None) -> bool:
        path = self.path(name)
        if content is None:
            # Missing, or a read-only folder: nothing to do.
            try:
                path.unlink()
            except OSError:
                return True
            _fsync_folder(path.parent)
            return True
        try:
            write_atomically(path, content)
        except OSError:
            if not self._cannot_save_said:
                self._cannot_save_said = True
                self._notice(
                    N_("Cannot save in {folder}; the game goes on."), folder=str(path.parent)
                )
            return False
        return True

    def _run_commit(self, commit: Commit) -> None:
        try:
            for name, content in commit.writes:
                if name not in self._unreadable and not self._write(name, content):
                    return
            for name, condition in commit.removals:
                if name in self._unreadable:
                    continue
                if condition is not None:
                    try:
                        raw = read_regular_file(self.path(name), MAX_FILE_BYTES)
                    except OSError:
                        continue  # missing, or not ours to judge: left as it is
                    if raw is None or not condition(raw):
                        continue
                self._write(name, None)
            commit.ok = True
        finally:
            commit.done.set()

    def _enqueue(self, job: _Job | Commit) -> None:
        if self._queue is None:
            self._queue = queue.Queue()
            self._writer = threading.Thread(target=self._run, name="halfmoon-writer", daemon=True)
            self._writer.start()
        self._queue.put(job)

    def _run(self) -> None:
        assert self._queue is not None
        jobs = self._queue
        while True:
            job = jobs.get()
            if job is None:
                jobs.task_done()
                return
            # Only the newest content of a file matters: skip older queued versions, but
            # never across a commit, whose writes and removals keep their place.
            pending: list[_Job | Commit | None] = [job]
            while True:
                try:
                    more = jobs.get_nowait()
                except queue.Empty:
                    break
                pending.append(more)
            latest: dict[str, bytes | None] = {}
            stop = False
            for item in pending:
                if item is None:
                    stop = True
                elif isinstance(item, Commit):
                    self._write_latest(latest)
                    self._run_commit(item)
                else:
                    latest.pop(item[0], None)
                    latest[item[0]] = item[1]
            self._write_latest(latest)
            for _item in pending:
                jobs.task_done()
            if stop:
                return

    def _write_latest(self, latest: dict[str, bytes | None]) -> None:
        """Write the newest queued content of each file, in order, and forget them."""
        for name, content in latest.items():
            self._write(name, content)
        latest.clear()


def _encoded(data: Any) -> bytes:
    """``data`` as the game's files hold it: JSON, UTF-8."""
    import json  # here, not at start-up: a first start has no files to write

    return json.dumps(data, ensure_ascii=False, indent=1).encode()


def write_atomically(path: Path, content: bytes) -> None:
    """Replace ``path`` with ``content``: temp file, fsync, os.replace, fsync the folder.
    A symbolic link is written through: the file it points to is replaced, in its own
    folder, and the link stays. The file keeps its permissions (a new one is the owner's
    alone, 600). Raises OSError when any step fails; the old file is then untouched and the
    temp file removed."""
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mode = None  # a new file
    handle, temp_name = _new_file(path.parent, f".{path.name}.", _TEMP_SUFFIX)
    try:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as temp:
            temp.write(content)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)


def _new_file(folder: Path, prefix: str, suffix: str) -> tuple[int, str]:
    """(descriptor, path) of a new file of a random name in ``folder``, 600, as
    ``tempfile.mkstemp`` makes it, without importing tempfile (shutil, bz2, lzma, random:
    3 ms of the writer thread at the start, taken from the first frame)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0)  # (Windows: bytes as written)
    for _ in range(100):
        name = str(folder / f"{prefix}{os.urandom(6).hex()}{suffix}")
        with contextlib.suppress(FileExistsError):
            return os.open(name, flags, 0o600), name
    raise FileExistsError(f"no new file name found in {folder}")


def read_regular_file(path: Path, limit: int) -> bytes | None:
    """The bytes of the regular file ``path``, or None when it holds more than ``limit``.

    Raises FileNotFoundError when it is missing and another OSError when it cannot be
    read, or is not a regular file: a FIFO or a device is never read from (opening does
    not wait for a writer, and ``/dev/zero`` would never end).
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "not a regular file", shown(path))
        if info.st_size > limit:
            return None
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return None if size > limit else b"".join(chunks)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (where the platform allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
