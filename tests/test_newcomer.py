"""What a newcomer tripped on (issue 12), through real events: repaint, the code entry,
panels, questions, small and huge windows, kiosk, buttons, redo and copying the code."""

from __future__ import annotations

import ctypes
import glob
import os
from itertools import pairwise

import pytest
from kind_scripts import SMALL, make, stalemate_game, table, under_way, win_game
from ui_helpers import Driver, pygame

from game.games.catalog import kind_of
from game.look import ui
from game.records.kiosk import KioskConfig
from game.rules import Game
from game.rules.solver import solve
from game.scenes.code_entry import CodeEntryScene
from game.scenes.dialogs import DIALOG_GUARD, ConfirmScene
from game.scenes.end import StalemateScene, WinScene
from game.scenes.flow import Flow
from game.scenes.menus import SettingsScene, StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.rules_page import RulesScene
from game.scenes.title import TitleScene
from game.table.layout import compute_layout

DEAL = "HM1-N-AAAAAAB"


def _picture(surface):
    return pygame.image.tobytes(surface, "RGB")


def _game_with_moves(count):
    game = Game.from_code(DEAL)
    for removal in solve(Game.from_code(DEAL)).line[:count]:
        game.remove(list(removal.slots))
    return game


def _every_scene(ctx):
    """One of each menu scene, in a state that shows a lot of it (the table and its panels:
    :func:`_table_scene`)."""
    title = TitleScene(ctx, Flow(ctx))
    code = CodeEntryScene(ctx, Flow(ctx), back=title)
    code.type_text("ABC")
    return {
        "title": title,
        "settings": SettingsScene(ctx, back=title),
        "statistics": StatisticsScene(ctx, back=title),
        "rules": RulesScene(ctx, back=title),
        "code entry": code,
    }


# ---------------------------------------------------------- 1. repaint after expose
REPAINT = ["WINDOWEXPOSED", "WINDOWRESTORED", "WINDOWFOCUSGAINED", "VIDEOEXPOSE", "WINDOWSHOWN"]


@pytest.mark.parametrize("event", REPAINT)
@pytest.mark.parametrize("name", ["title", "settings", "statistics", "rules", "code entry"])
def test_the_whole_window_is_repainted_after_another_window_uncovers_it(display, ctx, name, event):
    scene = _every_scene(ctx)[name]
    driver = Driver(scene, size=(1280, 720))
    driver.frames(3)
    before = _picture(driver.screen)
    screen = pygame.display.get_surface()
    screen.fill((255, 255, 255), pygame.Rect(300, 150, 500, 300))  # another window was here
    screen.fill((128, 128, 128), pygame.Rect(0, 0, 200, 720))
    driver.post(getattr(pygame, event))
    assert _picture(pygame.display.get_surface()) == before, (name, event)


def _table_scene(ctx, kind, name):
    """A driver showing the table of ``kind`` or a panel over it, reached by real input."""
    if name == "stalemate":
        game, moves = stalemate_game(kind)
        driver = table(ctx, game)
        end = StalemateScene
    else:
        game, moves = win_game(kind)
        driver = table(ctx, game)
        moves, end = (moves, WinScene) if name == "win" else (moves[:-1], None)
    for move in moves:
        make(driver, move)
    if name == "confirm":
        driver.key(pygame.K_n)  # New game? over a game under way
        end = ConfirmScene
    while end is not None and not isinstance(driver.scene, end):
        driver.frames(1)
    driver.seconds(2)  # the panel's tiles and the table's idle work are done
    return driver


@pytest.mark.parametrize("name", ["play", "confirm", "win", "stalemate"])
def test_the_table_and_its_panels_are_repainted_after_another_window_uncovers_them(
    display, ctx, kind, name
):
    driver = _table_scene(ctx, kind, name)
    before = _picture(driver.screen)
    for event in REPAINT:
        screen = pygame.display.get_surface()
        screen.fill((255, 255, 255), pygame.Rect(150, 100, 300, 200))  # another window
        screen.fill((128, 128, 128), pygame.Rect(0, 0, 100, SMALL[1]))
        driver.post(getattr(pygame, event))
        assert _picture(pygame.display.get_surface()) == before, (name, event)


