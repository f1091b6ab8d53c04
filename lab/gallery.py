"""The screenshot gallery of docs/gallery/: the table and its screens drawn by
the game itself in a real window, at three sizes and in three languages.

    Xvfb :99 -screen 0 2560x1440x24 &
    DISPLAY=:99 python -m lab.gallery [--out docs/gallery]

Each picture is the window's own surface after its frames were drawn and
shown by the real video driver; the games are seeded, so the same code
draws the same pictures. docs/gallery/README.md lists them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

SIZES = ((960, 600), (1280, 800), (1920, 1080))
LANGUAGES = ("en", "fi", "ru")
SHOWN = (1280, 800)  # the size of the pictures of single screens
CLAIM_SIZE = (1920, 1080)  # the claim prompt over the table, scaled with it


def _quiet_home() -> None:
    """Saves, statistics and settings of the runs go to a scratch folder."""
    os.environ["RUMMY_GUI_HOME"] = tempfile.mkdtemp(prefix="rummy-gui-gallery-")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab.gallery", description=__doc__)
    p.add_argument("--out", type=Path, default=Path("docs/gallery"))
    args = p.parse_args(argv)
    if not os.environ.get("DISPLAY") or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        print("the gallery needs a real window: run it under Xvfb, DISPLAY set", file=sys.stderr)
        return 2
    _quiet_home()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in shoot(args.out):
        print(name)
    return 0


def shoot(out: Path) -> list[str]:
    import pygame

    from rummy_gui import i18n
    from rummy_gui.bots import make_bot
    from rummy_gui.engine import Action, Game, Move, Phase
    from rummy_gui.engine.cards import Token
    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.play.settings import Settings
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.screens.new_game import NewGameScene, seat_name
    from rummy_gui.ui.screens.rules import RulesScene
    from rummy_gui.ui.screens.settings import SettingsScene
    from rummy_gui.ui.shell.app import App
    from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene
    from rummy_gui.ui.table.scene import TableScene
    from rummy_gui.ui.table.score_sheet import ScoreSheetScene

    table_moves = (Action.CONTRACT, Action.MELD, Action.LAYOFF, Action.SWAP)

    def choose(g: Game, rng: random.Random) -> Move:
        moves = list(g.legal_moves)
        good = [m for m in moves if m.action in table_moves]
        if good and rng.random() < 0.9:
            return rng.choice(good)
        if g.phase is Phase.DRAW:
            draws = [m for m in moves if m.action is Action.DRAW]
            if draws and rng.random() < 0.7:
                return draws[0]
        if g.phase is Phase.CLAIM:
            passes = [m for m in moves if m.action is Action.PASS]
            if passes:
                return passes[0]
        return rng.choice(moves)

    def played(preset: str, players: int, seed: int, deals: int, then: int = 0) -> Game:
        """A seeded game: `deals` whole deals, then `then` moves of the next."""
        rng = random.Random(seed)
        g = Game.new(preset, players=players, seed=seed)
        for k in range(deals):
            while not g.deal_over:
                g.play(choose(g, rng))
            if g.game_over or k == deals - 1:
                break
            g.play(Move(Action.DEAL, g.turn))
        for _ in range(then):
            if g.deal_over:
                break
            g.play(choose(g, rng))
        return g

    def until_seat_0(g: Game, rng: random.Random, most: int) -> Game:
        """Play on to a moment where seat 0 is to draw (a deal in progress)."""
        for _ in range(most):
            g.play(choose(g, rng))
        while not g.deal_over and not (g.phase is Phase.DRAW and g.turn == 0):
            g.play(choose(g, rng))
        return g

    names: list[str] = []

    def shot(app: App, name: str, frames: int = 3) -> None:
        for _ in range(frames):
            app.tick(0.05)
        pygame.display.flip()
        pygame.image.save(app.screen, str(out / name))
        names.append(name)

    def new_app(size: tuple[int, int], lang: str, animation: str = "off") -> App:
        i18n.set_language(lang)
        app = App(size, Settings(animation=animation, mute=True, language=lang))
        app.push(MainMenu(app))
        return app

    def table(app: App, g: Game) -> TableScene:
        # the names New game starts with, in the language of the picture
        seats = [SeatConfig(seat_name(0), "human")] + [
            SeatConfig(seat_name(i), "medium") for i in range(1, g.players)
        ]
        session = Session(g.preset, seats, {}, game=g, threaded=False)
        app.session = session
        scene = TableScene(app, session)
        app.push(scene)
        scene.pace.cooldown = 1e9  # the bots wait: the picture is of this moment
        return scene

    def close(app: App) -> None:
        if app.session is not None:
            app.session.close()
        pygame.display.quit()

    def offered(seed: int) -> Game:
        """Contract for 4, played by easy bots until seat 0 may buy a discard."""
        g = Game.new("contract", players=4, seed=seed)
        bots = [make_bot("easy", seed=s) for s in range(4)]
        while not (g.phase is Phase.CLAIM and g.to_act[0] == 0 and len(g.discard_pile) >= 3):
            seat = g.to_act[0]
            g.play(bots[seat].choose(g.view(seat)))
        return g

    # the table, a deal in progress, at every size and in every language: the
    # player has tried to discard before drawing, and the rules' reason stands
    # in the message stack
    for w, h in SIZES:
        for lang in LANGUAGES:
            app = new_app((w, h), lang)
            g = until_seat_0(Game.new("rummy500", 3, seed=21), random.Random(21), 14)
            scene = table(app, g)
            scene.play(Move(Action.DISCARD, 0, cards=(Token(g.hand(0)[0]),)))
            shot(app, f"table-{w}x{h}-{lang}.png")
            close(app)
    # a claim: Contract's buy, the prompt by the hand
    for lang in LANGUAGES:
        app = new_app(CLAIM_SIZE, lang)
        table(app, offered(10))
        shot(app, f"claim-{lang}.png")
        close(app)
    # the score sheet, the end of a deal, game over, Settings, New game and Rules
    for lang in LANGUAGES:
        app = new_app(SHOWN, lang)
        scene = table(app, played("rummy500", 3, 8, 2, then=12))
        app.push(ScoreSheetScene(app, scene.session))
        shot(app, f"score-sheet-{lang}.png")
        close(app)

        app = new_app(SHOWN, lang)
        scene = table(app, played("persian", 4, 5, 1))
        if not isinstance(app.stack.top, DealSummaryScene):
            app.push(DealSummaryScene(app, scene))
        shot(app, f"deal-end-{lang}.png")
        close(app)

        for name in ("new-game", "rules", "settings"):
            app = new_app(SHOWN, lang)
            if name == "new-game":
                app.push(NewGameScene(app))
            elif name == "rules":
                app.push(RulesScene(app, "pinochle"))
            else:
                app.push(SettingsScene(app))
            shot(app, f"{name}-{lang}.png")
            close(app)
    app = new_app(SHOWN, "en", animation="normal")
    # a game the person at the table won: the confetti is theirs
    g = next(w for w in (played("rummy500", 3, s, 40) for s in range(3, 60)) if 0 in w.winners)
    scene = table(app, g)
    if not isinstance(app.stack.top, GameOverScene):
        app.push(GameOverScene(app, scene))
    shot(app, "celebration-en.png", frames=12)
    close(app)
    return names


if __name__ == "__main__":
    raise SystemExit(main())
