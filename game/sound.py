"""Short sound effects, synthesized here (no sound files) and played through pygame's mixer.

:func:`synthesize` is pure Python (``array`` and ``math``): it turns an effect's name into 16-bit
signed little-endian PCM, so the tests can inspect the sounds without an audio device.
:class:`Sounds` starts the mixer when asked (or, prepared, with the first effect), builds the
effects once and plays them; on a machine without audio (or with sound switched off) every call
quietly does nothing.

Importing this module does not import pygame or touch the mixer.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import threading
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate, repeat
from operator import add, attrgetter, mul
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

RATE = 44100
"""The sample rate asked of the mixer, and :func:`synthesize`'s default."""
CHANNELS = 2
"""The channel count asked of the mixer, and :func:`synthesize`'s default."""
BUFFER = 512
"""The mixer's buffer in sample frames: small, so a click lands on the tap (~12 ms)."""
FADE_IN = 0.002
"""Seconds of linear fade-in over every effect's first samples, so none starts with a click."""
FADE_OUT = 0.005
"""Seconds of fade-out over every effect's last samples, at the least."""
RELEASE = 0.1
"""The fade-out's share of a longer effect, so ringing notes die away rather than stop."""
REST_AFTER = 2.0
"""Seconds of silence (after the last effect ends) before :meth:`Sounds.rest` closes the
audio device: an open device wakes its audio thread ~86 times a second even when silent,
which alone costs an idle table 0.6 % CPU (docs/performance.md)."""
PENDING_FOR = 0.25
"""An effect asked for while the device rested still plays if the device opens within this."""
RETRY_AFTER = 10.0
"""Seconds before opening a device that failed to open is tried again."""
FULL_SCALE = 32767
_IMAG = attrgetter("imag")


@dataclass(frozen=True)
class _Note:
    """One struck tone in an effect: sine partials under a fast attack and an exponential decay."""

    start: float
    """Seconds from the effect's start."""
    freq: float
    """Hz at the note's start."""
    level: float = 1.0
    """Loudness relative to the effect's other notes."""
    decay: float = 0.05
    """Time constant of the fundamental's exponential decay, in seconds."""
    attack: float = 0.003
    """Seconds of linear rise (a few ms: soft, yet still struck)."""
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),)
    """(frequency ratio, level) pairs; partial k decays ``ratio`` times faster, like a real bell."""
    glide_to: float | None = None
    """Hz the pitch slides to (exponentially), or None for a steady pitch."""
    glide: float = 0.05
    """Seconds the slide takes."""


@dataclass(frozen=True)
class _Effect:
    """An effect's recipe: its length, its peak level and its notes."""

    duration: float
    """Seconds."""
    peak: float
    """Peak amplitude as a fraction of full scale (everything at or below 0.4)."""
    notes: tuple[_Note, ...]

    def __post_init__(self) -> None:
        if not 0.0 < self.peak <= 0.4:
            raise ValueError(f"an effect's peak must be in (0, 0.4], not {self.peak}")


# Equal-tempered pitches (Hz).
_A4, _C5, _E5, _G5 = 440.0, 523.25, 659.26, 783.99
_C6, _E6, _G6, _C7 = 1046.50, 1318.51, 1567.98, 2093.00

_CHIME = ((1.0, 1.0), (2.0, 0.22), (3.0, 0.06))
_BRIGHT = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12), (4.0, 0.05))
_SOFT = ((1.0, 1.0), (2.0, 0.12))

