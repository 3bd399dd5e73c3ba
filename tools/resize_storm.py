"""The resize storm: the real game in a real X window, resized, clicked and dragged for N seconds.

    python tools/resize_storm.py [--seconds 120] [--seed N] [--window-manager]
                                 [--game KEY | --all-games]

Starts Xvfb (and matchbox-window-manager with ``--window-manager``), runs ``halfmoon
--window 1280x720 --deal CODE`` in it (``HM1-N-AAAAAAB``; with ``--game KEY``, a random
deal of that game of the registry, ``game.games.catalog.KINDS``), then round after round:
``xdotool windowsize`` to a random size from 320x240 to 1920x1080, then a click at a
random place in the window or, about two rounds in five, a drag: the button pressed on a
card (a point of a slot's area in the game's layout, ``game.table.layout.compute_layout`` at
the window's size now), moved in steps to another slot or anywhere, and released, with
now and then a resize or F11 while the card is carried; and F11 about one round in five.
A click that happens to choose Quit ends the game with status 0: it is started again
(it resumes its saved game) and the storm goes on. Any other end is a failure, and the
last game must end with exit status 0 on SIGTERM. ``--all-games`` runs a storm of
``--seconds`` for every game of the registry in turn, on one X server.

A failure prints the game, the round, the seed, the exit status and the game's last
words on stderr; the exit status is then 1 (2 when Xvfb or xdotool is missing).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from xsession import find_window, missing, virtual_display, xdotool  # noqa: E402

from game.games.catalog import KINDS, GameKind, kind_by_key, kind_for_code  # noqa: E402

DEAL = "HM1-N-AAAAAAB"


@dataclass
class StormResult:
    """What a storm did and how the game ended."""

    rounds: int
    seconds: float
    fullscreen_toggles: int
    restarts: int
    """Times a click chose Quit and the game was started again."""
    exit_status: int | None
    """The game's exit status after SIGTERM, or how it died (negative: a signal)."""
    died_in_round: int | None
    stderr: str
    game: str = "halfmoon"
    """The key of the game played."""
    deal: str = DEAL
    drags: int = 0
    """Rounds with a drag (button pressed on a slot, moved, released)."""
    moves: int | None = None
    """The moves of the game saved at the end (None: no game in progress saved)."""

    @property
    def ok(self) -> bool:
        """The game lived through every round and ended cleanly."""
        return self.died_in_round is None and self.exit_status == 0


def _size(display: str, window: str, fallback: tuple[int, int]) -> tuple[int, int]:
    """The window's size now (fullscreen or a window manager may have changed it)."""
    shell = xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in shell.split() if "=" in line)
    try:
        return int(values["WIDTH"]), int(values["HEIGHT"])
    except (KeyError, ValueError):
        return fallback


def _point_in(rect, rng: random.Random) -> tuple[int, int]:
    return rng.randint(rect.left, max(rect.left, rect.right - 1)), rng.randint(
        rect.top, max(rect.top, rect.bottom - 1)
    )


def drag(display: str, window: str, kind: GameKind, game, size, rng: random.Random) -> int:
    """A drag from a card to another slot (or anywhere), in steps; sometimes a resize or
    F11 while the button is held. The number of F11 presses (0 or 1).

    ``game`` is the game on the table as last saved (None: unknown): most drags then
    start on a card that can move (one the game lets the mouse carry), and many end
    where it may go; the others start anywhere on a slot."""
    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    layout = compute_layout(size[0], size[1], kind.table)
    slots = list(layout.areas)
    board = None if game is None else board_for(game)
    movable = [] if board is None else [s for s in slots if board.taps_on_release(s)]
    if board is not None and movable and rng.random() < 0.8:
        source = rng.choice(movable)
        start = board.top_rect(layout, source).center
        targets = list(getattr(game, "destinations", lambda _slot: ())(source))
        if targets and rng.random() < 0.6:
            end = board.top_rect(layout, rng.choice(targets)).center
        else:
            end = layout.areas[rng.choice(slots)].center
    else:
        start = _point_in(layout.areas[rng.choice(slots)], rng)
        if rng.random() < 0.8:
            end = layout.areas[rng.choice(slots)].center
        else:
            end = (rng.randrange(size[0]), rng.randrange(size[1]))
    steps = rng.randint(2, 8)
    args = ["mousemove", "--window", window, str(start[0]), str(start[1]), "mousedown", "1"]
    middle = rng.randint(1, steps)
    toggles = 0
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step // steps
        y = start[1] + (end[1] - start[1]) * step // steps
        args += ["sleep", "0.02", "mousemove", "--window", window, str(x), str(y)]
        if step == middle and rng.random() < 0.25:  # the window changes under the card
            if rng.random() < 0.5:
                toggles += 1
                args += ["key", "F11"]
            else:
                args += ["windowsize", window, str(rng.randint(320, 1920))]
                args += [str(rng.randint(240, 1080))]
    args += ["mouseup", "1"]
    xdotool(display, *args)
    return toggles


def _saved_game(kind: GameKind, home: Path):
    """The game in progress of ``kind`` saved in ``home``, if any."""
    import json

    from game.records.savegame import SavedGame

    try:
        data = json.loads((home / "data" / kind.save_file).read_bytes())
        return SavedGame.from_dict(data, kind).game
    except Exception:  # none, or not one: the storm's verdict is the exit status
        return None


