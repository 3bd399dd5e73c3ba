"""``halfmoon --usage-report``: a kiosk's usage record printed as CSV, with no window.

It reads ``usage.json`` from the folder the kiosk writes it to (``$HALFMOON_HOME/data``
when set, else the user's data folder: the kiosk configuration does not move it), while
the kiosk runs if need be: the file is only read, never kept aside or written, so a
damaged one stays for the kiosk to deal with. ``--kiosk-config`` lists only the games
that file offers; ``--since`` only the days from that date on. Nothing here imports
pygame.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from .error_line import say

if TYPE_CHECKING:
    from ..records.storage import Storage


def run(args: argparse.Namespace, storage: Storage) -> int:
    """Print the report the arguments ask for, from ``storage``'s folders; the exit
    status: 0 when printed, 1 when the record cannot be read or is damaged, 2 for a kiosk
    configuration refused (one line on stderr for each)."""
    from ..records.fields import DamagedFile
    from ..records.storage import MAX_FILE_BYTES, read_regular_file, shown
    from ..records.usage import USAGE_FILE, Usage, report

    keys = None
    if args.kiosk_config:
        from ..records.kiosk import KioskConfig, KioskConfigError

        try:
            keys = KioskConfig.load(args.kiosk_config).games
        except KioskConfigError as error:
            say(f"halfmoon: error: {error}")
            return 2
    path = storage.path(USAGE_FILE)
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raw = b'{"schema": 1}'  # no kiosk has counted anything here yet
    except OSError as error:
        say(f"halfmoon: error: cannot read {shown(path)}: {error.strerror or error}")
        return 1
    try:
        if raw is None:
            raise DamagedFile(f"larger than {MAX_FILE_BYTES} bytes")
        usage = Usage.from_dict(json.loads(raw.decode("utf-8")))
    except (ValueError, TypeError, RecursionError) as error:  # (DamagedFile is a ValueError)
        say(f"halfmoon: error: {shown(path)} is damaged: {error}")
        return 1
    try:
        sys.stdout.write(report(usage, keys, args.since))
        sys.stdout.flush()
    except BrokenPipeError:  # (| head): the reader has what it wanted
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0
