"""Crescent on the table, through real events: drag and drop, taps, a double tap home, the
keyboard, the redeal, undo and redo with a turn-up, the notes and panels, whole games."""

from __future__ import annotations

import itertools

import pytest
from crescent_helpers import crescent, suit_run
from ui_helpers import Driver, pygame

from game.rules import Crescent, Outcome
from game.rules.solver import Verdict, solve_crescent
from game.scenes.dialogs import DIALOG_GUARD
from game.scenes.end import StalemateScene, WinScene
from game.scenes.play import PlayScene

SIZE = (1280, 720)


def _table(ctx, flow, game, size=SIZE):
    play = PlayScene(ctx, flow, game)
    driver = Driver(play, size=size)
    driver.frames(2)
    return driver, play


def _centre(play, slot):
    return play.board.top_rect(play.layout, slot).center


def _drag(driver, start, end, steps=6, finger=False):
    """Press at ``start``, move in ``steps`` to ``end``, release there."""
    w, h = pygame.display.get_surface().get_size()

    def post(kind, pos):
        if finger:
            finger_kind = {
                pygame.MOUSEBUTTONDOWN: pygame.FINGERDOWN,
                pygame.MOUSEMOTION: pygame.FINGERMOTION,
                pygame.MOUSEBUTTONUP: pygame.FINGERUP,
            }[kind]
            pygame.event.post(
                pygame.event.Event(
                    finger_kind,
                    x=pos[0] / w,
                    y=pos[1] / h,
                    dx=0.01,
                    dy=0.01,
                    finger_id=0,
                    touch_id=0,
                )
            )
        elif kind == pygame.MOUSEMOTION:
            pygame.event.post(
                pygame.event.Event(kind, pos=pos, rel=(1, 1), buttons=(1, 0, 0), touch=False)
            )
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=False))
        driver.frames(1)

    post(pygame.MOUSEBUTTONDOWN, start)
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step // steps
        y = start[1] + (end[1] - start[1]) * step // steps
        post(pygame.MOUSEMOTION, (x, y))
    post(pygame.MOUSEBUTTONUP, end)


# A small table: 5C on pile 1 over a face-down 9H, 6C on pile 2, the club foundations
# up to 4C and down to 7C (so 5C may go home or onto 6C), KH alone on pile 3.
def _small(**options):
    return crescent(
        {1: "(9H) 5C", 2: "6C", 3: "KH", 4: "QH"},
        {"F5": "AC 2C 3C 4C", "F1": "KC QC JC 10C 9C 8C"},
        variant="C",
        **options,
    )


def test_a_card_dragged_onto_a_pile_of_its_suit_one_rank_away_moves_there(display, ctx, flow):
    game = _small()
    driver, play = _table(ctx, flow, game)
    start = _centre(play, "1")
    picked = []
    real_frame = play.frame

    def frame():
        made = real_frame()
        if play.gestures.carry is not None:
            picked.append(made.sprites[-1].rect)
        return made

    play.frame = frame
    _drag(driver, start, _centre(play, "2"))
    assert picked and picked[0] != picked[-1]  # the card followed the pointer
    assert [str(c) for c in game.pile(2)] == ["6C", "5C"]
    assert str(game.top(1)) == "9H" and game.face_down(1) == 0  # turned up with the move
    driver.seconds(0.5)
    assert not play.motions


def test_a_card_dragged_onto_its_foundation_goes_home_and_scores(display, ctx, flow):
    game = _small()
    driver, play = _table(ctx, flow, game)
    _drag(driver, _centre(play, "1"), _centre(play, "F5"))
    # Home before: 3 clubs on the Aces, 5 on the Kings; now 5C too: 9 cards, 5 points each.
    assert str(game.top("F5")) == "5C" and game.score == 45


def test_a_card_dropped_where_it_cannot_go_flies_back(display, ctx, flow):
    game = _small()
    driver, play = _table(ctx, flow, game)
    before = game.position()
    _drag(driver, _centre(play, "1"), _centre(play, "3"))  # KH: not its suit
    assert game.position() == before and game.moves == 0
    assert play.motions and play.motions[0].end == play.board.top_rect(play.layout, "1")
    driver.seconds(0.5)
    assert not play.motions
    _drag(driver, _centre(play, "1"), (play.layout.bar.centerx, play.layout.bar.top - 5))
    assert game.position() == before  # dropped on the felt


