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
  see :mod:`game.games.crescent.solver.lines`). Every such position is one position,
  wherever the split is, and a card that fits both foundations of a suit is one move.
* **More redeals never hurt.** A position proved lost with ``r`` redeals left is lost
  with fewer; the table of lost positions keeps the most redeals each was lost with. A
  redeal that would change no pile is never taken.
* **A locked pile loses.** A card that is the last copy of its rank can go to one
  foundation only, in order; one lying above a card of the same foundation it must wait
  for, which the redeals left cannot bring up, must leave by a pile move, and when every
  copy of both its neighbours is home or buried below it as deep, it never can: such a
  position is lost without a search (see :mod:`game.games.crescent.solver.locks`).
  About half the positions the search meets are cut off so.
* **Lost is proved, not guessed.** Moves between two cards of the same suit can be
  undone (a card that sits on its neighbour can go back onto it), so positions form
  cycles; a position is recorded as lost only when its whole strongly connected
  component has been searched (Tarjan's algorithm), never because an ancestor was on
  the search path. Lost positions stay lost across restarts.
* **A locked pile is found where it can be.** After a pile move only the pile that
  took the card is tested: the foundations and redeals are the parent's, whose piles
  were not locked, and the pile the card left is a part of one that was not. A child with
  a locked pile is recorded lost without a visit (it is a component of its own).

Moves are tried in a heuristic order (cards home first, then moves that uncover a card
that can go home or that a foundation needs soon, then the rest, the redeal last), and
the search restarts with an ever more jittered order, keeping the lost positions: almost
every deal can be won, and the time goes into the long tail of deals where an early
choice was unlucky. Attempts of four kinds take turns (:data:`ATTEMPTS`, ``SELEDE``):
short ones (150 nodes times the Luby sequence, the jitter growing fast), long ones
(2,000 times Luby, the jitter growing slowly), and short and long ones that demote cards
home: each card that can go home is tried among the pile moves instead of first with a
chance growing with the jitter, up to a half (sending a card home too early loses it as a
card to build on). The growing budgets keep the search complete.

**A late redeal's search is set aside.** Within an attempt, the search after its last
redeal may take 1/64 of the attempt's nodes, after the last but one 1/16, after the one
before 1/4 (:data:`SET_ASIDE_SHARES`, at least 30 nodes each); then the attempt leaves it
and goes on above it. On the hard deals nine tenths of all nodes went into searches after
the last redeal, most into a few of thousands of nodes, begun with some 80 cards still on
the table, that the attempt's budget ended in the middle of. What a set-aside search
leaves is unsure, not lost: a position is recorded lost only when nothing below it was
set aside, an attempt whose first position ends unsure is restarted, and the shares grow
with the attempts' budgets, so the search stays complete and its proofs sound.

Measured on the 200 deals of Open Crescent from ``random.Random(1)``, 10 s each (on a
shared, noisy machine):

* short and long attempts in turn, home moves always first: 166 won, 34 undecided; on
  30 hard deals the long attempts alone won 20, the two in turn 23.
* the same search about twice as fast, node for node (the lock test above, each
  foundation state's wanted cards and key kept, the tops indexed by card, pile moves
  played in place): the same nodes and lines for a fixed node budget, 5.2 s -> 2.6 s for
  4 deals of 40,000 nodes.
* demoting cards home in every attempt (chance 0.1 times the jitter) won 12 of the 34
  undecided but lost 13 of the 166 won: home first is right for most deals, wrong for
  some, hence a portfolio. With the faster search, on the 69 deals undecided or slower
  than 2 s: ``SL`` 35 won, ``SLD`` 41; on the 40 of those ``SLD`` left undecided or won
  in more than 4 s: ``SLD`` 10, ``SLDE`` 16,
  ``SELDE`` 19 (most of the new ones won by short demoting attempts, nearly random
  orders at high turns). All 200: ``SELDE`` 181 won, 19 undecided, none of the 166 lost;
  on its 26 undecided or slower than 6 s ``SELEDE`` won 9 where ``SELDE`` won 7. More
  long demoting attempts (``SDLD``) did worse: 10 of 33 where ``SLD`` won 11.
* all 200 with ``SELEDE``: 183 won (91.5 %), 17 undecided, none of the 166 lost, the
  median deal 0.43 s, the slowest won 9.4 s.
  Crescent's 200 (the same problem, other deals): 179 won, 21 undecided, median 0.42 s;
  Crescent Four's: 196 won (97 % before), 4 undecided, median 0.08 s.
* no deal of the 200 was proved lost: the undecided ones are likely won, with lines the
  search has not found.
* setting a late redeal's search aside, on the 34 Open Crescent deals undecided or slower
  than 4 s, 400,000 nodes each (``SELEDE`` alone: 12 won; with 1,000,000 nodes: 21):
  after the last redeal at 1/64 of the attempt, 18 won (at 1/256: 15); with 1/16 after
  the last but one too, 21; with 1/4 after the one before too, 24; none of the 12 lost,
  at the same speed node for node. All 200 (seed 1), one variant at a time, on a machine
  then searching some 36,000 nodes a second where it had searched 50,000: Crescent and
  Open Crescent 183 won, 17 undecided (91.5 %), median 0.6 s; Crescent Four 199 and 1.
  Open Crescent node for node: within 100,000 nodes 175 won (155 before), within
  300,000 184 (174).

A position and its moves are :mod:`game.games.crescent.solver.node`; the depth-first
search :mod:`game.games.crescent.solver.depth_first`; here the attempts taking turns,
and :func:`solve_crescent`.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from ....rules.solver.budget import Budget, OutOfBudget, Restart, Verdict, luby
from ..game import Crescent
from ..moves import Move
from ..table import CrescentTable
from ..variants import OPEN_CRESCENT
from .depth_first import Search
from .lines import concrete
from .node import States

RESTART_BASE = 150
"""Nodes of the first short attempt; later ones get Luby multiples of it."""
LONG_RESTART_BASE = 2000
"""Nodes of the first long attempt; later ones get Luby multiples of it."""
DEMOTE = 0.1
"""In an attempt that demotes cards home, the chance that one is tried among the pile
moves instead of first: this times the attempt's jitter, at most 0.5."""
ATTEMPTS = "SELEDE"
"""The kinds of attempt, in turn: ``S`` short, ``L`` long, ``E`` short and ``D`` long
demoting cards home (see :func:`_attempt`)."""
SET_ASIDE_SHARES = (64, 16, 4)
"""The search after an attempt's last redeal may take 1/64 of the attempt's nodes, after
its last but one 1/16, after the one before 1/4 (at least :data:`SET_ASIDE_MIN` each);
then it is set aside."""
SET_ASIDE_MIN = 30
"""The fewest nodes a search after a redeal gets before it is set aside."""
LOCKS_KEPT = 1_000_000
"""How many piles' lock tests (or foundation states) a search remembers before its memory
of them starts again; they are dropped with the search."""


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
    set_aside: int = 0
    """Searches after a late redeal left unfinished for later attempts (the module says when)."""


def _attempt(kind: str, turn: int) -> tuple[float, int, float]:
    """The jitter, the nodes and the demotion of the ``turn``-th attempt of a kind (see
    :data:`ATTEMPTS`). Short attempts get 150 nodes times the Luby sequence and a jitter
    growing fast; long ones 2,000 times Luby and a jitter growing slowly."""
    if kind in "LD":
        jitter, nodes = float(turn) + 0.5, LONG_RESTART_BASE * luby(turn)
    else:
        jitter, nodes = 0.2 if turn == 1 else 2.0 * turn, RESTART_BASE * luby(turn)
    return jitter, nodes, min(0.5, DEMOTE * jitter) if kind in "DE" else 0.0


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
    states: States = {}
    set_aside = 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        turns = dict.fromkeys(ATTEMPTS, 0)
        attempt = 0
        while True:
            kind = ATTEMPTS[attempt % len(ATTEMPTS)]
            attempt += 1
            if len(locks) > LOCKS_KEPT or len(states) > LOCKS_KEPT:
                locks.clear()
                states.clear()
            turns[kind] += 1
            jitter, nodes, demote = _attempt(kind, turns[kind])
            shares = tuple(max(SET_ASIDE_MIN, nodes // share) for share in SET_ASIDE_SHARES)
            search = Search(table, budget, lost, jitter, locks, states, demote, shares)
            budget.attempt_end = budget.nodes + nodes
            try:
                won = search.search()
                break
            except Restart:
                continue
            finally:
                set_aside += search.set_aside
    except OutOfBudget:
        seconds = time.perf_counter() - started
        return CrescentSolution(Verdict.UNKNOWN, (), budget.nodes, seconds, set_aside)
    finally:
        sys.setrecursionlimit(limit)
    seconds = time.perf_counter() - started
    if not won:
        return CrescentSolution(Verdict.NO_WIN, (), budget.nodes, seconds, set_aside)
    steps = [(kind, i, j) for kind, i, j in reversed(search.line)]
    line = concrete(table, variant, steps)
    return CrescentSolution(Verdict.WIN, line, budget.nodes, seconds, set_aside)
