"""Synthesized sound effects (game.audio.sound): the PCM itself, and playing it with or
without audio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from array import array
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.audio.sound import NAMES, Sounds, synthesize

ROOT = Path(__file__).resolve().parents[1]
FULL_SCALE = 32767
RATE = 44100

DURATIONS_MS = {
    "select": (25, 40),
    "pair": (120, 180),
    "triple": (200, 300),
    "error": (100, 150),
    "undo": (70, 110),
    "win": (800, 1000),
    "stalemate": (400, 600),
    "move": (40, 70),
    "home": (110, 180),
    "redeal": (180, 280),
}
"""The brief's length for each effect, give or take, in milliseconds."""


def samples(pcm: bytes) -> array[int]:
    """16-bit signed little-endian PCM as integers."""
    values = array("h")
    values.frombytes(pcm)
    if sys.byteorder == "big":
        values.byteswap()
    return values


@pytest.fixture(autouse=True)
def quiet_mixer() -> Iterator[None]:
    """Every test starts and ends with the mixer shut."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def dummy_audio(monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL's dummy audio driver: a mixer that starts anywhere and plays into silence."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


def test_every_name_has_a_length_in_the_brief() -> None:
    assert set(NAMES) == set(DURATIONS_MS)


@pytest.mark.parametrize("name", NAMES)
def test_each_effect_is_short_stereo_16_bit_pcm(name: str) -> None:
    pcm = synthesize(name)
    assert pcm
    assert len(pcm) % 4 == 0
    low, high = DURATIONS_MS[name]
    assert low <= len(pcm) / 4 / RATE * 1000 <= high


@pytest.mark.parametrize("name", NAMES)
def test_each_effect_is_quiet_and_both_channels_match(name: str) -> None:
    values = samples(synthesize(name))
    assert 0 < max(map(abs, values)) < 0.45 * FULL_SCALE
    assert values[0::2] == values[1::2]


@pytest.mark.parametrize("name", NAMES)
def test_each_effect_starts_and_ends_near_silence(name: str) -> None:
    values = samples(synthesize(name))
    edge = 0.01 * FULL_SCALE
    assert all(abs(v) < edge for v in values[:8])
    assert all(abs(v) < edge for v in values[-8:])
    assert values[0] == 0
    assert values[-1] == 0


def test_different_names_sound_different() -> None:
    pcms = [synthesize(name) for name in NAMES]
    assert len(set(pcms)) == len(NAMES)


def test_synthesis_is_deterministic() -> None:
    assert synthesize("triple") == synthesize("triple")


@pytest.mark.parametrize(("rate", "channels"), [(48000, 2), (22050, 1), (44100, 6)])
def test_synthesize_follows_the_mixers_rate_and_channels(rate: int, channels: int) -> None:
    pcm = synthesize("pair", rate, channels)
    assert len(pcm) == round(0.15 * rate) * channels * 2
    values = samples(pcm)
    for channel in range(1, channels):
        assert values[channel::channels] == values[0::channels]


def test_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown sound"):
        synthesize("fanfare")
    with pytest.raises(ValueError, match="unknown sound"):
        Sounds().play("fanfare")


def test_constructing_touches_no_mixer() -> None:
    sounds = Sounds()
    assert not sounds.available
    assert pygame.mixer.get_init() is None
    sounds.play("pair")
    sounds.stop()


@pytest.mark.usefixtures("dummy_audio")
def test_with_the_dummy_driver_every_effect_plays() -> None:
    sounds = Sounds()
    assert sounds.start()
    assert sounds.available
    assert pygame.mixer.get_init() is not None
    for name in NAMES:
        sounds.play(name)
    sounds.stop()
    assert not sounds.available
    assert pygame.mixer.get_init() is None
    sounds.play("win")


@pytest.mark.usefixtures("dummy_audio")
def test_start_builds_the_effects_once() -> None:
    sounds = Sounds()
    assert sounds.start()
    built = dict(sounds._sounds)
    assert sounds.start()
    assert sounds._sounds == built
    sounds.stop()


@pytest.mark.usefixtures("dummy_audio")
def test_after_stop_start_works_again() -> None:
    sounds = Sounds()
    assert sounds.start()
    sounds.stop()
    assert sounds.start()
    assert sounds.available
    sounds.play("undo")
    sounds.stop()


def test_a_failure_after_the_mixer_started_shuts_it_again(
    monkeypatch: pytest.MonkeyPatch, dummy_audio: None
) -> None:
    def no_memory(*args: object, **kwargs: object) -> None:
        raise pygame.error("out of memory")

    monkeypatch.setattr(pygame.mixer, "Sound", no_memory)
    sounds = Sounds()
    assert sounds.start() is False
    assert pygame.mixer.get_init() is None


def test_without_a_mixer_start_says_so_and_play_does_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    def must_not_be_built(*args: object, **kwargs: object) -> None:
        raise AssertionError("a Sound was built without a mixer")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "Sound", must_not_be_built)
    sounds = Sounds()
    assert sounds.start() is False
    assert sounds.available is False
    sounds.play("pair")
    assert sounds.start() is False
    sounds.stop()


def test_an_os_error_from_the_mixer_is_caught_too(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("device busy")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    assert Sounds().start() is False


def test_without_a_real_device_start_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL picks its own driver; on a machine with no sound card that may fail, quietly."""
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    sounds = Sounds()
    assert sounds.start() in (True, False)
    for name in NAMES:
        sounds.play(name)
    sounds.stop()


