"""Write the man page ``halfmoon.6`` from the game's own command-line parser.

Run from anywhere: ``python tools/make_manpage.py`` writes ``packaging/linux/halfmoon.6``;
``--check`` writes nothing and exits with status 1 when that file is not what the parser
and the texts here make. The OPTIONS come from ``game.shell.app.build_parser()`` (every option
with its help), the version from its ``--version``; the environment, the keys, the files
and the exit statuses are written here, from what the code reads and does.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MANPAGE = ROOT / "packaging" / "linux" / "halfmoon.6"
METAINFO = ROOT / "packaging" / "linux" / "io.github.halfmoon_solitaire.halfmoon.metainfo.xml"
WIDTH = 78
"""Text lines are wrapped to this many characters (troff fills them again anyway)."""

_DASHES = re.compile(r"(?<![\w-])--?[a-z][a-z-]*|-")
"""An option (``--kiosk-config``) or a lone hyphen."""


def _dash(match: re.Match[str]) -> str:
    """An option with minus signs; a hyphen kept only between two small letters."""
    token, text, at = match.group(0), match.string, match.start()
    if token != "-":
        return token.replace("-", "\\-")
    between_letters = text[at - 1 : at].islower() and text[at + 1 : at + 2].islower()
    return "-" if between_letters else "\\-"


def roff(text: str) -> str:
    """Plain text as troff: options and codes with real minus signs, hyphens in words
    (touch-screen) left as hyphens, and no line taken for a request."""
    text = _DASHES.sub(_dash, text.replace("\\", "\\e"))
    return "\n".join("\\&" + line if line[:1] in (".", "'") else line for line in text.split("\n"))


def literal(text: str) -> str:
    """A name, value or path as troff: every hyphen a minus sign (it is typed as one)."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def game_parser() -> argparse.ArgumentParser:
    """The game's command-line parser."""
    from game.shell import app

    build = getattr(app, "build_parser", None)
    if build is None:
        raise SystemExit("game.shell.app has no build_parser(): the man page is made from it")
    return build()


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The parser's options, in the order --help shows them."""
    return [action for action in parser._actions if action.option_strings]


def _metavar(action: argparse.Action) -> str:
    """What follows an option that takes a value: its metavar, or its name in capitals."""
    if isinstance(action.metavar, str):
        return action.metavar
    return action.dest.upper()


def _takes_value(action: argparse.Action) -> bool:
    return action.nargs != 0


def synopsis(parser: argparse.ArgumentParser) -> str:
    """The SYNOPSIS lines: the command and each option in brackets."""
    lines = [f".B {literal(parser.prog)}"]
    for action in _options(parser):
        flag = literal(action.option_strings[-1])
        if action.nargs == "?":  # a value that may be left out: --daily [YYYY-MM-DD]
            lines.append(f".RB [ {flag}\n.RI [ {literal(_metavar(action))} ]]")
        elif _takes_value(action):
            lines.append(f".RB [ {flag}\n.IR {literal(_metavar(action))} ]")
        else:
            lines.append(f".RB [ {flag} ]")
    return "\n".join(lines)


def _version(parser: argparse.ArgumentParser) -> str:
    """What ``--version`` prints, e.g. "Half Moon 0.1.0"."""
    for action in parser._actions:
        if isinstance(action, argparse._VersionAction) and action.version:
            return action.version
    raise SystemExit("the parser has no --version")


def options(parser: argparse.ArgumentParser) -> str:
    """The OPTIONS section's body: every option, its value and its help."""
    parts = []
    for action in _options(parser):
        flags = [f"\\fB{literal(flag)}\\fR" for flag in action.option_strings]
        head = ", ".join(flags)
        if action.nargs == "?":
            head += f" [\\fI{literal(_metavar(action))}\\fR]"
        elif _takes_value(action):
            head += f" \\fI{literal(_metavar(action))}\\fR"
        text = roff((action.help or "").replace("%%", "%"))
        if text:
            text = text[0].upper() + text[1:]
        choices = [str(choice) for choice in action.choices or ()]
        if choices and not all(choice in text for choice in choices):
            values = ", ".join(f"\\fB{literal(choice)}\\fR" for choice in choices)
            text += f".\n\\fI{literal(_metavar(action))}\\fR is one of {values}"
        parts.append(f".TP\n{head}\n{text}.")
    return "\n".join(parts)


