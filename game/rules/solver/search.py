"""The solver's search: :func:`solve` decides whether a position can be won.

A winning line is an order of removals; it can be found from either end. Removed from
the front, each removal takes playable cards, the top cards of piles. Taken from the
back, the last removal of a line takes cards that nothing lies under: the *bottom*
cards of piles (played backwards, a line puts the cards back bottom card first). So a
search position is a *middle*: for every pile the run of cards between the part taken
from the top and the part taken from the bottom, plus the reserve ranks left (suits
never matter). The middle can be won exactly when its cards can all be removed, and a
line for the whole is the removals taken from the front, then those taken from the
back in the reverse order. The search is a depth-first search over middles with a
transposition table of the middles proved lost, and these prunings, each of which keeps
at least one winning continuation whenever one exists:

* **Free cards are interchangeable, pile cards dominate them.** A reserve card, or a
  pile's last card, covers nothing. For a rank that is needed, a covering pile card is
  always at least as good as a free card of that rank, and all free cards of a rank are
  equal, so only covering pile cards are tried, or one free card if there is none.
* **Removals can be moved earlier** (and, at the back, later). A removal that is legal
  now and belongs to some winning line can be made first. So when every remaining card
  of ranks ``a`` and ``b = 11 - a`` is playable, one ``a + b`` pair is the only move
  needed; when every remaining ``b`` is playable, any playable ``a`` goes with one of
  those ``b`` now, and only its partners are tried (likewise for Jacks, Queens, Kings).
* **Relaxations prove dead positions.** The cards of one pair class (A/10, 2/9, 3/8,
  4/7, 5/6) or the faces must be removable on their own, with every other card taken
  as transparent. That small game is solved separately; if it cannot be won, neither
  can the whole. It finds dead cards (a 4 above every remaining 7 in its pile) and
  crossings (4 over 7 in one pile, 4 over 7 in another, 7s gone elsewhere). Each
  relaxation keeps a winning line for its cards; after a move of the whole game that
  line usually still wins with the move's cards taken out (see :func:`lines.repaired`), so
  the small game is searched again only when it does not.

**Three ways to search.** An attempt takes every move from the front (forward), or
every move from the back (backward), or at each position from the end that offers
fewer candidate moves (mixed: fewest choices first). The three see very different
trees. Measured on the 224 deals of 4,000 that took the forward search longest, a
forward-only search left 45 of them undecided after 60,000 positions, a backward-only
one 38, the two together 4, and all three 1; one dead deal took more than 400,000
positions each way and 764 mixed. So the attempts take turns (see :func:`solve`),
sharing the positions proved lost, each way restarting after node budgets that grow as
the Luby sequence; later attempts also shuffle near-equal moves.

Tall piles (the longest runs of cards) are tried first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

from ..game import Game
from ..removals import Removal
from ..slots import PILE_COUNT, SLOTS
from ..table import Table
from . import lines
from .budget import Budget, OutOfBudget, Restart, luby
from .budget import Verdict as Verdict  # still importable from here

JACK, QUEEN, KING = 11, 12, 13
_GROUPS: tuple[tuple[int, ...], ...] = ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6), (11, 12, 13))
_OTHER_FACES = {JACK: (QUEEN, KING), QUEEN: (JACK, KING), KING: (JACK, QUEEN)}
_JITTER = 3.0
"""How far, in cards, a restart may move a candidate up or down the order."""

# A source is where one card of a removal comes from: pile i's top card is i, its bottom
# card i + _BACK, and a reserve card of rank r is -r. A move is a tuple of sources, all
# from the front or all from the back (reserve cards go either way).
_Move = tuple[int, ...]
_BACK = 16

# Keys: four bits for each pile's top (cards up to the top), each pile's bottom (cards
# taken from the bottom) and each rank's reserve count.
_FIELD = 4
_TOP_BIT = tuple(1 << (_FIELD * i) for i in range(PILE_COUNT))
_BOTTOM_BIT = tuple(1 << (_FIELD * (PILE_COUNT + i)) for i in range(PILE_COUNT))
_RESERVE_BIT = (0, *tuple(1 << _FIELD * (2 * PILE_COUNT + r - 1) for r in range(1, 14)))

_PILES_IN = tuple(
    tuple(i for i in range(PILE_COUNT) if mask >> i & 1) for mask in range(1 << PILE_COUNT)
)
"""_PILES_IN[mask]: the piles in a set of piles written as a bit mask."""
_BOTTOMS_IN = tuple(tuple(i + _BACK for i in piles) for piles in _PILES_IN)
"""_BOTTOMS_IN[mask]: the bottom-card sources of the piles in ``mask``."""
_LOWEST = tuple((mask & -mask).bit_length() - 1 for mask in range(1 << PILE_COUNT))
_COUNT = tuple(len(piles) for piles in _PILES_IN)

FORWARD, BACKWARD, MIXED = 0, 1, 2
_WAYS = (FORWARD, BACKWARD, MIXED)
"""The attempts' ways of searching, in turn."""


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position."""

    verdict: Verdict
    """WIN, NO_WIN or UNKNOWN."""
    line: tuple[Removal, ...]
    """The winning removals in order (empty unless the verdict is WIN)."""
    nodes: int
    """Positions expanded, the relaxed sub-games included."""
    seconds: float
    """Time spent searching."""


class _Search:
    """Depth-first search over the cards whose ranks are in ``ranks``; others are transparent.

    The whole game is the search over all 13 ranks; each relaxation is the search over
    one pair class or the faces (always from the front), asked by the whole game's
    search whether its part of a position can still be won.
    """

    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        in_reserve: Sequence[int],
        ranks: Iterable[int],
        budget: Budget,
    ) -> None:
        """Search the cards of ``ranks``; ``in_reserve[r]``: reserve cards of rank r."""
        keep = frozenset(ranks)
        self.keep = keep
        self.budget = budget
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
        self.relaxations: list[_Search] = []
        self.counts: list[list[int]] = []
        # relaxed_by[r]: the relaxations that keep rank r.
        self.relaxed_by: list[list[int]] = [[] for _ in range(14)]
        # The relaxations' keys, kept up to date move by move.
        self.sub_keys: list[int] = []
        self.failed: set[int] = set()
        # won[key]: for a relaxation, a winning line from the position ``key`` as groups of
        # card ids (see _ids); the whole game keeps no lines there.
        self.won: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.witnessing = False
        self.line: list[tuple[_Move, bool]] = []
        """The winning moves found, last first, each with whether it was taken from the back."""
        self.jitter: random.Random | None = None
        self.way = FORWARD
        self._recount()

    def add_relaxations(self, subs: Sequence[_Search]) -> None:
        """Ask each of ``subs`` (searches over fewer ranks) after every move in its ranks."""
        for sub in subs:
            j = len(self.relaxations)
            self.relaxations.append(sub)
            for r in sub.keep:
                self.relaxed_by[r].append(j)
        # counts[i][d]: how many of pile i's first d cards each relaxation keeps, four bits
        # per relaxation.
        step = [sum(1 << (_FIELD * j) for j in self.relaxed_by[r]) for r in range(14)]
        self.counts = [[0, *accumulate(step[r] for r in pile)] for pile in self.piles]
        self.sub_keys = [
            sub.key_of(*self._mapped(j), self.in_reserve) for j, sub in enumerate(self.relaxations)
        ]

    def _mapped(self, j: int) -> tuple[list[int], list[int]]:
        """Relaxation j's ``bottom`` and ``top`` in this search's position."""
        shift = _FIELD * j
        counts = self.counts
        return (
            [counts[i][d] >> shift & 15 for i, d in enumerate(self.bottom)],
            [counts[i][d] >> shift & 15 for i, d in enumerate(self.top)],
        )

    def key_of(self, bottom: Sequence[int], top: Sequence[int], in_reserve: Sequence[int]) -> int:
        """This search's key for a middle and reserve counts ``in_reserve``."""
        key = 0
        for i in range(PILE_COUNT):
            key |= top[i] << (_FIELD * i) | bottom[i] << (_FIELD * (PILE_COUNT + i))
        for r in self.keep:
            key |= in_reserve[r] << (_FIELD * (2 * PILE_COUNT + r - 1))
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
        self.sub_keys = [
            sub.key_of(*self._mapped(j), self.in_reserve) for j, sub in enumerate(self.relaxations)
        ]

    # ---------------------------------------------------------------- moves
    def _do(self, move: _Move) -> None:
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
                delta = -_RESERVE_BIT[r]
            elif s < _BACK:
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
                delta = -_TOP_BIT[s]
            else:
                i = s - _BACK
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
                delta = _BOTTOM_BIT[i]
            key += delta
            for j in self.relaxed_by[r]:
                sub_keys[j] += delta
            left[r] -= 1
        self.key = key
        self.total -= len(move)

    def _undo(self, move: _Move) -> None:
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
                delta = _RESERVE_BIT[r]
            elif s < _BACK:
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
                delta = _TOP_BIT[s]
            else:
                i = s - _BACK
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
                delta = -_BOTTOM_BIT[i]
            key += delta
            for j in self.relaxed_by[r]:
                sub_keys[j] += delta
            left[r] += 1
        self.key = key
        self.total += len(move)

    def _moves(self, back: bool) -> list[_Move]:
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
                return (_LOWEST[free_piles[r]] + _BACK if back else _LOWEST[free_piles[r]],)
            return ()

        best: list[_Move] | None = None
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
                    choice: list[_Move] = [
                        (x, y, z) for y in sources(y_rank) for z in sources(z_rank)
                    ]
                    if best is None or len(choice) < len(best):
                        best = choice
        if best is not None and len(best) == 1:
            return best
        # Tall piles first: they are the hardest to clear. Later attempts shuffle
        # near-equal moves a little (see _Attempts).
        top = self.top
        bottom = self.bottom
        jitter = self.jitter.random if self.jitter is not None else None
        scored: list[tuple[float, int, _Move]] = []
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

    # --------------------------------------------------------------- search
    def relaxation_ok(self, j: int, move: _Move) -> bool:
        """Whether relaxation j can still be won after ``move`` (just made, in its ranks).

        Its winning line from before the move usually still wins without the move's
        cards (see :func:`lines.repaired`); only when it does not is it searched again.
        """
        sub = self.relaxations[j]
        key = self.sub_keys[j]
        won = sub.won
        if key in won:
            return True
        if key in sub.failed:
            return False
        shift = _FIELD * j
        counts = self.counts
        ids = []
        delta = 0
        for s in move:
            if s < 0:
                ids.append(s)
                delta -= _RESERVE_BIT[-s]
            elif s < _BACK:
                d = self.top[s]
                ids.append(self.piles[s][d] << 8 | s << 4 | counts[s][d] >> shift & 15)
                delta -= _TOP_BIT[s]
            else:
                i = s - _BACK
                d = self.bottom[i] - 1
                ids.append(self.piles[i][d] << 8 | i << 4 | counts[i][d] >> shift & 15)
                delta += _BOTTOM_BIT[i]
        line = won.get(key - delta)
        mapped = self._mapped(j)
        if line is not None:
            target = tuple(sorted(ids))
            if target in line:
                # Removals can be moved earlier (or later): the line without it still wins.
                n = line.index(target)
                won[key] = line[:n] + line[n + 1 :]
                return True
            repaired = lines.repaired(line, target, mapped[1])
            if repaired is not None:
                won[key] = repaired
                return True
        sub.set_position(*mapped, self.in_reserve)
        return sub.settle()

    def _ids(self, move: _Move) -> tuple[int, ...]:
        """The ids of the cards ``move`` (from the top) would remove now, sorted."""
        ids = []
        for s in move:
            if s >= 0:
                d = self.top[s] - 1
                ids.append(self.piles[s][d] << 8 | s << 4 | d)
            else:
                ids.append(s)
        ids.sort()
        return tuple(ids)

    def relaxation_won(self, j: int) -> bool:
        """Whether relaxation j can be won in this search's position (solved if unknown)."""
        sub = self.relaxations[j]
        key = self.sub_keys[j]
        if key in sub.won:
            return True
        if key in sub.failed:
            return False
        sub.set_position(*self._mapped(j), self.in_reserve)
        return sub.settle()

    def settle(self) -> bool:
        """Whether this relaxation can be won from its position, remembering a line if so.

        A dive along the first candidate moves usually finds one; the full search runs
        only when it does not.
        """
        made: list[_Move] = []
        keys: list[int] = []
        groups: list[tuple[int, ...]] = []
        won = self.won
        line: tuple[tuple[int, ...], ...] | None = ()
        while self.total:
            key = self.key
            if key in won:
                line = won[key]
                break
            if key in self.failed:
                line = None
                break
            self.budget.spend()
            moves = self._moves(False)
            if not moves:
                line = None
                break
            move = moves[0]
            keys.append(key)
            groups.append(self._ids(move))
            self._do(move)
            made.append(move)
        if line is None:
            for move in reversed(made):
                self._undo(move)
            return self.search()
        for key, group in zip(reversed(keys), reversed(groups), strict=False):
            line = (group, *line)
            won[key] = line
        return True

    def search(self) -> bool:
        """True, with :attr:`line` set (last move first), when the position can be won."""
        self.line = []
        return self._search()

    def _search(self) -> bool:
        if self.total == 0:
            return True
        key = self.key
        if key in self.won:
            # Only relaxed sub-games get here: they need the verdict, not the line.
            return True
        failed = self.failed
        if key in failed:
            return False
        self.budget.spend()
        back = self.way == BACKWARD
        moves = self._moves(back)
        if self.way == MIXED and len(moves) > 1:
            # Fewest choices first: the end of the middle that offers fewer moves.
            from_back = self._moves(True)
            if len(from_back) < len(moves):
                back = True
                moves = from_back
        relaxed_by = self.relaxed_by
        relaxations = self.relaxations
        sub_keys = self.sub_keys
        piles = self.piles
        for move in moves:
            # Look the position after the move up before making it.
            delta = 0
            for s in move:
                if s < 0:
                    delta -= _RESERVE_BIT[-s]
                elif s < _BACK:
                    delta -= _TOP_BIT[s]
                else:
                    delta += _BOTTOM_BIT[s - _BACK]
            if key + delta in failed:
                continue
            s = move[0]
            if s < 0:
                r = -s
            elif s < _BACK:
                r = piles[s][self.top[s] - 1]
            else:
                r = piles[s - _BACK][self.bottom[s - _BACK]]
            unknown = []
            for j in relaxed_by[r]:
                sub_key = sub_keys[j] + delta
                sub = relaxations[j]
                if sub_key not in sub.won:
                    if sub_key in sub.failed:
                        break
                    unknown.append(j)
            else:
                self._do(move)
                if all(self.relaxation_ok(j, move) for j in unknown) and self._search():
                    child = self.key
                    self._undo(move)
                    if self.witnessing:
                        self.won[key] = (self._ids(move), *self.won.get(child, ()))
                    else:
                        self.won[key] = ()
                    self.line.append((move, back))
                    return True
                self._undo(move)
        failed.add(key)
        return False


