"""The app icon (game.look.icon, tools/make_icons.py) and the window's identity
(game.shell.display)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest
from conftest import load_tool

from game.look.assets import asset_path, png_path
from game.look.icon import PNG_SIZES, SMALL_MAX, icon_files, icon_surface, icon_svg
from game.shell import display as game_display

ROOT = Path(__file__).resolve().parents[1]
ICONS = asset_path("icons")
GAME_ARGS = ("--deal", "HM1-N-AAAAAAB", "--window", "1280x720")


make_icons = load_tool("make_icons")


def test_the_committed_icon_files_are_what_game_icon_draws():
    """tools/make_icons.py writes these; rerun it after changing game/look/icon.py."""
    assert make_icons.stale_files(ICONS) == []
    for name, text in icon_files().items():
        assert (ICONS / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("pixels", PNG_SIZES)
def test_each_png_has_its_size_transparent_corners_and_a_picture(pixels):
    surface = pygame.image.load(str(ICONS / png_path(pixels)))
    assert surface.get_size() == (pixels, pixels)
    assert surface.get_flags() & pygame.SRCALPHA
    last = pixels - 1
    for corner in ((0, 0), (last, 0), (0, last), (last, last)):
        assert surface.get_at(corner).a == 0, corner
    middle = surface.get_at((pixels // 2, pixels // 2))
    assert middle.a == 255
    colours = {tuple(surface.get_at((x, y))) for x in range(pixels) for y in range(pixels)}
    assert len(colours) > 20  # felt, paper, the blue back, gold, edges: not blank
    paper = sum(1 for c in colours if min(c[:3]) > 230)
    assert paper > 0  # the white cards show


def test_the_small_drawing_is_used_up_to_32_pixels():
    assert icon_svg(small=True) != icon_svg()

    def render(svg: str, pixels: int) -> bytes:
        surface = pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (pixels, pixels))
        return pygame.image.tobytes(surface, "RGBA")

    for pixels in (SMALL_MAX, SMALL_MAX + 16):
        drawn = pygame.image.tobytes(icon_surface(pixels), "RGBA")
        small = pixels <= SMALL_MAX
        assert (drawn == render(icon_svg(small=True), pixels)) is small
        assert (drawn == render(icon_svg(), pixels)) is not small


def test_the_svg_is_plain_and_square():
    text = icon_svg()
    assert "<text" not in text and "<image" not in text
    assert re.search(r'<svg [^>]*width="256" height="256" viewBox="0 0 256 256"', text)


def test_make_icons_writes_the_files_and_checks_them(tmp_path, capsys):
    assert make_icons.main(["--check", "--out", str(tmp_path)]) == 1
    assert make_icons.main(["--out", str(tmp_path)]) == 0
    assert make_icons.main(["--check", "--out", str(tmp_path)]) == 0
    assert make_icons.main(["--out", str(tmp_path)]) == 0
    assert "0 written" in capsys.readouterr().out
    png = tmp_path / png_path(64)
    drawn = icon_surface(64)
    drawn.fill((255, 0, 0, 255), pygame.Rect(0, 0, 20, 20))  # a change a design would make
    pygame.image.save(drawn, str(png))
    assert make_icons.main(["--check", "--out", str(tmp_path)]) == 1
    assert png_path(64) in capsys.readouterr().err
    make_icons.main(["--out", str(tmp_path)])
    (tmp_path / "old.png").write_bytes(b"")
    assert make_icons.main(["--check", "--out", str(tmp_path)]) == 1
    assert "old.png" in capsys.readouterr().err


def test_the_window_class_is_set_before_video_starts_unless_the_environment_has_one(
    monkeypatch,
):
    monkeypatch.delenv("SDL_VIDEO_X11_WMCLASS", raising=False)
    monkeypatch.delenv("SDL_APP_ID", raising=False)
    monkeypatch.setenv("SDL_VIDEO_WAYLAND_WMCLASS", "mine")
    game_display.set_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "halfmoon"
    assert os.environ["SDL_APP_ID"] == "halfmoon"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "mine"


@pytest.fixture
def video():
    """pygame's display module, headless, without a window."""
    pygame.display.init()
    yield
    pygame.quit()


def test_the_window_icon_is_the_bundled_png(video, monkeypatch):
    given = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    assert game_display.set_window_icon()
    assert given[0].get_size() == (game_display.ICON_PIXELS,) * 2


def test_a_missing_icon_file_is_rendered_from_the_code(video, monkeypatch, tmp_path):
    given = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    monkeypatch.setattr("game.look.assets.asset_path", lambda *parts: Path(tmp_path, *parts))
    assert game_display.set_window_icon()
    assert pygame.image.tobytes(given[0], "RGBA") == pygame.image.tobytes(
        icon_surface(game_display.ICON_PIXELS), "RGBA"
    )


def test_no_icon_at_all_does_not_stop_the_game(video, monkeypatch, tmp_path):
    (tmp_path / "icons").mkdir()
    monkeypatch.setattr(
        "game.look.assets.asset_path", lambda *parts: tmp_path / "icons" / "bad.png"
    )
    (tmp_path / "icons" / "bad.png").write_bytes(b"not a png")

    def cannot(_pixels):
        raise pygame.error("no SVG support")

    monkeypatch.setattr("game.look.icon.icon_surface", cannot)
    assert game_display.set_window_icon() is False
    game_display.Display((320, 240), fullscreen=False)  # the window opens all the same
    assert pygame.display.get_surface().get_size() == (320, 240)


ICON_AS_NUMBERS = ("-notype", "-f", "_NET_WM_ICON", "32c", "_NET_WM_ICON")
"""xprop's arguments for the window icon as numbers: width, height, then ARGB pixels
(without an icon it prints "_NET_WM_ICON:  not found.")."""


def _xprop(display: str, window: str, *names: str) -> str:
    done = subprocess.run(
        ["xprop", "-id", window, *names],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=20,
        check=True,
    )
    return done.stdout


def test_the_real_window_has_the_class_halfmoon_and_the_games_icon(tmp_path):
    """Under Xvfb: WM_CLASS and _NET_WM_ICON as a window manager and a taskbar see them."""
    sys.path.insert(0, str(ROOT / "tools"))
    from xsession import missing, virtual_display, window_of

    absent = missing(("Xvfb", "xdotool", "xprop"))
    if absent:
        pytest.skip(f"needs {', '.join(absent)} (apt-get install xvfb xdotool x11-utils)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "WAYLAND_"))}
    with virtual_display((1280, 720)) as display:
        env.update(DISPLAY=display, HALFMOON_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
        game = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *GAME_ARGS],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            window = window_of(display, game)
            names = _xprop(display, window, "WM_CLASS")
            deadline = time.monotonic() + 10  # pygame sets the icon just after the window
            while "=" not in (icon := _xprop(display, window, *ICON_AS_NUMBERS)):
                assert time.monotonic() < deadline, icon
                time.sleep(0.1)
        finally:
            game.terminate()
            game.wait(timeout=20)
    assert re.search(r'WM_CLASS\(STRING\) = "halfmoon", "halfmoon"', names), names
    numbers = [int(n) for n in icon.split("=", 1)[1].replace(",", " ").split()]
    pixels = game_display.ICON_PIXELS
    assert numbers[:2] == [pixels, pixels]
    argb = numbers[2 : 2 + pixels * pixels]
    shown = bytes(b for v in argb for b in ((v >> 16) & 255, (v >> 8) & 255, v & 255, v >> 24))
    png = pygame.image.load(str(ICONS / png_path(pixels)))
    assert shown == pygame.image.tobytes(png, "RGBA")  # the project's icon, pixel for pixel
