"""The screens the title links to: deal code entry, settings, rules, statistics."""

from __future__ import annotations

import pygame

from .. import theme, ui
from ..i18n import LANGUAGES, N_, _, ngettext
from ..rules import DealCodeError, Game, normalize_code
from ..settings import ANIMATIONS
from .base import Context, Scene
from .title import MenuScene


class _Sub(MenuScene):
    """A screen with a Back button that returns to where it was opened from."""

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx)
        self._back = back

    def back(self) -> Scene | None:
        self._back.dirty = True
        return self._back


# ------------------------------------------------------------------ settings
_SWITCHES = (
    ("move_errors", N_("Move errors")),
    ("placement_aid", N_("Placement aid")),
    ("pile_labels", N_("Pile labels")),
    ("four_colour", N_("Four-colour deck")),
    ("sound", N_("Sound effects")),
)
_ANIMATION_NAMES = {"on": N_("on"), "reduced": N_("reduced")}


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

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, len(self.entries()))
        return rects, unit

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


# ---------------------------------------------------------------- statistics
class StatisticsScene(_Sub):
    """Games played and won, streaks, best time, average score; Reset asks first."""

    title = N_("Statistics")

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx, back)
        self.confirm_reset = False

    def entries(self) -> list[tuple[str, str]]:
        if self.confirm_reset:
            return [("reset-yes", N_("Reset all statistics")), ("reset-no", N_("Keep them"))]
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

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, 2)
        shift = self.size[1] - unit // 2 - rects[-1].bottom
        return [r.move(0, shift) for r in rects], unit

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self.back()
        if key == "reset":
            self.confirm_reset = True
        elif key == "reset-yes":
            self.ctx.reset_statistics()
            self.confirm_reset = False
        elif key == "reset-no":
            self.confirm_reset = False
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        surface.fill(theme.FELT)
        rects, unit = self.layout()
        width = self.size[0]
        title = _(self.title)
        px = ui.fit_px(title, int(unit * 0.9), width - 40, bold=True)
        ui.draw_text(surface, title, px, theme.TEXT, bold=True, center=(width // 2, unit))
        lines = self.lines()
        line_h = max(unit * 3 // 4, 1)
        top = unit * 2
        available = rects[0].top - top - unit // 2
        line_h = min(line_h, available // max(1, len(lines)))
        for index, line in enumerate(lines):
            size = ui.fit_px(line, max(12, line_h * 2 // 3), width - 2 * unit)
            y = top + index * line_h + line_h // 2
            ui.draw_text(surface, line, size, theme.TEXT, center=(width // 2, y))
        if self.confirm_reset:
            question = _("Reset all statistics? This cannot be undone.")
            size = ui.fit_px(question, unit // 2, width - 40, bold=True)
            ui.draw_text(
                surface,
                question,
                size,
                theme.ACCENT,
                bold=True,
                center=(width // 2, rects[0].top - unit // 2),
            )
        for index, ((_key, label), rect) in enumerate(zip(self.entries(), rects, strict=True)):
            ui.draw_button(surface, rect, _(label), primary=self.confirm_reset and index == 0)
        return None


# --------------------------------------------------------------------- rules
RULES = (
    N_("Half Moon is played with two decks: 104 cards."),
    N_("96 cards lie in 12 piles of 8 along an arc; the other 8 form the reserve."),
    N_("You can play the top card of each pile and every reserve card."),
    "",
    N_("Remove two number cards that add up to 11 (the Ace counts 1):"),
    N_("Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter."),
    N_("Remove a Jack, a Queen and a King together. Face cards never pair."),
    N_("Emptied piles and reserve slots stay empty."),
    "",
    N_("Tap a card to select it, then tap its partner. A triple takes three taps."),
    N_("Tap a selected card again to put it down."),
    "",
    N_("A pair scores 10 points, a triple 15. A won game is 48 moves and 520 points."),
    N_("When no pair and no triple is left, undo or start again."),
    "",
    N_("Settings"),
    N_("Move errors: says why a tap removed nothing."),
    N_("Placement aid: dims the cards that cannot go with your selection."),
    N_("Pile labels: shows each pile's number and how many cards it holds."),
    N_("Four-colour deck: clubs green, diamonds blue."),
    "",
    N_("Keys: arrows and Space to play, Ctrl+Z or Backspace to undo,"),
    N_("N for a new game, F11 for fullscreen, Esc for the menu."),
    "",
    N_("Every deal has a code such as HM1-N-AAAAAAB: enter it to play the same deal again."),
)
"""The rules screen, line by line (empty lines separate paragraphs)."""


class RulesScene(_Sub):
    """How to play, scrollable with the wheel, the arrow keys or a finger."""

    title = N_("Rules")

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx, back)
        self.scroll = 0
        self._drag: float | None = None

    def entries(self) -> list[tuple[str, str]]:
        return [("back", N_("Back"))]

    def choose(self, key: str) -> Scene | None:
        return self.back()

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, 1)
        rects[0].bottom = self.size[1] - unit // 3
        return rects, unit

    def text_area(self) -> tuple[pygame.Rect, int]:
        """Where the text goes, and its size in pixels."""
        rects, unit = self.layout()
        width = self.size[0]
        px = max(14, min(unit // 2, width // 36))
        top = unit * 2
        return pygame.Rect(width // 16, top, width - width // 8, rects[0].top - unit // 3 - top), px

    def lines(self) -> list[str]:
        """The rules in the current language, wrapped to the window."""
        area, px = self.text_area()
        lines: list[str] = []
        for line in RULES:
            lines += ui.wrap(_(line), px, area.width) if line else [""]
        return lines

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        step = self.text_area()[1] * 3
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
            return None
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_DOWN,
            pygame.K_UP,
            pygame.K_PAGEDOWN,
            pygame.K_PAGEUP,
        ):
            page = self.text_area()[0].height
            amount = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
            }[event.key]
            self.scroll_by(amount)
            return None
        if event.type == pygame.FINGERMOTION:
            self.scroll_by(-event.dy * self.size[1])
            return None
        return super().handle_event(event)

    def scroll_by(self, amount: float) -> None:
        self.scroll = max(0, int(self.scroll + amount))
        self.dirty = True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        surface.fill(theme.FELT)
        rects, unit = self.layout()
        area, px = self.text_area()
        title = _(self.title)
        size = ui.fit_px(title, int(unit * 0.9), self.size[0] - 40, bold=True)
        ui.draw_text(surface, title, size, theme.TEXT, bold=True, center=(self.size[0] // 2, unit))
        lines = self.lines()
        line_h = int(px * 1.45)
        total = len(lines) * line_h
        self.scroll = min(self.scroll, max(0, total - area.height))
        if total > area.height:
            # A scroll bar: where this page is in the whole text.
            track = pygame.Rect(area.right + px // 2, area.top, max(4, px // 4), area.height)
            thumb = track.copy()
            thumb.height = max(px, area.height * area.height // total)
            thumb.top = area.top + (area.height - thumb.height) * self.scroll // (
                total - area.height
            )
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=track.width // 2)
            pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=track.width // 2)
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.top - self.scroll
        for line in lines:
            bold = line == _("Settings")
            ui.draw_text(surface, line, px, theme.TEXT, bold=bold, topleft=(area.left, y))
            y += line_h
        surface.set_clip(clip)
        ui.draw_button(surface, rects[0], _("Back"))
        return None


# ----------------------------------------------------------------- deal code
class CodeEntryScene(_Sub):
    """Type a deal code and play it."""

    title = N_("Enter a deal code")

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx, back)
        self.text = ""
        self.error = ""

    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        pygame.key.start_text_input()

    def entries(self) -> list[tuple[str, str]]:
        return [("play", N_("Play this deal")), ("back", N_("Back"))]

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, 2)
        return [r.move(0, unit * 2) for r in rects], unit

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self.back()
        try:
            code = normalize_code(self.text)
        except DealCodeError:
            self.error = N_("A code looks like HM1-N-AAAAAAB: HM1-N- and 7 letters A-Z.")
            return None
        from .play import PlayScene

        return PlayScene(self.ctx, Game.from_code(code))

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        if event.type == pygame.TEXTINPUT:
            allowed = "".join(
                ch for ch in event.text if ch.isascii() and (ch.isalnum() or ch == "-")
            ).upper()
            self.text = (self.text + allowed)[:20]
            self.error = ""
            self.dirty = True
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.dirty = True
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.dirty = True
                return self.choose("play")
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        super().draw(surface, alpha)
        rects, unit = self.layout()
        field = pygame.Rect(0, 0, rects[0].width, unit)
        field.midbottom = (self.size[0] // 2, rects[0].top - unit)
        pygame.draw.rect(surface, theme.PANEL, field, border_radius=unit // 5)
        shown = self.text or "HM1-N-"
        colour = theme.PANEL_TEXT if self.text else (150, 150, 150)
        px = ui.fit_px(shown, unit // 2, field.width - 20, bold=True)
        ui.draw_text(surface, shown, px, colour, bold=True, center=field.center)
        if self.error:
            error = _(self.error)
            px = ui.fit_px(error, unit * 2 // 5, self.size[0] - 40)
            ui.draw_text(
                surface,
                error,
                px,
                theme.ACCENT,
                center=(self.size[0] // 2, field.bottom + unit // 2),
            )
        return None
