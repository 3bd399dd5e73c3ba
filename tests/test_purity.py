"""game.rules is pure Python: it imports without pygame (DESIGN.md, convention 1), and so
do the rules and the solver of every kind, in its folder, that it re-exports."""

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
        "import game.rules, game.rules.solver\n"
        "letters = ''\n"
        "for kind in game.rules.kinds_rules():\n"
        "    for name in kind.__all__:\n"
        "        getattr(game.rules, name)\n"
        "    for letter, rules in kind.RULES.items():\n"
        "        played = rules.from_code(f'HM1-{letter}-AAAAAAB')\n"
        "        played.legal_moves(); played.undo(); played.to_dict()\n"
        "        letters += letter\n"
        "game.rules.solver.kinds_solvers()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'platformdirs'))\n"
        "print(letters, bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    from game.games.catalog import KINDS

    letters, bad = run.stdout.split(" ", 1)
    assert bad.strip() == "[]"
    assert sorted(letters) == sorted(kind.letter for kind in KINDS)  # every game's rules


def test_no_file_under_game_rules_names_pygame():
    paths = list(RULES.rglob("*.py"))
    assert any(path.parent.name == "solver" for path in paths)
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert "import pygame" not in text and "from pygame" not in text, path
