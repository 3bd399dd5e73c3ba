"""The player's settings, stored as JSON in the config folder with a schema version."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ..games.catalog import KINDS, keys
from ..look.i18n import LANGUAGES, system_language
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
_CHOICES = {
    "animations": ANIMATIONS,
    "deck": DECKS,
    "card_back": CARD_BACKS,
    "table_colour": TABLE_COLOURS,
    "language": tuple(LANGUAGES),
}
"""The words each setting that is not on or off may take (``game``: a registry key)."""


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

    def for_this_run(self, values: dict[str, str]) -> None:
        """Use ``values`` (setting: value) in this run without ever storing them: the
        kiosk file's look and language. The file keeps the player's own values."""
        for key, value in values.items():
            self._stored.setdefault(key, getattr(self, key))
            setattr(self, key, value)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version (the stored values of those set for
        this run only)."""
        return {"schema": SETTINGS_SCHEMA, **asdict(self), **self._stored}

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Read :meth:`to_dict` data; raises :class:`DamagedFile` for anything else.

        Keys the game does not know are ignored; missing keys take their defaults.
        """
        data = check.record(data, SETTINGS_SCHEMA, "settings")
        old = data.get("animations")
        if isinstance(old, str) and old in _OLD_ANIMATIONS:  # the switch it was before
            data = {**data, "animations": _OLD_ANIMATIONS[old]}
        settings = cls()
        for item in fields(cls):
            default = getattr(settings, item.name)
            if isinstance(default, bool):
                value: object = check.flag(data, item.name, default)
            else:
                choices = tuple(keys()) if item.name == "game" else _CHOICES[item.name]
                value = check.choice(data, item.name, default, choices)
            setattr(settings, item.name, value)
        return settings

    @classmethod
    def load(cls, storage: Storage) -> Settings:
        """The stored settings, or the defaults."""
        return storage.load(SETTINGS_FILE, cls.from_dict, cls)

    def save(self, storage: Storage) -> bool:
        """Store the settings now."""
        return storage.save(SETTINGS_FILE, self.to_dict())
