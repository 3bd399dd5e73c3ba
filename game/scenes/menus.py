"""The settings and the statistics, opened from the title screen."""

from __future__ import annotations

import pygame

from .. import theme, ui
from ..i18n import LANGUAGES, N_, _, ngettext
from ..settings import ANIMATIONS
from .base import Context, Scene
from .menu import Column, MenuScene

_SWITCHES = (
    ("move_errors", N_("Move errors")),
    ("placement_aid", N_("Placement aid")),
    ("pile_labels", N_("Pile labels")),
    ("four_colour", N_("Four-colour deck")),
    ("sound", N_("Sound effects")),
)
_CAPTIONS = {
    "move_errors": N_("Says why a tap removed nothing"),
    "placement_aid": N_("Dims the cards that cannot go with your selection"),
}
"""A line under the settings whose names do not say enough."""
_ANIMATION_NAMES = {"on": N_("on"), "reduced": N_("reduced")}


class _Sub(MenuScene):
    """A screen with a Back button that returns to where it was opened from."""

    pinned_keys = ("back",)

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx)
        self._back = back

    def back(self) -> Scene | None:
        self._back.invalidate()
        return self._back


class SettingsScene(_Sub):
    """Every setting; a change is applied and stored at once."""

    title = N_("Settings")

    def entries(self) -> list[tuple[str, str]]:
        return [(key, label) for key, label in _SWITCHES] + [
            ("animations", N_("Animations")),
            ("language", N_("Language")),
            ("back", N_("Back")),
        ]

    def value(self, key: str) -> str:
        """What a setting is now, as the player reads it."""
        settings = self.ctx.settings
        if key == "animations":
            return _(_ANIMATION_NAMES[settings.animations])
        if key == "language":
            return LANGUAGES[settings.language]
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
        if key == "animations":
            index = ANIMATIONS.index(settings.animations)
            settings.animations = ANIMATIONS[(index + 1) % len(ANIMATIONS)]
        elif key == "language":
            codes = list(LANGUAGES)
            settings.language = codes[(codes.index(settings.language) + 1) % len(codes)]
        else:
            setattr(settings, key, not getattr(settings, key))
        self.ctx.apply_settings()
        self.ctx.art.clear()
        return None


class StatisticsScene(_Sub):
    """Games played and won, streaks, best time, average score; Reset asks first."""

    title = N_("Statistics")
    pinned_keys = ("reset", "back")

    def entries(self) -> list[tuple[str, str]]:
        return [("reset", N_("Reset")), ("back", N_("Back"))]

    def lines(self) -> list[str]:
        """The figures, one line each."""
        stats = self.ctx.stats
        best = ui.format_time(stats.best_time) if stats.won else "\u2014"
        return [
            ngettext("{count} game played", "{count} games played", stats.played).format(
                count=stats.played
            ),
            ngettext("{count} game won", "{count} games won", stats.won).format(count=stats.won)
            + "  \u00b7  "
            + _("win rate {rate}%").format(rate=round(100 * stats.win_rate)),
            _("Current streak: {count}").format(count=stats.current_streak)
            + "  \u00b7  "
            + _("Best streak: {count}").format(count=stats.best_streak),
            _("Best winning time: {time}").format(time=best),
            _("Average score: {score}").format(score=round(stats.average_score)),
            ngettext("{count} stalemate", "{count} stalemates", stats.stalemates).format(
                count=stats.stalemates
            ),
        ]

    def header_height(self, unit: int, width: int) -> int:
        """The figures, a line each (smaller lines when the window is short)."""
        room = self.header_room(unit)
        return min(room, len(self.lines()) * max(14, unit * 3 // 4))

    def header_key(self) -> object:
        return len(self.lines())

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self.back()
        if key == "reset":
            from .dialogs import ConfirmScene

            return ConfirmScene(
                self.ctx,
                self,
                N_("Reset all statistics? This cannot be undone."),
                N_("Reset all statistics"),
                self._reset,
                no_label=N_("Keep them"),
            )
        return None

    def _reset(self) -> Scene:
        self.ctx.reset_statistics()
        self.invalidate()
        return self

    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        lines = self.lines()
        header = column.header
        line_h = min(max(14, column.unit * 3 // 4), header.height // max(1, len(lines)))
        top = header.top + (header.height - line_h * len(lines)) // 2
        room = self.size[0] - column.unit
        px = min(ui.fit_px(line, max(10, line_h * 2 // 3), room) for line in lines)
        for index, line in enumerate(lines):  # one size for the whole block
            y = top + index * line_h + line_h // 2
            ui.draw_text(surface, line, px, theme.TEXT, center=(self.size[0] // 2, y))
