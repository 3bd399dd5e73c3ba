"""Where everything goes, as a pure function of the window size and the table:
:func:`compute_layout`.

Half Moon's 12 piles stand on an arc open downwards (SPEC section 4), the reserve R1-R4
over R5-R8 inside it; Crescent's 16 piles with their fans stand on one too, its 8
foundations inside (see game.table.arcs). Where the arc would make the cards small, a compact
arrangement may give larger ones (game.table.compact; the rule is :data:`ROOMY`'s). The info
bar and the buttons run along the bottom. The card size is the largest for which no two
of these overlap.
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


def _bar(
    width: int, height: int, names: tuple[str, ...]
) -> tuple[Rect, Rect, dict[str, Rect], int]:
    unit = max(36, round(min(width, height) * 0.06))
    font_px = max(14, round(unit * 0.42))
    pad = max(6, unit // 6)
    count = len(names)
    # As wide as the labels like, narrower when the window is (the labels then shrink).
    button_w = min(round(unit * 3.4), (width - (count + 1) * pad) // count)
    buttons_w = count * button_w + (count - 1) * pad
    info_w = round(font_px * 25)
    two_rows = info_w + buttons_w + 3 * pad > width
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
    below = max(c.bottom for c in cells if c.colliderect(block.inflate(0, gap)))
    for anchor, y in (("midbottom", block.top - gap), ("midtop", below + gap)):
        for wide in (width, block.width, block.width * 3 // 4):
            place = Rect(0, 0, max(1, wide), height)
            setattr(place, anchor, (block.centerx, y))
            if play.contains(place) and place.collidelist(cells) < 0:
                return place
    return Rect(info)


ROOMY = 80
"""Cards at least this wide read well from a step back (an index 18 px tall): where
the arc gives them, the table keeps its arc; where it does not, the layout takes
whichever of the arc and the compact arrangements gives the wider cards."""

_LAST: dict[TablePlan, dict[Arranger, tuple[tuple[int, int], int]]] = {}
"""For each table and each of its arrangements, the play area and the widest cards last
found for it: a guess for the next layout."""


def _guesses(table: TablePlan, play: Rect) -> dict[Arranger, int]:
    """Each arrangement's widest cards last found for ``table``, scaled to this play area
    (not to the window: the bar above which it ends takes a second row at some widths)."""
    return {
        arranger: round(card_w * min(play.width / last_w, play.height / last_h))
        for arranger, ((last_w, last_h), card_w) in _LAST.get(table, {}).items()
    }


def fitting_arrangement(table: TablePlan, card_w: int, play: Rect) -> Arrangement | None:
    """The first of the table's arrangements (the arcs, then the compact ones) in which
    cards ``card_w`` wide fit ``play``, if any."""
    for arranger in (*table.arcs, *table.compact):
        arranged = _arranged(arranger, card_w, play)
        if arranged is not None:
            return arranged
    return None


def _arranged(arranger: Arranger, card_w: int, play: Rect) -> Arrangement | None:
    """The arrangement of cards ``card_w`` wide by ``arranger``, if it fits."""
    arranged = arranger(card_w, play)
    if arranged is not None and _fits(arranged, play, max(2, card_w // 25)):
        return arranged
    return None


class _Search:
    """What is known of one play area, arrangement by arrangement: the widest cards found
    to fit and the narrowest found not to. Narrower cards fit wherever wider ones do, in
    each arrangement (tests/test_layout.py checks it), so one try answers for many."""

    def __init__(self, play: Rect) -> None:
        self.play = play
        self.low, self.high = 8, max(9, play.width // 4)
        self.fit: dict[Arranger, tuple[int, Arrangement]] = {}
        self.unfit: dict[Arranger, int] = {}
        self.widths: dict[Arranger, int] = {}
        """The widest cards of each arrangement searched for to the end."""

    def fits(self, arranger: Arranger, card_w: int) -> bool:
        """Whether cards ``card_w`` wide fit in ``arranger``'s arrangement."""
        if card_w <= self.fit.get(arranger, (self.low - 1,))[0]:
            return True
        if card_w >= self.unfit.get(arranger, self.high + 1):
            return False
        arranged = _arranged(arranger, card_w, self.play)
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
        arranged = _arranged(arranger, card_w, self.play)
        assert arranged is not None  # narrower than cards that fit
        return arranged


def largest_cards(
    table: TablePlan, play: Rect, guess: int | None = None
) -> tuple[int, Arrangement] | None:
    """The cards of ``table`` for ``play`` and their arrangement, as the layout chooses
    them (see :data:`ROOMY`), searched for from ``guess`` (any guess gives the same)."""
    everyone = (*table.arcs, *table.compact)
    guesses = dict.fromkeys(everyone, guess) if guess is not None else {}
    return _choose(table, _Search(play), guesses)


def _choose(
    table: TablePlan, search: _Search, guesses: dict[Arranger, int]
) -> tuple[int, Arrangement] | None:
    """The arc's widest cards when they are :data:`ROOMY` or the compact arrangements do
    no better; else the compact arrangements' widest."""
    arc = _largest(search, table.arcs, guesses)
    if (arc is not None and arc[0] >= ROOMY) or not table.compact:
        return arc
    compact = _largest(search, table.compact, guesses)
    if compact is None or (arc is not None and arc[0] >= compact[0]):
        return arc
    return compact


def _largest(
    search: _Search, order: tuple[Arranger, ...], guesses: dict[Arranger, int]
) -> tuple[int, Arrangement] | None:
    """The widest cards that fit the search's play area in one of the arrangements of
    ``order``, and their arrangement by the first of ``order`` in which they fit.

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
    return best, search.arrangement(winner, best)


@lru_cache(maxsize=16)
def compute_layout(width: int, height: int, table: TablePlan) -> Layout:
    """The layout of ``table`` for a window of ``width`` x ``height`` (cached per size)."""
    width, height = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    bar, info, buttons, font_px = _bar(width, height, table.buttons)
    play = Rect(0, 0, width, bar.top)
    search = _Search(play)
    best = _choose(table, search, _guesses(table, play))
    if best is None:  # never for a window of at least MIN_SIZE (tests/test_layout.py)
        raise ValueError(f"no layout fits a window of {width}x{height}")
    card_w, arranged = best
    last = _LAST.setdefault(table, {})
    last.update((arranger, (play.size, found)) for arranger, found in search.widths.items())
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
    )
