"""Helpers for the Crescent tests: positions written by hand, brute-force searches."""

from __future__ import annotations

from collections import Counter

from game.rules import Card, Crescent, two_decks

KINGS = ("F1", "F2", "F3", "F4")
ACES = ("F5", "F6", "F7", "F8")
_BASES = dict(zip(KINGS + ACES, ["KC", "KD", "KH", "KS", "AC", "AD", "AH", "AS"], strict=True))
PILE_NAMES = [str(n) for n in range(1, 17)]
FOUNDATION_NAMES = list(KINGS + ACES)
ALL_SLOTS = PILE_NAMES + FOUNDATION_NAMES


def crescent_text(piles=None, foundations=None, redeals=0, variant="O", stash=16, hidden=False):
    """Position text of a table written by hand.

    ``piles``: {n: "cards bottom to top"}, ``(XX)`` for a face-down card; ``foundations``:
    {"F5": "AC 2C 3C"}, the others hold only their base. Every card not placed lies at
    the bottom of pile ``stash`` (face down when ``hidden``), so all 104 are in play.
    """
    piles, foundations = dict(piles or {}), dict(foundations or {})
    placed = Counter()
    for words in [*piles.values(), *foundations.values()]:
        placed.update(Card.parse(w.strip("()")) for w in words.split())
    for name, base in _BASES.items():
        if name not in foundations:
            foundations[name] = base
            placed[Card.parse(base)] += 1
    rest = Counter(two_decks()) - placed
    stash_words = [f"({c})" if hidden else str(c) for c in sorted(rest.elements(), key=str)]
    piles[stash] = " ".join([*stash_words, piles.get(stash, "")]).strip()
    lines = [f"variant: {variant}", f"redeals left: {redeals}"]
    lines += [f"{n}: {piles.get(int(n), '') or '-'}" for n in PILE_NAMES]
    lines += [f"{name}: {foundations[name]}" for name in FOUNDATION_NAMES]
    return "\n".join(lines) + "\n"


def crescent(piles=None, foundations=None, **options):
    """A :class:`Crescent` game from :func:`crescent_text`."""
    return Crescent.from_position(crescent_text(piles, foundations, **options))


def suit_run(suit, ranks):
    """Foundation text: ``suit_run("C", "A23")`` is ``"AC 2C 3C"`` (T for 10)."""
    return " ".join(f"{'10' if r == 'T' else r}{suit}" for r in ranks)


ACE_UP = "A23456789TJQK"
KING_DOWN = "KQJT98765432A"


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
