"""The Examples page: a kind's won game (its folder's example, fixed data shipped with the
app) played through move by move on a picture of its table, as the table draws it.

The cards of the next move are lifted and lit, every slot shows its name and how many
cards it holds (the seeds' diagram), a heading over the table says the move ("3♦ + 8♦ =
11", "J♣ + Q♥ + K♥") and the info bar which one it is and the score so far ("Move 1 of
48"). Next, Previous and Play (Play again pauses) in the bar, or the keys: Right, Left,
Space, Home, End; Escape goes back. The table is the kind's, laid out below the heading
and drawn by the table view. A kiosk may run it as its attract loop (``attract =
"examples"``): it plays on a loop under "Touch anywhere to play", the words joining the
info bar, and a touch or a key goes to the game menu.

The page only replays the line it is given: it never solves a deal.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ..games.catalog import GameKind
from ..look import theme, ui
from ..look.i18n import N_, _
from ..rules import Card, PlayedGame
from ..table.arcs import TablePlan
from ..table.frame import Button, Frame
from ..table.layout import Layout, compute_layout
from .base import ButtonScene, Context, Pointer, Scene
from .table_view import TableView

PACE_SECONDS = 2.5
"""How long Play shows each move: time to find the lit cards and read the line."""
LOOP_PAUSE_SECONDS = 6.0
"""How long the attract loop shows the won table before it starts again."""
BUTTONS = {
    "back": N_("Back"),
    "previous": N_("Previous"),
    "play": N_("Play"),
    "next": N_("Next"),
}
"""The page's buttons, left to right (Play reads "Pause" while it plays)."""
ATTRACT_BUTTONS = {"menu": N_("Menu")}
"""The attract loop's one button (a touch anywhere does the same: the game menu)."""


def move_words(cards: tuple[Card, ...]) -> str:
    """What a move takes, as a player says it: ``5♦ + 6♥ = 11``, ``J♣ + Q♥ + K♥``."""
    names = " + ".join(card.symbol_name for card in cards)
    if cards and not any(card.is_face for card in cards):
        return f"{names} = {sum(card.value for card in cards)}"
    return names


