"""Every screen reaches the game through the play layer's `TableSession`
protocol (docs/architecture.md), never through the engine's Game: no ui
module reads a `.game`, imports the engine's whole-game classes, or names the
local `Session` class, but those that start or reopen a local game. So a
session whose game runs elsewhere (a remote one) can drive the same screens.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "rummy_gui" / "ui"

# The engine's classes that hold a whole game (every hand, the stock): pure
# data such as Card, Move, Meld, Rules and a seat's View may be imported.
WHOLE_GAME = frozenset({"Game", "GameState", "LegalMoves", "Table"})
ENGINE = "rummy_gui.engine"
# `.game` reads allowed, by module and expression: the replay steps through
# the session's record (`TableSession.record`), a Game of its own.
GAME_READS = frozenset({("screens/replay.py", "r.game")})
# The modules that make a local session: a new game, Continue, Load.
MAKE_SESSIONS = frozenset(
    {"shell/app.py", "shell/rooms.py", "screens/opening.py", "screens/main_menu.py"}
)


def faults(source: str, module: str) -> list[str]:
    """What in this ui module's source reaches past the session interface, one line a fault."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "game":
            if (module, ast.unparse(node)) not in GAME_READS:
                out.append(f"{module}:{node.lineno}: reads {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(ENGINE):
            whole = (node.module or "").endswith((".game", ".state"))
            out.extend(
                f"{module}:{node.lineno}: imports {a.name} from {node.module}"
                for a in node.names
                if whole or a.name in WHOLE_GAME
            )
        elif isinstance(node, ast.ImportFrom) and node.module == "rummy_gui.play.session":
            local = any(a.name == "Session" for a in node.names)
            if local and module not in MAKE_SESSIONS:
                out.append(f"{module}:{node.lineno}: imports the local Session")
    return out


def package_faults(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(root).as_posix()
        found.extend(faults(path.read_text(encoding="utf-8"), module))
    return found


def test_no_screen_reaches_past_the_session_interface() -> None:
    assert package_faults(UI) == []


def test_the_guard_finds_each_way_past_the_interface() -> None:
    source = (
        "from rummy_gui.engine import Card, Game, Move\n"
        "from rummy_gui.engine.state import GameState\n"
        "from rummy_gui.play.session import SeatConfig, Session\n"
        "def f(table):\n"
        "    return table.session.game.hand(1), table.game\n"
    )
    found = faults(source, "table/x.py")
    assert sorted(found) == [
        "table/x.py:1: imports Game from rummy_gui.engine",
        "table/x.py:2: imports GameState from rummy_gui.engine.state",
        "table/x.py:3: imports the local Session",
        "table/x.py:5: reads table.game",
        "table/x.py:5: reads table.session.game",
    ]
    allowed = "from rummy_gui.engine import Card, Meld, Move, Rules, View, ask\n"
    assert faults(allowed + "g = r.game\n", "screens/replay.py") == []


class _Joined:
    """A client that has joined seat 1 of a local game's table (no network)."""

    def __init__(self) -> None:
        from rummy_gui.engine import Game
        from rummy_gui.play.net import protocol as p

        game = Game.new("rummy500", players=2, seed=7)
        seats = [{"name": n, "kind": "person", "level": None, "connected": True,
                  "standin": None} for n in ("Ann", "Bea")]  # fmt: skip
        message, _log = p.state_message(game.view(1), 3, seats, ())
        self.state = p.read_state(message, None)
        self.seat, self.code, self.table = 1, "ABCD", {"preset": "rummy500", "options": {}}
        self.status, self.problem, self.waiting, self.move_pending = "playing", None, False, False

    def poll(self) -> list[object]:
        return []


def test_a_joined_players_session_is_a_table_session() -> None:
    from rummy_gui.play.net.remote_session import RemoteSession
    from rummy_gui.play.session import Session
    from rummy_gui.play.table_session import TableSession

    remote = RemoteSession(_Joined())  # type: ignore[arg-type]
    assert isinstance(remote, TableSession)
    members = [m for m in dir(TableSession) if not m.startswith("_")]
    members += list(TableSession.__annotations__)
    missing = [m for m in members if not hasattr(remote, m)]
    assert missing == []
    assert remote.view(1).seat == 1
    assert remote.humans() == [1]
    local_only = {"game", "thinking", "seed"}  # what the table never reads of a local session
    assert not local_only & set(dir(RemoteSession))
    assert Session.refresh(object.__new__(Session)) == []  # a local game: no news from elsewhere
