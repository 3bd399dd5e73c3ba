"""Card faces rendered on a second thread while the game goes on: :class:`FacesAhead`.

SDL_image renders an SVG without Python's lock, so while the main thread imports, lays
out and measures (a table's first frame), a helper thread can render the faces that frame
will show. The helper takes names from the front of a shared queue; when the main thread
needs the faces (:meth:`FacesAhead.finish`) it takes the rest from the back, so the two
share whatever is left. Between two renders the helper needs Python's lock for a moment:
Python hands it over only every 5 ms by default (``sys.getswitchinterval``), which let
it make one face per 5 ms of the main thread's Python; while a helper works, the
interval is :data:`SWITCH_S` (docs/performance.md).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections import deque
from collections.abc import Callable

import pygame

from .card_paper import Papers, render_card

Size = tuple[int, int]
Render = Callable[[str], bytes]
"""A face's SVG text, sized (what the helper hands SDL_image)."""

SWITCH_S = 0.0002
"""Python's switch interval while a helper renders (the default is 0.005)."""

_lock = threading.Lock()
_working = 0
_default_switch = sys.getswitchinterval()


def _helper_started() -> None:
    global _working, _default_switch
    with _lock:
        if _working == 0:
            _default_switch = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_S)
        _working += 1


def _helper_ended() -> None:
    global _working
    with _lock:
        _working -= 1
        if _working == 0:
            sys.setswitchinterval(_default_switch)


class FacesAhead:
    """The faces ``names`` at ``size`` being rendered on a helper thread from now on."""

    def __init__(self, papers: Papers, names: list[str], size: Size, svg: Render) -> None:
        self.size = size
        self._papers = papers
        self.names = frozenset(names)
        self._queue = deque(names)
        self._svg = {name: svg(name) for name in names}  # sized here, under the lock
        self._rendered: dict[str, pygame.Surface] = {}
        _helper_started()
        self._thread = threading.Thread(target=self._work, name="halfmoon-faces", daemon=True)
        self._thread.start()

    def _take(self, left: bool) -> str | None:
        try:
            return self._queue.popleft() if left else self._queue.pop()
        except IndexError:
            return None

    def _render(self, name: str) -> None:
        with contextlib.suppress(pygame.error):  # rendered again by the caller: it says why
            self._rendered[name] = render_card(self._svg[name], self.size, self._papers)

    def _work(self) -> None:
        try:
            while (name := self._take(left=True)) is not None:
                self._render(name)
        finally:
            _helper_ended()

    def finish(self) -> dict[str, pygame.Surface]:
        """Every face rendered, the main thread taking its share of those left: each
        name's picture as SDL_image made it (one it could not render is left out)."""
        while (name := self._take(left=False)) is not None:
            self._render(name)
        self._thread.join()
        return self._rendered
