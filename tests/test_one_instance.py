"""One game per data folder (issue 26, findings 2 and 3).

The lock holds whatever the state of the data folder, and a second start opens no window:
it asks the running game to come to the front, says so in one line and exits 0. The tests
run real processes of the game, with SDL's dummy driver, and in Xvfb where it is installed.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from instance_helpers import game_env as _env
from instance_helpers import trace_events as _events

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))


def _wait_for(trace: Path, event: str, game: subprocess.Popen[str], timeout: float = 30) -> None:
    assert game.stderr is not None  # started by _start, its stderr a pipe
    deadline = time.monotonic() + timeout
    while event not in _events(trace):
        if game.poll() is not None:
            raise AssertionError(f"the game ended ({game.returncode}): {game.stderr.read()}")
        assert time.monotonic() < deadline, f"no {event!r} in {_events(trace)}"
        time.sleep(0.05)


def _start(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _second(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--max-frames", "3"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@contextlib.contextmanager
def _read_only(folder: Path) -> Iterator[None]:
    """``folder`` cannot be written in: mode 555, or for root (who writes in it all the
    same) the immutable attribute."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
        pytest.skip("root writes in a folder of mode 555, and chattr +i is refused here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


@contextlib.contextmanager
def _data_folder(state: str, folder: Path) -> Iterator[None]:
    folder.mkdir(parents=True)
    if state == "halfmoon.lock a folder":
        (folder / "halfmoon.lock").mkdir()
    if state == "read-only":
        with _read_only(folder):
            yield
    else:
        yield


STATES = ["as usual", "read-only", "halfmoon.lock a folder"]


@pytest.mark.parametrize("state", STATES)
def test_a_second_start_opens_no_window_and_brings_the_first_to_the_front(tmp_path, kind, state):
    """Before: with a read-only data folder, or a folder named halfmoon.lock, the second
    game ran (and saved) beside the first; as usual, it opened its window for a moment."""
    first_trace, second_trace = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    with _data_folder(state, tmp_path / "data"):
        first = _start(_env(tmp_path, first_trace), "--deal", kind.code(1))
        try:
            _wait_for(first_trace, "first_frame", first)
            second = _second(_env(tmp_path, second_trace))
            assert "window_shown" not in _events(second_trace)
            assert second.returncode == 0, second.stderr
            lines = second.stderr.splitlines()
            assert len(lines) == 1 and "already running" in lines[0], second.stderr
            assert lines[0].endswith("brought it to the front"), lines
            _wait_for(first_trace, "front", first, timeout=10)
        finally:
            first.terminate()
            first.wait(timeout=20)
    assert first.returncode == 0, first.stderr.read()


def test_two_data_folders_run_side_by_side_and_a_link_is_the_same_folder(tmp_path):
    from game.platform.instance import AlreadyRunning, InstanceLock, serve_front_requests

    one, two = InstanceLock(tmp_path / "one"), InstanceLock(tmp_path / "two")
    (tmp_path / "link").symlink_to(tmp_path / "one", target_is_directory=True)
    try:
        assert one.acquire() and two.acquire()
        assert serve_front_requests()  # as the game does once its window shows
        with pytest.raises(AlreadyRunning) as running:
            InstanceLock(tmp_path / "link").acquire()
        assert running.value.pid == os.getpid()  # the holder's, read from the lock
        assert str(tmp_path / "link") in str(running.value)
    finally:
        one.release()
        two.release()
    again = InstanceLock(tmp_path / "link")
    assert again.acquire()
    again.release()


def test_the_lock_lives_in_the_runtime_folder_else_a_private_temporary_one(tmp_path, monkeypatch):
    from game.platform.instance import InstanceLock, serve_front_requests

    runtime, temporary = tmp_path / "run", tmp_path / "tmp"
    runtime.mkdir()
    temporary.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("TMPDIR", str(temporary))
    lock = InstanceLock(tmp_path / "data")
    assert lock.acquire() and serve_front_requests()
    held = list((runtime / "halfmoon").iterdir())
    assert len(held) == 1 and held[0].read_text().strip() == str(os.getpid())
    assert (runtime / "halfmoon").stat().st_mode & 0o777 == 0o700
    lock.release()
    assert list((runtime / "halfmoon").iterdir()) == []  # removed by its holder

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "not-there"))
    monkeypatch.setattr("game.platform.instance._USER_RUNTIME", str(tmp_path / "none"))
    lock = InstanceLock(tmp_path / "data")
    assert lock.acquire()
    private = temporary / f"halfmoon-{os.geteuid()}"
    assert len(list(private.iterdir())) == 1
    assert private.stat().st_mode & 0o777 == 0o700
    lock.release()


