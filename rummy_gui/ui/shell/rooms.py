"""The screens a scene opens without importing them (`App.rooms`, the protocol
`rummy_gui.ui.shell.scene.Rooms`): only the app imports this module, so a scene
that leads back up — game over to the main menu, a loaded game to its table —
leaves no import cycle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.shell.scene import App


class SceneRooms:
    def __init__(self, app: App) -> None:
        self.app = app

    def main_menu(self) -> None:
        from rummy_gui.ui.screens.main_menu import MainMenu

        self.app.pop_to(MainMenu)

    def new_game(self) -> None:
        from rummy_gui.ui.screens.new_game import NewGameScene

        self.main_menu()
        self.app.push(NewGameScene(self.app))

    def table(self, session: TableSession) -> None:
        from rummy_gui.ui.table.scene import TableScene

        self.app.push(TableScene(self.app, session))

    def start_table(
        self,
        preset: str,
        seats: Sequence[SeatConfig],
        options: Mapping[str, Any],
        seed: int | None = None,
        demo: bool = False,
    ) -> None:
        old = self.app.session
        if old is not None:
            old.close()
        session = Session(
            preset, list(seats), dict(options), seed=seed, demo=demo, autosave_enabled=not demo
        )
        session.autosave()
        self.app.session = session
        self.main_menu()
        self.table(session)

    def lesson(self, preset: str) -> None:
        from rummy_gui.ui.table.lesson import LessonTable, lesson_session

        session = lesson_session(preset)  # ValueError before any scene is closed
        self.main_menu()
        self.app.push(LessonTable(self.app, session))
