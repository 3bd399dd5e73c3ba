"""``python -m game``: the same as the ``halfmoon`` command."""

import sys

from .app import main

sys.exit(main())
