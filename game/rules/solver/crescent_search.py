"""A Crescent solver, for tests and analysis only: :func:`solve_crescent`.

It solves the open game: every card is known, face-down ones too ("thoughtful"
solitaire), so for Crescent and Crescent Four it says whether a player who could see
every card could win. The search is a depth-first search over positions with these
reductions, each of which keeps every winning line (so a search that runs out of
positions proves the deal lost):

* **Positions, not histories.** A position is the piles as a multiset (which pile holds
  what does not matter: every move treats all piles alike, and so does the redeal), each
  suit's two foundation tops, and the redeals left. Positions are remembered: a position
  reached again is not searched again.
* **The split of a suit is one choice.** While a suit's two foundations hold one A-K run
  between them, transfers can move the split anywhere, so the suit takes any card of
  its own; the search makes that one move (the line gets the transfers it needs later,
  see :mod:`game.rules.solver.crescent_lines`). Every such position is one position,
  wherever the split is, and a card that fits both foundations of a suit is one move.
* **More redeals never hurt.** A position proved lost with ``r`` redeals left is lost
  with fewer; the table of lost positions keeps the most redeals each was lost with. A
  redeal that would change no pile is never taken.
* **A locked pile loses.** A card that is the last copy of its rank can go to one
  foundation only, in order; one lying above a card of the same foundation it must wait
  for, which the redeals left cannot bring up, must leave by a pile move, and when every
  copy of both its neighbours is home or buried below it as deep, it never can: such a
  position is lost without a search (see :mod:`game.rules.solver.crescent_locks`).
  About half the positions the search meets are cut off so.
* **Lost is proved, not guessed.** Moves between two cards of the same suit can be
  undone (a card that sits on its neighbour can go back onto it), so positions form
  cycles; a position is recorded as lost only when its whole strongly connected
  component has been searched (Tarjan's algorithm), never because an ancestor was on
  the search path. Lost positions stay lost across restarts.

Moves are tried in a heuristic order (cards home first, then moves that uncover a card
that can go home or that a foundation needs soon, then the rest, the redeal last), and
the search restarts with an ever more jittered order, keeping the lost positions: almost
every deal can be won, and the time goes into the long tail of deals where an early
choice was unlucky. Short attempts (150 nodes times the Luby sequence, the jitter growing
fast) take turns with long ones (2,000 times Luby, the jitter growing slowly): on 30 hard
deals at 10 s each the long ones alone won 20, the two in turn 23. The growing budgets
keep the search complete.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass

from ..cards import Card
from ..crescent import Crescent
from ..crescent_moves import Move
from ..crescent_table import SUITS, CrescentTable
from ..crescent_variants import OPEN_CRESCENT
from .budget import Budget, OutOfBudget, Restart, Verdict, luby
from .crescent_lines import Step, concrete
from .crescent_locks import NEIGHBOURS as _NEIGHBOURS
from .crescent_locks import doomed as _doomed

RESTART_BASE = 150
"""Nodes of the first short attempt; later ones get Luby multiples of it."""
LONG_RESTART_BASE = 2000
"""Nodes of the first long attempt (they take turns with the short ones)."""
_WANTED: dict[bytes, tuple[frozenset[int], frozenset[int]]] = {}
"""What :meth:`_Search.wanted` found for each foundation state (there are few)."""
LOCKS_KEPT = 1_000_000
"""How many piles' lock tests are remembered before the memory starts again."""
_HOME, _PILE, _REDEAL = 0, 1, 2

# A card is suit * 13 + rank - 1 (0 ... 51); a pile is the bytes of its cards, bottom first.


@dataclass(frozen=True)
class CrescentSolution:
    """The solver's answer for one Crescent position."""

    verdict: Verdict
    """WIN, NO_WIN or UNKNOWN."""
    line: tuple[Move, ...]
    """The winning moves in order, transfers included (empty unless the verdict is WIN)."""
    nodes: int
    """Positions expanded."""
    seconds: float
    """Time spent searching."""


