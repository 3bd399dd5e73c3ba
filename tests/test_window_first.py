"""The window opens before the rest of the game loads (issue 16, "window shown").

Each test runs a fresh interpreter, since what matters is what is imported, and when.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, **env: str) -> dict:
    """Run ``code`` in a fresh interpreter from the checkout; the JSON it prints last.

    With the platform's tricks on (``HALFMOON_PLAIN`` unset) unless ``env`` sets it."""
    environment = {k: v for k, v in os.environ.items() if k != "HALFMOON_PLAIN"}
    environment.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    environment.update(PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("plain", ["", "1"], ids=["two-halves", "plain"])
def test_the_window_opens_before_pygame_fonts_sound_or_the_rules_are_imported(plain):
    """With HALFMOON_PLAIN=1, pygame is imported whole (fonts, mixer...) before the
    window opens, as ``import pygame`` does; the rules still wait."""
    found = _run(
        "import argparse, json, sys\n"
        "from game.shell.display import show_window\n"
        "seen = {}\n"
        "import pygame.display as d\n"
        "real_flip = d.flip\n"
        "def flip():\n"
        "    real_flip()\n"
        "    late = ('pygame.font', 'pygame.mixer', 'pygame.sprite', 'game.rules.')\n"
        "    seen.setdefault('at_flip', sorted(m for m in sys.modules if m.startswith(late)))\n"
        "d.flip = flip\n"
        "args = argparse.Namespace(window=(800, 600), fullscreen=False)\n"
        "show = show_window(args, None)\n"
        "import pygame\n"
        "seen['after'] = [hasattr(pygame, n) for n in ('font', 'init', 'Vector2')]\n"
        "seen['mixer'] = 'pygame.mixer' in sys.modules\n"
        "seen['size'] = list(pygame.display.get_surface().get_size())\n"
        "print(json.dumps(seen))\n",
        HALFMOON_PLAIN=plain,
    )
    if plain:
        assert {"pygame.font", "pygame.mixer", "pygame.sprite"} <= set(found["at_flip"])
        assert not any(name.startswith("game.rules.") for name in found["at_flip"])
    else:
        assert found["at_flip"] == []  # the window was shown with none of them imported
    assert found["after"] == [True, True, True]  # and pygame is whole when a name it lacks is used
    assert found["mixer"] is bool(plain)  # but for the mixer, loaded with the first effect
    assert found["size"] == [800, 600]


def test_a_half_imported_pygame_completes_itself_on_first_use():
    found = _run(
        "import json, sys\n"
        "from game.platform import lazy_pygame\n"
        "pygame = lazy_pygame.window_half()\n"
        "half = [lazy_pygame.is_whole(), 'pygame.font' in sys.modules]\n"
        "import pygame as again\n"
        "again.font.init()\n"  # a name the half lacks: the rest is imported
        "font = again.font.Font(None, 20)\n"
        "print(json.dumps({'half': half, 'whole': lazy_pygame.is_whole(),\n"
        "    'same': again is pygame, 'text': font.size('Half Moon')[0] > 0,\n"
        "    'version': again.version.ver}))\n"
    )
    assert found["half"] == [False, False]
    assert found["whole"] is True and found["same"] is True and found["text"] is True
    assert found["version"]


def test_the_mixer_loads_when_first_used_and_not_with_the_rest_of_pygame():
    """pygame's ``__init__`` would load SDL_mixer and the codec libraries it links
    (MIDI, MP3, Opus, FLAC...: 3 MB); the game loads them with its first sound effect."""
    found = _run(
        "import json, sys\n"
        "from game.platform import lazy_pygame\n"
        "lazy_pygame.window_half()\n"
        "pygame = lazy_pygame.whole()\n"
        "libs = lambda: sum('SDL2_mixer' in line for line in open('/proc/self/maps'))\n"
        "before = ['pygame.mixer' in sys.modules, libs() > 0]\n"
        "pygame.mixer.init(44100, -16, 2, 512)\n"  # the name alone loads it
        "after = [pygame.mixer.get_init() is not None, pygame.Sound is pygame.mixer.Sound]\n"
        "pygame.mixer.quit()\n"
        "print(json.dumps({'before': before, 'after': after}))\n"
    )
    assert found == {"before": [False, False], "after": [True, True]}


def test_the_game_runs_with_no_mixer_loaded_until_a_sound_plays(tmp_path):
    found = _run(
        "import json, sys\n"
        "from game.shell.app import main\n"
        "status = main(['--deal', 'HM1-N-AAAAAAB', '--max-frames', '40'])\n"
        "print(json.dumps({'status': status, 'mixer': 'pygame.mixer' in sys.modules}))\n",
        HALFMOON_HOME=str(tmp_path),
    )
    assert found == {"status": 0, "mixer": False}


def test_pygame_already_imported_is_used_as_it_is():
    found = _run(
        "import json, pygame\n"
        "from game.platform import lazy_pygame\n"
        "print(json.dumps({'same': lazy_pygame.window_half() is pygame,\n"
        "    'whole': lazy_pygame.is_whole()}))\n"
    )
    assert found == {"same": True, "whole": True}


def test_reading_a_deal_code_imports_the_codes_not_the_games():
    """Nor the cards, the shuffle's random numbers, dataclasses, ctypes or shutil: the
    command line is read before the window opens, and these took 20 ms of its 100."""
    found = _run(
        "import json, sys\n"
        "from game.shell.app import parse_args\n"
        "args = parse_args(['--deal', 'hm1-o-aaaaaab'])\n"
        "late = ('game.games.crescent.game', 'game.games.halfmoon.rules',\n"
        "    'game.games.halfmoon.table',\n"
        "    'game.rules.cards', 'random', 'dataclasses', 'ctypes', 'shutil', 'inspect')\n"
        "print(json.dumps({'deal': args.deal, 'games': sorted(m for m in sys.modules\n"
        "    if m in late)}))\n"
    )
    assert found == {"deal": "HM1-O-AAAAAAB", "games": []}


def test_every_name_of_the_rules_package_is_there_when_asked_for():
    found = _run(
        "import json, importlib\n"
        "import game.rules as rules\n"
        "missing = [n for n in rules.__all__ if getattr(rules, n, None) is None]\n"
        "listed = sorted(set(rules.__all__) - set(dir(rules)))\n"
        "star = {}\n"
        "exec('from game.rules import *', star)\n"
        "try:\n"
        "    rules.NoSuchName\n"
        "    error = None\n"
        "except AttributeError as e:\n"
        "    error = str(e)\n"
        "print(json.dumps({'missing': missing, 'listed': listed, 'error': error,\n"
        "    'star': sorted(set(rules.__all__) - set(star))}))\n"
    )
    assert found["missing"] == [] and found["listed"] == [] and found["star"] == []
    assert found["error"] == "module 'game.rules' has no attribute 'NoSuchName'"


FIRST_FRAME_LATE = (
    "pygame.sysfont",
    "pygame.pkgdata",
    "pygame.sprite",
    "pygame._debug",
    "pygame.system",
)
"""Modules of pygame's ``__init__`` that the first frame does not draw with (17 ms)."""
KIOSK_MODULES = ("game.records.kiosk", "game.scenes.kiosk")
"""A kiosk's modules, which a player's first frame does without (2 ms)."""


def _first_frame_deals() -> list:
    from game.games.catalog import KINDS

    return [None] + [kind.code(1) for kind in KINDS]


@pytest.mark.parametrize(
    ("deal", "plain"),
    [(deal, "") for deal in _first_frame_deals()] + [(None, "1")],
    ids=lambda value: value or "title" if value != "1" else "plain",
)
def test_the_first_frame_is_drawn_before_the_rest_of_pygame_is_imported(tmp_path, deal, plain):
    """The title and a table of each game are drawn with the window's half of pygame and
    a few modules more; the rest of pygame comes once that frame is shown (HALFMOON_PLAIN:
    all of it before the window, as ``import pygame`` does). So do the screens the frame
    does not show: a table's first frame makes no title, the title's no menu; and what it
    does not need: ctypes (the last save on a lost X server), tempfile (the first write),
    pkgutil (every kind's rules at once), the system's languages where SDL would only
    read the variables, a kiosk's modules."""
    found = _run(
        "import json, sys\n"
        "from game.platform import lazy_pygame\n"
        "d = lazy_pygame.window_half().display\n"
        "real_flip, flips, screens, kiosk = d.flip, [], [], []\n"
        f"late = {FIRST_FRAME_LATE!r}\n"
        "def flip():\n"
        "    real_flip()\n"
        "    flips.append(sorted(m for m in late if m in sys.modules))\n"
        "    screens.append(sorted(m for m in sys.modules if m.startswith('game.scenes.')\n"
        "        and m.rpartition('.')[2] in ('title', 'menus', 'code_entry', 'play')\n"
        "        or m in ('ctypes', 'tempfile', 'pkgutil')))\n"
        f"    kiosk.append(sorted(m for m in {KIOSK_MODULES!r} if m in sys.modules))\n"
        "d.flip = flip\n"
        "from game.shell.app import main\n"
        f"status = main(['--max-frames', '2'] + ({['--deal', deal] if deal else []!r}))\n"
        "print(json.dumps([status, flips[1], sorted(m for m in late if m in sys.modules),\n"
        "    screens[1], kiosk[1]]))\n",
        HALFMOON_HOME=str(tmp_path),
        HALFMOON_PLAIN=plain,
        # a language no variable names: SDL's list would be asked for, where it has one
        LANGUAGE="",
        LC_ALL="",
        LC_MESSAGES="",
        LANG="C.UTF-8",
    )
    whole = sorted(FIRST_FRAME_LATE)
    # flip 1 shows the felt, flip 2 the first frame
    assert found[:3] == [0, whole if plain else [], whole]
    screen = "game.scenes.play" if deal else "game.scenes.title"
    if plain:  # the whole of pygame imports importlib.resources, and with it tempfile
        # (and on Python 3.10 pkgutil): not the game's to leave out
        assert screen in found[3] and "ctypes" not in found[3]
    else:
        assert found[3] == [screen]
    assert found[4] == []  # a player's first frame, not a kiosk's


def test_a_module_of_the_rules_package_is_imported_without_any_games_rules():
    """``from game.rules import daily`` (the title, the flow, the context) imported every
    game's rules first, looking for a game's name ``daily`` (7-9 ms before the title)."""
    found = _run(
        "import json, sys\n"
        "from game.rules import daily, history\n"
        "import game.rules as rules\n"
        "print(json.dumps({'games': sorted(m for m in sys.modules if m.startswith('game.games')),\n"
        "    'same': rules.daily is daily and rules.history is history,\n"
        "    'kinds': hasattr(rules, 'HalfMoon') or hasattr(rules, 'RemovalGame')}))\n"
    )
    assert found == {"games": [], "same": True, "kinds": True}
