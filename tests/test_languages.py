"""Four languages: full catalogs, every glyph in the bundled font, every text fits 800x600."""

import re
import sys

import pytest
from babel.messages.pofile import read_po
from conftest import position_text
from ui_helpers import Driver, pygame

from game.look import i18n, ui
from game.look.fonts import font
from game.look.i18n import LANGUAGES, LOCALE_DIR, _, ngettext, set_language, system_language
from game.rules import Game
from game.scenes.code_entry import CodeEntryScene
from game.scenes.dialogs import ConfirmScene
from game.scenes.end import StalemateScene, WinScene
from game.scenes.menus import SettingsScene, StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.rules_page import RulesScene
from game.scenes.title import TitleScene

TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _catalog(code):
    with (LOCALE_DIR / code / "LC_MESSAGES" / "halfmoon.po").open("rb") as handle:
        return read_po(handle)


def _texts(code):
    """Every string of a language as shown, placeholders filled in (English: the msgids)."""
    texts = []
    for message in _catalog("fi" if code == "en" else code):
        if not message.id:
            continue
        shown = message.id if code == "en" else message.string
        for text in shown if isinstance(shown, tuple) else (shown,):
            texts.append(PLACEHOLDER.sub("1234", text))
    return texts


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code):
    template = {m.id for m in _catalog(code) if m.id}
    assert len(template) > 60
    for message in _catalog(code):
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{code}: untranslated {ids[0]!r}"
        wanted = set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == wanted, (code, ids[0], text)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_catalog_string_renders_with_the_bundled_font_without_a_missing_glyph(display, code):
    texts = _texts(code)
    for bold in (False, True):
        face = font(24, bold)
        for text in texts:
            missing = [
                ch
                for ch, metric in zip(text, face.metrics(text), strict=True)
                if metric is None and not ch.isspace()
            ]
            assert not missing, (code, text, missing)


def test_russian_has_three_plural_forms():
    assert set_language("ru")
    try:
        forms = {ngettext("{count} card is left", "{count} cards are left", n) for n in (1, 3, 5)}
        assert len(forms) == 3
        assert _("New game") != "New game"
    finally:
        set_language("en")


def test_the_language_follows_the_system_locale_else_english():
    assert system_language({"LANG": "fi_FI.UTF-8"}) == "fi"
    assert system_language({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}) == "ru"
    assert system_language({"LANGUAGE": "de:ms"}) == "ms"
    assert system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert system_language({}) == "en"


def _scenes(ctx, flow):
    """Every screen with text, in the states that show the most of it."""
    game = Game.from_code("HM1-N-AAAAAAB")
    game.remove(game.legal_removals()[0])
    play = PlayScene(ctx, flow, game)
    play.message = (_("Needs a Jack, a Queen and a King"), 0.0)
    confirm = ConfirmScene(
        ctx,
        PlayScene(ctx, flow, game),
        "Abandon this game and deal a new one?",
        "New game",
        lambda: None,
    )
    stale = PlayScene(ctx, flow, Game.from_position(position_text({1: "AC 5S", 2: "QD"})))
    title = TitleScene(ctx, flow)
    stats = StatisticsScene(ctx, back=title)
    reset = ConfirmScene(
        ctx,
        stats,
        "Reset all statistics? This cannot be undone.",
        "Reset all statistics",
        lambda: None,
        no_label="Keep them",
    )
    code = CodeEntryScene(ctx, flow, back=title)
    code.error = "A code looks like HM1-N-AAAAAAB: HM1-N- and 7 letters A-Z."
    for setting in ("move_errors", "placement_aid", "pile_labels", "four_colour"):
        setattr(ctx.settings, setting, True)
    return [
        title,
        SettingsScene(ctx, back=title),
        stats,
        reset,
        RulesScene(ctx, back=title),
        code,
        play,
        confirm,
        WinScene(ctx, play),
        StalemateScene(ctx, stale),
    ]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_text_fits_its_button_or_line_at_800x600(display, ctx, flow, monkeypatch, code):
    ctx.settings.language = code
    ctx.apply_settings()
    fits = []
    real_fit = ui.fit_px

    def recording_fit(text, px, width, bold=False):
        chosen = real_fit(text, px, width, bold)
        fits.append((text, px, chosen, width, font(chosen, bold).size(text)[0]))
        return chosen

    monkeypatch.setattr(ui, "fit_px", recording_fit)
    driver = Driver(TitleScene(ctx, flow), size=(800, 600))
    for scene in _scenes(ctx, flow):
        driver.loop.switch(scene)
        driver.frames(1)
    assert len(fits) > 40
    too_wide = [(text, width) for text, _asked, _chosen, width, drawn in fits if drawn > width]
    too_small = [
        (text, asked, chosen)
        for text, asked, chosen, _width, _drawn in fits
        if chosen < max(11, asked * 0.6)
    ]
    assert not too_wide and not too_small, (code, too_wide, too_small)
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1080, 1920), (3840, 2160)])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_end_panels_keep_text_and_buttons_apart_and_on_screen(display, ctx, flow, code, size):
    ctx.settings.language = code
    ctx.apply_settings()
    driver = Driver(TitleScene(ctx, flow), size=size)
    screen = pygame.Rect((0, 0), size)
    for scene in _scenes(ctx, flow)[-2:]:
        driver.loop.switch(scene)
        panel = scene.panel()
        assert screen.contains(panel.box)
        buttons = list(panel.buttons.values())
        assert all(panel.box.contains(b) for b in buttons)
        assert panel.text.collidelist(buttons) == -1, (code, size)
        assert all(b.collidelist([o for o in buttons if o is not b]) == -1 for b in buttons)
    i18n.set_language("en")


def test_the_systems_preferred_languages_count_when_no_variable_names_one():
    """Windows and macOS report the user's languages only through SDL; the variables
    still override them."""
    assert system_language({}, preferred=["de", "fi"]) == "fi"
    assert system_language({}, preferred=["ru-RU"]) == "ru"
    assert system_language({"LANG": "ms_MY.UTF-8"}, preferred=["fi"]) == "ms"
    assert system_language({"LANG": "C.UTF-8"}, preferred=["de"]) == "en"


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_preferred_languages_come_from_sdl_on_windows_and_macos(monkeypatch, platform):
    import pygame.system

    from game.look import i18n

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": "ru", "country": "RU"}]
    )
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.preferred_locales() == ["ru"]
    assert i18n.system_language() == "ru"


@pytest.mark.parametrize("platform", ["linux", "freebsd14"])
def test_sdl_is_not_asked_where_the_variables_are_all_it_would_read(monkeypatch, platform):
    """On Linux and the other Unixes SDL's list is made from LANG and LANGUAGE, which
    the game has read already: pygame.system (1.5 ms of the start) is not imported."""
    import pygame.system

    from game.look import i18n

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "ru"}])
    assert i18n.preferred_locales() == []


def test_the_system_is_not_asked_when_a_variable_names_a_language_the_game_speaks(monkeypatch):
    """SDL's list of the system's languages (1 ms of the start) is asked for only when
    no variable names a language the game speaks."""
    from game.look import i18n

    asked = []
    monkeypatch.setattr(i18n, "preferred_locales", lambda: asked.append(1) or ["ru"])
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    assert i18n.system_language() == "fi" and asked == []
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "ru" and asked == [1]
