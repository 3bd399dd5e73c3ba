"""Enter a deal code: the chosen game's prefix (``HM1-N-``), seven letter cells and a
text cursor.

The player types only the seven letters, which play the game chosen on the title screen.
A whole code of any game, typed or pasted (Ctrl+V or a paste from the system), in any
case, with or without spaces (``hm1-c-aaaa aab``), plays exactly that game and deal: the
code picks the game, and the field shows its prefix. Anything but A-Z is refused with a
short shake and a word why; so is a code of a game the kiosk does not offer. On a kiosk,
which has no keyboard, an on-screen letter pad types instead.
"""

from __future__ import annotations

import math
import string
from typing import Protocol

import pygame

from ..games.catalog import KINDS, GameKind, kind_for_code
from ..look import theme, ui
from ..look.i18n import N_, _
from ..rules import DealCodeError, normalize_code
from ..rules.codes import CODE_LETTERS
from .base import Context, Scene
from .menu import Column, MenuScene

BLINK_SECONDS = 0.5
"""The text cursor is on and off for this long each."""
SHAKE_SECONDS = 0.3
"""How long the field shakes when a key is refused."""
PAD_KEYS = (*string.ascii_uppercase, "erase")
"""The on-screen letter pad: A to Z and a key that erases the last letter."""
PAD_COLUMNS = 9


class CodeEntryFlow(Protocol):
    """What the code entry asks of the scene graph (game.scenes.flow.Flow)."""

    def deal(self, under: Scene, code: str) -> Scene: ...


