"""``python -m game``: the same as the ``halfmoon`` command."""

import sys

from .shell.app import main

sys.exit(main())
