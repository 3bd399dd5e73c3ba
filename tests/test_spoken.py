"""The game as a screen reader reads it, over AT-SPI (issue 39).

Each test starts a session bus of its own (``dbus-run-session``) with AT-SPI told that a
screen reader runs, the real game in a real X window (Xvfb), and the system Python's
pyatspi reading the accessibility tree and its events (tests/atspi_reader.py): nothing
here looks inside the game.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game.games.catalog import KINDS, kind_of
from game.games.kind import GameKind
from game.look import i18n
from game.look.card_words import rank_name, suit_name
from game.records.savegame import SavedGame
from game.records.storage import Storage
from game.rules import REDEAL, Outcome
from game.rules.played import PlayedGame
from game.rules.solver import solver_for

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_PYTHON = "/usr/bin/python3"


def _missing() -> list[str]:
    missing = [p for p in ("Xvfb", "xdotool", "dbus-run-session", "gdbus") if not shutil.which(p)]
    try:
        import accesskit  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        missing.append("accesskit")
    probe = (
        subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, check=False)
        if os.path.exists(SYSTEM_PYTHON)
        else None
    )
    if probe is None or probe.returncode:
        missing.append("python3-pyatspi")
    return missing


@pytest.fixture(scope="module")
def at_spi():
    """What reading the game over AT-SPI needs (skipped, saying what is missing)."""
    sys.path.insert(0, str(ROOT / "tools"))
    missing = _missing()
    if missing:
        pytest.skip(f"needs {', '.join(missing)} to read the game over AT-SPI")


@pytest.fixture(scope="module")
def x_display(at_spi):
    from xsession import virtual_display

    with virtual_display((800, 600)) as display:
        yield display


SCREEN_READER_ON = (
    "gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus --method "
    "org.freedesktop.DBus.Properties.Set org.a11y.Status ScreenReaderEnabled '<true>' "
    ">/dev/null\n"
)
"""What a screen reader starting says to AT-SPI (the issue's recipe)."""


def _session(
    display: str, home: Path, words: list[str], reader: list[str], lang: str, late: bool = False
) -> dict:
    """The game started with ``words`` in a session bus of its own where AT-SPI says a
    screen reader runs (from the start; ``late``: once the game has shown its screen for
    a while), and ``reader`` (a program the system's Python runs) reading it; the JSON
    line the reader prints, with the game's standard error."""
    script = (
        ("" if late else SCREEN_READER_ON)
        + f'"{sys.executable}" "{ROOT / "main.py"}" --window 800x600 --lang {lang} '
        + " ".join(words)
        + " &\ngame=$!\n"
        + ("sleep 2\n" + SCREEN_READER_ON if late else "")
        + " ".join(f'"{part}"' for part in [SYSTEM_PYTHON, *reader])
        + "\nkill -TERM $game; wait $game\n"
    )
    runtime = home / "runtime"
    runtime.mkdir(mode=0o700)
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "DBUS_"))}
    environment.pop("HALFMOON_PLAIN", None)
    environment.update(
        DISPLAY=display,
        XDG_RUNTIME_DIR=str(runtime),
        GSETTINGS_BACKEND="memory",
        HALFMOON_HOME=str(home / "game"),
        SDL_AUDIODRIVER="dummy",
    )
    run = subprocess.run(
        ["dbus-run-session", "--", "bash", "-c", script],
        env=environment,
        capture_output=True,
        text=True,
        timeout=240,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, run.stdout + run.stderr
    return {**json.loads(lines[-1]), "stderr": run.stderr}


def _read(
    display: str,
    home: Path,
    words: list[str],
    keys: str = "",
    lang: str = "en",
    late: bool = False,
    heard: int = 0,
) -> dict:
    """The game started with ``words`` as a screen reader finds it, and what it hears
    while ``keys`` are typed (until ``heard`` announcements came, if any are awaited)."""
    reader = [str(ROOT / "tests" / "atspi_reader.py"), "--keys", keys]
    reader += ["--heard", str(heard), "--listen", "6"] if heard else []
    return _session(display, home, words, reader, lang, late)


def _play(display: str, home: Path, words: list[str], plan: dict, lang: str = "en") -> dict:
    """The game started with ``words``, played by tests/atspi_player.py as ``plan``
    says: its slots before and after, what it heard, the first thing that went wrong."""
    path = home / "plan.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    return _session(
        display, home, words, [str(ROOT / "tests" / "atspi_player.py"), str(path)], lang
    )


