"""The pictures of an X screen, grabbed fast: the root window's pixels into memory.

``with ScreenGrabber(":81") as grab:`` opens the display with Xlib (through
:mod:`ctypes`: no Python X library is needed) and each ``grab()`` returns the whole
root window's pixels as bytes. Where the server has MIT-SHM (Xvfb has), the pixels come
through one shared-memory segment (``XShmGetImage``: the server writes them straight into
it, and one copy makes the bytes); elsewhere through the X socket (``XGetImage``).
:attr:`ScreenGrabber.method` says which. tools/bench_first_frame.py grabs with it until a
program's picture stays the same; ``grab_box`` grabs one rectangle of it (a tapped card:
tools/bench_accessibility.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

Z_PIXMAP = 2
ALL_PLANES = 0xFFFFFFFF
IPC_PRIVATE, IPC_CREAT, IPC_RMID = 0, 0o1000, 0


class _XImage(ctypes.Structure):
    """The head of Xlib's XImage: what a grab reads of it."""

    _fields_ = [
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("xoffset", ctypes.c_int),
        ("format", ctypes.c_int),
        ("data", ctypes.c_void_p),
        ("byte_order", ctypes.c_int),
        ("bitmap_unit", ctypes.c_int),
        ("bitmap_bit_order", ctypes.c_int),
        ("bitmap_pad", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("bytes_per_line", ctypes.c_int),
        ("bits_per_pixel", ctypes.c_int),
    ]


class _ShmSegmentInfo(ctypes.Structure):
    _fields_ = [
        ("shmseg", ctypes.c_ulong),
        ("shmid", ctypes.c_int),
        ("shmaddr", ctypes.c_void_p),
        ("readOnly", ctypes.c_int),
    ]


def _library(name: str) -> Any:
    found = ctypes.util.find_library(name)
    if found is None:
        raise OSError(f"lib{name} not found")
    return ctypes.CDLL(found)


class ScreenGrabber:
    """The root window of ``display`` grabbed whole, again and again (see the module)."""

    def __init__(self, display: str) -> None:
        self.x11 = _library("X11")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XGetImage.restype = ctypes.POINTER(_XImage)
        self.x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int,
                                       ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                                       ctypes.c_ulong, ctypes.c_int]  # fmt: skip
        self.x11.XFree.argtypes = [ctypes.c_void_p]
        for name in ("XCloseDisplay", "XDefaultScreen"):
            getattr(self.x11, name).argtypes = [ctypes.c_void_p]
        for name in ("XDisplayWidth", "XDisplayHeight", "XDefaultDepth", "XSync"):
            getattr(self.x11, name).argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.dpy = self.x11.XOpenDisplay(display.encode())
        if not self.dpy:
            raise OSError(f"cannot open display {display}")
        self.root = self.x11.XDefaultRootWindow(self.dpy)
        screen = self.x11.XDefaultScreen(self.dpy)
        self.width = self.x11.XDisplayWidth(self.dpy, screen)
        self.height = self.x11.XDisplayHeight(self.dpy, screen)
        self.method = "XGetImage"
        self._shm: tuple[Any, _ShmSegmentInfo, Any, int] | None = None
        try:
            self._shm = self._shared(screen)
            self.method = "XShmGetImage"
        except OSError:
            self._shm = None

    def _shared(self, screen: int) -> tuple[Any, _ShmSegmentInfo, Any, int]:
        """An XImage in a shared-memory segment the server writes the grabs into."""
        ext, libc = _library("Xext"), ctypes.CDLL(None, use_errno=True)
        ext.XShmQueryExtension.argtypes = [ctypes.c_void_p]
        if not ext.XShmQueryExtension(self.dpy):
            raise OSError("no MIT-SHM")
        self.x11.XDefaultVisual.restype = ctypes.c_void_p
        self.x11.XDefaultVisual.argtypes = [ctypes.c_void_p, ctypes.c_int]
        ext.XShmCreateImage.restype = ctypes.POINTER(_XImage)
        ext.XShmCreateImage.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint,
                                        ctypes.c_int, ctypes.c_void_p,
                                        ctypes.POINTER(_ShmSegmentInfo), ctypes.c_uint,
                                        ctypes.c_uint]  # fmt: skip
        ext.XShmAttach.argtypes = [ctypes.c_void_p, ctypes.POINTER(_ShmSegmentInfo)]
        ext.XShmDetach.argtypes = [ctypes.c_void_p, ctypes.POINTER(_ShmSegmentInfo)]
        ext.XShmGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(_XImage),
                                     ctypes.c_int, ctypes.c_int, ctypes.c_ulong]  # fmt: skip
        libc.shmat.restype = ctypes.c_void_p
        libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
        libc.shmdt.argtypes = [ctypes.c_void_p]
        libc.shmctl.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
        info = _ShmSegmentInfo()
        depth = self.x11.XDefaultDepth(self.dpy, screen)
        visual = self.x11.XDefaultVisual(self.dpy, screen)
        image = ext.XShmCreateImage(self.dpy, visual, depth, Z_PIXMAP, None,
                                    ctypes.byref(info), self.width, self.height)  # fmt: skip
        if not image:
            raise OSError("XShmCreateImage failed")
        size = image.contents.bytes_per_line * image.contents.height
        info.shmid = libc.shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        if info.shmid < 0:
            raise OSError(ctypes.get_errno(), "shmget failed")
        info.shmaddr = libc.shmat(info.shmid, None, 0)
        libc.shmctl(info.shmid, IPC_RMID, None)  # gone once both ends detach
        image.contents.data = info.shmaddr
        info.readOnly = 0
        if not ext.XShmAttach(self.dpy, ctypes.byref(info)):
            raise OSError("XShmAttach failed")
        self.x11.XSync(self.dpy, 0)
        return ext, info, image, size

    def grab(self) -> bytes:
        """The root window's pixels now."""
        if self._shm is not None:
            ext, _, image, size = self._shm
            ext.XShmGetImage(self.dpy, self.root, image, 0, 0, ALL_PLANES)
            return ctypes.string_at(image.contents.data, size)
        image = self.x11.XGetImage(self.dpy, self.root, 0, 0, self.width, self.height,
                                   ALL_PLANES, Z_PIXMAP)  # fmt: skip
        try:
            size = image.contents.bytes_per_line * image.contents.height
            return ctypes.string_at(image.contents.data, size)
        finally:
            self.x11.XFree(image.contents.data)
            self.x11.XFree(image)

    def grab_box(self, box: tuple[int, int, int, int]) -> bytes:
        """The pixels of ``box`` (x, y, width, height) of the root window now, through the
        X socket: a card's worth is a tenth of a millisecond (tools/bench_accessibility.py
        watches a tapped card with it)."""
        x, y, width, height = box
        image = self.x11.XGetImage(self.dpy, self.root, x, y, width, height,
                                   ALL_PLANES, Z_PIXMAP)  # fmt: skip
        if not image:
            raise OSError(f"XGetImage of {box} failed")
        try:
            return ctypes.string_at(image.contents.data, image.contents.bytes_per_line * height)
        finally:
            self.x11.XFree(image.contents.data)
            self.x11.XFree(image)

    def close(self) -> None:
        if self._shm is not None:
            ext, info, image, _ = self._shm
            ext.XShmDetach(self.dpy, ctypes.byref(info))
            self.x11.XSync(self.dpy, 0)
            ctypes.CDLL(None).shmdt(ctypes.c_void_p(info.shmaddr))
            image.contents.data = None
            self.x11.XFree(image)
            self._shm = None
        if self.dpy:
            self.x11.XCloseDisplay(self.dpy)
            self.dpy = None

    def __enter__(self) -> ScreenGrabber:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
