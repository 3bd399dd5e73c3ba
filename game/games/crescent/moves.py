"""Crescent's moves (SPEC 5): which card moves are legal, and the tables they make.

A card move takes the top card of a pile to a foundation or onto another pile, or the
top card of a foundation (never its base) to the other foundation of its suit. The
redeal moves each pile's bottom card to its top. Every function here takes a
:class:`CrescentTable` and gives a new one; nothing is changed in place.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.cards import Card, Rank
from ...rules.errors import SlotError
from .errors import IllegalMoveError, InvalidMoveError, Refusal
from .table import (
    ACE_FOUNDATIONS,
    FOUNDATION_SIZE,
    FOUNDATIONS,
    KING_FOUNDATIONS,
    PILE_COUNT,
    PILES,
    SLOTS,
    SUITS,
    CrescentTable,
    foundation_suit,
    is_ace_foundation,
    partner_foundation,
    slot_name,
)

POINTS_PER_CARD = 5
"""Score: 5 points per card on the foundations, the bases not counted (decided here)."""


@dataclass(frozen=True, slots=True)
class CardMove:
    """One card from the top of ``source`` to ``target``: ``CardMove.parse("7>F5")``."""

    source: str
    """The slot the card leaves: a pile, or a foundation for a transfer."""
    target: str
    """The slot it goes to: a foundation, or another pile."""

    @classmethod
    def parse(cls, text: str) -> CardMove:
        """Read ``"7>F5"`` (the form :meth:`__str__` writes; case and spaces are ignored).

        Raises :class:`InvalidMoveError` when the text is not a card move.
        """
        source, arrow, target = str(text).partition(">")
        try:
            if arrow:
                return cls(slot_name(source), slot_name(target))
        except SlotError as error:
            raise InvalidMoveError(f"{text!r} is not a move: {error}") from None
        raise InvalidMoveError(f"{text!r} is not a move: expected SOURCE>TARGET, e.g. 7>F5")

    @property
    def slots(self) -> tuple[str, ...]:
        """The slots a player touches to make it: the source, then the target."""
        return (self.source, self.target)

    def __str__(self) -> str:
        return f"{self.source}>{self.target}"

    def __repr__(self) -> str:
        return f"CardMove.parse({str(self)!r})"


@dataclass(frozen=True)
class Redeal:
    """The special move: every pile's bottom card to its top. Written ``redeal``."""

    slots: tuple[str, ...] = ()
    """No slot is touched: the Redeal button makes it."""

    def __str__(self) -> str:
        return "redeal"

    def __repr__(self) -> str:
        return "REDEAL"


REDEAL = Redeal()
"""The redeal (all redeals are equal)."""

Move = CardMove | Redeal
"""Any move of Crescent."""


def parse_move(text: str) -> Move:
    """``"redeal"`` or a card move such as ``"7>F5"`` (raises :class:`InvalidMoveError`)."""
    if isinstance(text, str) and text.strip().lower() == str(REDEAL):
        return REDEAL
    return CardMove.parse(text)


@dataclass(frozen=True)
class TurnUp:
    """A face-down card turned face up by a move."""

    slot: str
    """The pile whose top card it is now."""
    card: Card
    """The card turned up."""


@dataclass(frozen=True)
class MoveResult:
    """What one move did."""

    move: Move
    """The move made."""
    card: Card | None
    """The card that moved; None for a redeal."""
    turned_up: tuple[TurnUp, ...] = ()
    """The cards the move turned face up: the one it uncovered (a card move), or each
    face-down card a redeal brought up; empty when none was face down."""
    points: int = 0
    """What the move added to the score: 5 for a card played home, else 0."""


# ------------------------------------------------------------------ foundations
def foundation_takes(table: CrescentTable, name: str) -> Rank | None:
    """The rank a foundation takes next (Ace foundations up, King foundations down), or
    None when it holds 13 cards. Foundations never wrap."""
    cards = table.foundation(name)
    if len(cards) >= FOUNDATION_SIZE:
        return None
    step = 1 if is_ace_foundation(name) else -1
    return Rank(int(cards[-1].rank) + step)


def in_sequence(table: CrescentTable, name: str) -> bool:
    """Whether the two foundations of ``name``'s suit hold one unbroken A-K run between them
    (the Ace foundation up to some rank, the King foundation down to the next): the only
    time cards may go from one to the other."""
    ace, king = sorted((name, partner_foundation(name)), key=is_ace_foundation, reverse=True)
    return int(table.foundation(king)[-1].rank) == int(table.foundation(ace)[-1].rank) + 1


def is_next_in_suit(card: Card, under: Card) -> bool:
    """Pile to pile: the same suit, one rank higher or lower, wrapping (K on A, A on K)."""
    return card.suit is under.suit and (int(card.rank) - int(under.rank)) % 13 in (1, 12)


