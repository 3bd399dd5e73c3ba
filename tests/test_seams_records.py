"""Where kiosk, saved games and statistics meet: a kiosk deals only the games it offers,
its idle reset puts away every game, and the statistics stay exact whatever happened to
their file. Each test runs for every game of the catalog."""

from __future__ import annotations

import random

import pytest
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS, GameKind, kind_of
from game.records.kiosk import KioskConfig
from game.records.savegame import SavedGame
from game.records.statistics import Statistics
from game.records.storage import Storage
from game.rules.played import PlayedGame
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.end import StalemateScene, WinScene
from game.scenes.flow import Flow, open_context
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.shell.app import parse_args
from game.shell.session import Session

KIND = pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
IDLE, COUNTDOWN = 5.0, 5.0
"""The test kiosks' idle time and "Still playing?" countdown, in seconds."""
SIZE = (1920, 1080)
NOWHERE = (30, 30)
"""A point on no button of the title: a touch there on the attract screen deals a game."""


def _again(storage: Storage) -> Storage:
    """The same folders, as a new run opens them."""
    return Storage(storage.config_dir, storage.data_dir)


def _others(kind: GameKind) -> list[GameKind]:
    return [other for other in KINDS if other is not kind]


def _centre(play: PlayScene, slot: str) -> tuple[int, int]:
    return play.board.top_rect(play.layout, slot).center


def _tap_move(driver: Driver, slots: tuple[str, ...]) -> None:
    """One move made with taps on ``slots`` (a pair or triple, or a card and its target)."""
    play = driver.scene
    assert isinstance(play, PlayScene)
    before = play.game.moves
    for slot in slots:
        driver.click(_centre(play, slot))
    driver.seconds(0.5)  # the cards land; the next tap is no double tap
    assert play.game.moves == before + 1, slots


def _new_with_a_move(driver: Driver) -> None:
    """New game, again while the deal has no move that leaves it going (an Elevens deal
    may be stuck from its first card, or one move from it)."""
    for _ in range(50):
        _press(driver, "new")
        driver.seconds(1.5)
        scene = driver.scene
        if isinstance(scene, PlayScene) and scene.game.outcome is None:
            game = scene.game
            if any(_leaves_it_going(game, move.slots) for move in game.legal_moves()):
                return
    raise AssertionError("50 deals in a row without a move")


def _leaves_it_going(game: PlayedGame, slots: tuple[str, ...]) -> bool:
    """Whether the move that touches ``slots`` leaves the game going (tried on a copy)."""
    copy = kind_of(game).from_dict(game.to_dict())
    copy.play(next(move for move in copy.legal_moves() if tuple(move.slots) == slots))
    return copy.outcome is None


def _move(driver: Driver) -> None:
    """A legal move on the table, whatever the game, through taps."""
    play = driver.scene
    assert isinstance(play, PlayScene)
    game = play.game
    moves = [move.slots for move in game.legal_moves() if move.slots]
    going = [slots for slots in moves if _leaves_it_going(game, slots)]
    if going or moves:
        _tap_move(driver, (going or moves)[0])
        return
    before = game.moves  # no card to touch: the button the board suggests (a redeal)
    suggested = play.board.suggested()
    assert suggested is not None, f"{game!r} has no move"
    driver.click(play.layout.buttons[suggested].center)
    driver.seconds(0.5)
    assert game.moves == before + 1


def _press(driver: Driver, key: str) -> None:
    """A button of the scene on screen (a panel's after its guard time)."""
    scene = driver.scene
    if isinstance(scene, PlayScene):
        driver.click(scene.layout.buttons[key].center)
        return
    if isinstance(scene, TitleScene):
        driver.click(scene.button_rects()[key].center)
        return
    driver.seconds(DIALOG_GUARD)
    driver.click(scene.buttons()[key].center)


def _kiosk(storage: Storage, *args: str, games: tuple[str, ...] | None = None) -> Session:
    """A kiosk run on ``storage``'s folders, idle after :data:`IDLE` seconds."""
    config = KioskConfig(idle_seconds=IDLE, countdown_seconds=COUNTDOWN)
    if games is not None:
        config = KioskConfig(games=games, idle_seconds=IDLE, countdown_seconds=COUNTDOWN)
    session = Session.open(parse_args(["--kiosk", "--lang", "en", *args]), config, _again(storage))
    session.ctx.deals = random.Random(7)
    return session


