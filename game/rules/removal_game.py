"""A removal game: cards leave the table in pairs adding to 11 or Jack-Queen-King triples,
chosen by SPEC section 2's taps, over any table of playable cards named by slot.

:class:`RemovalGame` is what Half Moon and Elevens share: the selection and its taps
(:meth:`RemovalGame.tap`, with :class:`TapResult` and :class:`MoveError`), the Placement
aid's dimmed cards, removals made directly, score and moves, the outcome, undo and redo
of up to :data:`UNDO_LIMIT` moves and saved games. A kind gives its table type
(:class:`RemovalTable`: what is playable, and what a removal leaves) and its deal.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .cards import FACE_RANKS, Card
from .errors import DealCodeError, PositionError, RulesError, SavedGameError
from .history import Line
from .outcome import Outcome
from .played import DealtGame
from .removals import (
    PAIR_POINTS,
    PAIR_TOTAL,
    TRIPLE_POINTS,
    Removal,
    check_removal,
    has_legal_removal,
    legal_removals,
    points_for,
)
from .saves import check_header

UNDO_LIMIT = 100
"""How many moves undo can take back."""
SAVE_VERSION = 1
"""The schema version of :meth:`RemovalGame.to_dict`."""


class MoveError(enum.Enum):
    """Why a tap cleared the selection without a removal (the Move errors setting)."""

    SUM_MUST_BE_11 = "The sum must be 11"
    """Two number cards that do not add up to 11, or a number card selected first."""
    NEEDS_JACK_QUEEN_KING = "Needs a Jack, a Queen and a King"
    """A face card selected first, then a number card."""


@dataclass(frozen=True)
class TapResult:
    """What one tap did."""

    removed: tuple[str, ...] = ()
    """The slots whose cards left the game, in tap order; empty when nothing was removed."""
    points: int = 0
    """Points scored by this tap: 10 for a pair, 15 for a triple, else 0."""
    error: MoveError | None = None
    """Why the selection was cleared without a removal, or None."""


T = TypeVar("T", bound="RemovalTable")


class RemovalTable(Protocol):
    """What a removal game needs of its table: an immutable value with a text form."""

    def slot_name(self, slot: object) -> str:
        """The canonical name of one of its slots, however it was written (case,
        surrounding spaces, a number); SlotError when it names none."""

    def top(self, slot: str | int) -> Card | None:
        """A slot's top card (None: empty, or nothing to show); SlotError for a name that
        is none of its slots."""

    def count(self, slot: str | int) -> int:
        """How many cards a slot holds."""

    def playable(self) -> dict[str, Card]:
        """Every playable card by slot."""

    def card_count(self) -> int:
        """How many cards are still in play (0: the game is won)."""

    def without(self: T, slots: Iterable[str]) -> T:
        """The table after the playable cards of ``slots`` leave the game."""

    def text(self) -> str:
        """The position text, read back by the table type's ``parse``."""


@dataclass(frozen=True)
class RemovalState(Generic[T]):
    """Where a game stands: what undo and redo move between."""

    table: T
    pairs: int = 0
    triples: int = 0
    history: Line[tuple[Removal, tuple[Card, ...]]] = field(default_factory=Line)
    """The removals that led here, with the cards each took, oldest first (shared with
    the states before)."""


