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
from .crescent_locks import locked as _locked

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
_State = tuple[frozenset[int], frozenset[int], frozenset[int], bytes, bool, bytes]
"""What the search needs of a foundation state (see :func:`_foundation_state`)."""
_STATES: dict[bytes, _State] = {}
""":func:`_foundation_state` for each foundation state met (there are few)."""
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
    set_aside: int = 0
    """Searches after a late redeal left unfinished for later attempts (the module says when)."""


class _SetAside(Exception):
    """The search after a late redeal used up its share of the attempt's nodes."""


class _Search:
    """One depth-first search over positions; the lost positions outlive it."""

    def __init__(
        self,
        table: CrescentTable,
        budget: Budget,
        lost: dict[bytes, int],
        jitter: float,
        locks: dict[bytes, bool],
        demote: float = 0.0,
        shares: tuple[int, ...] = (),
    ) -> None:
        self.piles = [bytes(_card_id(card) for card in pile) for pile in table.piles]
        self.up = [len(table.foundations[4 + s]) for s in range(4)]
        """Each suit's Ace foundation top rank (1 ... 13)."""
        self.down = [14 - len(table.foundations[s]) for s in range(4)]
        """Each suit's King foundation top rank (13 ... 1)."""
        self.redeals = table.redeals_left
        self.info = self._state()
        """The foundation state's cards wanted now and soon, key, ... (``_foundation_state``)."""
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
        self.demote = demote
        """How often a card that can go home is tried among the pile moves, not first."""
        self.shares = shares
        """By the redeals left after a redeal: the nodes the search after it may take."""
        self.share_end: int | None = None
        """The node count at which the innermost search after a late redeal is set aside."""
        self.unsure: set[bytes] = set()
        """Positions left unfinished (not won, not proved lost) in this attempt."""
        self.partial = False
        """Whether the search that :meth:`_visit` just returned from left anything unsure."""
        self.set_aside = 0

    # ------------------------------------------------------------------ positions
    def key(self) -> bytes:
        """The position without the redeals left: piles as a multiset, suits' tops."""
        return b"|".join(sorted(self.piles)) + self.info[3]

    def _state(self) -> _State:
        """What :func:`_foundation_state` found for the foundations as they are now."""
        state = bytes((*self.up, *self.down))
        known = _STATES.get(state)
        if known is None:
            known = _STATES[state] = _foundation_state(self.up, self.down)
        return known

    # ---------------------------------------------------------------------- moves
    def moves(self) -> list[tuple[float, int, int, int]]:
        """Every move as (priority, kind, i, j), best first."""
        piles = self.piles
        jitter, draw, demote = self.jitter, self.random.random, self.demote
        now, soon, near = self.info[:3]
        tops: list[list[int] | None] = [None] * 52  # by card: the piles it tops
        for i, pile in enumerate(piles):
            if pile:
                same = tops[pile[-1]]
                if same is None:
                    tops[pile[-1]] = [i]
                else:
                    same.append(i)
        found: list[tuple[float, int, int, int]] = []
        append = found.append
        for i, pile in enumerate(piles):
            if not pile:
                continue
            card = pile[-1]
            size = len(pile)
            below = pile[-2] if size > 1 else -1
            if card in now:
                bonus = 20.0 if below in now else 0.0
                if demote and draw() < demote:
                    append((5.0 + 5.0 * jitter * draw(), _HOME, i, 0))
                else:
                    append((1000.0 + bonus + jitter * draw(), _HOME, i, 0))
            up, down = _NEIGHBOURS[card]
            onto_up, onto_down = tops[up], tops[down]
            if onto_up is None:
                if onto_down is None:
                    continue
                targets = onto_down
            elif onto_down is None:
                targets = onto_up
            else:
                targets = onto_up + onto_down
            value = 10.0
            if below < 0:
                value -= 8.0
            else:
                if below in now:
                    value += 300.0
                elif below in soon:
                    value += 100.0
                for depth in range(size - 3, -1, -1):
                    if pile[depth] in near:
                        value += 40.0 / (size - 1 - depth)
                        break
                if below in (up, down):
                    value -= 5.0
            for j in targets:
                under = piles[j][-1]
                cover = 50.0 if under in near else 0.0
                append((value - cover + 5.0 * jitter * draw(), _PILE, i, j))
        if self.redeals and any(len(pile) > 1 for pile in piles):
            append((1.0, _REDEAL, 0, 0))
        found.sort(reverse=True)
        return found

    def search(self) -> bool:
        """True when the position can be won (:attr:`line` holds the way), False when it
        is proved lost. Raises Restart or OutOfBudget when a budget runs out."""
        key = self.key()
        if self.lost.get(key, -1) >= self.redeals:
            return False
        full = key + bytes((self.redeals,))
        if self._doomed(-1):
            self.lost[key] = self.redeals
            return False
        if self._visit(key, full) is None:
            return True
        if self.partial:  # not proved lost: a later attempt, with larger shares, goes on
            raise Restart
        return False

    def _doomed(self, changed: int) -> bool:
        """Whether a pile is locked (see ``crescent_locks``): all piles when ``changed`` is
        -1, else only pile ``changed``: the position is the parent's, which was not doomed,
        with the same foundations and redeals, one card moved onto pile ``changed`` (the
        pile it left is a part of one that was not locked, so it is not locked either)."""
        info = self.info
        if info[4]:
            return False
        redeals = self.redeals
        state = info[5] + bytes((redeals,))
        known = self.locks
        for pile in self.piles if changed < 0 else (self.piles[changed],):
            if len(pile) < redeals + 2:
                continue
            key = state + pile
            locked = known.get(key)
            if locked is None:
                locked = known[key] = _locked(pile, self.up, self.down, redeals)
            if locked:
                return True
        return False

    def _visit(self, key: bytes, full: bytes) -> int | None:
        """Tarjan's visit of a position with no locked pile: None when won, else the
        lowest index this search reached. A child with a locked pile is lost at once,
        a component of its own, without a visit."""
        self.budget.spend()
        if self.share_end is not None and self.budget.nodes > self.share_end:
            raise _SetAside
        piles = self.piles
        if not any(piles):
            return None
        index, lost, on_stack, unsure = self.index, self.lost, self.on_stack, self.unsure
        partial = False
        mine = len(index)
        index[full] = mine
        self.stack.append((key, self.redeals, full))
        on_stack.add(full)
        low = mine
        redeals = self.redeals
        tail = bytes((redeals,))
        for _, kind, i, j in self.moves():
            if kind == _PILE:
                source, target = piles[i], piles[j]
                piles[i], piles[j] = source[:-1], target + source[-1:]
                child = b"|".join(sorted(piles)) + self.info[3]
                child_full = child + tail
                seen = index.get(child_full)
                if lost.get(child, -1) >= redeals:
                    result: int | None = mine
                elif seen is not None:
                    result = seen if child_full in on_stack else mine
                    partial = partial or child_full in unsure
                elif self._doomed(j):  # lost at once, a component of its own
                    self.budget.spend()
                    lost[child] = redeals
                    result = mine + 1
                else:
                    result = self._visit(child, child_full)
                    partial = partial or self.partial
                piles[i], piles[j] = source, target
            else:
                undo = self._do(kind, i)
                child = self.key()
                child_full = child + bytes((self.redeals,))
                seen = index.get(child_full)
                if lost.get(child, -1) >= self.redeals:
                    result = mine
                elif seen is not None:
                    result = seen if child_full in on_stack else mine
                    partial = partial or child_full in unsure
                elif self._doomed(-1):
                    self.budget.spend()
                    lost[child] = self.redeals
                    result = mine + 1
                elif kind == _REDEAL and self.redeals < len(self.shares):
                    result = self._visit_share(child, child_full, mine)
                    partial = partial or self.partial
                else:
                    result = self._visit(child, child_full)
                    partial = partial or self.partial
                self._undo(kind, i, undo)
                piles = self.piles
            if result is None:
                self.line.append((kind, i, j))
                return None
            if result < low:
                low = result
        if low == mine:  # the root of a strongly connected component: all of it is lost
            stack = self.stack
            while True:
                lost_key, lost_redeals, lost_full = stack.pop()
                on_stack.discard(lost_full)
                if partial:  # a part of the search below was set aside: not proved
                    unsure.add(lost_full)
                elif lost.get(lost_key, -1) < lost_redeals:
                    lost[lost_key] = lost_redeals
                if lost_full == full:
                    break
        self.partial = partial
        return low

    def _visit_share(self, key: bytes, full: bytes, parent: int) -> int | None:
        """:meth:`_visit` after a late redeal, set aside once it has taken its share of the
        attempt's nodes: its positions still on the stack are then unsure, not lost, and
        so is every position whose search met them (:attr:`partial`)."""
        depth = len(self.stack)
        position = (list(self.piles), list(self.up), list(self.down), self.info)
        outer = self.share_end
        end = self.budget.nodes + self.shares[self.redeals]
        self.share_end = end if outer is None else min(end, outer)
        try:
            return self._visit(key, full)
        except _SetAside:
            self.set_aside += 1
            self.piles, self.up, self.down, self.info = position
            stack, on_stack = self.stack, self.on_stack
            while len(stack) > depth:
                _, _, left = stack.pop()
                on_stack.discard(left)
                self.unsure.add(left)
            self.partial = True
            return parent
        finally:
            self.share_end = outer

    def _do(self, kind: int, i: int) -> object:
        """Play a card home or redeal (pile moves are played in :meth:`_visit`)."""
        piles = self.piles
        if kind == _HOME:
            card = piles[i][-1]
            s, rank = divmod(card, 13)
            before = (s, self.up[s], self.down[s], card, self.info)
            if self.down[s] == self.up[s] + 1:
                self.up[s] = self.down[s] = rank + 1
            elif rank + 1 == self.up[s] + 1:
                self.up[s] = rank + 1
            else:
                self.down[s] = rank + 1
            piles[i] = piles[i][:-1]
            self.info = self._state()
            return before
        self.piles = [pile[1:] + pile[:1] if len(pile) > 1 else pile for pile in piles]
        self.redeals -= 1
        return piles  # a new list holds the redealt piles: this one stays as it was

    def _undo(self, kind: int, i: int, undo: object) -> None:
        if kind == _HOME:
            assert isinstance(undo, tuple)
            s, up, down, card, info = undo
            self.up[s], self.down[s], self.info = up, down, info
            self.piles[i] = self.piles[i] + bytes((card,))
        else:
            assert isinstance(undo, list)
            self.piles = undo
            self.redeals += 1