RESTART_BASE = 400
"""Nodes of each way's first attempt; later attempts get Luby multiples of it."""


class _Attempts:
    """The whole game's search, restarted with Luby budgets, the ways taking turns."""

    def __init__(self, piles: Sequence[Sequence[int]], in_reserve: Sequence[int], budget: Budget):
        self.root = _Search(piles, in_reserve, range(1, 14), budget)
        subs = [_Search(self.root.piles, in_reserve, group, budget) for group in _GROUPS]
        for sub in subs:
            sub.witnessing = True
        self.root.add_relaxations(subs)
        self.start = (list(self.root.bottom), list(self.root.top), list(self.root.in_reserve))
        self.attempt = 0

    def feasible(self) -> bool:
        """Whether every relaxation can be won at the start."""
        return all(self.root.relaxation_won(j) for j in range(len(self.root.relaxations)))

    def attempt_search(self, budget: Budget) -> bool | None:
        """One attempt: True or False when decided, None when its node budget ran out.

        Positions proved lost stay proved across attempts and the budgets grow without
        bound, so the search stays complete; each new attempt orders the moves a little
        differently, which cuts the long tail of deals where an early choice was unlucky.
        """
        root = self.root
        turn, way = divmod(self.attempt, len(_WAYS))
        self.attempt += 1
        root.way = _WAYS[way]
        budget.attempt_end = budget.nodes + RESTART_BASE * luby(turn + 1)
        try:
            return root.search()
        except Restart:
            root.set_position(*self.start)
            root.jitter = random.Random(self.attempt)
            return None

    def winning_line(self) -> list[_Move]:
        """The winning line found, in playing order, every source taken from the top."""
        line = self.root.line
        front = [move for move, back in reversed(line) if not back]
        rear = [tuple(s - _BACK if s >= _BACK else s for s in move) for move, back in line if back]
        return front + rear


