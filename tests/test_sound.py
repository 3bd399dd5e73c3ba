"""Synthesized sound effects (game.audio.sound): the PCM itself, and playing it with or
without audio."""

from __future__ import annotations

import os
import subprocess
import sys
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
