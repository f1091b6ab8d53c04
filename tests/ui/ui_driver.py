"""Test helpers: real pygame mouse events posted to the queue, one frame per step."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pytest

from rummy_gui.engine import PRESETS, Game
from rummy_gui.engine.cards import make_pack
from rummy_gui.engine.enums import Phase
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene


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

    made: dict[int, str] = {}
    real = fonts.text_cached

    def noted(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        img = real(text, *args, **kwargs)
        made[id(img)] = text
        return img

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


# The arena's seeded deals (as tests/bots/_shared.py; the game's tests do not import the lab).
def deal_seed(seed: int, index: int) -> int:
    return random.Random(f"arena|{seed}|{index}").randrange(1 << 31)


def layout_game(
    preset: str, players: int, seed: int, index: int, options: dict[str, Any] | None = None
) -> Game:
    """Deal `index` of a run: a fresh shuffle, the dealer rotating, and in
    the contract family the round (index mod 7) + 1."""
    rules = PRESETS[preset].with_options(options)
    rng = random.Random(deal_seed(seed, index))
    rnd = index % (rules.rounds or 1) + 1 if rules.is_contract else 1
    pack = make_pack(rules.decks(players), rules.joker_count(players))
    rng.shuffle(pack)
    size = rules.hand_size(players, rnd)
    hands = [pack[i * size : (i + 1) * size] for i in range(players)]
    rest = pack[players * size :]
    upcard, stock = rest[0], rest[1:]
    dealer = index % players
    turn = (dealer + 1) % players
    return Game.from_layout(
        preset,
        hands=[" ".join(str(c) for c in h) for h in hands],
        stock=" ".join(str(c) for c in stock),
        discard=str(upcard),
        turn=turn,
        round=rnd,
        options=options,
        seed=rng.randrange(1 << 31),
    )
