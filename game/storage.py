"""The files the game keeps: written atomically, read defensively, never a reason to stop.

* Writing: a temporary file in the same folder, flushed and ``fsync``-ed, then
  ``os.replace``-d over the old one (and the folder ``fsync``-ed), so a crash at any
  moment leaves either the old file or the new one, never half of one.
* Reading: a file that is not JSON, has the wrong shape, or comes from a newer version
  of the game is renamed aside (``settings.json.bad-20261129-121530``) and defaults are
  used; the player sees one short notice.
* A folder that cannot be created or written: the game runs on and says once that it
  cannot save.
"""

from __future__ import annotations

import contextlib
import os
import queue
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .i18n import N_

T = TypeVar("T")

APP_NAME = "halfmoon"


class DamagedFile(ValueError):
    """A file whose content is not what the game wrote."""


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
    _queue: queue.Queue[tuple[str, bytes | None] | None] | None = None
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
        self.notices.append((message, args))

    def take_notice(self) -> tuple[str, dict[str, str]] | None:
        """The oldest notice not yet shown, if any."""
        return self.notices.pop(0) if self.notices else None

    # ------------------------------------------------------------------ read
    def load(self, name: str, parse: Callable[[Any], T], default: Callable[[], T]) -> T:
        """Read ``name`` and ``parse`` its JSON; on any damage keep it aside and use ``default``.

        ``parse`` raises :class:`DamagedFile` (or ValueError, TypeError, KeyError) for data
        that is not right.
        """
        path = self.path(name)
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return default()
        except OSError:
            self._notice(N_("Could not read {file}; using defaults."), file=str(path))
            return default()
        import json  # here, not at start-up: a first start has no files to read

        try:
            return parse(json.loads(raw.decode("utf-8")))
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
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

        With ``background`` the write is queued and True returned at once.
        """
        import json

        content = json.dumps(data, ensure_ascii=False, indent=1).encode()
        if self.background:
            self._enqueue(name, content)
            return True
        return self._write(name, content)

    def delete(self, name: str) -> None:
        """Remove ``name`` if it exists (after any queued write of it)."""
        if self.background:
            self._enqueue(name, None)
        else:
            self._write(name, None)

    def flush(self) -> None:
        """Wait until every queued write is on disk."""
        if self._queue is not None:
            self._queue.join()

    def close(self) -> None:
        """Finish the queued writes and stop the writer thread."""
        if self._queue is not None and self._writer is not None:
            self._queue.put(None)
            self._writer.join()
            self._queue, self._writer = None, None

    def _write(self, name: str, content: bytes | None) -> bool:
        path = self.path(name)
        if content is None:
            # Missing, or a read-only folder: nothing to do.
            with contextlib.suppress(OSError):
                path.unlink()
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

    def _enqueue(self, name: str, content: bytes | None) -> None:
        if self._queue is None:
            self._queue = queue.Queue()
            self._writer = threading.Thread(target=self._run, name="halfmoon-writer", daemon=True)
            self._writer.start()
        self._queue.put((name, content))

    def _run(self) -> None:
        assert self._queue is not None
        jobs = self._queue
        while True:
            job = jobs.get()
            if job is None:
                jobs.task_done()
                return
            # Only the newest content of a file matters: skip older queued versions.
            pending = [job]
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
                else:
                    latest.pop(item[0], None)
                    latest[item[0]] = item[1]
            for name, content in latest.items():
                self._write(name, content)
            for _item in pending:
                jobs.task_done()
            if stop:
                return


def write_atomically(path: Path, content: bytes) -> None:
    """Replace ``path`` with ``content``: temp file, fsync, os.replace, fsync the folder.

    Raises OSError when any step fails; the old file is then untouched and the temp file
    removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
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
