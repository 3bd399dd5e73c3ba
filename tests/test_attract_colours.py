"""The title's attract cards are drawn as the table's are: in four colours when the
Four-colour deck setting is on, in the deck chosen (issue 28 review)."""

from __future__ import annotations

import pytest
from ui_helpers import Driver, pygame

from game.records.kiosk import KioskConfig
from game.records.settings import DECKS
from game.rules.cards import Suit
from game.scenes.flow import Flow
from game.scenes.title import TitleScene


def _middle(rect: pygame.Rect) -> pygame.Rect:
    """The middle of a card's picture, away from its round corners and soft edge."""
    return rect.inflate(-rect.width // 4, -rect.height // 4)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("four", [True, False])
def test_the_attract_cards_follow_the_four_colour_setting(display, ctx, deck, four):
    """On the kiosk's attract screen, a club or a diamond shown whole, with no card over
    it, has, in its middle, the pixels of its face in the colours chosen."""
    ctx.settings.deck, ctx.settings.four_colour = deck, four
    ctx.apply_settings()
    ctx.kiosk = KioskConfig()
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title, size=(1920, 1080))
    checked = 0
    for step in range(60):
        title.time = step * 0.37
        driver.frames(1)
        cards = title.attract_cards(title.column())
        for index, (card, rect, alpha) in enumerate(cards):
            if alpha != 255 or card.suit not in (Suit.CLUBS, Suit.DIAMONDS):
                continue
            middle = _middle(rect)
            above = [r for _c, r, a in cards[index + 1 :] if a > 0]  # drawn over it
            if middle.collidelist(above) >= 0 or not driver.screen.get_rect().contains(rect):
                continue
            shown = pygame.image.tobytes(driver.screen.subsurface(middle), "RGB")
            local = middle.move(-rect.left, -rect.top)
            faces = {
                colours: pygame.image.tobytes(
                    ctx.art.face(card, rect.size, colours).subsurface(local), "RGB"
                )
                for colours in (True, False)
            }
            assert faces[True] != faces[False]
            if shown == faces[four]:
                checked += 1
            else:
                assert shown != faces[not four], (card, four)
    assert checked >= 3
