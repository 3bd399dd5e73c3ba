"""How the app tests play each game kind of the registry to its end, with real input.

A test that takes a ``kind`` argument runs once for every kind in
:data:`game.games.catalog.KINDS` (tests/conftest.py). What such a test cannot know about a
kind's rules it asks the kind: its :meth:`~game.games.kind.GameKind.script` (in the
kind's folder: ``game/games/<key>/script.py``) gives a position a few moves from a win
and the taps that win it, a position a move or two from a stalemate and the taps that
reach it.

The games are made by the kind (``kind.from_position``), the moves by real input through
a :class:`ui_helpers.Driver` (:func:`make`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games.kind import GameKind, Move, Picture, Script

if TYPE_CHECKING:
    from ui_helpers import Driver

    from game.rules.played import PlayedGame
    from game.scenes.play import PlayScene

__all__ = ["Move", "Script", "script_for"]


def _never(*_args: object) -> None:
    raise AssertionError("a part of the probe is never asked for")


PROBE_PARTS = dict(
    rules=_never, board=_never, arrangement=_never, rules_text=_never, script=_never, words=_never
)
"""A probe kind's parts: none is ever asked for."""


def probe_kind(**declared) -> GameKind:
    """A kind named Probe with a code letter no registered kind has, whose parts are
    never asked for (a test registers it, and unregisters it after); ``declared``
    overrides its declaration (``settings=...``)."""
    from game.games.catalog import letters

    letter = next(c for c in "ZYXWVUTSRQP" if c not in letters())
    given = dict(order=10**6, buttons=("new", "menu"), inner=(), picture=Picture(4), best_score=1)
    return GameKind("probe-kind", letter, "Probe", **{**given, **PROBE_PARTS, **declared})


def script_for(kind: GameKind) -> Script:
    """The script of ``kind``, from its folder."""
    return kind.script()


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


def keys_to(play: PlayScene, target: str) -> list[int]:
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
    start, queue = play.focus, deque([play.focus])
    paths: dict[str | None, list[int]] = {play.focus: []}
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