def solve(
    position: Table | Game, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> Solution:
    """Decide whether ``position`` can be won; with a winning line when it can.

    Attempts from the front, from the back and mixed take turns, each with its own Luby
    budget, sharing the positions proved lost; the first to decide answers.
    """
    table = position.table if isinstance(position, Game) else position
    started = time.perf_counter()
    deadline = started + max_seconds if max_seconds is not None else None
    budget = Budget(max_nodes, deadline)
    piles = [[card.value for card in pile] for pile in table.piles]
    in_reserve = [0] * 14
    for card in table.reserve:
        if card is not None:
            in_reserve[card.value] += 1
    try:
        attempts = _Attempts(piles, in_reserve, budget)
        winnable: bool | None = False
        if attempts.feasible():
            winnable = None
            while winnable is None:
                winnable = attempts.attempt_search(budget)
    except OutOfBudget:
        return Solution(Verdict.UNKNOWN, (), budget.nodes, time.perf_counter() - started)
    seconds = time.perf_counter() - started
    if not winnable:
        return Solution(Verdict.NO_WIN, (), budget.nodes, seconds)
    return Solution(Verdict.WIN, _concrete(table, attempts.winning_line()), budget.nodes, seconds)


def _concrete(table: Table, line: Iterable[_Move]) -> tuple[Removal, ...]:
    """Turn abstract moves (pile index or reserve rank) into removals of real slots."""
    removals = []
    reserve = list(table.reserve)
    for move in line:
        slots = []  # slot indices: piles 0 ... 11, then the reserve slots
        for s in move:
            if s >= 0:
                slots.append(s)
            else:
                index = next(i for i, c in enumerate(reserve) if c is not None and c.value == -s)
                reserve[index] = None
                slots.append(PILE_COUNT + index)
        slots.sort()
        removals.append(Removal(tuple(SLOTS[i] for i in slots)))
    return tuple(removals)
