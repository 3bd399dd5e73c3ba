"""The table repainted in part, or in full over the tiles it made, gives the pixels of a
table painted from scratch: at any window size, odd ones included, through any play of
any game kind (a property test), and in the cases found so far."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ui_helpers import Driver, pygame, window

from game.records.settings import CARD_BACKS, DECKS, TABLE_COLOURS
from game.scenes.flow import Flow
from game.scenes.table_view import TableView


def _from_scratch(play) -> bytes:
    """The table of ``play`` as a new view paints it: the felt, every slot painted on it
    without tiles, the bar, the cards in flight, the message and the sparks."""
    reference = pygame.Surface(window().get_size())
    TableView().draw(reference, play.frame(), play.layout, play.ctx.art)
    return pygame.image.tobytes(reference, "RGB")


def _differences(play) -> tuple[int, pygame.Rect] | None:
    """How many pixels of the window differ from the table painted from scratch, and
    where; None when none does."""
    screen = window()
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
    window().fill((255, 255, 255))  # another window was here
    driver.post(pygame.WINDOWEXPOSED)
    _check(play, "uncovered")


LONG_FOLDER = "/home/player/.local/share/halfmoon"


@pytest.mark.parametrize(
    ("what", "size"),
    [
        ("message", (800, 480)),
        ("message", (1024, 600)),
        ("message", (1080, 1920)),
        ("notice", (1024, 600)),
    ],
    ids=str,
)
def test_a_message_or_notice_is_repainted_as_it_comes_fades_and_goes(
    display, ctx, kind, what, size
):
    """A message (after a tap on the deal code) or a notice (a folder that cannot be
    written) goes on the free felt, among the info bar's parts (which step aside), or
    in the info's place where it is too long to stand among them: each frame until it
    has gone, and the one after, shows what a paint from scratch shows; the info then
    stands where it stood."""
    driver = Driver(Flow(ctx).play(kind.from_code(kind.code(7))), size=size)
    play = driver.scene
    driver.frames(2)
    before = [box for _text, box in play.view.text_boxes()]
    if what == "message":
        driver.click(play.view.code_rect.center)
    else:
        notice = ("Cannot save in {folder}; the game goes on.", {"folder": LONG_FOLDER})
        ctx.storage.notices.append(notice)
        driver.frames(1)
    shown = play.message if what == "message" else ctx.notice
    assert shown is not None and play.view.text_boxes()[-1][0] == shown[0]
    frames = 0
    while (play.message if what == "message" else ctx.notice) is not None:
        driver.frames(1)
        _check(play, (what, frames))
        frames += 1
    driver.frames(1)
    _check(play, "gone")
    assert [box for _text, box in play.view.text_boxes()] == before


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
    picture = pygame.Surface(window().get_size())
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


# ------------------------------------------------------------- any size, any play
PLAIN = (DECKS[0], CARD_BACKS[0], TABLE_COLOURS[0])
"""The look of the cases found: the classic deck, the first back, the green table."""
EXAMPLES = int(os.environ.get("HALFMOON_REPAINT_EXAMPLES", "6"))
"""Examples per game kind: a few for ``make test``; HALFMOON_REPAINT_EXAMPLES=500 for a
long run."""
ACTIONS = (
    "move",  # a legal move of the rules, by taps (or a drag, where the board has them)
    "drag",  # a card carried over the table and dropped on a legal target
    "fling",  # a card carried and dropped anywhere: a move, a refusal, or it flies back
    "tap",  # any slot tapped: a selection, a refusal, a card sent home
    "felt",  # a tap on the felt: the selection goes
    "keys",  # the keyboard focus ring moved, and Space
    "undo",
    "redo",
    "redeal",
    "resize",  # a new window size, odd ones included
    "expose",  # the window uncovered: a full repaint over the tiles made
    "wait",  # frames go by: cards land, the clock ticks, a message fades
    "idle",  # the idle steps make tiles and render the cards crisp
)


def _legal(game) -> list[tuple[str, ...]]:
    """The moves the game's rules allow now, each as the slots tapped to make it."""
    return [tuple(move.slots) for move in game.legal_moves() if move.slots]