# ------------------------------------------------------------------ 2. code entry
def test_the_code_entry_shows_the_prefix_as_a_label_and_takes_seven_letters(display, ctx):
    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    assert scene.text == scene.prefix == "HM1-N-" and scene.letters == ""
    driver.post(pygame.TEXTINPUT, text="aaaaaab")
    assert scene.text == "HM1-N-AAAAAAB"
    driver.post(pygame.TEXTINPUT, text="c")
    assert scene.letters == "AAAAAAB" and scene.error  # an eighth letter is refused
    driver.key(pygame.K_BACKSPACE)
    assert scene.letters == "AAAAAA"
    driver.key(pygame.K_RETURN)  # six letters: not a code
    assert driver.scene is scene and scene.error
    driver.post(pygame.TEXTINPUT, text="b")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, PlayScene) and driver.scene.game.code == "HM1-N-AAAAAAB"


@pytest.mark.parametrize("typed", ["hm1-n-aaaaabc", " HM1-N-AAAAABC ", "HM1-N-AAAAABC"])
def test_a_whole_code_typed_key_by_key_or_at_once_is_accepted(display, ctx, typed):
    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    driver.post(pygame.TEXTINPUT, text=typed)
    assert scene.letters == "AAAAABC", typed
    scene.erase()
    for _ in range(6):
        scene.erase()
    for char in typed:
        driver.post(pygame.TEXTINPUT, text=char)
    assert scene.letters == "AAAAABC", typed


def test_letters_that_start_like_the_prefix_still_go_into_the_code(display, ctx):
    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    for char in "HMAAAAA":
        driver.post(pygame.TEXTINPUT, text=char)
    assert scene.letters == "HMAAAAA"


def test_only_a_to_z_are_taken_and_a_refused_key_shakes_the_field_with_a_word(display, ctx):
    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    driver.post(pygame.TEXTINPUT, text="a")
    still = _picture(driver.screen)
    driver.post(pygame.TEXTINPUT, text="7")
    assert scene.letters == "A" and scene.error == "Only the letters A to Z"
    assert scene.animating  # the shake
    shaken = _picture(driver.screen)
    assert shaken != still
    driver.seconds(0.5)
    assert not scene.animating
    driver.post(pygame.TEXTINPUT, text="\u00e4")
    assert scene.letters == "A"


def test_ctrl_v_pastes_a_code_from_the_clipboard(display, ctx):
    import pygame.scrap

    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    pygame.scrap.put_text("  hm1-n-qwertyu\n")
    driver.key(pygame.K_v, pygame.KMOD_LCTRL)
    assert scene.letters == "QWERTYU"


def test_the_text_cursor_blinks_without_running_the_loop_at_full_rate(display, ctx):
    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene)
    driver.frames(1)
    shown = [scene.cursor_on]
    pictures = {_picture(driver.screen)}
    for _ in range(4):
        driver.seconds(0.5)
        shown.append(scene.cursor_on)
        pictures.add(_picture(driver.screen))
    assert shown == [True, False, True, False, True] and len(pictures) == 2
    assert not scene.animating and scene.rest_for() <= 0.51


@pytest.mark.parametrize("size", [(320, 240), (640, 480), (1280, 720), (3840, 2160), (1080, 1920)])
def test_the_code_field_is_never_drawn_over_the_title(display, ctx, size):
    scene = CodeEntryScene(ctx, Flow(ctx), back=TitleScene(ctx, Flow(ctx)))
    Driver(scene, size=size).frames(1)
    column = scene.column()
    field = scene.field_rect(column)
    assert not field.colliderect(column.title) and field.top >= column.title.bottom
    assert all(not field.colliderect(r) for r in scene.button_rects().values())


