"""Test helpers: real pygame mouse events posted to the queue, one frame per step."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pygame
import pytest

from rummy_gui.engine import Action, Game, Move
from rummy_gui.engine.cards import Card, parse_card
from rummy_gui.engine.enums import Phase
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.serve import HostThread
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.controls import Button, Toggle
from tests.engine._helpers import five_hundred_deal

S = TypeVar("S")


def local(table: TableScene | TableSession | None) -> Session:
    """The local session behind a table (or its session): tests look at the
    whole truth and the session's insides, which the table never reads."""
    session = table.session if isinstance(table, TableScene) else table
    assert isinstance(session, Session), "a local session"
    return session


def game_of(table: TableScene | TableSession | None) -> Game:
    """The engine's Game behind a table's local session (see `local`)."""
    return local(table).game


def frame(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.tick(0.05)


def whole_frame(app: App) -> None:
    """One frame with every screen on show drawn whole: the pictures the menus
    keep of what did not change are made again (so every text is rendered)."""
    for scene in app.stack.visible():
        forget = getattr(scene, "forget_layer", None)
        if forget is not None:
            forget()
    frame(app)


def press(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frame(app)


def release(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def click(app: App, pos: tuple[int, int]) -> None:
    press(app, pos)
    release(app, pos)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
    press(app, start)
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
        frame(app)
    release(app, end)


def from_menu(app: App, label: str, kind: type[S]) -> S:
    """The scene, of `kind`, that a click on the main menu's button `label` opens."""
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    button = next(w for w in menu.widgets if isinstance(w, Button) and w.label == label)
    click(app, button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, kind)
    return scene


def open_table(app: App, game: Any) -> TableScene:
    """A table over `game` with the viewer in seat 0 and random bots that wait:
    the test plays their moves itself."""
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Bot {i}", "random") for i in range(1, game.players)
    ]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.cooldown = 1e9
    frame(app)
    return scene


def laid_out_table(app: App, hands: Sequence[str], stock: str, discard: str) -> TableScene:
    """A table over a Rummy 500 position given card by card (`Game.from_layout`),
    seat 0 to draw, after its first two frames."""
    game = Game.from_layout("rummy500", hands=hands, stock=stock, discard=discard, turn=0)
    scene = open_table(app, game)
    frame(app)
    return scene


def short_deal(options: dict[str, object] | None = None) -> Game:
    """Rummy 500 for three that seat 0 ends in one turn: draw (10H), meld
    7H 8H 9H 10H, discard KD."""
    return Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H KD", "3S 4S 5C 6D", "2D 3D 5H 9S"],
        stock="10H 2S 3C 4D 5D 6C",
        discard="KS",
        turn=0,
        options=options,
    )


def face_down_deal(bot_lays: str = "10H", to_seat_0: bool = True) -> Game:
    """Pinochle: seat 0 melds 5♥–9♥ and 2♣ 2♦ 2♠; seat 1 lays `bot_lays` face
    down on the run and 2♥ on the set (which turns the set face down whole);
    with `to_seat_0` seat 2 draws and discards and seat 0 draws."""
    g = Game.from_layout(
        "pinochle",
        hands=["5H 6H 7H 8H 9H 2C 2D 2S 3C KD QC", "10H 4H 2H KS QS", "6D 8D 9D 10D KC"],
        stock="JS 9S 3S 4S 5S 6S 7S",
        discard="JC 4D",
    )
    moves = [
        "0: draw",
        "0: meld 5H 6H 7H 8H 9H",
        "0: meld 2C 2D 2S",
        "0: discard 3C",
        "1: draw",
        f"1: layoff {bot_lays} to 1",
        "1: layoff 2H to 2",
        "1: discard KS",
    ]
    if to_seat_0:
        moves += ["2: draw", "2: discard KC", "0: draw"]
    for text in moves:
        g.play(text)
    return g


def contract_deal(first: str = "7H 7S 7D 9C 9S 9D 2H 4C KD QS") -> Game:
    """Contract's first round (two sets) for three, seat 0 to draw with `first`
    in hand; the other hands and the stock hold no early contract."""
    return Game.from_layout(
        "contract",
        hands=[first, "2C 3C 4D 5D 6S 8S 10D JC QD KC", "AC AD 3H 5H 6H 8H 10H JH QH KH"],
        stock="AS 2S 3S 4S 5S 6C 7C 8C 9H 10S",
        discard="JD",
        turn=0,
    )


def staged_slots(app: App, scene: TableScene) -> list[pygame.Rect]:
    """The viewer drags the stock's top card to the hand and every seat asked
    passes the discard: the contract's slots show; where they are."""
    geo = scene.geometry()
    drag(app, geo.zones[("stock",)][0][1].center, geo.layout.hand.center)
    while scene.session.phase is Phase.CLAIM:  # nobody buys the discard
        scene.play(Move(Action.PASS), game_of(scene).to_act[0])
    frame(app)
    assert scene.staging()
    return scene.slot_rects()


def hand_point(scene: TableScene, text: str, nth: int = 0) -> tuple[int, int]:
    """A point on the `nth` card `text` of the viewer's hand that no other card covers."""
    card = parse_card(text)
    slots = scene.geometry().zones[("hand", scene.viewer)]
    hits = [i for i, (c, _) in enumerate(slots) if c == card]
    rect = slots[hits[nth]][1]
    lift = 24 if hits[nth] in scene.hand.selected else 0
    return (rect.x + 6, rect.y + 40 - lift)


def hand_rects(scene: TableScene) -> list[pygame.Rect]:
    """Where the viewer's cards lie in the hand, as the table places them."""
    return [r for _c, r in scene.geometry().zones[("hand", scene.viewer)]]


def hover(app: App, pos: tuple[int, int]) -> None:
    """The pointer moved to `pos` (no button held), then a frame."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frame(app)


def table_frame_bytes(app: App, scene: TableScene) -> bytes:
    """The table's frame drawn whole on a fresh surface (the record of the last
    frame drawn in parts is kept as it was), as RGB bytes."""
    from rummy_gui.ui.table import draw

    saved, dirty = draw._FRAMES.get(scene), scene.dirty_rects
    fresh = pygame.Surface(app.screen.get_size())
    scene.draw(fresh)
    if saved is not None:
        draw._FRAMES[scene] = saved
    scene.dirty_rects = dirty
    return pygame.image.tobytes(fresh, "RGB")


def melded_rummy500(per_seat: Sequence[int]) -> Game:
    """Rummy 500 for len(per_seat) players: every seat in turn draws, lays down
    its runs of three (per_seat[seat] of them, each card once) and discards an
    ace, and nobody calls rummy on it. A double deck from five players."""
    players = len(per_seat)
    copies = 2 if players >= 5 else 1
    suits, blocks = "SHDC", ("234", "567", "89T", "JQK")
    runs = iter([[r + s for r in b] for _c in range(copies) for s in suits for b in blocks])
    mine = [[next(runs) for _ in range(n)] for n in per_seat]
    aces = ["A" + suits[seat % 4] for seat in range(players)]
    hands = [
        " ".join([c for run in own for c in run] + [ace])
        for own, ace in zip(mine, aces, strict=True)
    ]
    rest = [r + s for r in "A23456789TJQK" for s in suits for _ in range(copies)]
    for card in " ".join(hands).split():
        rest.remove(card)
    game = Game.from_layout("rummy500", hands=hands, stock=" ".join(rest), turn=0)
    for seat, (own, ace) in enumerate(zip(mine, aces, strict=True)):
        game.play(f"{seat}: draw")
        for run in own:
            game.play(f"{seat}: meld {' '.join(run)}")
        game.play(f"{seat}: discard {ace}")
        while game.phase is not Phase.DRAW:
            game.play(f"{game.to_act[0]}: pass")
    return game


def drawn(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], paint: Callable[[Any], None]
) -> list[tuple[str | None, pygame.Rect]]:
    """Everything `paint(surface)` blits on a fresh surface of `size`, in order:
    the text of an image made by `fonts.text_cached` (None for any other) and where."""
    from rummy_gui.ui.widgets import fonts
    from tests.ui.ink_boxes import text_namer

    made, noted = text_namer()
    monkeypatch.setattr(fonts, "text_cached", noted)
    boxes: list[tuple[str | None, pygame.Rect]] = []

    class Recording(pygame.Surface):
        def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
            rect = isinstance(dest, pygame.Rect)
            box = pygame.Rect(dest) if rect else source.get_rect(topleft=dest)
            boxes.append((made.get(id(source)), box))
            return super().blit(source, dest, *args, **kwargs)

    paint(Recording(size))
    return boxes


def overlay_labels(
    monkeypatch: pytest.MonkeyPatch,
    app: App,
    game: Game,
    overlay: Callable[[App, TableScene], Any],
    keeps_record: bool,
) -> set[str]:
    """The labels of `overlay`'s buttons (the deal summary, game over) over a
    table of `game`; where not `keeps_record` the session keeps no record, as
    at a joined network table."""
    table = open_table(app, game)
    if not keeps_record:
        monkeypatch.setattr(table.session, "record", lambda: None)
    scene = overlay(app, table)
    app.push(scene)
    frame(app)
    return {b.label for b in scene.buttons}


def spy_faces(app: App) -> list[Card]:
    """Every card face the app draws from now on."""
    drawn: list[Card] = []
    real = app.art.face

    def face(card: Card, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        drawn.append(card)
        return real(card, size, four_colour)

    app.art.face = face  # type: ignore[method-assign]
    return drawn


def key(app: App, key: int) -> None:
    """One key press, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    frame(app)