def _foundation_state(up: list[int], down: list[int]) -> _State:
    """For one foundation state: the cards a foundation takes now (after transfers), those
    it takes soon (the next three ranks each way of a suit not in sequence), both, the
    suits' part of a position's key, whether every suit is in sequence, the tops."""
    now: set[int] = set()
    soon: set[int] = set()
    suits: list[int] = []
    for s in range(4):
        top_up, top_down, base = up[s], down[s], 13 * s
        if top_down == top_up + 1:
            now.update(range(base, base + 13))
            suits += (0, 0)
            continue
        suits += (top_up, top_down)
        if top_up < 13:
            now.add(base + top_up)
            soon.update(base + rank - 1 for rank in range(top_up + 2, min(top_up + 4, 14)))
        if top_down > 1:
            now.add(base + top_down - 2)
            soon.update(base + rank - 1 for rank in range(max(top_down - 3, 1), top_down - 1))
    every = all(down[s] == up[s] + 1 for s in range(4))
    return (
        frozenset(now),
        frozenset(soon),
        frozenset(now | soon),
        bytes(suits),
        every,
        bytes((*up, *down)),
    )


def _card_id(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + int(card.rank) - 1


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
    set_aside = 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        turns = dict.fromkeys(ATTEMPTS, 0)
        attempt = 0
        while True:
            kind = ATTEMPTS[attempt % len(ATTEMPTS)]
            attempt += 1
            if len(locks) > LOCKS_KEPT or len(_STATES) > LOCKS_KEPT:
                locks.clear()
                _STATES.clear()
            turns[kind] += 1
            jitter, nodes, demote = _attempt(kind, turns[kind])
            shares = tuple(max(SET_ASIDE_MIN, nodes // share) for share in SET_ASIDE_SHARES)
            search = _Search(table, budget, lost, jitter, locks, demote, shares)
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
