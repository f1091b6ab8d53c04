"""Write the card art and the sounds to files: `python tools/make_assets.py`.

The game itself draws the same art and synthesizes the same sounds in memory
at start (at every size it needs, so it stays crisp and the installed package
needs no data files); this script writes them out as PNG and WAV for the
repository's `sprites/` and `sounds/` folders, for viewing and for other tools.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

CARD_SIZE = (200, 280)


def write_sprites(directory: Path) -> list[Path]:
    import pygame

    from rummy_gui.engine.cards import JOKER, NATURALS
    from rummy_gui.ui.art.cards import BACK_COLOURS, draw_back, draw_face
    from rummy_gui.ui.art.felt import draw_felt

    pygame.font.init()
    written = []
    for four, folder in ((False, "cards"), (True, "cards-4colour")):
        out = directory / folder
        out.mkdir(parents=True, exist_ok=True)
        for card in (*NATURALS, JOKER):
            path = out / f"{card}.png"
            pygame.image.save(draw_face(card, *CARD_SIZE, four_colour=four), str(path))
            written.append(path)
    backs = directory / "backs"
    backs.mkdir(parents=True, exist_ok=True)
    for name in BACK_COLOURS:
        path = backs / f"{name}.png"
        pygame.image.save(draw_back(name, *CARD_SIZE), str(path))
        written.append(path)
    felt = directory / "felt.png"
    pygame.image.save(draw_felt((640, 400)), str(felt))
    written.append(felt)
    return written


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parents[1]
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sprites", type=Path, default=root / "sprites")
    p.add_argument("--sounds", type=Path, default=root / "sounds")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from rummy_gui.ui.art.sound import write_wavs

    files = write_sprites(args.sprites) + write_wavs(args.sounds)
    print(f"wrote {len(files)} files to {args.sprites} and {args.sounds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
