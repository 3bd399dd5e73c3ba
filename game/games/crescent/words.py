"""What a screen reader says of a Crescent table: "Pile 3, 7 of hearts, 6 cards, 5 face
down", "Foundation 5, hearts up to 6", a card moved, a card turned up, a redeal (see
:class:`game.games.kind.Words`)."""

from __future__ import annotations

from ...look.card_words import card_count, card_name, rank_name, suit_name
from ...look.i18n import _, ngettext
from .table import (
    FOUNDATIONS,
    SLOTS,
    CrescentTable,
    foundation_suit,
    is_ace_foundation,
    is_foundation,
)


def title(slot: str) -> str:
    """``Pile 3``, ``Foundation 5``."""
    if is_foundation(slot):
        return _("Foundation {number}").format(number=slot[1:])
    return _("Pile {number}").format(number=slot)


class CrescentWords:
    """Crescent's words (every variant's: a pile says its face-down cards, if any)."""

    def slots(self) -> tuple[str, ...]:
        return SLOTS

    def slot(self, table: CrescentTable, slot: str) -> str:
        cards = table.cards_in(slot)
        if is_foundation(slot):
            suit = suit_name(foundation_suit(slot))
            if not cards:
                return _("{slot}, {suit}, empty").format(slot=title(slot), suit=suit)
            if is_ace_foundation(slot):
                way = _("{slot}, {suit} up to {rank}")
            else:
                way = _("{slot}, {suit} down to {rank}")
            return way.format(slot=title(slot), suit=suit, rank=rank_name(cards[-1].rank))
        if not cards:
            return _("{slot}, empty").format(slot=title(slot))
        said = _("{slot}, {card}, {count}").format(
            slot=title(slot), card=card_name(cards[-1]), count=card_count(len(cards))
        )
        down = table.face_down_count(slot)
        if down:
            said += ", " + ngettext("{count} face down", "{count} face down", down).format(
                count=down
            )
        return said

    def change(self, before: CrescentTable, after: CrescentTable, points: int) -> str:
        if after.redeals_left < before.redeals_left:
            left = after.redeals_left
            return ngettext(
                "Piles redealt, {count} redeal left", "Piles redealt, {count} redeals left", left
            ).format(count=left)
        if after.redeals_left > before.redeals_left:
            return _("Redeal undone")
        said = []
        for slot in SLOTS:
            grew = len(after.cards_in(slot)) > len(before.cards_in(slot))
            card = after.top(slot)
            if grew and card is not None:
                said.append(_("{card} onto {slot}").format(card=card_name(card), slot=title(slot)))
        for slot in SLOTS:
            card = after.top(slot)
            if (
                not is_foundation(slot)
                and card is not None
                and after.face_down_count(slot) < before.face_down_count(slot)
            ):
                said.append(
                    _("{card} turned up on {slot}").format(card=card_name(card), slot=title(slot))
                )
        return ". ".join(said)

    def home(self, table: CrescentTable) -> str:
        return ". ".join(self.slot(table, slot) for slot in FOUNDATIONS)


WORDS = CrescentWords()
"""Crescent's words."""
