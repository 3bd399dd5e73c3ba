"""Where everything goes, as a pure function of the window size and the table:
:func:`compute_layout`.

Half Moon's 12 piles stand on an arc open downwards (SPEC section 4), the reserve R1-R4
over R5-R8 inside it; Crescent's 16 piles with their fans stand on one too, its 8
foundations inside (see game.table.arcs); compact arrangements (game.table.compact) may
give larger cards. The info bar and the buttons run along the bottom. The cards are the
widest for which no two slots overlap in any of the table's arrangements, sized for the
room above every larger window's bar (:func:`card_room`): a larger window never gets
narrower cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from .arcs import CARD_ASPECT, Arrangement, Arranger, TablePlan

__all__ = ["CARD_ASPECT", "MIN_SIZE", "Layout", "TablePlan", "compute_layout"]

MIN_SIZE = (320, 240)
"""The smallest window the layout is made for; smaller ones are laid out at this size."""


@dataclass(frozen=True)
class Layout:
    """Rectangles for one window size and table. All values are pixels."""

    size: tuple[int, int]
    """The window size this layout is for."""
    table: TablePlan
    """The game's table (``GameKind.table``)."""
    card: tuple[int, int]
    """Card width and height."""
    slots: dict[str, Rect]
    """Each slot's card rectangle, by slot name (a Crescent pile's bottom card)."""
    areas: dict[str, Rect]
    """Everything each slot shows at rest: its card with stack edges, or its fan."""
    labels: dict[str, Rect]
    """Under each slot, room for its optional label (``3 · 7``)."""
    stack_step: int
    """Half Moon: pixels each card below the top adds to a pile's visible edge."""
    fan: tuple[int, int, int]
    """Crescent: a face-up sliver, a face-down sliver and the widest fan, in pixels."""
    bar: Rect
    """The info bar along the bottom."""
    info: Rect
    """Inside the bar: where time, score, moves and code are written."""
    buttons: dict[str, Rect]
    """The table's buttons (Undo, Redo, Redeal, New game, Menu)."""
    message: Rect
    """Where a short message (Move errors, "Copied") appears: on the felt where it covers
    no card (above the inner slots, or below them), else over the info text in the bar."""
    font_px: int
    """Text size for the bar and labels."""
    arrangement: str = ""
    """The name of the arrangement the slots are in (an arc's shape, a grid): a layout
    for another size may be asked to keep it (see :func:`compute_layout`)."""

    def hit_slot(self, pos: tuple[int, int]) -> str | None:
        """The slot whose area (with a small margin for fingers) covers ``pos``, if any;
        where two do, the one whose card is nearest."""
        margin = max(2, self.card[0] // 20)
        found = [
            name
            for name, area in self.areas.items()
            if area.inflate(margin, margin).collidepoint(pos)
        ]
        if len(found) <= 1:
            return found[0] if found else None
        return min(
            found,
            key=lambda n: abs(self.slots[n].centerx - pos[0]) + abs(self.slots[n].centery - pos[1]),
        )

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        """The button under ``pos``, if any."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None


def _row_width(unit: int, count: int) -> int:
    """The width the info text and ``count`` buttons take on one row of ``unit``."""
    font_px, pad = max(14, round(unit * 0.42)), max(6, unit // 6)
    return round(font_px * 25) + count * round(unit * 3.4) + (count + 2) * pad


def _rows(width: int, height: int, count: int) -> tuple[int, bool]:
    """The bar's unit (a button's height) and whether it takes two rows: two in a
    portrait window, or where one row does not fit even at the smallest unit; else one,
    its unit shrunk to fit. (A landscape window taller than 16:9 once took two rows
    for a unit grown with its height: a taller window, less room for the cards.)"""
    unit = max(36, round(min(width, height) * 0.06))
    if width < height or _row_width(36, count) > width:
        return unit, True
    while unit > 36 and _row_width(unit, count) > width:
        unit -= 1
    return unit, False


def _bar(
    width: int, height: int, names: tuple[str, ...]
) -> tuple[Rect, Rect, dict[str, Rect], int]:
    count = len(names)
    unit, two_rows = _rows(width, height, count)
    font_px = max(14, round(unit * 0.42))
    pad = max(6, unit // 6)
    # As wide as the labels like, narrower when the window is (the labels then shrink).
    button_w = min(round(unit * 3.4), (width - (count + 1) * pad) // count)
    buttons_w = count * button_w + (count - 1) * pad
    bar_h = unit * 2 + pad if two_rows else unit + pad
    bar = Rect(0, height - bar_h, width, bar_h)
    button_y = bar.bottom - unit
    x = width - pad - buttons_w
    buttons = {}
    for name in names:
        buttons[name] = Rect(x, button_y + pad // 4, button_w, unit - pad // 2)
        x += button_w + pad
    if two_rows:
        info = Rect(pad, bar.top, width - 2 * pad, unit)
    else:
        info = Rect(pad, bar.top, width - buttons_w - 3 * pad, bar_h)
    return bar, info, buttons, font_px


def card_room(width: int, height: int, names: tuple[str, ...]) -> Rect:
    """The play area the cards are sized for: above the bar of this window and of every
    window at least as wide and as tall, so a larger window never gets narrower cards.

    The bar grows with the window's smaller side, and takes two rows in a portrait or
    narrow window (:func:`_rows`). Of the windows at least this wide, the tallest bar
    is that of the widest with two rows or of a very wide one; of those at least this
    tall, that of the first with two rows; each a few pixels taller at most (its unit
    and padding rounded up at once)."""
    count = len(names)
    two_rows_below = max(height, _row_width(36, count))  # narrower: two rows
    wides = {width, 4 * (width + height)}
    if width < two_rows_below:
        wides.add(two_rows_below - 1)
    talls = [height] + [wide + 1 for wide in wides if height <= wide < 2 * (width + height)]
    room = min(
        tall + step - _bar(wide, tall + step, names)[0].height
        for wide in wides
        for tall in talls
        for step in range(5)
    )
    return Rect(0, 0, width, room)


def _fits(arranged: Arrangement, play: Rect, gap: int) -> bool:
    """Whether every slot's area with its label lies in the play area, none touching."""
    cells = [
        Rect(area.left, area.top, area.width, area.height + arranged.label_h).inflate(gap, gap)
        for area in arranged.areas.values()
    ]
    inner = play.inflate(gap, gap)
    if not all(inner.contains(cell) for cell in cells):
        return False
    return all(cells[i].collidelist(cells[i + 1 :]) == -1 for i in range(len(cells)))


