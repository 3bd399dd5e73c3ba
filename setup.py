"""Package build hook: compile the translation catalogs before the package is built.

Everything else about the package is in pyproject.toml.
"""

import runpy
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """build_py that first turns game/locale/*/LC_MESSAGES/*.po into .mo files."""

    def run(self) -> None:
        tool = Path(__file__).resolve().parent / "tools" / "compile_catalogs.py"
        runpy.run_path(str(tool))["compile_all"]()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
