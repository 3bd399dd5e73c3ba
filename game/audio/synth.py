"""The sound effects' recipes, and their synthesis into PCM (no sound files).

:func:`synthesize` is pure Python (``array`` and ``math``): it turns an effect's name into 16-bit
signed little-endian PCM, so the tests can inspect the sounds without an audio device.
:mod:`game.audio.sound` plays what it makes through pygame's mixer.
"""

from __future__ import annotations

import math
import sys
from array import array
from dataclasses import dataclass
from itertools import accumulate, repeat
from operator import add, attrgetter, mul

RATE = 44100
"""The sample rate asked of the mixer, and :func:`synthesize`'s default."""
CHANNELS = 2
"""The channel count asked of the mixer, and :func:`synthesize`'s default."""
FADE_IN = 0.002
"""Seconds of linear fade-in over every effect's first samples, so none starts with a click."""
FADE_OUT = 0.005
"""Seconds of fade-out over every effect's last samples, at the least."""
RELEASE = 0.1
"""The fade-out's share of a longer effect, so ringing notes die away rather than stop."""
FULL_SCALE = 32767
_IMAG = attrgetter("imag")


@dataclass(frozen=True)
class Note:
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
class Effect:
    """An effect's recipe: its length, its peak level and its notes."""

    duration: float
    """Seconds."""
    peak: float
    """Peak amplitude as a fraction of full scale (everything at or below 0.4)."""
    notes: tuple[Note, ...]

    def __post_init__(self) -> None:
        if not 0.0 < self.peak <= 0.4:
            raise ValueError(f"an effect's peak must be in (0, 0.4], not {self.peak}")


# Equal-tempered pitches (Hz).
_A4, _C5, _E5, _G5 = 440.0, 523.25, 659.26, 783.99
_C6, _E6, _G6, _C7 = 1046.50, 1318.51, 1567.98, 2093.00

_CHIME = ((1.0, 1.0), (2.0, 0.22), (3.0, 0.06))
_BRIGHT = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12), (4.0, 0.05))
_SOFT = ((1.0, 1.0), (2.0, 0.12))

EFFECTS: dict[str, Effect] = {
    # A soft wooden tick: a quick high blip with a lower body, gone in ~10 ms.
    "select": Effect(
        0.032,
        0.20,
        (
            Note(0.0, 1900.0, 0.6, 0.0035, 0.0006, glide_to=1500.0, glide=0.01),
            Note(0.0, 950.0, 1.0, 0.006, 0.0008),
        ),
    ),
    # Two-note chime, a rising fourth (G5 then C6).
    "pair": Effect(
        0.15,
        0.30,
        (
            Note(0.0, _G5, 0.85, 0.035, partials=_CHIME),
            Note(0.045, _C6, 1.0, 0.03, partials=_CHIME),
        ),
    ),
    # Brighter three-note arpeggio, C6 E6 G6.
    "triple": Effect(
        0.25,
        0.32,
        (
            Note(0.0, _C6, 0.8, 0.04, partials=_BRIGHT),
            Note(0.05, _E6, 0.9, 0.04, partials=_BRIGHT),
            Note(0.10, _G6, 1.0, 0.035, partials=_BRIGHT),
        ),
    ),
    # Soft low bonk: a low sine that sags in pitch; the overtones let laptop speakers carry it.
    "error": Effect(
        0.12,
        0.30,
        (
            Note(
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
    "move": Effect(
        0.05,
        0.20,
        (
            Note(0.0, 620.0, 0.7, 0.008, 0.001, glide_to=480.0, glide=0.02),
            Note(0.0, 310.0, 1.0, 0.012, 0.001),
        ),
    ),
    # A card played home: one bright chime (E6).
    "home": Effect(0.14, 0.28, (Note(0.0, _E6, 1.0, 0.04, partials=_CHIME),)),
    # The redeal: three quick knocks rising, as the piles turn.
    "redeal": Effect(
        0.22,
        0.24,
        (
            Note(0.0, 392.0, 0.8, 0.01, 0.001, partials=_SOFT),
            Note(0.06, 494.0, 0.9, 0.01, 0.001, partials=_SOFT),
            Note(0.12, 587.0, 1.0, 0.012, 0.001, partials=_SOFT),
        ),
    ),
    # Short descending blip.
    "undo": Effect(
        0.09,
        0.22,
        (Note(0.0, 880.0, 1.0, 0.025, partials=_SOFT, glide_to=587.0, glide=0.06),),
    ),
    # Rising C major arpeggio that rings out.
    "win": Effect(
        0.90,
        0.32,
        (
            Note(0.0, _C5, 0.7, 0.12, partials=_CHIME),
            Note(0.09, _E5, 0.75, 0.12, partials=_CHIME),
            Note(0.18, _G5, 0.8, 0.13, partials=_CHIME),
            Note(0.27, _C6, 0.95, 0.14, partials=_CHIME),
            Note(0.36, _E6, 0.5, 0.12, partials=_CHIME),
            Note(0.36, _C7, 0.18, 0.09),
        ),
    ),
    # Soft descending minor third, C5 to A4: the C still rings as the A sounds (A minor).
    "stalemate": Effect(
        0.50,
        0.26,
        (
            Note(0.0, _C5, 1.0, 0.11, 0.012, partials=_SOFT),
            Note(0.16, _A4, 1.0, 0.085, 0.012, partials=_SOFT),
        ),
    ),
}
"""Every effect by name; the names :meth:`game.audio.sound.Sounds.play` accepts."""

NAMES: tuple[str, ...] = tuple(EFFECTS)


def recipe(name: str) -> Effect:
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


def _tone(note: Note, count: int, rate: int) -> array[float]:
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


def _render(effect: Effect, rate: int) -> array[float]:
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
    effect = recipe(name)
    if rate < 1 or channels < 1:
        raise ValueError(f"need a positive rate and channel count, not {rate} Hz x {channels}")
    mono = array("h", (round(sample * FULL_SCALE) for sample in _render(effect, rate)))
    pcm = array("h", bytes(len(mono) * channels * 2))
    for channel in range(channels):
        pcm[channel::channels] = mono
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()