def finish_review(app: App, review: Any) -> None:
    """Frames until the deal review's computation is over (at most a minute)."""
    for _ in range(600):
        frame(app)
        if not review.computing:
            return
        time.sleep(0.1)
    raise AssertionError("the review did not finish")


def melded_table(app: App) -> TableScene:
    """A Rummy 500 table where the human has drawn and melded 7H 8H 9H."""
    game = five_hundred_deal()
    scene = open_table(app, game)
    assert scene.play(Move.parse("draw"))
    assert scene.play(Move.parse("meld 7H 8H 9H"))
    return scene


def labels_in(scene: object) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
    """Each control's label as drawn, and the room it has."""
    from rummy_gui.ui.widgets.icons import IconButton

    out = []
    for w in [*getattr(scene, "widgets", []), *getattr(scene, "buttons", [])]:
        if isinstance(w, IconButton):  # no label drawn: its name is its tooltip
            continue
        if isinstance(w, Button) and w.label:
            out.append((w.label, w.label_image(), w.rect.inflate(-12, -4)))
        elif isinstance(w, Toggle):
            room = pygame.Rect(w.rect.x + 50, w.rect.y - 2, w.rect.w - 52, w.rect.h + 4)
            out.append((w.label, w.label_image(), room))
    return out


def waiting_table(app: App, turn: int = 0, threaded: bool = False) -> TableScene:
    """A Rummy 500 table at the start of seat `turn`'s turn, the human at seat 0."""
    game = five_hundred_deal(turn)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    session = Session(game.preset, seats, {}, game=game, threaded=threaded, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app, 3)
    return scene


def finished_game(seed: int) -> Game:
    """A Rummy 500 game for two played to 100 by easy bots, over."""
    from rummy_gui.bots import make_bot

    game = Game.new("rummy500", players=2, seed=seed, options={"target": 100})
    bots = [make_bot("easy", seed=seed + i) for i in range(2)]
    for _ in range(20000):
        if game.game_over:
            return game
        seat = game.to_act[0]
        game.play(str(bots[seat].choose(game.view(seat))))
    raise AssertionError("the game did not end")


def made_table(
    h: HostThread, name: str, people: int, ready: Callable[[Client], bool], limit: float
) -> Client:
    """The client of `name`, who made a Rummy 500 table of three for `people`
    on the host, once `ready(client)` holds (within `limit` seconds)."""
    table = {"preset": "rummy500", "players": 3, "people": people, "level": "easy", "options": {}}
    client = Client(f"ws://127.0.0.1:{h.port}", name, create=table)
    end = time.monotonic() + limit
    while not ready(client):
        assert time.monotonic() < end, "the host did not answer in time"
        client.wait(0.05)
        client.poll()
    return client
