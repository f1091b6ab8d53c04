"""The table's state is split by owner (docs/architecture.md): `TableState` is
made of parts, each a small class whose fields only its own methods change.
An AST walk over rummy_gui/ui/table finds every assignment to a part's field
(and every list, set or dict mutation of one) outside that class: none may
exist, so the blackboard of fields written from everywhere cannot come back."""

from __future__ import annotations

import ast
import pathlib
from dataclasses import dataclass

import rummy_gui

TABLE = pathlib.Path(rummy_gui.__file__).parent / "ui" / "table"
MUTATORS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "clear",
    "add",
    "discard",
    "update",
    "sort",
    "reverse",
    "setdefault",
    "popitem",
    "symmetric_difference_update",
    "difference_update",
    "intersection_update",
}


STATE_NAMES = {"t", "scene", "state", "table"}  # what the table's pieces call the state


@dataclass(frozen=True)
class Write:
    module: str
    line: int
    field: str
    base: str  # what holds the field: the attribute or name before it (an alias resolved)
    call: bool  # a list, set or dict method called on the field
    inside: str | None  # the innermost enclosing class


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(TABLE.glob("*.py"))}


def _classes(modules: dict[str, ast.Module]) -> dict[str, tuple[str, ast.ClassDef]]:
    return {
        node.name: (name, node)
        for name, tree in modules.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def _self_fields(cls: ast.ClassDef) -> set[str]:
    """The attributes a class's methods assign on `self`."""
    out: set[str] = set()
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for t in targets:
            for leaf in _leaves(t):
                if (
                    isinstance(leaf, ast.Attribute)
                    and isinstance(leaf.value, ast.Name)
                    and leaf.value.id == "self"
                ):
                    out.add(leaf.attr)
    return out


def _leaves(target: ast.expr) -> list[ast.expr]:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [leaf for elt in target.elts for leaf in _leaves(elt)]
    if isinstance(target, ast.Starred):
        return _leaves(target.value)
    return [target]


def _written(node: ast.expr) -> ast.Attribute | None:
    """The attribute a target changes: `a.f = `, `a.f[k] = `, `del a.f[k]`."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node if isinstance(node, ast.Attribute) else None


def parts(modules: dict[str, ast.Module]) -> dict[str, str]:
    """Each part class of `TableState` (the classes its __init__ makes), with
    the module it is defined in; `TableState` itself counts as one."""
    classes = _classes(modules)
    _module, state = classes["TableState"]
    init = next(n for n in state.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    out = {"TableState": "state"}
    for node in ast.walk(init):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id in classes
        ):
            out[node.value.func.id] = classes[node.value.func.id][0]
    return out


def writes(module: str, tree: ast.Module, held: set[str]) -> list[Write]:
    """Every change of an attribute in `tree`; `held` are the attributes that
    hold parts (a name bound to one, `f = scene.focus`, stands for it)."""
    out: list[Write] = []

    def base_of(node: ast.expr, aliases: dict[str, str]) -> str:
        if isinstance(node, ast.Attribute):
            return node.attr
        if isinstance(node, ast.Name):
            return aliases.get(node.id, node.id)
        return ""

    def visit(node: ast.AST, cls: str | None, aliases: dict[str, str]) -> None:
        if isinstance(node, ast.ClassDef):
            cls = node.name
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            aliases = dict(aliases)
            for sub in ast.walk(node):
                if (
                    isinstance(sub, ast.Assign)
                    and len(sub.targets) == 1
                    and isinstance(sub.targets[0], ast.Name)
                    and isinstance(sub.value, ast.Attribute)
                    and sub.value.attr in held
                ):
                    aliases[sub.targets[0].id] = sub.value.attr
        targets: list[ast.expr] = []
        call = False
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
        ):
            targets, call = [node.func.value], True
        for t in targets:
            for leaf in _leaves(t):
                attr = _written(leaf)
                if attr is not None:
                    base = base_of(attr.value, aliases)
                    out.append(Write(module, attr.lineno, attr.attr, base, call, cls))
        for child in ast.iter_child_nodes(node):
            visit(child, cls, aliases)

    visit(tree, None, {})
    return out


def _held(modules: dict[str, ast.Module]) -> dict[str, str]:
    """The attribute of `TableState` that holds each part: {"focus": "Focus", ...}."""
    _module, state = _classes(modules)["TableState"]
    out: dict[str, str] = {}
    for node in ast.walk(state):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.targets[0], ast.Attribute)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
        ):
            out[node.targets[0].attr] = node.value.func.id
    return out


def _violations(modules: dict[str, ast.Module]) -> list[str]:
    classes = _classes(modules)
    owners = parts(modules)
    held = _held(modules)
    holder_of = {part: attr for attr, part in held.items()}
    field_of: dict[str, str] = {}
    for part in owners:
        for f in _self_fields(classes[part][1]):
            assert f not in field_of, f"{f!r} is a field of both {field_of[f]} and {part}"
            field_of[f] = part
    # TableState and the classes made of it (the scene): `self.<field>` there is the state's
    states = {
        name
        for name, (_m, node) in classes.items()
        if name == "TableState"
        or any(isinstance(b, ast.Name) and b.id == "TableState" for b in node.bases)
    }
    wrong = []
    for module, tree in modules.items():
        for w in writes(module, tree, set(held)):
            cls_name = field_of.get(w.field)
            if cls_name is None or (w.inside == cls_name and module == owners[cls_name]):
                continue
            if w.call and (w.field in held or cls_name == "TableState"):
                continue  # a method of the cls_name itself (`t.slots.clear()`, `self.app.pop()`)
            on_state = w.base in STATE_NAMES or (w.base == "self" and w.inside in states)
            if (
                (cls_name == "TableState" and on_state)
                or w.base == holder_of.get(cls_name)
                or (w.base == "self" and w.inside in states)
            ):
                wrong.append(
                    f"{module}.py:{w.line}: {cls_name}.{w.field} changed outside {cls_name}"
                )
    return wrong


def test_every_part_field_is_written_only_by_its_own_class() -> None:
    modules = _modules()
    assert {"HandOrder", "Focus", "Pointer", "Motion", "Messages", "ContractSlots"} <= set(
        parts(modules)
    )
    wrong = _violations(modules)
    assert not wrong, "\n".join(wrong)


def test_a_field_written_from_another_module_is_found() -> None:
    modules = _modules()
    modules["moves"] = ast.parse(
        "def f(t):\n"
        "    t.hand.selected = {1}\n"
        "    t.hand.order.sort()\n"
        "    g = t.focus\n"
        "    g.zone, g.index = 'hand', 0\n"
        "    del t.messages.items[:-4]\n"
        "    t.slots.clear()\n"
        "    t.pace = None\n"
    )
    assert sorted(_violations(modules)) == [
        "moves.py:2: HandOrder.selected changed outside HandOrder",
        "moves.py:3: HandOrder.order changed outside HandOrder",
        "moves.py:5: Focus.index changed outside Focus",
        "moves.py:5: Focus.zone changed outside Focus",
        "moves.py:6: Messages.items changed outside Messages",
        "moves.py:8: TableState.pace changed outside TableState",
    ]
