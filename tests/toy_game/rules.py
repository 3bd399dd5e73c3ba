"""The toy game's rules: one pile and one home (the proof that a game is a rules module, a
board module and one registry entry; see tests/test_toy_game.py).

The deal is the first six cards of the shuffle of its code (``HM1-T-...``), in one pile.
Tapping the pile sends its top card home, unless it has the rank of the card on top of
the home: then the game is stuck. All six home is a win, 10 points a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules import Card, DealtGame, Outcome, PositionError, RulesError, SavedGameError
from game.rules.codes import format_code, read_code, shuffled_cards

LETTER = "T"
CARDS = 6
POINTS = 10


@dataclass(frozen=True)
class ToyTable:
    """The pile (bottom first) and the home (first card home first)."""

    pile: tuple[Card, ...]
    home: tuple[Card, ...] = ()

    def top(self, slot: str) -> Card | None:
        cards = self.pile if slot == "P" else self.home if slot == "H" else ()
        return cards[-1] if cards else None


@dataclass(frozen=True)
class SendHome:
    """The toy's one move: the pile's top card goes home (a tap on the pile)."""

    slots: tuple[str, ...] = ("P",)


class ToyGame(DealtGame[ToyTable, ToyTable]):
    """One game of the toy: a DealtGame whose states are its tables."""

    def __init__(self, table: ToyTable, code: str | None = None) -> None:
        super().__init__(table, code, table)

    @classmethod
    def from_code(cls, code: str) -> ToyGame:
        _letter, number = read_code(code, LETTER)
        return cls(ToyTable(tuple(shuffled_cards(number)[:CARDS])), format_code(number, LETTER))

    @classmethod
    def from_position(cls, text: str) -> ToyGame:
        parts = dict(line.split(":", 1) for line in text.strip().splitlines() if ":" in line)
        try:
            pile = tuple(Card.parse(word) for word in parts["P"].split())
            home = tuple(Card.parse(word) for word in parts.get("H", "").split())
        except (KeyError, ValueError) as error:
            raise PositionError(f"not a toy position: {error}") from None
        return cls(ToyTable(pile, home))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToyGame:
        if data.get("format") != "toy-game" or not isinstance(data.get("moves"), int):
            raise SavedGameError("not a saved toy game")
        if isinstance(data.get("code"), str):
            game = cls.from_code(data["code"])
        else:
            game = cls.from_position(str(data.get("position", "")))
        for _ in range(data["moves"]):
            if not game.send_home():
                raise SavedGameError("a saved move is not legal")
        return game

    @property
    def letter(self) -> str:
        return LETTER

    @property
    def table(self) -> ToyTable:
        return self._states.current

    def top(self, slot: str) -> Card | None:
        return self.table.top(slot)

    @property
    def moves(self) -> int:
        return len(self.table.home) - len(self.start.home)

    @property
    def score(self) -> int:
        return POINTS * self.moves

    def can_go_home(self) -> bool:
        pile, home = self.table.pile, self.table.home
        return bool(pile) and not (home and home[-1].rank == pile[-1].rank)

    @property
    def outcome(self) -> Outcome | None:
        if not self.table.pile:
            return Outcome.WON
        return None if self.can_go_home() else Outcome.STALEMATE

    def send_home(self) -> bool:
        """The pile's top card goes home; False when it cannot."""
        if not self.can_go_home():
            return False
        pile, home = self.table.pile, self.table.home
        self._push(ToyTable(pile[:-1], (*home, pile[-1])))
        return True

    def legal_moves(self) -> list[SendHome]:
        return [SendHome()] if self.can_go_home() else []

    def play(self, move: SendHome) -> bool:
        """Make :meth:`legal_moves`' move (RulesError when the card cannot go home)."""
        if move != SendHome() or not self.send_home():
            raise RulesError(f"not a legal move of the toy now: {move}")
        return True

    def position(self) -> str:
        table = self.table
        return f"P: {' '.join(map(str, table.pile))}\nH: {' '.join(map(str, table.home))}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": "toy-game", "moves": self.moves}
        if self.code is not None:
            data["code"] = self.code
        else:
            data["position"] = ToyGame(self.start).position()
        return data

    def restarted(self) -> ToyGame:
        return ToyGame(self.start, self.code)
