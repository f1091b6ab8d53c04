"""The layering inside rummy_gui/ui (docs/architecture.md): scenes know the app
only as the protocol ui.shell.scene.App and open the screens above them through
app.rooms, so no scene imports the app, the rooms, or a scene that opens it."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "rummy_gui" / "ui"
SUBPACKAGES = ("shell", "table", "screens", "widgets", "art")


def imports(module: str) -> set[str]:
    """Every rummy_gui module a ui module ("table.scene") imports, at the top,
    in a function or for types."""
    path = UI / (module.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rummy_gui"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("rummy_gui"))
    return out


def ui_modules() -> list[str]:
    found = [p.relative_to(UI).with_suffix("") for p in UI.rglob("*.py")]
    return sorted(".".join(p.parts) for p in found if p.name != "__init__")


def test_the_ui_is_split_into_its_sub_packages() -> None:
    loose = [m for m in ui_modules() if "." not in m]
    assert loose == []
    assert {m.split(".")[0] for m in ui_modules() if "." in m} == set(SUBPACKAGES)


def test_no_ui_module_imports_the_app_and_only_the_app_imports_the_rooms() -> None:
    for module in ui_modules():
        found = imports(module)
        assert "rummy_gui.ui.shell.app" not in found, module
        if module != "shell.app":
            assert "rummy_gui.ui.shell.rooms" not in found, module


def test_the_scene_kinds_and_the_widgets_import_no_screen() -> None:
    screens = {
        f"rummy_gui.ui.{m}"
        for m in (
            "screens.main_menu",
            "screens.new_game",
            "screens.settings",
            "screens.rules",
            "table.scene",
            "table.overlays",
            "screens.saving",
            "screens.statistics",
            "screens.settings",
            "table.hotseat",
            "screens.replay",
            "shell.rooms",
            "shell.app",
        )
    }
    for module in ("shell.scene", "widgets.dialogs", "widgets.controls"):
        assert not imports(module) & screens, module


def test_widgets_and_art_import_no_scene_but_the_base_and_the_intents() -> None:
    for module in ui_modules():
        if module.startswith(("widgets.", "art.")):
            found = {m for m in imports(module) if m.startswith("rummy_gui.ui.")}
            assert all(
                m.startswith(
                    (
                        "rummy_gui.ui.widgets",
                        "rummy_gui.ui.art",
                        "rummy_gui.ui.shell.intents",
                        "rummy_gui.ui.shell.scene",
                    )
                )
                for m in found
            ), (module, found)


def test_what_a_table_opens_does_not_import_the_table() -> None:
    for module in (
        "table.overlays",
        "screens.settings",
        "table.hotseat",
        "screens.saving",
        "screens.main_menu",
        "screens.new_game",
        "screens.settings",
        "screens.rules",
        "screens.statistics",
        "screens.replay",
    ):
        assert "rummy_gui.ui.table.scene" not in imports(module), module