def _driven(session: Session) -> Driver:
    """A driver of the session's own loop (its kiosk hooks included)."""
    driver = Driver(session.loop.scene, size=SIZE)
    driver.loop = session.loop
    driver.frames(2)
    return driver


def _desktop_games(storage: Storage, kinds: list[GameKind]) -> None:
    """A desktop run before: a game with a move under way in each of ``kinds``, the
    last one chosen when it quit."""
    ctx = open_context(_again(storage))
    ctx.deals = random.Random(3)
    for kind in kinds:
        driver = Driver(PlayScene(ctx, Flow(ctx), kind.random(ctx.deals)), size=SIZE)
        driver.frames(2)
        _move(driver)
    ctx.save_all()
    assert ctx.kind is kinds[-1] and len(ctx.in_progress()) == len(kinds)


# ------------------------------------------------- a kiosk deals only what it offers
@KIND
@pytest.mark.parametrize("start", ["title", "deal of another game"])
def test_a_kiosk_offering_one_game_deals_only_that_game(display, storage, kind, start) -> None:
    """A desktop run left a game under way in every other game (one of them chosen); the
    kiosk offers ``kind`` alone, and is started on its title or with another game's
    ``--deal``. Through a new game, an idle reset and the next touches, every table
    dealt is ``kind``'s."""
    _desktop_games(storage, _others(kind))
    args = ["--deal", _others(kind)[0].code(7)] if start != "title" else []
    session = _kiosk(storage, *args, games=(kind.key,))
    dealt: list[str] = []

    def table() -> PlayScene:
        play = driver.scene
        assert isinstance(play, PlayScene)
        dealt.append(kind_of(play.game).key)
        return play

    try:
        driver = _driven(session)
        # --deal of a game the kiosk does not offer: `halfmoon` refuses it with one line
        # before the window opens (test_cli); a session opened with it shows the title.
        assert isinstance(driver.scene, TitleScene) and driver.scene.attract
        driver.touch(NOWHERE)
        table()
        _move(driver)
        _press(driver, "new")
        assert isinstance(driver.scene, ConfirmScene)
        _press(driver, "yes")
        table()
        _move(driver)
        driver.seconds(IDLE + COUNTDOWN + 1)  # nobody there: back to the attract screen
        assert isinstance(driver.scene, TitleScene) and driver.scene.attract
        driver.touch(NOWHERE)
        table()
        _move(driver)
        _press(driver, "menu")
        _press(driver, "new")
        _press(driver, "yes")
        table()
        assert dealt == [kind.key] * 4
        assert session.ctx.kind is kind
    finally:
        session.close()


# --------------------------------------------- the idle reset puts away every game
def _choose(driver: Driver, kind: GameKind) -> TitleScene:
    """The title's tile of ``kind`` touched (from the table: through Menu)."""
    if isinstance(driver.scene, PlayScene):
        _press(driver, "menu")
    title = driver.scene
    assert isinstance(title, TitleScene)
    _press(driver, f"game-{kind.key}")
    return title


@KIND
@pytest.mark.parametrize("where", ["at the table", "on another game's title"])
def test_the_idle_reset_puts_away_the_game_of_every_kind(display, storage, kind, where):
    """Players leave a game with a move in several games, ``kind``'s last, and walk away
    at its table, or on the title after touching a game they did not play. The idle
    reset puts every one away, each counted lost in its own statistics: afterwards none
    can be continued, in this run or the next."""
    left = _others(kind)[0] if where != "at the table" else None
    played = [other for other in _others(kind) if other is not left] + [kind]
    session = _kiosk(storage)
    try:
        driver = _driven(session)
        for game in played:
            _choose(driver, game)
            _new_with_a_move(driver)
            _move(driver)
        if left is not None:
            _choose(driver, left)  # a game nobody plays: the others are still under way
        driver.seconds(IDLE + COUNTDOWN + 1)
        title = driver.scene
        assert isinstance(title, TitleScene) and title.attract
        ctx = session.ctx
        for game in KINDS:
            _choose(driver, game)
            assert "continue" not in title.button_rects(), game.key  # disabled, in place
            assert not storage.path(game.save_file).exists(), game.key
            stats = ctx.of(game).stats
            expected = (1, 1) if game in played else (0, 0)
            assert (stats.played, stats.lost) == expected, game.key
    finally:
        session.close()
    again = open_context(_again(storage))
    assert again.in_progress() == []
    for game in KINDS:
        stats = again.of(game).stats
        assert (stats.played, stats.won, stats.lost) == ((1, 0, 1) if game in played else (0, 0, 0))
    assert again.storage.take_notice() is None


