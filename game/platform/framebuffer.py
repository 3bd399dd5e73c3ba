"""How SDL presents the window: from the CPU where the video driver can, else SDL's way.

The game draws every pixel on the CPU. Presenting the window through OpenGL only adds an
upload, and on machines without a GPU it goes through a software renderer that is 5-8
times slower (docs/performance.md); ``SDL_FRAMEBUFFER_ACCELERATION=0`` asks SDL for the
driver's own window framebuffer instead. Only some of SDL's video drivers have one (x11,
windows, cocoa, the headless ones). Wayland's has none (KMS/DRM's neither, as SDL 2's
source reads; not tried on a console): asked for it, SDL refuses the window ("Window
framebuffer support not available"), and its choice is made once per video start, so
the window can only be opened again after a restart of SDL's video with the variable at
1 (SDL's texture framebuffer, presented by the GPU or Mesa).

:func:`prefer_cpu` sets the variable unless the environment did; :func:`falls_back` says
whether a refused window is that case, which :func:`present_through_sdl` then undoes.
A value the player set is theirs: it is never changed, and a window it cannot have is
refused with SDL's reason.
"""

from __future__ import annotations

import os

VARIABLE = "SDL_FRAMEBUFFER_ACCELERATION"
CPU = "0"
SDL_DEFAULT = "1"

_set_here = False
"""Whether :func:`prefer_cpu` set the variable (rather than the environment)."""


def prefer_cpu() -> None:
    """Ask SDL to present from the CPU, unless the environment says otherwise; before
    SDL's video starts (it reads the variable when the first window gets its surface)."""
    global _set_here
    if VARIABLE not in os.environ:
        os.environ[VARIABLE] = CPU
        _set_here = True


def falls_back(error: BaseException) -> bool:
    """Whether a window refused with ``error`` is to be asked for again SDL's way: the CPU
    framebuffer was :func:`prefer_cpu`'s wish (not the player's own setting). Any refusal
    counts, not only SDL's words for it ("Window framebuffer support not available" in SDL
    2.32; pygame-ce 2.5.0 with SDL 2.30 gives an empty message): the CPU framebuffer is a
    speed-up, never a reason to show nothing, and a window refused for another reason is
    refused again, with that reason."""
    return _set_here and os.environ.get(VARIABLE) == CPU


def present_through_sdl() -> None:
    """SDL's own framebuffer from now on (for the next start of SDL's video)."""
    os.environ[VARIABLE] = SDL_DEFAULT


def presents_from_cpu() -> bool:
    """Whether SDL is asked for the CPU framebuffer now (for the tests and the trace)."""
    return os.environ.get(VARIABLE) == CPU
