"""Shared helpers for the tests: fixture files and the seeds' example position, and every
test that takes a ``kind`` argument run once for each game kind of the registry."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


def pytest_addoption(parser):
    parser.addoption(
        "--with-kind",
        action="append",
        default=[],
        metavar="MODULE:NAME",
        help="register the game kind NAME of the tests' module MODULE (toy_game:TOY) for the "
        "whole run, so that every test taking `kind` plays it too (its script: "
        "tests/kind_scripts.py; --ignore the tests that register it themselves)",
    )


def pytest_configure(config):
    """Register the kinds of ``--with-kind`` before any test is collected."""
    from importlib import import_module

    from game.games.catalog import register

    for reference in config.getoption("--with-kind"):
        module, _, name = reference.partition(":")
        register(getattr(import_module(module), name))


def pytest_generate_tests(metafunc):
    """A test taking ``kind`` runs for every kind in :data:`game.games.catalog.KINDS` as it is
    when the test is collected (ids: the kinds' keys), so that a kind added to the
    registry is tested everywhere; tests/kind_scripts.py says how to play each one. A
    test that parametrizes ``kind`` itself (with kinds or anything else) is left alone."""
    if "kind" not in metafunc.fixturenames:
        return
    for marker in metafunc.definition.iter_markers("parametrize"):
        names = marker.args[0] if marker.args else marker.kwargs.get("argnames", "")
        if isinstance(names, str):
            names = [name.strip() for name in names.split(",")]
        if "kind" in names:
            return
    from game.games.catalog import KINDS

    metafunc.parametrize("kind", list(KINDS), ids=[kind.key for kind in KINDS])


def fixture_text(name: str) -> str:
    """The text of a file in tests/fixtures."""
    return (FIXTURES / name).read_text(encoding="utf-8")


def position_text(piles=None, reserve=None):
    """Position text with the given piles {n: "cards bottom to top"} and reserve {n: "card"};
    every other slot is empty."""
    piles, reserve = piles or {}, reserve or {}
    lines = [f"{n}: {piles.get(n, '-')}" for n in range(1, 13)]
    lines += [f"R{n}: {reserve.get(n, '-')}" for n in range(1, 9)]
    return "\n".join(lines)


@pytest.fixture(autouse=True)
def _seeded_deals(monkeypatch):
    """Every context a test opens deals its new games from a seeded random source (one
    per context, seeded by the test's name): a test's deals are the same on every run, so
    a deal stuck from its first card (Elevens) is met every time or never."""
    import random

    from game.records.context import Context

    real = Context.open.__func__
    name = os.environ.get("PYTEST_CURRENT_TEST", "")
    opened = []

    def open_seeded(cls, storage, **kwargs):
        ctx = real(cls, storage, **kwargs)
        if ctx.deals is None:
            opened.append(ctx)
            ctx.deals = random.Random(f"{name} {len(opened)}")
        return ctx

    monkeypatch.setattr(Context, "open", classmethod(open_seeded))


@pytest.fixture
def seeds_start():
    """The seeds' example deal before its first move (SPEC section 1)."""
    from game.rules import Game

    return Game.from_position(fixture_text("seeds-start.txt"))


@pytest.fixture
def seeds_position(seeds_start):
    """The seeds' position after the first move, 5S (pile 1) + 6D (pile 8)."""
    seeds_start.remove(["1", "8"])
    return seeds_start


@pytest.fixture
def display():
    """pygame's display and font modules, headless, started for one test."""
    from ui_helpers import pygame

    pygame.display.init()
    pygame.font.init()
    yield pygame
    pygame.quit()


@pytest.fixture
def storage(tmp_path):
    """A Storage in a fresh temporary folder (config/ and data/)."""
    from game.records.storage import Storage

    return Storage(tmp_path / "config", tmp_path / "data")


@pytest.fixture
def ctx(storage):
    """A scene context with fresh storage, in English (its deals seeded, as every
    context's in the tests: :func:`_seeded_deals`)."""
    from game.look.i18n import set_language
    from game.records.context import Context

    context = Context.open(storage)
    context.settings.language = "en"
    context.apply_settings()
    yield context
    set_language("en")


@pytest.fixture
def flow(ctx):
    """The scene graph over ``ctx``: what the scenes that lead somewhere are handed."""
    from game.scenes.flow import Flow

    return Flow(ctx)


def load_tool(name: str):
    """A module of tools/ by file name (the tools are scripts, not a package)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def solver_cli(*args: str):
    """``python -m game.rules.solver ARGS`` run from the project's root, output captured."""
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "game.rules.solver", *args],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def today(monkeypatch):
    """The game's today fixed at 2026-12-03 (game.rules.daily.today, the one place it
    reads the date from), and a function that sets it to another day."""
    from datetime import date

    from game.rules import daily

    current = [date(2026, 12, 3)]
    monkeypatch.setattr(daily, "today", lambda: current[0])

    def set_day(day: date) -> None:
        current[0] = day

    return set_day
