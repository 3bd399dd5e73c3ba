"""What can leave the game in a removal game: pairs adding to 11 and Jack-Queen-King
triples (SPEC section 1), over any table whose playable cards are named by slot."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from .cards import FACE_RANKS, Card, Rank
from .errors import IllegalRemovalError

PAIR_TOTAL = 11
"""A pair of number cards must add up to 11 (Ace = 1)."""
PAIR_POINTS = 10
"""Points for a pair."""
TRIPLE_POINTS = 15
"""Points for a Jack-Queen-King triple."""


class HasPlayable(Protocol):
    """A table whose playable cards are named by slot."""

    def playable(self) -> dict[str, Card]:
        """Every playable card by slot name."""


Playable = HasPlayable | Mapping[str, Card]
"""The playable cards by slot, or a table that has them."""


def _playable(source: Playable) -> Mapping[str, Card]:
    return source if isinstance(source, Mapping) else source.playable()


def slot_text(slot: object) -> str:
    """A slot's name as written, ignoring case and surrounding spaces (``" r3 "``: ``R3``,
    ``7``: ``"7"``); the table says whether it names one of its slots."""
    return str(slot).strip().upper()


def slot_order(name: str) -> tuple[str, int]:
    """Slots in their natural order: by their letters, then by their number (``1`` ...
    ``12`` before ``R1`` ... ``R8``; ``G1`` ... ``G9``)."""
    match = re.fullmatch(r"([^\d]*)(\d*)", name)
    letters, digits = match.groups() if match else (name, "")
    return letters, int(digits) if digits else 0


def is_pair(first: Card, second: Card) -> bool:
    """Two number cards, Ace (1) to 10, whose values add up to 11; suits do not matter."""
    return not first.is_face and not second.is_face and first.value + second.value == PAIR_TOTAL


def is_triple(cards: Sequence[Card]) -> bool:
    """One Jack, one Queen and one King, of any suits. Face cards never pair."""
    return len(cards) == 3 and sorted(card.rank for card in cards) == list(FACE_RANKS)


def is_removal(cards: Sequence[Card]) -> bool:
    """True when ``cards`` may leave the game together: a pair or a triple."""
    if len(cards) == 2:
        return is_pair(cards[0], cards[1])
    return is_triple(cards)


def points_for(cards: Sequence[Card]) -> int:
    """A pair scores 10, a triple 15 (the caller has checked :func:`is_removal`)."""
    return PAIR_POINTS if len(cards) == 2 else TRIPLE_POINTS


@dataclass(frozen=True)
class Removal:
    """The slots whose playable cards leave the game together in one move."""

    slots: tuple[str, ...]
    """Two or three slot names, in their natural order (:func:`slot_order`: piles 1 ...
    12, then R1 ... R8)."""

    @classmethod
    def of(cls, slots: Iterable[object]) -> Removal:
        """A removal of ``slots``, given in any order and any accepted spelling."""
        names = sorted({slot_text(s) for s in slots}, key=slot_order)
        return cls(tuple(names))

    @classmethod
    def parse(cls, text: str) -> Removal:
        """Read ``"1+8"`` or ``"8+5+3"`` (the form :meth:`__str__` writes)."""
        return cls.of(text.split("+"))

    def __str__(self) -> str:
        return "+".join(self.slots)

    def __repr__(self) -> str:
        return f"Removal.parse({str(self)!r})"


def check_removal(top: Callable[[str], Card | None], slots: Sequence[str]) -> tuple[Card, ...]:
    """The cards of a legal removal of ``slots``, whose playable cards ``top`` gives (a
    table's ``top``, which raises SlotError for a name that is none of its slots).

    Raises :class:`IllegalRemovalError` naming the slots and the reason otherwise.
    """
    names = [slot_text(s) for s in slots]
    if len(set(names)) != len(names) or len(names) not in (2, 3):
        raise IllegalRemovalError(
            f"{'+'.join(names) or 'nothing'}: a removal takes 2 or 3 different slots"
        )
    cards = []
    for name in names:
        card = top(name)
        if card is None:
            raise IllegalRemovalError(f"{'+'.join(names)}: slot {name} is empty")
        cards.append(card)
    if not is_removal(cards):
        shown = " ".join(str(c) for c in cards)
        raise IllegalRemovalError(
            f"{'+'.join(names)} ({shown}): neither a pair adding to 11 "
            "nor a Jack, a Queen and a King"
        )
    return tuple(cards)


def legal_removals(table: Playable) -> list[Removal]:
    """Every removal the playable cards allow: all pairs adding to 11, all J-Q-K triples."""
    playable = _playable(table)
    numbers = [(s, c) for s, c in playable.items() if not c.is_face]
    result = [
        Removal.of((s1, s2)) for (s1, c1), (s2, c2) in combinations(numbers, 2) if is_pair(c1, c2)
    ]
    by_rank: dict[Rank, list[str]] = {rank: [] for rank in FACE_RANKS}
    for slot, card in playable.items():
        if card.is_face:
            by_rank[card.rank].append(slot)
    jacks, queens, kings = (by_rank[rank] for rank in FACE_RANKS)
    result += [Removal.of((j, q, k)) for j in jacks for q in queens for k in kings]
    return result


def has_legal_removal(table: Playable) -> bool:
    """True when at least one pair or triple can leave the game (no stalemate)."""
    ranks = {card.rank for card in _playable(table).values()}
    if all(rank in ranks for rank in FACE_RANKS):
        return True
    return any(Rank(v) in ranks and Rank(PAIR_TOTAL - v) in ranks for v in range(1, 6))
