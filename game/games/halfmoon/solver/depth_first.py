"""The depth-first search over middles (see :mod:`game.games.halfmoon.solver.search`), with its
relaxations: searches over fewer ranks that prove positions dead, each keeping a winning
line that is repaired move by move (:mod:`game.games.halfmoon.solver.lines`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import accumulate

from ....rules.solver.budget import Budget
from . import lines
from .middle import BACK, BOTTOM_BIT, FIELD, RESERVE_BIT, TOP_BIT, Middle, Move

FORWARD, BACKWARD, MIXED = 0, 1, 2
"""The ways of searching: every move from the front, from the back, or from the end
that offers fewer candidate moves."""


class Search(Middle):
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
        super().__init__(piles, in_reserve, ranks)
        self.budget = budget
        self.relaxations: list[Search] = []
        self.failed: set[int] = set()
        # won[key]: for a relaxation, a winning line from the position ``key`` as groups of
        # card ids (see _ids); the whole game keeps no lines there.
        self.won: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.witnessing = False
        self.line: list[tuple[Move, bool]] = []
        """The winning moves found, last first, each with whether it was taken from the back."""
        self.way = FORWARD

    def add_relaxations(self, subs: Sequence[Search]) -> None:
        """Ask each of ``subs`` (searches over fewer ranks) after every move in its ranks."""
        for sub in subs:
            j = len(self.relaxations)
            self.relaxations.append(sub)
            for r in sub.keep:
                self.relaxed_by[r].append(j)
        # counts[i][d]: how many of pile i's first d cards each relaxation keeps, four bits
        # per relaxation.
        step = [sum(1 << (FIELD * j) for j in self.relaxed_by[r]) for r in range(14)]
        self.counts = [[0, *accumulate(step[r] for r in pile)] for pile in self.piles]
        self.sub_keys = [
            sub.key_of(*self._mapped(j), self.in_reserve) for j, sub in enumerate(self.relaxations)
        ]

    def set_position(
        self, bottom: Sequence[int], top: Sequence[int], in_reserve: Sequence[int]
    ) -> None:
        """Move to the middle ``bottom``/``top`` with reserve counts ``in_reserve``."""
        super().set_position(bottom, top, in_reserve)
        self.sub_keys = [
            sub.key_of(*self._mapped(j), self.in_reserve) for j, sub in enumerate(self.relaxations)
        ]

    # --------------------------------------------------------------- search
    def relaxation_ok(self, j: int, move: Move) -> bool:
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
        shift = FIELD * j
        counts = self.counts
        ids = []
        delta = 0
        for s in move:
            if s < 0:
                ids.append(s)
                delta -= RESERVE_BIT[-s]
            elif s < BACK:
                d = self.top[s]
                ids.append(self.piles[s][d] << 8 | s << 4 | counts[s][d] >> shift & 15)
                delta -= TOP_BIT[s]
            else:
                i = s - BACK
                d = self.bottom[i] - 1
                ids.append(self.piles[i][d] << 8 | i << 4 | counts[i][d] >> shift & 15)
                delta += BOTTOM_BIT[i]
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

    def _ids(self, move: Move) -> tuple[int, ...]:
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
        made: list[Move] = []
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
                    delta -= RESERVE_BIT[-s]
                elif s < BACK:
                    delta -= TOP_BIT[s]
                else:
                    delta += BOTTOM_BIT[s - BACK]
            if key + delta in failed:
                continue
            s = move[0]
            if s < 0:
                r = -s
            elif s < BACK:
                r = piles[s][self.top[s] - 1]
            else:
                r = piles[s - BACK][self.bottom[s - BACK]]
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
