"""The command line, the display (window or fullscreen) and the loop: ``halfmoon``."""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from . import __version__
from .i18n import LANGUAGES
from .rules import DealCodeError, normalize_code

if TYPE_CHECKING:
    from .kiosk import KioskConfig
    from .storage import Storage

DEFAULT_WINDOW = (1280, 720)


def _window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window size: expected WIDTHxHEIGHT, e.g. 1280x720"
        ) from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{text!r} is too small: at least 320x240")
    return width, height


def _deal_code(text: str) -> str:
    try:
        return normalize_code(text)
    except DealCodeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _frames(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of frames")
    return value


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on stderr (and exit status 2), no usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read the command line; a bad argument exits with status 2 and one clear line."""
    parser = _Parser(prog="halfmoon", description="Half Moon, a two-deck Elevens solitaire.")
    parser.add_argument(
        "--deal",
        type=_deal_code,
        metavar="CODE",
        help="start the deal with this code, e.g. HM1-N-AAAAAAB",
    )
    parser.add_argument(
        "--window", type=_window_size, metavar="WxH", help="window size, e.g. 1280x720"
    )
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument(
        "--max-frames", type=_frames, metavar="N", help="run N frames and exit (for smoke tests)"
    )
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help="language: " + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items()),
    )
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="public touch-screen mode: fullscreen, no way out for players (see docs/kiosk.md)",
    )
    parser.add_argument(
        "--kiosk-config",
        type=Path,
        metavar="PATH",
        help="kiosk settings (TOML, read only); implies --kiosk unless it says kiosk = false",
    )
    parser.add_argument("--version", action="version", version=f"Half Moon {__version__}")
    return parser.parse_args(argv)


class Display:
    """The window: resizable, or fullscreen at the desktop's own resolution (F11)."""

    def __init__(self, size: tuple[int, int], fullscreen: bool) -> None:
        import pygame

        self._pygame = pygame
        self.window_size = size
        self.fullscreen = not fullscreen
        self.toggle()

    def toggle(self) -> None:
        """Switch between the window and fullscreen."""
        pygame = self._pygame
        if self.fullscreen:
            self.surface = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        else:
            if pygame.display.get_surface() is not None:
                self.window_size = self.surface.get_size()
            desktop = pygame.display.get_desktop_sizes()[0]
            self.surface = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen


def storage_from_environment() -> Storage:
    """The user's platform folders, or ``$HALFMOON_HOME/config`` and ``/data`` when set."""
    from .storage import Storage

    home = os.environ.get("HALFMOON_HOME")
    storage = Storage(Path(home) / "config", Path(home) / "data") if home else Storage.default()
    storage.background = True  # a move never waits for the disk
    return storage


def trace(event: str, **fields: object) -> None:
    """With ``HALFMOON_TRACE=FILE`` set, append one JSON line about the run (for the benchmark).

    Each line has the event, the wall-clock time and the resident memory in kB.
    """
    path = os.environ.get("HALFMOON_TRACE")
    if not path:
        return
    import json
    import time

    rss = 0
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
    except OSError:
        import resource

        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps({"event": event, "time": time.time(), "rss_kb": rss, **fields}) + "\n")


def kiosk_config(args: argparse.Namespace) -> KioskConfig | None:
    """The kiosk configuration when the game runs as a kiosk, else None."""
    from .kiosk import KioskConfig

    config = KioskConfig.load(args.kiosk_config) if args.kiosk_config else KioskConfig()
    return config if args.kiosk or (args.kiosk_config and config.kiosk) else None


def main(argv: Sequence[str] | None = None) -> int:
    """Play Half Moon. Returns the process exit status.

    A missing or damaged bundled file (font, card sprite) ends the game with one line
    naming the file and exit status 1.
    """
    from .assets import AssetError

    try:
        return _play(argv)
    except AssetError as error:
        print(f"halfmoon: error: {error}", file=sys.stderr)
        return 1


def _play(argv: Sequence[str] | None) -> int:
    from .kiosk import KioskConfigError

    args = parse_args(argv)
    try:
        kiosk = kiosk_config(args)
    except KioskConfigError as error:
        print(f"halfmoon: error: {error}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # A window manager may size the window itself; the layout follows any size.
    warnings.filterwarnings("ignore", "Requested window was forcibly resized")
    import pygame

    from . import fonts
    from .context import Context
    from .loop import Loop
    from .rules import Game
    from .scenes.base import Quit, Scene
    from .scenes.kiosk import KioskGuard
    from .scenes.play import PlayScene
    from .scenes.title import TitleScene
    from .sound import Sounds
    from .sprites import CardArt

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Half Moon")
    size = args.window or DEFAULT_WINDOW
    if args.window is None:
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            width, height = desktops[0]
            size = (min(size[0], width * 9 // 10), min(size[1], height * 9 // 10))
    display = Display(size, args.fullscreen or kiosk is not None)
    fonts.check()
    art = CardArt()
    art.check()
    sounds = Sounds()
    ctx = Context.open(
        storage_from_environment(), toggle_fullscreen=display.toggle, sounds=sounds, art=art
    )
    ctx.kiosk = kiosk
    language = args.lang or (kiosk.language if kiosk else "")
    if language:
        ctx.settings.language = language
        ctx.apply_settings()
    guard = None
    if kiosk is not None:
        pygame.mouse.set_visible(False)
        pygame.display.set_allow_screensaver(False)
        try:
            guard = KioskGuard(ctx, kiosk)
        except KioskConfigError as error:
            pygame.quit()
            print(f"halfmoon: error: {error}", file=sys.stderr)
            return 2
    scene: Scene = PlayScene(ctx, Game.from_code(args.deal)) if args.deal else TitleScene(ctx)

    def on_event(event: pygame.event.Event, current: Scene) -> Scene | None:
        if guard is not None:
            nxt = guard.on_event(event, current)
            if nxt is not None:
                return nxt
        if event.type == pygame.QUIT:
            return Quit(ctx)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            display.toggle()
            current.enter(display.surface.get_size())
            return current
        return None

    loop = Loop(
        scene,
        surface=lambda: display.surface,
        on_event=on_event,
        on_step=guard.on_step if guard is not None else None,
    )
    try:
        # The table first; the sounds (about 0.2 s to make) right after it is shown.
        loop.run(max_frames=1)
        trace("first_frame", size=list(display.surface.get_size()))
        if not loop.quit:
            sounds.start()
            loop.run(args.max_frames)
        return 0
    finally:
        ctx.save_game()
        ctx.storage.close()
        sounds.stop()
        trace("exit", frames=loop.frames, draws=loop.draws, sim_time=round(loop.sim_time, 3))
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
