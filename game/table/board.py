"""What every board offers the play scene, and what a move makes the table show."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from ..look.i18n import _
from ..rules import Card, Outcome
from .frame import SlotLook

if TYPE_CHECKING:
    from ..rules.played import PlayedGame
    from .layout import Layout


class Settings(Protocol):
    """What a board reads of the player's settings (game.records.settings.Settings)."""

    @property
    def placement_aid(self) -> bool:
        """Dim the cards that cannot go with the selection."""

    @property
    def four_colour(self) -> bool:
        """Draw the four-colour deck."""

    @property
    def one_tap_moves(self) -> bool:
        """Move a card with one destination on a single tap."""

    @property
    def auto_home(self) -> bool:
        """Play cards home automatically."""

    @property
    def animated(self) -> bool:
        """Cards move (the animations are not off)."""

    @property
    def pace(self) -> float:
        """How long animations take, as a share of their normal time."""


@dataclass
class Motion:
    """A card on its way: it flies away, or slides from one place to another (turning
    face up on the way when ``flip``); the slot it lands on hides it until it arrives."""

    card: Card | None
    """The card; None for a card whose back shows all the way."""
    start: pygame.Rect
    end: pygame.Rect | None
    """Where it lands; None for a card that leaves the game (it rises and fades)."""
    duration: float
    hide: tuple[str, int] | None = None
    """(slot, how many of its top cards) the table leaves out while the card moves."""
    flip: bool = False
    """It starts face down and shows its face when it arrives."""
    delay: float = 0.0
    """Seconds before it starts (a redeal's cards go one after another)."""
    waiting: tuple[str, SlotLook] | None = None
    """(slot, look) the table shows until the card starts: a redeal's piles stay as they
    were until their card goes, so their pictures change one after another, not all in
    the frame of the button (a 4K frame rendered sixteen piles at once: 13-25 ms)."""
    shake: int = 0
    """Pixels a card shaken where it lies swings to each side (a refusal); 0 for a card
    that moves. A shake that waits (see :attr:`delay`) leaves the card on its slot."""
    age: float = 0.0

    @property
    def waits(self) -> bool:
        """Whether it has not started yet (see :attr:`delay`)."""
        return self.age < self.delay

    @property
    def done(self) -> bool:
        """Whether it has arrived (or left)."""
        return self.age >= self.delay + self.duration


@dataclass
class Effect:
    """What one action did, for the table to show and the scene to record."""

    moved: bool = False
    """A move was made (the game is saved, the statistics may count it)."""
    sound: str | None = None
    """The sound to play: ``select``, ``pair``, ``triple``, ``move``, ``home``,
    ``redeal``, ``error``."""
    refusal: str = ""
    """Why nothing happened, in the player's language (shown with Move errors on)."""
    motions: list[Motion] = field(default_factory=list)


class Board(ABC):
    """A game's table for the play scene (see :func:`game.scenes.boards.board_for`)."""

    drags = False
    """Whether a card can be carried with the mouse or a finger."""
    double_taps = False
    """Whether a double tap sends a card home (see :meth:`home`)."""
    taps_at_once = False
    """Whether a press that may start a drag is its tap at once all the same (Half Moon:
    a tap shows on the very next frame); else the tap waits for the release."""

    def __init__(self, game: PlayedGame) -> None:
        self.game = game

    # ------------------------------------------------------------- looks
    @abstractmethod
    def looks(
        self, layout: Layout, settings: Settings, hidden: dict[str, int]
    ) -> dict[str, SlotLook]:
        """Every slot's look now (``hidden``: top cards in flight, left out)."""

    def labels(self) -> dict[str, str]:
        """Each slot's label for the Pile labels setting."""
        return {}

    def top_rect(self, layout: Layout, slot: str) -> pygame.Rect:
        """Where the slot's top card is drawn at rest."""
        return layout.slots[slot].copy()

    def future_looks(self, layout: Layout, settings: Settings) -> list[tuple[str, SlotLook]]:
        """Looks the next taps may need, to prepare while the table is idle."""
        return []

    # ------------------------------------------------------------- the bar
    def info(self) -> list[str]:
        """The info bar's parts after the time: score, moves, ..., the deal code."""
        game = self.game
        parts = [
            _("Score {score}").format(score=game.score),
            _("Moves {moves}").format(moves=game.moves),
            *self.extra_info(),
            game.code or "",
        ]
        return [part for part in parts if part]

    def extra_info(self) -> list[str]:
        """Parts of the info bar that only this game has."""
        return []

    def enabled(self, button: str) -> bool:
        """Whether a bar button can do something now."""
        if button == "undo":
            return self.game.can_undo()
        if button == "redo":
            return self.game.can_redo()
        return True

    def label(self, button: str) -> str:
        """A bar button's text."""
        return {
            "undo": _("Undo"),
            "redo": _("Redo"),
            "new": _("New game"),
            "menu": _("Menu"),
            "finish": _("Finish"),
        }[button]

    def suggested(self) -> str | None:
        """A button to highlight (Redeal when nothing else can be done), or None."""
        return None

    @abstractmethod
    def cards_left(self) -> int:
        """Cards not yet where a won game has them (for the stalemate panel)."""

    @abstractmethod
    def stalemate_reason(self) -> str:
        """Why the game is stuck, in one sentence (translated)."""

    def note(self) -> str | None:
        """A standing message (``No moves — redeal (2 left)``), or None."""
        return None

    # --------------------------------------------------------------- input
    @abstractmethod
    def tap(self, slot: str, layout: Layout, settings: Settings) -> Effect:
        """A tap on a slot, as the game's tap model says."""

    @abstractmethod
    def clear(self) -> None:
        """A tap on the felt: the selection goes."""

    def action(self, name: str, layout: Layout, settings: Settings) -> Effect | None:
        """A button that only this game has (Redeal); None for others."""
        return None

    def can_finish(self) -> bool:
        """Whether the game can be finished by playing home alone, a card at a time (its
        kind's ``finish`` place then shows Finish: game.scenes.play_finish)."""
        return False

    def finish_step(self, layout: Layout, settings: Settings) -> Effect | None:
        """The next card of the finish played home, a move of its own; None when the game
        cannot be finished so."""
        return None

    def taps_on_release(self, slot: str) -> bool:
        """Whether a press on ``slot`` may start a drag, so its tap waits for the release
        (unless the board :attr:`taps_at_once`)."""
        return False

    def drop(self, source: str, card: pygame.Rect, layout: Layout, settings: Settings) -> Effect:
        """A carried card let go at ``card``: a board that does not drag never gets one."""
        return Effect()

    def put_back(
        self, source: str, card: pygame.Rect, layout: Layout, settings: Settings
    ) -> Effect:
        """A drag ends without a drop (the window changed, the game moved on): the card
        drawn at ``card`` goes back to ``source``, and nothing is carried any more."""
        return Effect()

    def pick(self, slot: str) -> bool:
        """A drag begins on ``slot``; False when it cannot (a board that does not drag, or
        whose tap at the press made a move or was refused)."""
        return False

    def home(self, slot: str, layout: Layout, settings: Settings) -> Effect | None:
        """A double tap: the card goes home when it can (None: nothing to do)."""
        return None

    @abstractmethod
    def focus_slots(self) -> list[str]:
        """Slots the keyboard's focus visits."""

    @abstractmethod
    def selected(self) -> tuple[str, ...]:
        """The slots selected now."""

    def after_undo(self) -> None:  # noqa: B027 - most boards keep nothing to forget
        """Undo or redo changed the position (a board that keeps anything forgets it)."""

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome
