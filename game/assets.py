"""Where the game's bundled files live: ``asset_path("fonts", "DejaVuSans.ttf")``.

The files are kept in ``assets/`` at the project root, beside the ``game`` package (the
design card's layout). They are found in three places, in this order:

- a PyInstaller bundle: ``sys._MEIPASS/assets`` (halfmoon.spec bundles them there);
- an installed package (pip, pipx, a wheel or an sdist): the build maps ``assets/`` into
  the package as ``game/bundled/`` (pyproject.toml, ``package-dir``), read here through
  :mod:`importlib.resources`;
- a checkout (``python main.py``, or an editable install): ``assets/`` beside ``game/``.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

INSTALLED = "bundled"  # the name of assets/ inside an installed game package


class AssetError(RuntimeError):
    """A bundled file (sprite, font) is missing or cannot be read; the message names it."""


def asset_root() -> Path:
    """The folder of the bundled files (see the module's docstring for where it is)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    installed = resources.files(__package__ or "game").joinpath(INSTALLED)
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a bundled file or folder, e.g. ``asset_path("sprites", "10H.svg")``.

    The path need not exist; callers raise :class:`AssetError` when they cannot read it.
    """
    return asset_root().joinpath(*parts)
