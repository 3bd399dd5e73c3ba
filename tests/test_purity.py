"""game.rules is pure Python: it imports without pygame (DESIGN.md, convention 1)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_game_rules_imports_without_pygame_in_a_fresh_interpreter():
    code = (
        "import sys, game.rules, game.rules.solver\n"
        "g = game.rules.Game.from_code('HM1-N-AAAAAAB'); g.tap('1')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'platformdirs'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "[]"


def test_no_module_of_game_rules_names_pygame():
    for path in (ROOT / "game" / "rules").glob("*.py"):
        assert "import pygame" not in path.read_text(encoding="utf-8"), path
