"""How the app tests win and stall the Crescents with real input, and position text
written by hand for them (:func:`position_for`)."""

from __future__ import annotations

from collections import Counter

from ...rules.cards import Card, two_decks
from ..kind import Script
from .table import ACE_FOUNDATIONS, FOUNDATIONS, KING_FOUNDATIONS, PILES

ACE_UP = "A23456789TJQK"
"""An Ace foundation's ranks, bottom to top (T for 10)."""
KING_DOWN = "KQJT98765432A"
"""A King foundation's ranks, bottom to top."""
_BASES = dict(zip(FOUNDATIONS, ["KC", "KD", "KH", "KS", "AC", "AD", "AH", "AS"], strict=True))


def suit_run(suit: str, ranks: str) -> str:
    """Foundation text: ``suit_run("C", "A23")`` is ``"AC 2C 3C"`` (T for 10)."""
    return " ".join(f"{'10' if r == 'T' else r}{suit}" for r in ranks)


def position_for(
    piles: dict[int, str] | None = None,
    foundations: dict[str, str] | None = None,
    redeals: int = 0,
    variant: str = "O",
    stash: int = 16,
    hidden: bool = False,
) -> str:
    """Position text of a table written by hand.

    ``piles``: {n: "cards bottom to top"}, ``(XX)`` for a face-down card; ``foundations``:
    {"F5": "AC 2C 3C"}, the others hold only their base. Every card not placed lies at
    the bottom of pile ``stash`` (face down when ``hidden``), so all 104 are in play.
    """
    piles, foundations = dict(piles or {}), dict(foundations or {})
    placed: Counter[Card] = Counter()
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
    lines += [f"{n}: {piles.get(int(n), '') or '-'}" for n in PILES]
    lines += [f"{name}: {foundations[name]}" for name in FOUNDATIONS]
    return "\n".join(lines) + "\n"


def _full(suit: str) -> dict[str, str]:
    """Both foundations of ``suit`` whole (its King foundation K-A, its Ace one A-K)."""
    index = "CDHS".index(suit)
    return {
        KING_FOUNDATIONS[index]: suit_run(suit, KING_DOWN),
        ACE_FOUNDATIONS[index]: suit_run(suit, ACE_UP),
    }


def script_for(letter: str) -> Script:
    """The script of the variant whose codes carry ``letter``."""
    win = {**_full("H"), **_full("S"), "F1": suit_run("C", KING_DOWN)}
    win.update(F2=suit_run("D", KING_DOWN))
    win.update(F5=suit_run("C", ACE_UP[:12]), F6=suit_run("D", ACE_UP[:12]))
    # Clubs in sequence (F5 A-6, F1 K-7): only the transfers between them are left once
    # 2D and 3D are home, and with no redeal left that is a stalemate (SPEC 5).
    stuck = {"F5": suit_run("C", "A23456"), "F1": suit_run("C", "KQJT987")}
    return Script(
        win=position_for({1: "KC", 2: "KD"}, win, variant=letter),
        win_moves=(("1", "F5"), ("2", "F6")),
        stalemate=position_for(
            {1: "5D", 2: "9S", 3: "2D", 4: "3D", 16: "JH"}, stuck, redeals=0, variant=letter
        ),
        stalemate_moves=(("3", "F6"), ("4", "F6")),
        showcase=position_for(
            {1: "5D 9S 2D", 2: "10C JH", 5: "3H 8C 10S QD", 9: "KS 7D", 16: "4C 6H"},
            variant=letter,
        ),
    )
