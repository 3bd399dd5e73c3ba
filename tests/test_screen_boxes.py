"""Nothing drawn over anything, on every screen (issue 37): every screen a player reaches
from the title by its buttons (found by pressing them, so a screen added later is walked
too; on the desktop and in a kiosk), and the screens in their fullest states
(test_geometry's: the win and stalemate panels, a log of 30 games, code entry with its
error), at every size (the window resized through them, as a player resizes it) and
in every language: no text box overlaps another or leaves the
window. The boxes are those the window showed at the last frame drawn whole
(:meth:`game.shell.loop.Loop.text_boxes`, kept by the drawing helpers in game.look.ui)."""

from __future__ import annotations

import itertools

import pytest
from test_geometry import _scenes
from test_table_boxes import SIZES, overlaps, resize
from ui_helpers import STEP, Driver, pygame

from game.look.i18n import LANGUAGES, N_
from game.records.context import Context
from game.records.kiosk import KioskConfig
from game.records.storage import Storage
from game.scenes.base import ButtonScene
from game.scenes.flow import Flow

WALK_SIZE = (1280, 720)
WRITE_NOTICE = N_("Cannot save in {folder}; the game goes on.")
"""A notice the storage queues (tests/test_newcomer.py queues it as well)."""
DEPTH = 4
"""Presses from the title: the title, the menu, a screen of it, a screen of that."""


def _presses(scene) -> dict[str, pygame.Rect]:
    """What a press on the screen can choose, by name: its buttons (a table's: its bar's)."""
    if isinstance(scene, ButtonScene):
        return scene.button_rects()
    layout = getattr(scene, "layout", None)
    return dict(layout.buttons) if layout is not None else {}


def _screen(scene) -> tuple[str, tuple[str, ...]]:
    """A screen as a player tells one from another: its kind and what it offers (the
    title with a game under way offers Continue)."""
    return type(scene).__name__, tuple(sorted(_presses(scene)))


class _Opener:
    """Fresh contexts (each its own folder), so that each walk starts where a new player
    does: in ``code``, on the desktop or in a kiosk."""

    def __init__(self, root, code: str, kiosk: bool) -> None:
        self.root, self.code, self.kiosk = root, code, kiosk
        self.count = itertools.count()
        self.notice = False
        """Whether each context opens with a notice to show (its folder not writable)."""

    def __call__(self) -> Context:
        folder = self.root / str(next(self.count))
        ctx = Context.open(Storage(folder / "config", folder / "data"))
        ctx.settings.language = self.code
        ctx.apply_settings()
        if self.kiosk:  # (with every language in the title's row)
            ctx.kiosk = KioskConfig(exit_pin="1234", languages=tuple(LANGUAGES))
        if self.notice:
            ctx.storage.notices.append((WRITE_NOTICE, {"folder": str(folder / "data")}))
        return ctx


def _reach(opener: _Opener, path: tuple[str, ...], size: tuple[int, int]) -> Driver | None:
    """A driver showing the screen the presses ``path`` lead to from a new title, or None
    where one of them is not on the screen or quits."""
    driver = Driver(Flow(opener()).title(), size=size)
    driver.frames(2)
    for key in path:
        rect = _presses(driver.scene).get(key)
        if rect is None:
            return None
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1, touch=False))
            if not driver.loop.frame(STEP):
                return None  # (Quit)
        if not driver.loop.frame(STEP):
            return None
    return driver


def _walk(opener: _Opener) -> dict[tuple[str, tuple[str, ...]], tuple[str, ...]]:
    """Each screen reached from the title by presses, with the shortest presses to it."""
    found: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
    queue: list[tuple[str, ...]] = [()]
    while queue:
        path = queue.pop(0)
        driver = _reach(opener, path, WALK_SIZE)
        if driver is None or _screen(driver.scene) in found:
            continue
        found[_screen(driver.scene)] = path
        if len(path) < DEPTH:
            queue += [(*path, key) for key in _presses(driver.scene)]
    return found


def _boxes(driver: Driver) -> list[tuple[str, pygame.Rect]]:
    """The texts the screen shows, drawn whole."""
    driver.scene.invalidate()
    driver.frames(1)
    return driver.loop.text_boxes()


@pytest.mark.once  # (a walk of every screen: its layouts are the same on any Python)
@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_no_text_box_overlaps_another_on_any_screen(display, tmp_path, code, kiosk):
    opener = _Opener(tmp_path, code, kiosk)
    screens = _walk(opener)
    names = {name for name, _offers in screens}
    assert {"TitleScene", "PlayScene"} <= names, names  # (the walk reached the table)
    if not kiosk:
        titles = [name for name, _offers in screens if name == "TitleScene"]
        assert len(titles) >= 2, screens  # (with and without a game under way)
    found = {}
    for notice in (False, True):
        opener.notice = notice
        for (name, _offers), path in screens.items():
            driver = _reach(opener, path, WALK_SIZE)
            assert driver is not None, (name, path)
            for size in SIZES:  # the screen as the window is resized through every size
                resize(driver, size)
                boxes = _boxes(driver)
                assert boxes, (name, path, size)
                if notice:  # (it shows, as the last text drawn)
                    assert driver.scene.ctx.notice[0] == boxes[-1][0], (name, path, size)
                problems = overlaps(boxes, size)
                if problems:
                    found[(name, path, size, notice)] = problems
        for size in SIZES:
            ctx = opener()
            for name, scene in _scenes(ctx, Flow(ctx), kiosk).items():
                driver = Driver(scene, size=size)
                driver.frames(1)
                problems = overlaps(_boxes(driver), size)
                if problems:
                    found[(name, size, notice)] = problems
    assert not found, "\n".join(f"{where}: {problems}" for where, problems in found.items())
