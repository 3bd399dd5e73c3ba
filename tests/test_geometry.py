"""Every screen at every size in every language: no text or button overlaps another, and
nothing leaves the window (issue 12). What is drawn is recorded from the drawing helpers
while each scene draws itself through the real loop."""

from __future__ import annotations

import pytest
from conftest import position_text
from kind_scripts import make, stalemate_game, table, win_game
from ui_helpers import Driver, pygame

from game.look import ui
from game.look.i18n import LANGUAGES
from game.records.kiosk import KioskConfig
from game.rules import Game
from game.rules.solver import solve
from game.scenes.code_entry import CodeEntryScene
from game.scenes.dialogs import ConfirmScene
from game.scenes.end import StalemateScene, WinScene
from game.scenes.kiosk import PinScene, PinTries, StillPlayingScene
from game.scenes.menus import SettingsScene, StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.rules_page import RulesScene
from game.scenes.title import TitleScene

SIZES = [(320, 240), (640, 480), (800, 600), (1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]
DEAL = "HM1-N-AAAAAAB"


def _played(count):
    game = Game.from_code(DEAL)
    for removal in solve(Game.from_code(DEAL)).line[:count]:
        game.remove(list(removal.slots))
    return game


def _scenes(ctx, flow, kiosk):
    """Each screen in a state that shows the most text."""
    if kiosk:
        ctx.kiosk = KioskConfig(exit_pin="1234")
        title = TitleScene(ctx, flow)
        code = CodeEntryScene(ctx, flow, back=title)
        code.type_text("KIOSK")
        code.type_text("1")  # refused: the error line shows
        play = PlayScene(ctx, flow, _played(2))
        waiting = PinScene(ctx, play, "1234", PinTries(wait=12.0))
        return {
            "attract": title,
            "code entry pad": code,
            "still playing": StillPlayingScene(ctx, flow, play, 15),
            "pin": PinScene(ctx, play, "1234"),
            "pin waiting": waiting,
            "operator": _operator(ctx, play),
        }
    ctx.stats.won_game("a game", 520, 3725.0)
    ctx.stats.lost_game("another", 125)
    play = PlayScene(ctx, flow, _played(3))
    stale = PlayScene(ctx, flow, Game.from_position(position_text({1: "AC 5S", 2: "QD"})))
    title = TitleScene(ctx, flow, resume=play)
    code = CodeEntryScene(ctx, flow, back=title)
    code.type_text("ABC")
    code.type_text("%")
    stats = StatisticsScene(ctx, back=title, flow=flow)
    log = _log_page(ctx, flow, stats)
    return {
        "title": title,
        "settings": SettingsScene(ctx, back=title),
        "statistics": stats,
        "reset question": ConfirmScene(
            ctx,
            stats,
            "Reset all statistics? This cannot be undone.",
            "Reset all statistics",
            lambda: None,
            no_label="Keep them",
        ),
        "rules": RulesScene(ctx, back=title),
        "code entry": code,
        "new game question": ConfirmScene(
            ctx, play, "Abandon this game and deal a new one?", "New game", lambda: None
        ),
        "win": WinScene(ctx, play),
        "stalemate": StalemateScene(ctx, stale),
        "game log": log,
        "log entry": log.open(0),
    }


def _operator(ctx, under):
    """The operator's screen with every game offered and its widest figures: thousands of
    games and hundreds of hours in the last 30 days (the period shown)."""
    from game.records.usage import Usage
    from game.rules import daily
    from game.scenes.operator import OperatorScene

    ctx.usage_record = Usage()
    for index, kind in enumerate(ctx.offered()):
        counts = ctx.usage_record.on(daily.today(), kind.key)
        counts.started, counts.won, counts.play_seconds = 12345, 6789, 987654.0 + index
    operator = OperatorScene(ctx, under)
    operator.choose("month")
    return operator


def _log_page(ctx, flow, back):
    """The game log page with 30 games, the longest result names among them, each of the
    deal of the day it was played on (its row names it: the longest deal cell)."""
    from datetime import date

    from game.records.game_log import RESULTS, GameLog, LogEntry
    from game.rules import daily
    from game.scenes.log_page import LogScene

    ctx.logs[ctx.kind.key] = GameLog(
        [
            LogEntry(f"g{n}", f"2026-09-{1 + n:02}T23:59:59",
                     daily.code(date(2026, 9, 1 + n), ctx.kind.letter),
                     RESULTS[n % 3], 520, 1234, 3725.0)
            for n in range(30)
        ]
    )  # fmt: skip
    return LogScene(ctx, back, flow, ctx.kind)


class _Recorder:
    """Records the rectangles of texts and buttons drawn (after the last shade)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, pygame.Rect, pygame.Rect | None]] = []
        self.buttons: list[tuple[str, pygame.Rect]] = []
        self._inside: pygame.Rect | None = None
        draw_text, draw_button, shade = ui.draw_text, ui.draw_button, ui.shade

        def text(surface, words, px, colour=ui.theme.TEXT, **kwargs):
            rect = draw_text(surface, words, px, colour, **kwargs)
            shown = rect.clip(surface.get_clip())  # what a scrolled list lets show
            if surface is pygame.display.get_surface() and words.strip() and shown:
                self.texts.append((words, shown, self._inside))
            return rect

        def button(surface, rect, label, **kwargs):
            shown = rect.clip(surface.get_clip())
            if surface is pygame.display.get_surface() and shown:
                self.buttons.append((label, shown))
            self._inside = rect
            try:
                return draw_button(surface, rect, label, **kwargs)
            finally:
                self._inside = None

        def darken(surface, *args):
            self.texts.clear()
            self.buttons.clear()
            return shade(surface, *args)

        monkeypatch.setattr(ui, "draw_text", text)
        monkeypatch.setattr(ui, "draw_button", button)
        monkeypatch.setattr(ui, "shade", darken)

    def problems(self, size):
        window = pygame.Rect((0, 0), size)
        found = []
        for label, rect in self.buttons:
            if not window.contains(rect):
                found.append(f"button {label!r} leaves the window: {rect}")
        for index, (label, rect) in enumerate(self.buttons):
            for other, other_rect in self.buttons[index + 1 :]:
                if rect.colliderect(other_rect):
                    found.append(f"buttons {label!r} and {other!r} overlap")
        loose = [(words, rect) for words, rect, inside in self.texts if inside is None]
        for words, rect, inside in self.texts:
            if not window.contains(rect):
                found.append(f"text {words!r} leaves the window: {rect}")
            if inside is not None and not inside.clip(window).contains(rect):
                found.append(f"label {words!r} sticks out of its button")
        for index, (words, rect) in enumerate(loose):
            for other, other_rect in loose[index + 1 :]:
                if rect.colliderect(other_rect):
                    found.append(f"texts {words!r} and {other!r} overlap")
            for label, button in self.buttons:
                if rect.colliderect(button):
                    found.append(f"text {words!r} runs into button {label!r}")
        return found


@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_text_or_button_overlaps_another_or_leaves_the_window(
    display, ctx, flow, monkeypatch, size, code, kiosk
):
    ctx.settings.language = code
    ctx.apply_settings()
    scenes = _scenes(ctx, flow, kiosk)
    driver = Driver(TitleScene(ctx, flow), size=size)
    recorder = _Recorder(monkeypatch)
    found = {}
    for name, scene in scenes.items():
        driver.loop.switch(scene)
        recorder.texts.clear()
        recorder.buttons.clear()
        scene.invalidate()
        driver.frames(1)
        assert recorder.texts or recorder.buttons, name
        problems = recorder.problems(size)
        if problems:
            found[name] = problems
    assert not found, found


def _table_problems(ctx, monkeypatch, kind, code, name, sizes):
    """What overlaps or leaves the window on ``kind``'s table (``name`` "table", a game
    under way) or its stalemate panel, reached by real input, then resized to each of
    ``sizes``."""
    ctx.settings.language = code
    ctx.apply_settings()
    recorder = _Recorder(monkeypatch)
    game, moves = stalemate_game(kind) if name == "stalemate" else win_game(kind)
    driver = table(ctx, game, size=(700, 500))  # a size of none of the checks
    for move in moves if name == "stalemate" else moves[:-1]:
        make(driver, move)
    for _ in range(120):  # the cards land; the panel comes
        if (name == "stalemate") == isinstance(driver.scene, StalemateScene) and not getattr(
            driver.scene, "animating", False
        ):
            break
        driver.frames(1)
    found = {}
    for size in sizes:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        recorder.texts.clear()
        recorder.buttons.clear()
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        assert recorder.buttons, (name, size)
        problems = recorder.problems(size)
        if problems:
            found[(name, size)] = problems
    return found


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_table_and_stalemate_panel_of_every_kind_keep_text_and_buttons_apart(
    display, ctx, monkeypatch, kind, code
):
    """The table and the stalemate panel of each kind (what differs between kinds: the bar's
    buttons, the stalemate's reason; the other panels are the same for all), at every size
    but 4K (the panels are the same code there) and the table at 320x240 (below)."""
    sizes = [size for size in SIZES if size != (3840, 2160)]
    found = _table_problems(ctx, monkeypatch, kind, code, "stalemate", sizes)
    found.update(_table_problems(ctx, monkeypatch, kind, code, "table", sizes[1:]))
    assert not found, found


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_table_bar_fits_a_320x240_window(display, ctx, monkeypatch, request, kind, code):
    if "redeal" in kind.buttons and code != "en":
        request.applymarker(
            pytest.mark.xfail(
                strict=True,
                reason="known: five bar buttons (Crescent's Redeal) at 320 pixels leave too "
                "little room for the Malay, Finnish and Russian labels even at 8 px",
            )
        )
    assert not _table_problems(ctx, monkeypatch, kind, code, "table", [(320, 240)])
