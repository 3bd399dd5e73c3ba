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
  (Relaxations over two classes at once were measured too: they cut the whole game's
  positions by 80 % but cost more in their own searches than they saved.)

Tall piles are tried first, and the search restarts, keeping what it proved, after
node budgets that grow as the Luby sequence (see :func:`_restarting`).
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
_RESERVE_SHIFT = _PILE_BITS * PILE_COUNT

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


class _Search:
    """Depth-first search over the cards whose ranks are in ``ranks``; others are transparent.

    The whole game is the search over all 13 ranks; each relaxation is the search over
    one pair class or the faces, asked by the whole game's search whether its part of a
    position can still be won.
    """

    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        reserve: Sequence[int],
        ranks: Iterable[int],
        budget: _Budget,
        relax: Sequence[Sequence[int]] = (),
    ) -> None:
        """Search the cards of ``ranks``; ``relax`` lists the rank sets of its relaxations."""
        keep = set(ranks)
        self.keep = keep
        self.budget = budget
        self.piles = [[r for r in pile if r in keep] for pile in piles]
        # prefix[i][k]: how many of pile i's first k cards this search keeps.
        self.prefix = [[0] for _ in piles]
        for i, pile in enumerate(piles):
            for r in pile:
                self.prefix[i].append(self.prefix[i][-1] + (r in keep))
        self.depth = [len(p) for p in self.piles]
        self.in_reserve = [0] * 14
        for r in reserve:
            if r in keep:
                self.in_reserve[r] += 1
        self._count_left()
        self.key = self._key()
        kept_reserve = [r for r in reserve if r in keep]
        self.relaxations = [_Search(self.piles, kept_reserve, ranks, budget) for ranks in relax]
        relaxations = self.relaxations
        # The relaxations' keys, kept up to date move by move.
        self.sub_keys = [sub.key for sub in relaxations]
        # relaxed_by[r]: the relaxations that keep rank r.
        self.relaxed_by = [
            [j for j, sub in enumerate(relaxations) if r in sub.keep] for r in range(14)
        ]
        self.failed: set[int] = set()
        self.won: set[int] = set()
        self.line: list[_Move] = []
        self.jitter: random.Random | None = None

    def _count_left(self) -> None:
        self.left = [0] * 14
        for i, d in enumerate(self.depth):
            for r in self.piles[i][:d]:
                self.left[r] += 1
        for r in range(1, 14):
            self.left[r] += self.in_reserve[r]
        self.total = sum(self.left)

    def _key(self) -> int:
        key = 0
        for i, d in enumerate(self.depth):
            key |= d << (_PILE_BITS * i)
        for r in range(1, 14):
            key |= self.in_reserve[r] << (_RESERVE_SHIFT + _PILE_BITS * (r - 1))
        return key

    # ---------------------------------------------------------------- moves
    def _do(self, move: _Move) -> None:
        sub_keys = self.sub_keys
        for s in move:
            if s >= 0:
                self.depth[s] -= 1
                r = self.piles[s][self.depth[s]]
                bit = 1 << (_PILE_BITS * s)
            else:
                r = -s
                self.in_reserve[r] -= 1
                bit = 1 << (_RESERVE_SHIFT + _PILE_BITS * (r - 1))
            self.key -= bit
            for j in self.relaxed_by[r]:
                sub_keys[j] -= bit
            self.left[r] -= 1
        self.total -= len(move)

    def _undo(self, move: _Move) -> None:
        sub_keys = self.sub_keys
        for s in move:
            if s >= 0:
                r = self.piles[s][self.depth[s]]
                self.depth[s] += 1
                bit = 1 << (_PILE_BITS * s)
            else:
                r = -s
                self.in_reserve[r] += 1
                bit = 1 << (_RESERVE_SHIFT + _PILE_BITS * (r - 1))
            self.key += bit
            for j in self.relaxed_by[r]:
                sub_keys[j] += bit
            self.left[r] += 1
        self.total += len(move)

    def _moves(self) -> list[_Move]:
        """The candidate moves, pruned as the module docstring explains, best first."""
        covering: list[list[int]] = [[] for _ in range(14)]
        free = list(self.in_reserve)
        free_source = [-r for r in range(14)]
        depth = self.depth
        piles = self.piles
        for i in range(PILE_COUNT):
            d = depth[i]
            if d:
                r = piles[i][d - 1]
                if d > 1:
                    covering[r].append(i)
                else:
                    if not free[r]:
                        free_source[r] = i
                    free[r] += 1
        sources = [covering[r] or ([free_source[r]] if free[r] else []) for r in range(14)]
        playable = [len(covering[r]) + free[r] for r in range(14)]
        left = self.left

        best: list[_Move] | None = None
        for a in range(1, 6):
            b = 11 - a
            if not playable[a] or not playable[b]:
                continue
            all_a, all_b = playable[a] == left[a], playable[b] == left[b]
            if all_a and all_b:
                return [(sources[a][0], sources[b][0])]
            choice: list[_Move]
            if all_b:
                x = sources[a][0]
                choice = [(x, y) for y in sources[b]]
            elif all_a:
                y = sources[b][0]
                choice = [(x, y) for x in sources[a]]
            else:
                continue
            if best is None or len(choice) < len(best):
                best = choice
        if playable[JACK] and playable[QUEEN] and playable[KING]:
            complete = [playable[r] == left[r] for r in (JACK, QUEEN, KING)]
            if all(complete):
                return [(sources[JACK][0], sources[QUEEN][0], sources[KING][0])]
            if sum(complete) == 2:
                open_rank = (JACK, QUEEN, KING)[complete.index(False)]
                y_rank, z_rank = (r for r in (JACK, QUEEN, KING) if r != open_rank)
                x = sources[open_rank][0]
                choice = [(x, y, z) for y in sources[y_rank] for z in sources[z_rank]]
                if best is None or len(choice) < len(best):
                    best = choice
        if best is not None:
            return best

        moves: list[_Move] = []
        for a in range(1, 6):
            for x in sources[a]:
                for y in sources[11 - a]:
                    moves.append((x, y))
        for j in sources[JACK]:
            for q in sources[QUEEN]:
                for k in sources[KING]:
                    moves.append((j, q, k))
        if len(moves) > 1:
            # Tall piles first: they are the hardest to clear. Later attempts shuffle
            # near-equal moves a little (see _restarting).
            jitter = self.jitter.random if self.jitter is not None else lambda: 0.0
            moves.sort(key=lambda m: -sum(depth[s] for s in m if s >= 0) - _JITTER * jitter())
        return moves

    # --------------------------------------------------------------- search
    def _relaxed_ok(self, move: _Move) -> bool:
        """Whether every pair class or face group the move touched can still be won."""
        touched: set[int] = set()
        for s in move:
            touched.update(self.relaxed_by[self.piles[s][self.depth[s]] if s >= 0 else -s])
        for j in touched:
            if not self.relaxations[j].winnable(self.sub_keys[j], self.depth, self.in_reserve):
                return False
        return True

    def key_from(self, depth: Sequence[int], in_reserve: Sequence[int]) -> int:
        """This search's key for a position of a search that keeps more ranks."""
        key = 0
        for i, d in enumerate(depth):
            key |= self.prefix[i][d] << (_PILE_BITS * i)
        for r in self.keep:
            key |= in_reserve[r] << (_RESERVE_SHIFT + _PILE_BITS * (r - 1))
        return key

    def winnable(self, key: int, depth: Sequence[int], in_reserve: Sequence[int]) -> bool:
        """Whether this relaxed sub-game, at ``key`` in the whole game's position, can be won."""
        if key in self.won:
            return True
        if key in self.failed:
            return False
        self.depth = [self.prefix[i][d] for i, d in enumerate(depth)]
        self.in_reserve = [in_reserve[r] if r in self.keep else 0 for r in range(14)]
        self._count_left()
        self.key = key
        self.sub_keys = [sub.key_from(self.depth, self.in_reserve) for sub in self.relaxations]
        return self.search()

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
        relaxed = bool(self.relaxations)
        for move in self._moves():
            self._do(move)
            if (not relaxed or self._relaxed_ok(move)) and self._search():
                self._undo(move)
                self.won.add(key)
                self.line.append(move)
                return True
            self._undo(move)
        self.failed.add(key)
        return False


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


