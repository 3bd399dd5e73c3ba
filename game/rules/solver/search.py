"""The solver's search: :func:`solve` decides whether a position can be won.

The search is a depth-first search over abstract positions (suits never matter: a
position is the depth of each pile plus the ranks left in the reserve) with a
transposition table, and these prunings, each of which keeps at least one winning
continuation whenever one exists:

* **Free cards are interchangeable, pile cards dominate them.** A reserve card, or a
  pile's last card, covers nothing. For a rank that is needed, a covering pile card is
  always at least as good as a free card of that rank, and all free cards of a rank are
  equal, so only covering pile cards are tried, or one free card if there is none.
* **Removals can be moved earlier.** A removal that is legal now and belongs to some
  winning line can be made first. So when every remaining card of ranks ``a`` and
  ``b = 11 - a`` is playable, one ``a + b`` pair is the only move needed; when every
  remaining ``b`` is playable, any playable ``a`` goes with one of those ``b`` now, and
  only its partners are tried (likewise for Jacks, Queens and Kings).
* **Relaxations prove dead positions.** The cards of one pair class (A/10, 2/9, 3/8,
  4/7, 5/6) or the faces must be removable on their own, with every other card taken
  as transparent. That small game is solved (and remembered) separately; if it cannot
  be won, neither can the whole. It finds dead cards (a 4 above every remaining 7 in
  its pile) and crossings (4 over 7 in one pile, 4 over 7 in another, 7s gone elsewhere).

**Two directions.** Played backwards, a winning line puts the cards back bottom card
first: a position can be won exactly when the same position with every pile turned
upside down can be won (the reversed line wins it). The two searches see very
different trees: on a sample of 1,000 deals the 21 that the forward search could not
decide in 2 s were all decided backwards in at most 2.8 s (median 16 ms), for instance a
dead deal the forward search could not refute in 150 s took 0.13 s backwards. So the
solver runs both, taking turns (see :func:`solve`), and reverses a line found backwards.

Tall piles are tried first, and each direction restarts, keeping what it proved, after
node budgets that grow as the Luby sequence (see :func:`_luby`).
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..game import Game
from ..removals import Removal
from ..slots import PILE_COUNT, RESERVE_SLOTS
from ..table import Table

JACK, QUEEN, KING = 11, 12, 13
_GROUPS: tuple[tuple[int, ...], ...] = ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6), (11, 12, 13))
_JITTER = 3.0
"""How far, in pile depth, a restart may move a candidate up or down the order."""
_PILE_BITS = 4
_OWN_PILE = False
_OTHER_FACES = {JACK: (QUEEN, KING), QUEEN: (JACK, KING), KING: (JACK, QUEEN)}
_RESERVE_SHIFT = _PILE_BITS * PILE_COUNT
_PILE_BIT = tuple(1 << (_PILE_BITS * i) for i in range(PILE_COUNT))
_PILES_IN = tuple(
    tuple(i for i in range(PILE_COUNT) if mask >> i & 1) for mask in range(1 << PILE_COUNT)
)
"""_PILES_IN[mask]: the piles in a set of piles written as a bit mask."""
_LOWEST = tuple((mask & -mask).bit_length() - 1 for mask in range(1 << PILE_COUNT))
_COUNT = tuple(len(piles) for piles in _PILES_IN)
_RESERVE_BIT = (0,) + tuple(1 << (_RESERVE_SHIFT + _PILE_BITS * (r - 1)) for r in range(1, 14))

# A source is where one card of a removal comes from: a pile index 0 ... 11, or a
# reserve card of rank r written as -r.
_Move = tuple[int, ...]


class Verdict(enum.Enum):
    """What the solver found out about a position."""

    WIN = "win"
    """A winning line was found."""
    NO_WIN = "no win"
    """The whole search space was exhausted: the position cannot be won."""
    UNKNOWN = "unknown"
    """The node or time budget ran out first."""


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


class _OutOfBudget(Exception):
    """The whole search's node or time budget ran out."""


class _Restart(Exception):
    """One attempt's node budget ran out: start again from the top, differently ordered."""