class ExamplesScene(ButtonScene):
    """A kind's example, move by move (see the module docstring)."""

    def __init__(self, ctx: Context, back: Scene, kind: GameKind, attract: bool = False) -> None:
        super().__init__(ctx)
        self.kind = kind
        self.example = kind.example
        self._back = back
        self.looping = attract
        """The kiosk's attract loop: it plays by itself, over and over."""
        self.playing = attract
        """Play is on: a move every :data:`PACE_SECONDS`."""
        self.game: PlayedGame = kind.from_code(self.example.code)
        self.board = kind.board(self.game)
        self.step = 0
        """Moves made so far (0 ... the example's length): the table shows the position
        after them, the next move's cards marked."""
        self.waited = 0.0
        """Seconds since the last step (Play and the loop count it)."""
        self.view = TableView()
        table = kind.table
        self._labels = ATTRACT_BUTTONS if attract else BUTTONS
        buttons = tuple(self._labels)
        self.plan = TablePlan(
            f"{kind.key}.example", table.arcs, table.compact, buttons, table.inner
        )
        self.layout: Layout = compute_layout(640, 480, self.plan)
        self.top = 0
        """The heading's height: the table is laid out and drawn below it."""
        self._heading: tuple[str, pygame.Rect] | None = None
        """The heading as last drawn, and its text's box."""

    # ----------------------------------------------------------------- state
    @property
    def total(self) -> int:
        """The moves of the whole example."""
        return len(self.example.moves)

    @property
    def marked(self) -> tuple[str, ...]:
        """The slots of the next move (none once the game is won)."""
        return self.example.moves[self.step] if self.step < self.total else ()

    def move_text(self) -> str:
        """Which move is shown: "Move 12 of 48" (the last one once the game is won)."""
        number = min(self.step + 1, self.total)
        return _("Move {number} of {total}").format(number=number, total=self.total)

    def words(self) -> str:
        """The next move's cards, as a player says them; "You won!" at the end."""
        if self.step >= self.total:
            return _("You won!")
        return move_words(tuple(self._top(slot) for slot in self.marked))

    def score_text(self) -> str:
        """The score so far."""
        return _("Score {score}").format(score=self.game.score)

    def _top(self, slot: str) -> Card:
        card = self.game.top(slot)
        if card is None:
            raise ValueError(f"{self.example.code}: move {self.step + 1} takes from empty {slot}")
        return card

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves (kept within the example)."""
        step = max(0, min(step, self.total))
        if step < self.step and step == 0:
            self.game = self.kind.from_code(self.example.code)
            self.board = self.kind.board(self.game)
            self.step = 0
        while self.step < step:
            self.game.play(self.example.moves[self.step])
            self.step += 1
        while self.step > step:
            self.game.undo()
            self.step -= 1
        self.waited = 0.0
        self.dirty = True

    def toggle_play(self) -> None:
        """Play, or pause; Play at the end starts again from the deal."""
        self.playing = not self.playing
        if self.playing and self.step >= self.total:
            self.go(0)
        self.waited = 0.0
        self.dirty = True

    # ----------------------------------------------------------------- input
    def default(self) -> str | None:
        return "play" if not self.looping else "menu"

    def choose(self, key: str) -> Scene | None:
        if key in ("back", "menu"):
            return self.back()
        if key == "play":
            self.toggle_play()
        elif key in ("next", "previous"):
            self.playing = False
            self.go(self.step + (1 if key == "next" else -1))
        return None

    def back(self) -> Scene | None:
        self._back.invalidate()
        return self._back

    def key(self, event: pygame.event.Event) -> Scene | None:
        if self.looping:
            return self.back()  # somebody is there: the game menu
        step = {pygame.K_RIGHT: "next", pygame.K_LEFT: "previous"}.get(event.key)
        if step is not None:
            return self.choose(step)
        if event.key in (pygame.K_HOME, pygame.K_END):
            self.playing = False
            self.go(0 if event.key == pygame.K_HOME else self.total)
        return None

    def pointer(self, touch: Pointer) -> Scene | None:
        if self.looping and touch.kind == "down":
            return self.back()  # a touch anywhere: the game menu, as on the attract screen
        return super().pointer(touch)

    # ------------------------------------------------------------------ time
    @property
    def attract(self) -> bool:
        return self.looping

    def rest_for(self) -> float:
        if not self.playing:
            return super().rest_for()
        return max(0.02, min(super().rest_for(), self._pace() - self.waited))

    def _pace(self) -> float:
        return LOOP_PAUSE_SECONDS if self.step >= self.total else PACE_SECONDS

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        if not self.playing:
            return None
        self.waited += dt
        if self.waited < self._pace():
            return None
        if self.step < self.total:
            self.go(self.step + 1)
            if self.step >= self.total and not self.looping:
                self.playing = False  # won: Play again starts from the deal
        else:
            self.go(0)  # the loop starts again
        return None

    # ------------------------------------------------------------------ draw
    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        self.top = max(28, round(min(size) * 0.075))
        self.layout = compute_layout(size[0], max(1, size[1] - self.top), self.plan)
        self.view.reset()
        self._heading = None

    def invalidate(self) -> None:
        super().invalidate()
        self.view.invalidate()
        self._heading = None

    def button_rects(self) -> dict[str, pygame.Rect]:
        """The bar's buttons, where the window shows them (under the heading)."""
        return {name: rect.move(0, self.top) for name, rect in self.layout.buttons.items()}

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Each text drawn, with its box in the window: the heading, then the table's."""
        boxes = [(text, box.move(0, self.top)) for text, box in self.view.text_boxes()]
        return [self._heading, *boxes] if self._heading is not None else boxes

    def heading(self) -> str:
        """The line over the table: the next move's words ("3♦ + 8♦ = 11"); on the
        attract loop, "Touch anywhere to play" (the words then join the info bar)."""
        return _("Touch anywhere to play") if self.looping else self.words()

    def frame(self) -> Frame:
        """What the table under the heading shows now."""
        settings = self.ctx.settings
        looks = self.board.looks(self.layout, settings, {})
        for slot in self.marked:
            looks[slot] = replace(looks[slot], selected=True)
        words = [self.words()] if self.looping else []
        buttons = tuple(
            Button(
                name,
                _("Pause") if name == "play" and self.playing else _(self._labels[name]),
                enabled=self._enabled(name),
                state=self.button_state(name),
                primary=name in ("next", "menu"),
            )
            for name in self.plan.buttons
        )
        return Frame(
            looks=looks,
            info=(self.move_text(), *words, self.score_text(), self.example.code),
            buttons=buttons,
            labels=self.board.labels(),  # always: the seeds' diagram
            code=self.example.code,
            table=settings.table_colour,
        )

    def _enabled(self, name: str) -> bool:
        if name == "previous":
            return self.step > 0
        if name == "next":
            return self.step < self.total
        return True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        self.dirty = False
        width, height = surface.get_size()
        below = pygame.Rect(0, self.top, width, max(0, height - self.top))
        table = self.view.draw(surface.subsurface(below), self.frame(), self.layout, self.ctx.art)
        text = self.heading()
        band = pygame.Rect(0, 0, width, self.top)
        drawn = self._heading is not None and self._heading[0] == text
        if table is not None and drawn:
            return [rect.move(0, self.top) for rect in table]
        pygame.draw.rect(surface, theme.BAR, band)
        if self.notice_area() is None:  # (a notice takes the heading's band)
            px = ui.fit_px(text, round(self.top * 0.62), width - self.top, bold=True)
            colour = theme.ACCENT if self.looping else theme.TEXT
            box = ui.draw_text(surface, text, px, colour, bold=True, center=band.center)
            self._heading = (text, box)
        else:
            self._heading = None  # drawn again when the notice goes
        return None if table is None else [band, *(rect.move(0, self.top) for rect in table)]

    def notice_area(self) -> pygame.Rect | None:
        """While a notice shows, it takes the heading's band (the move's words step aside
        for its seconds; the table under it shows the move's cards marked)."""
        if self.ctx.notice is None or not self.top:
            return None
        margin = self.top // 4
        return pygame.Rect(margin, 0, self.size[0] - 2 * margin, self.top)
