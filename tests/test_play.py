"""Playing through the real loop and scenes with posted mouse, touch and key events."""

import pytest
from conftest import fixture_text
from kind_scripts import SMALL, keys_to, make, table, tap, win_game
from kind_scripts import under_way as game_under_way
from ui_helpers import Driver, pygame

from game.games.catalog import kind_of
from game.rules import Game, Outcome
from game.rules.solver import solve
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.end import WinScene
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

WON_DEAL = "HM1-N-AAAAAAB"


@pytest.fixture(scope="module")
def winning_line():
    """A winning line for WON_DEAL, found once for the module."""
    return solve(Game.from_code(WON_DEAL)).line


@pytest.fixture
def whole_game(display, ctx, winning_line):
    """Play WON_DEAL's winning line with ``press(driver, play, slot)``; return the driver."""

    def play_through(press):
        play = PlayScene(ctx, Flow(ctx), Game.from_code(WON_DEAL))
        driver = Driver(play)
        for removal in winning_line:
            for slot in removal.slots:
                press(driver, play, slot)
        assert play.game.outcome is Outcome.WON
        assert (play.game.score, play.game.moves) == (520, 48)
        driver.seconds(2)
        assert isinstance(driver.scene, WinScene)
        return driver

    return play_through


@pytest.fixture
def under_way(display, ctx, kind):
    """A game of ``kind`` a move from a win (tests/kind_scripts): the driver, its table,
    the position before the first move and the winning move."""
    driver, _game, start, last = game_under_way(ctx, kind)
    return driver, driver.scene, start, last


@pytest.fixture
def seeds(display, ctx):
    """The seeds' deal, before its first move, on a 1280x720 table."""
    play = PlayScene(ctx, Flow(ctx), Game.from_position(fixture_text("seeds-start.txt")))
    return Driver(play), play


def test_clicking_a_card_selects_it_and_clicking_again_deselects(seeds):
    driver, play = seeds
    driver.click_slot("R6")
    assert play.game.selection == ("R6",)
    driver.click_slot("R6")
    assert play.game.selection == ()


def test_clicking_a_pair_removes_it_and_reveals_the_card_beneath(seeds):
    driver, play = seeds
    driver.click_slot("1")
    driver.click_slot("8")
    assert play.game.moves == 1 and play.game.score == 10
    assert str(play.game.top("8")) == "JC"
    assert play.animating  # the removed cards fly away ...
    driver.seconds(0.3)
    assert not play.flying  # ... in about a quarter of a second


def test_a_triple_is_removed_on_the_third_click(seeds):
    driver, play = seeds
    for slot in ("1", "8", "8", "5"):
        driver.click_slot(slot)
    assert play.game.moves == 1
    driver.click_slot("3")
    assert play.game.moves == 2 and play.game.score == 25


def test_two_kings_the_second_click_becomes_the_selection(seeds):
    driver, play = seeds
    driver.click_slot("3")
    driver.click_slot("12")
    assert play.game.selection == ("12",)


def test_move_errors_shows_why_and_fades(seeds):
    driver, play = seeds
    play.ctx.settings.move_errors = True
    driver.click_slot("R6")
    driver.click_slot("2")
    assert play.message is not None and play.message[0] == "The sum must be 11"
    driver.seconds(2.5)
    assert play.message is None


def test_without_move_errors_no_message_appears(seeds):
    driver, play = seeds
    driver.click_slot("R6")
    driver.click_slot("2")
    assert play.message is None and play.game.selection == ()


def test_placement_aid_darkens_the_cards_that_cannot_combine(seeds):
    driver, play = seeds
    driver.click_slot("1")  # 5S: only the 6s combine (6D on pile 8, 6S in R2)
    plain = driver.screen.get_at(play.layout.slots["2"].center)
    play.ctx.settings.placement_aid = True
    play.dirty = True
    driver.frames(1)
    dimmed = driver.screen.get_at(play.layout.slots["2"].center)
    kept = driver.screen.get_at(play.layout.slots["R2"].center)
    assert sum(dimmed[:3]) < sum(plain[:3]) * 0.7
    assert sum(kept[:3]) > sum(dimmed[:3])


