"""The game's bundled font, DejaVu Sans (suit symbols and Cyrillic): ``font(24, bold=True)``."""

from __future__ import annotations

import pygame

from .assets import AssetError, asset_path

__all__ = ["AssetError", "check", "clear", "font", "keep_recent"]

#: The font file for regular and bold text, in ``assets/fonts``.
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_quit_registered = False


def clear() -> None:
    """Forget the loaded fonts (``pygame.quit()`` calls this)."""
    global _quit_registered
    _fonts.clear()
    _quit_registered = False  # pygame forgets its quit functions once it has run them


KEPT = 24
"""Fonts kept by :func:`keep_recent`: the sizes in use, not every size a resize passed."""


def keep_recent() -> None:
    """Forget all but the :data:`KEPT` fonts used last."""
    for key in list(_fonts)[:-KEPT]:
        del _fonts[key]


def font(size_px: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (or DejaVu Sans Bold) at ``size_px`` pixels, loaded once per size.

    Starts ``pygame.font`` if needed. Raises :class:`AssetError` naming the font file when
    it is missing or unreadable.
    """
    global _quit_registered
    if size_px <= 0:
        raise ValueError(f"a font size must be positive, got {size_px!r}")
    key = (size_px, bold)
    loaded = _fonts.pop(key, None)  # and put back last: the order is of use
    if loaded is None:
        path = asset_path("fonts", FONT_FILES[bold])
        if not path.is_file():
            raise AssetError(f"font file not found: {path}")
        if not pygame.font.get_init():
            pygame.font.init()
        try:
            loaded = pygame.font.Font(path, size_px)
            # A damaged file can still "load"; it has no glyphs then.
            if None in loaded.metrics("A\u2660\u0416"):
                raise AssetError(f"font file is damaged (no glyphs): {path}")
        except (OSError, pygame.error) as error:
            raise AssetError(f"cannot read font file {path}: {error}") from error
        if not _quit_registered:
            pygame.register_quit(clear)
            _quit_registered = True
    _fonts[key] = loaded
    return loaded


def check() -> None:
    """Load both font files now: a missing or damaged one raises :class:`AssetError` at once."""
    for bold in (False, True):
        font(12, bold)
