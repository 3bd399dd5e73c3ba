"""Repainting only what changed gives exactly the picture of a full repaint, frame by frame."""

import os

import pytest
from ui_helpers import Driver, pygame

from game.games.catalog import kind_by_key
from game.look import theme, ui
from game.rules import Game, MoveError
from game.rules.solver import solve
from game.scenes.flow import Flow
from game.scenes.play import PlayScene
from game.scenes.table_view import TableView
from game.table.removal_board import MOVE_ERROR_TEXT


def _full_picture(play, size):
    reference = pygame.Surface(size)
    TableView().draw(reference, play.frame(), play.layout, play.ctx.art)
    return pygame.image.tobytes(reference, "RGB")


def _check(driver, play, where):
    screen = pygame.display.get_surface()
    assert pygame.image.tobytes(screen, "RGB") == _full_picture(play, screen.get_size()), where


def _record_draws(play):
    """The list that each draw of ``play``'s table view appends its result to."""
    results = []
    real_draw = play.view.draw

    def recording_draw(surface, frame, layout, art):
        results.append(real_draw(surface, frame, layout, art))
        return results[-1]

    play.view.draw = recording_draw
    return results


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920), (1920, 1080)])
def test_partial_repaints_match_full_repaints_through_a_whole_game(display, ctx, size):
    ctx.settings.placement_aid = True
    ctx.settings.pile_labels = True
    ctx.settings.move_errors = True
    line = solve(Game.from_code("HM1-N-AAAAAAB")).line
    play = PlayScene(ctx, Flow(ctx), Game.from_code("HM1-N-AAAAAAB"))
    driver = Driver(play, size=size)
    results = _record_draws(play)
    partial_frames = 0
    for number, removal in enumerate(line):
        if number % 6 == 3:
            driver.key(pygame.K_RIGHT)  # the keyboard focus ring comes and goes
            driver.key(pygame.K_LEFT)
        if number % 7 == 5:
            # The focus ring on a card whose veil comes and goes, and on a card selected
            # with the keyboard: neither repaint may wipe the ring.
            driver.click_slot(removal.slots[0])
            _check(driver, play, (number, "selected"))
            for _ in range(2):
                driver.key(pygame.K_RIGHT)
                _check(driver, play, (number, "focus moved"))
            driver.click((3, 3))  # the felt: the selection and the veils go
            _check(driver, play, (number, "felt"))
            driver.key(pygame.K_SPACE)
            _check(driver, play, (number, "selected by keyboard"))
            driver.click((3, 3))
            _check(driver, play, (number, "felt again"))
        for slot in removal.slots:
            draws = driver.loop.draws
            driver.click_slot(slot)
            partial_frames += driver.loop.draws > draws
            _check(driver, play, (number, slot))
        for _ in range(6):  # the removed cards fly away; the clock ticks
            driver.frames(3)
            _check(driver, play, (number, "animation"))
        if number == 12:
            play.message = (MOVE_ERROR_TEXT[MoveError.SUM_MUST_BE_11], 0.0)
            for _ in range(5):
                driver.seconds(0.5)
                _check(driver, play, (number, "message"))
            driver.key(pygame.K_BACKSPACE)
            _check(driver, play, (number, "undo"))
            for slot in removal.slots:
                driver.click_slot(slot)
            driver.seconds(0.5)
            _check(driver, play, (number, "redo"))
    # The last removal starts the celebration: sparks fly over the empty table.
    assert play.celebration is not None
    celebration_frames = 0
    while driver.scene is play and play.celebration is not None:
        driver.frames(1)
        if driver.scene is play and play.celebration is not None:
            _check(driver, play, "celebration")
            celebration_frames += 1
    assert celebration_frames > 10
    assert partial_frames > 80
    partial = [r for r in results if r is not None]
    assert len(partial) > 0.9 * len(results)  # nearly every frame repainted only a part
    screen_area = size[0] * size[1]
    areas = sorted(sum(r.width * r.height for r in rects) for rects in partial)
    assert areas[len(areas) // 2] < screen_area / 10  # a typical frame repaints little


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920)])
def test_partial_repaints_match_full_repaints_through_drags_taps_and_redeals(display, ctx, size):
    from game.rules import Crescent
    from game.rules.solver import Verdict, solve_crescent

    ctx.settings.pile_labels = True
    ctx.settings.move_errors = True
    game = Crescent.from_code("HM1-C-AAAAAAB")
    solution = solve_crescent(Crescent.from_code("HM1-C-AAAAAAB"), max_seconds=20)
    if solution.verdict is not Verdict.WIN:
        pytest.skip("HM1-C-AAAAAAB was not solved in time")
    play = PlayScene(ctx, Flow(ctx), game)
    driver = Driver(play, size=size)
    driver.frames(2)
    results = _record_draws(play)
    for number, move in enumerate(solution.line[:40]):
        if not hasattr(move, "source"):
            driver.key(pygame.K_r)
            for _ in range(8):
                driver.frames(2)
                _check(driver, play, (number, "redeal"))
            continue
        start = play.board.top_rect(play.layout, move.source).center
        end = play.board.top_rect(play.layout, move.target).center
        if number % 2:
            driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
            for step in range(1, 5):
                x = start[0] + (end[0] - start[0]) * step // 4
                y = start[1] + (end[1] - start[1]) * step // 4
                driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
                _check(driver, play, (number, "carried", step))
            driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
        else:
            driver.click(start)
            _check(driver, play, (number, "selected"))
            driver.click(end)
        for _ in range(6):  # the card slides and lands; a card turns up
            driver.frames(2)
            _check(driver, play, (number, "landing"))
        driver.frames(20)
    partial = [r for r in results if r is not None]
    assert len(partial) > 0.8 * len(results)