class _Search:
    """One depth-first search over positions; the lost positions outlive it."""

    def __init__(
        self,
        table: CrescentTable,
        budget: Budget,
        lost: dict[bytes, int],
        jitter: float,
        locks: dict[bytes, bool],
    ) -> None:
        self.piles = [bytes(_card_id(card) for card in pile) for pile in table.piles]
        self.up = [len(table.foundations[4 + s]) for s in range(4)]
        """Each suit's Ace foundation top rank (1 ... 13)."""
        self.down = [14 - len(table.foundations[s]) for s in range(4)]
        """Each suit's King foundation top rank (13 ... 1)."""
        self.redeals = table.redeals_left
        self.budget = budget
        self.lost = lost
        """Position key -> the most redeals left with which it was proved lost."""
        self.index: dict[bytes, int] = {}
        self.stack: list[tuple[bytes, int, bytes]] = []
        self.on_stack: set[bytes] = set()
        self.line: list[Step] = []
        """The winning moves found, last first."""
        self.locks = locks
        """Whether a pile is locked, by pile and foundation state (see ``crescent_locks``)."""
        self.random = random.Random(int(jitter * 1000))
        self.jitter = jitter

    # ------------------------------------------------------------------ positions
    def key(self) -> bytes:
        """The position without the redeals left: piles as a multiset, suits' tops."""
        suits: list[int] = []
        for s in range(4):
            up, down = self.up[s], self.down[s]
            suits += (0, 0) if down == up + 1 else (up, down)
        return b"|".join(sorted(self.piles)) + bytes(suits)

    def wanted(self) -> tuple[frozenset[int], frozenset[int]]:
        """The cards a foundation takes now (after transfers), and those it takes soon: the
        next three ranks each way of a suit not in sequence."""
        state = bytes((*self.up, *self.down))
        known = _WANTED.get(state)
        if known is None:
            known = _WANTED[state] = self._wanted()
        return known

    def _wanted(self) -> tuple[frozenset[int], frozenset[int]]:
        now: set[int] = set()
        soon: set[int] = set()
        for s in range(4):
            up, down, base = self.up[s], self.down[s], 13 * s
            if down == up + 1:
                now.update(range(base, base + 13))
                continue
            if up < 13:
                now.add(base + up)
                soon.update(base + rank - 1 for rank in range(up + 2, min(up + 4, 14)))
            if down > 1:
                now.add(base + down - 2)
                soon.update(base + rank - 1 for rank in range(max(down - 3, 1), down - 1))
        return frozenset(now), frozenset(soon)

    # ---------------------------------------------------------------------- moves
    def moves(self) -> list[tuple[float, int, int, int]]:
        """Every move as (priority, kind, i, j), best first."""
        piles = self.piles
        jitter, draw = self.jitter, self.random.random
        now, soon = self.wanted()
        tops: dict[int, list[int]] = {}
        for i, pile in enumerate(piles):
            if pile:
                tops.setdefault(pile[-1], []).append(i)
        found: list[tuple[float, int, int, int]] = []
        for i, pile in enumerate(piles):
            if not pile:
                continue
            card = pile[-1]
            below = pile[-2] if len(pile) > 1 else -1
            if card in now:
                bonus = 20.0 if below in now else 0.0
                found.append((1000.0 + bonus + jitter * draw(), _HOME, i, 0))
            up, down = _NEIGHBOURS[card]
            targets = [j for j in tops.get(up, ()) if j != i] + [
                j for j in tops.get(down, ()) if j != i
            ]
            if not targets:
                continue
            value = 10.0
            if below < 0:
                value -= 8.0
            else:
                if below in now:
                    value += 300.0
                elif below in soon:
                    value += 100.0
                for depth in range(len(pile) - 3, -1, -1):
                    if pile[depth] in now or pile[depth] in soon:
                        value += 40.0 / (len(pile) - 1 - depth)
                        break
                if below in (up, down):
                    value -= 5.0
            for j in targets:
                under = piles[j][-1]
                cover = 50.0 if under in now or under in soon else 0.0
                found.append((value - cover + 5.0 * jitter * draw(), _PILE, i, j))
        if self.redeals and any(len(pile) > 1 for pile in piles):
            found.append((1.0, _REDEAL, 0, 0))
        found.sort(reverse=True)
        return found

    def search(self) -> bool:
        """True when the position can be won (:attr:`line` holds the way), False when it
        is proved lost. Raises Restart or OutOfBudget when a budget runs out."""
        key = self.key()
        if self.lost.get(key, -1) >= self.redeals:
            return False
        return self._visit(key, key + bytes((self.redeals,))) is None

    def _visit(self, key: bytes, full: bytes) -> int | None:
        """Tarjan's visit: None when won, else the lowest index this search reached."""
        self.budget.spend()
        if not any(self.piles):
            return None
        mine = len(self.index)
        doomed = _doomed(self.piles, self.up, self.down, self.redeals, self.locks)
        self.index[full] = mine
        self.stack.append((key, self.redeals, full))
        self.on_stack.add(full)
        low = mine
        for _, kind, i, j in [] if doomed else self.moves():
            undo = self._do(kind, i, j)
            child = self.key()
            child_full = child + bytes((self.redeals,))
            seen = self.index.get(child_full)
            if self.lost.get(child, -1) >= self.redeals:
                result: int | None = mine
            elif seen is not None:
                result = seen if child_full in self.on_stack else mine
            else:
                result = self._visit(child, child_full)
            self._undo(kind, i, j, undo)
            if result is None:
                self.line.append((kind, i, j))
                return None
            low = min(low, result)
        if low == mine:  # the root of a strongly connected component: all of it is lost
            while True:
                lost_key, redeals, lost_full = self.stack.pop()
                self.on_stack.discard(lost_full)
                if self.lost.get(lost_key, -1) < redeals:
                    self.lost[lost_key] = redeals
                if lost_full == full:
                    break
        return low

    def _do(self, kind: int, i: int, j: int) -> object:
        piles = self.piles
        if kind == _PILE:
            pile = piles[i]
            piles[i], piles[j] = pile[:-1], piles[j] + pile[-1:]
            return None
        if kind == _HOME:
            card = piles[i][-1]
            s, rank = divmod(card, 13)
            before = (s, self.up[s], self.down[s], card)
            if self.down[s] == self.up[s] + 1:
                self.up[s] = self.down[s] = rank + 1
            elif rank + 1 == self.up[s] + 1:
                self.up[s] = rank + 1
            else:
                self.down[s] = rank + 1
            piles[i] = piles[i][:-1]
            return before
        before_piles = list(piles)
        self.piles = [pile[1:] + pile[:1] if len(pile) > 1 else pile for pile in piles]
        self.redeals -= 1
        return before_piles

    def _undo(self, kind: int, i: int, j: int, undo: object) -> None:
        piles = self.piles
        if kind == _PILE:
            pile = piles[j]
            piles[j], piles[i] = pile[:-1], piles[i] + pile[-1:]
        elif kind == _HOME:
            assert isinstance(undo, tuple)
            s, up, down, card = undo
            self.up[s], self.down[s] = up, down
            piles[i] = piles[i] + bytes((card,))
        else:
            assert isinstance(undo, list)
            self.piles = undo
            self.redeals += 1


