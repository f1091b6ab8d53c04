"""The tests mirror the package: every folder of test modules under tests/
names a sub-package (or module) of rummy_gui/ at the same place, every test
folder is a package (so basenames may repeat), and no test module is named
after a piece of work instead of what it guards."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Words that name a piece of work, not a module or a behaviour.
WORK_WORDS = ("polish", "regression", "extras", "misc", "fixes", "issue", "followup", "cleanup")


def misplaced(tests: Path, package: Path) -> list[str]:
    """What breaks the mirror between a tests folder and the package, one line a fault."""
    faults = []
    for module in sorted(tests.rglob("test_*.py")):
        rel = module.parent.relative_to(tests)
        place = package.joinpath(*rel.parts)
        if rel.parts and not (place.is_dir() or place.with_suffix(".py").is_file()):
            faults.append(f"{module.relative_to(tests)}: no {package.name}/{rel.as_posix()}")
        if any(word in module.stem for word in WORK_WORDS):
            faults.append(f"{module.relative_to(tests)}: named after a piece of work")
        folder = module.parent
        while folder != tests.parent:
            if not (folder / "__init__.py").is_file():
                faults.append(f"{module.relative_to(tests)}: {folder.name}/ is not a package")
            folder = folder.parent
    return sorted(set(faults))


def test_the_tests_mirror_the_package() -> None:
    assert misplaced(ROOT / "tests", ROOT / "rummy_gui") == []


@pytest.mark.parametrize(
    ("path", "fault"),
    [
        ("ui/tables/test_drags.py", "no rummy_gui/ui/tables"),
        ("ui/table/test_polish.py", "named after a piece of work"),
        ("play/nothing/test_x.py", "no rummy_gui/play/nothing"),
    ],
)
def test_a_test_out_of_place_is_named(tmp_path: Path, path: str, fault: str) -> None:
    package = tmp_path / "rummy_gui"
    for sub in ("ui/table", "play"):
        (package / sub).mkdir(parents=True)
    tests = tmp_path / "tests"
    module = tests / path
    module.parent.mkdir(parents=True)
    module.write_text("")
    for folder in (tests, *[p for p in module.parents if tests in p.parents]):
        (folder / "__init__.py").write_text("")
    assert [f for f in misplaced(tests, package) if fault in f] != []


def test_a_test_folder_without_init_is_named(tmp_path: Path) -> None:
    (tmp_path / "rummy_gui" / "play").mkdir(parents=True)
    tests = tmp_path / "tests"
    (tests / "play").mkdir(parents=True)
    (tests / "__init__.py").write_text("")
    (tests / "play" / "test_x.py").write_text("")
    assert misplaced(tests, tmp_path / "rummy_gui") == ["play/test_x.py: play/ is not a package"]


def test_a_save_folder_may_name_a_module(tmp_path: Path) -> None:
    (tmp_path / "rummy_gui" / "play").mkdir(parents=True)
    (tmp_path / "rummy_gui" / "play" / "saves.py").write_text("")
    tests = tmp_path / "tests"
    (tests / "play" / "saves").mkdir(parents=True)
    for folder in (tests, tests / "play", tests / "play" / "saves"):
        (folder / "__init__.py").write_text("")
    (tests / "play" / "saves" / "test_x.py").write_text("")
    assert misplaced(tests, tmp_path / "rummy_gui") == []
