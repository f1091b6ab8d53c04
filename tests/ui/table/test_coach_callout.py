"""The coach's callout on the table (ui/table/coach_callout.py): it speaks to
the seat that moved, only a human's, when the setting is on; "Take it back"
undoes that move, "Keep" keeps it; the next player waits while it is open."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Move
from rummy_gui.play.coach import Verdict
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.hotseat import HandOverScene
from rummy_gui.ui.table.scene import TableScene
from tests.play.test_coach import _twins
from tests.ui.ui_driver import click, frame, game_of


def coached_table(app: App, seed: int, level: str = "strict", humans: int = 1) -> TableScene:
    """A 2-player Rummy 500 deal (tests/play/test_coach.py `_twins`) where the
    player to move has a clear mistake to make: seed 4 a stock draw, seed 6
    a take of the discard."""
    game, _twin, me = _twins(seed)
    app.settings.coach = level
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "human" if humans == 2 else "random")]
    if me == 1 and humans == 1:
        seats.reverse()
    # the expert's seed is the seat's bot seed: 5, as in tests/play/test_coach.py
    seed = 5 - 101 * me
    session = Session(game.preset, seats, {}, seed, game=game, threaded=False, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.cooldown = 1e9
    frame(app, 2)
    top = app.stack.top
    if isinstance(top, HandOverScene):  # hot seat: the first player takes the seat
        top.ready()
        frame(app)
    assert scene.viewer == me
    return scene


def button(scene: TableScene, label: str) -> object:
    return next(b for b in scene.coach.buttons if b.label == label)


def test_the_coach_is_off_by_default(app: App) -> None:
    game, _twin, me = _twins(6)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "random")]
    session = Session(game.preset, seats, {}, game=game, threaded=False, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    assert app.settings.coach == "off"
    scene.play(Move.parse(f"{me}: take 1"))
    frame(app)
    assert scene.coach.coach is None
    assert not scene.coach.open


def test_take_it_back_undoes_the_move(app: App) -> None:
    scene = coached_table(app, 6)
    me = scene.viewer
    before = len(game_of(scene).moves)
    assert scene.play(Move.parse(f"{me}: take 1"))
    frame(app)
    assert scene.coach.open
    assert scene.session.coached[me] == 1
    words = " ".join(scene.coach.words())
    assert "Played:" in words
    assert "The expert:" in words
    assert "points better in this deal" in words
    assert scene.coach.holds()  # the next player waits for the answer
    take_back = button(scene, "Take it back")
    click(app, take_back.rect.center)  # type: ignore[attr-defined]
    assert not scene.coach.open
    assert len(game_of(scene).moves) == before
    assert game_of(scene).can_redo


def test_keep_keeps_the_move_and_a_stock_draw_cannot_be_taken_back(app: App) -> None:
    scene = coached_table(app, 4)
    me = scene.viewer
    scene.play(Move.parse(f"{me}: draw"))
    frame(app)
    assert scene.coach.open
    assert [b.label for b in scene.coach.buttons] == ["Keep"]
    assert "This move can't be taken back." in scene.coach.words()
    moves = len(game_of(scene).moves)
    click(app, scene.coach.buttons[0].rect.center)
    assert not scene.coach.open
    assert len(game_of(scene).moves) == moves
    assert not scene.coach.holds()


def test_gentle_speaks_only_of_big_mistakes(app: App) -> None:
    scene = coached_table(app, 6, level="gentle")
    me = scene.viewer
    scene.play(Move.parse(f"{me}: take 1"))  # 67 points: gentle speaks too
    frame(app)
    assert scene.coach.open
    assert scene.coach.verdict is not None
    assert scene.coach.verdict.loss >= 10


def test_the_callout_goes_when_the_game_moves_on(app: App) -> None:
    scene = coached_table(app, 6)
    me = scene.viewer
    scene.play(Move.parse(f"{me}: take 1"))
    frame(app)
    assert scene.coach.open
    scene.undo()  # the table's own Undo: the position is gone
    frame(app)
    assert not scene.coach.open


def test_a_bots_move_is_never_judged(app: App) -> None:
    scene = coached_table(app, 6)
    other = 1 - scene.viewer
    asked: list[int] = []
    assert scene.coach.coach is not None
    scene.coach.coach.moved = lambda _g, seat, *_a: asked.append(seat)  # type: ignore[method-assign]
    scene.coach.moved(other)
    scene.coach.moved(scene.viewer)
    assert asked == [scene.viewer]


class _Said:
    """A coach that has a verdict ready for one seat."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict: Verdict | None = verdict

    def busy(self, _version: int) -> bool:
        return False

    def poll(self, version: int) -> Verdict | None:
        v, self.verdict = self.verdict, None
        return v if v is not None and v.version == version else None

    def prepare(self, *_args: object) -> None:
        return None

    def close(self) -> None:
        pass


