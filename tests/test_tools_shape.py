"""The shape of tools/: no module over 450 lines, no import cycle among its modules.

The tools are scripts, not a package: each puts tools/ on ``sys.path`` (or is run from
there) and imports its siblings by plain name (``from bench_common import ...``,
``import bench_frames``). The import graph is read from the source with :mod:`ast`,
never by importing: a node is each module of tools/, an edge each import of a sibling
by its plain name, wherever it stands (module level, functions, ``try`` or ``if``
blocks): a tool imports a sibling late to keep its start light, and a late import of
each other by two tools is a knot all the same. Code in strings, run by a child
process, is not an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
MAX_LINES = 450
"""The longest a module of tools/ may be (as game/'s: tests/test_imports.py)."""


def _sources() -> dict[str, Path]:
    """Every module of tools/, by the name its siblings import it by."""
    return {path.stem: path for path in sorted(TOOLS.glob("*.py"))}


def sibling_imports(source: str, siblings: set[str]) -> set[str]:
    """The modules of ``siblings`` that ``source`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found.update(name.partition(".")[0] for name in names)
    return found & siblings


def import_graph() -> dict[str, set[str]]:
    """Each module of tools/ and the siblings it imports (itself left out)."""
    sources = _sources()
    names = set(sources)
    return {
        name: sibling_imports(path.read_text(encoding="utf-8"), names) - {name}
        for name, path in sources.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as its modules in import order, the first again at the end;
    None when the imports form no cycle."""
    finished: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in finished:
            return None
        path.append(node)
        for target in sorted(graph.get(node, ())):
            found = visit(target)
            if found is not None:
                return found
        path.pop()
        finished.add(node)
        return None

    for node in sorted(graph):
        found = visit(node)
        if found is not None:
            return found
    return None


def test_no_module_of_tools_is_over_450_lines():
    lines = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in _sources().values()
    }
    offenders = [f"{path}: {count} lines" for path, count in lines.items() if count > MAX_LINES]
    assert not offenders, f"modules over {MAX_LINES} lines:\n" + "\n".join(offenders)
    assert len(lines) > 20 and "tools/bench.py" in lines  # every module was counted


def test_the_modules_of_tools_import_each_other_without_a_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "an import cycle in tools/: " + " -> ".join(cycle or [])


def test_the_graph_reader_sees_every_kind_of_sibling_import():
    """The reader is not blind: it finds the tools' imports of each form they use."""
    graph = import_graph()
    assert {"monkey_checks", "monkey_scripts"} <= graph["monkey"]  # from X import, module level
    assert "bench_frames" in graph["bench_lowend"]  # import X, in a function
    assert "bench_common" in graph["bench_lowend"]
    assert "xsession" in graph["bench_rivals"]
    assert "bench_resize" not in graph["bench_platform"]  # only in a child's code string
    assert all(name not in targets for name, targets in graph.items())


def test_the_cycle_finder_finds_and_names_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None  # a diamond
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"bench": {"bench_lowend"}, "bench_lowend": {"bench"}}) == [
        "bench",
        "bench_lowend",
        "bench",
    ]


def test_the_reader_finds_a_late_import_of_each_other():
    """The knot this test was written for: bench.py and bench_lowend.py imported each
    other in functions."""
    siblings = {"bench", "bench_lowend"}
    bench = "def run():\n    from bench_lowend import profile\n    return profile()\n"
    lowend = "def summary():\n    from bench import _percentile\n"
    graph = {
        "bench": sibling_imports(bench, siblings),
        "bench_lowend": sibling_imports(lowend, siblings),
    }
    assert find_cycle(graph) == ["bench", "bench_lowend", "bench"]