# ------------------------------------------------------------------------ rules
def refusal(table: CrescentTable, source: str, target: str) -> IllegalMoveError | None:
    """Why moving ``source``'s top card to ``target`` is illegal, or None when it is legal."""
    source, target = slot_name(source), slot_name(target)
    card = table.top(source)
    if card is None:
        return IllegalMoveError(Refusal.NO_CARD)
    if source == target:
        return IllegalMoveError(Refusal.SAME_SLOT, card.symbol_name)
    if source in FOUNDATIONS:
        if target in PILES:
            return IllegalMoveError(Refusal.FOUNDATION_TO_PILE, card.symbol_name)
        if len(table.foundation(source)) == 1:
            return IllegalMoveError(Refusal.BASE_CARD, card.symbol_name)
    if target in PILES:
        under = table.top(target)
        if under is None:
            return IllegalMoveError(Refusal.EMPTY_PILE, card.symbol_name)
        if not is_next_in_suit(card, under):
            return IllegalMoveError(Refusal.NOT_NEXT_IN_SUIT, card.symbol_name, under.symbol_name)
        return None
    suit = foundation_suit(target)
    if card.suit is not suit:
        return IllegalMoveError(Refusal.WRONG_SUIT, card.symbol_name, card.suit.symbol)
    if source in FOUNDATIONS and not in_sequence(table, target):
        return IllegalMoveError(Refusal.NOT_IN_SEQUENCE, card.symbol_name)
    wanted = foundation_takes(table, target)
    if wanted is None:
        return IllegalMoveError(Refusal.FOUNDATION_COMPLETE, card.symbol_name)
    if card.rank is not wanted:
        return IllegalMoveError(
            Refusal.FOUNDATION_NEEDS, card.symbol_name, Card(wanted, suit).symbol_name
        )
    return None


def legal_card_moves(table: CrescentTable) -> list[CardMove]:
    """Every legal card move, sources and targets in slot order (piles, then F1 ... F8).

    Worked out from the rules directly rather than by asking :func:`refusal` about every
    pair of slots (the tests check that the two agree).
    """
    tops = [(i, pile[-1]) for i, pile in enumerate(table.piles) if pile]
    moves = []
    for i, card in tops:
        targets = [PILES[j] for j, under in tops if j != i and is_next_in_suit(card, under)]
        suit = SUITS.index(card.suit)
        for name in (FOUNDATIONS[suit], FOUNDATIONS[suit + 4]):
            if foundation_takes(table, name) is card.rank:
                targets.append(name)
        moves += [CardMove(PILES[i], target) for target in targets]
    for king, ace in zip(KING_FOUNDATIONS, ACE_FOUNDATIONS, strict=True):
        if in_sequence(table, king):
            moves += [
                CardMove(source, target)
                for source, target in ((king, ace), (ace, king))
                if len(table.foundation(source)) > 1
            ]
    order = {name: n for n, name in enumerate(SLOTS)}
    return sorted(moves, key=lambda m: (order[m.source], order[m.target]))


def has_card_move(table: CrescentTable) -> bool:
    """Whether some pile's top card can go to a foundation or onto another pile, counting
    transfers: a suit whose two foundations are in sequence accepts any card of the suit
    (SPEC 5, stalemate)."""
    tops = [(pile[-1], i) for i, pile in enumerate(table.piles) if pile]
    for card, i in tops:
        for name in FOUNDATIONS:
            if foundation_suit(name) is card.suit and (
                foundation_takes(table, name) is card.rank or in_sequence(table, name)
            ):
                return True
        if any(j != i and is_next_in_suit(card, under) for under, j in tops):
            return True
    return False


def moved(table: CrescentTable, move: CardMove) -> tuple[CrescentTable, TurnUp | None]:
    """The table after a legal card move, and the card it turned face up, if any.

    When a face-down card becomes a pile's top card it is turned face up at once, as part
    of the move that uncovered it.
    """
    card = table.top(move.source)
    assert card is not None, move
    piles, face_down = list(table.piles), list(table.face_down)
    foundations = list(table.foundations)
    turned = None
    if move.source in PILES:
        i = int(move.source) - 1
        piles[i] = piles[i][:-1]
        if piles[i] and face_down[i] >= len(piles[i]):
            face_down[i] = len(piles[i]) - 1
            turned = TurnUp(move.source, piles[i][-1])
    else:
        f = FOUNDATIONS.index(move.source)
        foundations[f] = foundations[f][:-1]
    if move.target in PILES:
        j = int(move.target) - 1
        piles[j] = (*piles[j], card)
    else:
        f = FOUNDATIONS.index(move.target)
        foundations[f] = (*foundations[f], card)
    home = move.source in FOUNDATIONS or move.target in FOUNDATIONS
    new = CrescentTable(  # what did not change is shared: undo keeps every table of a game
        tuple(piles),
        table.face_down if turned is None else tuple(face_down),
        tuple(foundations) if home else table.foundations,
        table.redeals_left,
    )
    return new, turned


def redealt(table: CrescentTable) -> tuple[CrescentTable, tuple[TurnUp, ...]]:
    """The table after a redeal (the caller checks one is left), and the cards turned up.

    Every pile's bottom card moves to its top, the others keeping their order; piles of 0
    or 1 card do not change. The card brought up is face up; every other keeps its face.
    """
    piles, face_down, turned = list(table.piles), list(table.face_down), []
    for i in range(PILE_COUNT):
        pile = piles[i]
        if len(pile) < 2:
            continue
        piles[i] = (*pile[1:], pile[0])
        if face_down[i]:
            face_down[i] -= 1
            turned.append(TurnUp(PILES[i], pile[0]))
    new = CrescentTable(tuple(piles), tuple(face_down), table.foundations, table.redeals_left - 1)
    return new, tuple(turned)


def score_of(table: CrescentTable) -> int:
    """5 points per card on the foundations, bases not counted: 480 for a won game."""
    return POINTS_PER_CARD * (table.home_count() - len(FOUNDATIONS))
