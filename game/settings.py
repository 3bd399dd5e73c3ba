"""The player's settings, stored as JSON in the config folder with a schema version."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import fields as check
from .catalog import KINDS, keys
from .i18n import LANGUAGES, system_language
from .storage import Storage

SETTINGS_FILE = "settings.json"
SETTINGS_SCHEMA = 1
ANIMATIONS = ("on", "reduced")
_CHOICES = {
    "animations": ANIMATIONS,
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
    animations: str = "on"
    """``on``, or ``reduced``: no flying cards and no celebration."""
    sound: bool = True
    """Short sound effects (skipped when there is no audio device)."""
    language: str = ""
    """A code of :data:`game.i18n.LANGUAGES`; empty until chosen (then the system's)."""
    game: str = field(default_factory=lambda: KINDS[0].key)
    """The game chosen on the title screen last (a key of :data:`game.catalog.KINDS`)."""

    def __post_init__(self) -> None:
        if not self.language:
            self.language = system_language()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data with the schema version."""
        return {"schema": SETTINGS_SCHEMA, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Read :meth:`to_dict` data; raises :class:`DamagedFile` for anything else.

        Keys the game does not know are ignored; missing keys take their defaults.
        """
        data = check.record(data, SETTINGS_SCHEMA, "settings")
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
