"""The screen as a screen reader has it: each frame's scene described to the platform's
accessibility bridge (game/platform/accessibility.py), and its requests carried out.

What a sighted player reads is what is described: the window's title, each button with
the words drawn on it, and every other text the frame drew where it drew it
(:meth:`game.shell.loop.Loop.text_boxes`); on a table, every slot as the game's kind
names it (its folder's words: "Pile 3, 7 of hearts, 8 cards"), selected or not, and the
info bar's figures. What a sighted player sees happen is announced: a move, a refusal
and its reason, a redeal, a card turned up, the no-moves notice, and each panel that
comes (a question, a win, a stalemate: it is a dialog with its answers); T
reads the whole table, H the foundations, I the info bar. The keyboard's focus is the
screen reader's. Started once the first frame is shown; with no bridge to have (no
``accesskit``) it is not started at all, and with no screen reader running nothing is
described (the bridge asks for the tree only then).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from ..look.i18n import _
from ..platform import accessibility
from ..platform.accessibility import Described
from ..scenes.base import ButtonScene, Scene
from ..scenes.dialogs import Dialog
from ..scenes.play import PlayScene
from ..scenes.play_frame import info_of
from .loop import Loop

SPEAK_KEYS = (pygame.K_t, pygame.K_h, pygame.K_i)
"""On a table: T reads the whole table slot by slot, H the foundations, I the info bar."""


def described(
    scene: Scene, texts: list[tuple[str, pygame.Rect]], size: tuple[int, int]
) -> tuple[list[Described], str | None]:
    """The nodes of ``scene`` drawn with ``texts`` in a window of ``size``, the window
    first, and the key of the node the keyboard is on (None: the window)."""
    nodes = [Described("window", "window", scene.window_title(), (0, 0, *size))]
    on_buttons: set[int] = set()
    for key, (rect, enabled) in _buttons(scene).items():
        inside = [i for i, (_text, box) in enumerate(texts) if rect.collidepoint(box.center)]
        on_buttons.update(inside)
        name = " ".join(texts[i][0] for i in inside) or key
        nodes.append(Described(f"button:{key}", "button", name, _box(rect), enabled=enabled))
    for index, (text, box) in enumerate(texts):
        if index not in on_buttons:
            nodes.append(Described(f"text:{index}", "text", text, _box(box)))
    focus = scene.keyboard_focus() if isinstance(scene, ButtonScene) else None
    if isinstance(scene, Dialog):  # its question or news, its answers inside it
        keys = tuple(n.key for n in nodes if n.key.startswith("button:"))
        nodes.append(Described("dialog", "dialog", question(scene), _box(scene.panel().box), keys))
    if isinstance(scene, PlayScene):
        nodes += table_nodes(scene, size)
        return nodes, (f"slot:{scene.focus}" if scene.focus is not None else None)
    return nodes, (f"button:{focus}" if focus is not None else None)


def _buttons(scene: Scene) -> dict[str, tuple[pygame.Rect, bool]]:
    """The scene's buttons by key: where each is, whether it can be chosen now."""
    if isinstance(scene, ButtonScene):
        return {key: (rect, scene.enabled(key)) for key, rect in scene.button_rects().items()}
    if isinstance(scene, PlayScene):  # the bar's: Finish may stand in a button's place
        board = scene.board
        return {
            place: (rect, board.enabled(scene.finisher.shown(place)))
            for place, rect in scene.layout.buttons.items()
        }
    return {}


def table_nodes(scene: PlayScene, size: tuple[int, int]) -> list[Described]:
    """A table's slots, each named by its kind's words, in a list; the info bar."""
    words, table = scene.kind.words, scene.game.table
    selected = set(scene.board.selected())
    slots = [
        Described(
            f"slot:{slot}",
            "slot",
            words.slot(table, slot),
            _box(scene.board.top_rect(scene.layout, slot)),
            selected=slot in selected,
        )
        for slot in words.slots()
    ]
    return [
        Described("table", "table", _(scene.kind.name), (0, 0, *size), tuple(s.key for s in slots)),
        *slots,
        Described("info", "status", ", ".join(info_of(scene)), (0, 0, size[0], 0)),
    ]


def question(dialog: Dialog) -> str:
    """A panel's words: its title and the lines under it (a question, a game's end)."""
    panel = dialog.panel()
    parts = [text for text in (" ".join(panel.titles), panel.big, *panel.lines) if text]
    return " ".join(text if text[-1] in ".!?:" else text + "." for text in parts)


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


class _Seen(NamedTuple):
    """What a table showed when it was last described."""

    game: object
    table: object
    score: int
    refusals: int
    note: str | None


