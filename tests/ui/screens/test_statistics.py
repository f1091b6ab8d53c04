"""The Statistics screen's chart: every number readable beside its bar."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.ui.screens.statistics import bar_and_value


@pytest.mark.parametrize("rate", [0.0, 0.5, 0.97, 1.0])
def test_a_bars_number_stays_above_it_on_the_panel(rate: float) -> None:
    plot = pygame.Rect(20, 34, 600, 108)
    bar, value = bar_and_value(plot, 100, 60, rate, (34, 16))
    assert not value.colliderect(bar)  # white on gold could not be read
    assert plot.contains(value)
    assert plot.contains(bar)
