"""Winning lines of the relaxed sub-games, kept up to date move by move (see search.py).

A relaxation (one pair class, or the faces) keeps a winning line for its cards: groups of
card ids, ``rank << 8 | pile << 4 | place`` for a pile card (place 0 at the bottom of the
pile's cards of the relaxation) or ``-rank`` for a reserve card. After a move of the
whole game, :func:`repaired` usually turns the line that won before into one that wins
without the move's cards, so the relaxation is searched again only when it cannot.
"""

from __future__ import annotations

from collections.abc import Sequence


def repaired(
    line: tuple[tuple[int, ...], ...], target: tuple[int, ...], top: Sequence[int]
) -> tuple[tuple[int, ...], ...] | None:
    """A winning line after removal ``target`` (card ids), made from one that won before.

    Cards are named by id: ``rank << 8 | pile << 4 | place`` for a pile card (place 0 at
    the bottom of the pile's cards of the relaxation) or ``-rank`` for a reserve card.
    ``line`` does not hold the removal as one of its groups (when it does, the line without
    it wins, since removals can be moved earlier), so the removal's cards are taken out of
    their groups and what is left of those is grouped again: one way for a pair, up to
    four for a triple. Such a grouping wins when :func:`scheduled` can order it, in the
    position where pile i's top card is its card ``top[i] - 1``. None when none can.
    """
    where: set[int] = set()
    for c in target:
        holding = [n for n, group in enumerate(line) if c in group]
        if not holding:
            return None
        shared = [n for n in holding if n in where]
        where.add(shared[0] if shared else holding[0])
    if len(where) < 2:
        return None
    last = max(where)
    rest = [c for n in where for c in line[n]]
    for c in target:
        rest.remove(c)
    if len(rest) <= 3:
        regroupings = [[tuple(sorted(rest))]]
    else:
        # A triple whose cards came from three triples: six cards left, two of each rank.
        by_rank: dict[int, list[int]] = {}
        for c in rest:
            by_rank.setdefault(c >> 8 if c >= 0 else -c, []).append(c)
        if sorted(len(v) for v in by_rank.values()) != [2, 2, 2]:
            return None
        (j1, j2), (q1, q2), (k1, k2) = (by_rank[r] for r in sorted(by_rank))
        regroupings = [
            [tuple(sorted((j1, q, k))), tuple(sorted((j2, q1 + q2 - q, k1 + k2 - k)))]
            for q in (q1, q2)
            for k in (k1, k2)
        ]
    for regrouped in regroupings:
        groups: list[tuple[int, ...]] = []
        for n, group in enumerate(line):
            if n not in where:
                groups.append(group)
            elif n == last:
                groups.extend(regrouped)
        found = scheduled(groups, top)
        if found is not None:
            return found
    return None


def scheduled(
    groups: list[tuple[int, ...]], top: Sequence[int]
) -> tuple[tuple[int, ...], ...] | None:
    """``groups`` in an order in which they can all be removed, or None if there is none.

    Removing any group whose cards are all playable, as long as there is one, finds an
    order whenever one exists: a group that could go first stays removable until it is
    removed. Groups are tried in the given order, waiting ones again after each removal.
    """
    heights = list(top)
    order: list[tuple[int, ...]] = []
    waiting: list[tuple[int, ...]] = []
    for group in groups:
        for c in group:
            if c >= 0 and heights[c >> 4 & 15] - 1 != c & 15:
                waiting.append(group)
                break
        else:
            for c in group:
                if c >= 0:
                    heights[c >> 4 & 15] -= 1
            order.append(group)
            while waiting:
                for w in waiting:
                    for c in w:
                        if c >= 0 and heights[c >> 4 & 15] - 1 != c & 15:
                            break
                    else:
                        for c in w:
                            if c >= 0:
                                heights[c >> 4 & 15] -= 1
                        order.append(w)
                        waiting.remove(w)
                        break
                else:
                    break
    if waiting:
        return None
    return tuple(order)