# ----------------------------------- statistics exact, whatever befell their file
def _two_moves_from(kind: GameKind, end: str) -> tuple[PlayedGame, list[tuple[str, ...]]]:
    """A table of ``kind`` two moves from its ``end`` ("won" or "stalemate"), and the taps
    of those moves (the first one ends nothing): the kind's script, its earlier moves
    made."""
    script = kind.script()
    text, moves = (
        (script.win, script.win_moves)
        if end == "won"
        else (script.stalemate, script.stalemate_moves)
    )
    game = kind.from_position(text)
    for slots in moves[:-2]:
        game.play(next(move for move in game.legal_moves() if tuple(move.slots) == slots))
    return game, list(moves[-2:])


EXPECTED = {
    "won": (1, 1, 0, 0),
    "abandoned": (1, 0, 1, 0),
    "stalemate": (1, 0, 1, 1),
    "idle reset": (1, 0, 1, 0),
}
"""Played, won, lost and stalemates after one game of each ending."""


@KIND
@pytest.mark.parametrize("ending", list(EXPECTED))
@pytest.mark.parametrize("befell", ["kept", "deleted", "damaged"])
def test_a_resumed_game_is_counted_once_and_the_statistics_read_back(
    display, storage, kind, ending, befell
):
    """A game with a move is saved on quit; its statistics file is kept, deleted or
    damaged; the next run continues the game and ends it (won; left for a new deal;
    stalemated, then left; put away by a kiosk's idle reset). The statistics count it
    once, played included, and a third run reads every statistics file back."""
    game, (first, last) = _two_moves_from(kind, "stalemate" if ending == "stalemate" else "won")
    ctx = open_context(_again(storage))
    driver = Driver(PlayScene(ctx, Flow(ctx), game), size=SIZE)
    driver.frames(2)
    _tap_move(driver, first)
    ctx.save_all()  # quit with the game under way
    path = storage.path(kind.statistics_file)
    assert Statistics.load(_again(storage), kind.statistics_file).played == 1
    if befell == "deleted":
        path.unlink()
    elif befell == "damaged":
        path.write_text('{"schema": 1, "played": "many"}')

    if ending == "idle reset":
        session = _kiosk(storage)
    else:
        session = Session.open(parse_args(["--lang", "en"]), None, _again(storage))
    try:
        driver = _driven(session)
        assert session.ctx.kind is kind
        _press(driver, "continue")
        assert isinstance(driver.scene, PlayScene)
        assert driver.scene.game.moves == game.moves
        if ending in ("won", "stalemate"):
            _tap_move(driver, last)
            driver.seconds(3)
            assert isinstance(driver.scene, WinScene if ending == "won" else StalemateScene)
        if ending == "stalemate":
            _press(driver, "new")
        elif ending == "abandoned":
            _press(driver, "new")
            _press(driver, "yes")
        elif ending == "idle reset":
            driver.seconds(IDLE + COUNTDOWN + 1)
            assert isinstance(driver.scene, TitleScene) and driver.scene.attract
    finally:
        session.close()

    again = open_context(_again(storage))
    for other in KINDS:
        again.of(other)
    assert again.storage.take_notice() is None  # every statistics file read as written
    stats = again.of(kind).stats
    assert (stats.played, stats.won, stats.lost, stats.stalemates) == EXPECTED[ending]
    assert again.in_progress() == []
    set_aside = list(path.parent.glob(f"{path.name}.bad-*"))
    assert len(set_aside) == (befell == "damaged")  # the damaged one, at the second run


# ------------------------------------ back at the table from another game's tile
@KIND
def test_back_from_the_menu_after_touching_another_game_the_table_still_saves(
    display, storage, kind
):
    """A player opens the menu during a game, touches another game's tile, and goes back
    with Esc: the table is the chosen game again, and its next move is saved (found by
    the monkey: tools/monkey.py --seed 3 --events 1654 --desktop)."""
    ctx = open_context(storage)
    play = PlayScene(ctx, Flow(ctx), kind.random(random.Random(5)))
    driver = Driver(play, size=SIZE)
    driver.frames(2)
    _move(driver)
    _choose(driver, _others(kind)[0])
    driver.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    assert driver.scene is play and ctx.kind is kind
    _move(driver)
    storage.flush()
    saved = SavedGame.load(_again(storage), kind)
    assert saved is not None and saved.game.position() == play.game.position()
    assert saved.game.moves == 2
