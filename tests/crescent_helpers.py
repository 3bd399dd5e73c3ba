"""Helpers for the Crescent tests: positions written by hand, brute-force searches."""

from __future__ import annotations

from game.games.crescent.script import ACE_UP, KING_DOWN, suit_run
from game.games.crescent.script import position_for as crescent_text
from game.rules import Crescent

KINGS = ("F1", "F2", "F3", "F4")
ACES = ("F5", "F6", "F7", "F8")
PILE_NAMES = [str(n) for n in range(1, 17)]
FOUNDATION_NAMES = list(KINGS + ACES)
ALL_SLOTS = PILE_NAMES + FOUNDATION_NAMES

__all__ = ["ACE_UP", "KING_DOWN", "crescent", "crescent_text", "random_text", "suit_run"]


def crescent(piles=None, foundations=None, **options):
    """A :class:`Crescent` game from :func:`crescent_text`."""
    return Crescent.from_position(crescent_text(piles, foundations, **options))


def random_text(rng, *, sequence=0.25, most_left=26, redeals=0, variant="O", piles=16):
    """Position text of a random table: each suit's foundations at random heights, so that
    at most ``most_left`` cards are left; a suit is in sequence (one A-K run between its
    two foundations, 13 cards left) with chance ``sequence``, two suits at most. The cards
    left are shuffled into up to ``piles`` random piles (all face up)."""
    lefts = [0, 0, 0, 0]
    for k in rng.sample(range(4), 4):
        room = most_left - sum(lefts)
        if room >= 13 and lefts.count(13) < 2 and rng.random() < sequence:
            lefts[k] = 13
        else:
            lefts[k] = rng.choice([n for n in range(min(room, 24) + 1) if n != 13])
    foundations, rest = {}, []
    for k, (suit, left) in enumerate(zip("CDHS", lefts, strict=True)):
        gap = left - 12  # cards left = 12 + King top - Ace top, whatever the tops
        up = rng.randint(max(1, 1 - gap), min(13, 13 - gap))
        down = up + gap
        foundations[ACES[k]] = suit_run(suit, ACE_UP[:up])
        foundations[KINGS[k]] = suit_run(suit, KING_DOWN[: 14 - down])
        for n, rank in enumerate(ACE_UP, start=1):
            rest += [suit_run(suit, rank)] * (2 - (n <= up) - (n >= down))
    rng.shuffle(rest)
    used = rng.sample(range(1, 17), rng.randint(1, piles))
    table = {n: [] for n in used}
    for card in rest:
        table[rng.choice(used)].append(card)
    texts = {n: " ".join(cards) for n, cards in table.items() if cards}
    return crescent_text(texts, foundations, redeals=redeals, variant=variant)
