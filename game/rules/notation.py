"""Reading the games' text forms: slot names, position lines and their cards, shared by
every game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator

from .cards import Card
from .errors import CardError, PositionError, SlotError


def canonical_slot(text: object, names: Collection[str], expected: str) -> str:
    """``text`` (a string or a number) as one of the slot ``names``, ignoring case and
    surrounding spaces. Raises :class:`SlotError` showing what is ``expected`` otherwise."""
    name = str(text).strip().upper() if isinstance(text, (str, int)) else ""
    if name in names:
        return name
    raise SlotError(f"{text!r} is not a slot: expected {expected}")


def position_lines(text: str, example: str) -> Iterator[tuple[str, str, str]]:
    """The ``key: value`` lines of position text as ``(where, key, value)``.

    ``where`` names the line for error messages (``line 3 ('4: 6C ...')``). Blank lines and
    lines starting with ``#`` are skipped; a line without a colon raises
    :class:`PositionError` showing ``example``.
    """
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"line {number} ({line[:40]!r})"
        key, colon, value = line.partition(":")
        if not colon:
            raise PositionError(f"{where}: expected 'SLOT: cards', e.g. '{example}'")
        yield where, key, value


def position_cards(where: str, text: str, seen: Counter[Card], copies: int) -> list[Card]:
    """The cards of one slot's line of position text (``-``: none), each counted in
    ``seen``; PositionError naming the line for a word that is no card, or for a card
    seen more than ``copies`` times (the decks in play)."""
    words = text.split()
    if words == ["-"]:
        words = []
    cards = []
    for word in words:
        try:
            card = Card.parse(word)
        except CardError:
            raise PositionError(f"{where}: {word!r} is not a card") from None
        seen[card] += 1
        if seen[card] > copies:
            many = "twice (one deck)" if copies == 1 else f"more than {copies} times (two decks)"
            raise PositionError(f"{where}: {card} appears {many}")
        cards.append(card)
    return cards