def test_undo_button_ctrl_z_and_backspace_restore_the_table(display, ctx, kind):
    game, moves = win_game(kind)
    start = game.position()
    driver = table(ctx, game)
    play = driver.scene
    undos = [
        lambda: driver.click(play.layout.buttons["undo"].center),
        lambda: driver.key(pygame.K_z, pygame.KMOD_LCTRL),
        lambda: driver.key(pygame.K_BACKSPACE),
    ]
    for undo in undos:
        make(driver, moves[0])
        assert game.moves == 1 and game.position() != start
        undo()
        assert game.position() == start and game.moves == 0


def test_a_touch_selects_once_although_sdl_also_sends_a_mouse_click(seeds):
    driver, play = seeds
    driver.touch(play.layout.slots["R6"].center)
    assert play.game.selection == ("R6",)  # a double count would have deselected it
    driver.touch(play.layout.slots["R2"].center)
    assert play.game.moves == 1


def test_keyboard_play_arrows_move_the_focus_and_space_taps(seeds):
    driver, play = seeds
    driver.key(pygame.K_SPACE)
    assert play.focus is not None
    seen = set()
    for key in [pygame.K_RIGHT] * 6 + [pygame.K_DOWN] * 3 + [pygame.K_LEFT] * 6:
        driver.key(key)
        seen.add(play.focus)
    assert len(seen) >= 6
    driver.key(pygame.K_RETURN)
    assert play.game.selection == (play.focus,)


def test_the_clock_starts_at_the_first_tap_pauses_without_focus_and_stops_at_the_end(
    display, ctx, kind
):
    game, moves = win_game(kind)
    driver = table(ctx, game)
    play = driver.scene
    driver.seconds(2)
    assert play.elapsed == 0
    tap(driver, moves[0][0])  # a card: the clock runs from here
    driver.seconds(3)
    assert 2.9 < play.elapsed < 3.2
    driver.post(pygame.WINDOWFOCUSLOST)
    driver.seconds(5)
    assert play.elapsed < 3.2
    driver.post(pygame.WINDOWFOCUSGAINED)
    driver.seconds(1)
    assert 3.9 < play.elapsed < 4.3
    for slot in moves[0][1:]:  # the move the first tap began, then the rest: a win
        tap(driver, slot)
    for move in moves[1:]:
        make(driver, move)
    assert game.outcome is Outcome.WON
    stopped = play.elapsed
    driver.seconds(1)
    assert play.elapsed == stopped


def test_new_game_asks_first_when_a_game_is_under_way(under_way, kind):
    driver, play, _start, _last = under_way
    moves = play.game.moves
    driver.key(pygame.K_n)
    assert isinstance(driver.scene, ConfirmScene) and driver.scene.under is play
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is play
    driver.key(pygame.K_n)
    driver.key(pygame.K_RETURN)  # the safe answer is the default: keep playing
    assert driver.scene is play and play.game.moves == moves
    driver.click(play.layout.buttons["new"].center)
    question = driver.scene
    assert isinstance(question, ConfirmScene)
    driver.click(question.buttons()["yes"].center)  # too soon after it appeared
    assert driver.scene is question
    driver.seconds(DIALOG_GUARD)
    driver.click(question.buttons()["yes"].center)
    assert isinstance(driver.scene, PlayScene) and driver.scene is not play
    assert driver.scene.game.moves == 0 and kind_of(driver.scene.game) is kind


def test_escape_opens_the_menu_and_continue_comes_back(under_way):
    driver, play, _start, _last = under_way
    position = play.game.position()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)
    assert driver.scene.entries()[0] == ("continue", "Continue")
    driver.key(pygame.K_RETURN)
    assert driver.scene is play and play.game.position() == position


