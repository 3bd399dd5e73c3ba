"""The folders of game/ show its layers, and no layer imports from one above it.

The layers, bottom to top (:data:`LAYERS`): a module may import the modules of its own
layer and of the layers below. Imports are read with ``ast`` wherever they stand (inside
functions and ``if TYPE_CHECKING:`` too), relative ones resolved. ``game.rules`` finds
the kinds' pure rules and solvers by name at run time (the library's face,
``from game.rules import Elevens``); that is no import statement, and the rules' purity
is tests/test_purity.py's.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

LAYERS = ["rules", "platform", "look", "audio", "table", "games", "records", "scenes", "shell"]
"""game/'s layers, bottom to top."""
TOP_LEVEL = {"__init__.py", "__main__.py", "locale", *LAYERS}
"""What game/'s top level holds: the package's two modules, the translations, the layers."""


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module of ``game`` that ``path`` imports (absolute names), with its line."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [(node.lineno, name) for name in names if name.split(".")[0] == "game"]
    return found


def _layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


def test_game_has_at_most_twelve_entries_and_they_are_the_layers():
    entries = {p.name for p in GAME.iterdir() if p.name != "__pycache__"}
    assert entries == TOP_LEVEL and len(entries) <= 12


def test_each_layer_folder_says_its_job():
    for layer in LAYERS:
        init = GAME / layer / "__init__.py"
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert docstring and len(docstring) > 40, layer


def test_no_module_imports_from_a_layer_above_its_own():
    wrong = []
    for layer in LAYERS:
        for path in sorted((GAME / layer).rglob("*.py")):
            for line, name in _imports(path):
                other = _layer(name)
                if other is not None and LAYERS.index(other) > LAYERS.index(layer):
                    where = path.relative_to(ROOT)
                    wrong.append(f"{where}:{line}: {layer} imports {name} ({other})")
    assert not wrong, "\n".join(sorted(set(wrong)))


def test_the_check_sees_an_upward_import_wherever_it_stands(tmp_path, monkeypatch):
    """The test above would catch a lazy import of a layer above (as the lock once traced
    through the shell), and a relative one."""
    folder = tmp_path / "game" / "platform"
    folder.mkdir(parents=True)
    source = "def f():\n    from ..shell.trace import trace\n    import game.scenes.play\n"
    (folder / "probe.py").write_text(source)
    monkeypatch.setattr("test_layers.ROOT", tmp_path)
    names = [name for _line, name in _imports(folder / "probe.py")]
    assert "game.shell.trace" in names and "game.scenes.play" in names
    assert _layer("game.shell.trace") == "shell"
