"""The low-end kiosk profile of make bench (tools/bench_lowend.py, tools/bench_cgroup.py):
its quarter-core cgroup is made for a run, holds the measured process, and is removed
after it; where no group can be made, the profile says so in one line and measures
nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import load_tool

from game.games.catalog import KINDS

lowend = load_tool("bench_lowend")
cgroup = load_tool("bench_cgroup")


def _groups(parent: Path) -> list[Path]:
    return sorted(parent.rglob(cgroup.PREFIX + "*"))


def _real_group_or_skip():
    try:
        with cgroup.CpuQuota() as group:
            return group.path.parent
    except cgroup.CgroupUnavailable as error:
        pytest.skip(f"no cgroups here: {error}")


def test_without_a_cgroup_root_the_profile_is_skipped_in_one_line(tmp_path, capsys):
    results = lowend.profile(root=tmp_path / "no-cgroups")
    printed = capsys.readouterr().out.splitlines()
    assert printed == [f"low-end kiosk profile skipped: {results['skipped']}"]
    assert "no cgroup CPU controller" in results["skipped"]
    assert lowend.check(results) == 0  # no budget missed: none was measured
    assert capsys.readouterr().out.strip() == f"low-end kiosk profile skipped: {results['skipped']}"
    lowend.table(results)
    assert capsys.readouterr().out.strip() == f"Low-end kiosk profile skipped: {results['skipped']}"


@pytest.mark.parametrize("version", [1, 2])
def test_a_root_that_is_no_cgroup_file_system_is_skipped_and_left_as_it_was(
    tmp_path, capsys, version
):
    """Plain folders with a cgroup's file names: the group made there has none of the
    kernel's files, so the profile stops there and removes what it made."""
    if version == 2:
        (tmp_path / "cgroup.controllers").write_text("cpu memory\n")
        (tmp_path / "cgroup.subtree_control").write_text("cpu\n")
    else:
        (tmp_path / "cpu").mkdir()
        (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("-1\n")
    before = sorted(tmp_path.rglob("*"))
    results = lowend.profile(root=tmp_path)
    assert "not a cgroup file system" in results["skipped"]
    assert len(capsys.readouterr().out.splitlines()) == 1
    assert sorted(tmp_path.rglob("*")) == before


def test_the_measured_process_runs_throttled_in_its_group_which_is_removed_after():
    parent = _real_group_or_skip()
    before = _groups(parent)
    busy = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    command = [sys.executable, "-c", busy + "print(open('/proc/self/cgroup').read())"]
    done = cgroup.run_quota(command, {"PATH": "/usr/bin:/bin"})
    assert cgroup.PREFIX in done["stdout"]  # the child itself was in the group
    assert done["throttled_share"] > 0  # 0.3 s of CPU on a quarter core: throttled
    mine = subprocess.run(["cat", "/proc/self/cgroup"], capture_output=True, text=True)
    assert cgroup.PREFIX not in mine.stdout  # nothing else was moved
    assert _groups(parent) == before


def test_the_group_is_removed_on_ctrl_c():
    _real_group_or_skip()
    with pytest.raises(KeyboardInterrupt), cgroup.CpuQuota() as group:
        path = group.path
        assert (path / "cgroup.procs").exists()
        raise KeyboardInterrupt
    assert not path.exists()


@pytest.mark.once  # (SDL's and the game's behaviour: the same on any Python)
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_the_scripted_game_of_the_profile_plays_every_kind_of_the_registry(kind):
    """Each kind's deal of the profile is played by its scripted game (a removal game's by
    taps along its solver's winning line, the others' by drags): taps timed, each shown on
    the next frame. (Elevens was played as a Crescent and stopped at its deal code.)"""
    import json
    import os

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, str(lowend.__file__), "--child", "frames", "800x480"]
    done = subprocess.run(
        [*command, lowend.scripted_deal(kind), "3"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(found["taps_s"]) >= 3 and found["tap_visible"] is True


def test_on_wayland_without_weston_the_profile_is_skipped_in_one_line(capsys, monkeypatch):
    import wayland_session

    monkeypatch.setattr(wayland_session, "missing", lambda: ["weston"])
    results = lowend.on_wayland()
    assert results == {"skipped": "weston not installed (apt-get install weston)"}
    assert capsys.readouterr().out.splitlines() == [
        f"low-end kiosk profile on Wayland skipped: {results['skipped']}"
    ]


def test_on_wayland_each_process_is_a_client_of_the_compositor(tmp_path, monkeypatch):
    """The processes the Wayland profile measures reach its weston, through SDL's Wayland
    driver and its texture framebuffer, not the dummy driver."""
    import contextlib

    import wayland_session

    made = []

    @contextlib.contextmanager
    def fake_compositor(size):
        made.append(size)
        yield wayland_session.Compositor(None, tmp_path, "halfmoon-test", tmp_path / "log")

    envs = []

    def fake_profile(quick, root, env):
        envs.append(env(str(tmp_path)))
        return {"kinds": {}}

    monkeypatch.setattr(wayland_session, "missing", lambda: [])
    monkeypatch.setattr(wayland_session, "compositor", fake_compositor)
    monkeypatch.setattr(lowend, "profile", fake_profile)
    results = lowend.on_wayland(quick=True)
    [env] = envs
    assert made == [lowend.WAYLAND_OUTPUT] and results["video"].startswith("Wayland")
    assert env["SDL_VIDEODRIVER"] == "wayland" and env["WAYLAND_DISPLAY"] == "halfmoon-test"
    assert env["SDL_FRAMEBUFFER_ACCELERATION"] == "1" and env["HALFMOON_HOME"] == str(tmp_path)
    assert "DISPLAY" not in env
