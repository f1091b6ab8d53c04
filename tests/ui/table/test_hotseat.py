"""Hot seat (issue 5): several humans at one machine.

What the table draws is checked, not a flag: every card face the table blits
is recorded, and while the hand-over screen shows, no face may belong to a
hand (only the discard pile and the melds are public)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from rummy_gui.engine import Action, Game, Move, Phase, catalog
from rummy_gui.engine.cards import Card
from rummy_gui.play.session import SeatConfig, Session, make_bot
from rummy_gui.play.table_policy import worth_asking
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw as table_draw
from rummy_gui.ui.table import draw_common
from rummy_gui.ui.table.hotseat import HandOverScene
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.scene import TableScene
from tests.ui.table.claim_deals import contested_buy, useful_seven
from tests.ui.ui_driver import frame, game_of, local


@pytest.fixture
def faces(monkeypatch: pytest.MonkeyPatch) -> list[Card]:
    """Every card the table draws face up during a frame (cleared by the test)."""
    drawn: list[Card] = []
    real = draw_common.draw_card

    def spy(
        surface: Any,
        scene: Any,
        card: Card | None,
        rect: Any,
        shadow: bool = False,
        lifted: bool = False,
    ) -> None:
        if card is not None:
            drawn.append(card)
        real(surface, scene, card, rect, shadow, lifted)

    monkeypatch.setattr(draw_common, "draw_card", spy)
    monkeypatch.setattr(table_draw, "_still", lambda _scene: False)  # whole frames: all is seen
    return drawn


def public_cards(game: Any) -> Counter[int]:
    out = Counter(c.code for c in game.discard_pile)
    for meld in game.melds:
        out.update(c.code for c in meld.cards)
    return out


@dataclass
class Log:
    events: list[tuple[str, int]] = field(
        default_factory=list
    )  # ("hand-over", seat) / ("move", seat) / ("deal", 0)
    handovers_checked: int = 0
    claims_asked: int = 0


def table_for(
    app: App,
    preset: str,
    seats: list[SeatConfig],
    seed: int = 3,
    game: Any = None,
    ask: str = "always",
) -> TableScene:
    app.settings.ask_claims = ask  # type: ignore[attr-defined]
    session = Session(preset, seats, {}, seed=seed, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    return scene


def drive(
    app: App, scene: TableScene, faces: list[Card], log: Log, until: Any, max_frames: int = 6000
) -> None:
    """Play on: humans' moves chosen by a bot and made through the table, the
    hand-over screen clicked; checks what is drawn while it shows."""
    chooser = make_bot("easy", 7)
    session = local(scene)
    seen: list[HandOverScene] = []  # kept alive, so that no new screen can reuse an old one's id
    for _ in range(max_frames):
        if until():
            return
        top = app.stack.top
        if isinstance(top, HandOverScene):
            if not any(top is old for old in seen):
                seen.append(top)
                log.events.append(("hand-over", top.seat))
                claim = session.game.claim if session.phase == "claim" else None
                if (
                    claim is not None
                ):  # the nearest human still to answer, after the bots before them
                    waiting = [c for c in claim.claimants if c in session.game.to_act]
                    assert waiting, f"asked {top.seat}, waiting {waiting}"
                    assert waiting[0] == top.seat, f"asked {top.seat}, waiting {waiting}"
                    log.claims_asked += 1
            faces.clear()
            frame(app)
            shown = Counter(c.code for c in faces)
            assert not shown - public_cards(session.game), (
                "a hand card was drawn face up behind the hand-over"
            )
            log.handovers_checked += 1
            top.ready()
            continue
        if isinstance(top, DealSummaryScene):
            log.events.append(("deal", 0))
            top._next()
            continue
        g = session.game
        if top is scene and not scene.motion.flights and scene.my_turn():
            seat = scene.viewer
            assert session.is_human(seat)
            faces.clear()
            frame(app)  # the player now sees their own hand
            if seat in g.to_act and scene.my_turn():
                hand = Counter(c.code for c in g.hand(seat))
                assert not hand or Counter(c.code for c in faces) & hand, (
                    "the player's own hand is drawn face up"
                )
                move = chooser.choose(g.view(seat))
                log.events.append(("move", seat))
                if session.phase is Phase.CLAIM:
                    scene.answers.answer_buttons[scene.answers.answer_moves.index(move)].on_click()
                else:
                    assert scene.play(move), str(move)
            continue
        frame(app)
    raise AssertionError("the game did not get there")


def check_handovers(log: Log, _session: TableSession) -> None:
    """A hand-over before a human's move exactly when the previous human to
    move was someone else (or the deal has just begun)."""
    last: int | None = None
    pending: list[int] = []
    for kind, seat in log.events:
        if kind == "deal":
            last = None
        elif kind == "hand-over":
            pending.append(seat)
        else:
            expected = [seat] if seat != last else []
            assert pending == expected, (
                f"before a move of seat {seat} (after {last}): hand-overs {pending}"
            )
            pending = []
            last = seat


def test_three_humans_and_a_bot_in_rummy500(app: App, faces: list[Card]) -> None:
    seats = [
        SeatConfig("Ann", "human"),
        SeatConfig("Ben", "human"),
        SeatConfig("Bot", "easy"),
        SeatConfig("Cleo", "human"),
    ]
    scene = table_for(app, "rummy500", seats, seed=11)
    log = Log()
    session = local(scene)
    drive(
        app,
        scene,
        faces,
        log,
        until=lambda: (
            session.game.round >= 2
            and len(log.events) > 0
            and sum(1 for k, _ in log.events if k == "move") > 8
            and log.events[-1][0] == "move"
            and any(k == "deal" for k, _ in log.events)
        ),
    )
    check_handovers(log, session)
    assert log.handovers_checked >= 6
    assert log.claims_asked >= 1
    movers = [s for k, s in log.events if k == "move"]
    assert set(movers) == {0, 1, 3}
    # the table turns: the human to act sits at the bottom
    assert scene.viewer in session.humans()


def test_four_humans_in_persian(app: App, faces: list[Card]) -> None:
    seats = [SeatConfig(n, "human") for n in ("Ann", "Ben", "Cleo", "Dan")]
    scene = table_for(app, "persian", seats, seed=5)
    log = Log()
    session = local(scene)
    drive(app, scene, faces, log, until=lambda: session.phase in ("deal_over", "game_over"))
    check_handovers(log, session)
    assert len({s for k, s in log.events if k == "hand-over"}) == 4


def test_one_human_never_sees_a_hand_over(app: App, faces: list[Card]) -> None:
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(f"Bot {i}", "easy") for i in range(1, 3)]
    scene = table_for(app, "rummy500", seats, seed=2)
    log = Log()
    drive(app, scene, faces, log, until=lambda: sum(1 for k, _ in log.events if k == "move") >= 12)
    assert not [e for e in log.events if e[0] == "hand-over"]


def rummy_call_table(app: App, ask: str = "always") -> TableScene:
    """Ann (0) discards 9S onto 10S JS … nobody needs a hand card to call Rummy!"""
    game = Game.from_layout(
        "rummy500",
        hands=["9S 2C 3D 4H 6C", "5C 7D 8H KC 4D", "2H 3S 6D 8C 10H", "AC 4C 7H QD KD"],
        stock="AD 2S 3C 5D 5H 6H 7C 8D 9D 10C",
        discard="KS QS JS 10S",
        turn=0,
    )
    seats = [
        SeatConfig("Ann", "human"),
        SeatConfig("Ben", "human"),
        SeatConfig("Cleo", "human"),
        SeatConfig("Bot", "random"),
    ]
    scene = table_for(app, "rummy500", seats, game=game, ask=ask)
    frame(app)
    top = app.stack.top
    assert isinstance(top, HandOverScene)
    assert top.seat == 0
    top.ready()
    assert scene.play(Move.parse("draw"))
    assert scene.play(Move.parse("discard 9S"))
    assert session_phase(scene) == "claim"
    return scene


def session_phase(scene: TableScene) -> str:
    return scene.session.phase


def test_claims_ask_the_humans_in_priority_order(app: App) -> None:
    scene = rummy_call_table(app)
    asked = []
    for _ in range(40):
        top = app.stack.top
        if isinstance(top, HandOverScene):
            asked.append(top.seat)
            assert "claim" in top.reason
            top.ready()
            frame(app)
            assert scene.answers.answer_buttons, "the claimant sees what is on offer"
            assert scene.viewer == top.seat
            scene.answers.answer_buttons[
                [m.action for m in scene.answers.answer_moves].index(Action.PASS)
            ].on_click()
        if session_phase(scene) != "claim":
            break
        frame(app)
    assert asked[:2] == [1, 2]  # nearest the discarder first, going left; then the bot answers


def test_never_asking_about_claims_passes_for_the_humans(app: App) -> None:
    scene = rummy_call_table(app, ask="never")
    frame(app, 3)
    assert session_phase(scene) != "claim" or game_of(scene.session).to_act == (3,)
    assert not any(
        e.move is not None and e.move.action == "rummy" and e.move.seat in (1, 2)
        for e in scene.session.log
    )


def test_a_liverpool_buy_contested_by_two_humans_goes_to_the_nearer_one(app: App) -> None:
    game = contested_buy()
    seats = [SeatConfig(n, "human") for n in ("Ann", "Ben", "Cleo", "Dan")]
    scene = table_for(app, "liverpool", seats, game=game, ask="useful")
    frame(app)
    app.stack.top.ready()  # type: ignore[union-attr]
    assert scene.play(Move.parse("draw"))
    asked = []
    for _ in range(40):
        top = app.stack.top
        if isinstance(top, HandOverScene):
            top.ready()
            frame(app)
            asked.append(scene.viewer)
            scene.answers.answer_buttons[
                [m.action for m in scene.answers.answer_moves].index(Action.BUY)
            ].on_click()
        if session_phase(scene) != "claim":
            break
        frame(app)
    # Ben holds no 7 and no heart near it: not asked ("useful"); Cleo, nearer than Dan, gets it.
    assert asked == [2]
    g = game_of(scene.session)
    assert sum(1 for c in g.hand(2) if str(c) == "7H") == 2
    assert not any(str(c) == "7H" for c in g.hand(3))


def test_useful_is_judged_from_the_own_hand_by_the_engine() -> None:
    """ "Only when the card could be used" is the engine's answer, from the
    claimant's hand and the table: a pair in hand or three near hearts make
    the 7♥ usable; one 7 alone (a pair, not a meld) or nothing near does not."""
    from rummy_gui.engine.cards import parse_card, parse_cards

    game = useful_seven()
    seven = parse_card("7H")
    assert catalog.could_use(game.rules, game.hand(2), seven, game.melds)  # 5H 6H 8H
    assert catalog.could_use(game.rules, parse_cards("7S 7D 2C"), seven, game.melds)  # a pair of 7s
    assert not catalog.could_use(game.rules, game.hand(1), seven, game.melds)  # one 7
    assert not catalog.could_use(game.rules, game.hand(0), seven, game.melds)
    game.play("draw")
    assert game.claim is not None
    assert game.claim.card == seven
    assert worth_asking(game, 2, "useful")
    assert not worth_asking(game, 1, "useful")
    assert worth_asking(game, 1, "always")
    assert not worth_asking(game, 2, "never")


def test_a_claim_is_told_only_once_it_has_won() -> None:
    game = contested_buy()
    session = Session(
        "liverpool",
        [SeatConfig(n, "human") for n in ("Ann", "Ben", "Cleo", "Dan")],
        {},
        game=game,
        threaded=False,
    )
    session.play(0, Move.parse("draw"))
    session.play(3, Move.parse("buy"))  # Dan answers first, but Cleo is nearer
    assert not any("buys" in str(e) for e in session.log)
    assert not session.announcements
    session.play(1, Move.parse("pass"))
    session.play(2, Move.parse("buy"))
    told = [str(e) for e in session.log if "buys" in str(e)]
    assert told == ["Cleo buys 7♥."]
    assert session.announcements == told


@pytest.mark.parametrize(("preset", "players"), [("liverpool", 4), ("shanghai", 3)])
def test_a_round_of_the_contract_family_in_hot_seat(
    app: App, faces: list[Card], preset: str, players: int
) -> None:
    """Cuts, buying and Shanghai calls between humans, with a bot among them."""
    seats = [SeatConfig(f"P{i}", "easy" if i == 1 else "human") for i in range(players)]
    scene = table_for(app, preset, seats, seed=4, ask="useful")
    log = Log()
    drive(
        app,
        scene,
        faces,
        log,
        until=lambda: scene.session.phase in ("deal_over", "game_over"),
        max_frames=40000,
    )
    check_handovers(log, scene.session)
    assert log.handovers_checked >= 10


def test_the_hand_over_screen_leads_to_the_menu_and_to_save_as(app: App, faces: list[Card]) -> None:
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.screens.saving import SaveAsScene
    from rummy_gui.ui.shell.intents import Back, PointerDown, PointerUp

    rummy_call_table(app)  # Ann and Ben played: the computer now goes to a human
    top = app.stack.top
    assert isinstance(top, HandOverScene)
    _menu, save = top.buttons
    assert save.enabled
    app.dispatch(PointerDown(save.rect.center, 1))
    app.dispatch(PointerUp(save.rect.center, 1))
    frame(app)
    assert isinstance(app.stack.top, SaveAsScene)
    faces.clear()
    frame(app)
    hands = Counter(c.code for c in faces) - public_cards(game_of(app.session))  # type: ignore[union-attr]
    assert not hands  # under Save as… every hand stays face down
    app.pop()
    assert app.stack.top is top
    app.dispatch(Back())
    frame(app)
    assert isinstance(app.stack.top, MainMenu)
    assert app.session is not None  # the game is kept: Continue goes back to it
