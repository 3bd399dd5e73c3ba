"""A position of the Crescent search (see :mod:`game.games.crescent.solver.search`): the
piles as bytes, the foundations' tops and the redeals left; its key, its moves in the
search's heuristic order, and a card home or a redeal made and unmade.

:class:`Node` is the position; :class:`game.games.crescent.solver.depth_first.Search`
searches from it.
"""

from __future__ import annotations

import random

from ....rules.cards import Card
from ..table import SUITS, CrescentTable
from .locks import NEIGHBOURS as _NEIGHBOURS

State = tuple[frozenset[int], frozenset[int], frozenset[int], bytes, bool, bytes]
"""What the search needs of a foundation state (see :func:`foundation_state`)."""
States = dict[bytes, State]
""":func:`foundation_state` for each foundation state a search met, by the tops: one for
every two or three positions searched, 2.5-2.8 kB each, so each search has its own, dropped
with it (kept from one search to the next they filled gigabytes in a tool that solves
game after game)."""
HOME, PILE, REDEAL = 0, 1, 2
"""The kinds of a search move (:data:`game.games.crescent.solver.lines.Step`)."""

# A card is suit * 13 + rank - 1 (0 ... 51); a pile is the bytes of its cards, bottom first.


class Node:
    """One position of the search, and the moves from it."""

    def __init__(
        self, table: CrescentTable, states: States, jitter: float, demote: float = 0.0
    ) -> None:
        self.states = states
        """The foundation states met (:data:`States`)."""
        self.piles = [bytes(card_id(card) for card in pile) for pile in table.piles]
        self.up = [len(table.foundations[4 + s]) for s in range(4)]
        """Each suit's Ace foundation top rank (1 ... 13)."""
        self.down = [14 - len(table.foundations[s]) for s in range(4)]
        """Each suit's King foundation top rank (13 ... 1)."""
        self.redeals = table.redeals_left
        self.info = self._state()
        """The foundation state's cards wanted now and soon, key, ... (``foundation_state``)."""
        self.random = random.Random(int(jitter * 1000))
        self.jitter = jitter
        self.demote = demote
        """How often a card that can go home is tried among the pile moves, not first."""

    # ------------------------------------------------------------------ positions
    def key(self) -> bytes:
        """The position without the redeals left: piles as a multiset, suits' tops."""
        return b"|".join(sorted(self.piles)) + self.info[3]

    def _state(self) -> State:
        """What :func:`foundation_state` found for the foundations as they are now."""
        state = bytes((*self.up, *self.down))
        states = self.states
        known = states.get(state)
        if known is None:
            known = states[state] = foundation_state(self.up, self.down)
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
                    append((5.0 + 5.0 * jitter * draw(), HOME, i, 0))
                else:
                    append((1000.0 + bonus + jitter * draw(), HOME, i, 0))
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
                append((value - cover + 5.0 * jitter * draw(), PILE, i, j))
        if self.redeals and any(len(pile) > 1 for pile in piles):
            append((1.0, REDEAL, 0, 0))
        found.sort(reverse=True)
        return found

    def _do(self, kind: int, i: int) -> object:
        """Play a card home or redeal (pile moves are played in :meth:`_visit`)."""
        piles = self.piles
        if kind == HOME:
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
        if kind == HOME:
            assert isinstance(undo, tuple)
            s, up, down, card, info = undo
            self.up[s], self.down[s], self.info = up, down, info
            self.piles[i] = self.piles[i] + bytes((card,))
        else:
            assert isinstance(undo, list)
            self.piles = undo
            self.redeals += 1


def foundation_state(up: list[int], down: list[int]) -> State:
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


def card_id(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + int(card.rank) - 1
