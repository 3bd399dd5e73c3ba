"""Half Moon, card solitaires: each game a folder of :mod:`game.games`, their pure rules in
:mod:`game.rules`; the folders below are the layers (README "For developers").

The version below is the package's one source (pyproject.toml reads it).
"""

import os

__version__ = "0.1.0"

# pygame prints a banner when first imported; `halfmoon --help` and the one-line errors
# must print only what they are about.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
