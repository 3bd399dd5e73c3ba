"""The one line an error gets: readable however long the value in it, and seen even
without a console.

Every message the game gives on its way out (a bad command line, a damaged kiosk file,
no display, another instance running) goes through :func:`say`: the line is kept to one
line of at most :data:`LONGEST` characters (a value pasted by mistake, 100 kB of it, is
cut and its length said), written to standard error, and, when the game has no console
to write to (``halfmoonw`` on Windows, a windowed frozen build: ``sys.stderr`` is None),
shown in a message box instead, so that it is never lost.
"""

from __future__ import annotations

import sys
from typing import TextIO

LONGEST = 300
"""The longest line written; in longer ones the longest words (the values) are cut."""
TITLE = "Half Moon"


def cut(line: str, longest: int = LONGEST) -> str:
    """``line`` on one line (newlines and tabs become spaces) of at most ``longest``
    characters. The longest words go first: a value pasted by mistake keeps its start
    and end and says its own length, so the reason around it stays whole; a line still
    too long keeps its start and end and says how long it was."""
    line = " ".join(line.split())
    if len(line) <= longest:
        return line
    words = line.split(" ")
    for index in sorted(range(len(words)), key=lambda at: -len(words[at])):
        if len(words[index]) <= WORD or sum(map(len, words)) + len(words) - 1 <= longest:
            break
        words[index] = _shortened(words[index])
    line = " ".join(words)
    if len(line) <= longest:
        return line
    tail = 60
    note = f" ... [{len(line)} characters] ... "
    return line[: longest - tail - len(note)] + note + line[-tail:]


WORD = 48
"""The longest word :func:`cut` leaves whole in a line that is too long."""


def _shortened(word: str) -> str:
    """``word`` cut to its start and end, with the length of the value in it (quotes
    and the punctuation around it not counted)."""
    value = word.strip("'\".,:;()[]")
    return f"{word[:28]}...{word[-12:]} [{len(value)} characters]"


def say(message: str, stream: TextIO | None = None) -> None:
    """Give ``message`` (``halfmoon: …`` already in it) as one cut line: on ``stream``
    (standard error by default), or in a message box when there is none."""
    line = cut(message)
    target = stream if stream is not None else sys.stderr
    if target is not None:
        try:
            target.write(line + "\n")
            target.flush()
            return
        except (OSError, ValueError):  # a closed or broken stream: the box is left
            pass
    show_box(line)


def show_box(line: str) -> None:
    """Show ``line`` in the system's message box (SDL's; no window of the game is
    needed). Nothing is raised: with no way left to show it, the line is dropped."""
    try:
        import pygame

        pygame.display.message_box(TITLE, line.removeprefix("halfmoon: "), message_type="error")
    except Exception:  # the last resort must not itself fail
        pass
