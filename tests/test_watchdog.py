"""The kiosk under systemd's watchdog (issue 40): READY=1 once the first frame is shown,
WATCHDOG=1 from the main loop at least every half of $WATCHDOG_USEC (none while the
process is stopped), STOPPING=1 at the end (game.platform.service_manager).

The service manager here is a datagram socket of the test's, as systemd's is: the real
game in a real X window (Xvfb) writes to it; each datagram comes with its sender's pid
(SO_PASSCRED), so a process the game started (a dbus-daemon) cannot pass for it.
"""

from __future__ import annotations

import itertools
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.platform import service_manager

ROOT = Path(__file__).resolve().parent.parent


class Manager:
    """A service manager's notification socket at ``path``: what came, when, from whom."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(str(path))
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        self.socket.settimeout(0.2)
        self.heard: list[tuple[float, int, str]] = []
        self._stop = False
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        size = socket.CMSG_SPACE(struct.calcsize("3i"))
        while not self._stop:
            try:
                data, ancillary, _flags, _address = self.socket.recvmsg(4096, size)
            except TimeoutError:
                continue
            pid = -1
            for level, kind, value in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                    pid = struct.unpack("3i", value[: struct.calcsize("3i")])[0]
            self.heard.append((time.monotonic(), pid, data.decode()))

    def messages(self) -> list[str]:
        return [message for _when, _pid, message in self.heard]

    def wait_for(self, message: str, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if message in self.messages():
                return True
            time.sleep(0.05)
        return False

    def close(self) -> None:
        self._stop = True
        self._thread.join()
        self.socket.close()


def test_the_variables_are_taken_out_of_the_environment_and_read():
    environ = {"NOTIFY_SOCKET": "@halfmoon-test", "WATCHDOG_USEC": "4000000", "HOME": "/h"}
    notifier = service_manager.take(environ)
    assert environ == {"HOME": "/h"}
    assert notifier is not None and notifier.watchdog == 4.0
    assert notifier.address == "\0halfmoon-test"  # Linux's abstract namespace
    assert service_manager.take({}) is None
    assert service_manager.take({"NOTIFY_SOCKET": "relative"}) is None


def test_the_watchdog_is_the_games_or_its_compositors_only():
    """systemd names the unit's main process in $WATCHDOG_PID: the game, or cage that
    starts it; a watchdog meant for another process is not the game's to feed."""
    for pid, counts in ((os.getpid(), True), (os.getppid(), True), (1, False)):
        environ = {"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "2000000", "WATCHDOG_PID": str(pid)}
        notifier = service_manager.take(environ)
        assert notifier is not None and (notifier.watchdog is not None) is counts


def test_ready_once_then_a_ping_each_quarter_of_the_watchdog_and_stopping(tmp_path):
    manager = Manager(tmp_path / "notify")
    now = [0.0]
    notifier = service_manager.Notifier(str(manager.path), 2.0, clock=lambda: now[0])
    try:
        notifier.alive()  # nothing before the first frame
        notifier.ready()
        notifier.ready()
        for step in range(1, 21):  # 2 s of frames 0.1 s apart
            now[0] = step / 10
            notifier.alive()
        notifier.stopping()
        assert manager.wait_for("STOPPING=1", 5)
    finally:
        manager.close()
    assert manager.messages() == ["READY=1"] + ["WATCHDOG=1"] * 4 + ["STOPPING=1"]
    assert {pid for _when, pid, _message in manager.heard} == {os.getpid()}


def test_a_manager_gone_stops_nothing(tmp_path):
    notifier = service_manager.Notifier(str(tmp_path / "nobody"), 1.0)
    assert notifier.send("READY=1") is False
    notifier.ready()
    notifier.alive()
    notifier.stopping()


@pytest.mark.once
def test_a_kiosk_in_a_real_window_feeds_the_watchdog_and_stops_when_stopped(tmp_path):
    """The real kiosk under a fake systemd: READY=1 once, from the game, after its first
    frame; pings at least every half of the watchdog's 2 s; none while the process is
    stopped (SIGSTOP: a hung loop says nothing); pings again once it runs; STOPPING=1 and
    exit status 0 on SIGTERM."""
    sys.path.insert(0, str(ROOT / "tools"))
    from xsession import missing, virtual_display

    if missing(("Xvfb",)):
        pytest.skip("needs Xvfb for a real window")
    manager = Manager(tmp_path / "notify")
    trace = tmp_path / "trace.jsonl"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    environment.pop("HALFMOON_PLAIN", None)
    environment.update(
        NOTIFY_SOCKET=str(manager.path),
        WATCHDOG_USEC="2000000",
        HALFMOON_HOME=str(tmp_path / "home"),
        HALFMOON_TRACE=str(trace),
        SDL_AUDIODRIVER="dummy",
    )
    try:
        with virtual_display((800, 480)) as display:
            environment["DISPLAY"] = display
            game = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), "--kiosk"],
                env=environment,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                assert manager.wait_for("READY=1", 30), game.stderr
                assert "first_frame" in trace.read_text()  # READY comes after the frame
                time.sleep(3.0)
                running = list(manager.heard)
                game.send_signal(signal.SIGSTOP)
                time.sleep(0.3)  # (a datagram on its way)
                stopped_at = len(manager.heard)
                time.sleep(2.5)
                silent = manager.heard[stopped_at:]
                game.send_signal(signal.SIGCONT)
                resumed = time.monotonic()
                time.sleep(1.5)
                again = [h for h in manager.heard[stopped_at:] if h[0] >= resumed]
                game.send_signal(signal.SIGTERM)
                assert game.wait(timeout=30) == 0, game.stderr.read() if game.stderr else ""
                assert manager.wait_for("STOPPING=1", 5)
            finally:
                if game.poll() is None:
                    game.kill()
                    game.wait()
    finally:
        manager.close()
    messages = manager.messages()
    assert messages.count("READY=1") == 1 and messages[0] == "READY=1", messages
    assert {pid for _when, pid, _message in manager.heard} == {game.pid}
    pings = [when for when, _pid, message in running if message == "WATCHDOG=1"]
    assert len(pings) >= 4, running
    gaps = [later - earlier for earlier, later in itertools.pairwise(pings)]
    assert max(gaps) <= 1.0, gaps  # at least every half of the watchdog's 2 s
    assert silent == [], silent
    assert [m for _when, _pid, m in again if m == "WATCHDOG=1"], manager.heard[stopped_at:]
    assert messages[-1] == "STOPPING=1"
