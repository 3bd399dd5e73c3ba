"""Write the card SVGs drawn by ``game.look.art`` into ``assets/sprites``.

Run from anywhere: ``python tools/make_cards.py``. ``--check`` writes nothing and exits
with status 1 when a file is missing, differs, or is not one the code draws.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.look.art import sprite_files  # noqa: E402


def stale_files(out: Path, files: dict[str, str]) -> list[str]:
    """The sprite files under ``out`` that are missing, differ, or are not drawn any more."""
    bad = [
        name
        for name, text in files.items()
        if not (out / name).is_file() or (out / name).read_text(encoding="utf-8") != text
    ]
    extra = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*.svg")
        if path.relative_to(out).as_posix() not in files
    )
    return sorted(bad) + extra


def write_files(out: Path, files: dict[str, str]) -> int:
    """Write every file under ``out`` (LF line ends, UTF-8); return how many changed."""
    changed = 0
    for name, text in files.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            changed += 1
    return changed


def main(argv: list[str] | None = None) -> int:
    """The command line: write (or ``--check``) the sprites; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "assets" / "sprites", help="the sprite folder"
    )
    parser.add_argument("--check", action="store_true", help="only check that files are current")
    args = parser.parse_args(argv)
    files = sprite_files()
    if args.check:
        bad = stale_files(args.out, files)
        for name in bad:
            print(f"out of date: {args.out / name}", file=sys.stderr)
        return 1 if bad else 0
    changed = write_files(args.out, files)
    print(f"{len(files)} sprites in {args.out}, {changed} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
