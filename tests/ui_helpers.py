"""Driving the real loop and scenes headless (SDL dummy driver) with posted events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.shell.loop import STEP, Loop


class Driver:
    """A loop over a real display surface, advanced frame by frame with fixed frame times."""

    def __init__(self, scene, size=(1280, 720)):
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.loop = Loop(scene)

    @classmethod
    def over(cls, loop):
        """A driver of a loop made elsewhere (a session's, with its F11 and close hooks)."""
        driver = cls.__new__(cls)
        driver.screen = pygame.display.get_surface()
        driver.loop = loop
        return driver

    @property
    def scene(self):
        return self.loop.scene

    def frames(self, count=1, frame_time=STEP):
        for _ in range(count):
            assert self.loop.frame(frame_time)

    def seconds(self, seconds):
        self.frames(round(seconds / STEP))

    def post(self, type_, **attrs):
        pygame.event.post(pygame.event.Event(type_, **attrs))
        self.frames(1)

    def click(self, pos):
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)

    def click_slot(self, slot):
        self.click(self.scene.layout.slots[slot].center)

    def touch(self, pos):
        """A finger pressed and lifted, each followed by the mouse event SDL makes of it
        (marked touch)."""
        w, h = pygame.display.get_surface().get_size()
        for finger, mouse in (
            (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN),
            (pygame.FINGERUP, pygame.MOUSEBUTTONUP),
        ):
            pygame.event.post(
                pygame.event.Event(
                    finger, x=pos[0] / w, y=pos[1] / h, dx=0, dy=0, finger_id=0, touch_id=0
                )
            )
            pygame.event.post(pygame.event.Event(mouse, pos=pos, button=1, touch=True))
            self.frames(1)

    def hold(self, pos, how, down):
        """The mouse (``how`` "mouse") or a finger ("finger") pressed at ``pos`` (``down``
        True), moved there (None) or lifted (False), as SDL sends it: a finger's events
        each followed by the mouse event made of it (marked touch)."""
        w, h = self.scene.size
        kind = {True: "DOWN", False: "UP", None: "MOTION"}[down]
        mouse = {
            "touch": how == "finger",
            "pos": pos,
            **({"rel": (0, 0), "buttons": (1, 0, 0)} if down is None else {"button": 1}),
        }
        if how == "finger":
            finger = getattr(pygame, f"FINGER{kind}")
            pygame.event.post(
                pygame.event.Event(
                    finger, x=pos[0] / w, y=pos[1] / h, dx=0, dy=0, finger_id=0, touch_id=0
                )
            )
        event = pygame.MOUSEMOTION if down is None else getattr(pygame, f"MOUSEBUTTON{kind}")
        self.post(event, **mouse)

    def carry(self, start, how):
        """Press at ``start`` and move 30 px in three steps, the button or finger still
        down (a drag under way); the point held now."""
        self.hold(start, how, down=True)
        held = start
        for step in (4, 12, 30):
            held = (start[0] + step, start[1] + step)
            self.hold(held, how, down=None)
        return held

    def key(self, key, mod=0):
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def window() -> pygame.Surface:
    """The window's surface (the test has opened the window)."""
    screen = pygame.display.get_surface()
    assert screen is not None, "no window is open"
    return screen


def drawn_afresh(scene, size=None):
    """``scene`` (a new one, not yet shown) entered at the window's size (or ``size``)
    and drawn from scratch on a surface like the window's: its pixels as RGB bytes."""
    screen = pygame.display.get_surface()
    size = size or screen.get_size()
    surface = pygame.Surface(size, 0, screen)
    scene.enter(size)
    scene.draw(surface, 0.0)
    return pygame.image.tobytes(surface, "RGB")


def shown():
    """The window's pixels now, as RGB bytes."""
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def shown_scene(loop):
    """The pixels of the part of the window ``loop``'s scene is drawn in now (all of it
    but for a kiosk's drifting attract screen: game.shell.drift), as RGB bytes."""
    return pygame.image.tobytes(loop.scene_surface(), "RGB")


def felt_point(play):
    """A point of the felt: no slot, no button, not the deal code."""
    width, height = play.size
    for y in range(height // 40, height, height // 20):
        for x in range(width // 40, width, width // 20):
            layout = play.layout
            hit = layout.hit_slot((x, y)) or layout.hit_button((x, y))
            if hit is None and not play.view.code_rect.collidepoint((x, y)):
                return (x, y)
    raise AssertionError("no felt")