def test_resize_and_focus_events_mid_game_keep_the_game_intact(under_way):
    driver, play, _start, last = under_way
    for slot in last[:-1]:  # the winning move but its last tap: a card selected
        tap(driver, slot)
    before = (play.game.position(), play.board.selected(), play.game.score)
    assert play.board.selected() == last[:-1]
    for size in [(800, 600), (1920, 1080), (1080, 1920), SMALL]:
        driver.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        assert play.layout.size == size
        driver.post(pygame.WINDOWFOCUSLOST)
        driver.post(pygame.WINDOWFOCUSGAINED)
    assert (play.game.position(), play.board.selected(), play.game.score) == before
    tap(driver, last[-1])  # the move's last tap, at the new size
    assert play.game.outcome is Outcome.WON


def test_a_whole_game_won_by_clicks_reaches_the_win_scene_with_520_and_48(whole_game):
    driver = whole_game(lambda driver, play, slot: driver.click_slot(slot))
    assert "Score 520 \u00b7 Moves 48" in driver.scene.lines()
    driver.seconds(DIALOG_GUARD)
    driver.click(driver.scene.buttons()["replay"].center)
    assert isinstance(driver.scene, PlayScene) and driver.scene.game.code == WON_DEAL


def test_an_idle_table_redraws_only_for_the_clock(under_way):
    driver, play, _start, _last = under_way
    assert play.clock_running
    driver.seconds(1.5)
    draws = driver.loop.draws
    driver.seconds(10)
    assert driver.loop.draws - draws <= 11  # once a second, for the clock


def test_a_whole_game_can_be_played_with_the_keyboard_only(whole_game):
    def press(driver, play, slot):
        if play.focus is None or play.game.top(play.focus) is None:
            driver.key(pygame.K_SPACE)  # shows the focus again
        for key in keys_to(play, slot):
            driver.key(key)
        assert play.focus == slot
        driver.key(pygame.K_SPACE)

    whole_game(press)


def test_a_whole_game_can_be_played_by_touch_only(whole_game):
    whole_game(lambda driver, play, slot: driver.touch(play.layout.slots[slot].center))


def test_the_loop_slows_to_ten_frames_a_second_and_rests_only_once_idle(display, ctx) -> None:
    import time
    from itertools import pairwise

    from game.shell.loop import ACTIVE_AFTER_INPUT, IDLE_FPS, Loop

    pygame.display.set_mode((800, 600))
    sim = [0.0]

    def clock():  # every frame is a tenth of a second of game time, whatever it really took
        sim[0] += 0.1
        return sim[0]

    loop = Loop(PlayScene(ctx, Flow(ctx), Game.from_code(WON_DEAL)), clock=clock)
    rests: list[tuple[float, float]] = []
    loop.on_idle = lambda: rests.append((loop.sim_time, time.perf_counter()))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=()))
    loop.run(max_frames=25)
    assert rests, "the table went idle"
    assert rests[0][0] > ACTIVE_AFTER_INPUT  # never while input is fresh
    gaps = [b[1] - a[1] for a, b in pairwise(rests)]
    # Idle frames are paced at IDLE_FPS (a sleep never returns early; allow some slack).
    assert sum(gaps) / len(gaps) >= 0.8 / IDLE_FPS


