"""The shade a dialog casts over the screen beneath it: as dark as black at
DIM over it, with no window-sized surface kept for it (8 MB at 1920x1080)."""

from __future__ import annotations

import pygame

from rummy_gui.ui.widgets import dialogs


def test_the_shade_darkens_as_black_at_dim_would() -> None:
    colours = [(255, 255, 255), (200, 100, 50), (44, 132, 80), (0, 0, 0)]
    surface = pygame.Surface((len(colours), 1))
    for x, c in enumerate(colours):
        surface.set_at((x, 0), c)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, dialogs.DIM))
    blended = surface.copy()
    blended.blit(shade, (0, 0))
    dialogs.dim_beneath(surface)
    for x in range(len(colours)):
        got, want = surface.get_at((x, 0)), blended.get_at((x, 0))
        assert all(abs(got[i] - want[i]) <= 1 for i in range(3)), (colours[x], got, want)


def test_the_shade_keeps_no_surface_of_the_window_size() -> None:
    dialogs.dim_beneath(pygame.Surface((1920, 1080)))
    held = [
        name
        for name, value in vars(dialogs).items()
        if isinstance(value, pygame.Surface)
        or (
            isinstance(value, list | tuple | dict)
            and any(isinstance(x, pygame.Surface) for x in value)
        )
    ]
    assert held == []
