"""Panels over another scene: the end-of-game panels and the questions that keep a game.

A :class:`Dialog` draws the scene under it, darkens it and puts a panel on top: a title,
a few lines and a row (or a column) of buttons, sized with the window from 320x240 up
to 4K. It ignores presses for its first :data:`DIALOG_GUARD` seconds and acts on
release, so the second tap of a fast double tap never lands on a panel that has just
appeared. :class:`ConfirmScene` is the question asked before a game in progress is
thrown away; its safe answer is the default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..look import theme, ui
from ..look.fonts import font
from ..look.i18n import N_, _
from .base import ButtonScene, Context, Scene

DIALOG_GUARD = 0.4
"""Seconds a new panel takes no press."""


@dataclass(frozen=True)
class Panel:
    """Where a panel, its text and its buttons go."""

    box: pygame.Rect
    unit: int
    """The buttons' height: it sets every other size, so all panels look alike."""
    titles: tuple[str, ...]
    """The title, wrapped when it is long (a question)."""
    title_px: int
    big: str
    """A large figure under the title (a countdown), or ''."""
    big_px: int
    lines: tuple[str, ...]
    """The text under the title, wrapped to the panel."""
    line_px: int
    text: pygame.Rect
    """Where the title, the figure and the lines are written."""
    buttons: dict[str, pygame.Rect]