class _FakeWaiter:
    """Stands in for the X11 socket: each idle sleep passes on a fake clock at once."""

    available = True

    def __init__(self):
        self.now = 0.0
        self.sleeps = []

    def clock(self):
        self.now += 1 / 60  # each frame takes a sixtieth of a second
        return self.now

    def wait(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds
        return False


def test_where_input_can_wake_it_the_idle_loop_sleeps_until_the_clocks_next_second(display, ctx):
    from game.shell.loop import Loop

    pygame.display.set_mode((800, 600))
    game = Game.from_code(WON_DEAL)
    play = PlayScene(ctx, Flow(ctx), game)
    waiter = _FakeWaiter()
    loop = Loop(play, clock=waiter.clock)
    loop.waiter = waiter
    for slot in game.legal_removals()[0].slots:  # a move: the clock runs
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEBUTTONDOWN,
                pos=play.layout.slots[slot].center,
                button=1,
                touch=False,
            )
        )
        loop.frame(1 / 60)
    assert play.clock_running
    started, clock_before, draws = waiter.now, play.elapsed, loop.draws
    loop.run(max_frames=loop.frames + 90)  # a second at full rate, then idle
    assert waiter.sleeps, "the loop went idle and slept"
    assert max(waiter.sleeps) <= 1.02  # never past the clock's next second
    assert sum(s > 0.4 for s in waiter.sleeps) >= 10  # long sleeps, not a polling rate
    # Sleeping is not a stall: the game clock kept time (the run ended with a frame).
    passed = waiter.now - started
    assert play.elapsed - clock_before == pytest.approx(passed, abs=0.05)
    # The clock's display changed every second, each time right after the second.
    assert loop.draws - draws >= int(passed) - 1


def test_the_waiter_wakes_at_once_for_input_and_otherwise_sleeps_the_time_given():
    import os
    import time

    from game.platform.x11 import InputWaiter

    read_end, write_end = os.pipe()
    try:
        waiter = InputWaiter(read_end)
        assert waiter.available
        started = time.perf_counter()
        assert waiter.wait(0.2) is False
        assert time.perf_counter() - started >= 0.19
        os.write(write_end, b"x")  # input arrives
        started = time.perf_counter()
        assert waiter.wait(5.0) is True
        assert time.perf_counter() - started < 0.5
    finally:
        os.close(read_end)
        os.close(write_end)
    assert waiter.wait(0.01) is False  # the descriptor went away: polling from now on
    assert not waiter.available
    assert not InputWaiter.for_display().available  # SDL's dummy driver has no socket


def test_garbage_is_collected_between_frames_that_draw_never_inside_one(display, ctx) -> None:
    import gc

    from game.scenes.base import Scene
    from game.shell.loop import STEP, Loop

    class Churning(Scene):
        """Makes cyclic garbage while drawing, as real drawing makes objects."""

        drawing = False
        animating = True

        def draw(self, surface, alpha):
            self.drawing = True
            for _ in range(3000):
                cycle = []
                cycle.append(cycle)
            self.drawing = False
            return []

    pygame.display.set_mode((320, 240))
    scene = Churning(ctx)
    loop = Loop(scene)
    inside: list[bool] = []

    def watch(phase, info):
        if phase == "start":
            inside.append(scene.drawing)

    gc.callbacks.append(watch)
    try:
        for _ in range(40):
            loop.frame(STEP)  # busy frames, all drawing: only the backstop collects
        scene.animating = False
        for _ in range(120):
            loop.frame(STEP)  # quiet, then idle
    finally:
        gc.callbacks.remove(watch)
    assert inside and not any(inside)  # collections ran, none while a frame was drawing
    assert gc.get_count()[0] < 700  # the garbage was collected
    assert gc.isenabled()


def test_sounds_that_wait_for_the_device_play_after_the_tap_is_shown(display, ctx):
    from game.shell.loop import Loop

    pygame.display.set_mode((800, 600))
    game = Game.from_code(WON_DEAL)
    play = PlayScene(ctx, Flow(ctx), game)
    loop = Loop(play)
    order = []
    real_draw = play.draw

    def draw(surface, alpha):
        order.append("draw")
        return real_draw(surface, alpha)

    play.draw = draw
    loop.after_frame = lambda: order.append("after")
    slot = game.legal_removals()[0].slots[0]
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=play.layout.slots[slot].center, button=1, touch=False
        )
    )
    loop.frame(1 / 60)
    assert game.selection == (slot,)
    assert order == ["draw", "after"]  # the tap is shown first, then the sound's turn


