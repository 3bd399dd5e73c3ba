"""game.rules is pure Python: it imports without pygame (DESIGN.md, convention 1)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "game" / "rules"


def test_game_rules_imports_without_pygame_in_a_fresh_interpreter():
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in RULES.rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "import game.rules\n"
        "g = game.rules.Game.from_code('HM1-N-AAAAAAB'); g.tap('1')\n"
        "c = game.rules.Crescent.from_code('HM1-C-AAAAAAB'); c.tap('1'); c.redeal()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'platformdirs'))\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "[]"
    assert "game.rules.solver.search" in modules and "game.rules.crescent" in modules


def test_no_file_under_game_rules_names_pygame():
    paths = list(RULES.rglob("*.py"))
    assert any(path.parent.name == "solver" for path in paths)
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert "import pygame" not in text and "from pygame" not in text, path
