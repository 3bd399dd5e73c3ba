"""The command line: options, one clear line and exit status 2 for anything wrong."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.games.catalog import letters
from game.rules.codes import expected_forms
from game.shell.app import parse_args

EVERY_CODE = expected_forms(letters()).removeprefix("expected ").split(", e.g.")[0]
"""The codes of every game of the registry, as an error names them: ``HM1-N-, ... or
HM1-E- followed by 7 letters A-Z``."""

ROOT = Path(__file__).resolve().parents[1]


def _run(*args, home):
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HALFMOON_HOME": str(home),
    }
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_option_is_read():
    args = parse_args(
        [
            "--deal",
            " hm1-n-aaaaaab ",
            "--window",
            "1024x768",
            "--fullscreen",
            "--kiosk",
            "--kiosk-config",
            "k.toml",
            "--lang",
            "fi",
            "--max-frames",
            "5",
        ]
    )
    assert args.deal == "HM1-N-AAAAAAB" and args.window == (1024, 768)
    assert args.fullscreen and args.kiosk and args.kiosk_config == Path("k.toml")
    assert args.lang == "fi" and args.max_frames == 5


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--deal", "HM1-N-12"], EVERY_CODE),
        (["--window", "big"], "expected WIDTHxHEIGHT"),
        (["--window", "100x100"], "too small"),
        (["--max-frames", "0"], "positive number of frames"),
        (["--lang", "de"], "invalid choice"),
        (["--frobnicate"], "unrecognized arguments"),
    ],
)
def test_a_bad_argument_exits_2_with_one_clear_line(capsys, argv, words):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and err.startswith("halfmoon: error:")


def test_max_frames_runs_the_real_game_and_exits_0(tmp_path):
    run = _run("--deal", "HM1-N-AAAAAAB", "--max-frames", "30", home=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr


def test_kiosk_mode_runs_with_max_frames(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text('exit_pin = "1234"\nidle_seconds = 30\n')
    run = _run("--kiosk-config", str(config), "--max-frames", "30", home=tmp_path)
    assert run.returncode == 0, run.stderr


def test_a_bad_kiosk_config_exits_2_with_one_line_naming_it(tmp_path):
    config = tmp_path / "kiosk.toml"
    config.write_text("idle_seconds = -5\n")
    run = _run("--kiosk-config", str(config), home=tmp_path)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and str(config) in run.stderr
    missing = _run("--kiosk-config", str(tmp_path / "nope.toml"), home=tmp_path)
    assert missing.returncode == 2 and "cannot read kiosk config" in missing.stderr


def test_version_and_help(tmp_path):
    version = _run("--version", home=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("Half Moon ")
    help_text = _run("--help", home=tmp_path)
    assert help_text.returncode == 0
    for option in (
        "--deal",
        "--fullscreen",
        "--window",
        "--kiosk",
        "--kiosk-config",
        "--lang",
        "--version",
        "--max-frames",
    ):
        assert option in help_text.stdout


def test_a_missing_card_sprite_ends_the_game_with_one_line_and_status_1(
    tmp_path, capsys, monkeypatch
):
    import shutil

    import game.look.assets
    from game.shell.app import main

    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    (assets / "sprites" / "QS.svg").unlink()
    monkeypatch.setattr(game.look.assets, "asset_root", lambda: assets)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path / "home"))
    assert main(["--max-frames", "2"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "QS.svg" in err and "Traceback" not in err


def test_a_missing_font_ends_the_game_with_one_line_and_status_1(tmp_path, capsys, monkeypatch):
    import shutil

    import game.look.assets
    import game.look.fonts
    from game.shell.app import main

    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", assets)
    (assets / "fonts" / "DejaVuSans.ttf").unlink()
    monkeypatch.setattr(game.look.assets, "asset_root", lambda: assets)
    game.look.fonts.clear()
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("HALFMOON_HOME", str(tmp_path / "home"))
    assert main(["--max-frames", "2"]) == 1
    err = capsys.readouterr().err
    assert "DejaVuSans.ttf" in err and "Traceback" not in err
    game.look.fonts.clear()