EFFECTS: dict[str, _Effect] = {
    # A soft wooden tick: a quick high blip with a lower body, gone in ~10 ms.
    "select": _Effect(
        0.032,
        0.20,
        (
            _Note(0.0, 1900.0, 0.6, 0.0035, 0.0006, glide_to=1500.0, glide=0.01),
            _Note(0.0, 950.0, 1.0, 0.006, 0.0008),
        ),
    ),
    # Two-note chime, a rising fourth (G5 then C6).
    "pair": _Effect(
        0.15,
        0.30,
        (
            _Note(0.0, _G5, 0.85, 0.035, partials=_CHIME),
            _Note(0.045, _C6, 1.0, 0.03, partials=_CHIME),
        ),
    ),
    # Brighter three-note arpeggio, C6 E6 G6.
    "triple": _Effect(
        0.25,
        0.32,
        (
            _Note(0.0, _C6, 0.8, 0.04, partials=_BRIGHT),
            _Note(0.05, _E6, 0.9, 0.04, partials=_BRIGHT),
            _Note(0.10, _G6, 1.0, 0.035, partials=_BRIGHT),
        ),
    ),
    # Soft low bonk: a low sine that sags in pitch; the overtones let laptop speakers carry it.
    "error": _Effect(
        0.12,
        0.30,
        (
            _Note(
                0.0,
                210.0,
                1.0,
                0.03,
                0.004,
                partials=((1.0, 1.0), (2.0, 0.35), (3.0, 0.1)),
                glide_to=150.0,
                glide=0.08,
            ),
        ),
    ),
    # A card put down on a pile: a short soft knock.
    "move": _Effect(
        0.05,
        0.20,
        (
            _Note(0.0, 620.0, 0.7, 0.008, 0.001, glide_to=480.0, glide=0.02),
            _Note(0.0, 310.0, 1.0, 0.012, 0.001),
        ),
    ),
    # A card played home: one bright chime (E6).
    "home": _Effect(0.14, 0.28, (_Note(0.0, _E6, 1.0, 0.04, partials=_CHIME),)),
    # The redeal: three quick knocks rising, as the piles turn.
    "redeal": _Effect(
        0.22,
        0.24,
        (
            _Note(0.0, 392.0, 0.8, 0.01, 0.001, partials=_SOFT),
            _Note(0.06, 494.0, 0.9, 0.01, 0.001, partials=_SOFT),
            _Note(0.12, 587.0, 1.0, 0.012, 0.001, partials=_SOFT),
        ),
    ),
    # Short descending blip.
    "undo": _Effect(
        0.09,
        0.22,
        (_Note(0.0, 880.0, 1.0, 0.025, partials=_SOFT, glide_to=587.0, glide=0.06),),
    ),
    # Rising C major arpeggio that rings out.
    "win": _Effect(
        0.90,
        0.32,
        (
            _Note(0.0, _C5, 0.7, 0.12, partials=_CHIME),
            _Note(0.09, _E5, 0.75, 0.12, partials=_CHIME),
            _Note(0.18, _G5, 0.8, 0.13, partials=_CHIME),
            _Note(0.27, _C6, 0.95, 0.14, partials=_CHIME),
            _Note(0.36, _E6, 0.5, 0.12, partials=_CHIME),
            _Note(0.36, _C7, 0.18, 0.09),
        ),
    ),
    # Soft descending minor third, C5 to A4: the C still rings as the A sounds (A minor).
    "stalemate": _Effect(
        0.50,
        0.26,
        (
            _Note(0.0, _C5, 1.0, 0.11, 0.012, partials=_SOFT),
            _Note(0.16, _A4, 1.0, 0.085, 0.012, partials=_SOFT),
        ),
    ),
}
"""Every effect by name; the names :meth:`Sounds.play` accepts."""

NAMES: tuple[str, ...] = tuple(EFFECTS)


def _recipe(name: str) -> _Effect:
    """The named effect's recipe, or ValueError."""
    try:
        return EFFECTS[name]
    except KeyError:
        raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}") from None


def _silence(count: int) -> array[float]:
    """``count`` samples of silence (samples are arrays of doubles, not lists of Python
    floats: an effect is 10-90 thousand samples, and a list of them leaves megabytes of
    emptied memory pools behind once the PCM is made)."""
    return array("d", bytes(8 * count))


def _tone(note: _Note, count: int, rate: int) -> array[float]:
    """Up to ``count`` samples of one note from its start, at its own level (a steady note
    ends where its partials have died away: silence needs no samples)."""
    if note.glide_to is None:
        # Steady pitch: each partial is a decaying phasor, turned by one complex multiply a sample.
        # Past ~11.5 time constants a partial is below 1e-5 of its start: leave it out.
        spans = [
            min(count, math.ceil(11.5 * note.decay / multiple * rate))
            for multiple, _level in note.partials
        ]
        tone = _silence(max(spans, default=0))
        for index, ((multiple, level), span) in enumerate(zip(note.partials, spans, strict=True)):
            shrink = math.exp(-multiple / (note.decay * rate))
            angle = 2.0 * math.pi * note.freq * multiple / rate
            turn = complex(shrink * math.cos(angle), shrink * math.sin(angle))
            phasors = accumulate(repeat(turn, span - 1), mul, initial=complex(note.level * level))
            partial = map(_IMAG, phasors)
            # (the first partial onto silence: 0.0 + x is x, so it is written, not added)
            tone[:span] = array("d", partial if index == 0 else map(add, tone[:span], partial))
    else:
        tone = _silence(count)
        ratio = note.glide_to / note.freq
        glide = max(1, round(note.glide * rate))
        phase = 0.0
        for i in range(count):
            t = i / rate
            value = 0.0
            for multiple, level in note.partials:
                value += level * math.exp(-t * multiple / note.decay) * math.sin(phase * multiple)
            tone[i] = note.level * value
            phase += 2.0 * math.pi * note.freq * ratio ** min(1.0, i / glide) / rate
    attack = max(1, round(note.attack * rate))
    for i in range(min(attack, len(tone))):
        tone[i] *= i / attack
    return tone


