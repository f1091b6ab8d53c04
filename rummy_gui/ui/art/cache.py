"""The scaled art the window draws, kept within a budget of pixels.

A card in flight changes size on every frame of its flight, so a cache keyed
by size alone would keep each of those sizes for good (about 90 MB after two
minutes of a 1920x1080 show). Faces and backs are kept least recently used
first out, up to `ART_PIXELS` pixels between them: the sizes the table shows
now are used every frame they are drawn and stay; sizes of past flights and of
the window before a resize are the first to go. Cards' soft shadows share the
budget. The felt is one image, of the window's size, handed over to the
table when it draws its zones on it (`take_felt`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame

from rummy_gui.engine.cards import Card
from rummy_gui.ui.art.cards import draw_back, draw_face
from rummy_gui.ui.art.felt import card_shadow, draw_felt

# 4 bytes a pixel: 10 MB. What a 1920x1080 table with 8 players draws within
# any two seconds (hands, melds, pile, backs, the flights' source sizes) is at
# most 1.5 million pixels (measured over four games of 4 to 8 players), so the
# sizes in use stay with a million pixels of past ones beside them.
ART_PIXELS = 2_500_000


def _fast(img: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, blits are several times faster."""
    if pygame.display.get_surface() is not None:
        return img.convert_alpha()
    return img


class ArtCache:
    """Scaled faces and backs, least recently used out past `budget` pixels."""

    def __init__(self, budget: int = ART_PIXELS) -> None:
        self.budget = budget
        self.pixels = 0
        self._images: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._felt: tuple[tuple[int, int], pygame.Surface] | None = None

    def __len__(self) -> int:
        return len(self._images)

    def face(self, card: Card, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        key = ("face", card.code, size[0], size[1], four_colour)
        img = self._get(key)
        if img is None:
            img = self._put(key, _fast(draw_face(card, size[0], size[1], four_colour)))
        return img

    def back(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", name, size[0], size[1])
        img = self._get(key)
        if img is None:
            img = self._put(key, _fast(draw_back(name, size[0], size[1])))
        return img

    def shadow(self, size: tuple[int, int], lifted: bool = False) -> pygame.Surface:
        """The soft shadow of a card of `size` (art/felt.py), within the same budget."""
        key = ("shadow", size[0], size[1], lifted)
        img = self._get(key)
        if img is None:
            img = self._put(key, _fast(card_shadow(size[0], size[1], lifted)))
        return img

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt[0] != size:
            self._felt = None  # the old one goes before the new one is made
            self._felt = (size, draw_felt(size))
        return self._felt[1]

    def take_felt(self, size: tuple[int, int]) -> pygame.Surface:
        """A felt of `size` for the caller to keep and draw on: the kept one,
        which the cache then forgets, or a new one. The table keeps its own
        felt with the zones on it, so a second window-sized felt beside it
        would be 8 MB at 1920x1080 held for nothing."""
        if self._felt is not None and self._felt[0] == size:
            felt, self._felt = self._felt[1], None
            return felt
        return draw_felt(size)

    def _get(self, key: Hashable) -> pygame.Surface | None:
        img = self._images.get(key)
        if img is not None:
            self._images.move_to_end(key)
        return img

    def _put(self, key: Hashable, img: pygame.Surface) -> pygame.Surface:
        self._images[key] = img
        self.pixels += img.get_width() * img.get_height()
        while self.pixels > self.budget and len(self._images) > 1:
            _old, gone = self._images.popitem(last=False)
            self.pixels -= gone.get_width() * gone.get_height()
        return img