class RemovalGame(DealtGame[T, RemovalState[T]]):
    """A game of a removal kind, from a deal code or a position (a kind's subclass sets
    the class attributes and makes its tables)."""

    LETTER: ClassVar[str]
    """The letter of the kind's deal codes."""
    NAME: ClassVar[str]
    """The kind's name in error messages (``Half Moon``)."""
    SAVE_FORMAT: ClassVar[str]
    """The ``format`` field of its saved games."""

    def __init__(self, table: T, code: str | None = None) -> None:
        super().__init__(table, code, RemovalState(table), limit=UNDO_LIMIT)
        self._outcome_of: T | None = None
        self._outcome: Outcome | None = None
        self._dimmed_for: tuple[T, tuple[str, ...]] | None = None
        self._dimmed: frozenset[str] = frozenset()
        self._selection: list[str] = []

    @property
    def _table(self) -> T:
        return self._states.current.table

    # ----------------------------------------------------------------- creation
    @classmethod
    def from_code(cls, code: str) -> RemovalGame[T]:
        """The deal of ``code`` (DealCodeError when it is not one of the kind's)."""
        raise NotImplementedError

    @classmethod
    def from_position(cls, text: str) -> RemovalGame[T]:
        """A game starting from position text (PositionError)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ reading
    @property
    def letter(self) -> str:
        """The code letter of the game's kind."""
        return self.LETTER

    @property
    def table(self) -> T:
        """The current table (an immutable value)."""
        return self._table

    def position(self) -> str:
        """The position text of the current table."""
        return self._table.text()

    def top(self, slot: str | int) -> Card | None:
        """The top card of a slot, or None when it is empty or shows no card."""
        return self._table.top(slot)

    def count(self, slot: str | int) -> int:
        """How many cards a slot holds."""
        return self._table.count(slot)

    def playable(self) -> dict[str, Card]:
        """Playable cards by slot."""
        return self._table.playable()

    @property
    def selection(self) -> tuple[str, ...]:
        """The selected slots, in tap order."""
        return tuple(self._selection)

    @property
    def pairs(self) -> int:
        """Pairs removed so far."""
        return self._states.current.pairs

    @property
    def triples(self) -> int:
        """Triples removed so far."""
        return self._states.current.triples

    @property
    def score(self) -> int:
        """10 per pair and 15 per triple; never below zero, never affected by the clock."""
        return PAIR_POINTS * self.pairs + TRIPLE_POINTS * self.triples

    @property
    def moves(self) -> int:
        """Removals made: one removal is one move."""
        return self.pairs + self.triples

    @property
    def removals(self) -> tuple[Removal, ...]:
        """The removals made so far, oldest first (undone ones are gone)."""
        return tuple(removal for removal, _ in self._states.current.history)

    def removed_cards(self) -> list[Card]:
        """Every card that has left the game, in the order they left."""
        return [card for _, cards in self._states.current.history for card in cards]

    @property
    def outcome(self) -> Outcome | None:
        """WON when no card is left, STALEMATE when no removal is left, else None."""
        table = self._table
        if self._outcome_of is not table:  # tables never change: one answer per table
            self._outcome_of = table
            if table.card_count() == 0:
                self._outcome = Outcome.WON
            elif not has_legal_removal(table):
                self._outcome = Outcome.STALEMATE
            else:
                self._outcome = None
        return self._outcome

    def legal_removals(self) -> list[Removal]:
        """Every pair and triple the playable cards allow now."""
        return legal_removals(self._table)

    def legal_moves(self) -> list[Removal]:
        """Every move now: the removals, each naming the slots a player taps."""
        return self.legal_removals()

    # ------------------------------------------------------------------- taps
    def tap(self, slot: str | int) -> TapResult:
        """Tap a slot, exactly as SPEC section 2 says; returns what the tap did."""
        name = self._table.slot_name(slot)
        card = self._table.playable().get(name)
        if card is None:
            if self._table.count(name) == 0:
                # Rule 8: tapping an empty pile or slot clears the selection.
                self._selection.clear()
            # (A slot whose cards are not in play, such as a stock, changes nothing.)
            return TapResult()
        if name in self._selection:
            # Rule 2: tapping a selected card again deselects only that card.
            self._selection.remove(name)
            return TapResult()
        if not self._selection:
            # Rule 1: the tapped card becomes selected.
            self._selection.append(name)
            return TapResult()
        first = self._card(self._selection[0])
        if not first.is_face and not card.is_face:
            # Rule 3: two number cards are removed when they add up to 11.
            if first.value + card.value == PAIR_TOTAL:
                return self._remove_selection_with(name)
            return self._clear_with(MoveError.SUM_MUST_BE_11)
        if first.is_face != card.is_face:
            # Rule 4: a number card and a face card; the message follows the first card.
            if first.is_face:
                return self._clear_with(MoveError.NEEDS_JACK_QUEEN_KING)
            return self._clear_with(MoveError.SUM_MUST_BE_11)
        same_rank = [s for s in self._selection if self._card(s).rank == card.rank]
        if same_rank:
            # Rules 5 and 7: a face of a rank already selected replaces that card.
            self._selection[self._selection.index(same_rank[0])] = name
            return TapResult()
        if len(self._selection) == 1:
            # Rule 6: two faces of different ranks are both selected ...
            self._selection.append(name)
            return TapResult()
        # ... and the third rank removes all three, on the third tap.
        return self._remove_selection_with(name)

    def clear_selection(self) -> None:
        """Rule 8: tapping the table (no card) clears the selection."""
        self._selection.clear()

    def dimmed(self) -> frozenset[str]:
        """The playable slots the Placement aid darkens for the current selection.

        With no selection nothing is dimmed. Otherwise a playable card is dimmed unless
        it is selected or some legal removal holds it together with every selected card.
        """
        if not self._selection:
            return frozenset()
        selection = tuple(self._selection)
        known = self._dimmed_for
        if known is None or known[0] is not self._table or known[1] != selection:
            self._dimmed_for = (self._table, selection)
            self._dimmed = self._find_dimmed()
        return self._dimmed

    def _find_dimmed(self) -> frozenset[str]:
        """:meth:`dimmed`, worked out from the selected ranks rather than every removal."""
        playable = self._table.playable()
        chosen = set(self._selection)
        cards = [playable[s] for s in chosen if s in playable]
        allowed: set[str] = set()
        numbers = [c for c in cards if not c.is_face]
        faces = {c.rank for c in cards if c.is_face}
        if len(cards) != len(chosen):
            pass  # a selected card that is not playable: nothing combines with it
        elif len(numbers) == 1 and len(cards) == 1:
            # One number: its partners are the playable numbers that add up to 11.
            value = numbers[0].value
            allowed = {
                s
                for s, c in playable.items()
                if not c.is_face and c.value + value == PAIR_TOTAL and s not in chosen
            }
        elif not numbers and len(faces) == len(cards):
            # Faces of different ranks: the missing ranks, if every one of them is there.
            by_rank = {
                rank: [s for s, c in playable.items() if c.rank is rank and s not in chosen]
                for rank in FACE_RANKS
                if rank not in faces
            }
            if all(by_rank.values()):
                allowed = {s for slots in by_rank.values() for s in slots}
        else:
            for removal in legal_removals(playable):
                if chosen.issubset(removal.slots):
                    allowed.update(removal.slots)
        return frozenset(s for s in playable if s not in allowed | chosen)

    # ------------------------------------------------------------ moves, undo
    def remove(self, removal: Removal | Iterable[str] | str) -> int:
        """Make a removal directly (as the solver and saved games do); returns its points.

        Raises :class:`IllegalRemovalError` when it is not legal now. Clears the selection.
        """
        if isinstance(removal, str):
            removal = Removal.parse(removal)
        slots = removal.slots if isinstance(removal, Removal) else tuple(removal)
        names = tuple(self._table.slot_name(slot) for slot in slots)
        cards = check_removal(self._playable_top, names)
        self._selection.clear()
        return self._apply(names, cards)

    def play(self, move: Removal | Iterable[str] | str) -> int:
        """Make one of :meth:`legal_moves` (as :meth:`remove`); returns its points."""
        return self.remove(move)

    def _playable_top(self, slot: str) -> Card | None:
        """A slot's card if it is in play (SlotError for a name that is no slot)."""
        return self._table.playable().get(self._table.slot_name(slot))

    def _forget_selection(self) -> None:
        """Undo (up to 100 moves back) and redo clear the selection (SPEC 2, rule 8;
        redo: SPEC 4, decided here)."""
        self._selection.clear()

    def restarted(self) -> RemovalGame[T]:
        """The same deal again, from its start."""
        return type(self)(self._start, self._code)

    def _card(self, slot: str) -> Card:
        card = self._table.top(slot)
        assert card is not None, slot
        return card

    def _clear_with(self, error: MoveError) -> TapResult:
        self._selection.clear()
        return TapResult(error=error)

    def _remove_selection_with(self, slot: str) -> TapResult:
        slots = (*self._selection, slot)
        cards = check_removal(self._playable_top, slots)
        self._selection.clear()
        return TapResult(removed=slots, points=self._apply(slots, cards))

    def _apply(self, slots: tuple[str, ...], cards: tuple[Card, ...]) -> int:
        now = self._states.current
        pair = len(cards) == 2
        self._push(
            RemovalState(
                now.table.without(slots),
                now.pairs + (1 if pair else 0),
                now.triples + (0 if pair else 1),
                now.history.then((Removal.of(slots), cards)),
            )
        )
        return points_for(cards)

    # ----------------------------------------------------------- saved games
    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data: the deal (code or start position) and its removals."""
        data: dict[str, Any] = {"format": self.SAVE_FORMAT, "version": SAVE_VERSION}
        if self._code is not None:
            data["code"] = self._code
        else:
            data["position"] = self._start.text()
        data["removals"] = [list(removal.slots) for removal in self.removals]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RemovalGame[T]:
        """Restore :meth:`to_dict` data by replaying its removals.

        Raises :class:`SavedGameError` naming what is wrong: not a saved game, a newer
        version, a bad code or position, or a removal that is not legal at its turn.
        """
        data = check_header(data, cls.SAVE_FORMAT, SAVE_VERSION, cls.NAME)
        try:
            if "code" in data:
                code = data["code"]
                if not isinstance(code, str):
                    raise DealCodeError(f"{code!r} is not a deal code")
                game = cls.from_code(code)
            elif isinstance(data.get("position"), str):
                game = cls.from_position(data["position"])
            else:
                raise SavedGameError("saved game has neither a deal code nor a position")
        except (DealCodeError, PositionError) as error:
            raise SavedGameError(f"saved game's deal is not valid: {error}") from None
        removals = data.get("removals", [])
        if not isinstance(removals, list):
            raise SavedGameError("saved game's removals are not a list")
        for number, slots in enumerate(removals, start=1):
            if not isinstance(slots, list) or not all(isinstance(s, str) for s in slots):
                raise SavedGameError(f"move {number}: {slots!r} is not a list of slot names")
            try:
                game.remove(slots)
            except RulesError as error:
                raise SavedGameError(f"move {number} is not legal: {error}") from None
        return game

    def __repr__(self) -> str:
        where = self._code if self._code is not None else "position"
        return f"<{type(self).__name__} {where} moves={self.moves} score={self.score}>"