def _card_id(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + int(card.rank) - 1


def solve_crescent(
    position: Crescent | CrescentTable,
    *,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> CrescentSolution:
    """Decide whether ``position`` can be won with every card known; with a winning line
    (real moves: card moves, transfers and redeals) when it can."""
    game = position if isinstance(position, Crescent) else None
    table = game.table if game is not None else position
    assert isinstance(table, CrescentTable)
    variant = game.variant if game is not None else OPEN_CRESCENT
    started = time.perf_counter()
    budget = Budget(max_nodes, started + max_seconds if max_seconds is not None else None)
    lost: dict[bytes, int] = {}
    locks: dict[bytes, bool] = {}
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        attempt = 0
        while True:
            attempt += 1
            if len(locks) > LOCKS_KEPT or len(_WANTED) > LOCKS_KEPT:
                locks.clear()
                _WANTED.clear()
            turn, long_run = divmod(attempt + 1, 2)  # short and long attempts take turns
            if long_run:
                jitter, base = float(turn) + 0.5, LONG_RESTART_BASE
            else:
                jitter, base = 0.2 if attempt == 1 else 2.0 * turn, RESTART_BASE
            search = _Search(table, budget, lost, jitter, locks)
            budget.attempt_end = budget.nodes + base * luby(turn)
            try:
                won = search.search()
                break
            except Restart:
                continue
    except OutOfBudget:
        return CrescentSolution(Verdict.UNKNOWN, (), budget.nodes, time.perf_counter() - started)
    finally:
        sys.setrecursionlimit(limit)
    seconds = time.perf_counter() - started
    if not won:
        return CrescentSolution(Verdict.NO_WIN, (), budget.nodes, seconds)
    steps = [(kind, i, j) for kind, i, j in reversed(search.line)]
    line = concrete(table, variant, steps)
    return CrescentSolution(Verdict.WIN, line, budget.nodes, seconds)
