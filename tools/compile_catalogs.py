"""Compile the translations: game/locale/*/LC_MESSAGES/halfmoon.po -> .mo (Babel).

Run by `make` and by the package build (setup.py); Babel is needed only here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[1] / "game" / "locale"


def catalogs() -> list[Path]:
    """Every .po file of the game."""
    return sorted(LOCALE.glob("*/LC_MESSAGES/halfmoon.po"))


def compile_all() -> list[Path]:
    """Write each .mo next to its .po; return the .mo files."""
    written = []
    for po_path in catalogs():
        mo_path = po_path.with_suffix(".mo")
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=po_path.parts[-3])
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog, use_fuzzy=False)
        written.append(mo_path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    for path in compile_all():
        print(f"compiled {path.relative_to(LOCALE.parents[1])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
