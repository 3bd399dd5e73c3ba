"""The Examples page (issue 37): a kind's won game, shipped with the app as fixed data,
played through move by move from the Rules page, in every language, and as a kiosk's
attract loop (``attract = "examples"``)."""

from __future__ import annotations

import pytest
from test_table_boxes import overlaps, resize
from ui_helpers import Driver, pygame, shown

from game.games.catalog import KINDS
from game.look import theme
from game.look.i18n import LANGUAGES, _
from game.records.kiosk import KioskConfig, KioskConfigError
from game.rules import Outcome
from game.scenes.examples_page import ExamplesScene, move_words
from game.scenes.flow import Flow
from game.scenes.kiosk import KioskGuard
from game.scenes.rules_page import RulesScene
from game.scenes.title import TitleScene
from game.shell.loop import Loop

WITH_EXAMPLE = [kind for kind in KINDS if kind.has_example]
SIZES = [(640, 480), (1280, 720), (1920, 1080), (1080, 1920)]


def test_half_moon_offers_an_example_and_every_example_replays_to_a_win():
    assert WITH_EXAMPLE, "no game offers an example"
    half_moon = next(kind for kind in KINDS if kind.key == "halfmoon")
    assert half_moon.example.code == "HM1-N-AAAAAAB"
    for kind in WITH_EXAMPLE:
        example = kind.example
        game = kind.from_code(example.code)
        for number, (move, cards) in enumerate(
            zip(example.moves, example.cards, strict=True), start=1
        ):
            assert tuple(game.top(slot) for slot in move) == cards, (kind.key, number)
            assert game.outcome is None, (kind.key, number)
            game.play(move)
        assert game.outcome is Outcome.WON, kind.key
        assert game.moves == len(example.moves) and game.score == kind.best_score, kind.key
    assert len(half_moon.example.moves) == 48 and half_moon.best_score == 520


def _rules(ctx, kind):
    """The Rules page of ``kind``, reached from the title by a click on Rules."""
    ctx.choose(kind)
    driver = Driver(Flow(ctx).title(), size=(1280, 720))
    driver.click(driver.scene.button_rects()["rules"].center)
    assert isinstance(driver.scene, RulesScene)
    return driver


def test_the_rules_page_leads_to_the_examples_page_by_a_click_and_by_its_key(display, ctx, kind):
    driver = _rules(ctx, kind)
    rules = driver.scene
    if not kind.has_example:
        assert "examples" not in rules.button_rects()
        driver.key(pygame.K_e)
        assert driver.scene is rules
        return
    driver.click(rules.button_rects()["examples"].center)
    page = driver.scene
    assert isinstance(page, ExamplesScene) and page.kind is kind and page.step == 0
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is rules
    driver.key(pygame.K_e)
    assert isinstance(driver.scene, ExamplesScene)
    driver.click(driver.scene.button_rects()["back"].center)
    assert driver.scene is rules


def _page(ctx, kind, size=(1280, 720)):
    driver = _rules(ctx, kind)
    driver.key(pygame.K_e)
    page = driver.scene
    assert isinstance(page, ExamplesScene)
    if size != page.size:
        resize(driver, size)
    driver.frames(2)
    return driver, page


