"""The table's layout for the window's space (issue 18): at every window size
and player count the cards fit the window, grow with it, keep every corner
index in view, and no text is drawn over another."""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import Any

import pygame
import pytest
from pygame import Rect

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game
from rummy_gui.engine.cards import Card
from rummy_gui.engine.seeded import seeded_deal
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.table_view import table_view
from rummy_gui.ui.art.cards import corner_box
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_hand, draw_melds, draw_piles, draw_seats, geometry, texts
from rummy_gui.ui.table import layout as lay
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import fonts

SIZES = ((960, 600), (1280, 800), (1920, 1080), (2560, 1440))
PLAYERS = (2, 4, 8)
PRESETS = ("rummy500", "contract", "persian")


def _played(preset: str, players: int, moves: int = 80, seed: int = 3) -> Game:
    """A game some way into its first deal, melds on the table."""
    game = Game.new(preset, players=players, seed=seed)
    bots = [make_bot("easy", seed=s) for s in range(players)]
    done = 0
    while game.to_act and game.phase.name not in ("DEAL_OVER", "GAME_OVER"):
        if done >= moves and 0 in game.to_act:
            break
        seat = game.to_act[0]
        game.play(bots[seat].choose(game.view(seat)))
        done += 1
    return game


def _cases() -> list[tuple[str, int]]:
    cases = [("rummy500", n) for n in PLAYERS] + [("contract", 4), ("contract", 5), ("pinochle", 8)]
    return [*cases, ("persian", 4)]


GAMES: dict[tuple[str, int], Game] = {}


def _game(preset: str, players: int) -> Game:
    key = (preset, players)
    if key not in GAMES:
        GAMES[key] = _played(preset, players)
    return GAMES[key]


def _drawn_cards(geo: geometry.Geometry) -> list[tuple[Card | None, Rect]]:
    """Every card slot in the order the table draws them (later ones on top)."""
    out: list[tuple[Card | None, Rect]] = []
    melds = sorted(k for k in geo.zones if k[0] == "meld")
    for key in melds:
        out.extend(geo.zones[key])
    for key, slots in geo.zones.items():
        if key[0] == "hand" and key != ("hand", 0):
            out.extend(slots)
    out.extend(geo.zones[("stock",)])
    out.extend(geo.zones[("discard",)])
    out.extend(geo.zones[("hand", 0)])
    return out


def _index_hidden(geo: geometry.Geometry) -> list[str]:
    cards = _drawn_cards(geo)
    hidden = []
    for i, (card, rect) in enumerate(cards):
        if card is None:
            continue
        corner = Rect(rect.x, rect.y, lay.index_width(rect.size), int(rect.h * 0.64))
        for _other, above in cards[i + 1 :]:
            if above.colliderect(corner):
                hidden.append(f"{card} at {tuple(rect)} under {tuple(above)}")
                break
    return hidden


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("preset", "players"), _cases())
def test_no_card_covers_another_cards_corner_index(
    size: tuple[int, int], preset: str, players: int
) -> None:
    game = _game(preset, players)
    geo = geometry.build(table_view(game, 0), size, 0, game.hand(0))
    assert _index_hidden(geo) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("preset", "players"), _cases())
def test_every_card_and_zone_is_inside_the_window(
    size: tuple[int, int], preset: str, players: int
) -> None:
    game = _game(preset, players)
    geo = geometry.build(table_view(game, 0), size, 0, game.hand(0))
    window = Rect((0, 0), size)
    rects = [r for _c, r in _drawn_cards(geo)]
    rects += [p.zone for p in geo.layout.seats.values()]
    rects += [geo.layout.discard, geo.layout.stock, geo.layout.hand, geo.layout.buttons]
    outside = [tuple(r) for r in rects if not window.contains(r)]
    assert outside == []


@pytest.mark.parametrize("size", SIZES)
def test_a_long_hand_and_a_long_pile_keep_their_indices_in_view(size: tuple[int, int]) -> None:
    game = _game("rummy500", 4)
    lt = lay.table_layout(size, 4, 0)
    hand = lay.hand_positions(lt.hand, 30, lt.hand_card)
    pile, _card = lay.fan_positions(lt.discard, 40, lt.pile_card)
    for rects in (hand, pile):
        for a, b in pairwise(rects):
            if a.y == b.y:
                assert b.x - a.x >= lay.index_width(a.size)
    assert all(Rect((0, 0), size).contains(r) for r in hand + pile)
    assert game.players == 4


@pytest.mark.parametrize("h", [40, 60, 80, 95, 96, 120, 170, 210, 280])
def test_the_index_the_layout_keeps_in_view_covers_the_art_s_corner(h: int) -> None:
    pygame.font.init()
    w, h = lay.card_size(h)
    for text in ("TD", "QS", "AH", "8C"):
        box = corner_box(Card.parse(text), w, h)
        assert box.right <= lay.index_width((w, h))
        assert box.bottom <= int(h * 0.64)