# ------------------------------------------------ 3. panels wait and act on release
def test_a_fast_second_tap_does_not_land_on_the_stalemate_panel(display, ctx, kind):
    game, moves = stalemate_game(kind)
    start = game.position()
    driver = table(ctx, game)
    play = driver.scene
    for move in moves:
        make(driver, move)
    while not isinstance(driver.scene, StalemateScene):
        driver.frames(1)
    panel = driver.scene
    driver.touch(panel.buttons()["replay"].center)  # the double tap's second touch
    assert driver.scene is panel
    driver.seconds(DIALOG_GUARD)
    target = panel.buttons()["replay"].center
    w, h = driver.screen.get_size()
    pygame.event.post(
        pygame.event.Event(
            pygame.FINGERDOWN, x=target[0] / w, y=target[1] / h, dx=0, dy=0, finger_id=0, touch_id=0
        )
    )
    driver.frames(1)
    assert driver.scene is panel and panel.button_state("replay") == "pressed"  # not yet
    pygame.event.post(
        pygame.event.Event(
            pygame.FINGERUP, x=target[0] / w, y=target[1] / h, dx=0, dy=0, finger_id=0, touch_id=0
        )
    )
    driver.frames(1)
    assert isinstance(driver.scene, PlayScene) and driver.scene is not play
    assert driver.scene.game.position() == start  # the same deal again
    assert driver.scene.game.moves == 0 and kind_of(driver.scene.game) is kind


def test_a_press_that_slides_off_a_button_does_nothing(display, ctx):
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title)
    quit_button = title.button_rects()["quit"]
    driver.post(pygame.MOUSEBUTTONDOWN, pos=quit_button.center, button=1, touch=False)
    driver.post(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1, touch=False)
    assert driver.scene is title and not driver.loop.quit


# ------------------------------------------------------------ 4. panels grow to 4K
def test_end_panels_grow_with_the_window_up_to_4k(display, ctx):
    sizes = []
    for size in [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]:
        play = PlayScene(ctx, Flow(ctx), _game_with_moves(2))
        win = WinScene(ctx, play)
        Driver(win, size=size).frames(1)
        panel = win.panel()
        sizes.append((panel.title_px, panel.box.width, panel.buttons["new"].height))
        assert (
            panel.title_px > 2 * compute_layout(*size, ctx.kind.table).font_px
        )  # larger than the bar text
    assert all(x < y for a, b in pairwise(sizes) for x, y in zip(a, b, strict=True))  # all grow
    assert sizes[-1][0] >= 2.5 * sizes[0][0]


# --------------------------------------------------- 5. a minimum window size
def test_the_window_cannot_be_made_smaller_than_320x240(tmp_path, monkeypatch):
    import warnings

    from game.records.storage import Storage
    from game.shell.app import parse_args
    from game.shell.session import Session

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    session = Session.open(
        parse_args(["--window", "640x480"]), None, Storage(tmp_path / "config", tmp_path / "data")
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        assert window.minimum_size == (320, 240)
        window.size = (100, 80)
        assert window.size == (320, 240)
    finally:
        session.close()


def test_at_320x240_settings_scrolls_and_back_stays_in_reach(display, ctx):
    scene = SettingsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene, size=(320, 240))
    driver.frames(1)
    column = scene.column()
    assert column.max_scroll > 0  # the entries do not fit: the list scrolls
    assert "back" in scene.button_rects()
    screen = pygame.Rect(0, 0, 320, 240)
    assert screen.contains(scene.button_rects()["back"])
    seen = set(scene.button_rects())
    for _ in range(len(scene.entries())):  # a wheel step scrolls at least one row
        driver.post(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False
        )
        seen |= set(scene.button_rects())
    assert {key for key, _label in scene.entries()} <= seen  # every entry came into view
    last = [key for key, _label in scene.entries() if key != "back"][-1]
    was = getattr(ctx.settings, last)
    driver.click(scene.button_rects()[last].center)  # the list's end, scrolled to
    assert getattr(ctx.settings, last) != was


