"""The package as a user installs it (``make packaging-check``, run by CI).

    python tools/check_packaging.py [--keep DIR]

Builds the sdist and, from it, the wheel (``python -m build``, as a package index would
get them), checks both file lists, then installs each into a fresh venv and runs the
installed ``halfmoon --max-frames 60 --lang ru`` and ``python -m game --version`` from
``/`` with the dummy video driver and an empty data folder; then a ``pipx install`` of
the checkout (pipx is in the [dev] extra) is run the same way. Any failure is one line naming
what is wrong, and exit status 1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import __version__  # noqa: E402

LANGUAGES = ("fi", "ms", "ru")
SUITS, RANKS = "CDHS", ["A", *map(str, range(2, 11)), "J", "Q", "K"]
CARDS = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]


class PackagingError(RuntimeError):
    """What is wrong with the built package, in one line."""


def wheel_must_hold() -> list[str]:
    """Files an installed game cannot run or be redistributed without."""
    bundled = "game/bundled"
    files = [
        "game/__init__.py",
        "game/__main__.py",
        "game/shell/app.py",
        "game/rules/__init__.py",
        "game/games/crescent/board.py",
        f"{bundled}/fonts/DejaVuSans.ttf",
        f"{bundled}/fonts/DejaVuSans-Bold.ttf",
        f"{bundled}/fonts/LICENSE-DejaVu.txt",
        f"{bundled}/LICENSES.md",
        f"{bundled}/sprites/back.svg",
        *(f"{bundled}/sprites/{card}.svg" for card in CARDS),
        *(f"{bundled}/sprites/four/{card}.svg" for card in CARDS),
        *(f"game/locale/{code}/LC_MESSAGES/halfmoon.mo" for code in LANGUAGES),
        # the games' Examples pages' won games (game.games.kind.read_example)
        *(p.relative_to(ROOT).as_posix() for p in sorted(ROOT.glob("game/games/*/example.txt"))),
    ]
    if (ROOT / "assets" / "icons").is_dir():
        files += [
            f"{bundled}/{path.relative_to(ROOT / 'assets').as_posix()}"
            for path in sorted((ROOT / "assets" / "icons").rglob("*"))
            if path.is_file()
        ]
    info = f"halfmoon-{__version__}.dist-info"
    files += [f"{info}/licenses/LICENSE", f"{info}/licenses/THIRD-PARTY-NOTICES"]
    return files


WHEEL_MUST_NOT_HOLD = ("tests/", "tools/", "assets/", "docs/", "main.py", "setup.py")
SDIST_MUST_HOLD = (
    "setup.py",
    "pyproject.toml",
    "LICENSE",
    "THIRD-PARTY-NOTICES",
    "MANIFEST.in",
    "tools/compile_catalogs.py",
    "babel.cfg",
    "assets/fonts/DejaVuSans.ttf",
    "assets/sprites/back.svg",
    *(f"game/locale/{code}/LC_MESSAGES/halfmoon.po" for code in LANGUAGES),
)


def run(command: list[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run ``command``; a failure raises :class:`PackagingError` with its last words."""
    done = subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        **kwargs,
    )
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()[-3:]
        raise PackagingError(
            f"{' '.join(map(str, command[:4]))} ... exited {done.returncode}: {' | '.join(said)}"
        )
    return done