def storm(
    seconds: float,
    seed: int,
    *,
    window_manager: bool = False,
    screen=(1920, 1080),
    game: str | None = None,
) -> StormResult:
    """Run one storm (see the module docstring) of the game ``game`` (a key of the
    registry; None: the deal ``HM1-N-AAAAAAB``)."""
    with virtual_display(screen, window_manager=window_manager) as display:
        return storm_on(display, seconds, seed, game)


def storm_on(display: str, seconds: float, seed: int, game: str | None = None) -> StormResult:
    """One storm on the X server ``display`` (":N"); the seed and the game key make the
    rounds, so ``--game KEY --seed N`` replays one game's storm of ``--all-games``."""
    rng = random.Random(seed if game is None else f"{seed}-{game}")
    dealt = DEAL if game is None else kind_by_key(game).random(rng).code
    assert dealt is not None  # a dealt game has its code (only a position has none)
    deal = dealt
    kind = kind_for_code(deal)
    with tempfile.TemporaryDirectory(prefix="hm-storm-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            HALFMOON_HOME=home,
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            PYTHONFAULTHANDLER="1",
        )
        errors = Path(home) / "stderr.txt"

        def start() -> subprocess.Popen:
            with errors.open("ab") as err:
                return subprocess.Popen(
                    [sys.executable, str(ROOT / "main.py"), "--window", "1280x720", "--deal", deal],
                    env=env,
                    cwd=ROOT,
                    stdout=subprocess.DEVNULL,
                    stderr=err,
                )

        process = start()
        rounds = toggles = restarts = drags = 0
        died = None
        started = time.monotonic()
        try:
            window = find_window(display, process.pid)
            if window is None:
                died = 0
            while window is not None and died is None and time.monotonic() - started < seconds:
                rounds += 1
                width, height = rng.randint(320, 1920), rng.randint(240, 1080)
                xdotool(display, "windowsize", window, str(width), str(height))
                if rng.random() < 0.4:
                    drags += 1
                    size = _size(display, window, (width, height))
                    table = _saved_game(kind, Path(home)) or kind.from_code(deal)
                    toggles += drag(display, window, kind, table, size, rng)
                else:
                    x, y = rng.randrange(width), rng.randrange(height)
                    xdotool(display, "mousemove", "--window", window, str(x), str(y), "click", "1")
                if rng.random() < 0.2:
                    toggles += 1
                    xdotool(display, "key", "F11")
                time.sleep(rng.choice((0.0, 0.01, 0.03, 0.1)))
                if process.poll() == 0:  # a click chose Quit: start it again
                    restarts += 1
                    process = start()
                    window = find_window(display, process.pid)
                    if window is None:
                        died = rounds
                elif process.poll() is not None:
                    died = rounds
            if died is None:
                time.sleep(0.3)
                if process.poll() is not None:
                    died = rounds
                else:
                    process.send_signal(signal.SIGTERM)
            status = process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            xdotool(display, "mouseup", "1")
        return StormResult(
            rounds,
            round(time.monotonic() - started, 1),
            toggles,
            restarts,
            status,
            died,
            errors.read_text(errors="replace"),
            kind.key,
            deal,
            drags,
            getattr(_saved_game(kind, Path(home)), "moves", None),
        )


def storms(
    seconds: float,
    seed: int,
    games: list[str],
    *,
    window_manager: bool = False,
    screen=(1920, 1080),
) -> list[StormResult]:
    """A storm of ``seconds`` for each game of ``games`` in turn, on one X server."""
    with virtual_display(screen, window_manager=window_manager) as display:
        return [storm_on(display, seconds, seed, game) for game in games]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="per game")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--window-manager", action="store_true", help="run matchbox too")
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--game", choices=[kind.key for kind in KINDS], help="a random deal of this game"
    )
    which.add_argument("--all-games", action="store_true", help="every game in turn")
    args = parser.parse_args()
    needed = ["Xvfb", "xdotool"] + (["matchbox-window-manager"] if args.window_manager else [])
    absent = missing(needed)
    if absent:
        print(f"resize storm: {', '.join(absent)} not installed", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    games = [kind.key for kind in KINDS] if args.all_games else [args.game]
    wm = "matchbox" if args.window_manager else "no window manager"
    failed = False
    with virtual_display((1920, 1080), window_manager=args.window_manager) as display:
        for game in games:
            result = storm_on(display, args.seconds, seed, game)
            print(
                f"resize storm ({wm}), {result.game} {result.deal}, seed {seed}: "
                f"{result.rounds} rounds in {result.seconds} s, {result.drags} drags, "
                f"{result.moves or 0} moves in the saved game, "
                f"{result.fullscreen_toggles} fullscreen toggles, {result.restarts} restarts "
                f"after Quit; exit status {result.exit_status}",
                flush=True,
            )
            if not result.ok:
                failed = True
                died = result.died_in_round
                where = f"in round {died}" if died is not None else "at the end"
                replay = f"--seed {seed}" + (f" --game {game}" if game else "")
                replay += " --window-manager" if args.window_manager else ""
                print(f"FAILED {where} (replay: {replay}); the game's stderr:", file=sys.stderr)
                print(result.stderr[-4000:], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
