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


def _lines(text: str) -> Iterator[tuple[str, str]]:
    """Each line of ``text`` that says something, stripped, with its name for error
    messages (``line 3 ('4: 6C ...')``): blank lines and ``#`` lines are skipped."""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield f"line {number} ({line[:40]!r})", line


def position_lines(text: str, example: str) -> Iterator[tuple[str, str, str]]:
    """The ``key: value`` lines of position text as ``(where, key, value)``.

    ``where`` names the line for error messages (``line 3 ('4: 6C ...')``). Blank lines and
    lines starting with ``#`` are skipped; a line without a colon raises
    :class:`PositionError` showing ``example``.
    """
    for where, line in _lines(text):
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


def numbered_moves(
    text: str,
) -> tuple[str, tuple[tuple[str, ...], ...], tuple[tuple[Card, ...], ...]]:
    """A line of play written as the solver prints it (``python -m game.rules.solver``):
    a ``code: HM1-N-...`` line, then one move a line, ``12. 4+8+R2  (QH KC JC)``: its
    number, the slots it touches joined by ``+`` and the cards they show then. Returns the
    code, each move's slots and each move's cards; blank lines and ``#`` lines are skipped.
    PositionError names the line of anything else, a move out of turn or no code."""
    code = ""
    moves: list[tuple[str, ...]] = []
    cards: list[tuple[Card, ...]] = []
    for where, line in _lines(text):
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() == "code" and not moves:
            code = value.strip().upper()
            continue
        count, dot, rest = line.partition(".")
        slots, _space, shown = rest.strip().partition(" ")
        names = tuple(slot.strip().upper() for slot in slots.split("+"))
        if not (dot and count.strip() == str(len(moves) + 1) and all(names)):
            raise PositionError(
                f"{where}: expected move {len(moves) + 1}, e.g. '1. 11+12  (3D 8D)'"
            )
        words = shown.strip().strip("()").split()
        try:
            seen = tuple(Card.parse(word) for word in words)
        except CardError:
            raise PositionError(f"{where}: {shown.strip()!r} are not cards") from None
        if len(seen) != len(names):
            raise PositionError(f"{where}: {len(names)} slots but {len(seen)} cards")
        moves.append(names)
        cards.append(seen)
    if not code:
        raise PositionError("no 'code: HM1-...' line before the moves")
    return code, tuple(moves), tuple(cards)