def panel_layout(
    size: tuple[int, int],
    title: str,
    lines: Sequence[str],
    labels: Sequence[tuple[str, str]],
    default: str | None = None,
    big: str = "",
) -> Panel:
    """The panel for a window of ``size``: as large as the window allows (up to 4K), every
    text inside it, the buttons in a row when their labels fit, else in a column with the
    ``default`` one first. ``labels`` are (key, translated label) of the buttons."""
    width, height = size
    margin = max(8, min(width, height) // 40)
    unit = max(22, round(min(height * 0.085, width * 0.09)))
    while True:
        panel = _panel_at(size, unit, margin, title, lines, labels, default, big)
        if panel.box.height <= height - 2 * margin or unit <= 22:
            return panel
        unit = max(22, int(unit * 0.9))


def _panel_at(
    size: tuple[int, int],
    unit: int,
    margin: int,
    title: str,
    lines: Sequence[str],
    labels: Sequence[tuple[str, str]],
    default: str | None,
    big: str,
) -> Panel:
    width, height = size
    gap = max(6, unit // 4)
    box_w = min(width - 2 * margin, max(unit * 9, int(width * 0.44)), unit * 12)
    pad = max(gap, box_w // 24)
    text_w = box_w - 2 * pad
    title_px = round(unit * 0.85)
    titles: tuple[str, ...] = (title,) if title else ()
    wide = font(title_px, True).size(ui.drawable(title))[0] if title else 0
    if wide > text_w and title_px * text_w / wide < unit * 0.65:
        # Too long for one line at a good size (a question): wrapped, a little smaller.
        title_px = max(10, round(unit * 0.65))
        titles = tuple(ui.wrap(title, title_px, text_w, bold=True))
    elif wide > text_w:
        title_px = ui.fit_px(title, title_px, text_w, bold=True)
    line_px = max(10, round(unit * 0.42))
    wrapped = tuple(part for line in lines for part in ui.wrap(line, line_px, text_w))
    big_px = round(unit * 1.6) if big else 0
    text_h = (
        round(title_px * 1.35) * len(titles)
        + round(big_px * 1.2)
        + round(line_px * 1.3) * len(wrapped)
    )
    count = max(1, len(labels))
    button_w = (box_w - 2 * pad - gap * (count - 1)) // count
    label_px = max(10, int(unit * 0.42))
    row = all(font(label_px, True).size(label)[0] <= button_w - unit // 2 for _k, label in labels)
    buttons_h = unit if row else count * unit + (count - 1) * gap
    box = pygame.Rect(0, 0, box_w, pad + text_h + gap * 2 + buttons_h + pad)
    box.center = (width // 2, height // 2)
    keys = [key for key, _label in labels]
    if not row and default in keys:  # in a column the default answer comes first
        keys.remove(default)
        keys.insert(0, default)
    buttons = {}
    for index, key in enumerate(keys):
        if row:
            rect = pygame.Rect(
                box.left + pad + index * (button_w + gap), box.bottom - pad - unit, button_w, unit
            )
        else:
            rect = pygame.Rect(0, 0, min(box_w - 2 * pad, unit * 8), unit)
            rect.midbottom = (box.centerx, box.bottom - pad - (count - 1 - index) * (unit + gap))
        buttons[key] = rect
    text = pygame.Rect(box.left + pad, box.top + pad, text_w, text_h)
    return Panel(box, unit, titles, title_px, big, big_px, wrapped, line_px, text, buttons)


class Dialog(ButtonScene):
    """A panel over the scene ``under``: a title, some lines and buttons."""

    GUARD = DIALOG_GUARD
    title = ""
    """The untranslated title."""
    actions: tuple[tuple[str, str], ...] = ()
    """(key, untranslated label) of each button, left to right (or top to bottom)."""

    def __init__(self, ctx: Context, under: Scene) -> None:
        super().__init__(ctx)
        self.under = under
        self._panel: tuple[object, Panel] | None = None

    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        self.under.enter(size)

    def window_title(self) -> str:
        """The title of the scene under the panel (a table's panel names its game)."""
        return self.under.window_title()

    def lines(self) -> list[str]:
        """The text under the title, translated."""
        return []

    def big(self) -> str:
        """A large figure under the title (a countdown), or ''."""
        return ""

    def shown_actions(self) -> tuple[tuple[str, str], ...]:
        """The buttons shown now (a scene may leave out one that would do nothing)."""
        return self.actions

    def default(self) -> str | None:
        actions = self.shown_actions()
        return actions[0][0] if actions else None

    def panel(self) -> Panel:
        """The panel's geometry for the current window, language and text (kept)."""
        labels = tuple((key, _(label)) for key, label in self.shown_actions())
        title, lines, big = _(self.title), tuple(self.lines()), self.big()
        key = (self.size, title, lines, labels, big)
        if self._panel is None or self._panel[0] != key:
            layout = panel_layout(self.size, title, lines, labels, self.default(), big)
            self._panel = (key, layout)
        return self._panel[1]

    def buttons(self) -> dict[str, pygame.Rect]:
        """Each button's rectangle."""
        return self.panel().buttons

    def button_rects(self) -> dict[str, pygame.Rect]:
        return self.buttons()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        self.under.invalidate()
        self.under.draw(surface, alpha)
        ui.shade(surface)
        panel = self.panel()
        ui.panel(surface, panel.box, panel.unit)
        centre = panel.box.centerx
        y = panel.text.top
        for title in panel.titles:
            px = ui.fit_px(title, panel.title_px, panel.text.width, bold=True)
            ui.draw_text(surface, title, px, theme.PANEL_TEXT, bold=True, midtop=(centre, y))
            y += round(panel.title_px * 1.35)
        if panel.big:
            ui.draw_text(
                surface, panel.big, panel.big_px, theme.PANEL_TEXT, bold=True, midtop=(centre, y)
            )
            y += round(panel.big_px * 1.2)
        for line in panel.lines:
            ui.draw_text(surface, line, panel.line_px, theme.PANEL_TEXT, midtop=(centre, y))
            y += round(panel.line_px * 1.3)
        default = self.default()
        for key, label in self.shown_actions():
            ui.draw_button(
                surface,
                panel.buttons[key],
                _(label),
                primary=key == default,
                state=self.button_state(key),
                palette=self.palette,
            )
        return None


class ConfirmScene(Dialog):
    """A question before something that cannot be undone; Enter keeps what there is."""

    actions = (("yes", ""), ("no", N_("Keep playing")))

    def __init__(
        self,
        ctx: Context,
        under: Scene,
        question: str,
        yes_label: str,
        on_yes: Callable[[], Scene | None],
        no_label: str = N_("Keep playing"),
        on_no: Callable[[], Scene] | None = None,
    ) -> None:
        """``question`` and the labels untranslated; ``on_yes`` gives the next scene;
        ``on_no`` the scene of the safe answer (``under`` by default)."""
        super().__init__(ctx, under)
        self.title = question
        self.actions = (("yes", yes_label), ("no", no_label))
        self._on_yes = on_yes
        self._on_no = on_no

    def default(self) -> str | None:
        return "no"  # the safe answer

    def choose(self, key: str) -> Scene | None:
        if key == "yes":
            return self._on_yes()
        return self.back()

    def back(self) -> Scene | None:
        keep = self._on_no() if self._on_no is not None else self.under
        keep.invalidate()
        return keep

    def key(self, event: pygame.event.Event) -> Scene | None:
        if event.key == pygame.K_y:
            return self.choose("yes")
        if event.key == pygame.K_n:
            return self.back()
        return None
