"""Every game on every path that deals: code entry, the discard question, ``--deal``.

Issue 25, seam defects 1 and 2: the code entry showed Half Moon's prefix whatever game was
chosen and turned a Crescent code into a Half Moon one; entering a code of a game other
than the chosen one threw that game's game in progress away unasked, and so did
``halfmoon --deal``. Every test here runs over every kind of the registry.
"""

from __future__ import annotations

import itertools
import random

import pytest
from ui_helpers import Driver, pygame

from game.games.catalog import KINDS, kind_of
from game.records.kiosk import KioskConfig
from game.records.statistics import Statistics
from game.scenes.code_entry import CodeEntryScene
from game.scenes.dialogs import ConfirmScene
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.table.layout import compute_layout

SIZE = (800, 600)
PAIRS = list(itertools.product(KINDS, KINDS))
PAIR_IDS = [f"{a.key}-then-{b.key}" for a, b in PAIRS]


def _kind_id(kind):
    return kind.key


def _title(ctx, kind):
    """The title screen with ``kind`` chosen by a click on its tile (or alone offered)."""
    driver = Driver(TitleScene(ctx, Flow(ctx)), size=SIZE)
    driver.frames(2)
    tile = driver.scene.button_rects().get(f"game-{kind.key}")
    if tile is not None:
        driver.click(tile.center)
        driver.frames(1)
    assert ctx.kind is kind
    return driver


def _code_entry(ctx, kind):
    """The code entry reached from the title with ``kind`` chosen, by clicks."""
    driver = _title(ctx, kind)
    driver.click(driver.scene.button_rects()["code"].center)
    driver.frames(2)
    assert isinstance(driver.scene, CodeEntryScene)
    return driver


def _leaves_it_going(game, slots):
    """Whether the move that touches ``slots`` leaves the game going (tried on a copy)."""
    copy = kind_of(game).from_dict(game.to_dict())
    copy.play(next(move for move in copy.legal_moves() if tuple(move.slots) == slots))
    return copy.outcome is None


def _a_game_with_a_move(ctx, kind):
    """A deal of ``kind`` (seeded) with one move made through its board's taps on the
    slots the move names, a move that leaves the game going (a deal without one is dealt
    again: an Elevens deal may have none, or be stuck after its first move)."""
    layout = compute_layout(*SIZE, kind.table)
    rng = random.Random(kind.key)
    for _ in range(100):
        game = kind.random(rng)
        moves = [move.slots for move in game.legal_moves() if move.slots]
        going = [slots for slots in moves if _leaves_it_going(game, slots)]
        if not going:
            continue
        board = kind.board(game)
        for slot in going[0]:
            board.tap(slot, layout, ctx.settings)
        assert game.moves == 1 and game.outcome is None, (game, going[0])
        return game
    raise AssertionError(f"100 deals of {kind.key} without a move")


def _under_way(ctx, kind):
    """``kind``'s game in progress, with a move, as the app keeps it (saved, counted)."""
    game = _a_game_with_a_move(ctx, kind)
    ctx.begin(game)
    ctx.first_move()  # counted as played, as the play scene does on the first move
    ctx.save_game()
    assert ctx.of(kind).game is game and kind_of(game) is kind
    return game


def _type(driver, text):
    driver.post(pygame.TEXTINPUT, text=text)


# ------------------------------------------------------------- 1. code entry
@pytest.mark.parametrize("kind", KINDS, ids=_kind_id)
def test_the_code_field_shows_the_chosen_games_prefix_and_seven_letters_play_it(display, ctx, kind):
    driver = _code_entry(ctx, kind)
    assert driver.scene.text == kind.prefix
    _type(driver, "aaaaaab")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayScene)
    assert driver.scene.game.code == kind.code(1) and kind_of(driver.scene.game) is kind


FORMS = {
    "pasted": lambda code: code,
    "lower case, spaces for dashes": lambda code: " " + " ".join(code.lower().split("-")) + " ",
    "spaces in it": lambda code: f" {code[:3]} - {code[4]} -{code[6:9]} {code[9:]} ",
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("chosen", "coded"), PAIRS, ids=PAIR_IDS)
def test_a_whole_code_of_any_game_plays_exactly_that_game_and_deal(
    display, ctx, chosen, coded, form
):
    code = coded.code(12345)
    driver = _code_entry(ctx, chosen)
    _type(driver, FORMS[form](code))
    assert driver.scene.text == code and not driver.scene.error
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayScene)
    assert driver.scene.game.code == code and kind_of(driver.scene.game) is coded


