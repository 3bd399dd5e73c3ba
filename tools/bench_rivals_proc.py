"""The memory and CPU time of a process and all its descendants, read from ``/proc``.

tools/bench_rivals.py measures each launch of Half Moon and of GNOME Aisleriot with
them: :func:`tree_mb` (VmRSS, RssShmem, ... of ``/proc/PID/status``) and
:func:`tree_cpu_s` (utime + stime of ``/proc/PID/stat``) over the process tree of
:func:`process_tree`. A process that has gone counts as 0.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in task.read_text().split()]
    return found


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its live descendants."""
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo += _children(current)
    return tree


def status_kb(pid: int, field: str = "VmRSS") -> int:
    """``field`` of ``/proc/PID/status`` in kB (0 when the process has gone)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1])
    return 0


def cpu_ticks(pid: int) -> int:
    """utime + stime of ``pid`` in clock ticks (0 when it has gone)."""
    with contextlib.suppress(OSError):
        text = Path(f"/proc/{pid}/stat").read_text()
        fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) "
        return int(fields[11]) + int(fields[12])
    return 0


def tree_mb(pid: int, field: str = "VmRSS") -> float:
    """``field`` (VmRSS, RssShmem, ...) of ``pid`` and its descendants, in MB."""
    return sum(status_kb(p, field) for p in process_tree(pid)) / 1024


def tree_cpu_s(pid: int) -> float:
    """CPU seconds (utime + stime) of ``pid`` and its descendants."""
    ticks = sum(cpu_ticks(p) for p in process_tree(pid))
    return ticks / os.sysconf("SC_CLK_TCK")
