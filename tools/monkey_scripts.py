"""The monkey's scripted sequences (tools/monkey.py), all through real events.

* Moves on purpose: a few legal moves at random, or a winning line to its end. They come
  from every game's rules API (``legal_moves()``, whose items name the slots a player
  touches) and from its kind's solver (``solver_for(letter).line``), the same for every
  kind; a kind without a solver gets no winning line, only random moves.
* The deal code screen: opened from the title (the menu first, from a table), letters
  typed on the keyboard or tapped on the kiosk's pad, a whole code of any game of the
  registry typed at once or pasted, then Play. What the screen did with a whole code is
  checked at once: its game is taken, or, on a kiosk that does not offer it, refused.
"""

from __future__ import annotations

import string
from typing import Any, Protocol

import pygame
import pygame.scrap

from game.games.catalog import KINDS, GameKind, kind_of
from game.rules import normalize_code
from game.rules.codes import DEAL_COUNT
from game.rules.solver import solver_for
from game.scenes.code_entry import CodeEntryScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

Step = tuple[str, ...] | str
"""One move: slots tapped in order (two may be a drag), or a bar button's name."""
SOLVER_NODES = 20000
"""The solvers' budget for one winning line (the monkey does not wait for more)."""
COMMON_BUTTONS = ("undo", "redo", "new", "menu")
"""The bar's buttons every game has; another is a kind's own (the Crescents' Redeal)."""


class Driver(Protocol):
    """What a script needs of the monkey."""

    rng: Any
    report: Any
    offered: list[GameKind]

    @property
    def session(self) -> Any: ...

    def post(self, kind: int, **attrs: Any) -> None: ...

    def frame(self, frame_time: float) -> bool: ...

    def click(self, pos: tuple[int, int]) -> None: ...


def legal(scene: PlayScene) -> list[Step]:
    """The moves that may be made now on ``scene``'s table: each as the slots it touches,
    or, when no card can move, the button the board suggests (a redeal)."""
    steps: list[Step] = [move.slots for move in scene.game.legal_moves() if move.slots]
    suggested = scene.board.suggested()
    return steps or ([suggested] if suggested is not None else [])


def _button(scene: PlayScene) -> str | None:
    """The button of a move that touches no slot: the kind's one button of its own."""
    own = [name for name in scene.kind.buttons if name not in COMMON_BUTTONS]
    return own[0] if len(own) == 1 else None


def winning_line(scene: PlayScene) -> list[Step] | None:
    """A winning line from the game of ``scene``, by its kind's solver (None: the kind
    has no solver, or no win was found within the budget)."""
    solver = solver_for(scene.game.letter)
    if solver is None:
        return None
    found = solver.line(scene.game, SOLVER_NODES)
    if not found:
        return None
    button = _button(scene)
    steps: list[Step] = []
    for slots in found:
        if slots:
            steps.append(slots)
        elif button is not None:
            steps.append(button)
        else:
            return None
    return steps


def _playable(scene: PlayScene, step: Step) -> bool:
    """Whether a move of a line may still be made."""
    if isinstance(step, str):
        return scene.board.enabled(step)
    return any(tuple(move.slots) == step for move in scene.game.legal_moves())


def moves(monkey: Driver, winning: bool) -> None:
    """Moves on the table in sight: a winning line to its end (solved again whenever its
    next move can no longer be made: a setting played a card home by itself, a drag
    missed), or one to six legal moves at random."""
    scene = monkey.session.loop.scene
    if not isinstance(scene, PlayScene) or scene.game.outcome is not None:
        return
    game = scene.game
    if winning and solver_for(game.letter) is None:
        monkey.report.unscripted[kind_of(game).key] += 1
        return
    line: list[Step] = []
    for _ in range(600 if winning else monkey.rng.randint(1, 6)):
        if monkey.session.loop.scene is not scene or game.outcome is not None:
            if winning:
                _see_the_end(monkey, scene)
            return
        if not winning:
            now = legal(scene)
            if not now:
                return
            line = [monkey.rng.choice(now)]
        elif not line or not _playable(scene, line[0]):
            line = winning_line(scene) or []
            if not line:
                return
        _play(monkey, scene, line.pop(0))


def _see_the_end(monkey: Driver, scene: PlayScene) -> None:
    """A winning line played to its end: the frames of the celebration run until the win
    panel comes (at most 3 s), so that the run sees it before its next random event (a
    key N or a close in the 1.6 s of the celebration would hide it, by the seed's luck)."""
    for _ in range(180):
        if monkey.session.loop.scene is not scene or scene.celebration is None:
            return
        monkey.frame(1 / 60)


