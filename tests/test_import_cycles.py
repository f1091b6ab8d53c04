"""No import cycle anywhere in the package (tools/import_cycles.py, the same
check as `python tools/import_cycles.py rummy_gui`)."""

from __future__ import annotations

import ast
import importlib.util
import pathlib
import sys
from types import ModuleType

import pytest

import rummy_gui

ROOT = pathlib.Path(__file__).resolve().parent.parent


def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "import_cycles", ROOT / "tools" / "import_cycles.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_cycles", module)
    spec.loader.exec_module(module)
    return module


def write(folder: pathlib.Path, name: str, text: str) -> None:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_package_has_no_import_cycle() -> None:
    cycles = tool().cycles(tool().import_graph(pathlib.Path(rummy_gui.__file__).parent))
    assert cycles == [], f"import cycles: {cycles}"


def test_neither_the_game_nor_its_tests_import_the_lab() -> None:
    """The lab (lab/: arena, benchmarks, screening tools) imports the game,
    never the other way: the wheel holds only the game."""
    found = []
    for folder in (ROOT / "rummy_gui", ROOT / "tests"):
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    names = [node.module]
                else:
                    continue
                if any(n == "lab" or n.startswith("lab.") for n in names):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
    assert (ROOT / "lab" / "arena.py").exists()  # the check looks where the lab is


def test_the_check_sees_the_scene_and_its_pieces() -> None:
    graph = tool().import_graph(pathlib.Path(rummy_gui.__file__).parent)
    assert "rummy_gui.ui.table.state" in graph["rummy_gui.ui.table.draw"]


def test_a_cycle_through_type_checking_imports_is_found(tmp_path: pathlib.Path) -> None:
    """The kind the table had: a piece imports the scene only for its types."""
    pkg = tmp_path / "pkg"
    write(pkg, "__init__.py", "")
    write(pkg, "scene.py", "from pkg.draw import draw\n")
    write(
        pkg,
        "draw.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.scene import Scene\n",
    )
    write(pkg, "free.py", "from pkg import draw\n")
    assert tool().cycles(tool().import_graph(pkg)) == [["pkg.draw", "pkg.scene"]]


def test_relative_imports_count(tmp_path: pathlib.Path) -> None:
    pkg = tmp_path / "pkg"
    write(pkg, "__init__.py", "")
    write(pkg, "sub/__init__.py", "")
    write(pkg, "sub/a.py", "from . import b\n")
    write(pkg, "sub/b.py", "from ..sub.a import x\n")
    assert tool().cycles(tool().import_graph(pkg)) == [["pkg.sub.a", "pkg.sub.b"]]


def test_the_tool_says_so_and_fails_on_a_cycle(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pkg = tmp_path / "pkg"
    write(pkg, "__init__.py", "")
    write(pkg, "a.py", "import pkg.b\n")
    write(pkg, "b.py", "import pkg.a\n")
    assert tool().main([str(pkg)]) == 1
    assert capsys.readouterr().out == "cycle of 2: pkg.a, pkg.b\n"
