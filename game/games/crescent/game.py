"""A game of Crescent, Crescent Four or Open Crescent (SPEC 5): moves, taps, score, undo.

>>> game = Crescent.from_code("HM1-C-AAAAAAA")
>>> game.variant.name, str(game.top("1")), game.face_down(1), game.redeals_left
('Crescent', 'JC', 5, 3)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...rules.cards import Card
from ...rules.codes import format_code, random_code, read_code
from ...rules.errors import DealCodeError, PositionError, RulesError, SavedGameError
from ...rules.history import Line
from ...rules.outcome import Outcome
from ...rules.played import DealtGame
from ...rules.saves import check_header
from .errors import IllegalMoveError, Refusal
from .finish import finish_moves
from .moves import (
    REDEAL,
    CardMove,
    Move,
    MoveResult,
    TurnUp,
    has_card_move,
    legal_card_moves,
    moved,
    parse_move,
    redealt,
    refusal,
    score_of,
)
from .position import parse_position, position_text
from .table import FOUNDATIONS, SLOTS, CrescentTable, slot_name
from .variants import (
    CRESCENT,
    CRESCENT_FOUR,
    OPEN_CRESCENT,
    VARIANT_LETTERS,
    CrescentVariant,
    variant_of,
)

SAVE_FORMAT = "crescent-game"
"""The ``format`` field of a saved Crescent game (Half Moon's is ``halfmoon-game``)."""
SAVE_VERSION = 1
"""The schema version of :meth:`Crescent.to_dict`."""


@dataclass(frozen=True)
class CrescentTapResult:
    """What one tap did."""

    moved: MoveResult | None = None
    """The move the tap made, or None."""
    selected: str | None = None
    """The slot whose card is selected after the tap, or None."""
    refusal: Refusal | None = None
    """Why the tap did not select or move a card (the Move errors setting), or None."""
    message: str = ""
    """The refusal in words, e.g. ``4♠ does not go on 9♥: same suit, one rank up or down``."""
    card: str = ""
    """The refused card as players read it (``4♠``), for a translated message."""
    other: str = ""
    """What it would have gone on, or the card a foundation needs (``9♥``), or ``""``."""


@dataclass(frozen=True, slots=True)
class _State:
    """Where a game stands: what undo and redo move between."""

    table: CrescentTable
    line: Line[Move] = field(default_factory=Line)
    """The moves that led here, oldest first (shared with the states before)."""


class Crescent(DealtGame[CrescentTable, _State]):
    """One game of a Crescent variant, from a deal code or a position."""

    def __init__(
        self, table: CrescentTable, variant: CrescentVariant, code: str | None = None
    ) -> None:
        super().__init__(table, code, _State(table))
        self._variant = variant
        self._selection: str | None = None
        self._outcome_of: CrescentTable | None = None
        self._outcome: Outcome | None = None
        self._finish_of: CrescentTable | None = None
        self._finish: tuple[CardMove, ...] | None = None

    # ----------------------------------------------------------------- creation
    @classmethod
    def from_code(cls, code: str) -> Crescent:
        """The deal of ``HM1-C-...`` (Crescent), ``HM1-F-...`` (Crescent Four) or
        ``HM1-O-...`` (Open Crescent); raises :class:`DealCodeError` showing those forms."""
        letter, number = read_code(code, VARIANT_LETTERS)
        variant = variant_of(letter)
        table = CrescentTable.deal(number, variant.redeals, variant.face_up)
        return cls(table, variant, format_code(number, letter))

    @classmethod
    def random(cls, variant: CrescentVariant, rng: random.Random | None = None) -> Crescent:
        """A deal of ``variant`` chosen at random."""
        return cls.from_code(random_code(rng, variant.letter))

    @classmethod
    def from_position(cls, text: str) -> Crescent:
        """A game starting from position text (raises :class:`PositionError`)."""
        variant, table = parse_position(text)
        return cls(table, variant)

    # ------------------------------------------------------------------ reading
    @property
    def _table(self) -> CrescentTable:
        return self._states.current.table

    @property
    def letter(self) -> str:
        """The variant's code letter: ``C``, ``F`` or ``O``."""
        return self._variant.letter

    @property
    def variant(self) -> CrescentVariant:
        """Crescent, Crescent Four or Open Crescent."""
        return self._variant

    @property
    def table(self) -> CrescentTable:
        """The current table (an immutable value)."""
        return self._table

    def position(self) -> str:
        """The position text of the current table (see :mod:`game.games.crescent.position`)."""
        return position_text(self._table, self._variant)

    def pile(self, number: int | str) -> tuple[Card, ...]:
        """Pile 1 ... 16, bottom card first."""
        return self._table.pile(number)

    def face_down(self, number: int | str) -> int:
        """How many of pile ``number``'s bottom cards are face down."""
        return self._table.face_down_count(number)

    def foundation(self, name: str) -> tuple[Card, ...]:
        """Foundation F1 ... F8, base card first."""
        return self._table.foundation(name)

    def top(self, slot: str | int) -> Card | None:
        """The top card of a pile or a foundation; None for an empty pile."""
        return self._table.top(slot)

    @property
    def redeals_left(self) -> int:
        """How many redeals may still be taken."""
        return self._table.redeals_left

    @property
    def score(self) -> int:
        """5 points per card on the foundations, bases not counted (480 on a win)."""
        return score_of(self._table)

    @property
    def moves(self) -> int:
        """Moves made: every card move, transfer and redeal counts one."""
        return len(self._states.current.line)

    @property
    def line(self) -> tuple[Move, ...]:
        """The moves made so far, oldest first (undone ones are gone)."""
        return tuple(self._states.current.line)

    @property
    def outcome(self) -> Outcome | None:
        """WON when all 104 cards are home; STALEMATE when no pile's top card can go to a
        foundation or onto another pile (after transfers) and no redeal is left."""
        table = self._table
        if self._outcome_of is not table:  # tables never change: one answer per table
            self._outcome_of = table
            if table.is_won():
                self._outcome = Outcome.WON
            elif table.redeals_left == 0 and self.stuck():
                self._outcome = Outcome.STALEMATE
            else:
                self._outcome = None
        return self._outcome

    def stuck(self) -> bool:
        """Whether no pile's top card can go to a foundation or onto another pile, a suit
        in sequence accepting any card of its suit (SPEC 5). Transfers between foundations
        alone do not count: they free no pile. Stuck with no redeal left is the stalemate
        (:attr:`outcome`); with one left, the app says "No moves — redeal". The one
        decision for both."""
        return not has_card_move(self._table)

    def finish_moves(self) -> tuple[CardMove, ...] | None:
        """The moves that finish the game by playing home alone, when every card is face
        up and they win it (:mod:`game.games.crescent.finish`), else None."""
        table = self._table
        if self._finish_of is not table:  # one answer per table, as for the outcome
            self._finish_of, self._finish = table, finish_moves(table)
        return self._finish

    def legal_moves(self) -> list[CardMove]:
        """Every legal card move now, transfers between foundations included (the redeal
        is not a card move: see :attr:`redeals_left`)."""
        return legal_card_moves(self._table)

    def can_move(self, source: str | int, target: str | int) -> bool:
        """Whether the top card of ``source`` may go to ``target`` now."""
        return refusal(self._table, slot_name(source), slot_name(target)) is None

    def destinations(self, slot: str | int) -> tuple[str, ...]:
        """The slots the top card of ``slot`` may go to now, in slot order."""
        source = slot_name(slot)
        return tuple(t for t in SLOTS if refusal(self._table, source, t) is None)

    # ------------------------------------------------------------------- moves
    def move(self, source: str | int, target: str | int) -> MoveResult:
        """Move the top card of ``source`` to ``target``; clears the selection.

        Raises :class:`IllegalMoveError` saying why when the move is not legal.
        """
        move = CardMove(slot_name(source), slot_name(target))
        before = self._table
        turned = self._advance(move)
        points = score_of(self._table) - score_of(before)
        return MoveResult(
            move, before.top(move.source), () if turned is None else (turned,), points
        )

    def _advance(self, move: CardMove) -> TurnUp | None:
        """Make ``move`` (its slots named as :func:`slot_name` names them), or raise
        :class:`IllegalMoveError` saying why it is not legal; the card it turned up."""
        error = refusal(self._table, move.source, move.target)
        if error is not None:
            raise error
        self._selection = None
        table, turned = moved(self._table, move)
        self._push_move(table, move)
        return turned

    def redeal(self) -> MoveResult:
        """Take a redeal: every pile's bottom card to its top. Clears the selection.

        Raises :class:`IllegalMoveError` when no redeal is left.
        """
        if self._table.redeals_left == 0:
            raise IllegalMoveError(Refusal.NO_REDEAL_LEFT)
        self._selection = None
        table, turned = redealt(self._table)
        self._push_move(table, REDEAL)
        return MoveResult(REDEAL, None, turned)

    def play(self, move: Move | str) -> MoveResult:
        """Make a move given as a value or as text (``"7>F5"``, ``"redeal"``)."""
        if isinstance(move, str):
            move = parse_move(move)
        if isinstance(move, CardMove):
            return self.move(move.source, move.target)
        return self.redeal()

    def _push_move(self, table: CrescentTable, move: Move) -> None:
        now = self._states.current
        self._push(_State(table, now.line.then(move)))

    def _forget_selection(self) -> None:
        """Undo (back to the start of the game: an undone turn-up turns the card face
        down again) and redo clear the selection."""
        self._selection = None

    def restarted(self) -> Crescent:
        """The same deal again, from its start."""
        return Crescent(self._start, self._variant, self._code)

    # -------------------------------------------------------------------- taps
    @property
    def selection(self) -> str | None:
        """The slot whose top card is selected, or None."""
        return self._selection

    def targets(self) -> tuple[str, ...]:
        """The legal targets of the selected card (for highlighting); empty without one."""
        return () if self._selection is None else self.destinations(self._selection)

    def tap(self, slot: str | int) -> CrescentTapResult:
        """A tap on a slot: the table's tap model.

        A tap on a movable card selects it; with a card selected, a tap on a legal target
        moves it there, a tap on another movable card selects that one instead, and a tap
        on the selected card or on an illegal target clears the selection (the result
        says why, for the Move errors setting).
        """
        name = slot_name(slot)
        selected = self._selection
        if selected is None or selected == name:
            self._selection = None
            if selected == name:
                return CrescentTapResult()
            return self._select(name)
        error = refusal(self._table, selected, name)
        if error is None:
            return CrescentTapResult(moved=self.move(selected, name))
        if self.top(name) is not None and self.destinations(name):
            self._selection = name
            return CrescentTapResult(selected=name)
        self._selection = None
        return CrescentTapResult(
            refusal=error.reason, message=str(error), card=error.card, other=error.other
        )

    def _select(self, name: str) -> CrescentTapResult:
        card = self.top(name)
        if card is None:
            return CrescentTapResult()
        if self.destinations(name):
            self._selection = name
            return CrescentTapResult(selected=name)
        if name in FOUNDATIONS and len(self.foundation(name)) == 1:
            reason = Refusal.BASE_CARD
        else:
            reason = Refusal.CANNOT_MOVE
        name_of = card.symbol_name
        return CrescentTapResult(refusal=reason, message=reason.message(name_of), card=name_of)

    def clear_selection(self) -> None:
        """A tap on the table (no slot) clears the selection."""
        self._selection = None

    # ----------------------------------------------------------- saved games
    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data: the deal (code or start position) and its moves."""
        data: dict[str, Any] = {"format": SAVE_FORMAT, "version": SAVE_VERSION}
        if self._code is not None:
            data["code"] = self._code
        else:
            data["position"] = position_text(self._start, self._variant)
        data["moves"] = [str(move) for move in self.line]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Crescent:
        """Restore :meth:`to_dict` data by replaying its moves.

        Raises :class:`SavedGameError` naming what is wrong: not a saved Crescent game, a
        newer version, a bad code or position, or a move that is not legal at its turn.
        """
        data = check_header(data, SAVE_FORMAT, SAVE_VERSION, "Crescent")
        try:
            if isinstance(data.get("code"), str):
                game = cls.from_code(data["code"])
            elif isinstance(data.get("position"), str):
                game = cls.from_position(data["position"])
            else:
                raise SavedGameError("saved game has neither a deal code nor a position")
        except (DealCodeError, PositionError) as error:
            raise SavedGameError(f"saved game's deal is not valid: {error}") from None
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise SavedGameError("saved game's moves are not a list")
        read: dict[str, Move] = {}  # each move's text is read once: a game repeats its moves
        for number, text in enumerate(moves, start=1):
            if not isinstance(text, str):
                raise SavedGameError(f"move {number}: {text!r} is not a move")
            try:
                move = read.get(text)
                if move is None:
                    move = read[text] = parse_move(text)
                if isinstance(move, CardMove):
                    game._advance(move)
                else:
                    game.redeal()
            except RulesError as error:
                raise SavedGameError(f"move {number} ({text!r}) is not legal: {error}") from None
        return game

    def __repr__(self) -> str:
        where = self._code if self._code is not None else self._variant.name
        return f"<Crescent {where} moves={self.moves} score={self.score}>"


@dataclass(frozen=True)
class CrescentRules:
    """How the games of one variant are made (the registry's rules of a Crescent kind):
    a code, a saved game or a position of another variant is refused."""

    variant: CrescentVariant

    def from_code(self, code: str) -> Crescent:
        """The deal of ``code``, a code of this variant (else DealCodeError)."""
        read_code(code, self.variant.letter)
        return Crescent.from_code(code)

    def from_dict(self, data: Mapping[str, Any]) -> Crescent:
        """A saved game of this variant (SavedGameError otherwise)."""
        game = Crescent.from_dict(data)
        if game.variant is not self.variant:
            raise SavedGameError(f"a saved {game.variant.name}, not {self.variant.name}")
        return game

    def from_position(self, text: str) -> Crescent:
        """A game of this variant from position text (PositionError otherwise)."""
        game = Crescent.from_position(text)
        if game.variant is not self.variant:
            raise PositionError(f"a position of {game.variant.name}, not {self.variant.name}")
        return game


CRESCENT_RULES = CrescentRules(CRESCENT)
CRESCENT_FOUR_RULES = CrescentRules(CRESCENT_FOUR)
OPEN_CRESCENT_RULES = CrescentRules(OPEN_CRESCENT)