def test_tap_a_card_then_its_target_moves_it_and_targets_are_outlined(display, ctx, flow):
    game = _small()
    driver, play = _table(ctx, flow, game)
    driver.click(_centre(play, "1"))
    assert game.selection == "1"
    looks = play.frame().looks
    assert looks["2"].target and looks["F5"].target and not looks["3"].target
    driver.click(_centre(play, "2"))
    assert [str(c) for c in game.pile(2)] == ["6C", "5C"] and game.selection is None


@pytest.mark.parametrize(
    "size", [(800, 480), (1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)], ids=str
)
def test_a_targets_outline_is_drawn_whole_on_all_four_sides(display, ctx, flow, size):
    """The outline around a place the selected card may go reaches past the card on every
    side (its bottom was cut flat at the card's edge on the larger tables: the slot's tile
    ended there)."""
    from game.look import theme

    driver, play = _table(ctx, flow, _small(), size)
    driver.click(_centre(play, "1"))
    driver.frames(2)
    assert play.frame().looks["2"].target
    card = play.layout.slots["2"]
    screen = pygame.display.get_surface()
    reach = card.width // 20  # the ring's width past the card, each side

    def outlined(points) -> bool:
        return any(tuple(screen.get_at(point))[:3] == theme.TARGET for point in points)

    middle_x, middle_y = card.centerx, card.centery
    sides = {
        "top": [(middle_x, card.top - d) for d in range(1, reach + 1)],
        "bottom": [(middle_x, card.bottom - 1 + d) for d in range(1, reach + 1)],
        "left": [(card.left - d, middle_y) for d in range(1, reach + 1)],
        "right": [(card.right - 1 + d, middle_y) for d in range(1, reach + 1)],
    }
    assert {side: outlined(points) for side, points in sides.items()} == dict.fromkeys(sides, True)


def test_a_tap_on_an_illegal_target_says_why_with_move_errors_on(display, ctx, flow):
    ctx.settings.move_errors = True
    game = crescent({1: "(9H) 5C", 2: "6C", 5: "7D"}, {"F5": "AC 2C 3C 4C"}, variant="C")
    assert not game.destinations(5)  # 7D cannot move: a tap on it is no selection
    driver, play = _table(ctx, flow, game)
    driver.click(_centre(play, "1"))
    driver.click(_centre(play, "5"))
    assert play.message is not None and "same suit, one rank up or down" in play.message[0]


def test_a_double_tap_sends_a_card_home(display, ctx, flow):
    game = _small()
    driver, play = _table(ctx, flow, game)
    driver.click(_centre(play, "1"))
    driver.click(_centre(play, "1"))
    assert str(game.top("F5")) == "5C"


@pytest.mark.parametrize(
    "size, towards_2",
    [((1920, 480), pygame.K_UP), ((800, 480), pygame.K_RIGHT)],
    ids=["arc", "grid"],
)
def test_the_keyboard_moves_the_focus_picks_up_and_puts_down(display, ctx, flow, size, towards_2):
    """On the arc (a wide, low window: elsewhere the grids give wider cards) pile 2
    stands just above pile 1; on the grid, just right of it."""
    game = _small()
    driver, play = _table(ctx, flow, game, size)
    driver.key(pygame.K_SPACE)  # the focus appears
    assert play.focus == "1"
    driver.key(pygame.K_SPACE)  # picks 5C up
    assert game.selection == "1"
    driver.key(towards_2)
    assert play.focus == "2"
    driver.key(pygame.K_RETURN)
    assert [str(c) for c in game.pile(2)] == ["6C", "5C"]


@pytest.mark.parametrize("how", ["button", "R key"])
def test_a_redeal_by_the_button_and_by_r_brings_each_bottom_card_up(display, ctx, flow, how):
    game = Crescent.from_code("HM1-C-AAAAAAB")
    driver, play = _table(ctx, flow, game)
    bottoms = [game.pile(n)[0] for n in range(1, 17)]
    if how == "button":
        driver.click(play.layout.buttons["redeal"].center)
    else:
        driver.key(pygame.K_r)
    assert [game.top(n) for n in range(1, 17)] == bottoms
    assert game.redeals_left == 2 and game.moves == 1
    assert len(play.motions) == 16  # every pile's card travels to its top
    driver.seconds(1)
    assert not play.motions and play.board.label("redeal").endswith("(2)")