def _buttons(tree: dict) -> list[dict]:
    return [child for child in tree["children"] if child["role"] == "push button"]


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_titles_buttons_are_read_with_their_labels(x_display, tmp_path, lang):
    found = _read(x_display, tmp_path, [], lang=lang)
    tree = found["before"]
    assert tree is not None and tree["role"] == "frame"
    english = ["New game", "Rules", "Settings", "Quit"]
    i18n.set_language(lang)
    try:
        expected = [i18n._(label) for label in english]
        app = i18n._("Half Moon")
    finally:
        i18n.set_language("en")
    assert (expected == english) is (lang == "en")  # (the catalog is there to read)
    names = [button["name"] for button in _buttons(tree)]
    assert all(label in names for label in expected), names
    assert tree["name"] == app


def test_a_screen_reader_started_after_the_game_finds_its_whole_screen(x_display, tmp_path):
    """Nothing is described while no screen reader runs; one that starts later, on a
    screen that has stopped changing, still gets the whole of it at once."""
    code = KINDS[0].code(1)  # a table with no move made: nothing on it moves
    tree = _read(x_display, tmp_path, ["--deal", code], late=True)["before"]
    assert tree is not None and len(_table(tree)) == len(KINDS[0].words.slots())


def test_arrow_keys_move_the_screen_readers_focus_along_the_titles_buttons(x_display, tmp_path):
    """Down twice: the first two buttons that can be chosen get the focus in turn (the
    disabled ones, Continue with no game under way, are passed over), and the tree says
    the second has it."""
    found = _read(x_display, tmp_path, [], keys="Down Down")
    focused = [e["name"] for e in found["events"] if e["type"].endswith("focused") and e["detail"]]
    enabled = [button["name"] for button in _buttons(found["before"]) if button["enabled"]]
    assert len(enabled) >= 2 and focused[-2:] == enabled[:2], (focused, enabled)
    assert [b["name"] for b in _buttons(found["after"]) if b["focused"]] == [enabled[1]]


# ------------------------------------------------------------------ the table, every kind
def _table(tree: dict) -> list[dict]:
    """The slots of the table's list, as the tree has them."""
    lists = [child for child in tree["children"] if child["role"] == "list box"]
    assert len(lists) == 1, [child["role"] for child in tree["children"]]
    return lists[0]["children"]


def _saved(home: Path, game: PlayedGame) -> None:
    """``game`` saved as the game in progress of its kind, for Continue to take up."""
    SavedGame(game, 1.0, played=True).save(
        Storage(home / "game" / "config", home / "game" / "data")
    )


def _heard(found: dict) -> list[str]:
    return [e["text"] or e["name"] for e in found["events"] if e["type"] == "object:announcement"]


def _in(lang: str, make):
    i18n.set_language(lang)
    try:
        return make()
    finally:
        i18n.set_language("en")


def _every_kind(tmp_path: Path, check) -> None:
    """``check(kind, display, home)`` for every kind of the registry at once, each with
    an X screen and a home of its own (the sessions mostly wait for the game and the
    bus: side by side they take about the time of the longest); every kind's failure
    is reported, each named."""
    from xsession import virtual_display

    def one(kind: GameKind) -> str | None:
        home = tmp_path / kind.key
        home.mkdir()
        try:
            with virtual_display((800, 600)) as display:
                check(kind, display, home)
        except AssertionError as failure:
            return f"{kind.key}: {failure}"
        return None

    with ThreadPoolExecutor(len(KINDS)) as pool:
        failures = [failure for failure in pool.map(one, KINDS) if failure]
    assert not failures, "\n".join(failures)


@pytest.mark.once
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_every_table_is_read_slot_by_slot_and_the_keys_move_its_focus(at_spi, tmp_path, lang):
    """Every slot is a node of the table's list: its name says the card on top (its rank
    and suit), in the player's language, and each slot has a name of its own. Right,
    Right, Space: the tree's focus follows the keys onto a slot, the one selected. Then
    T reads out every slot as the tree names it, H the foundations (or what a game
    without them has instead), I the info bar's figures with the deal's code. Every
    kind of the registry, each on a screen of its own, side by side."""
    _every_kind(tmp_path, lambda kind, display, home: _table_read(kind, display, home, lang))


