"""What the table shows now: the :class:`~game.table.frame.Frame` of a play scene.

The board's looks of the slots, less the cards in motion and the one carried, which are
drawn as sprites over them; the bar's buttons, pressed, lit or suggested; the info bar
(the time first, the game's name, the deal's when it is a day's deal: "Today's deal");
a message fading out, or the board's note; the sparks of a win. The play scene
(game.scenes.play) draws it with its table view; nothing here changes the scene.
"""

from __future__ import annotations

from typing import Protocol

from ..games.catalog import GameKind
from ..look import ui
from ..look.i18n import _
from ..records.context import Context
from ..records.notices import NOTICE_SECONDS
from ..rules import PlayedGame, daily
from ..table.frame import Button, Frame, SlotLook, Sprite
from ..table.layout import Layout
from . import motion
from .boards import Board, Motion
from .deal_names import deal_name
from .play_finish import Finisher
from .play_gestures import Gestures

MESSAGE_SECONDS = 2.2
"""How long a message stays (it fades during the last third)."""


class Shown(Protocol):
    """What the frame shows of the play scene."""

    ctx: Context
    kind: GameKind
    game: PlayedGame
    board: Board
    layout: Layout
    gestures: Gestures
    finisher: Finisher
    motions: list[Motion]
    message: tuple[str, float] | None
    """A message and how long it has shown."""
    elapsed: float
    focus: str | None
    celebration: float | None
    sparks: list[motion.Spark]

    @property
    def clock_running(self) -> bool: ...


def info_of(table: Shown) -> tuple[str, ...]:
    """The info bar's parts: the time, the game's name (and its deal's when it is a day's
    deal), then the board's (score, moves, ..., the code)."""
    time_text = _("Time {time}").format(time=ui.format_time(table.elapsed))
    named = deal_name(table.game.code, daily.today()) if table.game.code else None
    return (time_text, _(table.kind.name), *([named] if named else []), *table.board.info())


def frame_of(table: Shown) -> Frame:
    """What ``table`` shows now."""
    settings = table.ctx.settings
    board = table.board
    hidden, sprites, waiting = _moving(table, settings.four_colour)
    looks = {**board.looks(table.layout, settings, hidden), **waiting}
    return Frame(
        looks=looks,
        info=info_of(table),
        buttons=_buttons(table),
        focus=table.focus,
        labels=board.labels() if settings.pile_labels else {},
        clock_running=table.clock_running,
        sprites=tuple(sprites),
        message=_message(table),
        sparks=(
            tuple((s.symbol, s.colour, int(s.x), int(s.y)) for s in table.sparks)
            if table.celebration is not None
            else None
        ),
        code=table.game.code or "",
        table=settings.table_colour,
    )


def _moving(table: Shown, four: bool) -> tuple[dict[str, int], list[Sprite], dict[str, SlotLook]]:
    """The cards in motion and the one carried: how many cards each slot hides for them,
    their sprites, and the looks of slots that wait for a card still on its way."""
    hidden: dict[str, int] = {}
    sprites: list[Sprite] = []
    waiting: dict[str, SlotLook] = {}
    for moving in table.motions:
        if moving.waiting is not None and moving.waits:
            slot, look = moving.waiting
            waiting[slot] = look
            continue
        if moving.shake and moving.waits:
            continue  # (its card lies on its slot until it shakes)
        if moving.hide is not None:
            slot, count = moving.hide
            hidden[slot] = hidden.get(slot, 0) + count
        sprite = motion.sprite_of(moving, four)
        if sprite is not None:
            sprites.append(sprite)
    carry = table.gestures.carry
    if carry is not None:
        slot, rect, _grab = carry
        hidden[slot] = hidden.get(slot, 0) + 1
        sprites.append(Sprite(table.game.top(slot), motion.box(rect), 255, four, shadow=True))
    return hidden, sprites, waiting


def _buttons(table: Shown) -> tuple[Button, ...]:
    """The bar's buttons, left to right: pressed, under the mouse, or suggested."""
    board, gestures = table.board, table.gestures
    suggested = board.suggested()
    shown = {place: table.finisher.shown(place) for place in table.layout.buttons}
    states = {gestures.hover: "hover", gestures.pressed: "pressed"}  # pressed wins
    return tuple(
        Button(name, board.label(name), board.enabled(name), states.get(place), name == suggested)
        for place, name in shown.items()
    )


def _message(table: Shown) -> tuple[str, float] | None:
    """The notice (a file or folder in trouble: first) fading during its last second,
    the message and its opacity (it fades during its last third), else the board's note,
    at full opacity."""
    if table.ctx.notice is not None:
        text, age = table.ctx.notice
        return (text, round(max(0.0, min(1.0, NOTICE_SECONDS - age)), 2))
    if table.message is not None:
        text, age = table.message
        fade = 1.0 - max(0.0, (age - MESSAGE_SECONDS * 2 / 3) / (MESSAGE_SECONDS / 3))
        return (text, round(fade, 2))
    note = table.board.note()
    return (note, 1.0) if note is not None else None