def test_arrow_keys_move_a_focus_ring_and_scroll_it_into_view(display, ctx):
    scene = SettingsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(scene, size=(320, 240))
    keys = [key for key, _label in scene.entries()]
    for _ in range(keys.index("animations") + 1):
        driver.key(pygame.K_DOWN)
    assert scene.focus == "animations"
    shown = scene.button_rects()["animations"]
    assert shown.height == scene.column().unit  # wholly visible
    driver.key(pygame.K_RETURN)
    assert ctx.settings.animations == "fast"


# ------------------------------------------------------- 6. messages cover no card
def _cells(layout):
    card_h = layout.card[1]
    return {
        name: rect.move(0, -max(2, card_h // 18))
        .union(rect.move(0, 7 * layout.stack_step))
        .union(layout.labels[name])
        for name, rect in layout.slots.items()
    }


@pytest.mark.parametrize(
    "size",
    [
        (320, 240),
        (640, 480),
        (800, 600),
        (1280, 720),
        (1920, 1080),
        (3840, 2160),
        (1080, 1920),
        (720, 1280),
        (600, 1000),
    ],
)
def test_a_move_error_message_covers_no_card(display, ctx, size):
    ctx.settings.move_errors = True
    play = PlayScene(ctx, Flow(ctx), Game.from_code(DEAL))
    driver = Driver(play, size=size)
    number = next(s for s, c in play.game.playable().items() if not c.is_face)
    other = next(
        s
        for s, c in play.game.playable().items()
        if not c.is_face and s != number and c.value + play.game.top(number).value != 11
    )
    driver.click_slot(number)
    driver.click_slot(other)
    assert play.message is not None
    cells = _cells(play.layout)
    assert play.layout.message.collidelist(list(cells.values())) == -1, size


@pytest.mark.parametrize("size", [(1080, 1920), (1024, 600), (800, 480)], ids=str)
def test_a_notice_in_the_game_covers_no_card_and_no_text(display, ctx, size):
    """A notice on the table is one of its messages: on the free felt, or in the info
    bar's place (where it is too long to stand among the info's parts, the info steps
    aside while it shows); never over a card, the info or a button."""
    from test_table_boxes import overlaps

    play = PlayScene(ctx, Flow(ctx), Game.from_code(DEAL))
    driver = Driver(play, size=size)
    ctx.storage.notices.append(("Cannot save in {folder}; the game goes on.", {"folder": "/x"}))
    driver.frames(2)
    assert ctx.notice is not None
    boxes = play.view.text_boxes()
    text, box = boxes[-1]
    assert text == ctx.notice[0]
    assert box.collidelist(list(_cells(play.layout).values())) == -1
    assert not overlaps(boxes, size)


# --------------------------------------------------------- 7. ask everywhere
def test_menu_new_game_asks_before_a_game_in_progress_is_thrown_away(display, ctx, kind):
    driver, game, _start, _last = under_way(ctx, kind)
    driver.key(pygame.K_ESCAPE)  # the menu, over the game
    title = driver.scene
    driver.click(title.button_rects()["new"].center)
    assert isinstance(driver.scene, ConfirmScene)
    driver.key(pygame.K_RETURN)  # the default answer keeps the game: back to it
    assert isinstance(driver.scene, PlayScene) and driver.scene.game is game
    assert ctx.game is game and ctx.stats.lost == 0
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_n)  # the title's N key asks too
    assert isinstance(driver.scene, ConfirmScene)
    driver.seconds(DIALOG_GUARD)
    driver.click(driver.scene.buttons()["yes"].center)
    assert isinstance(driver.scene, PlayScene) and driver.scene.game.moves == 0
    assert kind_of(driver.scene.game) is kind and ctx.stats.lost == 1


def test_play_this_deal_asks_before_a_game_in_progress_is_thrown_away(display, ctx, kind):
    driver, game, _start, _last = under_way(ctx, kind)
    driver.key(pygame.K_ESCAPE)
    driver.click(driver.scene.button_rects()["code"].center)
    entry = driver.scene
    driver.post(pygame.TEXTINPUT, text="BBBBBBB")
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, ConfirmScene) and driver.scene.default() == "no"
    driver.key(pygame.K_ESCAPE)  # keeps the game: back to it, not to the code screen
    assert isinstance(driver.scene, PlayScene) and driver.scene.game is game
    assert ctx.game is game
    driver = Driver(entry, size=SMALL)
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_y)
    assert isinstance(driver.scene, PlayScene)
    assert driver.scene.game.code == f"{kind.prefix}BBBBBBB" and ctx.stats.lost == 1


