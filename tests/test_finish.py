"""Finish (issue 28, item 3), through real events: the bar's Finish appears exactly when
every card is face up and the home-only playout wins, never before; it plays the cards
home one by one, each an ordinary move, and ends in the one win; Undo stops it and takes
back one card; the Automatic finish setting plays it at once. Every kind that offers it
(``GameKind.finish``) is tested; a kind that does not never shows it."""

from __future__ import annotations

import random

import pytest
from crescent_helpers import ACE_UP, KING_DOWN, crescent_text, suit_run
from kind_scripts import make, table, win_game
from ui_helpers import pygame

from game.games.catalog import KINDS
from game.records.savegame import SavedGame
from game.records.settings import Settings
from game.records.statistics import Statistics
from game.rules import Outcome
from game.rules.errors import PositionError
from game.scenes.end import WinScene
from game.scenes.menus import SettingsScene
from game.scenes.play import PlayScene
from game.scenes.play_finish import FINISH_STEP

FINISHING = [kind for kind in KINDS if kind.finish is not None]
NOT_FINISHING = [kind for kind in KINDS if kind.finish is None]
by_kind = pytest.mark.parametrize("kind", FINISHING, ids=lambda k: k.key)


def _full(suit):
    """Both foundations of ``suit`` whole."""
    index = "CDHS".index(suit)
    return {f"F{index + 1}": suit_run(suit, KING_DOWN), f"F{index + 5}": suit_run(suit, ACE_UP)}


def _clubs_left(up, down):
    """Every suit home but clubs: its Ace foundation A ... ``up`` ranks, its King one K ...
    ``down`` ranks (counted from the King)."""
    return {
        **_full("D"),
        **_full("H"),
        **_full("S"),
        "F5": suit_run("C", ACE_UP[:up]),
        "F1": suit_run("C", KING_DOWN[:down]),
    }


def _position(kind, piles, up, down, redeals=0):
    """A position of ``kind`` (a Crescent): clubs left as :func:`_clubs_left`, the
    ``piles`` given; PositionError where the kind has no such position (a face-down card
    in Open Crescent)."""
    return kind.from_position(
        crescent_text(piles, _clubs_left(up, down), redeals=redeals, variant=kind.letter)
    )


STUCK = ({1: "QC KC", 2: "AC"}, 11, 12)
"""All face up, but playing home stalls: AC home, then KC waits on QC, which the Ace
foundation (at J) needs. KC onto AC first (a pile move) makes it a finish."""
HIDDEN = ({1: "(KC) QC", 2: "AC"}, 11, 12)
"""Home alone would win, but KC lies face down under QC."""
FIVE = ({1: "JC 9C", 2: "QC", 3: "KC 10C", 4: "AC 4C", 5: "2C 3C"}, 8, 9)
"""Nine clubs left in five piles, all face up: playing home wins (nine moves)."""


def _names(play):
    """The bar's buttons as shown now, left to right."""
    return [button.name for button in play.frame().buttons]


def _finish_point(play):
    """Where Finish is (the place of its kind's ``finish`` button)."""
    return play.layout.buttons[play.kind.finish].center


def _until(driver, done, seconds=8.0):
    for _ in range(round(seconds * 60)):
        if done():
            return
        driver.frames(1)
    raise AssertionError(f"not done after {seconds} s")


def _press_finish(driver, how):
    play = driver.scene
    if how == "click":
        driver.click(_finish_point(play))
    elif how == "touch":
        driver.touch(_finish_point(play))
    else:
        driver.key(pygame.K_f)


# ----------------------------------------------------------------- when it shows
@by_kind
def test_finish_is_not_offered_while_playing_home_stalls_and_is_after_the_move_that_frees_it(
    display, ctx, kind
):
    piles, up, down = STUCK
    game = _position(kind, piles, up, down)
    driver = table(ctx, game)
    play = driver.scene
    assert "finish" not in _names(play) and kind.finish in _names(play)
    driver.key(pygame.K_f)  # nothing to finish: nothing moves
    driver.click(_finish_point(play))  # the place is its own button (Redeal, none left)
    driver.seconds(0.5)
    assert game.moves == 0
    make(driver, ("1", "2"))  # KC onto AC
    assert game.moves == 1 and game.outcome is None
    names = _names(play)
    assert "finish" in names and kind.finish not in names
    assert names.index("finish") == list(play.layout.buttons).index(kind.finish)
    driver.seconds(1.0)
    assert game.moves == 1  # offered, not played (Automatic finish is off)