class _Table:
    """A table driven by real input events and compared with the table painted from
    scratch after each of them and after every frame."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.play = driver.scene
        self.compared = 0
        self._draws = -1
        """The loop's draws at the last comparison (the window has not changed since)."""

    @property
    def shown(self) -> bool:
        """Whether the table is still on screen (not a won or stalled game's dialog)."""
        return self.driver.scene is self.play

    def check(self, where) -> None:
        """Compare, when the window was drawn since the last comparison, unless the
        table left the screen or its cards are scaled stand-ins
        after a resize: those are rendered crisp one by one while the tiles made of them
        stay until the last one is, and the table is then repainted whole."""
        draws = self.driver.loop.draws
        if self.shown and not self.play.ctx.art.refining and draws != self._draws:
            _check(self.play, where)
            self.compared += 1
            self._draws = draws

    def frames(self, count: int, where) -> None:
        for number in range(count):
            if not self.shown:
                return
            self.driver.frames(1)
            self.check((where, number))

    def act(self, action: str, pick: int) -> None:
        """One action of :data:`ACTIONS`; ``pick`` chooses among the moves, slots, keys
        or sizes it could take."""
        driver, play = self.driver, self.play
        layout, board = play.layout, play.board
        slots = list(layout.slots)
        if action in ("move", "drag"):
            legal = _legal(play.game)
            if legal:
                move = legal[pick % len(legal)]
                places = [board.top_rect(layout, slot).center for slot in move]
                if action == "drag" and board.drags and len(places) == 2:
                    self.drag(*places)
                else:
                    for place in places:
                        driver.click(place)
                        self.check(("tapped", place))
        elif action == "fling":
            width, height = layout.size
            start = board.top_rect(layout, slots[pick % len(slots)]).center
            self.drag(start, (pick * 7919 % width, pick * 104729 % height))
        elif action == "tap":
            driver.click(board.top_rect(layout, slots[pick % len(slots)]).center)
        elif action == "felt":
            driver.click((1, 1))
        elif action == "keys":
            arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
            for number in range(1 + pick % 3):
                driver.key(arrows[(pick >> (2 * number)) % 4])
                self.check(("focus", number))
            if pick & 1024:
                driver.key(pygame.K_SPACE)
        elif action == "undo":
            driver.key(pygame.K_BACKSPACE)
        elif action == "redo":
            driver.key(pygame.K_y, pygame.KMOD_CTRL)
        elif action == "redeal":
            driver.key(pygame.K_r)
        elif action == "resize":
            self.resize(pick)
        elif action == "expose":
            window().fill((255, 255, 255))  # another window was here
            driver.post(pygame.WINDOWEXPOSED)
        elif action == "wait":
            self.frames(1 + pick % 30, "wait")
        elif action == "idle":
            driver.seconds(0.5 + pick % 3)
        self.check(action)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A card carried from ``start`` to ``end`` in four steps, and dropped."""
        post = self.driver.post
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        for part in range(1, 5):
            where = tuple(a + (b - a) * part // 4 for a, b in zip(start, end, strict=True))
            post(pygame.MOUSEMOTION, pos=where, rel=(1, 1), buttons=(1, 0, 0))
            self.check(("carried", part))
        post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)

    def resize(self, pick: int) -> None:
        """The window made up to 150 pixels narrower or wider, shorter or taller."""
        width, height = window().get_size()
        size = (
            max(320, min(2000, width + pick % 301 - 150)),
            max(240, min(2000, height + (pick >> 9) % 301 - 150)),
        )
        if size == (width, height):
            return  # (a window made again at its size is black until it is exposed)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    size=st.tuples(st.integers(320, 2000), st.integers(240, 2000)),
    deal=st.integers(1, 2000),
    options=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    look=st.tuples(
        st.sampled_from(DECKS), st.sampled_from(CARD_BACKS), st.sampled_from(TABLE_COLOURS)
    ),
    steps=st.lists(
        st.tuples(st.sampled_from(ACTIONS), st.integers(0, 2**16)), min_size=1, max_size=10
    ),
)
@example(size=(544, 1015), deal=7, options=(False, False, False), look=PLAIN, steps=[("expose", 0)])
@example(size=(501, 332), deal=7, options=(False, False, False), look=PLAIN, steps=[("expose", 0)])
@example(size=(320, 240), deal=1, options=(False, True, False), look=PLAIN, steps=[("move", 0)])
@example(size=(1559, 1704), deal=1, options=(False, False, False), look=PLAIN, steps=[("fling", 0)])
def test_a_partial_repaint_shows_what_a_repaint_from_scratch_shows(
    display, ctx, kind, size, deal, options, look, steps
):
    """After every event and every frame of random play at a random window size, odd
    ones included, that drew anything, the window holds exactly the pixels of the table
    painted from scratch (but while a resize's scaled cards are rendered crisp). Drawn:
    the size, the deal, Placement aid, Pile labels and four colours, the cards' faces
    and back and the table's colour, and up to ten actions. The examples are the cases
    found: QA's two, and a label at 320x240."""
    ctx.settings.placement_aid, ctx.settings.pile_labels, ctx.settings.four_colour = options
    ctx.settings.move_errors = True
    ctx.settings.deck, ctx.settings.card_back, ctx.settings.table_colour = look
    ctx.apply_settings()
    game = kind.from_code(kind.code(deal))
    while game.outcome is not None:  # (a deal stuck from its first card shows no table)
        deal += 1
        game = kind.from_code(kind.code(deal))
    table = _Table(Driver(Flow(ctx).play(game), size=size))
    table.driver.seconds(1)  # the first paint, then the idle steps make the tiles
    table.check("start")
    for number, (action, pick) in enumerate(steps):
        if not table.shown:
            break
        table.act(action, pick)
        table.frames(8, (number, action))
    if table.shown:
        table.driver.seconds(1)  # at rest: the cards crisp again after a resize
        table.check("at rest")
    assert table.compared > 0
