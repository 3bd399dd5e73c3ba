"""One JSON line per moment of a run, for the benchmark: ``HALFMOON_TRACE=FILE``."""

from __future__ import annotations

import os


def trace(event: str, **fields: object) -> None:
    """With ``HALFMOON_TRACE=FILE`` set, append one JSON line about the run (for the benchmark).

    Each line has the event, the wall-clock time and the resident memory in kB.
    """
    path = os.environ.get("HALFMOON_TRACE")
    if not path:
        return
    import time

    now = time.time()  # before anything else this takes time for
    import json

    from ..platform.memory import resident_kb

    rss = resident_kb()
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps({"event": event, "time": now, "rss_kb": rss, **fields}) + "\n")