@pytest.mark.parametrize(("chosen", "coded"), PAIRS, ids=PAIR_IDS)
def test_a_code_typed_key_by_key_picks_its_game_by_its_prefix(display, ctx, chosen, coded):
    code = coded.code(7)
    driver = _code_entry(ctx, chosen)
    for char in code:
        _type(driver, char)
    assert driver.scene.text == code
    driver.key(pygame.K_RETURN)
    assert driver.scene.game.code == code


@pytest.mark.parametrize(("offered", "coded"), PAIRS, ids=PAIR_IDS)
def test_a_kiosk_refuses_a_code_of_a_game_it_does_not_offer_in_one_clear_line(
    display, ctx, offered, coded
):
    ctx.kiosk = KioskConfig(games=(offered.key,))
    ctx.choose(offered)  # as a kiosk session starts
    driver = _code_entry(ctx, offered)
    _type(driver, coded.code(99))
    scene = driver.scene
    if coded is not offered:
        line = scene.error.format(**scene.error_args)
        assert line == f"{coded.name} is not offered here"
        assert scene.text == offered.prefix  # the field still shows the offered game
    driver.key(pygame.K_RETURN)
    if coded is offered:
        assert isinstance(driver.scene, PlayScene) and driver.scene.game.code == coded.code(99)
    else:
        assert driver.scene is scene and ctx.of(coded).game is None


# ------------------------------------------------- 2. the discard question
@pytest.mark.parametrize(("chosen", "playing"), PAIRS, ids=PAIR_IDS)
def test_a_code_never_throws_away_a_game_under_way_unasked(display, ctx, chosen, playing):
    game = _under_way(ctx, playing)
    played = ctx.of(playing).stats.played
    driver = _code_entry(ctx, chosen)
    _type(driver, playing.code(4242))
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, ConfirmScene)
    assert ctx.of(playing).stats.lost == 0 and ctx.of(playing).game is game
    driver.seconds(0.5)  # the panel's guard against a double tap
    driver.key(pygame.K_RETURN)  # the default answer: Keep playing
    assert isinstance(driver.scene, PlayScene)
    assert driver.scene.game is game  # back to the game, not to the code screen
    stats = ctx.of(playing).stats
    assert (stats.played, stats.lost) == (played, 0)


@pytest.mark.parametrize(("chosen", "playing"), PAIRS, ids=PAIR_IDS)
def test_the_players_yes_deals_the_code_and_counts_the_old_game_lost(display, ctx, chosen, playing):
    _under_way(ctx, playing)
    driver = _code_entry(ctx, chosen)
    _type(driver, playing.code(4242))
    driver.key(pygame.K_RETURN)
    driver.seconds(0.5)
    driver.key(pygame.K_y)
    assert isinstance(driver.scene, PlayScene) and driver.scene.game.code == playing.code(4242)
    assert ctx.of(playing).stats.lost == 1
    assert Statistics.load(ctx.storage, playing.statistics_file).lost == 1


@pytest.mark.parametrize("kind", KINDS, ids=_kind_id)
def test_deal_on_the_command_line_asks_before_a_saved_game_of_its_kind_goes(
    display, tmp_path, kind
):
    from game.look.i18n import set_language
    from game.records.context import Context
    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    storage = Storage(tmp_path / "config", tmp_path / "data")
    ctx = Context.open(storage)
    ctx.settings.language = "en"
    ctx.apply_settings()
    saved = _under_way(ctx, kind)
    moves = saved.moves
    args = parse_args(["--deal", kind.code(31337), "--window", "800x600", "--lang", "en"])
    session = Session.open(args, None, Storage(tmp_path / "config", tmp_path / "data"))
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        assert isinstance(driver.scene, ConfirmScene)
        assert Statistics.load(storage, kind.statistics_file).lost == 0
        driver.seconds(0.5)
        driver.key(pygame.K_RETURN)  # Keep playing: the saved game, where it was
        assert isinstance(driver.scene, PlayScene)
        assert driver.scene.game.code == saved.code and driver.scene.game.moves == moves
    finally:
        session.ctx.save_all()
        set_language("en")
    assert Statistics.load(storage, kind.statistics_file).lost == 0


@pytest.mark.parametrize(("offered", "coded"), [p for p in PAIRS if p[0] is not p[1]], ids=str)
def test_a_kiosk_started_with_a_deal_it_does_not_offer_exits_with_one_line(
    tmp_path, capsys, offered, coded
):
    from game.shell.app import main

    config = tmp_path / "kiosk.toml"
    config.write_text(f'games = ["{offered.key}"]\n', encoding="utf-8")
    status = main(["--kiosk-config", str(config), "--deal", coded.code(5)])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1
    assert err.startswith("halfmoon: error: --deal ") and coded.name in err