def solve(
    position: Table | Game, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> Solution:
    """Decide whether ``position`` can be won; with a winning line when it can."""
    table = position.table if isinstance(position, Game) else position
    started = time.perf_counter()
    deadline = started + max_seconds if max_seconds is not None else None
    budget = _Budget(max_nodes, deadline)
    piles = [[card.value for card in pile] for pile in table.piles]
    reserve = [card.value for card in table.reserve if card is not None]
    root = _Search(piles, reserve, range(1, 14), budget, _GROUPS)
    relaxations = root.relaxations
    try:
        feasible = all(sub.winnable(sub.key, root.depth, root.in_reserve) for sub in relaxations)
        winnable = feasible and _restarting(root, budget)
    except _OutOfBudget:
        return Solution(Verdict.UNKNOWN, (), budget.nodes, time.perf_counter() - started)
    seconds = time.perf_counter() - started
    if not winnable:
        return Solution(Verdict.NO_WIN, (), budget.nodes, seconds)
    return Solution(Verdict.WIN, _concrete(table, reversed(root.line)), budget.nodes, seconds)


RESTART_BASE = 400
"""Nodes of the first attempt; later attempts get Luby multiples of it."""


def _luby(i: int) -> int:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i counts from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _restarting(root: _Search, budget: _Budget) -> bool:
    """Search with restarts after node budgets that grow as the Luby sequence.

    Positions proved lost stay proved across attempts and the budgets grow without
    bound, so the search stays complete; each new attempt orders the moves a little
    differently, which cuts the long tail of deals where an early choice was unlucky.
    """
    depth, in_reserve, sub_keys = list(root.depth), list(root.in_reserve), list(root.sub_keys)
    attempt = 0
    while True:
        attempt += 1
        budget.attempt_end = budget.nodes + RESTART_BASE * _luby(attempt)
        try:
            return root.search()
        except _Restart:
            root.depth, root.in_reserve, root.sub_keys = (
                list(depth),
                list(in_reserve),
                list(sub_keys),
            )
            root._count_left()
            root.key = root._key()
            root.jitter = random.Random(attempt)


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