def test_no_question_when_there_is_nothing_to_lose(display, ctx):
    driver = Driver(TitleScene(ctx, Flow(ctx)))
    driver.click(driver.scene.button_rects()["new"].center)
    assert isinstance(driver.scene, PlayScene)


# ------------------------------------------------------------------- 8. kiosk
def _text_input_active():
    libs = glob.glob(
        os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-2*")
    )
    if not libs:
        pytest.skip("pygame's own SDL library is not found (a system pygame)")
    return bool(ctypes.CDLL(libs[0]).SDL_IsTextInputActive())


def test_the_kiosk_code_entry_has_a_letter_pad_and_text_input_stops_on_leaving(display, ctx):
    ctx.kiosk = KioskConfig()
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title, size=(1280, 720))
    driver.click(title.button_rects()["code"].center)
    entry = driver.scene
    assert isinstance(entry, CodeEntryScene) and entry.pad
    assert _text_input_active()
    for letter in "KIOSKAB":
        driver.touch(entry.button_rects()[f"letter-{letter}"].center)
    assert entry.letters == "KIOSKAB"
    driver.touch(entry.button_rects()["erase"].center)
    assert entry.letters == "KIOSKA"
    driver.touch(entry.button_rects()["back"].center)
    assert driver.scene is title
    assert not _text_input_active()


@pytest.mark.parametrize("size", [(1080, 1920), (1920, 1080), (800, 600), (720, 1280)])
def test_the_attract_screen_keeps_its_cards_off_the_menu_and_the_title(display, ctx, size):
    ctx.kiosk = KioskConfig()
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title, size=size)
    driver.frames(1)
    column = title.column()
    menu = column.rects["new"].unionall(list(column.rects.values())).move(0, column.view.top)
    previous = None
    faded = False
    for step in range(400):
        title.time = step * 0.1
        cards = title.attract_cards(column)
        assert len(cards) == 12
        for _card, rect, alpha in cards:
            if alpha:
                assert not rect.colliderect(menu), (size, rect, menu)
                assert rect.top >= column.title.bottom, (size, rect, column.title)
            faded = faded or 0 < alpha < 200
        if previous is not None:  # every card moves a little or fades: never a jump
            for (card, rect, alpha), (card_before, before, alpha_before) in zip(
                cards, previous, strict=False
            ):
                if card == card_before:
                    distance = abs(rect.centerx - before.centerx) + abs(
                        rect.centery - before.centery
                    )
                    assert distance < rect.width or min(alpha, alpha_before) < 40
        previous = cards
    if size in ((1080, 1920), (1920, 1080)):  # room around the menu: cards show, and fade
        assert faded  # in at one end of the arc and out at the other