def _on_screen(monkeypatch):
    """The frames that put something on the screen: a list with an item per update."""
    shown = []
    update, flip = pygame.display.update, pygame.display.flip
    monkeypatch.setattr(pygame.display, "update", lambda *a: (shown.append(a), update(*a)))
    monkeypatch.setattr(pygame.display, "flip", lambda: (shown.append(None), flip()))
    return shown


def test_idle_work_waits_for_frames_that_show_nothing(
    display, ctx, winning_line, monkeypatch
) -> None:
    """Preparing the tiles the next taps need and rendering crisp cards after a resize
    are idle work: a frame that shows a tap, a card landing, the clock or a resize does
    none of it, so that it is on the screen sooner; the idle work is done in the frames
    between, which show nothing."""
    from game.shell.loop import STEP, Loop

    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    play = PlayScene(ctx, Flow(ctx), Game.from_code(WON_DEAL))
    loop = Loop(play)
    shown = _on_screen(monkeypatch)
    updating = False
    idle_work: list[str] = []
    real_update, real_tile, real_refine = play.update, play.view.tiles.tile, ctx.art.refine

    def update(dt):
        nonlocal updating
        updating = True
        try:
            return real_update(dt)
        finally:
            updating = False

    def tile(*args, **kwargs):
        if updating:
            idle_work.append("tile")
        return real_tile(*args, **kwargs)

    def refine(seconds):
        if updating:
            idle_work.append("refine")
        return real_refine(seconds)

    monkeypatch.setattr(play, "update", update)
    monkeypatch.setattr(play.view.tiles, "tile", tile)
    monkeypatch.setattr(ctx.art, "refine", refine)
    showing_with_idle_work = []
    kinds = set()

    def frame(showing: str = "") -> None:
        second, moving, work, updates = (
            int(play.elapsed),
            bool(play.motions),
            *map(len, (idle_work, shown)),
        )
        loop.frame(STEP)
        done = idle_work[work:]
        kinds.update(done)
        if moving and not play.motions:
            showing = "a card landing"
        elif int(play.elapsed) != second:
            showing = "the clock"
        if showing and done:
            showing_with_idle_work.append((showing, done))
        if showing:
            assert len(shown) > updates, f"{showing} was not shown"

    for number, removal in enumerate(winning_line[:6]):
        for slot in removal.slots:
            centre = play.layout.slots[slot].center
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=centre, button=1, touch=False))
                frame("a tap" if kind == pygame.MOUSEBUTTONDOWN else "")
        for _ in range(70):  # the card lands, the clock ticks
            frame()
        if number in (1, 3):
            size = (1920, 1080) if number == 1 else (1280, 720)  # other card sizes
            pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )
            frame("a resize")
            for _ in range(60):  # the cards scaled at once, crisp within half a second
                frame()
    assert play.game.moves == 6
    assert kinds == {"tile", "refine"}  # the idle work was done
    assert showing_with_idle_work == []


def test_the_crisp_cards_are_shown_within_half_a_second_of_a_resize(display, ctx, kind):
    """After a resize the cards are scaled from the sizes already rendered, then
    rendered crisp: the screen shows the crisp ones by itself, not at the next tap."""
    from game.shell.loop import STEP, Loop

    code = kind.code(1)
    pygame.display.set_mode(SMALL, pygame.RESIZABLE)
    loop = Loop(Flow(ctx).play(kind.from_code(code)))
    for _ in range(30):
        loop.frame(STEP)
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    loop.frame(STEP)
    scaled = pygame.display.get_surface().copy()
    for _ in range(30):
        loop.frame(STEP)
    assert not ctx.art.refining
    after_half_a_second = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    Loop(Flow(ctx).play(kind.from_code(code))).frame(STEP)  # the table drawn anew
    crisp = pygame.image.tobytes(pygame.display.get_surface(), "RGB")
    assert pygame.image.tobytes(scaled, "RGB") != crisp
    assert after_half_a_second == crisp