class CodeEntryScene(MenuScene):
    """Type a deal code and play it."""

    title = N_("Enter a deal code")

    def __init__(self, ctx: Context, flow: CodeEntryFlow, back: Scene) -> None:
        super().__init__(ctx)
        self.flow = flow
        self._back = back
        self.letters = ""
        """The letters typed so far (at most seven)."""
        self.error = ""
        """Why the last key was refused or the code not played (untranslated), or ''."""
        self.error_args: dict[str, str] = {}
        """What fills the error's blanks (``{game}``), translated."""
        self._typed_prefix = ""
        self._blink = 0.0
        self._shake = 0.0
        offered = ctx.offered()
        self.kind: GameKind = ctx.kind if ctx.kind in offered else offered[0]
        """The game the code is of: the chosen one, or the one a whole code named."""

    @property
    def prefix(self) -> str:
        """What the game's codes start with: shown as a label, never typed."""
        return self.kind.prefix

    @property
    def text(self) -> str:
        """The code as typed so far, with its prefix."""
        return self.prefix + self.letters

    @property
    def pad(self) -> bool:
        """Whether the on-screen letter pad shows (a kiosk has no keyboard)."""
        return self.ctx.kiosk is not None

    @property
    def pinned_keys(self) -> tuple[str, ...]:
        """With the pad, Play and Back stay at the bottom whatever the pad takes."""
        return ("play", "back") if self.pad else ()

    # ------------------------------------------------------------ the scene
    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def entries(self) -> list[tuple[str, str]]:
        return [("play", N_("Play this deal")), ("back", N_("Back"))]

    def primary(self, key: str) -> bool:
        return key == "play" and len(self.letters) == CODE_LETTERS

    def back(self) -> Scene | None:
        self._back.invalidate()
        return self._back

    def default(self) -> str | None:
        return "play"

    @property
    def animating(self) -> bool:
        return self._shake > 0

    def rest_for(self) -> float:
        """Until the cursor's next blink."""
        return min(super().rest_for(), BLINK_SECONDS - self._blink % BLINK_SECONDS + 0.01)

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        before = self.cursor_on
        self._blink += dt
        self._shake = max(0.0, self._shake - dt)
        if self.cursor_on != before:
            self.dirty = True
        return None

    @property
    def cursor_on(self) -> bool:
        """Whether the blinking text cursor shows now."""
        return int(self._blink / BLINK_SECONDS) % 2 == 0

    # --------------------------------------------------------------- typing
    def type_text(self, text: str) -> None:
        """Letters typed or pasted: A-Z go in, spaces are skipped, a typed prefix of a
        game (``HM1-C-``) is taken as read and picks that game, a whole code picks its
        game and deal; anything else is refused with a shake."""
        words = text.split()
        kind = None
        for text in ("".join(words), "-".join(words)):  # spaces in it, or for its dashes
            try:
                kind = kind_for_code(text)
                break
            except DealCodeError:
                continue
        if kind is not None:  # a whole code, typed at once or pasted
            code = normalize_code(text, kind.letter)
            if self._pick(kind):
                self.letters, self._typed_prefix = code[len(kind.prefix) :], ""
                self.error = ""
            self._changed()
            return
        for char in text:
            self._type_char(char)
        self._changed()

    def _pick(self, kind: GameKind) -> bool:
        """The code is of ``kind`` from now on; False (and a word why) when the kiosk does
        not offer it."""
        if kind not in self.ctx.offered():
            self._refuse(N_("{game} is not offered here"), game=_(kind.name))
            return False
        self.kind = kind
        return True

    def _type_char(self, char: str) -> None:
        upper = char.upper() if char.isascii() else char
        typed = self._typed_prefix + upper
        if not self.letters and any(kind.prefix.startswith(typed) for kind in KINDS):
            self._typed_prefix = typed  # the player types a prefix: take it as read
            whole = next((kind for kind in KINDS if kind.prefix == typed), None)
            if whole is not None:
                self._typed_prefix = ""
                self._pick(whole)
            return
        if self._typed_prefix:
            # It was not a prefix after all: its letters were the code's.
            pending, self._typed_prefix = self._typed_prefix, ""
            for earlier in pending:
                self._add_letter(earlier)
        self._add_letter(upper)

    def _add_letter(self, upper: str) -> None:
        if not ("A" <= upper <= "Z" and len(upper) == 1):
            self._refuse(N_("Only the letters A to Z"))
        elif len(self.letters) >= CODE_LETTERS:
            self._refuse(N_("A code has 7 letters"))
        else:
            self.letters += upper
            self.error = ""

    def erase(self) -> None:
        """Backspace: the last letter goes."""
        if self.letters:
            self.letters = self.letters[:-1]
        else:
            self._typed_prefix = ""
        self.error = ""
        self._changed()

    def paste(self) -> None:
        """Ctrl+V: the clipboard's text, as if typed."""
        import pygame.scrap

        try:
            text = pygame.scrap.get_text() or ""
        except pygame.error:
            text = ""
        self.type_text(ui.drawable(text)[:64])

    def _refuse(self, why: str, **args: str) -> None:
        self.error, self.error_args = why, args
        self._shake = SHAKE_SECONDS

    def _changed(self) -> None:
        self._blink = 0.0  # the cursor shows at once after a key
        self.dirty = True

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self.back()
        if key == "erase":
            self.erase()
            return None
        if key.startswith("letter-"):
            self.type_text(key[len("letter-") :])
            return None
        try:
            code = normalize_code(self.text, self.kind.letter)
            return self.flow.deal(self, code)
        except DealCodeError:
            self._refuse(
                N_("A code looks like {example}: {prefix} and 7 letters A-Z."),
                example=self.kind.code(1),
                prefix=self.prefix,
            )
            self.dirty = True
            return None

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return None
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if event.key == pygame.K_BACKSPACE:
                self.erase()
                return None
            if event.key == pygame.K_v and ctrl:
                self.paste()
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.dirty = True
                return self.choose("play")
            if event.key == pygame.K_SPACE:
                return None  # typed text, not a button
        return super().handle_event(event)

    # ------------------------------------------------------------- geometry
    def header_height(self, unit: int, width: int) -> int:
        field = self._field_height(unit)
        if not self.pad:
            return field
        return field + self._pad_height(self._pad_key(unit, width))

    def _field_height(self, unit: int) -> int:
        """The field and the line under it."""
        return unit + unit // 2 + max(12, unit // 2)

    def header_key(self) -> object:
        return self.pad

    def _pad_key(self, unit: int, width: int) -> int:
        """The pad's key size: a fingertip, smaller only when the window is tiny."""
        rows = math.ceil(len(PAD_KEYS) / PAD_COLUMNS)
        room = self.header_room(unit) - self._field_height(unit)
        tallest = (room - (rows - 1) * 4) * 3 // (3 * rows + 1)
        return max(12, min(unit, (width - unit) // PAD_COLUMNS - 4, tallest))

    def _pad_height(self, key: int) -> int:
        rows = math.ceil(len(PAD_KEYS) / PAD_COLUMNS)
        return rows * key + (rows - 1) * 4 + key // 3

    def field_rect(self, column: Column) -> pygame.Rect:
        """The field: the prefix label and the seven letter cells."""
        unit = column.unit
        width = min(self.size[0] - unit // 2, unit * 9)
        if self.pad:  # as wide as the pad under it
            key = self._pad_key(unit, self.size[0])
            width = PAD_COLUMNS * key + (PAD_COLUMNS - 1) * 4
        field = pygame.Rect(0, column.header.top + unit // 4, width, unit)
        field.centerx = self.size[0] // 2
        return field

    def pad_rects(self, column: Column) -> dict[str, pygame.Rect]:
        """The letter pad's keys (empty without a pad)."""
        if not self.pad:
            return {}
        key = self._pad_key(column.unit, self.size[0])
        top = self.field_rect(column).bottom + column.unit // 2 + max(12, column.unit // 2)
        row_w = PAD_COLUMNS * key + (PAD_COLUMNS - 1) * 4
        left = (self.size[0] - row_w) // 2
        rects = {}
        for index, name in enumerate(PAD_KEYS):
            row, col = divmod(index, PAD_COLUMNS)
            rect = pygame.Rect(left + col * (key + 4), top + row * (key + 4), key, key)
            if name == "erase":
                rect.width = row_w - col * (key + 4)
            rects["erase" if name == "erase" else f"letter-{name}"] = rect
        return rects

    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = super().button_rects()
        rects.update(self.pad_rects(self.column()))
        return rects

    # ----------------------------------------------------------------- draw
    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        field = self.field_rect(column)
        if self._shake:
            field = field.move(round(math.sin(self._shake * 60) * column.unit / 8), 0)
        pygame.draw.rect(surface, theme.PANEL, field, border_radius=column.unit // 5)
        room = field.width - column.unit  # the same size whichever game's prefix shows
        px = min(ui.fit_px(k.prefix + "W" * CODE_LETTERS, column.unit // 2, room) for k in KINDS)
        face_w = ui.text_surface("W", px, theme.PANEL_TEXT, True).get_width()
        prefix = ui.text_surface(self.prefix, px, (120, 124, 120), True)
        cell_w = face_w + max(2, px // 4)
        total = prefix.get_width() + px // 3 + CODE_LETTERS * cell_w
        x = field.centerx - total // 2
        surface.blit(prefix, prefix.get_rect(midleft=(x, field.centery)))
        x += prefix.get_width() + px // 3
        for index in range(CODE_LETTERS):
            cell = pygame.Rect(x + index * cell_w, field.top + field.height // 6, face_w, 0)
            cell.height = field.height * 2 // 3
            if index < len(self.letters):
                ui.draw_text(
                    surface,
                    self.letters[index],
                    px,
                    theme.PANEL_TEXT,
                    bold=True,
                    center=cell.center,
                )
            baseline = pygame.Rect(cell.left, cell.bottom, cell.width, max(1, px // 12))
            pygame.draw.rect(surface, (170, 170, 160), baseline)
            if index == len(self.letters) and self.cursor_on:
                caret = pygame.Rect(cell.left, cell.top, max(2, px // 10), cell.height)
                pygame.draw.rect(surface, theme.PANEL_TEXT, caret)
        if self.error:
            error = _(self.error).format(**self.error_args)
            px = ui.fit_px(error, max(10, column.unit * 2 // 5), self.size[0] - column.unit // 2)
            y = field.bottom + column.unit // 2
            ui.draw_text(surface, error, px, theme.ACCENT, center=(self.size[0] // 2, y))
        pad = [
            ("\u232b" if name == "erase" else name[len("letter-") :], name, rect)
            for name, rect in self.pad_rects(column).items()
        ]
        px = ui.row_px([(label, rect) for label, _name, rect in pad])  # one size for all keys
        for label, name, rect in pad:
            state = self.button_state(name)
            ui.draw_button(surface, rect, label, state=state, px=px, palette=self.palette)
