"""Write the app icon drawn by ``game.look.icon`` into ``assets/icons``: the SVG and the PNGs.

Run from anywhere: ``python tools/make_icons.py``. It writes ``halfmoon.svg`` and
``hicolor/N/halfmoon.png`` for N in 16 ... 512 (rendered with pygame's SVG loader, the
small drawing up to 32 px). ``--check`` writes nothing and exits with status 1 when a file
is missing, differs from what the code draws, or is not one the code draws.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.look.assets import png_path  # noqa: E402
from game.look.icon import PNG_SIZES, icon_files, icon_surface  # noqa: E402

#: A PNG pixel may differ by this much per channel from a fresh render and still match
#: (another version of the SVG loader may smooth edges a little differently) ...
CHANNEL_SLACK = 24
#: ... and this share of its pixels may differ by more.
PIXEL_SLACK = 0.002


def png_matches(path: Path, drawn: pygame.Surface) -> bool:
    """Whether the PNG at ``path`` shows ``drawn``: same size, nearly the same pixels."""
    try:
        saved = pygame.image.load(str(path))
    except (pygame.error, OSError):
        return False
    if saved.get_size() != drawn.get_size():
        return False
    old = pygame.image.tobytes(saved, "RGBA")
    new = pygame.image.tobytes(drawn, "RGBA")
    if old == new:
        return True
    off = {
        i // 4 for i, (a, b) in enumerate(zip(old, new, strict=True)) if abs(a - b) > CHANNEL_SLACK
    }
    return len(off) <= PIXEL_SLACK * len(new) / 4


def stale_files(out: Path) -> list[str]:
    """The icon files under ``out`` that are missing, differ, or are not drawn any more."""
    svgs = icon_files()
    bad = [
        name
        for name, text in svgs.items()
        if not (out / name).is_file() or (out / name).read_text(encoding="utf-8") != text
    ]
    bad += [png_path(n) for n in PNG_SIZES if not png_matches(out / png_path(n), icon_surface(n))]
    known = {*svgs, *(png_path(n) for n in PNG_SIZES)}
    extra = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.relative_to(out).as_posix() not in known
    )
    return sorted(bad) + extra


def write_files(out: Path) -> int:
    """Write the SVG and every PNG that is missing or differs under ``out``; how many."""
    changed = 0
    for name, text in icon_files().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            changed += 1
    for pixels in PNG_SIZES:
        path = out / png_path(pixels)
        drawn = icon_surface(pixels)
        if not png_matches(path, drawn):
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(drawn, str(path))
            changed += 1
    return changed


def main(argv: list[str] | None = None) -> int:
    """The command line: write (or ``--check``) the icon files; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "assets" / "icons", help="the icon folder"
    )
    parser.add_argument("--check", action="store_true", help="only check that files are current")
    args = parser.parse_args(argv)
    if args.check:
        bad = stale_files(args.out)
        for name in bad:
            print(f"out of date: {args.out / name}", file=sys.stderr)
        return 1 if bad else 0
    changed = write_files(args.out)
    print(f"{1 + len(PNG_SIZES)} icon files in {args.out}, {changed} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
