"""Short sound effects, played through pygame's mixer (:mod:`game.audio.synth` makes them).

:class:`Sounds` starts the mixer when asked (or, prepared, with the first effect), builds the
effects once and plays them; on a machine without audio (or with sound switched off) every call
quietly does nothing.

Importing this module does not import pygame or touch the mixer.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .synth import CHANNELS, RATE, recipe
from .synth import NAMES as NAMES  # still importable from here
from .synth import synthesize as synthesize  # still importable from here

if TYPE_CHECKING:
    import pygame

BUFFER = 512
"""The mixer's buffer in sample frames: small, so a click lands on the tap (~12 ms)."""
REST_AFTER = 2.0
"""Seconds of silence (after the last effect ends) before :meth:`Sounds.rest` closes the
audio device: an open device wakes its audio thread ~86 times a second even when silent,
which alone costs an idle table 0.6 % CPU (docs/performance.md)."""
PENDING_FOR = 0.25
"""An effect asked for while the device rested still plays if the device opens within this."""
RETRY_AFTER = 10.0
"""Seconds before opening a device that failed to open is tried again."""


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
        self.volume = 1.0
        """How loud the effects play (0 ... 1; at 0 :meth:`play` does nothing)."""
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
        effect = recipe(name)
        if self.volume <= 0:
            return
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
            sound.set_volume(self.volume)
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
