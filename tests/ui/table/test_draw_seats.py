"""How a seat's badge is drawn: its score line stays inside the badge; a
person on another computer is waited for, not "thinking"."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.remote_session import RemoteSession
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_seats
from tests.ui.ui_driver import frame, open_table


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
def test_a_badges_score_line_with_buys_fits_the_badge_at_960x600(
    app: App, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # In Russian, Shanghai for 4 at 960x600 drew "11 карт на руке   покупки ●●"
    # under the fan of backs, which cut it at "покупк".
    drawn: list[tuple[int, int, str]] = []
    real = draw_seats.score_line

    def record(line3: str, room: int) -> pygame.Surface:
        img = real(line3, room)
        drawn.append((img.get_width(), room, line3))
        return img

    monkeypatch.setattr(draw_seats, "score_line", record)
    try:
        i18n.set_language(language)
        app.resize((960, 600))
        scene = open_table(app, Game.new("shanghai", 4, seed=5))
        scene.base_layer.forget()
        frame(app)
    finally:
        i18n.set_language("en")
    assert len(drawn) >= 4
    for width, room, line3 in drawn:
        assert width <= room, line3


def test_a_person_on_another_computer_has_the_turn_and_is_waited_for_not_thinking(
    app: App,
) -> None:
    """At a joined table, Ann (a person on another computer) is to move in
    words for a person; once she drops, the seconds her seat is kept count
    down, then the stand-in bot plays until she returns (the host's data)."""
    from rummy_gui.play.net.host import Host
    from rummy_gui.play.net.serve import HostThread
    from rummy_gui.play.net.tables import AWAY, STANDIN
    from rummy_gui.ui.table.scene import TableScene

    h = HostThread(Host(None, grace=60.0, standin="easy"))
    table = {"preset": "rummy500", "players": 3, "people": 2, "level": "easy", "options": {}}
    ann = Client(f"ws://127.0.0.1:{h.port}", "Ann", create=table)
    session: RemoteSession | None = None
    try:
        _until(lambda: ann.code is not None, ann)
        bea = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=ann.code)
        _until(lambda: bea.state is not None and bea.seat == 1, bea)
        session = RemoteSession(bea)
        scene = TableScene(app, session)
        app.push(scene)
        frame(app)
        assert draw_seats.turn_text(scene, 0) == "Ann's turn"
        assert draw_seats.badge_lines(scene, 0)[1] == "on another computer"
        assert draw_seats.turn_text(scene, 2).startswith("thinking")  # the host's bot
        ann.close()
        _refreshed_until(session, lambda: session.seat_status(0) == AWAY)
        level = draw_seats.badge_lines(scene, 0)[1]
        assert level.startswith("disconnected — seat kept for ")
        assert 0 < int(level.split()[-2]) <= 60
        assert draw_seats.turn_text(scene, 0) == "waiting for Ann"
        code = ann.code
        assert code is not None
        h.ask(lambda: h.host._stand_in(h.host.tables[code], 0))  # the grace time is up
        _refreshed_until(session, lambda: session.seat_status(0) == STANDIN)
        assert draw_seats.badge_lines(scene, 0)[1] == "played by a bot until Ann returns"
        assert draw_seats.turn_text(scene, 0).startswith("thinking")
        frame(app)
    finally:
        if session is not None:
            session.close()
        ann.close()
        h.stop()


def _until(done: Callable[[], bool], client: Client) -> None:
    end = time.monotonic() + 60
    while not done():
        assert time.monotonic() < end, "the host did not answer in time"
        client.poll()
        client.wait(0.05)


def _refreshed_until(session: RemoteSession, done: Callable[[], bool]) -> None:
    """Refresh, as the table does every frame, until `done()` holds."""
    end = time.monotonic() + 60
    while not done():
        assert time.monotonic() < end, "the host did not answer in time"
        session.refresh()
        session.client.wait(0.05)


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
@pytest.mark.parametrize("status", ["connected", "away", "standin"])
@pytest.mark.parametrize(("preset", "players"), [("shanghai", 4), ("persian", 4)])
def test_a_remote_seats_state_fits_a_narrow_badge_at_960x600(
    app: App,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    status: str,
    preset: str,
    players: int,
) -> None:
    """The badge says a person's state in full where it fits, in fewer words
    where it does not (four badges across 960 pixels, a team's letter too)."""
    drawn: list[tuple[int, int, str]] = []
    real = draw_seats.fit_text

    def record(text: str, size: int, colour: Any, width: int, *a: Any, **kw: Any) -> Any:
        img = real(text, size, colour, width, *a, **kw)
        drawn.append((img.get_width(), width, text))
        return img

    monkeypatch.setattr(draw_seats, "fit_text", record)
    try:
        i18n.set_language(language)
        app.resize((960, 600))
        scene = open_table(app, Game.new(preset, players, seed=5))
        session: Any = scene.session
        session.seat_status = lambda seat: status if seat == 1 else None
        session.seat_kept = lambda _seat: 118.0
        session.seats[1].name = "Александра"
        scene.base_layer.forget()
        frame(app)
        full = draw_seats.badge_level(scene, 1)
        short = draw_seats.badge_level(scene, 1, short=True)
    finally:
        i18n.set_language("en")
    levels = [(w, room) for w, room, text in drawn if text in (full, short)]
    assert levels
    last_width, room = levels[-1]  # the one drawn: the full words, else the fewer
    assert last_width <= room, (full, short)


@pytest.mark.parametrize("under", [True, False])
def test_thinking_under_a_badge_is_written_on_a_backing_over_the_melds(
    app: App, monkeypatch: pytest.MonkeyPatch, under: bool
) -> None:
    # At 960x600, "thinking..." under a narrow badge was gold on the white of its melds.
    game = Game.new("rummy500", 3, seed=5)
    while 0 in game.to_act:  # the player's turn played: a bot's is next
        game.play(next(iter(game.legal_moves)))
    scene = open_table(app, game)
    seat = scene.view.to_act[0]
    assert not scene.session.is_human(seat)
    monkeypatch.setattr(scene.session, "bot_thinking", lambda: True)
    geo = scene.geometry()
    badge = geo.layout.seats[seat].badge
    spot = (badge.x + 10, badge.bottom + 3) if under else (badge.x + 10, badge.y + 4)
    monkeypatch.setattr(draw_seats, "thinking_spot", lambda *_a: spot)
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((255, 255, 255))  # the white of cards
    draw_seats.draw_thinking(surface, scene, geo)
    beside = surface.get_at((spot[0] - 3, spot[1] + 6))[:3]  # in the backing's margin
    assert (beside != (255, 255, 255)) is under


def test_thinking_goes_after_the_name_when_the_score_line_has_no_room(app: App) -> None:
    # Persian for 4 at 960x600 in Finnish: "0 p · pöydätty +15" leaves no room
    # after it, but the name line does; under the badge it would cover the melds.
    import random

    game = Game.new("persian", 4, seed=11)
    rng = random.Random(2)
    while not (game.to_act[0] == 2 and any(2 in m.owners for m in game.melds)):
        game.play(rng.choice(list(game.legal_moves)))
    try:
        i18n.set_language("fi")
        app.resize((960, 600))
        scene = open_table(app, game)
        geo = scene.geometry()
        badge = geo.layout.seats[2].badge
        x, y = draw_seats.thinking_spot(scene, geo, draw_seats.turn_text(scene, 2))
        line3 = draw_seats.badge_lines(scene, 2)[2]
    finally:
        i18n.set_language("en")
    assert line3.startswith("0 p · pöydätty +")
    assert badge.collidepoint(x, y)
    assert y < badge.y + 20  # the name's line
