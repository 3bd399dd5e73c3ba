"""A CPU quota group for one measured process (tools/bench_lowend.py's quarter core).

``with CpuQuota() as group:`` makes a uniquely named cgroup with a quota of
:data:`QUOTA_US` in every :data:`PERIOD_US` (cgroup v2 ``cpu.max`` "25000 100000";
where the CPU controller is on a v1 hierarchy, as in many containers, the same quota as
``cpu.cfs_quota_us`` and ``cpu.cfs_period_us``) and removes it on leaving, however the
block is left; :func:`run_quota` runs one command inside such a group, put there
before it runs any of its own code. Where no group can be made, CgroupUnavailable says
why. Groups left by a run killed outright are removed by the next.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CGROUP_ROOT = Path("/sys/fs/cgroup")
QUOTA_US, PERIOD_US = 25_000, 100_000
"""A quarter of one core: 25 ms of CPU time in every 100 ms."""
PREFIX = "halfmoon-bench-"


class CgroupUnavailable(Exception):
    """No CPU quota group can be made here; the message says why."""


def _read(path: Path) -> str:
    return path.read_text(encoding="ascii").strip()


def _stale(parent: Path) -> None:
    """Remove the empty groups that earlier runs killed outright left behind."""
    for group in parent.glob(PREFIX + "*"):
        pid = group.name[len(PREFIX) :].split("-")[0]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            with suppress(OSError):
                group.rmdir()


class CpuQuota:
    """A new cgroup with the quarter-core quota, for one measured process.

    ``with CpuQuota() as group:`` makes it (CgroupUnavailable when it cannot), and
    ``subprocess.Popen(..., preexec_fn=group.enter)`` starts a process inside it; the
    group is removed on leaving the block, however it is left.
    """

    def __init__(self, root: Path = CGROUP_ROOT) -> None:
        self.root = root
        self.path: Path | None = None
        self.version = 0

    def _parent(self) -> tuple[Path, int]:
        for base in (self.root, self.root / "unified"):
            controllers = base / "cgroup.controllers"
            if controllers.is_file() and "cpu" in _read(controllers).split():
                return base, 2
        for name in ("cpu", "cpu,cpuacct"):
            if (self.root / name / "cpu.cfs_quota_us").is_file():
                return self.root / name, 1
        raise CgroupUnavailable(f"no cgroup CPU controller under {self.root}")

    def __enter__(self) -> CpuQuota:
        try:
            parent, self.version = self._parent()
            _stale(parent)
            if self.version == 2 and "cpu" not in _read(parent / "cgroup.subtree_control").split():
                (parent / "cgroup.subtree_control").write_text("+cpu", encoding="ascii")
            path = parent / f"{PREFIX}{os.getpid()}-{os.urandom(4).hex()}"
            path.mkdir()
            self.path = path
            limit = path / ("cpu.max" if self.version == 2 else "cpu.cfs_quota_us")
            if not limit.exists():
                raise CgroupUnavailable(f"{parent} is not a cgroup file system")
            if self.version == 2:
                limit.write_text(f"{QUOTA_US} {PERIOD_US}", encoding="ascii")
            else:
                (path / "cpu.cfs_period_us").write_text(str(PERIOD_US), encoding="ascii")
                limit.write_text(str(QUOTA_US), encoding="ascii")
        except CgroupUnavailable:
            self.remove()
            raise
        except OSError as error:
            self.remove()
            raise CgroupUnavailable(f"cannot make a CPU quota group: {error}") from error
        return self

    def enter(self) -> None:
        """Put the calling process in the group (a ``preexec_fn``: runs before exec)."""
        assert self.path is not None
        fd = os.open(self.path / "cgroup.procs", os.O_WRONLY)
        try:
            os.write(fd, str(os.getpid()).encode())
        finally:
            os.close(fd)

    def stat(self) -> dict[str, int]:
        """The group's CPU statistics (periods, throttled periods)."""
        assert self.path is not None
        lines = (line.split() for line in _read(self.path / "cpu.stat").splitlines())
        return {key: int(value) for key, value in lines}

    def remove(self) -> None:
        """Remove the group: any process still in it goes back to the parent first."""
        path, self.path = self.path, None
        if path is None:
            return
        for _ in range(50):
            try:
                path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                if not (path / "cgroup.procs").exists():  # not a cgroup: a plain folder
                    for child in path.iterdir():
                        child.unlink()
                    continue
                for pid in _read(path / "cgroup.procs").split():
                    with suppress(OSError):
                        (path.parent / "cgroup.procs").write_text(pid, encoding="ascii")
                time.sleep(0.02)
        print(f"low-end profile: could not remove the cgroup {path}", file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        self.remove()


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@contextmanager
def interruptible() -> Iterator[None]:
    """SIGTERM ends the profile as Ctrl-C does, through every ``finally``."""
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_quota(command: list[str], env: dict[str, str], root: Path = CGROUP_ROOT) -> dict:
    """Run ``command`` alone in a new quota group: its stdout, and the group's throttling."""
    with CpuQuota(root) as group:
        done = subprocess.run(
            command,
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=900,
            check=True,
            preexec_fn=group.enter,
        )
        stat = group.stat()
    periods = stat.get("nr_periods", 0)
    return {
        "stdout": done.stdout,
        "throttled_share": round(stat.get("nr_throttled", 0) / periods, 3) if periods else 0.0,
    }
