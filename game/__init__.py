"""Half Moon and Crescent, two-deck solitaires. The rules live in :mod:`game.rules`.

The version below is the package's one source (pyproject.toml reads it).
"""

import os

__version__ = "0.1.0"

# pygame prints a banner when first imported; `halfmoon --help` and the one-line errors
# must print only what they are about.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
