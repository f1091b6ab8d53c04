"""Pictures that move: a card turning over, and the celebration of a win.

Neither keeps images between frames: a flip squeezes the card's cached face
or back anew each frame (one small scale), and the confetti is drawn as
polygons; so nothing here grows with the length of a game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

CONFETTI_COLOURS = (
    (230, 60, 70),
    (250, 200, 60),
    (70, 160, 240),
    (90, 200, 120),
    (240, 130, 200),
    (250, 250, 245),
)


def flip_image(
    front: pygame.Surface, back: pygame.Surface, progress: float
) -> tuple[pygame.Surface, int]:
    """A card turning face up, `progress` from 0 (its back) to 1 (its face):
    the side in view, squeezed to the width it shows, and how far right of
    the card's left edge to draw it (so it turns about its middle)."""
    p = max(0.0, min(1.0, progress))
    side = back if p < 0.5 else front
    w, h = side.get_size()
    shown = max(1, round(w * abs(math.cos(math.pi * p))))
    if shown >= w:
        return side, 0
    return pygame.transform.scale(side, (shown, h)), (w - shown) // 2


@dataclass
class Piece:
    x: float
    y: float
    vx: float
    vy: float
    angle: float
    spin: float
    w: float
    h: float
    colour: tuple[int, int, int]
    delay: float


class Celebration:
    """Confetti thrown up from the bottom corners of the window and falling
    from above it, fluttering down, for `seconds`; `skip` ends it at once.
    Seeded: the same win, the same throw."""

    GRAVITY = 700.0  # pixels a second squared at 1080 px of height
    DRAG = 1.3  # how fast the air slows a piece, per second

    def __init__(
        self, size: tuple[int, int], seconds: float = 3.0, seed: int = 0, pieces: int = 220
    ) -> None:
        self.size = size
        self.seconds = seconds
        self.t = 0.0
        self.skipped = False
        w, h = size
        scale = h / 1080
        self.scale = scale
        rnd = random.Random(seed)
        self.pieces = []
        for k in range(pieces):
            if k % 3 == 2:  # a third falls from above the window, all across it
                x, y = rnd.uniform(0, w), -rnd.uniform(10, h * 0.4)
                vx, vy = rnd.uniform(-60, 60) * scale, rnd.uniform(60, 200) * scale
                delay = rnd.uniform(0.15, 0.45) * seconds
            else:  # two cannons at the bottom corners
                from_left = k % 3 == 0
                x = w * (0.06 if from_left else 0.94) + rnd.uniform(-20, 20) * scale
                y = h + 10
                speed = rnd.uniform(1500, 2500) * scale
                aim = math.radians(rnd.uniform(60, 84))
                vx = speed * math.cos(aim) * (1 if from_left else -1)
                vy = -speed * math.sin(aim)
                delay = rnd.uniform(0, 0.3) * seconds
            self.pieces.append(
                Piece(
                    x=x,
                    y=y,
                    vx=vx,
                    vy=vy,
                    angle=rnd.uniform(0, math.tau),
                    spin=rnd.uniform(-9, 9),
                    w=rnd.uniform(8, 14) * scale,
                    h=rnd.uniform(4, 8) * scale,
                    colour=rnd.choice(CONFETTI_COLOURS),
                    delay=delay,
                )
            )

    @property
    def done(self) -> bool:
        return self.skipped or self.t >= self.seconds

    def skip(self) -> None:
        self.skipped = True

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.t += dt
        g = self.GRAVITY * self.scale
        for p in self.pieces:
            if self.t < p.delay:
                continue
            # air slows the confetti: it flutters down rather than drops
            drag = math.exp(-self.DRAG * dt)
            p.vx *= drag
            p.vy = p.vy * drag + g * dt
            p.x += p.vx * dt + math.sin(self.t * 5 + p.spin) * 30 * self.scale * dt
            p.y += p.vy * dt
            p.angle += p.spin * dt

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The confetti in flight onto `surface`; the rectangles it covered."""
        drawn: list[pygame.Rect] = []
        if self.done:
            return drawn
        # the last half second fades the confetti by shrinking it
        fade = min(1.0, (self.seconds - self.t) / 0.5)
        for p in self.pieces:
            if self.t < p.delay or p.y > self.size[1] + 20:
                continue
            c, s = math.cos(p.angle), math.sin(p.angle)
            hw, hh = p.w / 2 * fade, p.h / 2 * abs(math.cos(p.angle * 1.7)) * fade + 0.5
            corners = [
                (p.x + dx * c - dy * s, p.y + dx * s + dy * c)
                for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
            ]
            drawn.append(pygame.draw.polygon(surface, p.colour, corners))
        return drawn