# ---------------------------------------------------- 9. buttons, rules, texts
def test_buttons_light_under_the_mouse_and_darken_while_pressed(display, ctx):
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title)
    rect = title.button_rects()["rules"]
    point = (rect.left + rect.height // 2, rect.centery - rect.height // 3)
    driver.frames(1)
    still = pygame.display.get_surface().get_at(point)
    driver.post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    assert title.button_state("rules") == "hover"
    lit = pygame.display.get_surface().get_at(point)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1, touch=False)
    assert title.button_state("rules") == "pressed"
    pressed = pygame.display.get_surface().get_at(point)
    assert sum(lit[:3]) > sum(still[:3]) > sum(pressed[:3])
    driver.post(pygame.MOUSEBUTTONUP, pos=rect.center, button=1, touch=False)
    assert isinstance(driver.scene, RulesScene)


def test_the_table_buttons_light_too_and_act_on_release(display, ctx, kind):
    driver, game, start, _last = under_way(ctx, kind)
    play = driver.scene
    undo = play.layout.buttons["undo"]
    point = (undo.left + undo.height // 2, undo.centery - undo.height // 3)
    driver.seconds(0.5)
    still = driver.screen.get_at(point)
    driver.post(pygame.MOUSEMOTION, pos=undo.center, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    assert play.gestures.hover == "undo"
    lit = driver.screen.get_at(point)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=undo.center, button=1, touch=False)
    assert game.moves == 1 and play.gestures.pressed == "undo"
    pressed = driver.screen.get_at(point)
    assert sum(lit[:3]) > sum(still[:3]) > sum(pressed[:3])
    driver.post(pygame.MOUSEBUTTONUP, pos=undo.center, button=1, touch=False)
    assert game.moves == 0 and play.gestures.pressed is None and game.position() == start


def test_the_rules_scroll_by_whole_lines(display, ctx, monkeypatch):
    rules = RulesScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    driver = Driver(rules, size=(640, 480))
    drawn = []
    real = ui.draw_text

    def record(surface, text, px, colour=None, **kwargs):
        rect = real(surface, text, px, colour or (0, 0, 0), **kwargs)
        if "topleft" in kwargs:
            drawn.append(rect)
        return rect

    monkeypatch.setattr(ui, "draw_text", record)
    area = rules._text_area(rules.column())
    for _ in range(8):
        drawn.clear()
        driver.post(
            pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False
        )
        assert drawn and all(area.contains(rect) for rect in drawn)
        assert drawn[0].top == area.top  # the first line sits on the top edge, whole
    assert rules.first_line > 0
    assert rules.first_line + rules.visible_lines() == len(rules.lines())  # the end reached


def test_settings_explain_move_errors_and_placement_aid_in_one_line(display, ctx):
    settings = SettingsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    Driver(settings, size=(1280, 720)).frames(1)
    column = settings.column()
    assert {"move_errors", "placement_aid"} <= set(column.captions)
    for key, caption in column.captions.items():
        text = settings.caption(key)
        assert text and ui.fit_px(text, caption.height * 4 // 5, caption.width) >= 10


@pytest.mark.parametrize("code", ["ru", "fi", "ms", "en"])
def test_every_settings_button_uses_the_same_text_size(display, ctx, code, monkeypatch):
    ctx.settings.language = code
    ctx.apply_settings()
    settings = SettingsScene(ctx, back=TitleScene(ctx, Flow(ctx)))
    sizes = {}
    real = ui.draw_button

    def record(surface, rect, label, **kwargs):
        sizes[label] = kwargs.get("px")
        return real(surface, rect, label, **kwargs)

    monkeypatch.setattr(ui, "draw_button", record)
    Driver(settings, size=(1280, 720)).frames(1)
    assert len(set(sizes.values())) == 1, sizes
    ctx.settings.language = "en"
    ctx.apply_settings()


@pytest.mark.parametrize("code", ["ru", "fi"])
def test_the_space_key_is_named_in_the_language_of_the_rules(code):
    from game.look.i18n import _, set_language

    set_language(code)
    try:
        keys = _("Keys: arrows and Space to play, Ctrl+Z or Backspace to undo, Ctrl+Y to redo,")
        assert "Space" not in keys
        assert {"ru": "Пробел", "fi": "välilyönti"}[code].lower() in keys.lower()
    finally:
        set_language("en")


# -------------------------------------------------------- 10. redo, copy the code
def test_ctrl_y_ctrl_shift_z_and_the_redo_button_replay_what_undo_took_back(display, ctx, kind):
    from game.records.savegame import SavedGame

    driver, game, start, _last = under_way(ctx, kind)
    play = driver.scene
    made = game.position()
    redos = [
        lambda: driver.key(pygame.K_y, pygame.KMOD_LCTRL),
        lambda: driver.key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT),
        lambda: driver.click(play.layout.buttons["redo"].center),
    ]
    for redo in redos:
        driver.key(pygame.K_BACKSPACE)
        assert game.position() == start and game.moves == 0 and game.can_redo()
        # every move undone: still a game that had one, kept to end once (issue 36)
        assert SavedGame.load(ctx.storage, kind).game.position() == start
        redo()
        assert game.position() == made and not game.can_redo()
        assert ctx.game is game and game.moves == 1
        assert SavedGame.load(ctx.storage, kind).game.position() == made  # saved again


def test_a_new_move_after_undo_clears_redo_and_greys_the_button(display, ctx, kind):
    game, moves = win_game(kind)
    driver = table(ctx, game)
    play = driver.scene
    make(driver, moves[0])
    driver.key(pygame.K_BACKSPACE)
    assert game.can_redo() and play.board.enabled("redo")
    make(driver, moves[0])  # the same move made anew: a new move all the same
    assert not game.can_redo() and not play.board.enabled("redo")
    before = game.position()
    driver.click(play.layout.buttons["redo"].center)
    assert game.position() == before and game.moves == 1


@pytest.mark.parametrize("how", ["ctrl+c", "tap on the code"])
def test_the_deal_code_goes_to_the_clipboard_with_a_short_note(display, ctx, kind, how):
    import pygame.scrap

    code = f"{kind.prefix}ABCDEFG"
    driver = table(ctx, kind.from_code(code))
    play = driver.scene
    driver.frames(1)
    pygame.scrap.put_text("something else")
    if how == "ctrl+c":
        driver.key(pygame.K_c, pygame.KMOD_LCTRL)
    else:
        code_rect = play.view.code_rect
        assert play.layout.info.contains(code_rect) and code_rect.width > 0
        driver.click(code_rect.center)
    assert pygame.scrap.get_text() == code
    assert play.message is not None and "Copied" in play.message[0]
    assert play.board.selected() == () and play.game.moves == 0


# --------------------------------------------- 1 (again). a real X server, xmessage
def test_a_window_that_covered_the_table_leaves_no_trace_on_a_real_x_server(tmp_path):
    """Xvfb with no window manager (the kiosk setup), xmessage over the table, closed."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tools"))
    from xsession import missing, virtual_display, window_of

    absent = missing(("Xvfb", "xdotool", "xmessage", "import"))
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} (apt-get install xvfb xdotool x11-utils imagemagick)"
        )

    def shot(display, name):
        path = tmp_path / f"{name}.png"
        subprocess.run(
            ["import", "-display", display, "-window", "root", str(path)], check=True, timeout=30
        )
        return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")

    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "WAYLAND_"))}
    with virtual_display((1280, 720)) as display:
        env.update(DISPLAY=display, HALFMOON_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
        game = subprocess.Popen(
            [sys.executable, str(root / "main.py"), "--deal", DEAL, "--window", "1280x720"],
            cwd=root,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            window_of(display, game)
            time.sleep(1.0)
            before = shot(display, "before")
            cover = subprocess.Popen(
                ["xmessage", "-geometry", "500x300+300+150", "hi"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.0)
            covered = shot(display, "covered")
            cover.terminate()
            cover.wait(timeout=10)
            time.sleep(1.0)
            after = shot(display, "after")
        finally:
            game.terminate()
            game.wait(timeout=20)
    assert covered != before  # xmessage was there ...
    assert after == before  # ... and left no trace