def _message_place(
    inner: list[Rect], cells: list[Rect], play: Rect, info: Rect, font_px: int
) -> Rect:
    """The first place for a message that covers no card's cell: just above the slots
    inside the arc, just below them, else the bar's info text (always free of cards)."""
    height = round(font_px * 2.2)
    gap = max(4, font_px // 3)
    block = inner[0].unionall(inner)
    width = min(play.width - 2 * font_px, max(block.width, font_px * 30))
    around = [c for c in cells if c.colliderect(block.inflate(0, gap))]
    above, below = min(c.top for c in around), max(c.bottom for c in around)
    for anchor, y in (("midbottom", above - gap), ("midtop", below + gap)):
        for wide in (width, block.width, block.width * 3 // 4):
            place = Rect(0, 0, max(1, wide), height)
            setattr(place, anchor, (block.centerx, y))
            if play.contains(place) and place.collidelist(cells) < 0:
                return place
    return Rect(info)


ROOMY = 80
"""Cards at least this wide read well from a step back (an index 18 px tall): what a
Full HD window gives every table at least (tests/test_small_screens.py)."""

_LAST: dict[TablePlan, dict[Arranger, tuple[tuple[int, int], int]]] = {}
"""For each table and each of its arrangements, the play area and the widest cards last
found for it: a guess for the next layout."""


def _guesses(table: TablePlan, play: Rect) -> dict[Arranger, int]:
    """Each arrangement's widest cards last found for ``table`` (before any: those found
    when the game was made, game.table.layout_seeds), scaled to this play area (not to
    the window: the bar above which it ends takes a second row at some widths)."""
    last = _LAST.get(table) or _seeded(table)
    return {
        arranger: round(card_w * min(play.width / last_w, play.height / last_h))
        for arranger, ((last_w, last_h), card_w) in last.items()
    }


def seed_key(table: TablePlan) -> str:
    """The name of ``table``'s seeds: its shape (arrangements, buttons, inner slots)."""
    return f"{len(table.arcs)}+{len(table.compact)} {' '.join((*table.buttons, *table.inner))}"


def _seeded(table: TablePlan) -> dict[Arranger, tuple[tuple[int, int], int]]:
    """The seeds of ``table``'s shape (game.table.layout_seeds), by arrangement; none
    where they are not of its arrangements."""
    from .layout_seeds import SEEDS

    room, widths = SEEDS.get(seed_key(table), ((1, 1), ()))
    arrangers = (*table.arcs, *table.compact)
    if len(widths) != len(arrangers):
        return {}
    return {arranger: (room, width) for arranger, width in zip(arrangers, widths, strict=True)}


def fitting_arrangement(table: TablePlan, card_w: int, play: Rect) -> Arrangement | None:
    """The first of the table's arrangements (the arcs, then the compact ones) in which
    cards ``card_w`` wide fit ``play``, if any."""
    for arranger in (*table.arcs, *table.compact):
        arranged = _arranged(arranger, card_w, play)
        if arranged is not None:
            return arranged
    return None


SMALLER = ((1.0, 1.0), (1.0, 0.96), (1.0, 0.92), (1.0, 0.88), (1.0, 0.84), (0.92, 1.0))
"""The shares of the play area's width and height an arrangement is also tried in,
centred, where it does not fit the whole: an arc laid out taller spreads its top row
less, so its cards could be narrower in a taller window."""


def _arranged(
    arranger: Arranger, card_w: int, play: Rect, shares: tuple[tuple[float, float], ...] = SMALLER
) -> Arrangement | None:
    """The arrangement of cards ``card_w`` wide by ``arranger``, if it fits."""
    for across, down in shares:
        room = Rect(0, 0, round(play.width * across), round(play.height * down))
        room.center = play.center
        arranged = arranger(card_w, room)
        if arranged is not None and _fits(arranged, room, max(2, card_w // 25)):
            return arranged
    return None


class _Search:
    """What is known of one play area, arrangement by arrangement: the widest cards found
    to fit and the narrowest found not to. Narrower cards fit wherever wider ones do, in
    each arrangement (tests/test_layout.py checks it), so one try answers for many."""

    def __init__(self, play: Rect, arcs: tuple[Arranger, ...]) -> None:
        self.play = play
        self.arcs = frozenset(arcs)
        """The arcs' arrangers: tried in smaller rooms too (a grid centred in a smaller
        room fits the whole, the same)."""
        self.low, self.high = 8, max(9, play.width // 4)
        self.fit: dict[Arranger, tuple[int, Arrangement]] = {}
        self.unfit: dict[Arranger, int] = {}
        self.widths: dict[Arranger, int] = {}
        """The widest cards of each arrangement searched for to the end."""

    def _shares(self, arranger: Arranger) -> tuple[tuple[float, float], ...]:
        return SMALLER if arranger in self.arcs else SMALLER[:1]

    def fits(self, arranger: Arranger, card_w: int) -> bool:
        """Whether cards ``card_w`` wide fit in ``arranger``'s arrangement."""
        if card_w <= self.fit.get(arranger, (self.low - 1,))[0]:
            return True
        if card_w >= self.unfit.get(arranger, self.high + 1):
            return False
        arranged = _arranged(arranger, card_w, self.play, self._shares(arranger))
        if arranged is None:
            self.unfit[arranger] = card_w
            return False
        self.fit[arranger] = (card_w, arranged)
        return True

    def widest(self, arranger: Arranger, start: int) -> int:
        """The widest cards that fit in ``arranger``'s arrangement (``low - 1`` if none):
        a gallop from ``start`` to the first change, then a binary search."""
        low = self.fit.get(arranger, (self.low - 1,))[0]  # fits (or below the range)
        high = self.unfit.get(arranger, self.high + 1)  # does not fit (or above it)
        if low + 1 >= high:
            return low
        start = min(max(start, low + 1), high - 1)
        step = 1
        if self.fits(arranger, start):
            low = start
            while low + 1 < high:
                probe = min(high - 1, low + step)
                if not self.fits(arranger, probe):
                    high = probe
                    break
                low, step = probe, step * 2
        else:
            high = start
            while low + 1 < high:
                probe = max(low + 1, high - step)
                if self.fits(arranger, probe):
                    low = probe
                    break
                high, step = probe, step * 2
        while low + 1 < high:
            middle = (low + high) // 2
            if self.fits(arranger, middle):
                low = middle
            else:
                high = middle
        self.widths[arranger] = low
        return low

    def arrangement(self, arranger: Arranger, card_w: int) -> Arrangement:
        """The arrangement of cards ``card_w`` wide by ``arranger``, known to fit."""
        known = self.fit[arranger]
        if known[0] == card_w:
            return known[1]
        arranged = _arranged(arranger, card_w, self.play, self._shares(arranger))
        assert arranged is not None  # narrower than cards that fit
        return arranged


def largest_cards(
    table: TablePlan, play: Rect, guess: int | None = None
) -> tuple[int, Arrangement] | None:
    """The cards of ``table`` for ``play`` and their arrangement, as the layout chooses
    them (the widest of any arrangement), searched for from ``guess`` (any guess gives the same)."""
    everyone = (*table.arcs, *table.compact)
    guesses = dict.fromkeys(everyone, guess) if guess is not None else {}
    search = _Search(play, table.arcs)
    best = _largest(search, everyone, guesses)
    return None if best is None else (best[0], search.arrangement(best[1], best[0]))


def _largest(
    search: _Search, order: tuple[Arranger, ...], guesses: dict[Arranger, int]
) -> tuple[int, Arranger] | None:
    """The widest cards that fit the search's play area in one of the arrangements of
    ``order``, and the first of ``order`` in which they fit. (Taking the widest of every
    arrangement, the arcs' and the compact ones' alike, a larger window never gets
    narrower cards: tests/test_layout.py.)

    ``guesses`` holds the widest cards last found for some arrangements, scaled (a window
    being resized). The one with the widest guess is searched first, from its guess
    (without one, the first from the middle). Each other is then tried once: one pixel
    wider (searched on, from its guess, if it fits there), or, one before the best so
    far, at the same width (it comes first if it fits). The answer is what trying every
    width in every arrangement would give."""
    if not order:
        return None  # (a table without an arc, or without compact arrangements)
    known = {arranger: guesses[arranger] for arranger in order if arranger in guesses}
    first = max(known, key=known.__getitem__) if known else order[0]
    middle = (search.low + search.high) // 2
    best = search.widest(first, known.get(first, middle))
    winner = first if best >= search.low else None
    for other in order:
        if other == first:
            continue
        if winner is not None and order.index(other) < order.index(winner):
            if not search.fits(other, best):
                continue  # narrower than the best: it cannot come first
            winner = other  # as wide, and before it
        if search.fits(other, best + 1):
            start = max(best + 2, known.get(other, best + 2))
            best, winner = search.widest(other, start), other
    if winner is None:
        return None
    return best, winner


def compute_layout(width: int, height: int, table: TablePlan, keep: str = "") -> Layout:
    """The layout of ``table`` for a window of ``width`` x ``height`` (cached per size);
    with ``keep``, the widest cards of that arrangement where it fits (a window resized
    while a card is carried: the slots stay in their order, no arc becomes a grid)."""
    # One cache entry however ``keep`` is given (lru_cache keys the arguments as passed:
    # a table's first frame searched its layout twice, 10 ms).
    return _layout(width, height, table, keep)


@lru_cache(maxsize=16)
def _layout(width: int, height: int, table: TablePlan, keep: str) -> Layout:
    """:func:`compute_layout`, cached."""
    width, height = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    bar, info, buttons, font_px = _bar(width, height, table.buttons)
    play = Rect(0, 0, width, bar.top)
    room = card_room(width, height, table.buttons)
    search = _Search(room, table.arcs)
    everyone = (*table.arcs, *table.compact)
    guesses = _guesses(table, room)
    kept = [arranger for arranger in everyone if keep and arranger.__qualname__ == keep]
    best = _largest(search, tuple(kept), guesses) or _largest(search, everyone, guesses)
    if best is None:  # never for a window of at least MIN_SIZE (tests/test_layout.py)
        raise ValueError(f"no layout fits a window of {width}x{height}")
    card_w, arranger = best
    last = _LAST.setdefault(table, {})
    last.update((arranger, (room.size, found)) for arranger, found in search.widths.items())
    # Laid out over the whole play area (the room the cards are sized for may be lower).
    arranged = _arranged(arranger, card_w, play) or search.arrangement(arranger, card_w)
    card_h = round(card_w * CARD_ASPECT)
    labels = {
        name: Rect(area.left, area.bottom, area.width, arranged.label_h)
        for name, area in arranged.areas.items()
    }
    cells = [
        area.move(0, -max(2, card_h // 18)).inflate(card_w // 5, card_w // 5).union(labels[n])
        for n, area in arranged.areas.items()
    ]
    # The message goes around the inner slots; a table without any: around all of them.
    inner = [arranged.rects[name] for name in table.inner] or list(arranged.rects.values())
    return Layout(
        size=(width, height),
        table=table,
        card=(card_w, card_h),
        slots=arranged.rects,
        areas=arranged.areas,
        labels=labels,
        stack_step=arranged.stack_step,
        fan=arranged.fan,
        bar=bar,
        info=info,
        buttons=buttons,
        message=_message_place(inner, cells, play, info, font_px),
        font_px=font_px,
        arrangement=arranger.__qualname__,
    )