def test_a_redeals_piles_change_one_after_another_not_all_at_the_click(display, ctx, flow):
    game = Crescent.from_code("HM1-C-AAAAAAB")
    driver, play = _table(ctx, flow, game)
    before = play.frame().looks
    driver.click(play.layout.buttons["redeal"].center)
    during = play.frame().looks
    changed = [n for n in range(1, 17) if during[str(n)] != before[str(n)]]
    assert changed and len(changed) < 4  # the first piles' cards are on their way
    assert during["16"] == before["16"]  # the last pile waits for its turn, as it was
    driver.seconds(1)
    after = play.frame().looks
    assert all(after[str(n)] != before[str(n)] for n in range(1, 17))
    assert [after[str(n)].cards[-1][0] for n in range(1, 17)] == [game.top(n) for n in range(1, 17)]


def test_undo_and_redo_of_a_move_with_a_turn_up(display, ctx, flow):
    game = _small()
    driver, play = _table(ctx, flow, game)
    _drag(driver, _centre(play, "1"), _centre(play, "2"))
    after = game.position()
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert game.face_down(1) == 1 and str(game.top(1)) == "5C"  # face down again
    driver.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert game.position() == after
    driver.click(play.layout.buttons["undo"].center)
    driver.click(play.layout.buttons["redo"].center)
    assert game.position() == after


def _stuck(redeals):
    """Every suit home but the hearts: A-5 up, K-7 down, so only a 6H could move; the 14
    hearts left lie in pile 1 under a QH."""
    full = {
        f"F{n}": " ".join(f"{r}{s}" for r in ranks)
        for n, s in zip(range(1, 9), "CDHSCDHS", strict=True)
        for ranks in [
            ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
            if n <= 4
            else ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        ]
    }
    full["F3"] = "KH QH JH 10H 9H 8H 7H"
    full["F7"] = "AH 2H 3H 4H 5H"
    return crescent({}, full, variant="C", redeals=redeals, stash=1)


def test_no_moves_left_but_a_redeal_says_so_and_lights_redeal(display, ctx, flow):
    game = _stuck(2)
    assert not game.legal_moves() and game.outcome is None
    _, play = _table(ctx, flow, game)
    frame = play.frame()
    assert frame.message is not None and "redeal (2 left)" in frame.message[0]
    assert {b.name: b.primary for b in frame.buttons}["redeal"]


def test_the_stalemate_panel_shows_only_when_no_move_and_no_redeal_is_left(display, ctx, flow):
    game = _stuck(0)
    assert game.outcome is Outcome.STALEMATE
    driver, _ = _table(ctx, flow, game)
    driver.seconds(0.5)
    assert isinstance(driver.scene, StalemateScene)
    assert "no redeal" in " ".join(driver.scene.lines())


def _solved(code):
    game = Crescent.from_code(code)
    solution = solve_crescent(game, max_seconds=20)
    if solution.verdict is not Verdict.WIN:
        pytest.skip(f"{code} was not solved in time")
    return game, solution.line


@pytest.mark.parametrize("how", ["tap", "drag", "touch"])
def test_a_whole_game_of_open_crescent_won_through_the_table(display, ctx, flow, how):
    game, line = _solved("HM1-O-AAAAAAB")
    driver, play = _table(ctx, flow, game)
    for move in line:
        if not hasattr(move, "source"):
            driver.click(play.layout.buttons["redeal"].center)
            continue
        start, end = _centre(play, move.source), _centre(play, move.target)
        if how == "tap":
            driver.click(start)
            driver.click(end)
        else:
            _drag(driver, start, end, steps=3, finger=how == "touch")
        driver.frames(30)  # the card lands; the next tap is no double tap
        assert game.line[-1] == move, (how, move)
    assert game.outcome is Outcome.WON and game.score == 480
    driver.seconds(2.5)
    assert isinstance(driver.scene, WinScene)
    assert ctx.stats.won == 1
    driver.seconds(DIALOG_GUARD)


