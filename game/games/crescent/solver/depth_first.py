"""The Crescent search proper (see :mod:`game.games.crescent.solver.search`): Tarjan's
depth-first search over positions, which records a position lost only with its whole
strongly connected component, skips positions with a locked pile, and sets a late
redeal's search aside once it has taken its share of the attempt's nodes.
"""

from __future__ import annotations

from ....rules.solver.budget import Budget, Restart
from ..table import CrescentTable
from .lines import Step
from .locks import locked as _locked
from .node import PILE, REDEAL, Node, States


class _SetAside(Exception):
    """The search after a late redeal used up its share of the attempt's nodes."""


class Search(Node):
    """One depth-first search over positions; the lost positions outlive it."""

    def __init__(
        self,
        table: CrescentTable,
        budget: Budget,
        lost: dict[bytes, int],
        jitter: float,
        locks: dict[bytes, bool],
        states: States,
        demote: float = 0.0,
        shares: tuple[int, ...] = (),
    ) -> None:
        super().__init__(table, states, jitter, demote)
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
        self.shares = shares
        """By the redeals left after a redeal: the nodes the search after it may take."""
        self.share_end: int | None = None
        """The node count at which the innermost search after a late redeal is set aside."""
        self.unsure: set[bytes] = set()
        """Positions left unfinished (not won, not proved lost) in this attempt."""
        self.partial = False
        """Whether the search that :meth:`_visit` just returned from left anything unsure."""
        self.set_aside = 0

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
            if kind == PILE:
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
                elif kind == REDEAL and self.redeals < len(self.shares):
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