def _play(monkey: Driver, scene: PlayScene, step: Step) -> None:
    """One move through real events: a button clicked, slots tapped, or a card carried."""
    monkey.report.moves += 1
    if isinstance(step, str):
        monkey.click(scene.layout.buttons[step].center)
        return
    places = [scene.board.top_rect(scene.layout, slot).center for slot in step]
    if not (scene.board.drags and len(places) == 2 and monkey.rng.random() < 0.5):
        for place in places:
            monkey.click(place)
        return
    (x0, y0), (x1, y1) = places
    monkey.post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1, touch=False)
    for part in range(1, 5):
        where = (x0 + (x1 - x0) * part // 4, y0 + (y1 - y0) * part // 4)
        monkey.post(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(1, 0, 0))
        monkey.frame(1 / 60)
    monkey.post(pygame.MOUSEBUTTONUP, pos=(x1, y1), button=1, touch=False)
    monkey.frame(1 / 60)


# ------------------------------------------------------------ the code screen
def code_entry(monkey: Driver) -> None:
    """To the code screen (from a table by its menu), type there, then Play, Back or
    nothing more."""
    rng = monkey.rng
    scene = monkey.session.loop.scene
    if isinstance(scene, PlayScene) and "menu" in scene.layout.buttons:
        monkey.click(scene.layout.buttons["menu"].center)
        scene = monkey.session.loop.scene
    if isinstance(scene, TitleScene):
        button = scene.button_rects().get("code")
        if button is None:  # scrolled away: the keyboard's way to it
            return
        monkey.click(button.center)
        scene = monkey.session.loop.scene
    if not isinstance(scene, CodeEntryScene):
        return
    monkey.report.codes["screen"] += 1
    roll = rng.random()
    code = None
    if roll < 0.45:
        _letters(monkey, scene, rng.randint(1, 8))
    elif roll < 0.9:
        code = _whole_code(monkey, scene)
    else:
        junk = rng.choice(["1", "-", "é", " ", "hm1-", "HM1-Z-", "hm1-n-abc", "??"])
        monkey.post(pygame.TEXTINPUT, text=junk)
        monkey.frame(1 / 60)
    roll = rng.random()
    if monkey.session.loop.scene is not scene or roll < 0.15:
        return
    buttons = scene.button_rects()  # a short window may have scrolled one away
    if roll < 0.25:
        if "back" in buttons:
            monkey.click(buttons["back"].center)
        return
    if roll < 0.6 or "play" not in buttons:
        monkey.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        monkey.frame(1 / 60)
    else:
        monkey.click(buttons["play"].center)
    _check_played(monkey, code)


def _letters(monkey: Driver, scene: CodeEntryScene, count: int) -> None:
    """Letters one by one: on the pad (a kiosk's), else typed."""
    pad = scene.pad_rects(scene.column())
    for _ in range(count):
        letter = monkey.rng.choice(string.ascii_uppercase)
        if pad:
            monkey.click(pad[f"letter-{letter}"].center)
        else:
            monkey.post(pygame.TEXTINPUT, text=monkey.rng.choice([letter, letter.lower()]))
            monkey.frame(1 / 60)


def _whole_code(monkey: Driver, scene: CodeEntryScene) -> tuple[GameKind, str]:
    """A code of any game, typed at once or pasted, in any case, maybe with spaces;
    checked at once: taken when its game is offered, else refused."""
    rng = monkey.rng
    kind = rng.choice(KINDS)
    code = kind.code(rng.randrange(DEAL_COUNT))
    shown = rng.choice([code, code.lower(), f"{code[:-3]} {code[-3:]}", f" {code} "])
    before = scene.kind
    if rng.random() < 0.5:
        monkey.post(pygame.TEXTINPUT, text=shown)
    else:
        pygame.scrap.put_text(shown)
        monkey.post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    monkey.frame(1 / 60)
    if monkey.session.loop.scene is not scene:
        return kind, code
    if kind in monkey.offered:
        assert scene.kind is kind and scene.text == code, f"{shown!r} was not taken"
        assert not scene.error, f"{shown!r} was refused: {scene.error}"
        monkey.report.codes["taken"] += 1
    else:
        assert scene.kind is before, f"{shown!r}, of a game not offered, was taken"
        assert scene.error, f"{shown!r}, of a game not offered, was not refused"
        monkey.report.codes["refused"] += 1
    return kind, code


def _check_played(monkey: Driver, typed: tuple[GameKind, str] | None) -> None:
    """After Play: a whole code taken is the deal on the table (unless a game of its
    kind under way asks first)."""
    if typed is None or typed[0] not in monkey.offered:
        return
    kind, code = typed
    scene = monkey.session.loop.scene
    if isinstance(scene, PlayScene):
        assert scene.game.code == normalize_code(code, kind.letter), (
            f"Play on {code} dealt {scene.game.code}"
        )
        monkey.report.codes["played"] += 1
