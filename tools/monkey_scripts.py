"""The monkey's scripted sequences (tools/monkey.py), all through real events.

* Moves on purpose: a few legal moves at random, or a winning line to its end. They come
  from a game's own rules API (its legal moves, its solver): a :class:`Playbook` per rules
  class. A game of a kind without one (a kind added to the registry later) gets no moves
  on purpose, only the monkey's random taps; one without a solver gets no winning line.
* The deal code screen: opened from the title (the menu first, from a table), letters
  typed on the keyboard or tapped on the kiosk's pad, a whole code of any game of the
  registry typed at once or pasted, then Play. What the screen did with a whole code is
  checked at once: its game is taken, or, on a kiosk that does not offer it, refused.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame.scrap

from game.games.catalog import KINDS, GameKind, kind_of
from game.rules import CardMove, Crescent, Game, normalize_code
from game.rules.codes import DEAL_COUNT
from game.rules.solver import Verdict, solve, solve_crescent
from game.scenes.code_entry import CodeEntryScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

Step = tuple[str, ...] | str
"""One move: slots tapped in order (two may be a drag), or a bar button's name."""
SOLVER_NODES = 20000
"""The solvers' budget for one winning line (the monkey does not wait for more)."""


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


@dataclass(frozen=True)
class Playbook:
    """How the monkey makes moves of one rules class on purpose."""

    legal: Callable[[Any], list[Step]]
    """The moves that may be made now."""
    playable: Callable[[Any, Step], bool]
    """Whether a move of a line may still be made."""
    solve: Callable[[Any], list[Step] | None] | None = None
    """A winning line (None: no win found within the budget); None: no solver."""


def _half_moon_line(game: Game) -> list[Step] | None:
    solution = solve(game, max_nodes=SOLVER_NODES)
    if solution.verdict is not Verdict.WIN:
        return None
    return [removal.slots for removal in solution.line]


def _crescent_legal(game: Crescent) -> list[Step]:
    moves: list[Step] = [(move.source, move.target) for move in game.legal_moves()]
    return moves or (["redeal"] if game.redeals_left else [])


def _crescent_playable(game: Crescent, step: Step) -> bool:
    if isinstance(step, str):
        return game.redeals_left > 0
    return game.can_move(*step)


def _crescent_line(game: Crescent) -> list[Step] | None:
    solution = solve_crescent(game, max_nodes=SOLVER_NODES)
    if solution.verdict is not Verdict.WIN or not solution.line:
        return None
    return [
        (move.source, move.target) if isinstance(move, CardMove) else "redeal"
        for move in solution.line
    ]


PLAYBOOKS: dict[type, Playbook] = {
    Game: Playbook(
        legal=lambda game: [removal.slots for removal in game.legal_removals()],
        playable=lambda game, step: step in [r.slots for r in game.legal_removals()],
        solve=_half_moon_line,
    ),
    Crescent: Playbook(legal=_crescent_legal, playable=_crescent_playable, solve=_crescent_line),
}
"""The rules classes whose moves the monkey can make on purpose, and how."""


def playbook(game: object) -> Playbook | None:
    """The playbook of ``game``'s rules class, or None."""
    return next((book for cls, book in PLAYBOOKS.items() if isinstance(game, cls)), None)


def moves(monkey: Driver, winning: bool) -> None:
    """Moves on the table in sight: a winning line to its end (solved again whenever its
    next move can no longer be made: a setting played a card home by itself, a drag
    missed), or one to six legal moves at random."""
    scene = monkey.session.loop.scene
    if not isinstance(scene, PlayScene) or scene.game.outcome is not None:
        return
    game, book = scene.game, playbook(scene.game)
    if book is None or (winning and book.solve is None):
        monkey.report.unscripted[kind_of(game).key] += 1
        return
    line: list[Step] = []
    for _ in range(600 if winning else monkey.rng.randint(1, 6)):
        if monkey.session.loop.scene is not scene or game.outcome is not None:
            if winning:
                _see_the_end(monkey, scene)
            return
        if not winning:
            legal = book.legal(game)
            if not legal:
                return
            line = [monkey.rng.choice(legal)]
        elif not line or not book.playable(game, line[0]):
            assert book.solve is not None
            line = book.solve(game) or []
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
