"""The player's settings, stored as JSON in the config folder with a schema version.

Each setting is read on its own: a value this version does not understand (a newer
version's card faces, ``"GREEN"``, ``true`` for a speed) gives that setting its default
and the player one notice, and the others are kept; the file is not set aside for it.
What the file holds that this version does not understand, keys and values, is written
back as it was, so a newer version's settings survive an older version's run (a value
not understood is written back unless the setting holds another value by then). A file
of a newer schema is read the same way, and written back with its own schema number.
"""

from __future__ import annotations

import contextlib
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ..games.catalog import KINDS, keys
from ..look.i18n import LANGUAGES, N_, system_language
from . import fields as check
from .storage import Storage

SETTINGS_FILE = "settings.json"
SETTINGS_SCHEMA = 1
ANIMATIONS = ("off", "normal", "fast")
"""Animation speeds: ``off`` (no flying cards, no celebration), ``normal``, ``fast``."""
_OLD_ANIMATIONS = {"on": "normal", "reduced": "off"}
"""What an older file's Animations switch (``on`` or ``reduced``) now means."""
FAST_PACE = 0.5
"""Fast animations take this share of the normal time."""
DECKS = ("classic", "large")
"""The card faces: the classic deck, or the large-index deck (big corner index, plain centre)."""
CARD_BACKS = ("moons", "lattice", "waves")
"""The card backs (game.look.art draws the first, game.look.art_themes the others)."""
TABLE_COLOURS = ("green", "blue", "red", "charcoal")
"""The felt's colours (game.look.theme.TABLES)."""
VOLUMES = {"quiet": 0.3, "medium": 0.6, "loud": 1.0}
"""The effects' volume levels, each with the share of the full volume it plays at."""
_CHOICES = {
    "animations": ANIMATIONS,
    "deck": DECKS,
    "card_back": CARD_BACKS,
    "table_colour": TABLE_COLOURS,
    "language": tuple(LANGUAGES),
    "volume": tuple(VOLUMES),
}
"""The words each setting that is not on or off may take (``game``: a registry key)."""
NOT_UNDERSTOOD = N_("Some settings in {file} were not understood; they are back to their defaults.")
"""The notice when settings took their defaults for values this version does not read."""


