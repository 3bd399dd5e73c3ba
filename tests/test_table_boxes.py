"""Nothing drawn over anything on the table (issue 37): the texts the table draws (the
info bar's parts, the buttons, a message or a standing notice) each have a place of their
own, for every kind, at every size, in every language. The boxes are the table view's
own (:meth:`game.scenes.table_view.TableView.text_boxes`), as it drew them."""

from __future__ import annotations

import pytest
from ui_helpers import Driver, pygame

from game.look.i18n import LANGUAGES, _
from game.rules import daily
from game.scenes.flow import Flow

SIZES = [(640, 480), (800, 480), (1024, 600), (1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]


def overlaps(boxes: list[tuple[str, pygame.Rect]], size: tuple[int, int]) -> list[str]:
    """Each pair of boxes that overlap, and each box that leaves the window."""
    window = pygame.Rect((0, 0), size)
    found = [
        f"{text!r} leaves the window: {box}" for text, box in boxes if not window.contains(box)
    ]
    for index, (text, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1 :]:
            if box.colliderect(other_box):
                found.append(f"{text!r} {box} and {other!r} {other_box} overlap")
    return found


def resize(driver, size: tuple[int, int]) -> None:
    """The window resized to ``size``, as the window manager resizes it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_no_text_the_table_draws_overlaps_another_with_a_message_showing(display, ctx, kind, code):
    """Today's deal on the table (its info bar names it, the longest info there is); at
    each size a tap on the deal code in the info bar shows a message ("Copied ...", or
    that the clipboard cannot be used): it, the info bar's parts and the buttons each
    keep to a box of their own."""
    ctx.settings.language = code
    ctx.apply_settings()
    ctx.choose(kind)
    driver = Driver(Flow(ctx).title(), size=(700, 500))  # a size of none of the checks
    driver.key(pygame.K_d)  # Today's deal
    play = driver.scene
    assert play.game.code == daily.code(daily.today(), kind.letter)
    found = {}
    for size in SIZES:
        resize(driver, size)
        driver.frames(2)
        driver.click(play.view.code_rect.center)
        assert play.message is not None, size
        driver.frames(1)
        boxes = play.view.text_boxes()
        assert boxes[-1][0] == play.message[0], size  # the message is drawn
        assert _("Today's deal") in [text for text, _box in boxes], size
        assert len(boxes) > len(play.layout.buttons) + 2, size
        problems = overlaps(boxes, size)
        if problems:
            found[size] = problems
    assert not found, found