@pytest.mark.parametrize("down", [0, 3, 5])
@pytest.mark.parametrize("count", [2, 6, 9, 13, 20, 40])
def test_a_long_pile_squeezes_whole_cards_and_every_sliver_shown_reads_whole(count, down):
    from game.games.crescent.board import EDGE, fan_offsets

    sliver, back, widest = fan = (15, 8, 75)
    down = min(down, count - 1)
    offsets = fan_offsets(count, down, fan)
    steps = [b - a for a, b in itertools.pairwise(offsets)]
    assert len(offsets) == count and offsets[0] == 0
    assert offsets[-1] <= widest or min(steps) <= EDGE  # within the fan, or only edges
    face_up = steps[down:]
    # A face-up card below the top shows its whole index or only its edge, never half.
    assert all(step >= sliver or step <= EDGE for step in face_up)
    # The newest cards stay readable: squeezing starts at the oldest.
    assert face_up == sorted(face_up)
    if down * EDGE + (count - 1 - down) * sliver <= widest:  # backs squeezed are enough
        assert all(step == sliver for step in face_up)
    if sum([back] * down + [sliver] * (count - 1 - down)) <= widest:
        assert steps == [back] * down + [sliver] * (count - 1 - down)  # short: untouched


# The deal (37): after these seven moves no card can move, two redeals are left.
NO_MOVES_DEAL = "HM1-C-GWXGKSY"
NO_MOVES_LINE = ["1>F6", "5>F5", "6>14", "6>F2", "12>8", "13>7", "2>1"]


@pytest.mark.parametrize("code", ["en", "ms", "fi", "ru"])
def test_the_no_moves_notice_has_a_place_of_its_own_at_every_size(display, ctx, flow, code):
    """The notice, the info bar's texts and the buttons never overlap (it was drawn over
    the info bar in the compact arrangements at 800x480, 1024x600 and 1280x720)."""
    from test_table_boxes import SIZES, overlaps, resize

    from game.games.catalog import kind_by_key

    ctx.settings.language = code
    ctx.apply_settings()
    driver, play = _table(ctx, flow, kind_by_key("crescent").from_code(NO_MOVES_DEAL), (1024, 600))
    for move in NO_MOVES_LINE:
        source, target = move.split(">")
        _drag(driver, _centre(play, source), play.layout.slots[target].center)
    assert play.game.moves == len(NO_MOVES_LINE) and play.board.note() is not None
    found = {}
    for size in SIZES:
        resize(driver, size)
        boxes = play.view.text_boxes()
        assert boxes[-1][0] == play.board.note(), size  # the notice is drawn
        problems = overlaps(boxes, size)
        if problems:
            found[size] = problems
    assert not found, found


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)], ids=str)
def test_the_no_moves_notice_among_the_info_stands_out_from_it(display, ctx, flow, size):
    """Where the notice is one of the info bar's parts, its box stands out from the bar
    (3:1 at least, as a control must) and its words from its box (4.5:1): the screenshot
    review missed it there as a dim text on a dark red box on the dark bar."""
    from contrast_helpers import contrast

    from game.games.catalog import kind_by_key

    driver, play = _table(ctx, flow, kind_by_key("crescent").from_code(NO_MOVES_DEAL), size)
    for move in NO_MOVES_LINE:
        source, target = move.split(">")
        _drag(driver, _centre(play, source), play.layout.slots[target].center)
    driver.frames(2)
    text, box = play.view.text_boxes()[-1]
    assert text == play.board.note() and play.layout.info.contains(box), (text, box)
    screen = pygame.display.get_surface()
    bar = tuple(screen.get_at((play.layout.bar.right - 2, play.layout.info.top)))[:3]
    pill = tuple(screen.get_at((box.left + 2, box.centery)))[:3]  # (left of the words)
    inks = {tuple(screen.get_at((x, box.centery)))[:3] for x in range(box.left, box.right)}
    assert contrast(pill, bar) >= 3, (pill, bar)
    assert max(contrast(ink, pill) for ink in inks) >= 4.5, (inks, pill)


def test_a_tap_on_the_foundation_a_card_was_just_moved_to_picks_that_card_up(display, ctx, flow):
    """Two taps move 7♠ home onto its Ace foundation; a third, at once, on that foundation
    is a tap of its own: it picks 7♠ up for its King foundation (a transfer), never the
    second tap of a double tap (found by tests/test_spoken.py's keyboard player: the
    transfer's first tap did nothing)."""
    game = crescent(
        {1: "7S", 16: "KC"},
        {"F8": suit_run("S", "A23456"), "F4": suit_run("S", "KQJT98")},
        redeals=1,  # (the game goes on)
    )
    driver, play = _table(ctx, flow, game)
    driver.click(_centre(play, "1"))
    driver.click(_centre(play, "F8"))
    assert str(game.top("F8")) == "7S"
    driver.click(_centre(play, "F8"))
    assert game.selection == "F8"
    driver.click(_centre(play, "F4"))
    assert str(game.top("F4")) == "7S"
