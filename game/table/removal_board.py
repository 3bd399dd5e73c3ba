"""A removal game's table (Half Moon's, Elevens'): the slots' top cards with their stack
edges, taps that select and remove, drags onto a partner, the Placement aid's veils,
cards that fly away when removed and shake when they do not go together.

A drag is a tap and a drop. The press is the card's tap, at once as ever (it selects the
card, or puts it down, or adds it to the faces selected); a press that travels on
carries the card, selected, and its drop is a tap on the card it lands on, with the card
carried selected:

- onto its partner: the pair goes (5 onto 6);
- onto a face card: the three go when the three ranks are there (with J selected, drag
  Q onto K); else the face it lands on is selected with it (drag J onto Q, or onto a Q
  selected: both selected, and a tap on a K, or a K dragged onto either, ends the
  triple); with J and Q selected, the press on a K takes the three at once, as its tap
  does, and nothing is carried;
- onto a card it does not go with (5 onto 7, J onto 5 or onto another J): the card flies
  back and the cards shake, Move errors adding the words;
- anywhere else (the felt, an empty slot, its own place): it flies back, and the
  selection is as it was before the press.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

import pygame

from ..look.i18n import N_, _
from ..rules.cards import Card
from ..rules.removal_game import MoveError, RemovalGame, TapResult
from .board import Board, Effect, Motion
from .frame import SlotLook
from .shake import fly_back_seconds, shakes

if TYPE_CHECKING:
    from .board import Settings
    from .layout import Layout

REMOVE_SECONDS = 0.25
"""How long a removed card takes to fly away."""
REACH = 0.6
"""A dropped card lands on the nearest card whose centre is within this share of a card's
height of its own centre."""
MOVE_ERROR_TEXT = {
    MoveError.SUM_MUST_BE_11: N_("The sum must be 11"),
    MoveError.NEEDS_JACK_QUEEN_KING: N_("Needs a Jack, a Queen and a King"),
}
"""What Move errors says, by reason (SPEC section 2)."""


class RemovalBoard(Board):
    """A removal game's table (a kind's board says which slots it shows, and what each
    holds: :meth:`slots`, :meth:`stack`)."""

    drags = True
    taps_at_once = True

    def __init__(self, game: RemovalGame[Any]) -> None:
        super().__init__(game)
        self.game: RemovalGame[Any] = game
        self._before: tuple[str, ...] = ()
        """The selection before the last tap (a drag that comes to nothing restores it)."""
        self._tapped: str | None = None
        """The slot of the last tap, if it neither removed nor was refused (it may be
        carried on)."""

    @abstractmethod
    def slots(self) -> tuple[str, ...]:
        """Every slot the table shows, in the keyboard focus's order."""

    @abstractmethod
    def stack(self, slot: str) -> tuple[Card | None, ...]:
        """The cards of a slot, bottom to top (None: a card face down)."""

    def looks(
        self, layout: Layout, settings: Settings, hidden: dict[str, int]
    ) -> dict[str, SlotLook]:
        game = self.game
        selection = set(game.selection)
        dimmed = game.dimmed() if settings.placement_aid and selection else frozenset()
        four = settings.four_colour
        looks = {}
        for name in self.slots():
            cards = self.stack(name)
            keep = len(cards) - hidden.get(name, 0)  # (a card carried, or shaken)
            whole = keep == len(cards)
            looks[name] = SlotLook(
                cards=((cards[keep - 1], 0),) if keep > 0 else (),
                edges=max(0, min(7, keep - 1)),
                selected=whole and name in selection,
                dimmed=whole and name in dimmed,
                marker=self.marker(name, keep),
                four_colour=four,
            )
        return looks

    def marker(self, slot: str, depth: int) -> str:
        """Text shown on a slot of ``depth`` cards (a stock's count): by default a stack's
        depth over its top card (:func:`depth_marker`)."""
        return depth_marker(depth)

    def labels(self) -> dict[str, str]:
        return {name: f"{name} \u00b7 {self.game.count(name)}" for name in self.slots()}

    def future_looks(self, layout: Layout, settings: Settings) -> list[tuple[str, SlotLook]]:
        """The top card selected, the card under it, and the Placement aid's veils."""
        four = settings.four_colour
        looks = []
        playable = self.game.playable()
        for name in self.slots():
            cards = self.stack(name)
            edges = max(0, min(7, len(cards) - 1))
            if name in playable:
                top = ((cards[-1], 0),)
                depth = self.marker(name, len(cards))
                looks.append(
                    (name, SlotLook(top, edges, selected=True, marker=depth, four_colour=four))
                )
                if settings.placement_aid:
                    looks.append(
                        (name, SlotLook(top, edges, dimmed=True, marker=depth, four_colour=four))
                    )
            if len(cards) >= 2:
                depth = self.marker(name, len(cards) - 1)
                under = SlotLook(
                    ((cards[-2], 0),), max(0, edges - 1), marker=depth, four_colour=four
                )
                looks.append((name, under))
        return looks

    def clear(self) -> None:
        self.game.clear_selection()

    def tap(self, slot: str, layout: Layout, settings: Settings) -> Effect:
        game = self.game
        tops = game.playable()
        self._before = game.selection
        result = game.tap(slot)
        self._tapped = slot if not result.removed and result.error is None else None
        if result.removed:
            return self._removed(result, tops, {}, layout, settings)
        if result.error is not None:
            return self._refused(result.error, (*self._before, slot), layout, settings)
        return Effect(sound="select" if slot in game.selection else None)

    # ----------------------------------------------------------------- drag
    def taps_on_release(self, slot: str) -> bool:
        """A press on a card may become a drag (its tap is at once: taps_at_once)."""
        return self.game.top(slot) is not None

    def pick(self, slot: str) -> bool:
        """The card the press tapped is carried, selected (a press that put it down takes
        it up again), unless that tap removed cards or was refused."""
        if self._tapped != slot or self.game.top(slot) is None:
            return False
        if slot not in self.game.selection:
            self.game.tap(slot)  # (it was with the cards selected: it goes with them again)
        return True

    def drop(self, source: str, card: pygame.Rect, layout: Layout, settings: Settings) -> Effect:
        """A tap on the card it lands on: a pair or a triple goes; a card it does not go
        with shakes with it; elsewhere it flies back (see the module's notes)."""
        game = self.game
        self._tapped = None
        target = self._landing(source, card, layout)
        carried, other = game.top(source), game.top(target) if target else None
        if target is None or carried is None or other is None:
            return self.put_back(source, card, layout, settings)
        back = self._fly_back(source, card, layout, settings)
        if target in game.selection:
            return back  # (it stays selected with the faces selected, as its press made it)
        selection = game.selection
        if carried.is_face and other.rank is carried.rank:  # two Jacks are no pair
            game.clear_selection()
            error = MoveError.NEEDS_JACK_QUEEN_KING
            return self._refused(error, (*selection, target), layout, settings, back)
        tops = game.playable()
        result = game.tap(target)
        if result.removed:
            return self._removed(result, tops, {source: card}, layout, settings)
        if result.error is not None:
            return self._refused(result.error, (*selection, target), layout, settings, back)
        back.sound = "select"  # (a face of another rank selected with the one carried)
        return back

    def put_back(
        self, source: str, card: pygame.Rect, layout: Layout, settings: Settings
    ) -> Effect:
        """The carried card flies back from ``card``; the selection is as before the press."""
        self._tapped = None
        self._select(self._before)
        return self._fly_back(source, card, layout, settings)

    def after_undo(self) -> None:
        self._tapped = None

    def _landing(self, source: str, card: pygame.Rect, layout: Layout) -> str | None:
        """The card nearest to ``card``'s place within :data:`REACH`, but the source."""
        best, distance = None, layout.card[1] * REACH
        for name in self.game.playable():
            if name == source:
                continue
            place = layout.slots[name]
            gap = math.hypot(place.centerx - card.centerx, place.centery - card.centery)
            if gap <= distance:
                best, distance = name, gap
        return best

    def _select(self, slots: tuple[str, ...]) -> None:
        """Select ``slots`` again, in order (a selection the taps made on this table)."""
        game = self.game
        if game.selection == slots:
            return
        game.clear_selection()
        for slot in slots:
            if game.top(slot) is not None:
                game.tap(slot)

    def _fly_back(
        self, source: str, card: pygame.Rect, layout: Layout, settings: Settings
    ) -> Effect:
        home = self.top_rect(layout, source)
        seconds = fly_back_seconds(settings)
        return Effect(
            motions=[Motion(self.game.top(source), card.copy(), home, seconds, (source, 1))]
        )

    # --------------------------------------------------------------- results
    def _removed(
        self,
        result: TapResult,
        tops: dict[str, Card],
        start: dict[str, pygame.Rect],
        layout: Layout,
        settings: Settings,
    ) -> Effect:
        """The cards of a pair or a triple fly away (a dropped one from where it was)."""
        motions = []
        if settings.animated:
            motions = [
                Motion(
                    tops[name],
                    start.get(name, layout.slots[name]).copy(),
                    None,
                    REMOVE_SECONDS * settings.pace,
                )
                for name in result.removed
            ]
        sound = "pair" if len(result.removed) == 2 else "triple"
        return Effect(moved=True, sound=sound, motions=motions)

    def _refused(
        self,
        error: MoveError,
        slots: tuple[str, ...],
        layout: Layout,
        settings: Settings,
        back: Effect | None = None,
    ) -> Effect:
        """Cards that do not go together shake where they lie (after the carried one has
        flown back, ``back``); Move errors says why."""
        motions = list(back.motions) if back is not None else []
        delay = max((motion.duration for motion in motions), default=0.0)
        cards = [(slot, self.game.top(slot), layout.slots[slot]) for slot in dict.fromkeys(slots)]
        motions += shakes(cards, layout, settings, delay)
        return Effect(sound="error", refusal=_(MOVE_ERROR_TEXT[error]), motions=motions)

    def cards_left(self) -> int:
        left: int = self.game.table.card_count()
        return left

    def stalemate_reason(self) -> str:
        return _("No pair adds up to 11 and no Jack, Queen and King are free.")

    def focus_slots(self) -> list[str]:
        playable = self.game.playable()
        return [slot for slot in self.slots() if slot in playable]

    def selected(self) -> tuple[str, ...]:
        return self.game.selection


def depth_marker(depth: int) -> str:
    """What a stack of ``depth`` cards shows over its top card: its count, from two cards
    up (a lone card shows nothing). The stack edges under it grow by a pixel or two a
    card, too little to tell 8 cards from 2 at a glance (issue 37)."""
    return str(depth) if depth >= 2 else ""