@pytest.mark.parametrize("to_the_mover", [True, False])
def test_in_hot_seat_only_the_seat_that_moved_hears_it(app: App, to_the_mover: bool) -> None:
    scene = coached_table(app, 6, humans=2)
    me = scene.viewer
    seat = me if to_the_mover else 1 - me
    draw, take = Move.parse(f"{seat}: draw"), Move.parse(f"{seat}: take 1")
    verdict = Verdict(seat, scene.session.version, draw, take, 12.0, False)
    scene.coach.coach = _Said(verdict)  # type: ignore[assignment]
    frame(app)
    assert scene.coach.open is to_the_mover
    assert scene.session.coached[seat] == (1 if to_the_mover else 0)


def test_in_hot_seat_a_hand_turned_face_down_hears_nothing(app: App) -> None:
    scene = coached_table(app, 6, humans=2)
    me = scene.viewer
    scene.play(Move.parse(f"{me}: draw"))
    card = game_of(scene).hand(me)[0]
    scene.play(Move.parse(f"{me}: discard {card}"))  # the other person's turn now
    frame(app)
    assert scene.concealed()
    draw, take = Move.parse(f"{me}: draw"), Move.parse(f"{me}: take 1")
    verdict = Verdict(me, scene.session.version, draw, take, 12.0, False)
    scene.coach.coach = _Said(verdict)  # type: ignore[assignment]
    scene.coach.judging = me
    frame(app)
    assert not scene.coach.open  # it would tell the next person of this hand
    assert scene.session.coached[me] == 0
    assert not scene.coach.holds()


def test_a_finished_table_stops_its_coach(app: App) -> None:
    scene = coached_table(app, 6)
    coach = scene.coach.coach
    assert coach is not None
    app.pop()
    assert scene.coach.coach is None
    assert coach._closed


def test_changing_the_setting_at_the_table_changes_the_coach(app: App) -> None:
    scene = coached_table(app, 6)
    app.settings.coach = "off"
    scene.resume()
    assert scene.coach.coach is None
    app.settings.coach = "gentle"
    scene.resume()
    assert scene.coach.coach is not None
    assert scene.coach.coach.level == "gentle"


def test_the_callout_is_drawn_and_gone_from_the_frame(app: App) -> None:
    scene = coached_table(app, 6)
    me = scene.viewer
    scene.play(Move.parse(f"{me}: take 1"))
    frame(app)
    surface = app.screen
    rect = scene.coach.rect
    assert surface.get_rect().contains(rect)
    shown = surface.subsurface(rect).copy()
    click(app, button(scene, "Keep").rect.center)  # type: ignore[attr-defined]
    frame(app, 2)
    after = surface.subsurface(rect).copy()
    assert shown.get_view("2").raw != after.get_view("2").raw


class _Thinking(_Said):
    """A coach still working out its verdict."""

    def busy(self, _version: int) -> bool:
        return True


def test_the_bots_wait_for_a_verdict_a_little_and_no_longer(app: App) -> None:
    from rummy_gui.ui.table.coach_callout import COACH_WAIT

    scene = coached_table(app, 6)
    me = scene.viewer
    scene.play(Move.parse(f"{me}: take 1"))
    scene.coach.dismiss()
    scene.coach.coach = _Thinking(None)  # type: ignore[arg-type,assignment]
    assert scene.coach.holds()
    assert scene.frame_wait() <= 0.05  # the table polls for the verdict meanwhile
    scene.coach.update(COACH_WAIT + 0.1)
    assert not scene.coach.holds()  # past the wait the game goes on; a late verdict is dropped