def _table_read(kind: GameKind, display: str, home: Path, lang: str) -> None:
    code = kind.code(1)
    game = kind.from_code(code)
    found = _read(display, home, ["--deal", code], "Right Right space t h i", lang, heard=3)
    names = [slot["name"] for slot in _table(found["before"])]
    tops = [game.top(slot) for slot in kind.words.slots()]
    shown = _in(
        lang, lambda: [card and (rank_name(card.rank), suit_name(card.suit)) for card in tops]
    )
    english = [card and (rank_name(card.rank), suit_name(card.suit)) for card in tops]
    assert len(names) == len(kind.words.slots()) >= 10 and len(set(names)) == len(names), names
    for name, words in zip(names, shown, strict=True):
        assert words is None or all(word in name for word in words), (name, words)
    assert (shown == english) is (lang == "en")

    focused = [e["name"] for e in found["events"] if e["type"].endswith("focused") and e["detail"]]
    slots = _table(found["after"])
    on = [slot["name"] for slot in slots if slot["focused"]]
    assert len(on) == 1 and focused[-1] == on[0], (focused, on)
    assert [slot["name"] for slot in slots if slot["selected"]] == on

    heard = _heard(found)
    assert len(heard) == 3, heard
    assert heard[0] == ". ".join(slot["name"] for slot in slots)
    assert heard[1] and heard[1] not in (heard[0], heard[2])
    assert code in heard[2] and _in(lang, lambda: i18n._(kind.name)) in heard[2]


def _named(kind: GameKind, game: PlayedGame, slots, lang: str) -> list[str]:
    """The slots as the tree names them while ``game`` shows."""
    return _in(lang, lambda: [kind.words.slot(game.table, slot) for slot in slots])


def _names(kind: GameKind, game: PlayedGame, moves, lang: str) -> list[list[str]]:
    """Each move's taps as the slots' names the tree has before the move, ``game`` made
    to play them (the plan a player who knows the way follows)."""
    plan = []
    for move in moves:
        plan.append(_named(kind, game, move, lang))
        game.play(next(m for m in game.legal_moves() if tuple(m.slots) == tuple(move)))
    return plan


def _refused(game: PlayedGame) -> tuple[str, str]:
    """Two slots with cards whose taps in turn make no move: the first taps a card that
    can move, the second one it cannot go with, which starts no move either where there
    is such a slot (else a tap on it might only choose that card instead)."""
    legal = [tuple(m.slots) for m in game.legal_moves()]
    firsts = {move[0] for move in legal}
    slots = [slot for slot in kind_of(game).words.slots() if game.top(slot) is not None]
    pairs = [
        (a, b)
        for a in firsts
        for b in slots
        if b != a and not any(move[:2] == (a, b) for move in legal)
    ]
    return sorted(pairs, key=lambda pair: pair[1] in firsts)[0]


@pytest.mark.once
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_refusal_each_move_and_the_win_are_announced(at_spi, tmp_path, lang):
    """From each kind's position a few moves from a win, played by keyboard with only the
    tree to go by: a refused pair of taps is announced with its reason, each move as
    what it did, and the win."""
    _every_kind(tmp_path, lambda kind, display, home: _refused_and_won(kind, display, home, lang))


def _refused_and_won(kind: GameKind, display: str, home: Path, lang: str) -> None:
    script = kind.script()
    game = kind.from_position(script.win)
    _saved(home, game)
    refused = _refused(game)
    plan = {
        "start": ["Down", "Return"],  # Continue
        "moves": [_named(kind, game, refused, lang), *_names(kind, game, script.win_moves, lang)],
        "listen": 8.0,  # the celebration, then the win's panel
        "until": _in(lang, lambda: i18n._("You won!")),
    }
    found = _play(display, home, ["--game", kind.key], plan, lang=lang)
    assert found["error"] is None, found
    heard = _heard(found)
    won = _in(lang, lambda: i18n._("You won!"))
    assert len(heard) >= 1 + len(script.win_moves), heard
    assert won in heard[-1] and all(won not in said for said in heard[:-1]), heard
    assert (won == "You won!") is (lang == "en")


@pytest.mark.once
def test_the_stalemate_is_announced_and_its_panel_is_a_dialog(at_spi, tmp_path):
    """Each kind's moves to a stalemate, played by keyboard from the tree: the last thing
    heard says no move is left, and the panel that says so is a dialog holding its
    answers."""
    _every_kind(tmp_path, _stalled)


