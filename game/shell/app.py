"""The command line, the display (window or fullscreen) and the loop: ``halfmoon``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .. import __version__
from ..games import catalog
from ..look.i18n import LANGUAGES
from .error_line import cut, say, show_box

if TYPE_CHECKING:
    from datetime import date

    from _typeshed import SupportsWrite

    from ..records.kiosk import KioskConfig
    from ..records.storage import Storage


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
    from ..rules.codes import normalize_code
    from ..rules.errors import DealCodeError

    try:
        return normalize_code(text, catalog.letters())
    except DealCodeError as error:
        raise argparse.ArgumentTypeError(cut(str(error))) from None


def _day(text: str) -> date:
    from ..rules.daily import parse_day

    try:
        return parse_day(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(cut(str(error))) from None


def _game_key(text: str) -> str:
    try:
        return catalog.kind_by_key(text.strip()).key
    except KeyError as error:
        raise argparse.ArgumentTypeError(cut(str(error.args[0]))) from None


def _config_path(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("--kiosk-config needs the path of a TOML file")
    return Path(text)


def _frames(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of frames")
    return value


class _Formatter(argparse.HelpFormatter):
    """argparse's help, as wide as the terminal: found as shutil finds it (``COLUMNS``,
    else the terminal's width, else 80) without importing shutil, which argparse does on
    each option added (4 ms before the window opens)."""

    def __init__(self, prog: str) -> None:
        try:
            columns = int(os.environ["COLUMNS"])
        except (KeyError, ValueError):
            columns = 80  # no terminal
            if sys.__stdout__ is not None:  # None without a console (pythonw)
                try:
                    columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
                except (AttributeError, ValueError, OSError):
                    columns = 80
        super().__init__(prog, width=max(columns, 1) - 2)


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on stderr (and exit status 2), no usage dump;
    without a console (``halfmoonw``), the line, the help or the version in a message box."""

    def error(self, message: str) -> NoReturn:
        say(f"{self.prog}: error: {cut(message, 240)} (see {self.prog} --help)")
        sys.exit(2)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if not message:
            return
        if file is None and sys.stderr is None:
            show_box(message)
        else:
            super()._print_message(message, file)


DESCRIPTION = "Half Moon: card solitaires for the desktop and touch-screen kiosks."


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser (also the source of the man page, tools/make_manpage.py)."""
    parser = _Parser(prog="halfmoon", description=DESCRIPTION, formatter_class=_Formatter)
    parser.add_argument(
        "--deal",
        type=_deal_code,
        metavar="CODE",
        help="start the deal with this code, which picks the game: "
        + ", ".join(f"{kind.prefix}... {kind.name}" for kind in catalog.KINDS),
    )
    parser.add_argument(
        "--game",
        type=_game_key,
        metavar="GAME",
        help="the game a new deal is of (the title screen's choice), one of "
        + ", ".join(catalog.keys())
        + "; --deal picks it too",
    )
    parser.add_argument(
        "--daily",
        nargs="?",
        const=True,  # no date: today's deal (the local date when the game starts)
        type=_day,
        metavar="YYYY-MM-DD",
        help="start the deal of the day (today's, or that date's) of the game --game names, "
        "else of the title screen's game; the README tells the rule",
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
        type=_config_path,
        metavar="PATH",
        help="kiosk settings (TOML, read only); implies --kiosk unless it says kiosk = false",
    )
    parser.add_argument(
        "--usage-report",
        action="store_true",
        help="print the kiosk's usage (per day and game) as CSV and exit, with no window; "
        "with --kiosk-config only its games (see docs/kiosk.md)",
    )
    parser.add_argument(
        "--since",
        type=_day,
        metavar="YYYY-MM-DD",
        help="with --usage-report: only the days from this date on",
    )
    parser.add_argument("--version", action="version", version=f"Half Moon {__version__}")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read the command line; a bad argument exits with status 2 and one clear line."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.deal and args.daily is not None:
        parser.error("--deal and --daily each name a deal: give one of them")
    if args.since is not None and not args.usage_report:
        parser.error("--since goes with --usage-report")
    return args


def storage_from_environment() -> Storage:
    """The user's platform folders, or ``$HALFMOON_HOME/config`` and ``/data`` when set."""
    from ..records.storage import Storage

    home = os.environ.get("HALFMOON_HOME")
    storage = Storage(Path(home) / "config", Path(home) / "data") if home else Storage.default()
    storage.background = True  # a move never waits for the disk
    return storage


