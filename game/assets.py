"""Where the game's bundled files live: ``asset_path("fonts", "DejaVuSans.ttf")``.

The files are in ``assets/`` at the project root, beside the ``game`` package; a
PyInstaller build unpacks them under ``sys._MEIPASS`` (bundle them as ``assets``).
"""

from __future__ import annotations

import sys
from pathlib import Path


class AssetError(RuntimeError):
    """A bundled file (sprite, font) is missing or cannot be read; the message names it."""


def asset_root() -> Path:
    """The ``assets`` folder: under ``sys._MEIPASS`` when frozen, else beside ``game/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parent.parent
    return base / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a bundled file or folder, e.g. ``asset_path("sprites", "10H.svg")``.

    The path need not exist; callers raise :class:`AssetError` when they cannot read it.
    """
    return asset_root().joinpath(*parts)
