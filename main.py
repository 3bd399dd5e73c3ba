"""Thin launcher: `python main.py` plays Half Moon (the same as the `halfmoon` command)."""

from game.app import main

if __name__ == "__main__":
    raise SystemExit(main())