_DESCRIPTION = r"""
.B Half Moon
is a two-deck solitaire of the Elevens family: twelve piles of eight cards lie in an
arc, a half moon, with eight reserve cards inside it. Remove two number cards that add
up to eleven (the Ace counts one), or a Jack, a Queen and a King together; the game is
won when all 104 cards are gone.
.PP
The traditional
.B Crescent
and its variants
.B Crescent Four
and
.B Open Crescent
are the second game: sixteen piles along the arc are built onto eight foundations, up
from the Aces and down from the Kings, with three redeals (four in Crescent Four).
.PP
.B Elevens
is the family's one-deck game: nine cards lie face up in a square of three
rows, and each place emptied by a pair adding up to eleven, or by a Jack, a
Queen and a King, is refilled from the stock; the game is won when all 52
cards are gone.
.PP
The game to play is chosen on the title screen. Each game keeps its own game in
progress, which is saved after every move and on quit, and its own statistics. Every
deal has a code such as HM1\-N\-AAAAAAB that gives the same cards on every machine.
The game plays with the mouse, by touch and by keyboard, in a window of any size down
to 320\(mu240 or fullscreen, in English, Malay, Finnish and Russian.
"""

_ENVIRONMENT = r"""
.TP
.B HALFMOON_HOME
Keep the settings in
.I $HALFMOON_HOME/config
and the saved games and statistics in
.IR $HALFMOON_HOME/data ,
and write a crash log to
.IR $HALFMOON_HOME/log ,
instead of the user's folders (see FILES).
.TP
.BR LANGUAGE ", " LC_ALL ", " LC_MESSAGES ", " LANG
The language until the player picks one in Settings or with
.BR \-\-lang :
the first of these, then of the system's preferred languages, that the game speaks
(en, ms, fi, ru); English when none is.
.TP
.B SDL_VIDEODRIVER
The display to use:
.B x11
or
.B wayland
on a desktop,
.B kmsdrm
on a console without one (the game asks for it itself when neither
.B DISPLAY
nor
.B WAYLAND_DISPLAY
is set), and
.B dummy
for a run that shows nothing (tests, with
.BR \-\-max\-frames ).
Without a display the game says so in one line and exits with status 2.
.TP
.BR DISPLAY ", " WAYLAND_DISPLAY
The X server or Wayland compositor the window opens on.
.TP
.B SDL_AUDIODRIVER
SDL's sound output;
.B dummy
plays no sound.
.TP
.B SDL_FRAMEBUFFER_ACCELERATION
The game sets it to 0 (the window is shown without OpenGL, which is faster for a game
drawn on the CPU) unless it is set; 1 asks SDL for its accelerated framebuffer.
.TP
.BR SDL_VIDEO_X11_WMCLASS ", " SDL_VIDEO_WAYLAND_WMCLASS ", " SDL_APP_ID
The window's class on X11 and its app id on Wayland; the game sets them to
.B halfmoon
(the desktop file's name) unless they are set.
.TP
.BR XDG_CONFIG_HOME ", " XDG_DATA_HOME ", " XDG_STATE_HOME
Where the user's folders are on Linux (see FILES).
.TP
.B HALFMOON_TRACE
A file to which the game appends one line of JSON at moments of a run (the first frame,
the exit), for the benchmark.
.TP
.B HALFMOON_PLAIN
Set to 1, the game does without its platform tricks: pygame is imported whole before the
window opens, the idle game wakes ten times a second instead of sleeping until input (X11),
freed memory is not handed back to the system by the game, and a lost X display ends the
game without its last save (the moves are saved as they are made).
"""

_KEYS = r"""
.TP
.B Click, tap
Select a card, then its partner to remove them (Half Moon, Elevens); tap a
card and then its target, or drag it (the Crescents). A double click or double
tap sends a card home.
.TP
.BR "Arrow keys" ", " "Space" ", " "Enter"
Move the keyboard focus between the cards and take the focused card.
.TP
.BR Ctrl+Z ", " Backspace
Undo a move.
.TP
.BR Ctrl+Y ", " Ctrl+Shift+Z
Redo a move.
.TP
.B R
Redeal (the Crescents).
.TP
.B N
A new game; a game under way is only given up after a question whose default keeps it.
.TP
.B D
On the title screen: today's deal of the chosen game (Today's deal), with the same question.
.TP
.B Ctrl+C
Copy the deal code.
.TP
.B F11
Fullscreen or a window.
.TP
.B Esc
The menu during a game; back on the other screens.
.TP
.BR Tab ", " Shift+Tab ", " "Page Up" ", " "Page Down" ", " Home ", " End
Move between buttons and scroll the menus and the rules page.
.TP
.B Ctrl+Alt+Shift+Q
In kiosk mode, the operator's screen: the kiosk's usage, and Quit (the kiosk file may
name another chord and a PIN).
"""

