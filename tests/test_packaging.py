"""Packaging (PyInstaller, halfmoon.spec): what goes into the bundle and how it is found.

The unit tests here are quick and need no build. The tests of a *built* app run only when
``HALFMOON_FROZEN_APP`` names its executable; ``make dist-smoke`` builds the one-folder app
and runs them (``HALFMOON_FROZEN_APP=dist/halfmoon/halfmoon pytest tests/test_packaging.py``).
See docs/packaging.md.
"""

from __future__ import annotations

import ast
import gettext
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from game.look.assets import asset_path, asset_root

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "halfmoon.spec"
LOCALE = ROOT / "game" / "locale"
DEAL = "HM1-N-AAAAAAB"


def _languages() -> list[str]:
    """The languages with a catalog source in the repository."""
    return sorted(po.parts[-3] for po in LOCALE.glob("*/LC_MESSAGES/halfmoon.po"))


def _translated_pair(po_path: Path) -> tuple[str, str]:
    """One single-line message and its (different, non-empty) translation from a .po file."""
    text = po_path.read_text(encoding="utf-8")
    for msgid, msgstr in re.findall(r'^msgid "(.+)"\nmsgstr "(.+)"$', text, re.MULTILINE):
        if msgid != msgstr and "\\" not in msgid + msgstr:
            return msgid, msgstr
    raise AssertionError(f"no simple translated message in {po_path}")


# --- The spec file -------------------------------------------------------------------------


class _Recorder:
    """Stand-ins for PyInstaller's spec classes that record what the spec asks for."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []

    def _record(self, kind: str):
        def build(*args, **kwargs):
            self.calls.append((kind, args, kwargs))
            return SimpleNamespace(
                kind=kind, pure=[], scripts=[], binaries=[], datas=[], args=args, kwargs=kwargs
            )

        return build

    def namespace(self, spec_dir: Path) -> dict:
        names = {name: self._record(name) for name in ("Analysis", "PYZ", "EXE", "COLLECT")}
        names["BUNDLE"] = self._record("BUNDLE")
        return {**names, "SPECPATH": str(spec_dir), "__file__": str(spec_dir / SPEC.name)}

    def of(self, kind: str) -> list[tuple[tuple, dict]]:
        return [(args, kwargs) for name, args, kwargs in self.calls if name == kind]


def _run_spec(spec_dir: Path, monkeypatch, *spec_args: str) -> _Recorder:
    """Execute halfmoon.spec as PyInstaller would (SPECPATH, sys.argv after `--`)."""
    recorder = _Recorder()
    monkeypatch.setattr(sys, "argv", [str(spec_dir / SPEC.name), *spec_args])
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    exec(code, recorder.namespace(spec_dir))
    return recorder


def _fake_project(root: Path, languages=("ru", "fi"), compiled=True) -> Path:
    """A project folder with just what the spec looks at."""
    (root / "assets" / "fonts").mkdir(parents=True)
    (root / "assets" / "sprites").mkdir(parents=True)
    (root / "main.py").write_text("", encoding="utf-8")
    for lang in languages:
        folder = root / "game" / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "halfmoon.po").write_text("", encoding="utf-8")
        if compiled:
            (folder / "halfmoon.mo").write_bytes(b"")
    return root


def test_the_spec_is_python():
    ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def test_the_spec_bundles_assets_and_catalogs_where_the_game_looks(tmp_path, monkeypatch):
    project = _fake_project(tmp_path).resolve()
    recorder = _run_spec(project, monkeypatch)
    [(args, kwargs)] = recorder.of("Analysis")
    assert args[0] == [str(project / "main.py")]
    datas = {entry for entry in kwargs["datas"] if entry[1] != "licenses/accesskit"}  # (next test)
    assert datas == {
        (str(project / "assets"), "assets"),
        (str(project / "game/locale/fi/LC_MESSAGES/halfmoon.mo"), "game/locale/fi/LC_MESSAGES"),
        (str(project / "game/locale/ru/LC_MESSAGES/halfmoon.mo"), "game/locale/ru/LC_MESSAGES"),
        (str(project / "LICENSE"), "."),  # the licences sit at the bundle's top
        (str(project / "THIRD-PARTY-NOTICES"), "."),
    }
    assert {"pygame", "platformdirs"} <= set(kwargs["hiddenimports"])
    assert "tkinter" in kwargs["excludes"]


def _accesskit_installed() -> bool:
    try:
        importlib.metadata.distribution("accesskit")
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def _accesskit_in(recorder: _Recorder) -> tuple[bool, set[str]]:
    """Whether the spec's analysis names accesskit, and the licence files it bundles."""
    [(_args, kwargs)] = recorder.of("Analysis")
    licences = {
        Path(source).name for source, dest in kwargs["datas"] if dest == "licenses/accesskit"
    }
    return "accesskit" in kwargs["hiddenimports"], licences