@by_kind
def test_finish_is_not_offered_while_a_card_is_face_down(display, ctx, kind):
    piles, up, down = HIDDEN
    try:
        game = _position(kind, piles, up, down)
    except PositionError:
        pytest.skip(f"{kind.name} deals every card face up")
    driver = table(ctx, game)
    play = driver.scene
    assert "finish" not in _names(play)
    make(driver, ("1", "F5"))  # QC home turns KC up
    assert game.moves == 1 and game.pile(1) == (game.top(1),)
    assert "finish" in _names(play)


@pytest.mark.parametrize("kind", NOT_FINISHING, ids=lambda k: k.key)
def test_a_kind_without_finish_never_shows_it(display, ctx, kind):
    game, moves = win_game(kind)
    driver = table(ctx, game)
    play = driver.scene
    for move in moves[:-1]:
        assert "finish" not in _names(play)
        make(driver, move)
    before = game.moves
    driver.key(pygame.K_f)
    driver.seconds(0.5)
    assert game.moves == before and "finish" not in _names(play)


def _independent_playout(text):
    """Whether the home-only playout wins the position ``text``, worked out here from
    the text alone: None with a card face down; else repeatedly the first pile (1 ... 16)
    whose top card a foundation takes goes to the first that takes it (F1 ... F8)."""
    piles, tops = {}, {}
    for line in text.splitlines():
        key, _colon, value = line.partition(":")
        words = value.split()
        if key.isdigit():
            if any(word.startswith("(") for word in words):
                return None
            piles[int(key)] = [] if words == ["-"] else [(w[:-1], w[-1]) for w in words]
        elif key.startswith("F"):
            tops[key] = words[-1][:-1] if len(words) < 13 else None
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

    def takes(foundation, rank, suit):
        number = int(foundation[1:])
        if "CDHS"[(number - 1) % 4] != suit or tops[foundation] is None:
            return False
        step = -1 if number <= 4 else 1
        return order.index(rank) == order.index(tops[foundation]) + step

    moved = True
    while moved:
        moved = False
        for number in range(1, 17):
            pile = piles[number]
            if not pile:
                continue
            rank, suit = pile[-1]
            home = next((f"F{n}" for n in range(1, 9) if takes(f"F{n}", rank, suit)), None)
            if home is not None:
                pile.pop()
                last = "K" if int(home[1:]) > 4 else "A"  # an Ace foundation ends on a King
                tops[home] = None if rank == last else rank
                moved = True
                break
    return not any(piles.values())


def _unplayed(rng, kind):
    """A random position of ``kind``: from a won table, cards taken off the foundations'
    tops one at a time onto random piles (so some order of home moves wins), then perhaps
    two cards swapped and perhaps a pile's bottom cards face down."""
    runs = {}
    for k, suit in enumerate("CDHS"):
        runs[f"F{k + 1}"] = [f"{'10' if r == 'T' else r}{suit}" for r in KING_DOWN]
        runs[f"F{k + 5}"] = [f"{'10' if r == 'T' else r}{suit}" for r in ACE_UP]
    piles = {n: [] for n in range(1, 17)}
    used = rng.sample(range(1, 17), rng.randint(1, 16))
    for _ in range(rng.randint(1, 40)):
        name = rng.choice([f for f, run in runs.items() if len(run) > 1])
        piles[rng.choice(used)].append(runs[name].pop())
    cards = [(n, i) for n, pile in piles.items() for i in range(len(pile))]
    for _swap in range(rng.choice([0, 0, 1, 2, 3]) if len(cards) > 1 else 0):
        (a, i), (b, j) = rng.sample(cards, 2)
        piles[a][i], piles[b][j] = piles[b][j], piles[a][i]
    hidden = rng.random() < 0.25
    words = {}
    for n, pile in piles.items():
        down = rng.randint(1, len(pile) - 1) if hidden and len(pile) > 1 and n == used[0] else 0
        words[n] = " ".join([f"({c})" for c in pile[:down]] + pile[down:])
    foundations = {name: " ".join(run) for name, run in runs.items()}
    return crescent_text(words, foundations, variant=kind.letter, redeals=rng.randint(0, 3))


