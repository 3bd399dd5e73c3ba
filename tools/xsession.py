"""A real X display for the tools and tests that drive the game's own window.

``with virtual_display((1920, 1080), window_manager=False) as display:`` starts Xvfb on a
free display number (see :func:`start_xvfb`), optionally with
matchbox-window-manager, and stops both afterwards. :func:`missing` names the programs
that are not installed, so a caller can skip with a visible reason.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

WINDOW_MANAGER = "matchbox-window-manager"


def missing(programs: Sequence[str] = ("Xvfb", "xdotool")) -> list[str]:
    """The programs of ``programs`` that are not on PATH."""
    return [name for name in programs if shutil.which(name) is None]


def start_xvfb(size: tuple[int, int] = (1920, 1080)) -> tuple[subprocess.Popen, str]:
    """A new Xvfb server of ``size`` on a free display: (the process, ``":N"``).

    The number is picked at random from 100 to 999 (display :0 and its neighbours are
    where other servers, and the stale lock of a killed one, are met: a client then and
    again found no server there), or from ``$HALFMOON_XVFB_DISPLAYS`` (``"60-69"``: runs
    that share a machine keep apart), skipping numbers whose lock names a live process, and
    Xvfb tells through ``-displayfd`` when it is ready. When none starts, the
    RuntimeError carries what the last Xvfb printed.
    """
    said = ""
    numbers = _numbers(os.environ.get("HALFMOON_XVFB_DISPLAYS", "100-999"))
    for number in random.sample(numbers, min(40, len(numbers))):
        if _held(number):
            continue
        read_end, write_end = os.pipe()
        with tempfile.TemporaryFile() as errors:
            server = subprocess.Popen(
                [
                    "Xvfb",
                    f":{number}",
                    "-displayfd",
                    str(write_end),
                    "-screen",
                    "0",
                    f"{size[0]}x{size[1]}x24",
                    "-nolisten",
                    "tcp",
                ],
                pass_fds=(write_end,),
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )
            os.close(write_end)
            with os.fdopen(read_end, "rb") as pipe:
                told = pipe.readline().strip().decode()
            if told == str(number):
                return server, f":{number}"
            end_process(server)  # the number was taken after all: the next one
            errors.seek(0)
            said = errors.read().decode(errors="replace").strip()[-600:]
    raise RuntimeError(f"Xvfb did not start; the last one printed: {said or 'nothing'}")


def _numbers(span: str) -> list[int]:
    """The display numbers of ``"FIRST-LAST"`` (or of one number)."""
    first, _, last = span.partition("-")
    return list(range(int(first), int(last or first) + 1))


def _held(number: int) -> bool:
    """Whether display ``number``'s lock file names a process that is alive."""
    try:
        pid = int(Path(f"/tmp/.X{number}-lock").read_text().strip())
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True  # unreadable or half written: someone else's, or being made
    try:
        os.kill(pid, 0)  # PermissionError too means the process is there
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def forget(display: str) -> None:
    """Remove the socket and lock a killed server of ``display`` (":N") left behind."""
    number = display.lstrip(":")
    for leftover in (Path(f"/tmp/.X11-unix/X{number}"), Path(f"/tmp/.X{number}-lock")):
        with contextlib.suppress(OSError):
            leftover.unlink()


@contextlib.contextmanager
def virtual_display(
    size: tuple[int, int] = (1920, 1080), *, window_manager: bool = False
) -> Iterator[str]:
    """An Xvfb screen of ``size`` (``":N"``), with matchbox when ``window_manager``."""
    server, display = start_xvfb(size)
    manager = None
    try:
        if window_manager:
            manager = subprocess.Popen(
                [WINDOW_MANAGER, "-use_titlebar", "no"],
                env={**os.environ, "DISPLAY": display},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(0.5)
        yield display
    finally:
        for process in (manager, server):
            if process is not None:
                end_process(process)


def end_process(process: subprocess.Popen) -> None:
    """Stop ``process``: SIGTERM, up to 5 s, then SIGKILL."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stop_and_read(process: subprocess.Popen[bytes], timeout: float = 20) -> str:
    """Stop ``process`` (SIGTERM, up to ``timeout`` s, then SIGKILL) and return what it
    wrote on its stderr pipe."""
    if process.poll() is None:
        process.terminate()
    try:
        _, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return (err or b"").decode(errors="replace")


def xdotool(display: str, *args: str, timeout: float = 10) -> str:
    """Run ``xdotool args`` on ``display``; its output ('' when it failed)."""
    try:
        done = subprocess.run(
            ["xdotool", *args],
            env={**os.environ, "DISPLAY": display},
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return ""
    return done.stdout if done.returncode == 0 else ""


def find_window(
    display: str, pid: int, timeout: float = 30, process: subprocess.Popen | None = None
) -> str | None:
    """The X window of process ``pid`` (by _NET_WM_PID), waiting up to ``timeout`` s, or
    until ``process`` (when given) has ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = xdotool(display, "search", "--onlyvisible", "--pid", str(pid)).split()
        if found:
            return found[-1]
        if process is not None and process.poll() is not None:
            return None
        time.sleep(0.1)
    return None


def window_of(display: str, process: subprocess.Popen, timeout: float = 30) -> str:
    """The window of the game ``process`` started with ``stderr=PIPE``; when none comes,
    an AssertionError that says why: the exit status and what the game printed."""
    window = find_window(display, process.pid, timeout, process)
    if window is not None:
        return window
    if process.poll() is None:
        process.kill()
    _, err = process.communicate(timeout=10)
    text = err.decode(errors="replace") if isinstance(err, bytes) else (err or "")
    raise AssertionError(
        f"no window of the game on {display} after {timeout:.0f} s "
        f"(exit status {process.returncode}); it printed: {text.strip()[-2000:] or 'nothing'}"
    )
