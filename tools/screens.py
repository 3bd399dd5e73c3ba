"""Screenshots of every screen in a real X window (Xvfb), for looking at and for the docs.

    python tools/screens.py [--out docs/screens] [--sizes 640x480,1920x1080] [--langs en,ru]
                            [--full DIR] [--width 480] [--scenes title,play,themes]

For each size it starts an Xvfb screen of exactly that size (no window manager, so the
game's window fills it), runs the real game's session with SDL's X11 driver, brings up
each scene in turn and takes the screen with ImageMagick's ``import``. The shots go to
``--out`` scaled down to ``--width`` pixels (small PNGs for the repository) and, with
``--full``, at full size too (to look at closely). Needs Xvfb and ImageMagick.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from screens_positions import (  # noqa: E402
    NO_MOVES,
    STALEMATE,
    a_few_moves,
    crescent_long_pile,
    crescent_stalemate,
    stuck,
)
from screens_themes import LOOK, THEMES, sheet  # noqa: E402
from xsession import missing, virtual_display  # noqa: E402

from game.games.catalog import KINDS, kind_by_key  # noqa: E402

SIZES = "640x480,800x480,1024x600,1280x720,1920x1080,3840x2160,1080x1920"
SCENES: tuple[str, ...] = (
    "title",
    "settings",
    "statistics",
    "chart",
    "log",
    "log-entry",
    "rules",
    "code",
    "play",
    "question",
    "win",
    "stalemate",
    "attract",
    "kiosk-code",
    "still-playing",
    "pin",
    "operator",
    "crescent",
    "crescent-four",
    "open-crescent",
    "crescent-drag",
    "crescent-long",
    "crescent-win",
    "crescent-stalemate",
    "no-moves",
    "examples",
)
GAMES = tuple(kind.key for kind in KINDS[1:] if kind.key not in SCENES)
"""The registry's games without a scene above, each a scene named by its key
(``elevens``): its table a few moves in, a card selected (the first game's is ``play``)."""
SCENES += GAMES


def _size(text: str) -> tuple[int, int]:
    width, height = (int(part) for part in text.split("x"))
    return width, height


def shoot(
    display: str,
    size: tuple[int, int],
    langs: list[str],
    scenes: list[str],
    out: Path,
    full: Path | None,
    width: int,
) -> list[Path]:
    """Every scene of ``scenes`` in every language at ``size``; the small shots' paths."""
    with tempfile.TemporaryDirectory(prefix="hm-screens-") as home:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            HALFMOON_HOME=home,
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        done = subprocess.run(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--child",
                f"{size[0]}x{size[1]}",
                "--langs",
                ",".join(langs),
                "--scenes",
                ",".join(scenes),
                "--out",
                str(out),
                "--width",
                str(width),
                *(["--full", str(full)] if full else []),
            ],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-3000:])
        return [Path(line) for line in done.stdout.split()]


def _started(play):
    """A play scene whose clock runs (as after a first move)."""
    play.clock_started = True
    return play


def _operator(ctx, under):
    """The operator's screen over ``under``, a month of usage of every game behind it
    (a few games a day, the games of the registry played more or less)."""
    from datetime import timedelta

    from game.records.game_log import ABANDONED, LOST, WON
    from game.records.usage import Usage
    from game.rules import daily
    from game.scenes.operator import OperatorScene

    usage = ctx.usage_record = Usage()
    today = daily.today()
    for back in range(40):
        day = today - timedelta(days=back)
        for index, kind in enumerate(KINDS):
            for number in range((back * 7 + index * 3) % 6):
                game = f"{kind.key} {back} {number}"
                usage.started(game, day, kind.key)
                result = (WON, LOST, ABANDONED)[(number + index) % 3]
                usage.ended(game, day, kind.key, result, 120.0 + 37 * number + 11 * index)
        usage.idle_reset(day, KINDS[back % len(KINDS)].key)
    return OperatorScene(ctx, under)