@by_kind
def test_finish_shows_exactly_when_an_independent_playout_wins_over_random_positions(
    display, ctx, flow, kind
):
    rng = random.Random(f"finish-{kind.key}")
    driver = table(ctx, _position(kind, *FIVE))
    seen = {True: 0, False: 0, None: 0}
    tried = 0
    while tried < 200:
        text = _unplayed(rng, kind)
        try:
            game = kind.from_position(text)
        except PositionError:
            continue  # a face-down card in Open Crescent, or too many redeals
        tried += 1
        expected = _independent_playout(game.position())
        seen[expected] += 1
        driver.loop.switch(flow.play(game))
        driver.frames(1)
        play = driver.scene
        assert isinstance(play, PlayScene) and play.game is game
        assert ("finish" in _names(play)) is bool(expected), text
        if expected and seen[True] <= 5:  # and what it offers wins: Finish to the end
            driver.click(_finish_point(play))
            _until(driver, lambda g=game: g.outcome is Outcome.WON)
            _until(driver, lambda: isinstance(driver.scene, WinScene))
    assert seen[True] >= 20 and seen[False] >= 20, seen  # both kinds of position met


# ------------------------------------------------------------------ playing it
@by_kind
@pytest.mark.parametrize("how", ["click", "touch", "keys"])
def test_finish_plays_the_cards_home_one_by_one_and_ends_in_one_win(
    display, ctx, storage, kind, how
):
    game = _position(kind, *FIVE)
    driver = table(ctx, game)
    play = driver.scene
    _press_finish(driver, how)
    driver.frames(1)
    assert game.moves == 1 and len(play.motions) == 1  # one card on its way
    seen = {game.moves}
    for _ in range(int(9 * FINISH_STEP * 60) + 30):
        driver.frames(1)
        seen.add(game.moves)
        if game.outcome is not None:
            break
    assert game.outcome is Outcome.WON and seen == set(range(1, 10))  # one card a move
    assert isinstance(driver.scene, PlayScene)  # the celebration, then the win panel
    _until(driver, lambda: isinstance(driver.scene, WinScene))
    stats = Statistics.load(storage, kind.statistics_file)
    assert (stats.played, stats.won, stats.lost, stats.total_score) == (1, 1, 0, 480)
    assert stats.recent == ["W480"] and not storage.path(kind.save_file).exists()
    driver.seconds(1.0)
    again = Statistics.load(storage, kind.statistics_file)
    assert (again.played, again.won) == (1, 1)  # counted once


@by_kind
@pytest.mark.parametrize("how", ["keys", "click"])
def test_undo_during_finish_stops_it_and_takes_back_the_last_card_home(
    display, ctx, storage, kind, how
):
    game = _position(kind, *FIVE)
    driver = table(ctx, game)
    play = driver.scene
    _press_finish(driver, "click")
    _until(driver, lambda: game.moves == 2)
    two = game.position()
    _until(driver, lambda: game.moves == 3)
    if how == "keys":
        driver.key(pygame.K_BACKSPACE)
    else:
        driver.click(play.layout.buttons["undo"].center)
    assert game.moves == 2 and game.position() == two
    driver.seconds(1.0)
    assert game.moves == 2 and not play.finisher.active  # it stopped
    assert "finish" in _names(play)  # and is offered again
    assert SavedGame.load(storage, kind).game.position() == two  # saved as any move is
    driver.key(pygame.K_BACKSPACE)
    assert game.moves == 1 and game.can_redo()


def test_a_press_on_the_table_stops_a_finish_where_it_is(display, ctx):
    kind = FINISHING[0]
    game = _position(kind, *FIVE)
    driver = table(ctx, game)
    play = driver.scene
    driver.click(_finish_point(play))
    _until(driver, lambda: game.moves == 2)
    felt = next(
        (x, y)
        for y in range(2, play.size[1], 7)
        for x in range(2, play.size[0], 7)
        if play.layout.hit_slot((x, y)) is None and play.layout.hit_button((x, y)) is None
    )
    driver.click(felt)
    stopped = game.moves
    driver.seconds(1.0)
    assert game.moves == stopped and game.outcome is None


# ---------------------------------------------------------- Automatic finish
@by_kind
@pytest.mark.parametrize("auto_home", [False, True])
def test_automatic_finish_plays_at_once_after_the_move_that_makes_it_one(
    display, ctx, storage, kind, auto_home
):
    ctx.settings.auto_finish = True
    ctx.settings.auto_home = auto_home
    piles, up, down = STUCK
    game = _position(kind, piles, up, down)
    driver = table(ctx, game)
    driver.seconds(0.5)
    assert game.moves == 0  # nothing to finish yet
    make(driver, ("1", "2"))  # KC onto AC: now home alone wins
    _until(driver, lambda: isinstance(driver.scene, WinScene))
    assert game.outcome is Outcome.WON
    stats = Statistics.load(storage, kind.statistics_file)
    assert (stats.played, stats.won, stats.lost) == (1, 1, 0)


