"""The shape of the ``game`` package: no import cycles, no long modules.

The import graph is read from the source with :mod:`ast`, never by importing: a node is
each module of ``game`` (a package is its ``__init__``), an edge each import of another
module of ``game`` made at module level, including those under ``if TYPE_CHECKING:``
(a cycle that only the type checker sees is a cycle of the design all the same), and
relative as well as absolute ones. ``from X import name`` is an edge to ``X.name`` when
that is a module, else to ``X``.

Not counted: imports inside functions and methods (they run when called, after every
module has loaded: a deliberate late import, not a knot), and the implicit import of a
module's parent packages (a package's ``__init__`` runs before its modules whatever they
import).

What is specific to an OS, to X11 or to SDL's internals is in ``game/platform/``: no
other module imports :data:`OS_MODULES`, at any depth (functions included).
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "game"
MAX_LINES = 450
"""The longest a module of game/ may be (DESIGN.md: modules stay <= 450 lines)."""
PLATFORM = PACKAGE / "platform"
OS_MODULES = frozenset({"ctypes", "fcntl", "msvcrt", "signal", "select", "resource"})
"""Modules of the standard library that only game/platform/ imports."""


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _sources() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level(
    body: list[ast.stmt], typing_only: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """The import statements run when the module loads (or, with ``typing_only``, those
    only the type checker follows), with whether they are typing-only: those in the body
    and in its ``if``, ``try`` and ``with`` blocks, not those in functions or classes."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, typing_only
        elif isinstance(node, ast.If):
            checking = typing_only or _is_type_checking(node.test)
            yield from _module_level(node.body, checking)
            yield from _module_level(node.orelse, typing_only)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                yield from _module_level(block, typing_only)
            for handler in node.handlers:
                yield from _module_level(handler.body, typing_only)
        elif isinstance(node, ast.With):
            yield from _module_level(node.body, typing_only)


