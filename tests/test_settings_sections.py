"""The Settings screen in sections (issue 37, item 5) with a live preview (item 3): the
look, play and each game's own settings under headings, all of it on screen at 1280x720
in every language, a visible scroll below that, and a picture of the table and cards that
follows the look settings."""

from __future__ import annotations

import pygame
import pytest
from kind_scripts import probe_kind
from ui_helpers import Driver

from game.games.catalog import KINDS, register, unregister
from game.look import ui
from game.look.i18n import LANGUAGES, _
from game.records.settings import Settings
from game.scenes.menus import SettingsScene
from game.scenes.title import TitleScene

LOOK = {"language", "deck", "card_back", "table_colour", "four_colour", "pile_labels"}


def _settings(ctx, flow, code="en", size=(1280, 720)):
    ctx.settings.language = code
    ctx.apply_settings()
    scene = SettingsScene(ctx, back=TitleScene(ctx, flow))
    driver = Driver(scene, size=size)
    driver.frames(1)
    return scene, driver


def _drawn_texts(monkeypatch):
    """Every text ui.draw_text writes from now on, with the rect it took."""
    seen: list[tuple[str, pygame.Rect]] = []
    real = ui.draw_text

    def record(surface, text, px, *args, **kwargs):
        rect = real(surface, text, px, *args, **kwargs)
        seen.append((text, rect))
        return rect

    monkeypatch.setattr(ui, "draw_text", record)
    return seen


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_entry_is_whole_on_screen_at_1280x720(display, ctx, flow, code):
    scene, _driver = _settings(ctx, flow, code)
    window = pygame.Rect(0, 0, 1280, 720)
    column = scene.column()
    shown = scene.button_rects()
    assert column.max_scroll == 0
    for key, _label in scene.entries():
        assert key in shown, key
        rect = shown[key]
        assert rect.height == column.unit and window.contains(rect), (key, rect)
    for key, caption in column.captions.items():
        assert window.contains(caption.move(0, column.view.top)), key
    rects = list(shown.values())
    assert all(a.collidelist([b for b in rects if b is not a]) == -1 for a in rects)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_settings_come_in_sections_under_their_headings(display, ctx, flow, monkeypatch, code):
    drawn = _drawn_texts(monkeypatch)
    scene, _driver = _settings(ctx, flow, code)
    sections = scene.sections()
    keys = [key for _heading, section in sections for key in section]
    entries = [key for key, _label in scene.entries() if key != "back"]
    assert sorted(keys) == sorted(entries) and len(set(keys)) == len(keys)
    headings = [heading for heading, _keys in sections]
    assert headings[:2] == [_("Appearance"), _("Playing")] and len(set(headings)) == len(headings)
    assert set(sections[0][1]) >= LOOK and "sound" in sections[1][1]
    texts = {text: rect for text, rect in drawn}
    shown = scene.button_rects()
    for heading, section in sections:
        assert heading in texts, heading  # drawn, over its first entry, in its column
        first = shown[section[0]]
        above = texts[heading]
        assert above.bottom <= first.top and first.left <= above.centerx <= first.right


def test_each_kinds_own_settings_sit_under_a_heading_naming_it(display, ctx, flow):
    scene, _driver = _settings(ctx, flow)
    sections = scene.sections()
    owned = {key for kind in KINDS for key in kind.settings}
    assert owned  # the games declare settings of their own
    for kind in KINDS:
        for key in kind.settings:
            assert key in vars(Settings()) and isinstance(getattr(Settings(), key), bool)
            [heading] = [h for h, keys in sections if key in keys]
            assert _(kind.family) in heading, (kind.key, key, heading)
    for heading, keys in sections[:2]:  # the look and play hold no game's own setting
        assert not owned & set(keys), heading
    names = [_(name) for kind in KINDS for name in (kind.name, kind.family)]
    for key, _label in scene.entries():  # the heading names the games, not the lines
        assert not any(name in scene.caption(key) for name in names), scene.caption(key)


def test_a_kind_added_to_the_registry_gets_its_settings_under_its_name(display, ctx, flow):
    probe = probe_kind(settings=(KINDS[0].settings[0],))
    register(probe)
    try:
        scene, _driver = _settings(ctx, flow)
        [heading] = [h for h, keys in scene.sections() if KINDS[0].settings[0] in keys]
        assert "Probe" in heading and _(KINDS[0].family) in heading
    finally:
        unregister(probe)


@pytest.mark.parametrize("size", [(640, 480), (800, 480)], ids=["640x480", "800x480"])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_keyboard_focus_scrolls_each_entry_and_its_heading_into_view(
    display, ctx, flow, monkeypatch, code, size
):
    """At 800x480 the entries fit in two columns where the language's explanations are
    short enough (en, fi), else they scroll; at 640x480 they scroll in every language."""
    scene, driver = _settings(ctx, flow, code, size=size)
    column = scene.column()
    if size == (640, 480):
        assert column.max_scroll > 0  # too long for the window: it scrolls, with a bar
    window = pygame.Rect((0, 0), size)
    firsts = {keys[0]: heading for heading, keys in scene.sections()}
    drawn = _drawn_texts(monkeypatch)
    for key, _label in scene.entries():
        driver.key(pygame.K_DOWN)
        assert scene.focus == key
        drawn.clear()
        scene.invalidate()
        driver.frames(1)
        rect = scene.button_rects()[key]
        assert rect.height == column.unit and window.contains(rect), key
        if key in firsts:  # a section's first entry shows its heading too
            [above] = [r for text, r in drawn if text == firsts[key]]
            assert column.view.contains(above), (key, above)
    top = scene.scroll
    driver.post(
        pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False
    )
    assert scene.scroll < top or column.max_scroll == 0  # the wheel scrolls it back up
    if column.max_scroll:  # and a finger dragged up the list scrolls it down
        before = scene.scroll
        for event in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            driver.post(event, x=0.5, y=0.6, dx=0.0, dy=-0.2, finger_id=0, touch_id=0)
        assert scene.scroll > before


def _preview(scene, driver):
    scene.invalidate()
    driver.frames(1)
    rect = scene.preview_rect()
    assert rect.width > 40 and rect.height > 30
    return pygame.image.tobytes(driver.screen.subsurface(rect), "RGB"), rect


@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=["1280x720", "800x480"])
def test_the_preview_follows_the_table_colour_the_back_and_the_deck(display, ctx, flow, size):
    scene, driver = _settings(ctx, flow, size=size)
    from game.look import theme

    seen = []
    for key in ("table_colour", "card_back", "deck", "four_colour"):
        before, _rect = _preview(scene, driver)
        while key not in scene.button_rects() or scene.button_rects()[key].height < 10:
            driver.key(pygame.K_DOWN)
        driver.click(scene.button_rects()[key].center)
        after, rect = _preview(scene, driver)
        seen.append((key, before != after))
        corner = driver.screen.get_at((rect.left + 3, rect.centery))[:3]  # the felt's edge
        assert corner == theme.TABLES[ctx.settings.table_colour][0], (key, corner)
    assert all(changed for _key, changed in seen), seen
