"""What a screen reader says of a removal game's table (Half Moon, Elevens): each slot's
playable card and how many cards it holds, the cards a move removed and the cards it
showed, the cards an undo put back (see :class:`game.games.kind.Words`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..look.card_words import card_count, card_list, card_name
from ..look.i18n import _, ngettext


class RemovalWords:
    """The words of a removal game of ``total`` cards whose slots are ``slots``, each
    named by ``title`` ("Pile 3"); the slots in ``stacked`` say how many cards they hold
    (a pile; not a slot of one card)."""

    def __init__(
        self, slots: tuple[str, ...], title: Callable[[str], str], stacked: set[str], total: int
    ) -> None:
        self._slots = slots
        self._title = title
        self._stacked = stacked
        self._total = total

    def slots(self) -> tuple[str, ...]:
        return self._slots

    def slot(self, table: Any, slot: str) -> str:
        title, count, top = self._title(slot), table.count(slot), table.top(slot)
        if count == 0:
            return _("{slot}, empty").format(slot=title)
        if top is None:  # face down: a stock
            return _("{slot}, {count}").format(slot=title, count=card_count(count))
        if slot in self._stacked:
            return _("{slot}, {card}, {count}").format(
                slot=title, card=card_name(top), count=card_count(count)
            )
        return _("{slot}, {card}").format(slot=title, card=card_name(top))

    def change(self, before: Any, after: Any, points: int) -> str:
        changed = [
            slot
            for slot in self._slots
            if (before.top(slot), before.count(slot)) != (after.top(slot), after.count(slot))
        ]
        if after.card_count() < before.card_count():
            gone = [before.top(slot) for slot in changed if before.top(slot) is not None]
            said = ngettext(
                "{cards} removed, {points} point", "{cards} removed, {points} points", points
            ).format(cards=card_list(gone), points=points)
            shown = [after.top(slot) for slot in changed if after.top(slot) is not None]
            if shown:
                said += ". " + _("Now showing {cards}").format(cards=card_list(shown))
            return said
        back = [after.top(slot) for slot in changed if after.top(slot) is not None]
        if after.card_count() > before.card_count() and back:
            return _("Undone: {cards} back").format(cards=card_list(back))
        return ""

    def home(self, table: Any) -> str:
        left = table.card_count()
        return _("{removed} of {total} cards removed, {left} left").format(
            removed=self._total - left, total=self._total, left=left
        )