@pytest.mark.parametrize("size", [(1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)])
def test_the_window_uncovered_once_every_tile_is_made_shows_the_first_paint(
    display, ctx, kind, size
):
    """Neighbouring slots' tiles overlap at these sizes (the glow's margin, the good
    columns): a repaint from the tiles must not cover a neighbour's card corner or stack
    edge with the felt of the tile on top."""
    from game.scenes.flow import Flow

    driver = Driver(Flow(ctx).play(kind.from_code(kind.code(1))), size=size)
    play = driver.scene
    driver.seconds(2)  # the idle steps make every tile on the table and the next taps'
    looks = play.frame().looks
    if play.view.tiles.isolated(play.layout) >= set(play.layout.slots):
        pytest.skip(f"no two slots' tiles overlap on the table of {kind.name}")
    overlapping = [
        name
        for name in play.layout.slots
        if name not in play.view.tiles.isolated(play.layout)
        and play.view.tiles.has(name, looks[name])
    ]
    assert overlapping, "no tile of a slot next to another was made"
    _check(driver, play, "idle")
    pygame.display.get_surface().fill((255, 255, 255))  # another window was here
    driver.post(pygame.WINDOWEXPOSED)
    _check(driver, play, "uncovered")
    # A tap next to a neighbour repairs its cell from the tiles too.
    for name in overlapping[:4]:
        driver.click_slot(name)
        _check(driver, play, ("selected", name))
        driver.click((3, 3))
        _check(driver, play, ("deselected", name))


def _rss_mb():
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads /proc (Linux)")
def test_painting_a_whole_4k_felt_keeps_no_window_sized_copy(display):
    """The felt's strips across and down the window are scaled through copies of their
    own: the surface kept for repairs does not grow to the window (33 MB at 4K)."""
    from game.scenes.felt import Felt
    from game.table.layout import compute_layout

    layout = compute_layout(
        3797, 2139, kind_by_key("crescent").table
    )  # not a whole number of blocks
    screen = pygame.Surface(layout.size, 0, pygame.display.get_surface())
    felt = Felt(layout)
    before = _rss_mb()
    felt.paint(screen, (0, 0), screen.get_rect())
    assert _rss_mb() - before < 12, "the felt kept a window-sized surface"