def build(out: Path) -> tuple[Path, Path]:
    """The sdist and the wheel built from it: (sdist, wheel)."""
    run([sys.executable, "-m", "build", "--outdir", out, ROOT])
    sdists = sorted(out.glob("halfmoon-*.tar.gz"))
    wheels = sorted(out.glob("halfmoon-*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        raise PackagingError(f"python -m build made {sdists + wheels}, not one sdist and a wheel")
    return sdists[0], wheels[0]


def check_wheel(wheel: Path) -> list[str]:
    """The wheel's file list, checked; returns it."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entry_points = archive.read(f"halfmoon-{__version__}.dist-info/entry_points.txt").decode()
        metadata = archive.read(f"halfmoon-{__version__}.dist-info/METADATA").decode()
    missing = [name for name in wheel_must_hold() if name not in names]
    if missing:
        raise PackagingError(f"the wheel lacks {len(missing)} files, e.g. {missing[:3]}")
    stray = [name for name in names if name.startswith(WHEEL_MUST_NOT_HOLD)]
    if stray:
        raise PackagingError(f"the wheel holds files a player does not need: {stray[:3]}")
    for needed in ("[console_scripts]", "halfmoon = game.shell.app:main", "[gui_scripts]"):
        if needed not in entry_points:
            raise PackagingError(f"the wheel's entry points lack {needed!r}")
    for needed in ("License-Expression: MIT", "License-File: LICENSE", "Project-URL:"):
        if needed not in metadata:
            raise PackagingError(f"the wheel's METADATA lacks {needed!r}")
    return names


def check_sdist(sdist: Path) -> list[str]:
    """The sdist's file list, checked; returns it (paths inside its top folder)."""
    with tarfile.open(sdist) as archive:
        names = [name.split("/", 1)[1] for name in archive.getnames() if "/" in name]
    missing = [name for name in SDIST_MUST_HOLD if name not in names]
    if missing:
        raise PackagingError(f"the sdist lacks {missing}")
    return names


def player_env(home: Path) -> dict[str, str]:
    """A player's environment: no display (dummy driver), an empty data folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "PYTHON"))}
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HALFMOON_HOME=str(home),
    )
    return env


def play_installed(bin_dir: Path, home: Path) -> None:
    """Run the installed game from / : 60 frames in Russian, and --version both ways."""
    env = player_env(home)
    executable = ".exe" if os.name == "nt" else ""
    halfmoon = bin_dir / f"halfmoon{executable}"
    run([halfmoon, "--max-frames", "60", "--lang", "ru"], cwd="/", env=env, timeout=120)
    version = run([halfmoon, "--version"], cwd="/", env=env, timeout=60).stdout.strip()
    if version != f"Half Moon {__version__}":
        raise PackagingError(f"halfmoon --version says {version!r}")
    python = bin_dir / f"python{executable}"
    if python.exists():
        run([python, "-m", "game", "--max-frames", "5"], cwd="/", env=env, timeout=120)
    if not (home / "config").is_dir():
        raise PackagingError(f"the installed game wrote nothing under HALFMOON_HOME={home}")


def install_and_play(artifact: Path, work: Path) -> None:
    """A fresh venv, ``pip install artifact``, then :func:`play_installed`."""
    venv = work / f"venv-{artifact.suffix.strip('.')}"
    run([sys.executable, "-m", "venv", venv])
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    run([bin_dir / "python", "-m", "pip", "install", "--quiet", artifact])
    play_installed(bin_dir, work / f"home-{artifact.suffix.strip('.')}")


def pipx_install_and_play(work: Path) -> bool:
    """``pipx install`` of the checkout into a private pipx home; False without pipx."""
    beside = Path(sys.executable).parent / "pipx"  # the [dev] extra has it
    pipx = str(beside) if beside.is_file() else shutil.which("pipx")
    if pipx is None:
        return False
    env = {
        **os.environ,
        "PIPX_HOME": str(work / "pipx"),
        "PIPX_BIN_DIR": str(work / "pipx-bin"),
        "PIPX_MAN_DIR": str(work / "pipx-man"),
    }
    run([pipx, "install", ROOT], env=env)
    play_installed(work / "pipx-bin", work / "home-pipx")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build and install here, and keep it")
    args = parser.parse_args(argv)
    work = args.keep or Path(tempfile.mkdtemp(prefix="hm-packaging-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        sdist, wheel = build(work / "dist")
        wheel_files = check_wheel(wheel)
        sdist_files = check_sdist(sdist)
        print(
            f"packaging: built {sdist.name} ({len(sdist_files)} files, "
            f"{sdist.stat().st_size // 1024} KiB) and {wheel.name} ({len(wheel_files)} "
            f"files, {wheel.stat().st_size // 1024} KiB); both file lists hold what they must"
        )
        for artifact in (sdist, wheel):
            install_and_play(artifact, work)
            print(
                f"packaging: pip install {artifact.name} in a fresh venv, then halfmoon "
                "--max-frames 60 --lang ru and --version from /: ok"
            )
        if pipx_install_and_play(work):
            print("packaging: pipx install of the checkout, then the same runs: ok")
        else:
            print("packaging: pipx is not installed here; its install was not tried")
    except (PackagingError, subprocess.TimeoutExpired, OSError, KeyError) as error:
        print(f"packaging: {error}", file=sys.stderr)
        return 1
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
