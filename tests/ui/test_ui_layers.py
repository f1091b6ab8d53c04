"""The layering inside rummy_gui/ui (docs/architecture.md): scenes know the app
only as the protocol ui.scene.App and open the screens above them through
app.rooms, so no scene imports the app, the rooms, or a scene that opens it."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "rummy_gui" / "ui"


def imports(module: str) -> set[str]:
    """Every rummy_gui module a ui module imports, at the top, in a function or for types."""
    tree = ast.parse((UI / f"{module}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rummy_gui"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("rummy_gui"))
    return out


def ui_modules() -> list[str]:
    return sorted(p.stem for p in UI.glob("*.py") if p.stem != "__init__")


def test_only_the_tools_import_the_app_and_only_the_app_imports_the_rooms() -> None:
    for module in ui_modules():
        found = imports(module)
        if module not in ("perf", "make_assets"):
            assert "rummy_gui.ui.app" not in found, module
        if module not in ("app", "perf"):
            assert "rummy_gui.ui.rooms" not in found, module


def test_the_scene_kinds_and_the_dialogs_import_no_screen() -> None:
    screens = {
        f"rummy_gui.ui.{m}"
        for m in (
            "menus",
            "table",
            "overlays",
            "saving",
            "statistics",
            "table_options",
            "hotseat",
            "replay_scene",
            "rooms",
            "app",
        )
    }
    for module in ("scene", "dialogs", "widgets"):
        assert not imports(module) & screens, module


def test_what_a_table_opens_does_not_import_the_table() -> None:
    for module in (
        "overlays",
        "table_options",
        "hotseat",
        "saving",
        "menus",
        "statistics",
        "replay_scene",
    ):
        assert "rummy_gui.ui.table" not in imports(module), module
