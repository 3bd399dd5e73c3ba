"""Linux desktop integration (packaging/linux/, tools/install_desktop.py, the man page)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from conftest import load_tool

from game import __version__
from game.look.icon import PNG_SIZES

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / "halfmoon.desktop"
METAINFO = LINUX / "io.github.halfmoon_solitaire.halfmoon.metainfo.xml"
SCREENS = "https://raw.githubusercontent.com/halfmoon-solitaire/halfmoon/main/docs/screens/"


install_desktop = load_tool("install_desktop")
make_manpage = load_tool("make_manpage")


class _CaseSensitiveParser(configparser.ConfigParser):
    """A desktop entry's keys are case-sensitive: they are kept as written."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def _desktop_entry(path: Path = DESKTOP) -> configparser.SectionProxy:
    entry = _CaseSensitiveParser(interpolation=None)
    entry.read(path, encoding="utf-8")
    return entry["Desktop Entry"]


def _translation(po_language: str, msgid: str) -> str:
    text = (ROOT / "game" / "locale" / po_language / "LC_MESSAGES" / "halfmoon.po").read_text(
        encoding="utf-8"
    )
    marker = f'msgid "{msgid}"\nmsgstr "'
    start = text.index(marker) + len(marker)
    return text[start : text.index('"', start)]


# --- the desktop file and the AppStream file -------------------------------------------------


def test_the_desktop_file_launches_halfmoon_as_a_card_game():
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "halfmoon" and entry["Icon"] == "halfmoon"
    assert entry["StartupWMClass"] == "halfmoon"  # game.shell.display.WINDOW_CLASS
    assert entry["Categories"] == "Game;CardGame;"
    assert entry["Terminal"] == "false"
    assert entry["Keywords"].endswith(";")


@pytest.mark.parametrize("language", ["ms", "fi", "ru"])
def test_the_names_are_the_catalogs_own(language):
    entry = _desktop_entry()
    assert entry[f"Name[{language}]"] == _translation(language, "Half Moon")
    assert entry[f"Comment[{language}]"] and entry[f"Keywords[{language}]"]
    names = ElementTree.parse(METAINFO).getroot().findall("name")
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    assert {n.get(lang): n.text for n in names}[language] == _translation(language, "Half Moon")


def test_the_window_class_is_the_desktop_files():
    from game.shell.display import WINDOW_CLASS

    assert _desktop_entry()["StartupWMClass"] == WINDOW_CLASS == DESKTOP.stem


def test_the_metainfo_names_the_launcher_the_release_and_existing_screenshots():
    root = ElementTree.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == METAINFO.name.removesuffix(".metainfo.xml")
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("metadata_license") == "MIT"
    assert root.findtext("project_license") == "MIT"
    assert root.find("content_rating").get("type") == "oars-1.1"
    assert root.find("releases/release").get("version") == __version__
    assert root.findtext("releases/release/description/p")
    images = [image.text or "" for image in root.iter("image")]
    assert images and all(url.startswith(SCREENS) for url in images)


def test_the_screenshots_of_the_metainfo_are_in_docs_screens():
    if not (ROOT / ".git").exists():
        pytest.skip("a git checkout has docs/screens/ (an sdist carries only two of them)")
    for image in ElementTree.parse(METAINFO).getroot().iter("image"):
        url = image.text or ""
        assert (ROOT / "docs" / "screens" / url.removeprefix(SCREENS)).is_file(), url


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_desktop_file_validate_finds_nothing():
    if shutil.which("desktop-file-validate") is None:
        pytest.skip("needs desktop-file-validate (apt-get install desktop-file-utils)")
    done = _run("desktop-file-validate", str(DESKTOP))
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_appstreamcli_validates_the_metainfo():
    if shutil.which("appstreamcli") is None:
        pytest.skip("needs appstreamcli (apt-get install appstream)")
    done = _run("appstreamcli", "validate", "--no-net", str(METAINFO))
    assert done.returncode == 0, done.stdout + done.stderr


# --- the man page ----------------------------------------------------------------------------


def test_the_committed_man_page_is_what_the_parser_makes():
    """tools/make_manpage.py writes it; rerun it after changing an option or its help."""
    made = make_manpage.manpage(make_manpage.game_parser(), make_manpage.release_date())
    assert (LINUX / "halfmoon.6").read_text(encoding="utf-8") == made
    assert make_manpage.main(["--check"]) == 0


