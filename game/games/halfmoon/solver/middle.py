"""A position of the Half Moon search, a *middle* (see :mod:`game.games.halfmoon.solver.search`):
the cards between the parts taken from the top and from the bottom of each pile, with the
reserve ranks left; its key, the moves made and unmade on it, and its candidate moves,
pruned and ordered.

:class:`Middle` is the board; :class:`game.games.halfmoon.solver.depth_first.Search` searches it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..slots import PILE_COUNT

JACK, QUEEN, KING = 11, 12, 13
_OTHER_FACES = {JACK: (QUEEN, KING), QUEEN: (JACK, KING), KING: (JACK, QUEEN)}
_JITTER = 3.0
"""How far, in cards, a restart may move a candidate up or down the order."""

# A source is where one card of a removal comes from: pile i's top card is i, its bottom
# card i + BACK, and a reserve card of rank r is -r. A move is a tuple of sources, all
# from the front or all from the back (reserve cards go either way).
Move = tuple[int, ...]
BACK = 16

# Keys: four bits for each pile's top (cards up to the top), each pile's bottom (cards
# taken from the bottom) and each rank's reserve count.
FIELD = 4
TOP_BIT = tuple(1 << (FIELD * i) for i in range(PILE_COUNT))
BOTTOM_BIT = tuple(1 << (FIELD * (PILE_COUNT + i)) for i in range(PILE_COUNT))
RESERVE_BIT = (0, *tuple(1 << FIELD * (2 * PILE_COUNT + r - 1) for r in range(1, 14)))

_PILES_IN = tuple(
    tuple(i for i in range(PILE_COUNT) if mask >> i & 1) for mask in range(1 << PILE_COUNT)
)
"""_PILES_IN[mask]: the piles in a set of piles written as a bit mask."""
_BOTTOMS_IN = tuple(tuple(i + BACK for i in piles) for piles in _PILES_IN)
"""_BOTTOMS_IN[mask]: the bottom-card sources of the piles in ``mask``."""
_LOWEST = tuple((mask & -mask).bit_length() - 1 for mask in range(1 << PILE_COUNT))
_COUNT = tuple(len(piles) for piles in _PILES_IN)


class Middle:
    """The cards whose ranks are in ``ranks`` (others are transparent) between the parts
    of the piles taken from the top and from the bottom, and the moves on them.

    The whole game is the middle of all 13 ranks; each relaxation is the middle of one
    pair class or the faces.
    """

    def __init__(
        self, piles: Sequence[Sequence[int]], in_reserve: Sequence[int], ranks: Iterable[int]
    ) -> None:
        """The cards of ``ranks``; ``in_reserve[r]``: reserve cards of rank r."""
        keep = frozenset(ranks)
        self.keep = keep
        self.piles = [[r for r in pile if r in keep] for pile in piles]
        self.pairs = [a for a in range(1, 6) if a in keep]
        self.faces = JACK in keep
        self.bottom = [0] * PILE_COUNT
        """bottom[i]: cards taken from the bottom of pile i."""
        self.top = [len(p) for p in self.piles]
        """top[i]: pile i's cards up to its top card (the middle is pile[bottom:top])."""
        self.in_reserve = [in_reserve[r] if r in keep else 0 for r in range(14)]
        self.covering = [0] * 14
        """covering[r]: the piles (a bit mask) whose top card, of rank r, covers another."""
        self.bottom_covering = [0] * 14
        """bottom_covering[r]: the piles whose bottom card, of rank r, lies under another."""
        self.free_piles = [0] * 14
        """free_piles[r]: the piles whose only card is of rank r."""
        self.free = [0] * 14
        """free[r]: free cards of rank r: in the reserve or alone in their pile."""
        self.left = [0] * 14
        self.total = 0
        self.key = 0
        # The relaxations (see depth_first.Search.add_relaxations), whose keys the moves
        # keep up to date: counts[i][d]: how many of pile i's first d cards each keeps.
        self.counts: list[list[int]] = []
        # relaxed_by[r]: the relaxations that keep rank r.
        self.relaxed_by: list[list[int]] = [[] for _ in range(14)]
        # The relaxations' keys, kept up to date move by move.
        self.sub_keys: list[int] = []
        self.jitter: random.Random | None = None
        """Shuffles near-equal candidate moves a little (later attempts), or None."""
        self._recount()

    def _mapped(self, j: int) -> tuple[list[int], list[int]]:
        """Relaxation j's ``bottom`` and ``top`` in this search's position."""
        shift = FIELD * j
        counts = self.counts
        return (
            [counts[i][d] >> shift & 15 for i, d in enumerate(self.bottom)],
            [counts[i][d] >> shift & 15 for i, d in enumerate(self.top)],
        )

    def key_of(self, bottom: Sequence[int], top: Sequence[int], in_reserve: Sequence[int]) -> int:
        """This search's key for a middle and reserve counts ``in_reserve``."""
        key = 0
        for i in range(PILE_COUNT):
            key |= top[i] << (FIELD * i) | bottom[i] << (FIELD * (PILE_COUNT + i))
        for r in self.keep:
            key |= in_reserve[r] << (FIELD * (2 * PILE_COUNT + r - 1))
        return key

    def _recount(self) -> None:
        left = [0] * 14
        covering = [0] * 14
        bottom_covering = [0] * 14
        free_piles = [0] * 14
        free = list(self.in_reserve)
        for i in range(PILE_COUNT):
            low, high = self.bottom[i], self.top[i]
            pile = self.piles[i]
            for r in pile[low:high]:
                left[r] += 1
            if high - low > 1:
                covering[pile[high - 1]] |= 1 << i
                bottom_covering[pile[low]] |= 1 << i
            elif high - low == 1:
                free_piles[pile[low]] |= 1 << i
                free[pile[low]] += 1
        for r in range(1, 14):
            left[r] += self.in_reserve[r]
        self.left = left
        self.covering = covering
        self.bottom_covering = bottom_covering
        self.free_piles = free_piles
        self.free = free
        self.total = sum(left)
        self.key = self.key_of(self.bottom, self.top, self.in_reserve)

    def set_position(
        self, bottom: Sequence[int], top: Sequence[int], in_reserve: Sequence[int]
    ) -> None:
        """Move to the middle ``bottom``/``top`` with reserve counts ``in_reserve``."""
        self.bottom = list(bottom)
        self.top = list(top)
        self.in_reserve = [in_reserve[r] if r in self.keep else 0 for r in range(14)]
        self._recount()

    # ---------------------------------------------------------------- moves
    def _do(self, move: Move) -> None:
        sub_keys = self.sub_keys
        top = self.top
        bottom = self.bottom
        covering = self.covering
        bottom_covering = self.bottom_covering
        free_piles = self.free_piles
        free = self.free
        left = self.left
        key = self.key
        for s in move:
            if s < 0:
                r = -s
                self.in_reserve[r] -= 1
                free[r] -= 1
                delta = -RESERVE_BIT[r]
            elif s < BACK:
                high = top[s]
                n = high - bottom[s]
                pile = self.piles[s]
                r = pile[high - 1]
                bit = 1 << s
                if n > 1:
                    covering[r] ^= bit
                    under = pile[high - 2]
                    if n > 2:
                        covering[under] |= bit
                    else:
                        free_piles[under] |= bit
                        free[under] += 1
                        bottom_covering[under] ^= bit
                else:
                    free_piles[r] ^= bit
                    free[r] -= 1
                top[s] = high - 1
                delta = -TOP_BIT[s]
            else:
                i = s - BACK
                low = bottom[i]
                n = top[i] - low
                pile = self.piles[i]
                r = pile[low]
                bit = 1 << i
                if n > 1:
                    bottom_covering[r] ^= bit
                    over = pile[low + 1]
                    if n > 2:
                        bottom_covering[over] |= bit
                    else:
                        free_piles[over] |= bit
                        free[over] += 1
                        covering[over] ^= bit
                else:
                    free_piles[r] ^= bit
                    free[r] -= 1
                bottom[i] = low + 1
                delta = BOTTOM_BIT[i]
            key += delta
            for j in self.relaxed_by[r]:
                sub_keys[j] += delta
            left[r] -= 1
        self.key = key
        self.total -= len(move)

    def _undo(self, move: Move) -> None:
        sub_keys = self.sub_keys
        top = self.top
        bottom = self.bottom
        covering = self.covering
        bottom_covering = self.bottom_covering
        free_piles = self.free_piles
        free = self.free
        left = self.left
        key = self.key
        for s in move:
            if s < 0:
                r = -s
                self.in_reserve[r] += 1
                free[r] += 1
                delta = RESERVE_BIT[r]
            elif s < BACK:
                high = top[s]
                n = high - bottom[s]
                pile = self.piles[s]
                r = pile[high]
                bit = 1 << s
                if n:
                    under = pile[high - 1]
                    if n > 1:
                        covering[under] ^= bit
                    else:
                        free_piles[under] ^= bit
                        free[under] -= 1
                        bottom_covering[under] |= bit
                    covering[r] |= bit
                else:
                    free_piles[r] |= bit
                    free[r] += 1
                top[s] = high + 1
                delta = TOP_BIT[s]
            else:
                i = s - BACK
                low = bottom[i]
                n = top[i] - low
                pile = self.piles[i]
                r = pile[low - 1]
                bit = 1 << i
                if n:
                    over = pile[low]
                    if n > 1:
                        bottom_covering[over] ^= bit
                    else:
                        free_piles[over] ^= bit
                        free[over] -= 1
                        covering[over] |= bit
                    bottom_covering[r] |= bit
                else:
                    free_piles[r] |= bit
                    free[r] += 1
                bottom[i] = low - 1
                delta = -BOTTOM_BIT[i]
            key += delta
            for j in self.relaxed_by[r]:
                sub_keys[j] += delta
            left[r] += 1
        self.key = key
        self.total += len(move)

    def _moves(self, back: bool) -> list[Move]:
        """The candidate moves from the top (or ``back``: the bottom), pruned, best first."""
        covering = self.bottom_covering if back else self.covering
        piles_in = _BOTTOMS_IN if back else _PILES_IN
        free = self.free
        free_piles = self.free_piles
        in_reserve = self.in_reserve
        left = self.left

        def sources(r: int) -> tuple[int, ...]:
            mask = covering[r]
            if mask:
                return piles_in[mask]
            if in_reserve[r]:
                return (-r,)
            if free_piles[r]:
                return (_LOWEST[free_piles[r]] + BACK if back else _LOWEST[free_piles[r]],)
            return ()

        best: list[Move] | None = None
        for a in self.pairs:
            pa = _COUNT[covering[a]] + free[a]
            if pa:
                b = 11 - a
                pb = _COUNT[covering[b]] + free[b]
                if pb:
                    if pa == left[a]:
                        if pb == left[b]:
                            return [(sources(a)[0], sources(b)[0])]
                        xs = sources(a)
                        if best is None or len(xs) < len(best):
                            y = sources(b)[0]
                            best = [(x, y) for x in xs]
                    elif pb == left[b]:
                        ys = sources(b)
                        if best is None or len(ys) < len(best):
                            x = sources(a)[0]
                            best = [(x, y) for y in ys]
        faces = False
        if self.faces:
            pj = _COUNT[covering[JACK]] + free[JACK]
            pq = _COUNT[covering[QUEEN]] + free[QUEEN]
            pk = _COUNT[covering[KING]] + free[KING]
            if pj and pq and pk:
                faces = True
                cj, cq, ck = pj == left[JACK], pq == left[QUEEN], pk == left[KING]
                if cj and cq and ck:
                    return [(sources(JACK)[0], sources(QUEEN)[0], sources(KING)[0])]
                if cj + cq + ck == 2:
                    open_rank = JACK if not cj else QUEEN if not cq else KING
                    y_rank, z_rank = _OTHER_FACES[open_rank]
                    x = sources(open_rank)[0]
                    choice: list[Move] = [
                        (x, y, z) for y in sources(y_rank) for z in sources(z_rank)
                    ]
                    if best is None or len(choice) < len(best):
                        best = choice
        if best is not None and len(best) == 1:
            return best
        # Tall piles first: they are the hardest to clear. Later attempts shuffle
        # near-equal moves a little (see search._Attempts).
        top = self.top
        bottom = self.bottom
        jitter = self.jitter.random if self.jitter is not None else None
        scored: list[tuple[float, int, Move]] = []
        if best is None:
            best = []
            for a in self.pairs:
                b = 11 - a
                if (covering[a] or free[a]) and (covering[b] or free[b]):
                    ys = sources(b)
                    for x in sources(a):
                        for y in ys:
                            best.append((x, y))
            if faces:
                qs = sources(QUEEN)
                ks = sources(KING)
                for j in sources(JACK):
                    for q in qs:
                        for k in ks:
                            best.append((j, q, k))
            if len(best) <= 1:
                return best
        for m in best:
            score = -_JITTER * jitter() if jitter is not None else 0.0
            for s in m:
                if s >= 0:
                    score += bottom[s & 15] - top[s & 15]
            scored.append((score, len(scored), m))
        scored.sort()
        return [m for _, _, m in scored]