def test_a_temporary_folder_of_someone_else_is_not_used(tmp_path, monkeypatch):
    """Another user could make ``halfmoon-UID`` in /tmp first: it is passed over."""
    from game.platform import instance

    monkeypatch.setenv("XDG_RUNTIME_DIR", "")
    monkeypatch.setattr(instance, "_USER_RUNTIME", str(tmp_path / "none"))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    (tmp_path / f"halfmoon-{os.geteuid()}").mkdir(mode=0o777)
    (tmp_path / f"halfmoon-{os.geteuid()}").chmod(0o777)  # as another user's would be
    lock = instance.InstanceLock(tmp_path / "data")
    assert lock.acquire() and instance.serve_front_requests()  # in the data folder only
    assert list((tmp_path / f"halfmoon-{os.geteuid()}").iterdir()) == []
    assert (tmp_path / "data" / "halfmoon.lock").read_text().strip() == str(os.getpid())
    lock.release()


def test_the_pid_of_a_killed_game_left_in_the_lock_is_never_signalled(tmp_path, monkeypatch):
    """A game killed with -9 leaves its PID in the lock's files; the number may belong to
    another process by the next start, which SIGUSR2 would end."""
    from game.platform import instance

    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setattr(instance, "_serving", False)  # a game whose window is opening
    other = subprocess.Popen(["sleep", "60"])  # has the killed game's PID now
    try:
        key = instance.folder_key(tmp_path / "data")
        for path in (tmp_path / "halfmoon" / f"{key}.lock", tmp_path / "data" / "halfmoon.lock"):
            path.parent.mkdir(mode=0o700, exist_ok=True)
            path.write_text(f"{other.pid}\n")
        starting = instance.claim(tmp_path / "data")
        assert (tmp_path / "halfmoon" / f"{key}.lock").read_text() == ""  # until it serves
        with pytest.raises(instance.AlreadyRunning) as running:
            instance.claim(tmp_path / "data")
        assert running.value.pid is None
        assert "this one exits" in running.value.answer()
        time.sleep(0.2)
        assert other.poll() is None  # not ended by a SIGUSR2
        for junk in ("-1", "0", "many"):  # kill(-1) would reach every process of ours
            (tmp_path / "halfmoon" / f"{key}.lock").write_text(junk)
            with pytest.raises(instance.AlreadyRunning) as running:
                instance.claim(tmp_path / "data")
            assert running.value.pid is None
        starting.release()
    finally:
        other.kill()
        other.wait()


