"""Package build: which files go into the package, and the translations compiled first.

Everything else about the package (name, version, dependencies, scripts) is in
pyproject.toml. The design card keeps the bundled files in ``assets/`` at the top of the
project, beside ``game/``; the package maps that folder into itself as ``game/bundled``
(``package_dir``), where :mod:`game.look.assets` finds it in an installed copy.
"""

import runpy
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = "game.bundled"  # assets/ inside the installed package (game.look.assets.INSTALLED)


class BuildWithCatalogs(build_py):
    """build_py that first turns game/locale/*/LC_MESSAGES/*.po into .mo files."""

    def run(self) -> None:
        tool = ROOT / "tools" / "compile_catalogs.py"
        runpy.run_path(str(tool))["compile_all"]()
        super().run()


setup(
    packages=[*find_packages(include=["game", "game.*"]), BUNDLED],
    package_dir={BUNDLED: "assets"},
    package_data={
        "game": ["locale/*/LC_MESSAGES/*.mo", "games/*/example.txt"],  # the Examples pages' games
        BUNDLED: ["*.md", "fonts/*", "sprites/*.svg", "sprites/four/*.svg", "icons/**/*"],
    },
    exclude_package_data={BUNDLED: ["**/__pycache__/*"]},
    cmdclass={"build_py": BuildWithCatalogs},
)