class _Budget:
    def __init__(self, max_nodes: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.attempt_end: int | None = None

    def spend(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if self.attempt_end is not None and self.nodes > self.attempt_end:
            raise _Restart
        if (
            self.deadline is not None
            and self.nodes % 256 == 0
            and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget


class _Search:
    """Depth-first search over the cards whose ranks are in ``ranks``; others are transparent.

    The whole game is the search over all 13 ranks; each relaxation is the search over
    one pair class or the faces, asked by the whole game's search whether its part of a
    position can still be won.
    """

    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        in_reserve: Sequence[int],
        ranks: Iterable[int],
        budget: _Budget,
    ) -> None:
        """Search the cards of ``ranks``, starting with ``in_reserve[r]`` reserve cards of rank r."""
        keep = frozenset(ranks)
        self.keep = keep
        self.budget = budget
        self.piles = [[r for r in pile if r in keep] for pile in piles]
        self.pairs = [a for a in range(1, 6) if a in keep]
        self.ranks = sorted(keep)
        self.faces = JACK in keep
        self.depth = [len(p) for p in self.piles]
        # below[i][d][r]: cards of rank r under the top card of pile i when it has d cards.
        self.below: list[list[list[int]]] = []
        for pile in self.piles:
            rows = [[0] * 14]
            for d in range(1, len(pile) + 1):
                row = [0] * 14
                for r in pile[: d - 1]:
                    row[r] += 1
                rows.append(row)
            self.below.append(rows)
        self.in_reserve = [in_reserve[r] if r in keep else 0 for r in range(14)]
        self.covering = [0] * 14
        """covering[r]: the piles (a bit mask) whose top card, of rank r, covers another."""
        self.free_piles = [0] * 14
        """free_piles[r]: the piles (a bit mask) whose only card is of rank r."""
        self.free = [0] * 14
        """free[r]: free cards of rank r: in the reserve or alone in their pile."""
        self.left = [0] * 14
        self.total = 0
        self.key = 0
        self.relaxations: list[_Search] = []
        # relaxation_prefix[j][i][k]: how many of pile i's first k cards relaxation j keeps.
        self.relaxation_prefix: list[list[list[int]]] = []
        # relaxed_by[r]: the relaxations that keep rank r.
        self.relaxed_by: list[list[int]] = [[] for _ in range(14)]
        # The relaxations' keys, kept up to date move by move.
        self.sub_keys: list[int] = []
        self.failed: set[int] = set()
        # won[key]: for a relaxation, a winning line from the position ``key`` as groups of
        # card ids (see _ids); the whole game keeps no lines there.
        self.won: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.witnessing = False
        self.line: list[_Move] = []
        self.jitter: random.Random | None = None
        self._recount()

    def add_relaxation(self, sub: _Search) -> None:
        """Ask ``sub`` (a search over fewer ranks) after every move that touches its ranks."""
        j = len(self.relaxations)
        self.relaxations.append(sub)
        prefix = []
        for pile in self.piles:
            row = [0]
            for r in pile:
                row.append(row[-1] + (r in sub.keep))
            prefix.append(row)
        self.relaxation_prefix.append(prefix)
        for r in sub.keep:
            self.relaxed_by[r].append(j)
        self.sub_keys.append(sub.key_of(self._mapped(j), self.in_reserve))

    def _mapped(self, j: int) -> list[int]:
        """Relaxation j's pile depths in this search's position."""
        prefix = self.relaxation_prefix[j]
        return [prefix[i][d] for i, d in enumerate(self.depth)]

    def key_of(self, depth: Sequence[int], in_reserve: Sequence[int]) -> int:
        """This search's key for pile depths ``depth`` and reserve counts ``in_reserve``."""
        key = 0
        for i, d in enumerate(depth):
            key |= d << (_PILE_BITS * i)
        for r in self.keep:
            key |= in_reserve[r] << (_RESERVE_SHIFT + _PILE_BITS * (r - 1))
        return key

    def _recount(self) -> None:
        left = [0] * 14
        covering = [0] * 14
        free_piles = [0] * 14
        free = list(self.in_reserve)
        for i, d in enumerate(self.depth):
            pile = self.piles[i]
            for r in pile[:d]:
                left[r] += 1
            if d > 1:
                covering[pile[d - 1]] |= 1 << i
            elif d == 1:
                free_piles[pile[0]] |= 1 << i
                free[pile[0]] += 1
        for r in range(1, 14):
            left[r] += self.in_reserve[r]
        self.left = left
        self.covering = covering
        self.free_piles = free_piles
        self.free = free
        self.total = sum(left)
        self.key = self.key_of(self.depth, self.in_reserve)

    def set_position(self, depth: Sequence[int], in_reserve: Sequence[int]) -> None:
        """Move to the position with pile depths ``depth`` and reserve counts ``in_reserve``."""
        self.depth = list(depth)
        self.in_reserve = [in_reserve[r] if r in self.keep else 0 for r in range(14)]
        self._recount()
        self.sub_keys = [
            sub.key_of(self._mapped(j), self.in_reserve) for j, sub in enumerate(self.relaxations)
        ]

    # ---------------------------------------------------------------- moves
    def _do(self, move: _Move) -> None:
        sub_keys = self.sub_keys
        depth = self.depth
        left = self.left
        covering = self.covering
        free = self.free
        key = self.key
        for s in move:
            if s >= 0:
                d = depth[s]
                pile = self.piles[s]
                r = pile[d - 1]
                bit = 1 << s
                if d > 1:
                    covering[r] ^= bit
                    below = pile[d - 2]
                    if d > 2:
                        covering[below] |= bit
                    else:
                        self.free_piles[below] |= bit
                        free[below] += 1
                else:
                    self.free_piles[r] ^= bit
                    free[r] -= 1
                depth[s] = d - 1
                bit = _PILE_BIT[s]
            else:
                r = -s
                self.in_reserve[r] -= 1
                free[r] -= 1
                bit = _RESERVE_BIT[r]
            key -= bit
            for j in self.relaxed_by[r]:
                sub_keys[j] -= bit
            left[r] -= 1
        self.key = key
        self.total -= len(move)

    def _undo(self, move: _Move) -> None:
        sub_keys = self.sub_keys
        depth = self.depth
        left = self.left
        covering = self.covering
        free = self.free
        key = self.key
        for s in move:
            if s >= 0:
                d = depth[s]
                pile = self.piles[s]
                r = pile[d]
                bit = 1 << s
                if d:
                    below = pile[d - 1]
                    if d > 1:
                        covering[below] ^= bit
                    else:
                        self.free_piles[below] ^= bit
                        free[below] -= 1
                    covering[r] |= bit
                else:
                    self.free_piles[r] |= bit
                    free[r] += 1
                depth[s] = d + 1
                bit = _PILE_BIT[s]
            else:
                r = -s
                self.in_reserve[r] += 1
                free[r] += 1
                bit = _RESERVE_BIT[r]
            key += bit
            for j in self.relaxed_by[r]:
                sub_keys[j] += bit
            left[r] += 1
        self.key = key
        self.total += len(move)

    def covered_piles(self) -> int:
        """The piles (a bit mask) whose top card covers another."""
        mask = 0
        for r in self.ranks:
            mask |= self.covering[r]
        return mask

    def _sources(self, r: int) -> tuple[int, ...]:
        """Where a card of rank r may come from: covering pile cards, else one free card."""
        mask = self.covering[r]
        if mask:
            return _PILES_IN[mask]
        if self.in_reserve[r]:
            return (-r,)
        if self.free_piles[r]:
            return (_LOWEST[self.free_piles[r]],)
        return ()

    def _moves(self) -> list[_Move]:
        """The candidate moves, pruned as the module docstring explains, best first."""
        covering = self.covering
        free = self.free
        left = self.left
        sources = self._sources
        best: list[_Move] | None = None
        for a in self.pairs:
            b = 11 - a
            pa = _COUNT[covering[a]] + free[a]
            if not pa:
                continue
            pb = _COUNT[covering[b]] + free[b]
            if not pb:
                continue
            all_a = pa == left[a]
            all_b = pb == left[b]
            choice: list[_Move]
            if all_a:
                if all_b:
                    return [(sources(a)[0], sources(b)[0])]
                y = sources(b)[0]
                choice = [(x, y) for x in sources(a)]
            elif all_b:
                x = sources(a)[0]
                choice = [(x, y) for y in sources(b)]
            else:
                continue
            if best is None or len(choice) < len(best):
                best = choice
        if self.faces:
            pj = _COUNT[covering[JACK]] + free[JACK]
            pq = _COUNT[covering[QUEEN]] + free[QUEEN]
            pk = _COUNT[covering[KING]] + free[KING]
            if pj and pq and pk:
                cj, cq, ck = pj == left[JACK], pq == left[QUEEN], pk == left[KING]
                if cj and cq and ck:
                    return [(sources(JACK)[0], sources(QUEEN)[0], sources(KING)[0])]
                if cj + cq + ck == 2:
                    open_rank = JACK if not cj else QUEEN if not cq else KING
                    y_rank, z_rank = (r for r in (JACK, QUEEN, KING) if r != open_rank)
                    x = sources(open_rank)[0]
                    choice = [(x, y, z) for y in sources(y_rank) for z in sources(z_rank)]
                    if best is None or len(choice) < len(best):
                        best = choice
        if _OWN_PILE:
            depth = self.depth
            piles = self.piles
            below = self.below
            for i in _PILES_IN[self.covered_piles()]:
                d = depth[i]
                a = piles[i][d - 1]
                under = below[i][d]
                if a <= 10:
                    b = 11 - a
                    outside = left[b] - under[b]
                    if not outside:
                        return []
                    if _COUNT[covering[b]] + free[b] == outside:
                        if best is None or len(sources(b)) < len(best):
                            best = [(i, y) for y in sources(b)]
                else:
                    r1, r2 = _OTHER_FACES[a]
                    out1 = left[r1] - under[r1]
                    out2 = left[r2] - under[r2]
                    if not out1 or not out2:
                        return []
                    if (
                        _COUNT[covering[r1]] + free[r1] == out1
                        and _COUNT[covering[r2]] + free[r2] == out2
                    ):
                        choice = [(i, y, z) for y in sources(r1) for z in sources(r2)]
                        if best is None or len(choice) < len(best):
                            best = choice
        if best is not None:
            moves = best
        else:
            moves = []
            for a in self.pairs:
                sb = sources(11 - a)
                if sb:
                    for x in sources(a):
                        for y in sb:
                            moves.append((x, y))
            if self.faces:
                for j in sources(JACK):
                    for q in sources(QUEEN):
                        for k in sources(KING):
                            moves.append((j, q, k))
        if len(moves) > 1:
            # Tall piles first: they are the hardest to clear. Later attempts shuffle
            # near-equal moves a little (see _Direction).
            depth = self.depth
            jitter = self.jitter.random if self.jitter is not None else None
            decorated = []
            for n, m in enumerate(moves):
                score = 0.0
                for s in m:
                    if s >= 0:
                        score -= depth[s]
                if jitter is not None:
                    score -= _JITTER * jitter()
                decorated.append((score, n, m))
            decorated.sort()
            moves = [m for _, _, m in decorated]
        return moves

    # --------------------------------------------------------------- search
    def relaxation_ok(self, j: int, move: _Move) -> bool:
        """Whether relaxation j can still be won after ``move`` (just made, in its ranks).

        Its winning line from before the move usually still wins without the move's
        cards (see :meth:`_Search.repaired`); only when it does not is it searched again.
        """
        sub = self.relaxations[j]
        key = self.sub_keys[j]
        won = sub.won
        if key in won:
            return True
        if key in sub.failed:
            return False
        prefix = self.relaxation_prefix[j]
        depth = self.depth
        ids = []
        bits = 0
        for s in move:
            if s >= 0:
                d = depth[s]
                ids.append(self.piles[s][d] << 8 | s << 4 | prefix[s][d])
                bits += _PILE_BIT[s]
            else:
                ids.append(s)
                bits += _RESERVE_BIT[-s]
        line = won.get(key + bits)
        mapped = self._mapped(j)
        if line is not None:
            repaired = _repaired(line, ids, mapped)
            if repaired is not None:
                won[key] = repaired
                return True
        sub.set_position(mapped, self.in_reserve)
        return sub.search()

    def _ids(self, move: _Move) -> tuple[int, ...]:
        """The ids of the cards ``move`` would remove now, sorted (see :func:`_repaired`)."""
        ids = []
        for s in move:
            if s >= 0:
                d = self.depth[s] - 1
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
        sub.set_position(self._mapped(j), self.in_reserve)
        return sub.search()

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
        if key in self.failed:
            return False
        self.budget.spend()
        failed = self.failed
        relaxed_by = self.relaxed_by
        relaxations = self.relaxations
        sub_keys = self.sub_keys
        piles = self.piles
        depth = self.depth
        for move in self._moves():
            # Look the position after the move up before making it.
            bits = 0
            for s in move:
                bits += _PILE_BIT[s] if s >= 0 else _RESERVE_BIT[-s]
            if key - bits in failed:
                continue
            s = move[0]
            unknown = []
            for j in relaxed_by[piles[s][depth[s] - 1] if s >= 0 else -s]:
                sub_key = sub_keys[j] - bits
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
                        self.won[key] = (self._ids(move),) + self.won.get(child, ())
                    else:
                        self.won[key] = ()
                    self.line.append(move)
                    return True
                self._undo(move)
        self.failed.add(key)
        return False


def _repaired(
    line: tuple[tuple[int, ...], ...], ids: list[int], depth: Sequence[int]
) -> tuple[tuple[int, ...], ...] | None:
    """A winning line after the removal of cards ``ids``, made from one that won before.

    Cards are named by id: ``rank << 8 | pile << 4 | place`` for a pile card (place 0 at
    the bottom of the pile's cards of the relaxation) or ``-rank`` for a reserve card. The removal was legal before it was
    made, so when ``line`` holds it as one of its groups, ``line`` without it still wins
    (removals can be moved earlier). Otherwise the removal's cards are taken out of their
    groups and what is left of them is grouped again (one way for a pair, up to four for
    a triple); such a grouping still wins when :func:`_scheduled` can order it. None when
    no grouping can be ordered.
    """
    target = tuple(sorted(ids))
    if target in line:
        n = line.index(target)
        return line[:n] + line[n + 1 :]
    where: set[int] = set()
    for c in target:
        holding = [n for n, group in enumerate(line) if c in group]
        if not holding:
            return None
        shared = [n for n in holding if n in where]
        where.add(shared[0] if shared else holding[0])
    kept = [group for n, group in enumerate(line) if n not in where]
    rest = [c for n in where for c in line[n]]
    for c in target:
        rest.remove(c)
    if len(rest) <= 3:
        return _scheduled(kept + [tuple(sorted(rest))], depth)
    # A triple whose cards came from three triples: six cards left, two of each rank.
    by_rank: dict[int, list[int]] = {}
    for c in rest:
        by_rank.setdefault(c >> 8 if c >= 0 else -c, []).append(c)
    if sorted(len(v) for v in by_rank.values()) != [2, 2, 2]:
        return None
    (j1, j2), (q1, q2), (k1, k2) = (by_rank[r] for r in sorted(by_rank))
    for q, k in ((q1, k1), (q1, k2), (q2, k1), (q2, k2)):
        other_q = q2 if q == q1 else q1
        other_k = k2 if k == k1 else k1
        groups = [tuple(sorted((j1, q, k))), tuple(sorted((j2, other_q, other_k)))]
        found = _scheduled(kept + groups, depth)
        if found is not None:
            return found
    return None


def _scheduled(
    groups: list[tuple[int, ...]], depth: Sequence[int]
) -> tuple[tuple[int, ...], ...] | None:
    """``groups`` in an order in which they can all be removed, or None if there is none.

    Repeatedly removing any group whose cards are all playable finds an order whenever
    one exists: a group that could go first stays removable until it is removed.
    """
    heights = list(depth)
    order: list[tuple[int, ...]] = []
    pending = groups
    while pending:
        waiting = []
        for group in pending:
            if all(c < 0 or heights[c >> 4 & 15] - 1 == c & 15 for c in group):
                for c in group:
                    if c >= 0:
                        heights[c >> 4 & 15] -= 1
                order.append(group)
            else:
                waiting.append(group)
        if len(waiting) == len(pending):
            return None
        pending = waiting
    return tuple(order)


def _luby(i: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i counts from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


RESTART_BASE = 400
"""Nodes of each direction's first attempt; later attempts get Luby multiples of it."""


class _Direction:
    """One direction's whole-game search, restarted with Luby budgets."""

    def __init__(self, piles: Sequence[Sequence[int]], in_reserve: Sequence[int], budget: _Budget):
        self.root = _Search(piles, in_reserve, range(1, 14), budget)
        for group in _GROUPS:
            sub = _Search(self.root.piles, in_reserve, group, budget)
            sub.witnessing = True
            self.root.add_relaxation(sub)
        self.start_depth = list(self.root.depth)
        self.start_reserve = list(self.root.in_reserve)
        self.attempt = 0

    def feasible(self) -> bool:
        """Whether every relaxation can be won at the start."""
        return all(self.root.relaxation_won(j) for j in range(len(self.root.relaxations)))

    def attempt_search(self, budget: _Budget) -> bool | None:
        """One attempt: True or False when decided, None when its node budget ran out.

        Positions proved lost stay proved across attempts and the budgets grow without
        bound, so the search stays complete; each new attempt orders the moves a little
        differently, which cuts the long tail of deals where an early choice was unlucky.
        """
        self.attempt += 1
        budget.attempt_end = budget.nodes + RESTART_BASE * _luby(self.attempt)
        root = self.root
        try:
            return root.search()
        except _Restart:
            root.set_position(self.start_depth, self.start_reserve)
            root.jitter = random.Random(self.attempt)
            return None


def solve(
    position: Table | Game, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> Solution:
    """Decide whether ``position`` can be won; with a winning line when it can.

    The forward search and the backward one (every pile upside down) take turns, each
    attempt with its own Luby budget; the first to decide answers.
    """
    table = position.table if isinstance(position, Game) else position
    started = time.perf_counter()
    deadline = started + max_seconds if max_seconds is not None else None
    budget = _Budget(max_nodes, deadline)
    piles = [[card.value for card in pile] for pile in table.piles]
    in_reserve = [0] * 14
    for card in table.reserve:
        if card is not None:
            in_reserve[card.value] += 1
    try:
        forward = _Direction(piles, in_reserve, budget)
        winnable: bool | None = False
        line: list[_Move] = []
        if forward.feasible():
            backward: _Direction | None = None
            direction = forward
            winnable = forward.attempt_search(budget)
            while winnable is None:
                if direction is forward:
                    if backward is None:
                        backward = _Direction([pile[::-1] for pile in piles], in_reserve, budget)
                    direction = backward
                else:
                    direction = forward
                winnable = direction.attempt_search(budget)
            if winnable:
                line = list(reversed(direction.root.line))
                if direction is backward:
                    line = _reversed_line(line)
    except _OutOfBudget:
        return Solution(Verdict.UNKNOWN, (), budget.nodes, time.perf_counter() - started)
    seconds = time.perf_counter() - started
    if not winnable:
        return Solution(Verdict.NO_WIN, (), budget.nodes, seconds)
    return Solution(Verdict.WIN, _concrete(table, line), budget.nodes, seconds)


def _reversed_line(line: Sequence[_Move]) -> list[_Move]:
    """A line found with every pile upside down, played the right way up.

    Backwards, a pile source takes the pile's bottom card first; run the other way,
    the same removals take each pile's top card, which is what a pile source means.
    Reserve sources stay reserve sources.
    """
    return list(reversed(line))


def _concrete(table: Table, line: Iterable[_Move]) -> tuple[Removal, ...]:
    """Turn abstract moves (pile index or reserve rank) into removals of real slots."""
    removals = []
    reserve = list(table.reserve)
    for move in line:
        slots = []
        for s in move:
            if s >= 0:
                slots.append(str(s + 1))
            else:
                index = next(i for i, c in enumerate(reserve) if c is not None and c.value == -s)
                reserve[index] = None
                slots.append(RESERVE_SLOTS[index])
        removals.append(Removal.of(slots))
    return tuple(removals)
