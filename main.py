"""Thin launcher: `python main.py` plays Half Moon (the same as the `halfmoon` command)."""

from game.shell.app import main

if __name__ == "__main__":
    raise SystemExit(main())