def _stalled(kind: GameKind, display: str, home: Path) -> None:
    script = kind.script()
    game = kind.from_position(script.stalemate)
    _saved(home, game)
    moves = _names(kind, game, script.stalemate_moves, "en")
    plan = {"start": ["Down", "Return"], "moves": moves, "listen": 8.0, "until": "No moves left"}
    found = _play(display, home, ["--game", kind.key], plan)
    assert found["error"] is None, found
    heard = _heard(found)
    assert len(heard) >= len(script.stalemate_moves) and "No moves left" in heard[-1], heard
    [panel] = found["dialogs"]  # the end's panel: what it says, the answers inside it
    assert "No moves left" in panel["name"] and "Play this deal again" in panel["buttons"], panel


def _won_deal(kind: GameKind) -> tuple[str, list]:
    """A deal of ``kind`` and a line that wins it, each move as the slots it touches
    (none: a move made by a button, the redeal): the kind's example game where it ships
    one, else the first deal of a seeded stream that its solver wins in a few hundred
    positions (the solver is the tests', never the app's)."""
    if kind.has_example:
        return kind.example.code, list(kind.example.moves)
    solver = solver_for(kind.letter)
    assert solver is not None, f"{kind.name} has neither an example game nor a solver"
    rng = random.Random(39)
    while True:
        code = kind.code(rng.randrange(26**7))
        line = solver.line(kind.from_code(code), 1500)
        if line is not None:
            return code, line


@pytest.mark.once
def test_a_whole_game_of_every_kind_is_won_by_keyboard_from_the_tree_alone(at_spi, tmp_path):
    """A whole deal of each kind, from its first card to the win, played by a player who
    knows only the tree: each move's slots found by the names the tree gives them,
    reached with the arrow keys as the tree's focus shows, tapped with Space (R for the
    redeal, the move made by a button); every move is heard, and the win."""
    _every_kind(tmp_path, _won_whole)


def _won_whole(kind: GameKind, display: str, home: Path) -> None:
    code, line = _won_deal(kind)
    game = kind.from_code(code)
    moves = []
    for move in line:
        if move:
            moves += _names(kind, game, [move], "en")
        else:
            moves.append(["KEY:r"])  # the bar's Redeal button's key
            game.play(REDEAL)
    assert game.outcome is Outcome.WON  # (the plan is a win)
    plan = {"moves": moves, "listen": 8.0, "until": "You won!"}
    found = _play(display, home, ["--deal", code], plan)
    assert found["error"] is None, found
    heard = _heard(found)
    assert len(heard) >= len(line) and "You won!" in heard[-1], heard[-3:]


# ------------------------------------------------------------ without a screen reader
def _headless(tmp_path: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    environment.update(HALFMOON_HOME=str(tmp_path), **env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    "how",
    [
        "import sys; sys.modules['accesskit'] = None",
        "import os; os.environ['HALFMOON_ACCESSIBILITY'] = '0'",
    ],
)
def test_the_game_plays_as_before_without_the_accessibility_layer(tmp_path, how):
    """Without the accesskit package (a platform with no wheel for it), or with the
    layer turned off, a table plays its frames and the game ends cleanly, saying
    nothing."""
    code = (
        f"{how}\nimport runpy, sys\n"
        f"sys.argv = ['main.py', '--deal', {KINDS[0].code(1)!r}, '--max-frames', '20']\n"
        "runpy.run_path('main.py', run_name='__main__')\n"
        "from game.platform import accessibility\n"
        "assert accessibility.bridge() is None\n"
    )
    done = _headless(tmp_path, code)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_nothing_is_described_while_no_screen_reader_listens(tmp_path):
    """The bridge asks for the screen only while a screen reader runs: with none (no
    AT-SPI bus to ask), describing the scene is never done, however often a frame is
    shown."""
    code = (
        "import os, pygame\n"
        "os.environ['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent'\n"
        "pygame.display.init(); pygame.display.set_mode((320, 200))\n"
        "from game.platform import accessibility\n"
        "bridge = accessibility.bridge()\n"
        "assert bridge is not None\n"
        "asked = []\n"
        "for _ in range(50):\n"
        "    bridge.show(lambda: asked.append(1) or ([], None))\n"
        "assert asked == [], asked\n"
    )
    _missing_accesskit = "accesskit" in _missing()
    if _missing_accesskit:
        pytest.skip("needs accesskit")
    done = _headless(tmp_path, code)
    assert done.returncode == 0, done.stderr
