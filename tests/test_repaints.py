"""The table repainted in part, or in full over the tiles it made, gives the pixels of a
table painted from scratch, in the cases found so far."""

from __future__ import annotations

import pytest
from ui_helpers import Driver, pygame

from game.scenes.flow import Flow
from game.scenes.table_view import TableView


def _from_scratch(play) -> bytes:
    """The table of ``play`` as a new view paints it: the felt, every slot painted on it
    without tiles, the bar, the cards in flight, the message and the sparks."""
    reference = pygame.Surface(pygame.display.get_surface().get_size())
    TableView().draw(reference, play.frame(), play.layout, play.ctx.art)
    return pygame.image.tobytes(reference, "RGB")


def _differences(play) -> tuple[int, pygame.Rect] | None:
    """How many pixels of the window differ from the table painted from scratch, and
    where; None when none does."""
    screen = pygame.display.get_surface()
    shown, wanted = pygame.image.tobytes(screen, "RGB"), _from_scratch(play)
    if shown == wanted:
        return None
    width = screen.get_width()
    spots = [
        pygame.Rect(index // 3 % width, index // 3 // width, 1, 1)
        for index in range(0, len(shown), 3)
        if shown[index : index + 3] != wanted[index : index + 3]
    ]
    return len(spots), spots[0].unionall(spots)


def _check(play, where) -> None:
    found = _differences(play)
    assert found is None, f"{where}: {found[0]} pixels differ in {found[1]}"


# ---------------------------------------------------------------- found cases
@pytest.mark.parametrize("size", [(544, 1015), (501, 332)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_full_repaint_over_the_tiles_made_shows_the_first_paint(display, ctx, kind, size):
    """Once the idle steps have made the tiles, a full repaint (the window uncovered)
    blits them: a tile blitted over a neighbour's must not leave the neighbour's fan or
    stack edge under its felt (544x1015: Open Crescent's HM1-O-AAAAAAH, a 4-pixel strip
    of pile 13's left edge under foundation F4's and F8's tiles, 246 pixels), nor cut a
    foundation's marker (501x332: the marker's pill wider than the small cards, its edge
    under the next foundation's tile, 12 pixels each)."""
    driver = Driver(Flow(ctx).play(kind.from_code(kind.code(7))), size=size)
    play = driver.scene
    driver.seconds(2)  # the idle steps make the tiles of the looks on the table
    looks = play.frame().looks
    assert all(play.view.tiles.has(name, looks[name]) for name in looks)
    _check(play, "first paint")
    pygame.display.get_surface().fill((255, 255, 255))  # another window was here
    driver.post(pygame.WINDOWEXPOSED)
    _check(play, "uncovered")


@pytest.mark.parametrize(
    "size", [(320, 240), (501, 332), (641, 479), (1283, 721)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_a_slot_at_rest_paints_only_its_area(display, ctx, kind, size):
    """What a slot shows at rest (neither lifted nor a target) lies in its area of the
    layout, a foundation's marker too: the tiles' seams are mended where a slot's area
    is (at 501x332 a marker's pill, wider than the small cards, stuck out into the next
    foundation's tile, whose felt then covered its edge). Every look on the table and
    every look the next taps may bring is painted alone."""
    driver = Driver(Flow(ctx).play(kind.from_code(kind.code(7))), size=size)
    play = driver.scene
    layout, settings, tiles = play.layout, play.ctx.settings, play.view.tiles
    looks = [*play.board.looks(layout, settings, {}).items()]
    looks += play.board.future_looks(layout, settings)
    at_rest = [(name, look) for name, look in looks if not (look.selected or look.target)]
    assert at_rest
    canvas = pygame.Surface(layout.size)
    for name, look in at_rest:
        canvas.set_colorkey(None)
        canvas.fill((255, 0, 255))
        tiles.paint_on(canvas, layout, name, look, play.ctx.art)
        canvas.set_colorkey((255, 0, 255))
        painted = canvas.get_bounding_rect()  # what is not magenta
        assert not painted.width or layout.areas[name].contains(painted), (name, look, painted)


def _painted(play, labels: bool) -> pygame.Surface:
    """The table of ``play`` painted from scratch, with its slots' labels or without."""
    frame = play.frame()
    if not labels:
        frame.labels = {}
    picture = pygame.Surface(pygame.display.get_surface().get_size())
    TableView().draw(picture, frame, play.layout, play.ctx.art)
    return picture


@pytest.mark.parametrize(
    "size", [(320, 240), (501, 332), (641, 479), (1283, 721)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_a_slots_label_lies_in_its_place(display, ctx, kind, size):
    """A label is repainted with its slot's cell, which holds the label's place under
    the slot: its text lies there, however small the cards (at 320x240 Half Moon's
    labels, in the smallest readable text, were three times as wide as a card: a
    label that changed left the ends of the old one on the felt)."""
    ctx.settings.pile_labels = True
    driver = Driver(Flow(ctx).play(kind.from_code(kind.code(7))), size=size)
    play = driver.scene
    assert play.frame().labels
    changed = _painted(play, labels=True)
    changed.blit(_painted(play, labels=False), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = _painted(play, labels=False)
    other_way.blit(_painted(play, labels=True), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    changed.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed.set_colorkey((0, 0, 0))  # (what the labels changed is not black)
    assert changed.get_bounding_rect().width, "no label was painted"
    for rect in play.layout.labels.values():
        changed.fill((0, 0, 0), rect)
    assert changed.get_bounding_rect().size == (0, 0), changed.get_bounding_rect()