@pytest.mark.parametrize(
    "variables",
    [{}, {"XDG_DATA_HOME": "/srv/share"}, {"XDG_DATA_HOME": "relative/share"}],
    ids=["default", "XDG_DATA_HOME", "relative XDG_DATA_HOME"],
)
def test_the_data_folder_found_before_the_window_is_platformdirs_own(tmp_path, variables):
    """The lock is taken before platformdirs is imported (11 ms): its data folder is found
    the same way, or the lock is taken again once the window shows.

    A relative XDG_DATA_HOME is ignored, as the XDG spec says and platformdirs does since
    its 2026-09 fix (tox-dev/platformdirs#540); an older platformdirs follows it, and then
    storage lets go of the early lock and holds the lock of platformdirs' folder."""
    code = (
        "import json, os, platformdirs\n"
        "from game.platform.instance import AlreadyRunning, InstanceLock, default_data_dir\n"
        "from game.records.storage import Storage\n"
        "early = InstanceLock(default_data_dir())\n"
        "early.acquire()\n"
        "storage = Storage.default()\n"
        "held = storage.lock(early)\n"
        "def refused(folder):\n"
        "    try:\n"
        "        InstanceLock(folder).acquire()\n"
        "    except AlreadyRunning:\n"
        "        return True\n"
        "    return False\n"
        "theirs = platformdirs.user_data_path('halfmoon', appauthor=False)\n"
        "print(json.dumps([str(default_data_dir()), str(theirs), held, early.held,\n"
        "    refused(theirs)]))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(tmp_path), **variables)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    ours, theirs, held, early_kept, theirs_locked = json.loads(done.stdout)
    assert held and theirs_locked
    if ours == theirs:
        assert early_kept
    else:  # only an older platformdirs, following a relative XDG_DATA_HOME
        assert not os.path.isabs(variables.get("XDG_DATA_HOME", "/"))
        assert ours == str(tmp_path / ".local" / "share" / "halfmoon")
        assert theirs == str(Path(variables["XDG_DATA_HOME"]) / "halfmoon")
        assert not early_kept


def test_with_the_default_data_folder_a_second_start_opens_no_window(tmp_path):
    first_trace, second_trace = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    base = {"HOME": str(tmp_path), "XDG_RUNTIME_DIR": "", "XDG_DATA_HOME": ""}
    first = _start(_env(None, first_trace, **base), "--max-frames", "100000")
    try:
        _wait_for(first_trace, "first_frame", first)
        second = _second(_env(None, second_trace, **base))
        assert "already running" in second.stderr and second.returncode == 0
        assert "window_shown" not in _events(second_trace)
    finally:
        first.terminate()
        first.wait(timeout=20)
    assert (tmp_path / ".local" / "share" / "halfmoon" / "halfmoon.lock").exists()


def test_pygame_has_what_bringing_the_window_to_the_front_needs(display):
    """pygame-ce >= 2.5: Window.from_display_module, focus and restore, and
    display.get_active (False while minimized); a release without them fails here."""
    from game.platform.instance import bring_window_to_front

    assert not bring_window_to_front()  # no window yet
    display.display.set_mode((320, 240))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # we draw on the display
        window = display.Window.from_display_module()
    assert callable(window.focus) and callable(window.restore)
    assert display.display.get_active() in (True, False)
    assert bring_window_to_front()


def _pixel(display: str, x: int, y: int) -> str:
    """The colour of the screen's pixel at (x, y), as ImageMagick names it ('' if none)."""
    done = subprocess.run(
        ["import", "-window", "root", "-crop", f"1x1+{x}+{y}", "txt:-"],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=20,
    )
    lines = done.stdout.split("\n")
    return lines[1].split()[2] if len(lines) > 1 and len(lines[1].split()) > 2 else ""


def _until(check, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.mark.parametrize("window_manager", [False, True], ids=["no-wm", "matchbox"])
def test_a_second_start_brings_the_covered_game_to_the_front_of_a_real_x_display(
    tmp_path, window_manager
):
    """In Xvfb: the game, an xmessage over it, a second start; the game is seen again."""
    from xsession import missing, virtual_display, window_of, xdotool

    needed = ["Xvfb", "xdotool", "xmessage", "import"]
    absent = missing(needed + (["matchbox-window-manager"] if window_manager else []))
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} (apt-get install xvfb xdotool x11-utils "
            "imagemagick matchbox-window-manager)"
        )
    trace = tmp_path / "trace.jsonl"
    with virtual_display((800, 600), window_manager=window_manager) as display:
        env = _env(tmp_path, trace, DISPLAY=display)
        del env["SDL_VIDEODRIVER"]
        game = _start(env, "--window", "640x480")
        cover = None
        try:
            window = window_of(display, game)
            _wait_for(trace, "first_frame", game)
            geometry = xdotool(display, "getwindowgeometry", "--shell", window)
            where = dict(line.split("=") for line in geometry.split())
            x, y = int(where["X"]) + 4, int(where["Y"]) + 4  # on the felt
            assert _until(lambda: _pixel(display, x, y) != ""), "no screenshot"
            felt = _pixel(display, x, y)
            cover = subprocess.Popen(
                ["xmessage", "-geometry", "800x600+0+0", "over the game"],
                env={**os.environ, "DISPLAY": display},
            )
            assert _until(lambda: _pixel(display, x, y) not in ("", felt)), "never covered"
            second = _second(dict(env, HALFMOON_TRACE=str(tmp_path / "second.jsonl")))
            assert second.stderr.strip().endswith("brought it to the front"), second.stderr
            assert _until(lambda: _pixel(display, x, y) == felt), "the game stayed covered"
            if window_manager:
                assert xdotool(display, "getwindowfocus").strip() == window
        finally:
            if cover is not None:
                cover.terminate()
                cover.wait(timeout=10)
            game.terminate()
            game.wait(timeout=20)
    assert "front" in _events(trace)
