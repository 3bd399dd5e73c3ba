"""Where the game's bundled files live: ``asset_path("fonts", "DejaVuSans.ttf")``.

The files are kept in ``assets/`` at the project root, beside the ``game`` package (the
design card's layout). They are found in three places, in this order:

- a PyInstaller bundle: ``sys._MEIPASS/assets`` (halfmoon.spec bundles them there);
- an installed package (pip, pipx, a wheel or an sdist): the build maps ``assets/`` into
  the package as ``game/bundled/`` (pyproject.toml, ``package-dir``), read from the disk
  when the package is on disk, else through :mod:`importlib.resources` (which takes
  ~10 ms to import: the window opens before it would);
- a checkout (``python main.py``, or an editable install): ``assets/`` beside ``game/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

INSTALLED = "bundled"  # the name of assets/ inside an installed game package
ICON_NAME = "halfmoon"
"""The icon's file name (without its extension) in assets/icons and in icon themes."""


class AssetError(RuntimeError):
    """A bundled file (sprite, font) is missing or cannot be read; the message names it."""


def asset_root() -> Path:
    """The folder of the bundled files (see the module's docstring for where it is)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "assets"
    here = Path(__file__).resolve().parents[1]  # the package: game/look/assets.py
    for folder in (here / INSTALLED, here.parent / "assets"):  # a package on disk
        if folder.is_dir():
            return folder
    from importlib import resources  # elsewhere (in a zip file, say); it takes ~10 ms

    installed = resources.files(__package__.rpartition(".")[0] if __package__ else "game").joinpath(
        INSTALLED
    )
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return here.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a bundled file or folder, e.g. ``asset_path("sprites", "10H.svg")``.

    The path need not exist; callers raise :class:`AssetError` when they cannot read it.
    """
    return asset_root().joinpath(*parts)


def png_path(pixels: int) -> str:
    """Where the icon's PNG of ``pixels`` is, relative to assets/icons:
    ``hicolor/48/halfmoon.png`` (here, not in :mod:`game.look.icon`, so that the window gets its
    icon without importing the code that draws it)."""
    return f"hicolor/{pixels}/{ICON_NAME}.png"
