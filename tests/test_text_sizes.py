"""Text legible everywhere (issue 27): no text under 12 px at 1280x720 and above, on the
table of every game kind and on every other screen, in every language; the labels of one
row of buttons share one size; the settings' explanations legible at 640x480 and
800x480.

The sizes are those of the text actually drawn in a real frame of the loop: every text
the bundled font renders then, by its size in pixels, and where a rendered text is then
scaled down to fit (a tiny card's label), by the size it is scaled to."""

from __future__ import annotations

import pytest
from kind_scripts import table
from test_geometry import _scenes
from ui_helpers import Driver, pygame

from game.look import fonts, ui
from game.look.i18n import LANGUAGES
from game.scenes.menus import SettingsScene
from game.scenes.title import TitleScene

LARGE = [(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]
SMALLEST_PX = 12
"""No text under this at the sizes of :data:`LARGE`."""
SMALL = [(640, 480), (800, 480)]
SMALL_WINDOW_PX = 10
"""The settings' explanations in the windows of :data:`SMALL`: no smaller than this."""


class _Sizes:
    """The size of each text drawn while it records, and each button's label size."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[float, str]] = []
        """(size in px, text) of every text rendered, or rendered and scaled down."""
        self.labels: list[tuple[pygame.Rect, str, int]] = []
        """(button, label, size) of every button drawn on the window."""
        self._rendered: dict[int, tuple[pygame.Surface, int, str]] = {}
        self._button: pygame.Rect | None = None
        texts, rendered = self.texts, self._rendered

        class Font(pygame.font.Font):
            def __init__(self, path, px):
                super().__init__(path, px)
                self.px = px

            def render(self, text, *args, **kwargs):
                image = super().render(text, *args, **kwargs)
                texts.append((self.px, text))
                rendered[id(image)] = (image, self.px, text)  # (kept: no id reused)
                return image

        smoothscale = pygame.transform.smoothscale

        def scaled(surface, size, *args):
            source = surface.get_parent() or surface
            if id(source) in rendered:  # a text (or its ink) scaled to fit a place
                _image, px, text = rendered[id(source)]
                texts.append((px * size[1] / surface.get_height(), text))
            return smoothscale(surface, size, *args)

        draw_text, draw_button = ui.draw_text, ui.draw_button

        def text(surface, words, px, *args, **kwargs):
            if self._button is not None and surface is pygame.display.get_surface():
                self.labels.append((self._button, words, px))
            return draw_text(surface, words, px, *args, **kwargs)

        def button(surface, rect, label, **kwargs):
            self._button = pygame.Rect(rect)
            try:
                return draw_button(surface, rect, label, **kwargs)
            finally:
                self._button = None

        monkeypatch.setattr(pygame.font, "Font", Font)
        monkeypatch.setattr(pygame.transform, "smoothscale", scaled)
        monkeypatch.setattr(ui, "draw_text", text)
        monkeypatch.setattr(ui, "draw_button", button)

    def start(self):
        """Forget what was recorded and every font and text rendered before: all text of
        the next frame is rendered then (and recorded)."""
        self.texts.clear()
        self.labels.clear()
        self._rendered.clear()
        ui.forget_sized()
        fonts.clear()

    def smallest(self):
        assert self.texts, "no text drawn"
        return min(self.texts)

    def mixed_rows(self) -> list[dict[str, int]]:
        """Each row of buttons (same top and height) whose labels have more than one size."""
        rows: dict[tuple[int, int], dict[str, int]] = {}
        for rect, label, px in self.labels:
            rows.setdefault((rect.top, rect.height), {})[label] = px
        return [row for row in rows.values() if len(set(row.values())) > 1]


def _check(sizes, found, where, floor=SMALLEST_PX):
    """Note in ``found`` what the frame just recorded in ``sizes`` breaks."""
    px, text = sizes.smallest()
    if px < floor:
        found.append(f"{where}: {text!r} at {px:.1f} px")
    for row in sizes.mixed_rows():
        found.append(f"{where}: one row of buttons, labels of several sizes {row}")


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_table_of_every_kind_has_no_text_under_12_px(
    display, ctx, monkeypatch, kind, code
) -> None:
    """A deal of ``kind`` under way (its code in the bar, the pile labels shown: the most
    text), drawn afresh at each large size after a resize."""
    ctx.settings.language = code
    ctx.settings.pile_labels = True
    ctx.apply_settings()
    game = kind.from_code(kind.code(123456))
    driver = table(ctx, game, size=(700, 500))
    sizes = _Sizes(monkeypatch)
    found: list[str] = []
    for size in LARGE:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        sizes.start()
        driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        assert len(sizes.labels) == len(kind.buttons), size
        _check(sizes, found, f"{size[0]}x{size[1]}")
    assert not found, found


@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_other_screen_has_no_text_under_12_px(
    display, ctx, flow, monkeypatch, code, kiosk
) -> None:
    """Title, settings, statistics, rules, dialogs, code entry, the end panels and the
    kiosk's screens, each in the state that shows the most text, at each large size."""
    ctx.settings.language = code
    ctx.apply_settings()
    scenes = _scenes(ctx, flow, kiosk)
    driver = Driver(TitleScene(ctx, flow), size=LARGE[0])
    sizes = _Sizes(monkeypatch)
    found: list[str] = []
    for size in LARGE:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        for name, scene in scenes.items():
            driver.loop.switch(scene)
            driver.frames(1)  # entered at this size
            sizes.start()
            scene.invalidate()
            driver.frames(1)
            _check(sizes, found, f"{name} {size[0]}x{size[1]}")
    assert not found, found


@pytest.mark.parametrize("size", SMALL, ids=[f"{w}x{h}" for w, h in SMALL])
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_settings_explanations_are_legible_in_a_small_window(
    display, ctx, flow, monkeypatch, code, size
) -> None:
    """Every setting's explanation line (scrolled into view one by one) at least 10 px."""
    ctx.settings.language = code
    ctx.apply_settings()
    scene = SettingsScene(ctx, back=TitleScene(ctx, flow))
    driver = Driver(scene, size=size)
    sizes = _Sizes(monkeypatch)
    captions = {scene.caption(key) for key, _label in scene.entries()} - {""}
    assert captions
    seen: dict[str, float] = {}
    for _step in range(len(scene.entries()) + 2):
        sizes.start()
        scene.invalidate()
        driver.frames(1)
        for px, text in sizes.texts:
            if text in captions:
                seen[text] = min(px, seen.get(text, px))
        driver.key(pygame.K_DOWN)  # the next entry, scrolled into view
    assert set(seen) == captions, captions - set(seen)
    small = {text: px for text, px in seen.items() if px < SMALL_WINDOW_PX}
    assert not small, small


@pytest.mark.parametrize(
    "size", [(640, 480), (800, 480), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}"
)
@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_game_tiles_names_share_one_size_and_stay_legible(
    display, ctx, flow, monkeypatch, code, size
):
    """The title's game tiles are a row like the bar's buttons: their names share one size,
    a long name taking two lines where that is larger (Russian "Открытый полумесяц" was
    9 px at 800x480 beside 11 px names)."""
    from game.games.catalog import KINDS
    from game.look.i18n import _

    ctx.settings.language = code
    ctx.apply_settings()
    scene = TitleScene(ctx, flow)
    driver = Driver(scene, size=size)
    sizes = _Sizes(monkeypatch)
    sizes.start()
    scene.invalidate()
    driver.frames(1)
    names = [_(kind.name) for kind in KINDS]
    parts = set(names)  # a name, or either line of it broken at a space
    for name in names:
        words = name.split(" ")
        parts.update(
            " ".join(half) for i in range(1, len(words)) for half in (words[:i], words[i:])
        )
    drawn = [(px, text) for px, text in sizes.texts if text in parts]
    heading = max(drawn)  # the screen's heading: the app's name, Half Moon's too
    assert heading[1] == _("Half Moon") and drawn.count((heading[0], heading[1])) == 1
    drawn.remove(heading)
    lines = {text for _px, text in drawn}  # (a line drawn twice is rendered once)
    for name in names:  # each name drawn whole, on one line or on two
        words = name.split(" ")
        halves = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        assert name in lines or any(a in lines and b in lines for a, b in halves), (name, lines)
    assert len({px for px, _text in drawn}) == 1, drawn
    assert min(px for px, _text in drawn) >= (10 if size[0] < 1280 else SMALLEST_PX), drawn
