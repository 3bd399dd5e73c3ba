"""Kiosk mode: a public touch screen that a passer-by cannot leave.

The kiosk config is a TOML file the game only reads (``--kiosk-config PATH``). Every key
is optional; these are the defaults::

    kiosk = true                      # run in kiosk mode (the same as --kiosk)
    exit_chord = "ctrl+alt+shift+q"   # the operator's way out
    exit_pin = ""                     # digits; if set, the chord asks for it on a keypad
    idle_seconds = 90                 # no input for this long: "Still playing?"
    countdown_seconds = 15            # then back to the title after this countdown
    allow_settings = false            # show Settings to players
    allow_statistics = false          # show Statistics to players
    language = ""                     # en, ms, fi or ru; empty: the stored setting
    deck = ""                         # classic or large (large index); empty: the setting
    card_back = ""                    # moons, lattice or waves; empty: the stored setting
    table_colour = ""                 # green, blue, red or charcoal; empty: the setting
    games = [...]                     # the games offered, in order, by their keys
                                      # (game.games.catalog; halfmoon --help lists them): all
    daily = false                     # offer "Today's deal" on the title (game.rules.daily)
    attract = ""                      # "examples": the attract screen plays a won game
    dim_after_minutes = 10            # an attract screen untouched this long dims; 0: never
    max_volume = 100                  # the effects' loudest, in percent of the full volume
    languages = []                    # languages offered on the title, e.g. ["en", "fi"]

On the attract screen the picture also drifts a few pixels a minute (game.shell.drift),
so that no bright element stays in one place for hours.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..games.catalog import KINDS, GameKind, keys, kind_by_key
from ..look.i18n import LANGUAGES
from .settings import CARD_BACKS, DECKS, TABLE_COLOURS
from .storage import read_regular_file, shown

_MODIFIERS = ("ctrl", "alt", "shift")
LOOKS = {"deck": DECKS, "card_back": CARD_BACKS, "table_colour": TABLE_COLOURS}
"""The kiosk's keys that set the cards' and the table's look, and the values each takes."""
MAX_CONFIG_BYTES = 64 * 1024
"""A kiosk config is a few lines: a larger one (``/dev/zero``) is refused unread."""
NUMBERS = {
    "idle_seconds": (1, 86400, "a number of seconds"),
    "countdown_seconds": (1, 86400, "a number of seconds"),
    "max_volume": (0, 100, "a percentage"),
}
"""The keys that take a number: the least and the most each takes, and what it is."""
PIN_DIGITS = frozenset("0123456789")
"""What a PIN is made of: the keypad's digits, nothing that ``str.isdigit`` also takes
(``"²³"`` or ``"١٢٣"`` would lock the operator out)."""


