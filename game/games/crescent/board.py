"""Crescent's table: 16 piles fanned to the right (face-down cards as backs, the built
cards as slivers showing rank and suit, the top card whole), the 8 foundations, and
moves by tap, by drag and drop, by a double tap home, and the redeal."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ...look.i18n import N_, _, ngettext
from ...table.board import Board, Effect, Motion
from ...table.frame import SlotLook
from .errors import Refusal
from .game import Crescent
from .moves import MoveResult
from .table import FOUNDATIONS, KING_FOUNDATIONS, PILES, foundation_suit

if TYPE_CHECKING:
    from ...table.board import Settings
    from ...table.layout import Layout

SLIDE_SECONDS = 0.15
"""How long a moved card slides (eased)."""
REDUCED_SLIDE = 0.05
"""With reduced animations."""
REDEAL_STAGGER = 0.02
"""Between the cards of a redeal, pile after pile."""
REFUSAL_TEXT = {
    Refusal.NO_CARD: N_("There is no card to move"),
    Refusal.SAME_SLOT: N_("A card does not move onto its own slot"),
    Refusal.EMPTY_PILE: N_("An empty pile is never filled"),
    Refusal.NOT_NEXT_IN_SUIT: N_("{card} does not go on {other}: same suit, one rank up or down"),
    Refusal.WRONG_SUIT: N_("{card} goes only on a {other} foundation"),
    Refusal.FOUNDATION_NEEDS: N_("The foundation needs the {other}"),
    Refusal.FOUNDATION_COMPLETE: N_("The foundation is complete"),
    Refusal.FOUNDATION_TO_PILE: N_("No card leaves a foundation for a pile"),
    Refusal.BASE_CARD: N_("A base card never moves"),
    Refusal.NOT_IN_SEQUENCE: N_(
        "Cards move between foundations only while the two hold one A\u2013K run"
    ),
    Refusal.CANNOT_MOVE: N_("{card} cannot move now"),
    Refusal.NO_REDEAL_LEFT: N_("No redeal left"),
}
"""What Move errors says for each refusal of the rules, in words (translated)."""


EDGE = 2
"""Pixels of a squeezed card's edge in a long pile's fan."""


def fan_offsets(count: int, face_down: int, fan: tuple[int, int, int]) -> list[int]:
    """Each card's offset to the right in a pile of ``count`` cards whose bottom
    ``face_down`` lie face down: backs as thin slivers, face-up cards as slivers that show
    their corner index. A fan longer than the widest is squeezed: the backs first, down to
    their edges, then the oldest face-up cards, each one whole down to its edge (a sliver
    cut through its index would show half a rank), so every sliver shown reads whole."""
    sliver, back, widest = fan
    edge = min(EDGE, back)
    steps = [back if index < face_down else sliver for index in range(count - 1)]
    extra = sum(steps) - widest
    for index in [*range(face_down), *range(face_down, count - 1)]:
        if extra <= 0:
            break
        give = steps[index] - edge if index >= face_down else min(extra, steps[index] - edge)
        steps[index] -= give
        extra -= give
    if extra > 0:  # edges alone are too long (a pile of dozens of cards): all alike
        scale = widest / max(1, sum(steps))
        steps = [max(1, math.floor(step * scale)) for step in steps]
    offsets = [0]
    for step in steps:
        offsets.append(offsets[-1] + step)
    return offsets


class CrescentBoard(Board):
    """The table of Crescent, Crescent Four and Open Crescent."""

    drags = True
    double_taps = True

    def __init__(self, game: Crescent) -> None:
        super().__init__(game)
        self.game: Crescent = game
        self.carried: str | None = None
        """The pile or foundation whose top card is being carried (a drag)."""
        self._stuck_for: object = None
        self._stuck = False

    # ---------------------------------------------------------------- looks
    def looks(
        self, layout: Layout, settings: Settings, hidden: dict[str, int]
    ) -> dict[str, SlotLook]:
        game = self.game
        selected = game.selection
        source = selected if selected is not None else self.carried
        targets = set(game.destinations(source)) if source is not None else set()
        four = settings.four_colour
        looks = {}
        for name in PILES:
            pile = game.pile(name)
            down = game.face_down(name)
            keep = len(pile) - hidden.get(name, 0)
            offsets = fan_offsets(len(pile), down, layout.fan)
            cards = tuple(
                (None if index < down else card, offsets[index])
                for index, card in enumerate(pile[:keep])
            )
            looks[name] = SlotLook(
                cards=cards,
                selected=name == selected and self.carried is None,
                target=name in targets,
                four_colour=four,
            )
        for name in FOUNDATIONS:
            foundation = game.foundation(name)
            keep = len(foundation) - hidden.get(name, 0)
            shown = foundation[:keep]
            looks[name] = SlotLook(
                cards=((shown[-1], 0),) if shown else (),
                selected=name == selected and self.carried is None,
                target=name in targets,
                marker=_foundation_marker(name) if len(shown) <= 1 else "",
                four_colour=four,
            )
        return looks

    def labels(self) -> dict[str, str]:
        labels = {name: f"{name} \u00b7 {len(self.game.pile(name))}" for name in PILES}
        labels.update({name: name for name in FOUNDATIONS})
        return labels

    def top_rect(self, layout: Layout, slot: str) -> pygame.Rect:
        rect = layout.slots[slot].copy()
        if slot in FOUNDATIONS:
            return rect
        pile = self.game.pile(slot)
        if not pile:
            return rect
        offsets = fan_offsets(len(pile), self.game.face_down(slot), layout.fan)
        return rect.move(offsets[-1], 0)

    def _landing(self, layout: Layout, slot: str) -> pygame.Rect:
        """Where a card put on ``slot`` now would come to rest."""
        rect = layout.slots[slot].copy()
        if slot in FOUNDATIONS:
            return rect
        pile = self.game.pile(slot)
        offsets = fan_offsets(len(pile) + 1, self.game.face_down(slot), layout.fan)
        return rect.move(offsets[-1], 0)

    def future_looks(self, layout: Layout, settings: Settings) -> list[tuple[str, SlotLook]]:
        """Each movable pile top selected: the look a tap makes next."""
        looks = self.looks(layout, settings, {})
        future = []
        for move in self.game.legal_moves():
            look = looks[move.source]
            future.append(
                (move.source, SlotLook(look.cards, selected=True, four_colour=look.four_colour))
            )
        return future

    # ------------------------------------------------------------------ bar
    def extra_info(self) -> list[str]:
        game = self.game
        home = game.table.home_count() - len(FOUNDATIONS)
        return [
            _("Home {count}/96").format(count=home),
            _("Redeals {count}").format(count=game.redeals_left),
        ]

    def label(self, button: str) -> str:
        if button == "redeal":
            return _("Redeal ({count})").format(count=self.game.redeals_left)
        return super().label(button)

    def enabled(self, button: str) -> bool:
        if button == "redeal":
            return self.game.redeals_left > 0 and self.game.outcome is None
        return super().enabled(button)

    def stuck(self) -> bool:
        """No card can move, but a redeal is left (SPEC 5: the app says so); the rules'
        :meth:`~game.rules.Crescent.stuck` decides, as it does the stalemate."""
        table = self.game.table
        if self._stuck_for is not table:
            self._stuck_for = table
            self._stuck = (
                self.game.outcome is None and self.game.redeals_left > 0 and self.game.stuck()
            )
        return self._stuck

    def suggested(self) -> str | None:
        return "redeal" if self.stuck() else None

    def note(self) -> str | None:
        if not self.stuck():
            return None
        left = self.game.redeals_left
        return ngettext(
            "No moves \u2014 redeal ({count} left)", "No moves \u2014 redeal ({count} left)", left
        ).format(count=left)

    # ---------------------------------------------------------------- input
    def taps_on_release(self, slot: str) -> bool:
        """A press on a card that can move may become a drag: its tap waits."""
        return self.game.top(slot) is not None and bool(self.game.destinations(slot))

    def clear(self) -> None:
        self.game.clear_selection()

    def tap(self, slot: str, layout: Layout, settings: Settings) -> Effect:
        game = self.game
        before = {name: self.top_rect(layout, name) for name in (*PILES, *FOUNDATIONS)}
        landing = {name: self._landing(layout, name) for name in (*PILES, *FOUNDATIONS)}
        result = game.tap(slot)
        if result.moved is not None:
            return self._moved(result.moved, before, landing, layout, settings)
        if result.selected is not None:
            destinations = game.destinations(result.selected)
            if settings.one_tap_moves and len(destinations) == 1:
                return self._move(
                    result.selected, destinations[0], before, landing, layout, settings
                )
            return Effect(sound="select")
        if result.refusal is not None:
            text = _(REFUSAL_TEXT[result.refusal]).format(card=result.card, other=result.other)
            return Effect(sound="error", refusal=text)
        return Effect()

    def home(self, slot: str, layout: Layout, settings: Settings) -> Effect | None:
        """A double tap sends the card home, to the first foundation that takes it."""
        homes = [target for target in self.game.destinations(slot) if target in FOUNDATIONS]
        if not homes:
            return None
        before = {slot: self.top_rect(layout, slot)}
        landing = {homes[0]: self._landing(layout, homes[0])}
        return self._move(slot, homes[0], before, landing, layout, settings)

    def drop(self, source: str, card: pygame.Rect, layout: Layout, settings: Settings) -> Effect:
        """The nearest legal target within half a card takes it; else it flies back."""
        self.carried = None
        reach = layout.card[1] * 0.6
        best, distance = None, reach
        for target in self.game.destinations(source):
            place = self._landing(layout, target)
            gap = math.hypot(place.centerx - card.centerx, place.centery - card.centery)
            if gap <= distance:
                best, distance = target, gap
        if best is None:
            return self.put_back(source, card, layout, settings)
        landing = {best: self._landing(layout, best)}
        return self._move(source, best, {source: card.copy()}, landing, layout, settings)

    def put_back(
        self, source: str, card: pygame.Rect, layout: Layout, settings: Settings
    ) -> Effect:
        """The carried card flies back from ``card`` to its slot: the drag is over."""
        self.carried = None
        back = self.top_rect(layout, source)
        duration = _slide_seconds(settings)
        return Effect(
            motions=[Motion(self.game.top(source), card.copy(), back, duration, (source, 1))]
        )

    def pick(self, slot: str) -> bool:
        """A drag begins on ``slot``; False when its card cannot move."""
        if not self.taps_on_release(slot):
            return False
        self.game.clear_selection()
        self.carried = slot
        return True

    def action(self, name: str, layout: Layout, settings: Settings) -> Effect | None:
        if name != "redeal" or not self.enabled("redeal"):
            return None
        game = self.game
        before = {pile: game.pile(pile) for pile in PILES}
        animated = settings.animated
        shown = self.looks(layout, settings, {}) if animated else {}  # as they were
        result = game.redeal()
        turned = {turn.slot for turn in result.turned_up}
        motions = []
        if animated:
            for index, pile in enumerate(PILES):
                if len(before[pile]) < 2:
                    continue
                start = layout.slots[pile].copy()
                end = self.top_rect(layout, pile)
                motions.append(
                    Motion(
                        game.top(pile),
                        start,
                        end,
                        _slide_seconds(settings),
                        (pile, 1),
                        flip=pile in turned,
                        delay=index * REDEAL_STAGGER,
                        waiting=(pile, replace(shown[pile], selected=False, target=False)),
                    )
                )
        return Effect(moved=True, sound="redeal", motions=motions)

    def can_finish(self) -> bool:
        """Every card face up, and the rules' home-only playout wins the game going on."""
        return self.game.outcome is None and bool(self.game.finish_moves())

    def finish_step(self, layout: Layout, settings: Settings) -> Effect | None:
        """The playout's first card home, with the usual slide (no Cards home by
        themselves here: the finish plays the playout's cards, in its order)."""
        moves = self.game.finish_moves() if self.game.outcome is None else None
        if not moves:
            return None
        source, target = moves[0].source, moves[0].target
        start, end = self.top_rect(layout, source), self._landing(layout, target)
        self.carried = None
        card = self.game.move(source, target).card
        motion = Motion(card, start, end, _slide_seconds(settings), (target, 1))
        return Effect(moved=True, sound="home", motions=[motion])

    def cards_left(self) -> int:
        return 104 - self.game.table.home_count()

    def stalemate_reason(self) -> str:
        return _("No card can move and no redeal is left.")

    def focus_slots(self) -> list[str]:
        return [*PILES, *FOUNDATIONS]

    def selected(self) -> tuple[str, ...]:
        return () if self.game.selection is None else (self.game.selection,)

    def after_undo(self) -> None:
        self.carried = None

    # ------------------------------------------------------------- moving
    def _move(
        self,
        source: str,
        target: str,
        before: dict[str, pygame.Rect],
        landing: dict[str, pygame.Rect],
        layout: Layout,
        settings: Settings,
    ) -> Effect:
        result = self.game.move(source, target)
        return self._moved(result, before, landing, layout, settings)

    def _moved(
        self,
        result: MoveResult,
        before: dict[str, pygame.Rect],
        landing: dict[str, pygame.Rect],
        layout: Layout,
        settings: Settings,
    ) -> Effect:
        move = result.move
        source, target = move.source, move.target  # type: ignore[union-attr]
        motions = []
        duration = _slide_seconds(settings)
        motions.append(Motion(result.card, before[source], landing[target], duration, (target, 1)))
        for turn in result.turned_up:
            rect = self.top_rect(layout, turn.slot)
            motions.append(Motion(turn.card, rect, rect.copy(), duration, (turn.slot, 1), True))
        sound = "home" if target in FOUNDATIONS else "move"
        effect = Effect(moved=True, sound=sound, motions=motions)
        if settings.auto_home:
            self._play_home(effect, layout, settings)
        return effect

    def _play_home(self, effect: Effect, layout: Layout, settings: Settings) -> None:
        """Send home every card no pile could still need (the setting), one by one."""
        delay = _slide_seconds(settings)
        while True:
            move = next(
                (
                    (pile, home)
                    for pile in PILES
                    for home in self.game.destinations(pile)
                    if home in FOUNDATIONS and self._nobody_needs(pile)
                ),
                None,
            )
            if move is None:
                return
            pile, home = move
            start, end = self.top_rect(layout, pile), self._landing(layout, home)
            result = self.game.move(pile, home)
            effect.motions.append(Motion(result.card, start, end, delay, (home, 1), delay=delay))
            for turn in result.turned_up:
                rect = self.top_rect(layout, turn.slot)
                effect.motions.append(
                    Motion(turn.card, rect, rect.copy(), delay, (turn.slot, 1), True, delay)
                )
            delay += REDEAL_STAGGER * 3

    def _nobody_needs(self, pile: str) -> bool:
        """Whether no card left in the piles could still be built on the pile's top card:
        both cards of each neighbouring rank of its suit are home already."""
        card = self.game.top(pile)
        if card is None:
            return False
        neighbours = {(card.rank.value % 13) + 1, ((card.rank.value - 2) % 13) + 1}
        for other in PILES:
            for lying in self.game.pile(other):
                if lying.suit is card.suit and lying.rank.value in neighbours:
                    return False
        return True


def _slide_seconds(settings: Settings) -> float:
    return SLIDE_SECONDS * settings.pace if settings.animated else REDUCED_SLIDE


def _foundation_marker(name: str) -> str:
    """A foundation's suit and direction: ``♥ ↓`` builds down from the King."""
    arrow = "\u2193" if name in KING_FOUNDATIONS else "\u2191"
    return f"{foundation_suit(name).symbol} {arrow}"