def test_automatic_finish_is_a_setting_off_by_default_on_the_settings_screen(
    display, ctx, flow, storage
):
    from ui_helpers import Driver

    assert Settings().auto_finish is False
    settings = flow.settings(flow.title())
    assert isinstance(settings, SettingsScene)
    driver = Driver(settings, size=(1280, 720))
    label = dict(settings.entries())["auto_finish"]
    assert settings.label("auto_finish", label) == "Automatic finish: off"
    rect = settings.button_rects().get("auto_finish")
    if rect is None:  # below the fold: the keyboard reaches it
        while settings.focus != "auto_finish":
            driver.key(pygame.K_TAB)
        driver.key(pygame.K_RETURN)
    else:
        driver.click(rect.center)
    assert ctx.settings.auto_finish is True
    assert Settings.load(storage).auto_finish is True


# ----------------------------------------------------------------------- its cost
def _full_table_won_by_playing_home():
    """Open Crescent with all 96 cards in the piles, face up, in an order that playing
    home wins: each suit's 2 ... K up and Q ... A down, alternately, spread over the
    piles so that each next card is on another pile than the one before."""
    order = []
    for suit in "CDHS":
        for k in range(12):
            order += [suit_run(suit, ACE_UP[k + 1]), suit_run(suit, KING_DOWN[k + 1])]
    piles = {n: [] for n in range(1, 17)}
    for index, card in enumerate(order):
        piles[16 - index % 16].insert(0, card)  # the first to go home on top
    return crescent_text({n: " ".join(cards) for n, cards in piles.items()}, variant="O")


def test_the_playout_costs_well_under_a_few_milliseconds_on_a_full_table():
    import time

    from game.games.crescent.finish import finish_moves
    from game.rules import Crescent

    table_ = Crescent.from_position(_full_table_won_by_playing_home()).table
    assert sum(map(len, table_.piles)) == 96 and not any(table_.face_down)
    moves = finish_moves(table_)
    assert moves is not None and len(moves) == 96  # the longest playout there is
    times = []
    for _ in range(21):
        start = time.perf_counter()
        finish_moves(table_)
        times.append(time.perf_counter() - start)
    assert sorted(times)[10] < 0.005, f"median {sorted(times)[10] * 1000:.2f} ms"


@by_kind
def test_r_redeals_only_while_the_bar_shows_redeal(display, ctx, kind):
    """With redeals left and Finish shown in Redeal's place, R does nothing (the player
    sees no Redeal); where the bar shows Redeal, R redeals."""
    game = _position(kind, *FIVE, redeals=2)
    driver = table(ctx, game)
    play = driver.scene
    assert "finish" in _names(play) and kind.finish not in _names(play)
    before = game.position()
    driver.key(pygame.K_r)
    driver.seconds(0.5)
    assert game.moves == 0 and game.position() == before
    stuck = _position(kind, *STUCK, redeals=2)
    driver = table(ctx, stuck)
    assert kind.finish in _names(driver.scene)
    driver.key(pygame.K_r)
    assert stuck.moves == 1  # a redeal


def _finish_frames(driver, game):
    """Press Finish; the frames until the last card is home and none is in motion, and
    whether a card was drawn flying in any of them."""
    play = driver.scene
    driver.click(_finish_point(play))
    frames, flew = 1, bool(play.frame().sprites)
    while game.outcome is None or play.motions:
        driver.frames(1)
        frames += 1
        flew = flew or bool(play.frame().sprites)
        assert frames < 600
    return frames, flew


@by_kind
def test_the_animation_speed_paces_the_finish(display, ctx, kind):
    """Fast animations play a finish in about half the frames of normal ones; with
    animations off the cards go home with no card flying, still one move a card."""
    frames = {}
    for speed in ("normal", "fast", "off"):
        ctx.settings.animations = speed
        game = _position(kind, *FIVE)
        driver = table(ctx, game)
        frames[speed], flew = _finish_frames(driver, game)
        assert game.outcome is Outcome.WON and game.moves == 9
        assert flew == (speed != "off"), speed
    assert 0.4 <= frames["fast"] / frames["normal"] <= 0.6, frames
    assert frames["off"] <= frames["fast"], frames


@by_kind
def test_with_animations_off_each_card_of_a_finish_is_a_move_undone_alone(display, ctx, kind):
    ctx.settings.animations = "off"
    game = _position(kind, *FIVE)
    driver = table(ctx, game)
    play = driver.scene
    driver.click(_finish_point(play))
    seen = {game.moves}
    while game.moves < 4:
        driver.frames(1)
        assert not play.frame().sprites  # no card flies
        seen.add(game.moves)
    assert seen == {1, 2, 3, 4}  # one card a move
    driver.key(pygame.K_BACKSPACE)
    assert game.moves == 3 and not play.finisher.active