class KioskConfigError(ValueError):
    """A kiosk config that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class KioskConfig:
    """How the kiosk behaves (see the module docstring for the file format)."""

    kiosk: bool = True
    """Run in kiosk mode."""
    exit_chord: str = "ctrl+alt+shift+q"
    """Modifier keys and one key, joined by ``+``, that let the operator out."""
    exit_pin: str = ""
    """Digits the operator types on the on-screen keypad after the chord; empty: none."""
    idle_seconds: float = 90.0
    """Seconds without input before "Still playing?" appears."""
    countdown_seconds: float = 15.0
    """Seconds "Still playing?" waits before going back to the title."""
    allow_settings: bool = False
    """Whether players may open Settings."""
    allow_statistics: bool = False
    """Whether players may open Statistics."""
    language: str = ""
    """A fixed language for the kiosk, or empty for the stored setting."""
    deck: str = ""
    """The card faces (game.records.settings.DECKS) for the kiosk, or empty for the stored
    setting."""
    card_back: str = ""
    """The card back (game.records.settings.CARD_BACKS), or empty for the stored setting."""
    table_colour: str = ""
    """The felt's colour (game.records.settings.TABLE_COLOURS), or empty for the stored setting."""
    games: tuple[str, ...] = field(default_factory=lambda: tuple(keys()))
    """The games players may choose, by their keys (all of them by default)."""
    daily: bool = False
    """Whether the title offers "Today's deal" (the deal of the day of the chosen game)."""
    attract: str = ""
    """What waits for a player: empty for the title's drifting cards; ``"examples"``: an
    offered game's example (its Examples page) played on a loop, a touch opening the title."""
    dim_after_minutes: float = 10.0
    """Minutes an attract screen shows without a touch before it dims (until the next
    touch, which does nothing else); 0: it never dims."""
    max_volume: float = 100.0
    """The loudest the sound effects play, in percent of the full volume: a visitor's
    Volume setting plays at most this loud (0: silent)."""
    languages: tuple[str, ...] = ()
    """The languages a visitor may choose from a row on the title, by code (none: no
    row); the idle reset goes back to :attr:`language` (or the stored setting)."""
    source: str = field(default="kiosk config", compare=False, repr=False)
    """Where the config came from (its path), for error messages; not a key of the file."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "kiosk config") -> KioskConfig:
        """Check every key and value; raises :class:`KioskConfigError` naming what is wrong."""
        known = {item.name: item for item in fields(cls) if item.name != "source"}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise KioskConfigError(
                    f"{source}: unknown key {key!r} (known keys: {', '.join(known)})"
                )
            default = getattr(cls(), key)
            if key in ("games", "languages"):
                values[key] = _codes(key, value, source)
                continue
            if key == "dim_after_minutes":
                values[key] = _minutes(value, source)
                continue
            if isinstance(default, float):
                least, most, what = NUMBERS[key]
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise KioskConfigError(f"{source}: {key} must be {what}")
                if not least <= value <= most:
                    raise KioskConfigError(f"{source}: {key} must be between {least} and {most}")
                value = float(value)
            elif not isinstance(value, type(default)):
                kind = "true or false" if isinstance(default, bool) else "a string"
                raise KioskConfigError(f"{source}: {key} must be {kind}, not {value!r}")
            values[key] = value
        config = cls(**values, source=source)
        try:
            config.chord()
        except KioskConfigError as error:
            raise KioskConfigError(f"{source}: {error}") from None
        pin = config.exit_pin
        if pin and not (set(pin) <= PIN_DIGITS and len(pin) <= 12):
            raise KioskConfigError(f"{source}: exit_pin must be 1 to 12 digits 0-9, not {pin!r}")
        if config.language and config.language not in LANGUAGES:
            raise KioskConfigError(
                f"{source}: language must be one of {', '.join(LANGUAGES)}, not {config.language!r}"
            )
        if config.language and config.languages and config.language not in config.languages:
            raise KioskConfigError(
                f"{source}: language {config.language!r} must be one of languages "
                f"({', '.join(config.languages)}): the visitor's row goes back to it"
            )
        _check_attract(config)
        for key, choices in LOOKS.items():
            value = getattr(config, key)
            if value and value not in choices:
                raise KioskConfigError(
                    f"{source}: {key} must be one of {', '.join(choices)}, not {value!r}"
                )
        return config

    def looks(self) -> dict[str, str]:
        """The settings of the cards' and the table's look that the kiosk fixes."""
        return {key: getattr(self, key) for key in LOOKS if getattr(self, key)}

    @classmethod
    def load(cls, path: Path) -> KioskConfig:
        """Read a TOML file; raises :class:`KioskConfigError` with the file and the reason.

        Only a regular file of at most :data:`MAX_CONFIG_BYTES` is read: a folder, a FIFO
        (which would wait for a writer) or a device is refused at once.
        """
        name = shown(path)
        try:
            raw = read_regular_file(path, MAX_CONFIG_BYTES)
        except OSError as error:
            reason = error.strerror or str(error)
            raise KioskConfigError(f"cannot read kiosk config {name}: {reason}") from None
        if raw is None:
            raise KioskConfigError(
                f"kiosk config {name} is larger than {MAX_CONFIG_BYTES // 1024} kB"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise KioskConfigError(f"kiosk config {name} is not UTF-8 text") from None
        if sys.version_info >= (3, 11):  # imported here: most runs have no kiosk config
            import tomllib
        else:  # pragma: no cover - Python 3.10
            import tomli as tomllib
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise KioskConfigError(f"kiosk config {name} is not valid TOML: {error}") from None
        return cls.from_mapping(data, name)

    def offered(self, kind: GameKind) -> GameKind:
        """``kind`` if the kiosk offers it, else the first game it offers."""
        return kind if kind.key in self.games else kind_by_key(self.games[0])

    def chord(self) -> tuple[frozenset[str], str]:
        """The exit chord as (modifiers, key name), e.g. ({"ctrl", "alt", "shift"}, "q")."""
        parts = [part.strip().lower() for part in self.exit_chord.split("+") if part.strip()]
        modifiers = frozenset(p for p in parts if p in _MODIFIERS)
        keys = [p for p in parts if p not in _MODIFIERS]
        if len(keys) != 1 or len(modifiers) < 2:
            raise KioskConfigError(
                f"exit_chord {self.exit_chord!r} must be at least two of ctrl, alt, shift "
                "and one key, e.g. ctrl+alt+shift+q"
            )
        return modifiers, keys[0]


def _codes(key: str, value: Any, source: str) -> tuple[str, ...]:
    """The ``games`` key (a list of one or more game keys, each once) or the
    ``languages`` key (a list of language codes, each once; empty: no row)."""
    known, what = (list(keys()), "game") if key == "games" else (list(LANGUAGES), "language")
    if not isinstance(value, list) or (key == "games" and not value):
        least = "one or more" if key == "games" else "none or more"
        raise KioskConfigError(f"{source}: {key} must be a list of {least} of {', '.join(known)}")
    for name in value:
        if not isinstance(name, str) or name not in known:
            raise KioskConfigError(
                f"{source}: {key}: {name!r} is not a {what} (known: {', '.join(known)})"
            )
    if len(set(value)) != len(value):
        raise KioskConfigError(f"{source}: {key} names a {what} twice")
    return tuple(value)


MAX_DIM_MINUTES = 1440
"""The longest wait before an attract screen dims: a day."""


def _minutes(value: Any, source: str) -> float:
    """The ``dim_after_minutes`` key: 0 (never), or 1 to :data:`MAX_DIM_MINUTES`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise KioskConfigError(f"{source}: dim_after_minutes must be a number of minutes")
    if value != 0 and not 1 <= value <= MAX_DIM_MINUTES:
        raise KioskConfigError(
            f"{source}: dim_after_minutes must be 0 (never) or between 1 and {MAX_DIM_MINUTES}"
        )
    return float(value)


def _check_attract(config: KioskConfig) -> None:
    """The ``attract`` key: empty, or ``"examples"`` with a game offered that has one."""
    if config.attract not in ("", "examples"):
        raise KioskConfigError(
            f'{config.source}: attract must be "examples" or "", not {config.attract!r}'
        )
    with_example = [kind.key for kind in KINDS if kind.has_example]
    if config.attract and not set(with_example) & set(config.games):
        raise KioskConfigError(
            f'{config.source}: attract = "examples" needs one of the games '
            f"{', '.join(with_example)} (they have examples)"
        )