def test_cards_grow_with_the_window() -> None:
    small = lay.table_layout((960, 600), 4, 0)
    big = lay.table_layout((1920, 1080), 4, 0)
    grow = min(1920 / 960, 1080 / 600)
    assert big.hand_card[1] >= 0.9 * grow * small.hand_card[1]
    assert big.pile_card[1] >= 0.9 * grow * small.pile_card[1]
    meld = lay.meld_card_height((1920, 1080), True) / lay.meld_card_height((960, 600), True)
    assert meld >= 0.9 * grow


def test_the_player_s_card_size_setting_makes_the_cards_bigger() -> None:
    plain = lay.table_layout((1920, 1080), 4, 0)
    big = lay.table_layout((1920, 1080), 4, 0, scale=1.3)
    assert big.hand_card[1] > plain.hand_card[1]


def test_a_short_hand_in_a_wide_window_is_spread_out_not_overlapped() -> None:
    lt = lay.table_layout((1920, 1080), 4, 0)
    hand = lay.hand_positions(lt.hand, 7, lt.hand_card)
    assert all(b.x >= a.right for a, b in pairwise(hand))


def test_a_discard_pile_with_room_is_laid_side_by_side() -> None:
    lt = lay.table_layout((1920, 1080), 4, 0)
    pile, _card = lay.fan_positions(lt.discard, 8, lt.pile_card)
    assert all(b.x >= a.right for a, b in pairwise(pile))


class _Recording(pygame.Surface):
    """A surface that notes where text images are blitted."""

    texts: set[int]
    boxes: list[tuple[str, Rect]]

    def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> Rect:  # type: ignore[override]
        if id(source) in self.texts:
            box = source.get_rect(topleft=dest) if not isinstance(dest, Rect) else Rect(dest)
            self.boxes.append((self.names.get(id(source), "?"), box))
        return super().blit(source, dest, *args, **kwargs)

    names: dict[int, str]


def _text_boxes(
    monkeypatch: pytest.MonkeyPatch, game: Game, size: tuple[int, int]
) -> list[tuple[str, Rect]]:
    app = App(size)
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Player number {i}", "medium") for i in range(1, game.players)
    ]
    session = Session(game.preset, seats, {}, game=game.copy(), threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    surface = _Recording(size)
    surface.texts, surface.boxes, surface.names = set(), [], {}
    real = fonts.text_cached

    def noted(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        img = real(text, *args, **kwargs)
        surface.texts.add(id(img))
        surface.names[id(img)] = text
        return img

    monkeypatch.setattr(fonts, "text_cached", noted)
    geo = scene.geometry()
    draw_seats.draw_zones(surface, scene, geo)
    draw_melds.draw_melds(surface, scene, geo, set())
    for seat in geo.layout.seats:
        draw_seats.draw_badge(surface, scene, geo, seat, set())
    draw_seats.draw_top_bar(surface, scene, geo)
    draw_piles.draw_stock(surface, scene, geo)
    draw_piles.draw_discard(surface, scene, geo, set())
    draw_hand.draw_hand(surface, scene, geo, set())
    if game.to_act and game.to_act[0] != 0:
        thinking = fonts.text_cached("thinking...", 12, (0, 0, 0))
        surface.boxes.append(
            ("thinking...", thinking.get_rect(topleft=draw_seats.thinking_spot(scene, geo)))
        )
    session.close()
    return surface.boxes


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("preset", "players"), _cases())
def test_no_text_on_the_table_is_drawn_over_another(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], preset: str, players: int
) -> None:
    game = _game(preset, players)
    boxes = _text_boxes(monkeypatch, game, size)
    window = Rect((0, 0), size)
    clashes = [
        (a, b, tuple(ra), tuple(rb))
        for (a, ra), (b, rb) in combinations(boxes, 2)
        if ra.colliderect(rb)
    ]
    assert clashes == []
    assert [name for name, r in boxes if not window.contains(r)] == []


def test_thinking_is_not_written_over_the_points(monkeypatch: pytest.MonkeyPatch) -> None:
    # Defect 7 of issue 18: "0 pts" and "thinking…" were drawn over each other.
    game = _game("rummy500", 8)
    for size in SIZES:
        boxes = _text_boxes(monkeypatch, game, size)
        points = [r for name, r in boxes if " pts" in name]
        thinking = [r for name, r in boxes if name.startswith("thinking")]
        assert all(not t.colliderect(p) for t in thinking for p in points)


def test_a_status_too_long_for_the_top_bar_goes_on_two_lines_inside_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 7's long title left the contract's lay-down prompt running off
    # a 960x600 window even at the smallest type: it now wraps in the bar.
    long = "Lay down the contract: drag cards into the slots, then press Lay down — or discard"
    monkeypatch.setattr(texts, "status_text", lambda _scene: long)
    game = seeded_deal("contract", 4, 1, 13)
    assert game.round == 7
    boxes = _text_boxes(monkeypatch, game, (960, 600))
    bar = Rect(0, 0, 960, 40)
    status = [(name, r) for name, r in boxes if len(name) > 1 and name in long]  # not a seat mark
    assert len(status) == 2
    assert " ".join(name for name, _ in status) == long
    assert all(bar.contains(r) for _, r in status)
    title = [r for name, r in boxes if name.startswith("Contract Rummy")]
    assert title
    assert not any(t.colliderect(r) for t in title for _, r in status)