@dataclass
class Settings:
    """What the player can switch on and off."""

    move_errors: bool = False
    """Say why a tap cleared the selection without a removal."""
    placement_aid: bool = False
    """Dim every playable card that cannot combine with the selection."""
    pile_labels: bool = False
    """Write each slot's name and card count under it (``3 · 7``)."""
    four_colour: bool = False
    """Clubs green, diamonds blue."""
    one_tap_moves: bool = False
    """Crescent: a tap on a card with one legal destination moves it there."""
    auto_home: bool = False
    """Crescent: cards that no pile could still need go home by themselves."""
    auto_finish: bool = False
    """Crescent: Finish plays by itself once it is offered (game.scenes.play_finish)."""
    animations: str = "normal"
    """One of :data:`ANIMATIONS`: ``off`` has no flying cards and no celebration."""
    sound: bool = True
    """Short sound effects (skipped when there is no audio device)."""
    volume: str = "loud"
    """How loud the effects are, one of :data:`VOLUMES` (a kiosk's ``max_volume`` caps it)."""
    language: str = ""
    """A code of :data:`game.look.i18n.LANGUAGES`; empty until chosen (then the system's)."""
    game: str = field(default_factory=lambda: KINDS[0].key)
    """The game chosen on the title screen last (a key of :data:`game.games.catalog.KINDS`)."""
    deck: str = DECKS[0]
    """The card faces, one of :data:`DECKS`."""
    card_back: str = CARD_BACKS[0]
    """The card back, one of :data:`CARD_BACKS`."""
    table_colour: str = TABLE_COLOURS[0]
    """The felt's colour, one of :data:`TABLE_COLOURS`."""

    @property
    def animated(self) -> bool:
        """Whether cards fly and slide and a win is celebrated (animations not off)."""
        return self.animations != "off"

    @property
    def pace(self) -> float:
        """The share of the normal time an animation takes (:data:`FAST_PACE` when fast)."""
        return FAST_PACE if self.animations == "fast" else 1.0

    def __post_init__(self) -> None:
        if not self.language:
            self.language = system_language()
        self._stored: dict[str, Any] = {}
        """The stored values of the settings set for this run only (see :meth:`for_this_run`)."""
        self._unknown: dict[str, Any] = {}
        """The file's keys that are no setting of this version, as read (written back)."""
        self._not_understood: dict[str, tuple[Any, Any]] = {}
        """Setting: (the file's value this version did not understand, the default used
        instead); the file's value is written back while the setting holds that default."""
        self._visit: dict[str, Any] | None = None
        """A kiosk's settings at the start of a visit (see :meth:`for_visitors`)."""
        self._schema = SETTINGS_SCHEMA
        """The schema the file was written with (a newer version's is kept on write)."""

    def for_this_run(self, values: dict[str, str]) -> None:
        """Use ``values`` (setting: value) in this run without ever storing them: the
        kiosk file's look and language. The file keeps the player's own values."""
        for key, value in values.items():
            self._stored.setdefault(key, getattr(self, key))
            setattr(self, key, value)

    def for_visitors(self) -> None:
        """A kiosk: what a visitor changes (in Settings, the title's game and language)
        holds until :meth:`end_visit` and is never stored (the file keeps the values it
        has now, as :meth:`for_this_run` keeps them)."""
        self._visit = {item.name: getattr(self, item.name) for item in fields(self)}
        for key, value in self._visit.items():
            self._stored.setdefault(key, value)

    def end_visit(self) -> bool:
        """A kiosk's idle reset: the settings as they were when :meth:`for_visitors` was
        called come back (the kiosk file's look and language, the kiosk's first game
        among them); whether any had changed."""
        changed = False
        for key, value in (self._visit or {}).items():
            if getattr(self, key) != value:
                setattr(self, key, value)
                changed = True
        return changed

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version (the stored values of those set for
        this run only; what the file held that this version does not understand, kept)."""
        data = {**self._unknown, "schema": self._schema, **asdict(self), **self._stored}
        for key, (raw, fallback) in self._not_understood.items():
            if data[key] == fallback:
                data[key] = raw
        return data

    @property
    def not_understood(self) -> list[str]:
        """The settings whose stored value this version did not understand (they hold
        their defaults)."""
        return list(self._not_understood)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Read :meth:`to_dict` data; raises :class:`DamagedFile` when it is no settings
        record of this schema.

        Each setting is read on its own: a value this version does not understand gives
        that setting its default (:attr:`not_understood` names it). Keys the game does
        not know, and those values, are kept for the next write; missing keys take their
        defaults.
        """
        schema = SETTINGS_SCHEMA
        if isinstance(data, dict) and data.get("schema", 0) != SETTINGS_SCHEMA:
            with contextlib.suppress(check.DamagedFile):  # a newer version's file
                schema = max(schema, check.count(data, "schema"))
            data = {**data, "schema": SETTINGS_SCHEMA} if schema > SETTINGS_SCHEMA else data
        data = check.record(data, SETTINGS_SCHEMA, "settings")
        old = data.get("animations")
        if isinstance(old, str) and old in _OLD_ANIMATIONS:  # the switch it was before
            data = {**data, "animations": _OLD_ANIMATIONS[old]}
        settings = cls()
        settings._schema = schema
        names = [item.name for item in fields(cls)]
        settings._unknown = {k: v for k, v in data.items() if k not in names and k != "schema"}
        for name in names:
            default = getattr(settings, name)
            try:
                if isinstance(default, bool):
                    value: object = check.flag(data, name, default)
                else:
                    choices = tuple(keys()) if name == "game" else _CHOICES[name]
                    value = check.choice(data, name, default, choices)
            except check.DamagedFile:
                settings._not_understood[name] = (data[name], default)
                continue
            setattr(settings, name, value)
        return settings

    @classmethod
    def load(cls, storage: Storage) -> Settings:
        """The stored settings, or the defaults (the player is told once when some took
        their defaults for values this version does not understand)."""
        settings = storage.load(SETTINGS_FILE, cls.from_dict, cls)
        if settings.not_understood:
            storage.notices.append((NOT_UNDERSTOOD, {"file": SETTINGS_FILE}))
        return settings

    def save(self, storage: Storage) -> bool:
        """Store the settings now."""
        return storage.save(SETTINGS_FILE, self.to_dict())