def _base(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` statement of module ``name`` reads from."""
    if node.level == 0:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    parts = package.split(".")
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def import_graph() -> dict[str, dict[str, bool]]:
    """Each module's imports of other modules of ``game``, each marked True when only
    the type checker follows it (``if TYPE_CHECKING:``)."""
    sources = _sources()
    graph: dict[str, dict[str, bool]] = {name: {} for name in sources}
    for name, path in sources.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, typing_only in _module_level(tree.body):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _base(name, path, node)
                submodules = [
                    f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in sources
                ]
                whole = len(submodules) < len(node.names)
                targets = [*submodules, *([base] if whole else [])]
            for target in targets:
                if target in sources and target != name:
                    # a module imported both ways loads at run time
                    graph[name][target] = graph[name].get(target, True) and typing_only
    return graph


def knots(graph: dict[str, dict[str, bool]]) -> list[set[str]]:
    """The groups of two or more modules each of which imports all the others, directly
    or through the group (the strongly connected components: Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups, key=min)


def shortest_cycle(graph: dict[str, dict[str, bool]], group: set[str]) -> list[str]:
    """A shortest cycle through the first module of ``group`` (a knot), as the modules in
    import order, the first again at the end."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:  # breadth first: the shortest way back
        ahead = []
        for node in frontier:
            for target in sorted(graph[node]):
                if target == start:
                    return [*paths[node], start]
                if target in group and target not in paths:
                    paths[target] = [*paths[node], target]
                    ahead.append(target)
        frontier = ahead
    raise ValueError(f"not a knot: {sorted(group)}")


def cycles(graph: dict[str, dict[str, bool]]) -> list[list[str]]:
    """One shortest cycle through each knot of the graph."""
    return [shortest_cycle(graph, group) for group in knots(graph)]


def _spelled(cycle: list[str], graph: dict[str, dict[str, bool]]) -> str:
    """``a -> b ~> c -> a``: ``~>`` is an import under ``if TYPE_CHECKING:``."""
    text = cycle[0]
    for here, there in itertools.pairwise(cycle):
        text += (" ~> " if graph[here][there] else " -> ") + there
    return text


def test_the_game_package_has_no_import_cycle():
    graph = import_graph()
    found = [
        f"{_spelled(shortest_cycle(graph, group), graph)}\n"
        f"    (one cycle of a knot of {len(group)}: {', '.join(sorted(group))})"
        for group in knots(graph)
    ]
    assert not found, "import cycles (~> is under TYPE_CHECKING):\n" + "\n".join(found)


def test_the_graph_reader_sees_every_kind_of_import():
    """The reader is not blind: it finds imports of each form the package uses."""
    graph = import_graph()
    assert "game.scenes.base" in graph["game.scenes.play"]  # from .base import
    assert "game.scenes.motion" in graph["game.scenes.play"]  # from . import motion
    assert "game.rules" in graph["game.scenes.play"]  # from ..rules import Outcome
    assert graph["game.rules"]["game.rules.cards"] is True  # under TYPE_CHECKING
    assert graph["game.scenes.play"]["game.scenes.base"] is False


def test_cycles_are_found_and_named():
    """The cycle finder on a small graph with one knot of three modules, one of two and a
    module outside both."""
    graph = {
        "a": {"b": False},
        "b": {"c": True},
        "c": {"a": False, "d": False},
        "d": {"e": False},
        "e": {"d": False},
        "f": {"a": False},
    }
    assert knots(graph) == [{"a", "b", "c"}, {"d", "e"}]
    found = cycles(graph)
    assert found == [["a", "b", "c", "a"], ["d", "e", "d"]]
    assert _spelled(found[0], graph) == "a -> b ~> c -> a"
    assert cycles({"a": {"b": False}, "b": {}}) == []


def _lines() -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_no_module_of_game_is_over_450_lines():
    lines = _lines()
    offenders = [f"{path}: {count} lines" for path, count in lines.items() if count > MAX_LINES]
    assert not offenders, f"modules over {MAX_LINES} lines:\n" + "\n".join(offenders)
    assert len(lines) > 50 and "game/scenes/base.py" in lines  # every module was counted


def os_imports(source: str) -> list[str]:
    """Each import in ``source`` of a module of :data:`OS_MODULES` (or of a module in one),
    wherever it stands (module level, functions, classes, ``try``, ``if TYPE_CHECKING``),
    as ``line: module``; also ``importlib.import_module("ctypes")`` and ``__import__``
    with a name written out."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            called = function.attr if isinstance(function, ast.Attribute) else None
            called = function.id if isinstance(function, ast.Name) else called
            first = node.args[0]
            if called in ("import_module", "__import__") and isinstance(first, ast.Constant):
                names = [str(first.value)]
        if names:
            assert isinstance(node, (ast.stmt, ast.expr))  # an import or a call: it has a line
            found += [(node.lineno, name) for name in names if name.split(".")[0] in OS_MODULES]
    return [f"{line}: {name}" for line, name in sorted(found)]


def test_only_the_platform_package_imports_os_specific_modules():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if path.is_relative_to(PLATFORM):
            continue
        offenders += [f"{name}:{found}" for found in os_imports(path.read_text("utf-8"))]
    assert not offenders, "OS-specific imports outside game/platform/:\n" + "\n".join(offenders)


def test_the_os_import_reader_sees_every_form_at_any_depth():
    source = (
        "import os, ctypes.util\n"
        "from select import select\n"
        "from .signal import x\n"  # a module of the package, not the standard one
        "def f():\n"
        "    import fcntl\n"
        "    class C:\n"
        "        def g(self):\n"
        "            try:\n"
        "                import msvcrt as m\n"
        "            except ImportError:\n"
        "                from resource import getrusage\n"
        "    importlib.import_module('signal')\n"
        "    __import__('ctypes')\n"
        "    importlib.import_module(name)\n"
    )
    assert os_imports(source) == [
        "1: ctypes.util",
        "2: select",
        "5: fcntl",
        "9: msvcrt",
        "11: resource",
        "12: signal",
        "13: ctypes",
    ]
    # and in the package's own code: the X11 module imports ctypes inside functions
    found = os_imports((PLATFORM / "x11.py").read_text("utf-8"))
    assert any(line.endswith(": ctypes") for line in found) and any("select" in f for f in found)
