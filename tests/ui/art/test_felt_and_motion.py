"""The felt's light and weave, soft shadows, a card's flip and the confetti
(art/felt.py, art/motion.py; issue 47)."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.ui.art import felt, motion
from rummy_gui.ui.art.cache import ArtCache


def lum(c: pygame.Color) -> int:
    return c.r + c.g + c.b


def test_the_felt_is_lit_in_the_middle_and_dark_at_the_rim() -> None:
    cloth = felt.draw_felt((960, 600))
    assert cloth.get_size() == (960, 600)
    middle = lum(cloth.get_at((480, 260)))
    for corner in ((4, 4), (955, 4), (4, 595), (955, 595)):
        assert lum(cloth.get_at(corner)) < middle - 90


def test_the_felt_has_a_weave_but_keeps_its_colour() -> None:
    cloth = felt.draw_felt((320, 200))
    plain = pygame.transform.smoothscale(felt.felt_light(), (320, 200))
    row = [cloth.get_at((x, 100)) for x in range(140, 180)]
    assert len({tuple(c) for c in row}) > 5  # a texture, not a flat colour
    # on average within a level or two of the light alone
    got = sum(c.g for c in row) / len(row)
    base = sum(plain.get_at((x, 100)).g for x in range(140, 180)) / len(row)
    assert abs(got - base) < 3


def test_a_soft_area_fades_at_its_edge() -> None:
    area = felt.soft_area((200, 100), (0, 0, 0, 60), None)
    assert area.get_at((100, 50)).a == 60
    assert 0 < area.get_at((100, 1)).a < 60
    assert area.get_at((0, 0)).a == 0  # the rounded corner


def test_a_lifted_cards_shadow_is_larger_and_softer() -> None:
    flat = felt.card_shadow(100, 140)
    lifted = felt.card_shadow(100, 140, lifted=True)
    assert lifted.get_width() > flat.get_width() > 100
    assert max(
        lifted.get_at((x, lifted.get_height() // 2)).a for x in range(lifted.get_width())
    ) <= max(flat.get_at((x, flat.get_height() // 2)).a for x in range(flat.get_width()))


def test_shadows_share_the_arts_pixel_budget() -> None:
    art = ArtCache(budget=60_000)
    for h in range(60, 160, 4):
        art.shadow((h * 5 // 7, h))
        art.shadow((h * 5 // 7, h), lifted=True)
        assert art.pixels <= 60_000
    assert art.shadow((50, 70)) is art.shadow((50, 70))


def test_a_flip_shows_the_back_then_narrows_then_the_face() -> None:
    front = pygame.Surface((70, 100))
    front.fill((255, 255, 255))
    back = pygame.Surface((70, 100))
    back.fill((0, 0, 200))
    start, dx = motion.flip_image(front, back, 0.0)
    assert start is back
    assert dx == 0
    mid, dx = motion.flip_image(front, back, 0.45)
    assert mid.get_width() < 70
    assert dx > 0
    assert mid.get_at((mid.get_width() // 2, 50)) == pygame.Color(0, 0, 200)
    late, _dx = motion.flip_image(front, back, 0.8)
    assert late.get_at((late.get_width() // 2, 50)) == pygame.Color(255, 255, 255)
    assert motion.flip_image(front, back, 1.0)[0] is front


def test_the_confetti_flies_then_ends_and_a_skip_ends_it_at_once() -> None:
    screen = pygame.Surface((960, 600))
    show = motion.Celebration((960, 600), seconds=2.0, seed=3)
    seen = 0
    while not show.done:
        show.update(1 / 30)
        screen.fill((0, 0, 0))
        show.draw(screen)
        seen += pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255)).count() < 960 * 600
    assert seen > 30  # frames with confetti on screen
    assert show.t == pytest.approx(2.0, abs=0.05)
    screen.fill((0, 0, 0))
    show.draw(screen)  # ended: draws nothing
    assert pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255)).count() == 960 * 600
    other = motion.Celebration((960, 600), seconds=2.0)
    other.update(0.1)
    other.skip()
    assert other.done