def test_the_spec_bundles_accesskit_and_its_licences_where_it_is_installed(tmp_path, monkeypatch):
    """accesskit (the screen reader's view) is imported inside a function, and pip installs
    it only where it has wheels: the spec names it when the building Python has it, with
    the licence texts of its wheel, and leaves it out, without a warning, elsewhere."""
    project = _fake_project(tmp_path)
    named, licences = _accesskit_in(_run_spec(project, monkeypatch))
    if _accesskit_installed():
        assert named and {"LICENSE-MIT", "LICENSE-APACHE"} <= licences, licences
    else:
        assert not named and not licences

    def missing(name: str):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "distribution", missing)
    assert _accesskit_in(_run_spec(project, monkeypatch)) == (False, set())


def test_the_spec_builds_one_folder_and_one_file_by_default(tmp_path, monkeypatch):
    recorder = _run_spec(_fake_project(tmp_path), monkeypatch)
    names = sorted(kwargs["name"] for _, kwargs in recorder.of("EXE"))
    assert names == ["halfmoon", "halfmoon-portable"]
    [(_, collect)] = recorder.of("COLLECT")
    assert collect["name"] == "halfmoon"
    assert all(kwargs["console"] for _, kwargs in recorder.of("EXE"))
    assert all(not kwargs["upx"] for _, kwargs in recorder.of("EXE"))


@pytest.mark.parametrize(
    ("only", "exes", "collects"),
    [("onedir", ["halfmoon"], 1), ("onefile", ["halfmoon-portable"], 0)],
)
def test_the_spec_can_build_just_one(tmp_path, monkeypatch, only, exes, collects):
    recorder = _run_spec(_fake_project(tmp_path), monkeypatch, "--only", only)
    assert [kwargs["name"] for _, kwargs in recorder.of("EXE")] == exes
    assert len(recorder.of("COLLECT")) == collects


def test_the_spec_windowed_option(tmp_path, monkeypatch):
    recorder = _run_spec(_fake_project(tmp_path), monkeypatch, "--windowed")
    assert not any(kwargs["console"] for _, kwargs in recorder.of("EXE"))
    assert len(recorder.of("BUNDLE")) == (1 if sys.platform == "darwin" else 0)


def test_the_spec_refuses_to_build_without_compiled_catalogs(tmp_path, monkeypatch):
    project = _fake_project(tmp_path, compiled=False)
    with pytest.raises(SystemExit, match=r"compile the translations.*ru/LC_MESSAGES"):
        _run_spec(project, monkeypatch)


def test_the_spec_bundles_every_language_of_the_project(monkeypatch):
    if any(not (LOCALE / lang / "LC_MESSAGES" / "halfmoon.mo").is_file() for lang in _languages()):
        pytest.skip("catalogs not compiled (make catalogs)")
    [(_, kwargs)] = _run_spec(ROOT, monkeypatch, "--only", "onedir").of("Analysis")
    targets = {target for _, target in kwargs["datas"]}
    assert {f"game/locale/{lang}/LC_MESSAGES" for lang in _languages()} <= targets
    assert "ru" in _languages()


# --- Lookups under a fake bundle (sys._MEIPASS) ---------------------------------------------


def test_asset_root_follows_meipass(tmp_path, monkeypatch):
    bundle = tmp_path / "_internal"
    (bundle / "assets" / "fonts").mkdir(parents=True)
    (bundle / "assets" / "fonts" / "DejaVuSans.ttf").write_bytes(b"font")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert asset_root() == bundle / "assets"
    assert asset_path("fonts", "DejaVuSans.ttf").read_bytes() == b"font"
    monkeypatch.delattr(sys, "_MEIPASS")
    assert asset_root() == ROOT / "assets"