def _render(effect: _Effect, rate: int) -> array[float]:
    """The effect as mono samples in -1..1, faded at both ends and scaled to its peak."""
    count = max(1, round(effect.duration * rate))
    samples = _silence(count)
    for note in effect.notes:
        first = min(count, round(note.start * rate))
        tone = _tone(note, count - first, rate)
        end = first + len(tone)
        samples[first:end] = array("d", map(add, samples[first:end], tone))
    fade_in = max(1, round(FADE_IN * rate))
    fade_out = max(1, round(max(FADE_OUT, RELEASE * effect.duration) * rate))
    for i in range(min(fade_in, count)):
        samples[i] *= i / fade_in
    for i in range(min(fade_out, count)):
        # Raised cosine: 0 at the last sample, easing into the untouched sound.
        samples[count - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    loudest = max(map(abs, samples))
    if loudest > 0.0:
        scale = effect.peak / loudest
        samples = array("d", (s * scale for s in samples))
    return samples


def synthesize(name: str, rate: int = RATE, channels: int = CHANNELS) -> bytes:
    """The named effect as 16-bit signed little-endian PCM, ``channels`` interleaved at ``rate`` Hz.

    Every channel carries the same signal. Raises ValueError for an unknown name or a rate or
    channel count below 1.
    """
    effect = _recipe(name)
    if rate < 1 or channels < 1:
        raise ValueError(f"need a positive rate and channel count, not {rate} Hz x {channels}")
    mono = array("h", (round(sample * FULL_SCALE) for sample in _render(effect, rate)))
    pcm = array("h", bytes(len(mono) * channels * 2))
    for channel in range(channels):
        pcm[channel::channels] = mono
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence what C libraries print while the audio device is probed.

    On a machine without a sound card ALSA writes eight lines to stderr; the mixer's
    own error (a pygame.error) still says what went wrong.
    """
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sounds:
    """Short synthesized effects. Every method is safe to call when audio is unavailable.

    Construct freely (nothing touches the mixer), call :meth:`start` once pygame is up
    (or :meth:`prepare`, and the first effect starts it), :meth:`play` on game events and
    :meth:`stop` on the way out. SDL's own environment is honoured:
    ``SDL_AUDIODRIVER=dummy`` gives a working mixer that plays into silence.
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        """The player's setting: when False, :meth:`play` does nothing."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._pcm: dict[str, bytes] = {}
        self._started = False
        self._available = False
        self._open = False
        self._quiet_from = 0.0
        self._closing: threading.Thread | None = None
        self._format: tuple[int, int, int] | None = None
        self._pending: tuple[str, float] | None = None
        self._retry_at = 0.0
        self._prepared = False
        self._pcm_format: tuple[int, int, int] | None = None

    @property
    def available(self) -> bool:
        """Whether the mixer started and the effects are ready to play."""
        return self._available

    @property
    def resting(self) -> bool:
        """Whether the audio device is closed for now (:meth:`rest`); :meth:`play` reopens it."""
        return self._available and not self._open

    def prepare(self) -> None:
        """Build the effects for the format asked of the mixer, and leave the mixer for the
        first effect asked for: :meth:`flush` starts it once that effect's frame is shown,
        as after a rest (until then none of the mixer is loaded: 3 MB; with sound off, it
        never is). Audio that turns out to be unavailable then stays quietly off."""
        if self._started or self._prepared:
            return
        self._pcm = {name: synthesize(name, RATE, CHANNELS) for name in NAMES}
        self._pcm_format = (RATE, -16, CHANNELS)
        self._prepared = True

    def start(self) -> bool:
        """Start the mixer and build the effects (once); False, never an exception, if audio
        is unavailable (no device, no mixer module, a sample format this module cannot write)."""
        if self._started:
            return self._available
        self._started = True
        try:
            import pygame
            import pygame.mixer
        except (ImportError, OSError):
            return False
        try:
            mixer_format = self._open_mixer()
            if mixer_format is None:
                return False
            self._format = mixer_format
            rate, _size, channels = mixer_format
            if self._pcm_format != self._format:  # not prepared, or for another format
                self._pcm = {name: synthesize(name, rate, channels) for name in NAMES}
                self._pcm_format = self._format
            # Each Sound is made from its PCM when first played (one copy until then); one
            # made now shows that the mixer can make them at all.
            self._sounds = {NAMES[0]: pygame.mixer.Sound(buffer=self._pcm[NAMES[0]])}
        except (pygame.error, OSError, NotImplementedError, ValueError):
            # NotImplementedError: a pygame built without its mixer module.
            _quit_mixer()
            self._open = False
            return False
        self._available = True
        self._quiet_from = time.monotonic()
        return True

    def _open_mixer(self) -> tuple[int, int, int] | None:
        """Open the audio device in the one format :func:`synthesize` writes: the mixer's
        (frequency, size, channels), or None if not."""
        import pygame
        import pygame.mixer

        with _quiet_stderr():
            pygame.mixer.init(frequency=RATE, size=-16, channels=CHANNELS, buffer=BUFFER)
        mixer_format = pygame.mixer.get_init()
        if not mixer_format:
            return None
        if mixer_format[1] != -16:
            # Sound(buffer=...) takes bytes in the mixer's own format; only -16 is written.
            _quit_mixer()
            return None
        self._open = True
        return mixer_format

    def play(self, name: str) -> None:
        """Play the named effect; ValueError for an unknown name, nothing if unavailable or off.

        While the device rests (see :meth:`rest`) the effect waits for :meth:`flush`, which
        the loop calls once the frame is shown: opening a device can take a while on some
        systems, and the tap must show first.
        """
        effect = _recipe(name)
        if self.enabled and self._prepared and not self._started:
            self._pending = (name, time.monotonic())  # the first effect: see prepare()
            return
        if not (self.enabled and self._available):
            return
        if not self._open:
            self._pending = (name, time.monotonic())
            return
        with contextlib.suppress(Exception):  # a sound effect must never stop the game
            sound = self._sounds.get(name)
            if sound is None:
                import pygame

                sound = self._sounds[name] = pygame.mixer.Sound(buffer=self._pcm[name])
            sound.play()
            self._quiet_from = max(self._quiet_from, time.monotonic() + effect.duration)

    def flush(self) -> None:
        """Open the resting device and play the effect that waited, if it is still fresh.

        If the device cannot be opened (it went away), the effect is dropped and opening
        is tried again for effects from :data:`RETRY_AFTER` seconds on.
        """
        if self._pending is None:
            return
        name, asked = self._pending
        self._pending = None
        now = time.monotonic()
        if self._prepared and not self._started:
            if self.start() and now - asked < PENDING_FOR:
                self.play(name)
            return
        if now < self._retry_at or not self._available:
            return
        self._wake()
        if self._open and now - asked < PENDING_FOR:
            self.play(name)

    def rest(self) -> None:
        """Close the audio device once nothing has played for :data:`REST_AFTER` seconds.

        Called by the loop while the table is idle; cheap when there is nothing to do. The
        device closes on a helper thread (SDL waits for its audio thread, ~25 ms), and the
        next effect opens it again from :meth:`flush`, after its frame is shown.
        """
        if not self._open or time.monotonic() - self._quiet_from < REST_AFTER:
            return
        self._open = False
        self._sounds = {}
        self._closing = threading.Thread(target=_quit_mixer, name="audio-rest", daemon=True)
        self._closing.start()

    def _wake(self) -> None:
        """Open the device again after :meth:`rest`, with the effects already synthesized."""
        import pygame

        self._join_closing()
        try:
            if self._open_mixer() and pygame.mixer.get_init() == self._format:
                self._sounds = {}  # made again from the PCM as they are played
                return
        except (pygame.error, OSError, NotImplementedError, ValueError):
            pass
        # The device went away or came back in another format: try again later.
        _quit_mixer()
        self._open = False
        self._retry_at = time.monotonic() + RETRY_AFTER

    def _join_closing(self) -> None:
        if self._closing is not None:
            self._closing.join()
            self._closing = None

    def stop(self) -> None:
        """Shut the mixer down if :meth:`start` started it; nothing plays until the next start."""
        self._join_closing()
        self._prepared = False
        if not self._available:
            return
        self._available = False
        self._started = False
        self._sounds = {}
        self._pending = None
        if self._open:
            self._open = False
            _quit_mixer()


def _quit_mixer() -> None:
    """pygame.mixer.quit(), never raising; nothing if the mixer was never imported."""
    mixer = sys.modules.get("pygame.mixer")
    if mixer is not None:
        with contextlib.suppress(Exception):
            mixer.quit()