class Spoken:
    """The loop's screen told to the bridge after each frame, its requests done."""

    def __init__(self, loop: Loop, bridge: accessibility.Bridge) -> None:
        self.loop = loop
        self.bridge = bridge
        self.said: list[str] = []
        """What is to be announced with the next description."""
        self.announced = ("", 0)
        """The last announcement and how many there have been (its node's key)."""
        self._seen: _Seen | None = None
        self._scene: Scene | None = None
        self._draws = -1

    @classmethod
    def start(cls, loop: Loop) -> Spoken | None:
        """The screen told from now on, where there is a bridge to tell it to."""
        bridge = accessibility.bridge()
        if bridge is None:
            return None
        spoken = cls(loop, bridge)
        bridge.window_focused(pygame.key.get_focused())  # (its event may have come already)
        spoken.after_frame()
        return spoken

    def after_frame(self, again: bool = False) -> None:
        """Tell the bridge the screen as the last frame drawn showed it (a frame that
        drew nothing changed nothing; ``again``: all the same)."""
        if self.loop.draws == self._draws and not self.said and not again:
            return
        self._draws = self.loop.draws
        self.bridge.show(self.describe)

    def describe(self) -> tuple[list[Described], str | None]:
        """The screen's nodes now, with what is to be announced (asked for by the bridge
        only while a screen reader runs)."""
        surface = pygame.display.get_surface()
        size = surface.get_size() if surface is not None else (0, 0)
        scene = self.loop.scene
        if isinstance(scene, PlayScene):
            self._follow(scene)
        if isinstance(scene, Dialog) and scene is not self._scene:
            self.said.append(question(scene))  # a panel comes: what it says or asks
        self._scene = scene
        nodes, focus = described(scene, self.loop.text_boxes(), size)
        if self.said:
            self.announced = (". ".join(self.said), self.announced[1] + 1)
            self.said.clear()
        text, count = self.announced
        if text:
            nodes.append(Described(f"said:{count}", "announcement", text, (0, 0, size[0], 0)))
        return nodes, focus

    def _follow(self, scene: PlayScene) -> None:
        """Announce what changed on ``scene``'s table since it was last described."""
        game, before = scene.game, self._seen
        now = _Seen(game, game.table, game.score, scene.refusals[0], scene.board.note())
        self._seen = now
        if before is None or before.game is not game:
            return
        if now.table is not before.table:
            change = scene.kind.words.change(before.table, now.table, now.score - before.score)
            self.said += [change] if change else []
        if now.refusals != before.refusals:
            self.said.append(scene.refusals[1])
        if now.note != before.note and now.note:
            self.said.append(now.note)

    def speak(self, scene: PlayScene, key: int) -> None:
        """Read out the table (T), the foundations (H) or the info bar (I)."""
        words, table = scene.kind.words, scene.game.table
        if key == pygame.K_t:
            self.said.append(". ".join(words.slot(table, slot) for slot in words.slots()))
        elif key == pygame.K_h:
            self.said.append(words.home(table))
        else:
            self.said.append(", ".join(info_of(scene)))
        del self.said[:-4]  # (kept only while nobody listens)
        self.after_frame()

    def on_event(self, event: pygame.event.Event, current: Scene) -> Scene | None:
        """A screen reader's request (focus or press a button or a slot, or the whole
        tree), the window's focus, a key that reads out the table."""
        if event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.bridge.window_focused(event.type == pygame.WINDOWFOCUSGAINED)
            self._draws = -1  # told with the next frame, drawn or not
            return None
        if event.type == pygame.KEYDOWN and event.key in SPEAK_KEYS:
            if isinstance(current, PlayScene) and not event.mod & pygame.KMOD_CTRL:
                self.speak(current, event.key)
                return current
            return None
        if event.type != accessibility.ACCESS_EVENT:
            return None
        if event.action == "refresh":
            self.after_frame(again=True)
            return current
        return _request(current, event.action, str(event.target))


def _request(current: Scene, action: str, target: str) -> Scene:
    """Focus or press button or slot ``target`` (a node's key) of ``current``."""
    kind, _sep, key = target.partition(":")
    if kind == "slot" and isinstance(current, PlayScene):
        if action == "focus":
            current.focus = key if key in current.board.focus_slots() else current.focus
            return current
        return current.tap(key) or current
    if kind == "button" and isinstance(current, PlayScene):
        return (current.button(key) if action == "click" else None) or current
    if kind != "button" or not isinstance(current, ButtonScene):
        return current
    if action == "focus":
        current.focus_on(key)
        return current
    if key in current.button_rects():
        return current.choose(key) or current
    return current