class FakeSound:
    """Stands in for pygame.mixer.Sound and counts what is played."""

    played: list[bytes]
    volumes: list[float]
    """The volume each play was at, in the order played."""

    def __init__(self, buffer: bytes) -> None:
        self.buffer = buffer
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        FakeSound.played.append(self.buffer)
        FakeSound.volumes.append(self.volume)


@pytest.fixture
def fake_sounds(monkeypatch: pytest.MonkeyPatch, dummy_audio: None) -> list[bytes]:
    """A working (dummy) mixer whose Sounds only record their plays; the record."""
    FakeSound.played, FakeSound.volumes = [], []
    monkeypatch.setattr(pygame.mixer, "Sound", FakeSound)
    return FakeSound.played


def test_switched_off_plays_nothing_even_with_audio(fake_sounds: list[bytes]) -> None:
    sounds = Sounds(enabled=False)
    assert sounds.start()
    for name in NAMES:
        sounds.play(name)
    assert fake_sounds == []
    sounds.enabled = True
    sounds.play("pair")
    assert fake_sounds == [synthesize("pair", *_rate_and_channels())]
    sounds.stop()


def test_each_effect_plays_at_the_volume_asked_and_none_at_zero(
    fake_sounds: list[bytes],
) -> None:
    sounds = Sounds()
    assert sounds.start()
    for volume in (1.0, 0.3, 0.6):
        sounds.volume = volume
        sounds.play("pair")
    assert FakeSound.volumes == [1.0, 0.3, 0.6]
    sounds.volume = 0.0
    sounds.play("pair")
    assert len(fake_sounds) == 3
    sounds.stop()


def test_a_failing_play_does_not_escape(monkeypatch: pytest.MonkeyPatch, fake_sounds: list) -> None:
    def broken(self: FakeSound) -> None:
        raise pygame.error("mixer gone")

    monkeypatch.setattr(FakeSound, "play", broken)
    sounds = Sounds()
    assert sounds.start()
    sounds.play("select")
    sounds.stop()


def test_an_unusual_sample_format_leaves_audio_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.mixer, "init", lambda *args, **kwargs: None)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, 32784, 2))
    monkeypatch.setattr(pygame.mixer, "quit", lambda: None)
    sounds = Sounds()
    assert sounds.start() is False
    assert not sounds.available


def test_importing_the_module_imports_no_pygame() -> None:
    code = (
        "import sys, game.audio.sound\n"
        "game.audio.sound.synthesize('select'); game.audio.sound.Sounds()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def _rate_and_channels() -> tuple[int, int]:
    """The running mixer's sample rate and channel count."""
    mixer_format = pygame.mixer.get_init()
    assert mixer_format is not None
    frequency, _size, channels = mixer_format
    return frequency, channels


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
    import game.audio.sound as sound

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
    import game.audio.sound as sound

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
    import game.audio.sound as sound

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