def test_every_option_and_its_help_is_in_the_man_page():
    page = (LINUX / "halfmoon.6").read_text(encoding="utf-8")
    parser = make_manpage.game_parser()
    flat = " ".join(page.split())
    for action in parser._actions:
        for flag in action.option_strings:
            assert f"\\fB{make_manpage.literal(flag)}\\fR" in page, flag
        first_words = make_manpage.roff(action.help or "").split()[1:4]
        assert " ".join(first_words) in flat, action.help
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "ENVIRONMENT"):
        assert f"\n.SH {section}\n" in page
    for section in ("FILES", "EXIT STATUS", "SEE ALSO"):
        assert f"\n.SH {section}\n" in page
    for name in ("HALFMOON_HOME", "SDL_VIDEODRIVER", "LANGUAGE", "F11", "Ctrl+Z"):
        assert name in page, name


def test_the_man_page_formats_without_warnings(tmp_path):
    if shutil.which("groff") is None:
        pytest.skip("needs groff (apt-get install groff-base)")
    done = _run("groff", "-man", "-Tutf8", "-P-cbou", "-ww", str(LINUX / "halfmoon.6"))
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert "--kiosk-config PATH" in done.stdout.replace("\u2010", "-")


def test_make_manpage_check_notices_a_stale_page(tmp_path, capsys):
    page = tmp_path / "halfmoon.6"
    assert make_manpage.main(["--check", "--out", str(page)]) == 1
    assert make_manpage.main(["--out", str(page)]) == 0
    assert make_manpage.main(["--check", "--out", str(page)]) == 0
    page.write_text(page.read_text(encoding="utf-8") + ".PP\nmore\n", encoding="utf-8")
    assert make_manpage.main(["--check", "--out", str(page)]) == 1
    assert "out of date" in capsys.readouterr().err


def test_roff_keeps_word_hyphens_and_makes_options_and_codes_minus_signs():
    assert make_manpage.roff("a touch-screen kiosk") == "a touch-screen kiosk"
    assert make_manpage.roff("--kiosk-config or -h") == "\\-\\-kiosk\\-config or \\-h"
    assert make_manpage.roff("HM1-N-AAAAAAB") == "HM1\\-N\\-AAAAAAB"
    assert make_manpage.roff(".hidden\n'quote") == "\\&.hidden\n\\&'quote"


# --- the installer ---------------------------------------------------------------------------

INSTALLED = {
    "share/applications/halfmoon.desktop",
    "share/metainfo/io.github.halfmoon_solitaire.halfmoon.metainfo.xml",
    "share/man/man6/halfmoon.6",
    "share/icons/hicolor/scalable/apps/halfmoon.svg",
    *(f"share/icons/hicolor/{n}x{n}/apps/halfmoon.png" for n in PNG_SIZES),
}


def _tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_install_desktop_puts_every_file_under_the_prefix(tmp_path, capsys):
    prefix = tmp_path / "local"
    assert install_desktop.main(["--prefix", str(prefix)]) == 0
    assert _tree(prefix) == INSTALLED
    printed = capsys.readouterr().out.splitlines()
    assert sorted(printed) == sorted(f"installed {prefix / name}" for name in INSTALLED)
    for name, source in install_desktop.files().items():
        assert (prefix / name).read_bytes() == source.read_bytes(), name
    png = prefix / "share/icons/hicolor/48x48/apps/halfmoon.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_install_desktop_stages_under_destdir_and_uninstalls(tmp_path, capsys):
    stage = tmp_path / "pkg"
    assert install_desktop.main(["--prefix", "/usr", "--destdir", str(stage)]) == 0
    assert _tree(stage / "usr") == INSTALLED
    assert _tree(stage) == {f"usr/{name}" for name in INSTALLED}
    assert install_desktop.main(["--prefix", "/usr", "--destdir", str(stage), "--uninstall"]) == 0
    assert _tree(stage) == set()
    assert capsys.readouterr().out.count("removed ") == len(INSTALLED)


def test_install_desktop_can_name_the_command_to_run(tmp_path):
    command = str(tmp_path / "my games" / ".venv" / "bin" / "halfmoon")
    assert install_desktop.main(["--prefix", str(tmp_path), "--exec", command]) == 0
    installed = tmp_path / "share" / "applications" / "halfmoon.desktop"
    assert _desktop_entry(installed)["Exec"] == f'"{command}"'
    with pytest.raises(SystemExit):
        install_desktop.exec_value("halfmoon $HOME")


def test_the_installed_tree_validates(tmp_path):
    if shutil.which("appstreamcli") is None:
        pytest.skip("needs appstreamcli (apt-get install appstream)")
    install_desktop.main(["--prefix", "/usr", "--destdir", str(tmp_path)])
    done = _run("appstreamcli", "validate-tree", "--no-net", str(tmp_path / "usr"))
    assert done.returncode == 0, done.stdout + done.stderr
