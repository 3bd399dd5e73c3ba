"""The Settings screen: every setting, in sections under headings (the look, play, and
each game's own), with a live preview of the table and the cards beside them.

A game's own settings are the ones its kind declares (:attr:`GameKind.settings`): the
settings the same games declare share a section, headed by those games' names, so this
module names no game. The heading names the games, or their family where they
declare one (the three Crescents). A change is applied and stored at once.
"""

from __future__ import annotations

import pygame

from ..games.kind import GameKind
from ..look import theme, ui
from ..look.i18n import LANGUAGES, N_, _
from ..look.sprites import CardArt
from ..records.settings import ANIMATIONS, CARD_BACKS, DECKS, TABLE_COLOURS, VOLUMES
from ..rules.cards import Card
from .base import Context, Scene
from .menu import Column, SubScene
from .settings_layout import Section, SectionColumn, section_column

_LOOK = ("language", "deck", "card_back", "table_colour", "four_colour", "pile_labels")
_PLAY = ("animations", "sound")
_LABELS = {
    "language": N_("Language"),
    "deck": N_("Card faces"),
    "card_back": N_("Card back"),
    "table_colour": N_("Table colour"),
    "four_colour": N_("Four-colour deck"),
    "pile_labels": N_("Pile labels"),
    "animations": N_("Animations"),
    "sound": N_("Sound effects"),
    "move_errors": N_("Move errors"),
    "placement_aid": N_("Placement aid"),
    "one_tap_moves": N_("One-tap moves"),
    "auto_home": N_("Cards home by themselves"),
    "auto_finish": N_("Automatic finish"),
}
"""Each setting's name on its button."""
_CAPTIONS = {
    "deck": N_("Large index: a big rank and suit, easy to read"),
    "animations": N_("Fast: cards fly in half the time"),
    "move_errors": N_("Says why a tap removed nothing"),
    "placement_aid": N_("Dims the cards that cannot go with your selection"),
    "one_tap_moves": N_("A lone move on one tap"),
    "auto_home": N_("Spare cards go home"),
    "auto_finish": N_("Finish plays by itself"),
}
"""A line under the settings whose names do not say enough."""
_CYCLES: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "deck": (DECKS, {"classic": N_("classic"), "large": N_("large index")}),
    "card_back": (
        CARD_BACKS,
        {"moons": N_("blue moons"), "lattice": N_("red lattice"), "waves": N_("green waves")},
    ),
    "table_colour": (
        TABLE_COLOURS,
        {"green": N_("green"), "blue": N_("blue"), "red": N_("red"), "charcoal": N_("charcoal")},
    ),
    "animations": (ANIMATIONS, {"off": N_("off"), "normal": N_("normal"), "fast": N_("fast")}),
}
"""The settings that cycle through several values, one a tap: the values, their names."""
_VOLUMES = {"quiet": N_("quiet"), "medium": N_("medium"), "loud": N_("loud")}
"""The names of the sound effects' volumes: the Sound effects button goes off, then
through them (game.records.settings.VOLUMES), one a tap."""
_PREVIEW_CARDS = ("QD", "KS", "7C")
"""The faces in the preview beside the back: a court card, and a club and a diamond (the
suits the four-colour deck recolours)."""


def game_sections(kinds: list[GameKind]) -> list[tuple[list[GameKind], list[str]]]:
    """The games' own settings grouped by the games that declare them: (the games,
    their settings), in the games' order; a setting the look or play has is left there."""
    users: dict[str, list[GameKind]] = {}
    for kind in kinds:
        for key in kind.settings:
            if key in _LABELS and key not in (*_LOOK, *_PLAY) and kind not in users.get(key, []):
                users.setdefault(key, []).append(kind)
    sections: dict[tuple[str, ...], tuple[list[GameKind], list[str]]] = {}
    for key, games in users.items():
        sections.setdefault(tuple(k.key for k in games), (games, []))[1].append(key)
    return sorted(sections.values(), key=lambda section: section[0][0].order)


