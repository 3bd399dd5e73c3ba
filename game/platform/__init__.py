"""What is specific to an operating system, to X11 or to SDL's internals, in one package.

The rest of the game imports no ``ctypes``, ``fcntl``, ``msvcrt``, ``signal``, ``select``
or ``resource`` (tests/test_imports.py checks it): a port replaces this package. Its
modules, each imported where it is first needed:

- :mod:`.lazy_pygame`: pygame in two halves, the window's first (start-up time), and the
  mixer left for the first sound effect (3 MB);
- :mod:`.x11`: the idle loop asleep on the X server's socket until input
  (:class:`~.x11.InputWaiter`), the last save when the X server goes away
  (:func:`~.x11.when_lost`), and an X server without a window manager told apart, where
  the window covers the screen itself for fullscreen (:func:`~.x11.bare_x`);
- :mod:`.event_times`: each input event stamped with when it was taken, and on X11 with
  the X server's own time of it (read from SDL's raw X events), so a double tap is judged
  by when its taps were made;
- :mod:`.memory`: glibc's heap made to give a huge window's memory back, and the
  process's resident memory (for the benchmark's trace);
- :mod:`.signals`: SIGTERM, SIGINT and SIGHUP end the game cleanly; SIGUSR1 marks the
  benchmark's window;
- :mod:`.framebuffer`: the window presented from the CPU where SDL's video driver can
  (X11, Windows, macOS), through SDL's texture framebuffer where it cannot (Wayland,
  and any other driver without one);
- :mod:`.instance`: one game per data folder (an advisory lock), and a second start
  bringing the running game's window to the front (SIGUSR2).

Each trick has a plain way, which ``HALFMOON_PLAIN=1`` takes for all of them at once
(:func:`plain`; ``make test-plain`` runs the tests so): ``import pygame`` as usual, the
idle loop at its polling rate (10 Hz), Xlib's own answer to a lost display (exit 1, the
moves already saved stay saved), SDL's own fullscreen, freed memory left to malloc. The
signals are not a trick (they are how a kiosk is stopped) and stay. The writer thread
(game/records/storage.py) and the audio device's closing thread (game/audio/sound.py) stay
where they
are: they use only
:mod:`threading`, which CPython has on Windows, macOS and Linux alike; a build without
threads (a browser's) would write synchronously (``Storage.background = False``).
"""

from __future__ import annotations

import os

PLAIN_VARIABLE = "HALFMOON_PLAIN"


def plain() -> bool:
    """Whether every trick of this package is switched off: ``HALFMOON_PLAIN`` is set to
    anything but empty or ``0``. Read at each call, so a test may set it."""
    return os.environ.get(PLAIN_VARIABLE, "").strip() not in ("", "0")