def child(
    size: tuple[int, int],
    langs: list[str],
    scenes: list[str],
    out: Path,
    full: Path | None,
    width: int,
) -> None:
    """In the X display: open the session, draw each scene, take the screen."""
    import pygame

    from game.records.kiosk import KioskConfig
    from game.records.storage import Storage
    from game.rules import CardMove, Crescent, Game
    from game.rules.solver import solve, solve_crescent
    from game.scenes.code_entry import CodeEntryScene
    from game.scenes.dialogs import ConfirmScene
    from game.scenes.end import StalemateScene, WinScene
    from game.scenes.examples_page import ExamplesScene
    from game.scenes.flow import Flow
    from game.scenes.kiosk import PinScene, StillPlayingScene
    from game.scenes.log_page import LogScene
    from game.scenes.menus import SettingsScene, StatisticsScene
    from game.scenes.play import PlayScene
    from game.scenes.rules_page import RulesScene
    from game.scenes.title import TitleScene
    from game.shell.app import parse_args
    from game.shell.session import Session

    home = Path(os.environ["HALFMOON_HOME"])
    session = Session.open(
        parse_args(["--window", f"{size[0]}x{size[1]}"]),
        None,
        Storage(home / "config", home / "data"),
    )
    ctx = session.ctx
    flow = Flow(ctx)
    deal = "HM1-N-AAAAAAB"
    line = solve(Game.from_code(deal)).line

    def played(count: int) -> Game:
        game = Game.from_code(deal)
        for removal in line[:count]:
            game.remove(list(removal.slots))
        return game

    crescent_deal = "HM1-C-AAAAAAB"
    crescent_line = solve_crescent(Crescent.from_code(crescent_deal), max_seconds=20).line

    def crescent(code: str, count: int) -> Crescent:
        game = Crescent.from_code(code)
        for move in solve_crescent(Crescent.from_code(code), max_seconds=20).line[:count]:
            game.play(move)
        return game

    def drag_halfway(play) -> None:
        """Press on the next move's card and carry it half way to its target."""
        move = next(m for m in crescent_line[25:] if isinstance(m, CardMove))
        start = play.board.top_rect(play.layout, move.source).center
        end = play.board.top_rect(play.layout, move.target).center
        middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2 - play.layout.card[1] // 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for step in (4, 2, 1):
            pos = (middle[0] - (middle[0] - start[0]) // step, middle[1])
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(1, 0, 0))
        )

    def select_first(play) -> None:
        """Tap the card of the first legal move: it is selected, as by a player."""
        play.tap(play.game.legal_moves()[0].slots[0])

    def make(name: str):
        ctx.kiosk = None
        for key, default in LOOK.items():
            setattr(ctx.settings, key, THEMES.get(name, {}).get(key, default))
        ctx.apply_settings()
        ctx.settings.placement_aid = True
        ctx.settings.move_errors = True
        if name in ("attract", "kiosk-code", "still-playing", "pin", "operator"):
            ctx.kiosk = KioskConfig(exit_pin="1234")
        play = PlayScene(ctx, flow, played(9), 95.0)
        title = TitleScene(ctx, flow, resume=play)
        if name == "title":
            return title
        if name == "settings":
            return SettingsScene(ctx, back=title)
        if name == "statistics":
            from game.records.statistics import Statistics

            ctx.stats = Statistics()
            for number, seconds in enumerate((412.0, 388.5, 530.0)):
                ctx.stats.won_game(f"won {number}", 520, seconds, 48)  # a win: 48 moves
            ctx.stats.lost_game("lost", 140)
            ctx.stats.stalemate("lost")
            return StatisticsScene(ctx, back=title, flow=flow)
        if name == "chart":
            from game.records.statistics import Statistics

            ctx.stats = Statistics()
            for number in range(30):
                score = (number * 37) % 520
                if number % 4 == 1:
                    ctx.stats.won_game(f"won {number}", 520, 400.0 + number, 48)
                else:
                    ctx.stats.lost_game(f"lost {number}", score)
            return StatisticsScene(ctx, back=title, flow=flow)
        if name in ("log", "log-entry"):
            from game.records.game_log import ABANDONED, LOST, WON, GameLog, LogEntry

            log = ctx.logs[ctx.kind.key] = GameLog()
            for number in range(40):
                result = (WON, LOST, ABANDONED)[number % 3]
                when = f"2026-11-{1 + number // 2:02}T{9 + number % 12:02}:{number:02}:00"
                code = ctx.kind.code(1000 + number * 7919)
                # figures a Half Moon game (the kind shot) could have: a win is 48 moves
                moves = 48 if result == WON else 5 + number * 7 % 40
                score = ctx.kind.best_score if result == WON else 10 * moves + 5 * (moves // 6)
                seconds = 150.0 + moves * 4 + number * 13 % 90
                log.add(LogEntry(f"g{number}", when, code, result, score, moves, seconds))
            page = StatisticsScene(ctx, back=title, flow=flow).choose("log")
            assert isinstance(page, LogScene), page
            return page.open(1) if name == "log-entry" else page
        if name == "rules":
            return RulesScene(ctx, back=title, flow=flow)
        if name in ("code", "kiosk-code"):
            entry = CodeEntryScene(ctx, flow, back=title)
            entry.type_text("QWERT")
            return entry
        if name == "play":
            play.clock_started = True
            game = play.game
            assert isinstance(game, Game), game  # played(9): a Half Moon game
            playable = game.playable()
            numbered = next(s for s, c in playable.items() if not c.is_face)
            game.tap(numbered)
            return play
        if name == "question":
            return ConfirmScene(
                ctx, play, "Abandon this game and deal a new one?", "New game", lambda: None
            )
        if name == "win":
            won = PlayScene(ctx, flow, played(len(line)), 412.0)
            return WinScene(ctx, won)
        if name == "stalemate":
            return StalemateScene(ctx, PlayScene(ctx, flow, Game.from_position(STALEMATE)))
        if name == "attract":
            ctx.leave_all()  # as the idle reset leaves it: no game of any kind under way
            attract = TitleScene(ctx, flow)
            attract.time = 13.0
            return attract
        if name == "still-playing":
            return StillPlayingScene(ctx, flow, play, 11.4)
        if name == "pin":
            return PinScene(ctx, play, "1234")
        if name == "operator":
            return _operator(ctx, play)
        if name == "sheet":
            return sheet(ctx)
        if name.startswith("table-") or name == "large-halfmoon":
            return _started(PlayScene(ctx, flow, played(9), 95.0))
        if name == "large-four":
            return _started(PlayScene(ctx, flow, crescent("HM1-F-AAAAAAB", 12), 60.0))
        if name in ("crescent", "crescent-drag") or name in THEMES:
            return _started(PlayScene(ctx, flow, crescent(crescent_deal, 25), 140.0))
        if name == "crescent-four":
            return _started(PlayScene(ctx, flow, crescent("HM1-F-AAAAAAB", 12), 60.0))
        if name == "open-crescent":
            return _started(PlayScene(ctx, flow, crescent("HM1-O-AAAAAAB", 40), 210.0))
        if name == "crescent-long":
            return _started(PlayScene(ctx, flow, crescent_long_pile(crescent_deal), 95.0))
        if name == "crescent-win":
            return WinScene(
                ctx, PlayScene(ctx, flow, crescent(crescent_deal, len(crescent_line)), 512.0)
            )
        if name == "crescent-stalemate":
            return StalemateScene(
                ctx, PlayScene(ctx, flow, crescent_stalemate(crescent_deal), 333.0)
            )
        if name == "no-moves":
            return _started(PlayScene(ctx, flow, stuck(Crescent.from_code(NO_MOVES[0])), 80.0))
        if name == "examples":
            page = ExamplesScene(ctx, title, next(kind for kind in KINDS if kind.has_example))
            page.go(5)
            return page
        if name in GAMES:
            return _started(PlayScene(ctx, flow, a_few_moves(kind_by_key(name)), 75.0))
        raise ValueError(name)

    shots = []
    try:
        for lang in langs:
            ctx.settings.language = lang
            ctx.apply_settings()
            for name in scenes:
                scene = make(name)
                session.loop.switch(scene)
                if name == "crescent-drag":
                    drag_halfway(scene)
                elif name in GAMES:
                    select_first(scene)
                for _ in range(3):
                    session.loop.frame(1 / 60)
                scene.invalidate()
                session.loop.frame(1 / 60)
                pygame.event.pump()
                stem = f"{name}-{size[0]}x{size[1]}-{lang}"
                big = (full or Path(tempfile.gettempdir())) / f"{stem}.png"
                big.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run(["import", "-window", "root", str(big)], check=True, timeout=60)
                small = out / f"{stem}.png"
                small.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run(
                    [
                        "convert",
                        str(big),
                        "-resize",
                        f"{width}x{width}>",
                        "-strip",
                        "-colors",
                        "128",
                        f"PNG8:{small}",
                    ],
                    check=True,
                    timeout=60,
                )
                if full is None:
                    big.unlink()
                shots.append(small)
    finally:
        session.close()
    print("\n".join(str(path) for path in shots))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    parser.add_argument("--full", type=Path, default=None)
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--langs", default="en")
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--width", type=int, default=480)
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    langs = args.langs.split(",")
    scenes = [
        s for part in args.scenes.split(",") for s in (THEMES if part == "themes" else [part])
    ]
    if args.child:
        child(_size(args.child), langs, scenes, args.out, args.full, args.width)
        return 0
    absent = missing(("Xvfb", "import", "convert"))
    if absent:
        print(f"screens: {', '.join(absent)} not installed", file=sys.stderr)
        return 2
    for text in args.sizes.split(","):
        size = _size(text)
        with virtual_display(size) as display:
            for path in shoot(display, size, langs, scenes, args.out, args.full, args.width):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
