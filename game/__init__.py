"""Half Moon, a two-deck Elevens solitaire. The rules live in :mod:`game.rules`."""

__version__ = "0.1.0"
