"""The audio device of the sound effects (game.audio.sound): rested after a quiet
spell and opened again for the next effect, and effects prepared before the mixer
starts (the mixer then starts with the first one asked for)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from test_sound import ROOT
from test_sound import dummy_audio as dummy_audio  # (a fixture of its tests)
from test_sound import quiet_mixer as quiet_mixer  # (autouse: the mixer shut)

from game.audio import sound
from game.audio.sound import NAMES, Sounds, synthesize


def _wait_until_closed() -> None:
    """Until the mixer is shut (at most 5 s): :meth:`Sounds.rest` closes it on a thread."""
    deadline = time.monotonic() + 5
    while pygame.mixer.get_init() is not None and time.monotonic() < deadline:
        time.sleep(0.01)


def _audio_threads() -> int:
    """Threads of this process that SDL runs for an open audio device."""
    names = [p.read_text().strip() for p in Path("/proc/self/task").glob("*/comm")]
    return sum("audio" in name.lower() for name in names if name != "audio-rest")


@pytest.mark.usefixtures("dummy_audio")
def test_after_a_quiet_spell_rest_closes_the_device_and_play_opens_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    sounds = Sounds()
    assert sounds.start()
    sounds.play("pair")
    sounds.rest()  # the pair still rings: the device stays open
    assert not sounds.resting
    assert pygame.mixer.get_init() is not None
    threads = Path("/proc/self/task").is_dir()
    if threads:
        assert _audio_threads() >= 1
    monkeypatch.setattr(sound, "REST_AFTER", 0.0)
    real = sound.time.monotonic
    monkeypatch.setattr(sound.time, "monotonic", lambda: real() + 1.0)  # the pair is over
    sounds.rest()
    assert sounds.resting
    _wait_until_closed()  # the device closes on a helper thread
    assert pygame.mixer.get_init() is None
    if threads:
        assert _audio_threads() == 0  # no audio thread waking while the player thinks
    sounds.play("select")  # waits for the frame to be shown
    assert sounds.resting
    sounds.flush()  # the loop's call once the frame is shown
    assert not sounds.resting
    assert pygame.mixer.get_init() is not None
    assert pygame.mixer.get_busy()  # the effect really plays after the device reopened
    sounds.stop()
    assert pygame.mixer.get_init() is None


@pytest.mark.usefixtures("dummy_audio")
def test_stop_while_resting_leaves_the_mixer_shut() -> None:

    sounds = Sounds()
    assert sounds.start()
    sound.REST_AFTER, saved = -1.0, sound.REST_AFTER
    try:
        sounds.rest()
    finally:
        sound.REST_AFTER = saved
    sounds.stop()
    assert pygame.mixer.get_init() is None
    assert not sounds.available
    sounds.play("win")  # nothing, and no error


@pytest.mark.usefixtures("dummy_audio")
def test_a_device_that_will_not_reopen_is_tried_again_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    sounds = Sounds()
    assert sounds.start()
    monkeypatch.setattr(sound, "REST_AFTER", -1.0)
    sounds.rest()
    _wait_until_closed()
    real_init = pygame.mixer.init

    def gone(*args: object, **kwargs: object) -> None:
        raise pygame.error("audio device unplugged")

    monkeypatch.setattr(pygame.mixer, "init", gone)
    sounds.play("pair")
    sounds.flush()
    assert sounds.resting and sounds.available  # no sound now, but not given up
    monkeypatch.setattr(pygame.mixer, "init", real_init)
    sounds.play("pair")
    sounds.flush()
    assert sounds.resting  # too soon: not tried again yet
    clock = time.monotonic
    monkeypatch.setattr(sound.time, "monotonic", lambda: clock() + sound.RETRY_AFTER + 1)
    sounds.play("pair")
    sounds.flush()
    assert not sounds.resting  # the device is back
    assert pygame.mixer.get_busy()
    sounds.stop()


@pytest.mark.usefixtures("dummy_audio")
def test_prepared_effects_start_the_mixer_with_the_first_one_asked_for() -> None:
    """The session prepares the effects at start and the mixer opens with the first
    effect, once its frame is shown (as after a rest): until then nothing of it runs."""
    sounds = Sounds()
    sounds.prepare()
    assert pygame.mixer.get_init() is None
    sounds.play("select")  # waits for the frame to be shown
    assert pygame.mixer.get_init() is None
    sounds.flush()  # the loop's call once the frame is shown
    assert sounds.available and not sounds.resting
    assert pygame.mixer.get_init() is not None
    assert pygame.mixer.get_busy()  # the effect asked for really plays
    sounds.play("pair")  # the mixer is open now: straight away
    assert pygame.mixer.get_busy()
    sounds.stop()
    assert pygame.mixer.get_init() is None


def test_prepared_effects_without_a_device_play_nothing_and_never_raise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds()
    sounds.prepare()
    sounds.play("pair")
    sounds.flush()
    assert not sounds.available
    sounds.play("win")
    sounds.flush()
    sounds.stop()


@pytest.mark.usefixtures("dummy_audio")
def test_prepared_effects_switched_off_never_open_the_mixer() -> None:
    sounds = Sounds(enabled=False)
    sounds.prepare()
    for name in NAMES:
        sounds.play(name)
        sounds.flush()
    assert pygame.mixer.get_init() is None
    sounds.stop()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_preparing_the_effects_keeps_little_more_than_their_pcm() -> None:
    """The synthesis works on arrays of samples, not lists of a million Python floats:
    when it is done the process holds the PCM (0.4 MB), not megabytes of emptied pools."""
    code = (
        "import json\n"
        "from game.platform import memory\n"
        "from game.audio.sound import Sounds\n"
        "def rss():\n"
        "    with open('/proc/self/status') as status:\n"
        "        return next(int(l.split()[1]) for l in status if l.startswith('VmRSS:')) / 1024\n"
        "memory._libc()\n"  # ctypes and glibc, loaded on first use, before the count
        "before = rss()\n"
        "sounds = Sounds()\n"
        "sounds.prepare()\n"
        "memory.give_back()\n"
        "print(json.dumps({'kept': rss() - before}))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "HALFMOON_PLAIN"}  # give_back works
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    kept = json.loads(run.stdout)["kept"]
    pcm = sum(len(synthesize(name)) for name in NAMES) / 2**20
    assert 0.3 < pcm < 0.6
    # Python's pools come in 1 MB arenas: what one holds besides the PCM is 0.0-0.5 MB
    # depending on what the interpreter did before (compiled the modules, or read their
    # bytecode); the lists of floats left 2.9 MB more.
    assert kept < pcm + 1.0, f"{kept:.2f} MB kept for {pcm:.2f} MB of PCM"