class SettingsScene(SubScene):
    """Every setting in its section; a change is applied and stored at once."""

    title = N_("Settings")

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx, back)
        self._art: CardArt | None = None
        """The preview's cards: rendered apart from the table's, whose renders at its
        own size would otherwise stand in for the table's cards (scaled up)."""

    def sections(self) -> list[tuple[str, list[str]]]:
        """Each section's heading (translated) and its settings, top to bottom."""
        own = [
            (", ".join(_(family) for family in dict.fromkeys(k.family for k in games)), keys)
            for games, keys in game_sections(self.ctx.offered())
        ]
        return [(_("Appearance"), list(_LOOK)), (_("Playing"), list(_PLAY)), *own]

    def entries(self) -> list[tuple[str, str]]:
        keys = [key for _heading, keys in self.sections() for key in keys]
        return [(key, _LABELS[key]) for key in keys] + [("back", N_("Back"))]

    def value(self, key: str) -> str:
        """What a setting is now, as the player reads it."""
        settings = self.ctx.settings
        if key in _CYCLES:
            return _(_CYCLES[key][1][getattr(settings, key)])
        if key == "language":
            return LANGUAGES[settings.language]
        if key == "sound" and settings.sound:
            return _(_VOLUMES[settings.volume])
        return _("on") if getattr(settings, key) else _("off")

    def label(self, key: str, label: str) -> str:
        if key == "back":
            return _(label)
        return _("{setting}: {value}").format(setting=_(label), value=self.value(key))

    def caption(self, key: str) -> str:
        return _(_CAPTIONS[key]) if key in _CAPTIONS else ""

    def choose(self, key: str) -> Scene | None:
        settings = self.ctx.settings
        if key == "back":
            return self.back()
        if key in _CYCLES:
            values = _CYCLES[key][0]
            setattr(settings, key, values[(values.index(getattr(settings, key)) + 1) % len(values)])
        elif key == "language":
            codes = list(LANGUAGES)
            settings.language = codes[(codes.index(settings.language) + 1) % len(codes)]
        elif key == "sound":  # off, then each volume from the quietest, then off again
            levels = [None, *VOLUMES]
            now = levels.index(settings.volume if settings.sound else None)
            level = levels[(now + 1) % len(levels)]
            settings.sound = level is not None
            settings.volume = level or settings.volume
        else:
            setattr(settings, key, not getattr(settings, key))
        self.ctx.apply_settings()
        self.ctx.art.clear()
        return None

    # ----------------------------------------------------------- geometry
    def _make_column(self, entries: list[tuple[str, str]], captions: tuple[str, ...]) -> Column:
        labels = dict(entries)
        lines = dict(zip(labels, captions, strict=True))
        sections: list[Section] = [
            (heading, [(key, labels[key], lines[key]) for key in keys])
            for heading, keys in self.sections()
        ]
        return section_column(self.size, bool(self.title), sections, ("back", labels["back"]))

    def _sections_column(self) -> SectionColumn:
        column = self.column()
        assert isinstance(column, SectionColumn)
        return column

    def header_key(self) -> object:
        return tuple(heading for heading, _keys in self.sections())

    def reach(self, key: str, column: Column) -> pygame.Rect:
        """A section's first button brings its heading into view with it."""
        rect = super().reach(key, column)
        heading = column.firsts.get(key) if isinstance(column, SectionColumn) else None
        return rect.union(heading) if heading is not None else rect

    def heading_rects(self) -> dict[str, pygame.Rect]:
        """Each heading's band where it is now (scrolled with the list)."""
        column = self._sections_column()
        shift = column.view.top - self.scroll
        return {heading: band.move(0, shift) for heading, band in column.headings}

    def preview_rect(self) -> pygame.Rect:
        """Where the preview of the table and the cards is (empty: no room for it)."""
        return self._sections_column().preview.copy()

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        super().draw(surface, alpha)
        column = self._sections_column()
        clip = surface.get_clip()
        surface.set_clip(column.view)
        for heading, band in self.heading_rects().items():
            if band.colliderect(column.view):
                ui.draw_text(
                    surface,
                    heading,
                    column.heading_px,
                    theme.ACCENT,
                    bold=True,
                    midleft=(band.left + column.unit // 6, band.centery),
                )
        surface.set_clip(clip)
        if column.preview.width > 0 and column.preview.height > 0:
            self._draw_preview(surface, column.preview)
        return None

    def _draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The table in its colour, a card face down and a few face up (one a court
        card) in the chosen back and deck."""
        felt, _place, edge = theme.TABLES.get(self.ctx.settings.table_colour, theme.TABLES["green"])
        radius = max(4, rect.height // 12)
        pygame.draw.rect(surface, felt, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, max(1, rect.height // 60), border_radius=radius)
        pad = max(4, rect.height // 10)
        cards = len(_PREVIEW_CARDS) + 1
        step = 0.8  # of a card's width, from one card to the next
        card_w = int(
            min((rect.width - 2 * pad) / (1 + step * (cards - 1)), (rect.height - 2 * pad) / 1.4)
        )
        if card_w < 8:
            return
        size = (card_w, round(card_w * 1.4))
        span = round(card_w * (1 + step * (cards - 1)))
        x, y = rect.centerx - span // 2, rect.centery - size[1] // 2
        settings = self.ctx.settings
        if self._art is None:
            self._art = CardArt(self.ctx.art.sprite_dir)
        self._art.set_look(settings.deck, settings.card_back)
        faces = [self._art.back(size)]
        faces += [
            self._art.face(Card.parse(text), size, settings.four_colour) for text in _PREVIEW_CARDS
        ]
        for index, face in enumerate(faces):
            surface.blit(face, (x + round(index * step * card_w), y))