def _i18n_at(path: Path) -> ModuleType:
    """game/look/i18n.py loaded from ``path``, as PyInstaller loads it from
    sys._MEIPASS/game/look/."""
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "game" / "look" / "i18n.py", path)
    spec = importlib.util.spec_from_file_location("bundled_i18n", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_catalogs_are_found_beside_the_frozen_game_package(tmp_path):
    """i18n's LOCALE_DIR is fixed at import from ``__file__``, not from ``sys._MEIPASS``:
    frozen, ``__file__`` is ``_MEIPASS/game/look/i18n.pyc``, so the catalogs must be bundled as
    ``game/locale/<lang>/LC_MESSAGES/halfmoon.mo`` (the spec does that)."""
    mo = LOCALE / "ru" / "LC_MESSAGES" / "halfmoon.mo"
    if not mo.is_file():
        pytest.skip("catalogs not compiled (make catalogs)")
    bundle = tmp_path / "_internal"
    i18n = _i18n_at(bundle / "game" / "look" / "i18n.py")
    assert bundle / "game" / "locale" == i18n.LOCALE_DIR
    assert not i18n.set_language("ru")  # nothing bundled yet: English
    target = bundle / "game" / "locale" / "ru" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copyfile(mo, target / "halfmoon.mo")
    msgid, msgstr = _translated_pair(mo.with_suffix(".po"))
    assert i18n.set_language("ru")
    assert i18n._(msgid) == msgstr


# --- A built app: HALFMOON_FROZEN_APP=dist/halfmoon/halfmoon (make dist-smoke) -----------------


def _frozen_app() -> Path:
    value = os.environ.get("HALFMOON_FROZEN_APP")
    if not value:
        pytest.fail(
            "needs a built app: HALFMOON_FROZEN_APP=dist/halfmoon/halfmoon (make dist-smoke)"
        )
    app = Path(value).resolve()
    assert app.is_file(), f"HALFMOON_FROZEN_APP={value}: no such file (run make dist first)"
    return app


def _layout(app: Path) -> tuple[Path, Path | None]:
    """The app's folder to watch and its data folder (sys._MEIPASS), None when one-file."""
    for contents, folder in (
        (app.parent / "_internal", app.parent),  # one-folder (PyInstaller 6)
        (app.parent, app.parent),  # one-folder built with --contents-directory .
        (app.parent.parent / "Frameworks", app.parent.parent.parent),  # macOS .app
    ):
        if (contents / "assets").is_dir():
            return folder, contents
    return app, None  # one-file: everything is inside the executable


@pytest.fixture(scope="module")
def frozen() -> SimpleNamespace:
    app = _frozen_app()
    folder, contents = _layout(app)
    return SimpleNamespace(app=app, folder=folder, contents=contents)


def _one_folder(frozen: SimpleNamespace) -> Path:
    if frozen.contents is None:
        pytest.skip("a one-file app: its contents are not on disk")
    return frozen.contents


def _snapshot(root: Path) -> dict[str, str]:
    """Every file, folder and link under ``root`` (or the file itself) with its checksum."""
    if root.is_file():
        return {root.name: hashlib.sha256(root.read_bytes()).hexdigest()}
    entries = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_symlink():
            entries[name] = "link:" + os.readlink(path)
        elif path.is_dir():
            entries[name] = "dir"
        else:
            entries[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return entries


def _play(app: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HALFMOON_HOME": str(home),
    }
    return subprocess.run(
        [str(app), *args], env=env, capture_output=True, text=True, timeout=180, check=False
    )


@pytest.mark.frozen
def test_frozen_app_plays_a_deal_and_writes_nothing_into_the_bundle(frozen, tmp_path):
    before = _snapshot(frozen.folder)
    result = _play(frozen.app, tmp_path, "--deal", DEAL, "--max-frames", "120")
    assert result.returncode == 0, result.stderr
    assert _snapshot(frozen.folder) == before, "the run changed files inside the bundle"
    assert (tmp_path / "config" / "settings.json").is_file()  # user files go to HALFMOON_HOME


@pytest.mark.frozen
def test_frozen_app_keeps_the_language_setting(frozen, tmp_path):
    before = _snapshot(frozen.folder)
    result = _play(frozen.app, tmp_path, "--lang", "ru", "--max-frames", "5")
    assert result.returncode == 0, result.stderr
    settings = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert settings["language"] == "ru"
    assert _snapshot(frozen.folder) == before, "the run changed files inside the bundle"


@pytest.mark.frozen
def test_frozen_app_contains_every_catalog(frozen):
    locale = _one_folder(frozen) / "game" / "locale"
    assert (locale / "ru" / "LC_MESSAGES" / "halfmoon.mo").is_file()
    for lang in _languages():
        assert (locale / lang / "LC_MESSAGES" / "halfmoon.mo").is_file(), lang
        msgid, msgstr = _translated_pair(LOCALE / lang / "LC_MESSAGES" / "halfmoon.po")
        catalog = gettext.translation("halfmoon", locale, languages=[lang])
        assert catalog.gettext(msgid) == msgstr, lang


@pytest.mark.frozen
def test_frozen_app_carries_the_licences(frozen):
    """MIT for the game, the third-party notices, and the font's licence beside the fonts."""
    contents = _one_folder(frozen)
    for name in ("LICENSE", "THIRD-PARTY-NOTICES"):
        assert (contents / name).read_bytes() == (ROOT / name).read_bytes(), name
    notices = (contents / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8")
    assert "pygame-ce" in notices and "LGPL-2.1" in notices and "SDL2" in notices
    assert (contents / "assets" / "fonts" / "LICENSE-DejaVu.txt").is_file()


@pytest.mark.frozen
def test_frozen_app_holds_accesskit_and_its_licences_where_it_was_installed(frozen):
    """Built by a Python with accesskit (make dist-smoke builds with the one that runs
    this), the app holds its compiled module and its licence texts."""
    if not _accesskit_installed():
        pytest.skip("accesskit is not installed here (no wheel for this platform)")
    contents = _one_folder(frozen)
    assert list((contents / "accesskit").glob("accesskit*.*")), "no compiled accesskit module"
    licences = contents / "licenses" / "accesskit"
    assert (licences / "LICENSE-MIT").is_file() and (licences / "LICENSE-APACHE").is_file()


@pytest.mark.frozen
def test_frozen_app_contains_the_assets_unchanged(frozen):
    bundled = _one_folder(frozen) / "assets"
    assert _snapshot(bundled) == _snapshot(ROOT / "assets")


def _error_line(stderr: str, *parts: str) -> str:
    """The line of ``stderr`` that says all of ``parts`` (the error message naming the file)."""
    lines = [line for line in stderr.splitlines() if all(part in line for part in parts)]
    assert lines, f"no line with {parts} in the app's error output:\n{stderr}"
    return lines[-1]


@pytest.fixture(scope="module")
def missing_font(frozen, tmp_path_factory):
    """The app run from a copy of its folder without the regular font."""
    contents = _one_folder(frozen)
    copy = tmp_path_factory.mktemp("broken") / frozen.folder.name
    shutil.copytree(frozen.folder, copy, symlinks=True)
    font = copy / contents.relative_to(frozen.folder) / "assets" / "fonts" / "DejaVuSans.ttf"
    font.rename(font.with_name("DejaVuSans.ttf.away"))
    home = tmp_path_factory.mktemp("home")
    return _play(copy / frozen.app.relative_to(frozen.folder), home, "--deal", DEAL)


@pytest.mark.frozen
def test_frozen_app_without_its_font_fails_naming_the_file(missing_font):
    assert missing_font.returncode != 0
    assert _error_line(missing_font.stderr, "font file not found", "DejaVuSans.ttf")


@pytest.mark.frozen
def test_frozen_app_without_its_font_prints_no_traceback(missing_font):
    assert "Traceback" not in missing_font.stderr


@pytest.mark.frozen
def test_frozen_app_without_its_card_sprites_fails_naming_the_folder(frozen, tmp_path):
    contents = _one_folder(frozen)
    copy = tmp_path / frozen.folder.name
    shutil.copytree(frozen.folder, copy, symlinks=True)
    sprites = copy / contents.relative_to(frozen.folder) / "assets" / "sprites"
    sprites.rename(sprites.with_name("sprites.away"))
    result = _play(copy / frozen.app.relative_to(frozen.folder), tmp_path / "home", "--deal", DEAL)
    assert result.returncode != 0
    assert _error_line(result.stderr, "sprite folder not found", str(Path("assets", "sprites")))


def test_the_spec_bundles_each_games_example_where_the_game_reads_it(tmp_path, monkeypatch):
    """A game's example (its Examples page's won game) is data beside its modules."""
    project = _fake_project(tmp_path).resolve()
    example = project / "game" / "games" / "halfmoon" / "example.txt"
    example.parent.mkdir(parents=True)
    example.write_text("code: HM1-N-AAAAAAB\n", encoding="utf-8")
    recorder = _run_spec(project, monkeypatch)
    [(_args, kwargs)] = recorder.of("Analysis")
    assert (str(example), "game/games/halfmoon") in kwargs["datas"]