_FILES = r"""
.TP
.I ~/.config/halfmoon/settings.json
The settings.
.TP
.I ~/.local/share/halfmoon/game.json
The game of Half Moon in progress;
.I game\-crescent.json
and so on are the other games'.
.TP
.I ~/.local/share/halfmoon/statistics.json
Half Moon's statistics;
.I statistics\-crescent.json
and so on are the other games'.
.TP
.I ~/.local/share/halfmoon/usage.json
A kiosk's usage, per day and game (no personal data), for
.BR \-\-usage\-report .
.TP
.I ~/.local/share/halfmoon/halfmoon.lock
Held while the game runs, with a file of the same folder's in
.IR $XDG_RUNTIME_DIR/halfmoon :
a second
.B halfmoon
on the same data folder opens no window, brings the running game's to the front,
says so and exits with status 0.
.TP
.I ~/.local/state/halfmoon/log/halfmoon.log
The log of an unexpected error, with its traceback.
.PP
These are the Linux folders (from
.BR XDG_CONFIG_HOME ,
.B XDG_DATA_HOME
and
.B XDG_STATE_HOME
when set); other systems have their own.
A damaged file is kept aside as
.I NAME.bad\-TIME
and the defaults are used.
"""

_EXIT_STATUS = r"""
.TP
.B 0
The player or the kiosk operator quit, the game was stopped by SIGTERM, SIGINT or SIGHUP
(it is saved), or another Half Moon already runs on the same data folder.
.TP
.B 1
A bundled file (a card sprite, a font) is missing or damaged; one line names it.
With
.BR \-\-usage\-report :
the usage file cannot be read or is damaged.
.TP
.B 2
A bad command line or kiosk file, or no display.
.TP
.B 70
An unexpected error; it is logged with its traceback (see FILES), the game was saved
first.
"""

_SEE_ALSO = r"""
The README of the project, with its guides to kiosks
.RI ( docs/kiosk.md )
and to packaging
.RI ( docs/packaging.md ),
on
.UR https://github.com/halfmoon-solitaire/halfmoon
the project's home page
.UE .
"""


def release_date(metainfo: Path = METAINFO) -> str:
    """The date of the newest release in the AppStream file (the page's date)."""
    import xml.etree.ElementTree as ElementTree

    release = ElementTree.parse(metainfo).find("releases/release")
    if release is None or not release.get("date"):
        raise SystemExit(f"{metainfo} names no release with a date")
    return str(release.get("date"))


def _wrapped(text: str) -> str:
    """Every text line (not a request) wrapped to WIDTH, none taken for a request."""
    import textwrap

    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")) or len(line) <= WIDTH:
            lines.append(line)
            continue
        for part in textwrap.wrap(line, WIDTH, break_long_words=False, break_on_hyphens=False):
            lines.append("\\&" + part if part.startswith((".", "'")) else part)
    return "\n".join(lines)


def manpage(parser: argparse.ArgumentParser, date: str) -> str:
    """The whole man page as troff text (section 6, games)."""
    description = roff(parser.description or "")
    sections = [
        (
            "NAME",
            f"{literal(parser.prog)} \\- solitaire card games: Half Moon, Crescent and Elevens",
        ),
        ("SYNOPSIS", synopsis(parser)),
        ("DESCRIPTION", f"{description}\n.PP{_DESCRIPTION.rstrip()}"),
        ("OPTIONS", options(parser)),
        ("KEYS", _KEYS.strip()),
        ("ENVIRONMENT", _ENVIRONMENT.strip()),
        ("FILES", _FILES.strip()),
        ("EXIT STATUS", _EXIT_STATUS.strip()),
        ("SEE ALSO", _SEE_ALSO.strip()),
    ]
    head = (
        ".\\\" Made by tools/make_manpage.py from the game's parser: edit that, not this.\n"
        f'.TH HALFMOON 6 {date} "{literal(_version(parser))}" "Games"\n'
    )
    text = head + "".join(f".SH {title}\n{body.strip()}\n" for title, body in sections)
    ascii_only = "".join(c if c.isascii() else f"\\[u{ord(c):04X}]" for c in text)  # any troff
    return _wrapped(ascii_only)


def main(argv: list[str] | None = None) -> int:
    """The command line: write (or ``--check``) the man page; the exit status."""
    command = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    command.add_argument("--out", type=Path, default=MANPAGE, help="the man page to write")
    command.add_argument("--check", action="store_true", help="only check that it is current")
    args = command.parse_args(argv)
    text = manpage(game_parser(), release_date())
    current = args.out.read_text(encoding="utf-8") if args.out.is_file() else None
    if args.check:
        if current != text:
            print(f"out of date: {args.out} (run tools/make_manpage.py)", file=sys.stderr)
            return 1
        return 0
    if current != text:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8", newline="\n")
    print(f"{args.out}: {'written' if current != text else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
