"""How the app tests play each game kind of the registry to its end, found by the kind's key.

A test that takes a ``kind`` argument runs once for every kind in
:data:`game.games.catalog.KINDS` (tests/conftest.py). What such a test cannot know about a
kind's rules it asks this module: a position a few moves from a win and the taps that
win it, a position a move or two from a stalemate and the taps that reach it.

A kind registered by the tests (a toy game) adds its own script from its own module::

    from kind_scripts import KindScript, register_script

    register_script("toy", KindScript(win=..., win_moves=(("1", "2"), ("3", "4")), ...))

The games are made by the kind (``kind.from_position``), the moves by real input through
a :class:`ui_helpers.Driver` (:func:`make`).

``tests/test_every_kind.py`` fails, naming the kind, for a registered kind that has no
script (or whose script does not end where it says).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from conftest import position_text
from crescent_helpers import ACE_UP, KING_DOWN, crescent_text, suit_run

if TYPE_CHECKING:
    from ui_helpers import Driver

    from game.games.catalog import GameKind
    from game.rules.played import PlayedGame

Move = tuple[str, ...]
"""One move through real input: the slots tapped in turn (a click, a touch or the keyboard
on each slot's top card): a pair or a triple, or a card and where it goes."""


@dataclass(frozen=True)
class KindScript:
    """How to reach the ends of a game of one kind in the app."""

    win: str
    """Position text (the kind's ``from_position``) from which :attr:`win_moves` win."""
    win_moves: tuple[Move, ...]
    """At least two moves, in order: every move but the last leaves the game going (a
    game under way, saved, resumed...); the last one wins it."""
    stalemate: str
    """Position text from which :attr:`stalemate_moves` reach a stalemate."""
    stalemate_moves: tuple[Move, ...]
    """The moves that reach the stalemate (at least one: a move that can be undone)."""


ScriptMaker = Callable[["GameKind"], KindScript]
_SCRIPTS: dict[str, ScriptMaker] = {}


def register_script(key: str, script: KindScript | ScriptMaker) -> None:
    """The script of the kind ``key`` (a script, or a function of the kind making one)."""
    _SCRIPTS[key] = script if callable(script) else (lambda _kind: script)


def unregister_script(key: str) -> None:
    """Forget the script of ``key`` (the tests' toy game, when it leaves the registry)."""
    _SCRIPTS.pop(key, None)


def script_for(kind: GameKind) -> KindScript:
    """The script of ``kind`` (LookupError naming the kind when it has none)."""
    maker = _SCRIPTS.get(kind.key)
    if maker is None:
        raise LookupError(
            f"the game kind {kind.key!r} ({kind.name}) has no script in tests/kind_scripts.py: "
            "register one with kind_scripts.register_script(key, KindScript(...)), so that "
            "the app tests can win it and stall it"
        )
    return maker(kind)


def win_game(kind: GameKind) -> tuple[PlayedGame, tuple[Move, ...]]:
    """A game of ``kind`` a few moves from a win, and those moves (the last one wins)."""
    script = script_for(kind)
    return kind.from_position(script.win), script.win_moves


def stalemate_game(kind: GameKind) -> tuple[PlayedGame, tuple[Move, ...]]:
    """A game of ``kind`` and the moves that stall it."""
    script = script_for(kind)
    return kind.from_position(script.stalemate), script.stalemate_moves


# ----------------------------------------------------------------- real input
SMALL = (640, 480)
"""The window of the tests that run for every kind: small, so that they are quick."""


def table(ctx, game: PlayedGame, size: tuple[int, int] = SMALL) -> Driver:
    """A driver of the table of ``game``, which becomes the game in progress of its kind
    (made by the scene graph, as the app makes it)."""
    from ui_helpers import Driver

    from game.scenes.flow import Flow

    return Driver(Flow(ctx).play(game), size=size)


def under_way(ctx, kind: GameKind, size: tuple[int, int] = SMALL):
    """A game of ``kind`` a move from a win, its other moves made by clicks on its table:
    the driver, the game, its position before the first move and the winning move."""
    game, moves = win_game(kind)
    start = game.position()
    driver = table(ctx, game, size)
    for move in moves[:-1]:
        make(driver, move)
    assert game.moves == len(moves) - 1 and game.outcome is None
    return driver, game, start, moves[-1]


def save_under_way(storage, kind: GameKind) -> tuple[str, str]:
    """A game of ``kind`` under way left in ``storage`` by the app, as a run quitting
    leaves it (``kind`` chosen last): its script's first move made by clicks. Returns its
    position before and after that move."""
    from game.scenes.flow import open_context

    ctx = open_context(storage)
    game, moves = win_game(kind)
    start = game.position()
    make(table(ctx, game), moves[0])
    ctx.save_all()
    return start, game.position()


def slot_point(driver: Driver, slot: str) -> tuple[int, int]:
    """Where ``slot``'s top card is on the table now."""
    play = driver.scene
    return play.board.top_rect(play.layout, slot).center


def keys_to(play, target: str) -> list[int]:
    """The arrow keys that move ``play``'s keyboard focus to ``target``, found with the
    scene's own rule (the focus is left where it was)."""
    from collections import deque

    import pygame

    arrows = {
        pygame.K_LEFT: (-1, 0),
        pygame.K_RIGHT: (1, 0),
        pygame.K_UP: (0, -1),
        pygame.K_DOWN: (0, 1),
    }
    start, paths, queue = play.focus, {play.focus: []}, deque([play.focus])
    while queue:
        here = queue.popleft()
        for key, direction in arrows.items():
            play.focus = here
            play.move_focus(direction)
            if play.focus not in paths:
                paths[play.focus] = [*paths[here], key]
                queue.append(play.focus)
    play.focus = start
    if target not in paths:
        raise AssertionError(f"the focus never reaches {target}")
    return paths[target]


def tap(driver: Driver, slot: str, how: str = "click") -> None:
    """Tap ``slot`` as a player does: ``click``, ``touch`` or ``keys`` (arrows, Space)."""
    import pygame

    if how == "click":
        driver.click(slot_point(driver, slot))
    elif how == "touch":
        driver.touch(slot_point(driver, slot))
    elif how == "keys":
        play = driver.scene
        if play.focus is None:
            driver.key(pygame.K_SPACE)  # shows the focus
        for key in keys_to(play, slot):
            driver.key(key)
        assert play.focus == slot
        driver.key(pygame.K_SPACE)
    else:
        raise ValueError(how)


def make(driver: Driver, move: Move, how: str = "click") -> None:
    """Make ``move`` on the table ``driver`` shows, through real input events."""
    for slot in move:
        tap(driver, slot, how)


# ------------------------------------------------------------------ the kinds
register_script(
    "halfmoon",
    KindScript(
        win=position_text({1: "5S", 2: "6D", 3: "AC", 4: "10H"}),
        win_moves=(("1", "2"), ("3", "4")),
        stalemate=position_text({1: "AC 5S", 2: "9C 6S", 3: "QD"}),
        stalemate_moves=(("1", "2"),),  # 5+6 leaves A, 9, Q: nothing adds up to 11
    ),
)


def _full(suit: str) -> dict[str, str]:
    """Both foundations of ``suit`` whole (its King foundation K-A, its Ace one A-K)."""
    index = "CDHS".index(suit)
    return {f"F{index + 1}": suit_run(suit, KING_DOWN), f"F{index + 5}": suit_run(suit, ACE_UP)}


def crescent_script(kind: GameKind) -> KindScript:
    """Any Crescent variant (the variant is the kind's code letter)."""
    win = {
        **_full("H"),
        **_full("S"),
        "F1": suit_run("C", KING_DOWN),
        "F2": suit_run("D", KING_DOWN),
    }
    win.update(F5=suit_run("C", ACE_UP[:12]), F6=suit_run("D", ACE_UP[:12]))
    # Clubs in sequence (F5 A-6, F1 K-7): only the transfers between them are left once
    # 2D is home, and with no redeal left that is a stalemate (SPEC 5).
    stuck = {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")}
    return KindScript(
        win=crescent_text({1: "KC", 2: "KD"}, win, variant=kind.letter),
        win_moves=(("1", "F5"), ("2", "F6")),
        stalemate=crescent_text(
            {1: "5D", 2: "9S", 3: "2D", 16: "JH"}, stuck, redeals=0, variant=kind.letter
        ),
        stalemate_moves=(("3", "F6"),),
    )


for _key in ("crescent", "crescent-four", "open-crescent"):
    register_script(_key, crescent_script)
