"""Two games in one app: files written before Crescent came, the command line's
``--deal``/``--game``, the kiosk's ``games`` key, and Move errors' words for every refusal."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import Driver

from game.games.catalog import KINDS, kind_by_key
from game.games.crescent.board import REFUSAL_TEXT
from game.look import i18n
from game.records.kiosk import KioskConfig, KioskConfigError
from game.records.storage import Storage
from game.rules import Crescent, Game, Refusal
from game.scenes.end import StalemateScene
from game.scenes.flow import Flow, open_context
from game.scenes.menus import StatisticsScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene

HALF_MOON = kind_by_key("halfmoon")


ROOT = Path(__file__).resolve().parents[1]
BEFORE = Path(__file__).resolve().parent / "data" / "before-two-games"
"""A home written by the game just before it had two games (made with that commit's
code): a Half Moon game of 7 moves at 123.5 s, 4 games played and 3 won, Finnish."""


def _home_from_before(tmp_path: Path) -> Storage:
    shutil.copytree(BEFORE, tmp_path, dirs_exist_ok=True)
    return Storage(tmp_path / "config", tmp_path / "data")


def test_files_from_before_two_games_are_read_as_half_moons(display, tmp_path):
    storage = _home_from_before(tmp_path)
    ctx = open_context(storage)
    assert ctx.settings.language == "fi" and ctx.settings.placement_aid  # kept
    assert ctx.kind is HALF_MOON
    ctx.settings.language = "en"
    ctx.apply_settings()
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title)
    assert title.entries()[0] == ("continue", "Continue")
    driver.click(title.button_rects()["continue"].center)
    play = driver.scene
    assert isinstance(play, PlayScene) and isinstance(play.game, Game)
    assert play.game.code == "HM1-N-AAAAAAB" and play.game.moves == 7
    assert abs(play.elapsed - 123.5) < 0.5
    assert ctx.stats.played == 4 and ctx.stats.won == 3 and ctx.stats.best_time == 380.0
    for kind in KINDS[1:]:  # the Crescents start with nothing
        assert ctx.of(kind).game is None and ctx.of(kind).stats.played == 0


def test_half_moon_statistics_from_before_show_on_its_page_and_not_on_crescents(display, tmp_path):
    ctx = open_context(_home_from_before(tmp_path))
    ctx.settings.language = "en"
    ctx.apply_settings()
    assert "Games won: 3  (75 %)" in StatisticsScene(ctx, back=TitleScene(ctx, Flow(ctx))).lines()
    ctx.choose(kind_by_key("crescent"))
    lines = StatisticsScene(ctx, back=TitleScene(ctx, Flow(ctx))).lines()
    assert not any("Games won: 3" in line for line in lines)


def test_a_crescent_saved_beside_them_leaves_the_half_moon_files_alone(display, tmp_path):
    storage = _home_from_before(tmp_path)
    ctx = open_context(storage)
    ctx.choose(kind_by_key("crescent"))
    ctx.game = Crescent.from_code("HM1-C-AAAAAAB")
    ctx.game.play(ctx.game.legal_moves()[0])
    ctx.save_all()
    assert (tmp_path / "data" / "game-crescent.json").exists()
    again = open_context(Storage(tmp_path / "config", tmp_path / "data"))
    assert again.kind.key == "crescent" and again.game.moves == 1  # the chosen game is kept
    assert again.of(HALF_MOON).game.moves == 7


# ------------------------------------------------------------------ the command line
def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {
        "HALFMOON_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PATH": "/usr/bin:/bin",
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_crescent_deal_code_on_the_command_line_starts_crescent(display, tmp_path):
    from game.shell.app import parse_args
    from game.shell.session import Session

    session = Session.open(
        parse_args(["--deal", "hm1-f-aaaaaab", "--max-frames", "2"]),
        None,
        Storage(tmp_path / "config", tmp_path / "data"),
    )
    try:
        scene = session.loop.scene
        assert isinstance(scene, PlayScene) and isinstance(scene.game, Crescent)
        assert scene.game.code == "HM1-F-AAAAAAB" and scene.game.redeals_left == 4
        assert session.ctx.kind.key == "crescent-four"
    finally:
        session.close()


def test_a_deal_code_on_the_command_line_starts_its_game(display, tmp_path, kind):
    from game.games.catalog import kind_of
    from game.shell.app import parse_args
    from game.shell.session import Session

    code = kind.code(654321)
    args = parse_args(["--deal", code.lower(), "--window", "640x480"])
    session = Session.open(args, None, Storage(tmp_path / "config", tmp_path / "data"))
    try:
        driver = Driver.over(session.loop)
        driver.frames(2)
        play = driver.scene
        assert isinstance(play, PlayScene) and play.game.code == code
        assert kind_of(play.game) is kind and session.ctx.kind is kind
        assert play.game.position() == kind.from_code(code).position()
    finally:
        session.close()


@pytest.mark.parametrize("key", [kind.key for kind in KINDS])
def test_game_on_the_command_line_picks_the_game_of_a_new_deal(display, tmp_path, key):
    from game.shell.app import parse_args
    from game.shell.session import Session

    session = Session.open(
        parse_args(["--game", key]), None, Storage(tmp_path / "config", tmp_path / "data")
    )
    try:
        title = session.loop.scene
        assert isinstance(title, TitleScene) and session.ctx.kind.key == key
        driver = Driver(title)
        driver.click(title.button_rects()["new"].center)
        # the table, or at once its stalemate panel for a deal stuck from its first card
        assert isinstance(driver.scene, (PlayScene, StalemateScene))
        dealt = session.ctx.game
        assert session.ctx.kind.key == key and dealt is not None
        assert dealt.code[4] == kind_by_key(key).letter
    finally:
        session.close()


def test_an_unknown_game_on_the_command_line_is_one_clear_line(tmp_path):
    done = _run(tmp_path, "--game", "klondike")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--game" in done.stderr and "crescent" in done.stderr


# ------------------------------------------------------------------------- the kiosk
def _kiosk(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kiosk.toml"
    path.write_text(text)
    return path


def test_the_kiosk_offers_only_its_games_in_its_order(display, tmp_path, ctx, flow):
    config = KioskConfig.load(_kiosk(tmp_path, 'games = ["open-crescent", "halfmoon"]\n'))
    assert config.games == ("open-crescent", "halfmoon")
    ctx.kiosk = config
    title = TitleScene(ctx, flow)
    Driver(title)
    assert [kind.key for kind in title.offered()] == ["open-crescent", "halfmoon"]
    assert [k for k in title.button_rects() if k.startswith("game-")] == [
        "game-open-crescent",
        "game-halfmoon",
    ]


def test_a_kiosk_offering_one_game_shows_no_chooser_and_deals_that_game(display, tmp_path):
    from game.shell.app import parse_args
    from game.shell.session import Session

    config = KioskConfig.load(_kiosk(tmp_path, 'games = ["crescent"]\n'))
    session = Session.open(
        parse_args(["--kiosk"]), config, Storage(tmp_path / "config", tmp_path / "data")
    )
    try:
        title = session.loop.scene
        assert session.ctx.kind.key == "crescent"
        assert not [k for k in title.button_rects() if k.startswith("game-")]
    finally:
        session.close()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('games = "crescent"\n', "games must be a list"),
        ("games = []\n", "games must be a list"),
        ('games = ["klondike"]\n', "'klondike' is not a game"),
        ('games = ["crescent", "crescent"]\n', "names a game twice"),
        ("games = [1]\n", "is not a game"),
    ],
)
def test_a_wrong_games_key_names_the_file_and_the_key(tmp_path, text, words):
    path = _kiosk(tmp_path, text)
    with pytest.raises(KioskConfigError) as error:
        KioskConfig.load(path)
    message = str(error.value)
    assert str(path) in message and "games" in message and words in message
    assert "\n" not in message


def test_a_wrong_games_key_stops_the_kiosk_with_one_line(tmp_path):
    path = _kiosk(tmp_path, 'games = ["chess"]\n')
    done = _run(tmp_path, "--kiosk-config", str(path), "--max-frames", "2")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "chess" in done.stderr


# -------------------------------------------------------------------- Move errors
def test_every_refusal_of_the_rules_has_its_words_on_the_table():
    assert set(REFUSAL_TEXT) == set(Refusal)
    for refusal, text in REFUSAL_TEXT.items():
        assert text == refusal.value  # one English text: the rules' and the table's


@pytest.mark.parametrize("language", ["ms", "fi", "ru"])
def test_every_refusal_is_translated_with_the_same_blanks(language):
    i18n.set_language(language)
    try:
        for text in REFUSAL_TEXT.values():
            translated = i18n._(text)
            assert translated != text, (language, text)
            for blank in ("{card}", "{other}"):
                assert (blank in translated) == (blank in text), (language, text)
    finally:
        i18n.set_language("en")


def test_the_command_line_takes_every_game_of_the_registry():
    """--game takes each kind's key, and its help lists them all."""
    from game.shell.app import build_parser, parse_args

    for kind in KINDS:
        assert parse_args(["--game", kind.key]).game == kind.key
    helped = " ".join(build_parser().format_help().split())
    assert all(kind.key in helped.replace("- ", "-") for kind in KINDS)
