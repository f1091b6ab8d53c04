"""Owner colours told apart by colour-blind players, and the high-contrast table.

The owner colours are the Okabe-Ito palette (distinguishable under the common
forms of colour blindness); a seat's cards and badge always carry its initial
too, so colour is never the only sign.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_gui.i18n import N_

Colour = tuple[int, int, int]

# (colour, its name for the new-game screen)
OWNER_COLOURS: tuple[tuple[Colour, str], ...] = (
    ((230, 159, 0), N_("orange")),
    ((86, 180, 233), N_("sky blue")),
    ((0, 158, 115), N_("green")),
    ((240, 228, 66), N_("yellow")),
    ((0, 114, 178), N_("blue")),
    ((213, 94, 0), N_("vermilion")),
    ((204, 121, 167), N_("pink")),
    ((235, 235, 235), N_("white")),
)

# High contrast: a near-black table, white lines, a bright focus.
HC_FELT: Colour = (12, 12, 14)
HC_ZONE: Colour = (250, 250, 250)
HC_FOCUS: Colour = (255, 255, 0)
FOCUS: Colour = (80, 220, 255)


def owner_colour(index: int) -> Colour:
    return OWNER_COLOURS[index % len(OWNER_COLOURS)][0]


def colour_name(index: int) -> str:
    return OWNER_COLOURS[index % len(OWNER_COLOURS)][1]


def colour_id(index: int) -> str:
    """The colour's id as saved games keep it: its English name."""
    return colour_name(index)


def colour_index(colour: str | None) -> int | None:
    """The palette index of a saved colour id (None: unknown or not chosen)."""
    for i, (_rgb, name) in enumerate(OWNER_COLOURS):
        if name == colour:
            return i
    return None


def seat_colour_index(colours: Sequence[str | None], seat: int) -> int:
    """A seat's palette index: its chosen colour, else one no seat chose (in seat order)."""
    chosen = [colour_index(c) for c in colours]
    own = chosen[seat]
    if own is not None:
        return own
    every = range(len(OWNER_COLOURS))
    taken = {c for c in chosen if c is not None}
    free = [i for i in every if i not in taken] or list(every)
    auto = [i for i, c in enumerate(chosen) if c is None]
    return free[auto.index(seat) % len(free)]
