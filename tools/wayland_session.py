"""A real Wayland compositor for the tests and tools that drive the game's own window.

``with compositor((1280, 720)) as weston:`` starts Debian's ``weston`` on a socket of its
own, in a private ``XDG_RUNTIME_DIR``, and stops it afterwards; ``weston.env`` is what a
client needs to reach it (``WAYLAND_DISPLAY``, ``XDG_RUNTIME_DIR``) and
:meth:`Compositor.screenshot` what the output shows (``weston-screenshooter``, which
weston allows when it runs with ``--debug``).

Two ways to run it:

- headless (``x_display=None``): weston's headless backend, drawing with OpenGL on Mesa's
  software renderer (``--use-gl``, ``LIBGL_ALWAYS_SOFTWARE=1``), as CI runs it. It has no
  input devices at all, so nothing can press a key or click in it.
- on an X display (``x_display=":N"``, an Xvfb of :mod:`xsession`): weston's x11
  backend shows its output in one X window, and passes the X pointer and keyboard on to
  its Wayland clients: ``xdotool`` then types and clicks into a Wayland window. The game
  is still a Wayland client of weston, nothing else.

:func:`missing` names the programs that are not installed, so a caller can skip with a
visible reason.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from xsession import end_process

PROGRAMS = ("weston", "weston-screenshooter")
BACKGROUND = (255, 0, 255)
"""The desktop's colour: weston's shell draws no panel and no picture, so anything else
on a screenshot is a client's window (:meth:`Compositor.window_box`)."""
SHELL = f"""[shell]
panel-position=none
background-image=/nonexistent.png
background-color=0xff{BACKGROUND[0]:02x}{BACKGROUND[1]:02x}{BACKGROUND[2]:02x}
"""
PACKAGES = "apt-get install weston libegl-mesa0 libgl1-mesa-dri xkb-data"
"""What a Debian or Ubuntu machine installs for the programs of :data:`PROGRAMS`."""


def missing(programs: Sequence[str] = PROGRAMS) -> list[str]:
    """The programs of ``programs`` that are not on PATH."""
    return [name for name in programs if shutil.which(name) is None]


class Compositor:
    """A running weston: its environment for clients, its log, its screenshots."""

    def __init__(self, process: subprocess.Popen, runtime: Path, socket: str, log: Path):
        self.process = process
        self.runtime = runtime
        self.socket = socket
        self.log = log
        self.env = {"WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": str(runtime)}
        """What a Wayland client needs to reach this compositor."""

    def client_env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """``base`` (the process's environment) without any display or SDL setting of its
        own, plus this compositor's, and SDL asked for its Wayland driver, without
        libdecor's decorations: weston draws none of its own, so the window on the screen
        is the game's content alone, whether libdecor is installed (a desktop's machine,
        where SDL would draw a title bar and a shadow around it) or not (CI's)."""
        env = {
            k: v
            for k, v in (os.environ if base is None else base).items()
            if not k.startswith(("SDL_", "HALFMOON_")) and k not in ("DISPLAY", "WAYLAND_DISPLAY")
        }
        wayland = {"SDL_VIDEODRIVER": "wayland", "SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR": "0"}
        return {**env, **self.env, **wayland}

    def said(self) -> str:
        """The end of weston's log (for a failure's message)."""
        return self.log.read_text(errors="replace")[-1500:]

    def screenshot(self, folder: Path, name: str) -> Path:
        """What the output shows now, as ``folder/name.png``; an AssertionError when weston
        does not give one."""
        with tempfile.TemporaryDirectory() as scratch:
            done = subprocess.run(
                ["weston-screenshooter"],
                cwd=scratch,
                env={**os.environ, **self.env},
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
            shots = sorted(Path(scratch).glob("*.png"))
            if done.returncode or not shots:
                raise AssertionError(
                    f"no screenshot from weston (status {done.returncode}): "
                    f"{done.stderr.strip()[-500:]}; weston said: {self.said()}"
                )
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"{name}.png"
            shutil.move(str(shots[-1]), target)
        return target


@contextlib.contextmanager
def compositor(
    size: tuple[int, int] = (1280, 720), *, x_display: str | None = None, timeout: float = 20
) -> Iterator[Compositor]:
    """A weston of one output of ``size``, headless, or in a window of ``x_display``."""
    runtime = Path(tempfile.mkdtemp(prefix="halfmoon-wayland-"))
    runtime.chmod(0o700)  # what libwayland asks of XDG_RUNTIME_DIR
    socket = f"halfmoon-{os.getpid()}"
    log = runtime / "weston.log"
    if x_display is None:
        backend = ["--backend=headless-backend.so", "--use-gl"]
        extra = {"LIBGL_ALWAYS_SOFTWARE": "1"}
    else:
        backend = ["--backend=x11-backend.so", "--use-pixman"]
        extra = {"DISPLAY": x_display}
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(extra, XDG_RUNTIME_DIR=str(runtime))
    command = ["weston", *backend, f"--socket={socket}", "--debug", "--idle-time=0"]
    command += [f"--width={size[0]}", f"--height={size[1]}", f"--log={log}"]
    (runtime / "weston.ini").write_text(SHELL, encoding="utf-8")
    command.append(f"--config={runtime / 'weston.ini'}")
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        _wait_until_ready(process, runtime / socket, log, timeout)
        yield Compositor(process, runtime, socket, log)
    finally:
        end_process(process)
        shutil.rmtree(runtime, ignore_errors=True)


def _wait_until_ready(process: subprocess.Popen, socket: Path, log: Path, timeout: float) -> None:
    """Until weston listens on ``socket`` and its shell has started; a RuntimeError with
    weston's log when it does not."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        text = log.read_text(errors="replace") if log.exists() else ""
        if socket.exists() and "weston-desktop-shell" in text:
            time.sleep(0.3)  # the shell's own client connects and draws its background
            return
        time.sleep(0.05)
    said = log.read_text(errors="replace")[-1500:] if log.exists() else "nothing"
    raise RuntimeError(f"weston did not start (status {process.poll()}); it said: {said}")


def window_box(shot: Path) -> tuple[int, int, int, int]:
    """Where the window is in a screenshot of :func:`compositor`'s weston: the box (x, y,
    width, height) of the largest piece of what is not the desktop's colour (the
    pointer's arrow, elsewhere, is a piece of its own); (0, 0, 0, 0) for none."""
    import pygame

    image = pygame.image.load(str(shot))
    mask = pygame.mask.from_threshold(image, BACKGROUND, (7, 7, 7, 255))
    mask.invert()
    if not mask.count():
        return (0, 0, 0, 0)
    box = mask.connected_component().get_bounding_rects()[0]
    return (box.x, box.y, box.w, box.h)