def data_dir_before_window() -> Path:
    """The data folder of :func:`storage_from_environment`, found without platformdirs."""
    from ..platform.instance import default_data_dir

    home = os.environ.get("HALFMOON_HOME")
    return Path(home) / "data" if home else default_data_dir()


def kiosk_config(args: argparse.Namespace) -> KioskConfig | None:
    """The kiosk configuration when the game runs as a kiosk, else None."""
    if not (args.kiosk or args.kiosk_config):
        return None
    from ..records.kiosk import KioskConfig, KioskConfigError

    config = KioskConfig.load(args.kiosk_config) if args.kiosk_config else KioskConfig()
    if not (args.kiosk or (args.kiosk_config and config.kiosk)):
        return None
    if args.deal:
        kind = next(kind for kind in catalog.KINDS if args.deal.startswith(kind.prefix))
        if kind.key not in config.games:
            raise KioskConfigError(
                f"--deal {args.deal} is a deal of {kind.name}, which the kiosk does not offer "
                f"(games: {', '.join(config.games)})"
            )
    return config


def main(argv: Sequence[str] | None = None) -> int:
    """Play Half Moon. Returns the process exit status.

    0 when the player (or the kiosk operator) quits, on SIGTERM, SIGINT or SIGHUP (the
    game is saved), and when another Half Moon already runs on the same data folder (one
    line says so); 2 for a bad command line or kiosk config, or no display (a window or a
    fullscreen SDL refuses: one line with SDL's reason); 1 for a missing or damaged
    bundled file (one line naming it); 70 after an unexpected error, which is logged with
    its traceback (the game was saved first, so a kiosk supervisor that restarts the game
    resumes it).
    """
    from .trace import trace

    trace("main")
    from ..platform import service_manager

    notifier = service_manager.take()  # before anything can start a process that inherits it
    args = parse_args(argv)
    trace("args")
    if args.usage_report:  # a report, printed: no window, no lock
        from .usage_report import run

        return run(args, storage_from_environment())
    from ..look.assets import AssetError
    from .display import DisplayError, show_window

    kiosk = None
    if args.kiosk or args.kiosk_config:  # a player's run never imports game.records.kiosk
        from ..records.kiosk import KioskConfigError

        try:
            kiosk = kiosk_config(args)
        except KioskConfigError as error:
            say(f"halfmoon: error: {error}")
            return 2
    from ..platform import instance

    try:  # before the window: a second game opens none, it brings the first to the front
        claimed = instance.claim(data_dir_before_window())
    except instance.AlreadyRunning as running:
        say(f"halfmoon: {running.answer(args.deal)}")
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        # The window first, at once: importing the rest of the game takes as long again.
        display = show_window(args, kiosk)
    except DisplayError as error:
        claimed.release()
        say(f"halfmoon: error: {error}")
        return 2
    trace("window_shown", size=list(display.surface.get_size()))
    from ..records.storage import AlreadyRunning

    refusals: tuple[type[Exception], ...] = (AssetError, DisplayError)
    if kiosk is not None:  # a kiosk's file can be refused now too (an exit chord of no key)
        from ..records.kiosk import KioskConfigError

        refusals += (KioskConfigError,)

    storage = storage_from_environment()
    try:
        try:
            storage.lock(claimed)  # the folder platformdirs names, if not the one claimed
        except AlreadyRunning as running:
            say(f"halfmoon: {running.answer(args.deal)}")
            return 0
        from .session import Session, log_crash

        trace("session_imported")
        session = Session.open(args, kiosk, storage, display)
        session.notifier = notifier
        trace("session_open")
        instance.serve_front_requests(lambda: trace("front"))
    except refusals as error:
        storage.close()
        say(f"halfmoon: error: {error}")
        return 1 if isinstance(error, AssetError) else 2
    except Exception:  # a defect met while the game is set up: logged, one line, 70
        from .session import log_crash

        where = log_crash(storage)
        storage.close()
        say(f"halfmoon: an unexpected error stopped the game; details in {where}")
        return 70
    try:
        session.run(args.max_frames)
        return 0
    except (AssetError, DisplayError) as error:  # DisplayError: SDL refused F11's mode
        say(f"halfmoon: error: {error}")
        return 1 if isinstance(error, AssetError) else 2
    except Exception:
        where = log_crash(session.ctx.storage)
        say(f"halfmoon: an unexpected error stopped the game; details in {where}")
        return 70
    finally:
        session.close()


if __name__ == "__main__":
    sys.exit(main())
