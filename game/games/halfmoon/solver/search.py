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

A middle, its moves and its candidate moves are :mod:`game.games.halfmoon.solver.middle`; the
depth-first search and its relaxations :mod:`game.games.halfmoon.solver.depth_first`; here the
attempts taking turns, and :func:`solve`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ....rules.removals import Removal
from ....rules.solver.budget import Budget, OutOfBudget, Restart, luby
from ....rules.solver.budget import Verdict as Verdict  # still importable from here
from ..rules import Game
from ..slots import PILE_COUNT, SLOTS
from ..table import Table
from .depth_first import BACKWARD, FORWARD, MIXED, Search
from .middle import BACK, Move

_GROUPS: tuple[tuple[int, ...], ...] = ((1, 10), (2, 9), (3, 8), (4, 7), (5, 6), (11, 12, 13))
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


RESTART_BASE = 400
"""Nodes of each way's first attempt; later attempts get Luby multiples of it."""


class _Attempts:
    """The whole game's search, restarted with Luby budgets, the ways taking turns."""

    def __init__(self, piles: Sequence[Sequence[int]], in_reserve: Sequence[int], budget: Budget):
        self.root = Search(piles, in_reserve, range(1, 14), budget)
        subs = [Search(self.root.piles, in_reserve, group, budget) for group in _GROUPS]
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

    def winning_line(self) -> list[Move]:
        """The winning line found, in playing order, every source taken from the top."""
        line = self.root.line
        front = [move for move, back in reversed(line) if not back]
        rear = [tuple(s - BACK if s >= BACK else s for s in move) for move, back in line if back]
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


def _concrete(table: Table, line: Iterable[Move]) -> tuple[Removal, ...]:
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
