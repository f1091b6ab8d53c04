"""Leaves the developers' tools out of the wheel; pyproject.toml holds everything else.

`rummy_gui.bench` is left out by pyproject.toml's package list; the two tool
modules inside `rummy_gui.ui` need this, because setuptools ships every module
of a package it includes. An editable install (`pip install -e .`) keeps them.
"""

from __future__ import annotations

from setuptools import setup
from setuptools.command.build_py import build_py

DEV_MODULES = {"rummy_gui.ui.perf", "rummy_gui.ui.art.make_assets"}


class BuildPyWithoutDevTools(build_py):
    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if f"{m[0]}.{m[1]}" not in DEV_MODULES]


setup(cmdclass={"build_py": BuildPyWithoutDevTools})