@pytest.mark.parametrize("size", [(1920, 1080), (3797, 2139), (1080, 1920), (641, 479)])
def test_a_felt_paints_the_same_pixels_before_and_after_its_edges_are_prepared(display, size):
    """Kept shaded edges (:meth:`Felt.prepare`) are a way of painting, not a look: the
    window, and any part of it painted alone, comes out the same either way."""
    from game.scenes.felt import Felt
    from game.table.layout import compute_layout

    layout = compute_layout(*size, kind_by_key("crescent").table)
    fresh, prepared = Felt(layout), Felt(layout)
    prepared.prepare()
    pictures = []
    for felt in (fresh, prepared):
        screen = pygame.Surface(layout.size, 0, pygame.display.get_surface())
        felt.paint(screen, (0, 0), screen.get_rect())
        parts = [pygame.Rect(0, 0, 150, 210), pygame.Rect(size[0] - 157, size[1] - 203, 157, 203)]
        parts += [pygame.Rect(size[0] // 3 + 1, 2, 301, 97), pygame.Rect(3, size[1] // 2, 90, 333)]
        for part in parts:
            tile = pygame.Surface(part.size, 0, screen)
            felt.paint(tile, (0, 0), part)
            pictures.append(pygame.image.tobytes(tile, "RGB"))
        pictures.append(pygame.image.tobytes(screen, "RGB"))
    half = len(pictures) // 2
    assert pictures[:half] == pictures[half:]


def _heap_in_use():
    """Bytes malloc has handed out and not taken back (glibc), or None elsewhere."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        names = ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks")
        _fields_ = [
            (name, ctypes.c_size_t) for name in (*names, "uordblks", "fordblks", "keepcost")
        ]

    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = MallInfo2
    info = mallinfo2()
    return info.uordblks + info.hblkhd


@pytest.mark.skipif(_heap_in_use() is None, reason="counts glibc's heap")
@pytest.mark.parametrize(("size", "megabytes"), [((1920, 1080), 1.2), ((3840, 2160), 4.5)])
def test_a_felt_keeps_its_shaded_edges_in_a_byte_a_pixel(display, size, megabytes):
    """The felt has a handful of shades: its edges kept at full size (0.8 million pixels
    at 1920x1080, 3.3 million at 3840x2160) take a byte a pixel, not four."""
    from game.scenes.felt import Felt
    from game.table.layout import compute_layout

    pygame.display.set_mode(size)
    layout = compute_layout(*size, kind_by_key("halfmoon").table)
    felt = Felt(layout)
    before = _heap_in_use()
    felt.prepare()
    kept = (_heap_in_use() - before) / 2**20
    assert kept < megabytes, f"{kept:.2f} MB"


def _whole_cards_tile(play, name, look):
    """A pile's tile drawn the plain way: the felt, then every card of its fan whole."""
    layout, art = play.layout, play.ctx.art
    area = play.view.tiles.area(layout, name)
    picture = pygame.Surface(area.size)
    play.view.tiles.felt(layout).paint(picture, (0, 0), area)
    width, height = layout.card
    rect = layout.slots[name].move(-area.left, -area.top)
    for index, (card, dx) in enumerate(look.cards):
        place = rect.move(dx, 0)
        if index == len(look.cards) - 1 and look.selected:
            place = place.move(0, -max(2, height // 18))
            glow = place.inflate(width // 8, width // 8)
            ui.rounded_rect(picture, theme.ACCENT, glow, max(4, width // 8))
        image = art.back(layout.card) if card is None else art.face(card, layout.card)
        picture.blit(image, place)
    return pygame.image.tobytes(picture, "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_a_fan_blitted_a_sliver_a_card_gives_the_pixels_of_whole_cards(display, ctx, size):
    """Crescent's fans, as the game plays: cards crisp and, after a resize, scaled."""
    from game.rules import Crescent
    from game.rules.solver import Verdict, solve_crescent

    solution = solve_crescent(Crescent.from_code("HM1-C-AAAAAAB"), max_seconds=20)
    if solution.verdict is not Verdict.WIN:
        pytest.skip("HM1-C-AAAAAAB was not solved in time")
    play = PlayScene(ctx, Flow(ctx), Crescent.from_code("HM1-C-AAAAAAB"))
    driver = Driver(play, size=size)
    compared = fans = lifted = scaled = 0
    for number, move in enumerate(solution.line[:60]):
        if number % 5 == 4:  # a new size: the cards are scaled stand-ins for a moment
            width, height = pygame.display.get_surface().get_size()
            driver.post(pygame.VIDEORESIZE, size=(width - 7, height - 5), w=width - 7, h=height - 5)
            pygame.display.set_mode((width - 7, height - 5), pygame.RESIZABLE)
            driver.frames(1)
        if not hasattr(move, "source"):
            driver.key(pygame.K_r)
            driver.seconds(1)
            continue
        if number % 3 == 0:  # a lifted top card shows the foot of the card under it
            driver.click(play.board.top_rect(play.layout, move.source).center)
        scaled += play.ctx.art.refining
        for name, look in play.frame().looks.items():
            if look.target or look.dimmed or look.marker or look.edges or not look.cards:
                continue
            tile, _area = play.view.tiles.tile(play.layout, name, look, play.ctx.art)
            assert pygame.image.tobytes(tile, "RGB") == _whole_cards_tile(play, name, look), (
                number,
                name,
            )
            compared += 1
            fans += len(look.cards) > 2
            lifted += look.selected and len(look.cards) > 1
        if number % 3 != 0:
            driver.click(play.board.top_rect(play.layout, move.source).center)
        driver.click(play.board.top_rect(play.layout, move.target).center)
        driver.seconds(0.5)
    assert compared > 500 and fans > 300 and lifted > 5 and scaled > 2
