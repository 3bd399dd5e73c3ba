"""Install Half Moon's desktop integration on Linux: launcher, metadata, icons, man page.

``python tools/install_desktop.py --prefix ~/.local`` (what ``make install-desktop``
runs) installs, under PREFIX/share,

* ``applications/halfmoon.desktop``, the menu entry (it runs ``halfmoon`` from PATH, or
  the command given with ``--exec``),
* ``metainfo/io.github.halfmoon_solitaire.halfmoon.metainfo.xml``, for software centres,
* ``icons/hicolor/NxN/apps/halfmoon.png`` (16 ... 512) and
  ``icons/hicolor/scalable/apps/halfmoon.svg``,
* ``man/man6/halfmoon.6``,

and prints each file. ``--destdir DIR`` puts the tree under DIR (for a distribution
package: ``--prefix /usr --destdir pkg``); ``--uninstall`` removes the same files. The
game itself is installed by pip or pipx; this installs only the files around it.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.look.assets import ICON_NAME, png_path  # noqa: E402
from game.look.icon import PNG_SIZES  # noqa: E402

LINUX = ROOT / "packaging" / "linux"
ICONS = ROOT / "assets" / "icons"
DESKTOP_FILE = "halfmoon.desktop"
METAINFO_FILE = "io.github.halfmoon_solitaire.halfmoon.metainfo.xml"
MANPAGE = "halfmoon.6"
_UNQUOTABLE = set('"`$\\%\n\t')


def files() -> dict[str, Path]:
    """Every file to install as {path under PREFIX: its source in the checkout}."""
    plan = {
        f"share/applications/{DESKTOP_FILE}": LINUX / DESKTOP_FILE,
        f"share/metainfo/{METAINFO_FILE}": LINUX / METAINFO_FILE,
        f"share/man/man6/{MANPAGE}": LINUX / MANPAGE,
        f"share/icons/hicolor/scalable/apps/{ICON_NAME}.svg": ICONS / f"{ICON_NAME}.svg",
    }
    for pixels in PNG_SIZES:
        theme_dir = f"share/icons/hicolor/{pixels}x{pixels}/apps"
        plan[f"{theme_dir}/{ICON_NAME}.png"] = ICONS / png_path(pixels)
    return plan


def exec_value(command: str) -> str:
    """``command`` as the desktop file's Exec value (quoted when it has spaces)."""
    if not command.strip() or _UNQUOTABLE & set(command):
        raise SystemExit(f"install_desktop: cannot use {command!r} as the command to run")
    return f'"{command}"' if any(c in command for c in " '<>~|&;*?#()") else command


def desktop_entry(command: str | None) -> str:
    """The desktop file's text, its Exec line naming ``command`` when given."""
    text = (LINUX / DESKTOP_FILE).read_text(encoding="utf-8")
    if command is None:
        return text
    lines = [
        f"Exec={exec_value(command)}" if line.startswith("Exec=") else line
        for line in text.splitlines()
    ]
    return "\n".join(lines) + "\n"


def target_root(prefix: Path, destdir: Path | None) -> Path:
    """Where PREFIX is on this machine: under DESTDIR when one is given."""
    if destdir is None:
        return prefix
    return destdir / prefix.relative_to(prefix.anchor)


def install(root: Path, command: str | None = None) -> list[Path]:
    """Copy every file under ``root``; the paths written."""
    written = []
    for relative, source in files().items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if relative.endswith(DESKTOP_FILE):
            target.write_text(desktop_entry(command), encoding="utf-8", newline="\n")
        else:
            shutil.copyfile(source, target)
        target.chmod(0o644)
        written.append(target)
    return written


def uninstall(root: Path) -> list[Path]:
    """Remove the files that :func:`install` writes under ``root``; the paths removed."""
    removed = []
    for relative in files():
        target = root / relative
        if target.is_file():
            target.unlink()
            removed.append(target)
    return removed


def main(argv: list[str] | None = None) -> int:
    """The command line: install (or uninstall) the files; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--prefix", type=Path, required=True, help="where the files go, e.g. ~/.local or /usr"
    )
    parser.add_argument("--destdir", type=Path, help="stage the tree under this folder")
    parser.add_argument("--exec", dest="command", help="the command the launcher runs")
    parser.add_argument("--uninstall", action="store_true", help="remove the files instead")
    args = parser.parse_args(argv)
    prefix = args.prefix.expanduser()
    if args.destdir is not None and not prefix.is_absolute():
        parser.error("--destdir needs an absolute --prefix")
    root = target_root(prefix.absolute(), args.destdir)
    missing = [str(source) for source in files().values() if not source.is_file()]
    if missing and not args.uninstall:
        print(f"install_desktop: missing: {', '.join(missing)}", file=sys.stderr)
        return 1
    if args.uninstall:
        for path in uninstall(root):
            print(f"removed {path}")
        return 0
    for path in install(root, args.command):
        print(f"installed {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