def _lit(page, slot):
    """Whether the window shows the lift's glow (the accent colour) just left of
    ``slot``'s card, where only a marked card's glow reaches."""
    rect = page.layout.slots[slot].move(0, page.top)  # (the table is under the heading)
    x = rect.left - max(1, page.layout.card[0] // 32)
    y = rect.centery - max(2, page.layout.card[1] // 18)
    return tuple(pygame.display.get_surface().get_at((x, y)))[:3] == theme.ACCENT


@pytest.mark.parametrize("kind", WITH_EXAMPLE, ids=[kind.key for kind in WITH_EXAMPLE])
def test_next_previous_and_play_step_through_the_line_marking_each_moves_cards(display, ctx, kind):
    driver, page = _page(ctx, kind)
    example = kind.example
    assert page.marked == example.moves[0]
    assert all(_lit(page, slot) for slot in page.marked)
    assert not any(_lit(page, slot) for slot in page.layout.slots if slot not in page.marked)
    driver.key(pygame.K_RIGHT)
    assert page.step == 1 and page.marked == example.moves[1]
    assert all(_lit(page, slot) for slot in page.marked)
    driver.click(page.button_rects()["next"].center)
    assert page.step == 2 and page.game.moves == 2
    driver.key(pygame.K_LEFT)
    assert page.step == 1 and page.game.moves == 1 and page.marked == example.moves[1]
    driver.click(page.button_rects()["previous"].center)
    assert page.step == 0 and page.game.score == 0
    before = shown()
    driver.key(pygame.K_SPACE)  # Play: a move at a readable pace
    assert page.playing
    driver.seconds(1.0)
    assert page.step == 0  # not yet: time to read
    driver.seconds(2.0)
    assert page.step == 1 and shown() != before
    driver.click(page.button_rects()["play"].center)  # Play again pauses
    assert not page.playing
    driver.seconds(6.0)
    assert page.step == 1
    driver.key(pygame.K_END)
    assert page.step == len(example.moves) and page.game.outcome is Outcome.WON
    assert page.game.score == kind.best_score and page.marked == ()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_language_says_each_move_naming_the_cards_it_takes(display, ctx, code):
    ctx.settings.language = code
    ctx.apply_settings()
    for kind in WITH_EXAMPLE:
        driver, page = _page(ctx, kind)
        total = len(kind.example.moves)
        for number, cards in enumerate(kind.example.cards, start=1):
            texts = [text for text, _box in page.text_boxes()]
            assert _("Move {number} of {total}").format(number=number, total=total) in texts
            assert move_words(cards) in texts, (number, texts)
            assert all(card.symbol_name in page.words() for card in cards)
            assert _("Score {score}").format(score=page.game.score) in texts
            driver.key(pygame.K_RIGHT)
        assert _("You won!") in [text for text, _box in page.text_boxes()]
        if code != "en":
            assert _("Move {number} of {total}") != "Move {number} of {total}"
            assert _("Examples") != "Examples" and _("Previous") != "Previous"


def test_move_words_say_a_pair_with_its_sum_and_a_triple_by_its_cards():
    from game.rules import Card

    assert move_words((Card.parse("5D"), Card.parse("6H"))) == "5\u2666 + 6\u2665 = 11"
    triple = (Card.parse("JC"), Card.parse("QH"), Card.parse("KH"))
    assert move_words(triple) == "J\u2663 + Q\u2665 + K\u2665"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_no_text_of_the_examples_page_overlaps_another(display, ctx, code):
    ctx.settings.language = code
    ctx.apply_settings()
    found = {}
    for kind in WITH_EXAMPLE:
        driver, page = _page(ctx, kind)
        for size in SIZES:
            resize(driver, size)
            driver.frames(2)
            for step in (0, 21, len(kind.example.moves)):
                page.go(step)
                driver.frames(1)
                boxes = page.text_boxes()
                assert len(boxes) >= len(page.layout.buttons) + 3, size
                assert boxes[0][0] == page.heading() == page.words(), size
                problems = overlaps(boxes, size)
                if problems:
                    found[(kind.key, size, step)] = problems
    assert not found, found


# ------------------------------------------------------------------------- the kiosk
def test_the_kiosk_attract_key_reads_examples_refuses_other_values_and_is_off_by_default(
    tmp_path,
):
    assert KioskConfig().attract == ""
    path = tmp_path / "kiosk.toml"
    path.write_text('attract = "examples"\n')
    assert KioskConfig.load(path).attract == "examples"
    path.write_text('attract = "demo"\n')
    with pytest.raises(KioskConfigError) as error:
        KioskConfig.load(path)
    assert str(path) in str(error.value) and "attract" in str(error.value)
    assert "\n" not in str(error.value)
    without = [kind.key for kind in KINDS if not kind.has_example]
    if without:
        path.write_text(f'attract = "examples"\ngames = ["{without[0]}"]\n')
        with pytest.raises(KioskConfigError, match="attract"):
            KioskConfig.load(path)


def _kiosk(ctx, **config):
    ctx.kiosk = KioskConfig(**config)
    flow = Flow(ctx)
    guard = KioskGuard(ctx, ctx.kiosk, flow)
    driver = Driver(flow.attract(), size=(1280, 720))
    driver.loop = Loop(driver.loop.scene, on_event=guard.on_event, on_step=guard.on_step)
    return driver


def test_a_kiosk_without_the_key_shows_the_title_as_before(display, ctx):
    driver = _kiosk(ctx)
    assert isinstance(driver.scene, TitleScene) and driver.scene.attract


def test_a_kiosk_with_attract_examples_plays_the_example_on_a_loop_until_a_touch(display, ctx):
    driver = _kiosk(ctx, attract="examples", idle_seconds=30)
    page = driver.scene
    assert isinstance(page, ExamplesScene) and page.attract and page.kind.has_example
    driver.frames(2)
    assert _("Touch anywhere to play") in [text for text, _box in page.text_boxes()]
    driver.seconds(3.0)
    assert page.step == 1  # it plays by itself
    page.go(len(page.example.moves))
    driver.seconds(7.0)
    assert page.step <= 1  # and starts again once won
    driver.touch((page.size[0] // 2, page.size[1] // 2))
    title = driver.scene
    assert isinstance(title, TitleScene) and title.attract  # the game menu, as today
    driver.seconds(31.0)  # nobody came: the loop again
    assert isinstance(driver.scene, ExamplesScene)


def test_a_line_of_play_out_of_turn_or_without_its_code_is_refused_in_one_line():
    from game.rules.errors import PositionError
    from game.rules.notation import numbered_moves

    code, moves, cards = numbered_moves("# a comment\ncode: hm1-n-aaaaaab\n 1. 11+12  (3D 8D)\n")
    assert (code, moves, [str(c) for c in cards[0]]) == (
        "HM1-N-AAAAAAB",
        (("11", "12"),),
        ["3D", "8D"],
    )
    for text, words in [
        ("code: HM1-N-AAAAAAB\n2. 1+2 (5S 6D)\n", "line 2"),
        ("1. 1+2 (5S 6D)\n", "no 'code:"),
        ("code: HM1-N-AAAAAAB\n1. 1+2 (5S XX)\n", "line 2"),
        ("code: HM1-N-AAAAAAB\n1. 1+2 (5S)\n", "2 slots but 1 cards"),
    ]:
        with pytest.raises(PositionError, match=words) as error:
            numbered_moves(text)
        assert "\n" not in str(error.value)
