"""The monkey test: seeded random input on every screen and preset, with bots
in the other seats. Nothing may raise, and the engine's cards must stay whole
(every physical card in exactly one place).

Events are real pygame events posted to the queue (clicks, drags between any
two points, keys with their text, the wheel, window resizes from below the
960x600 minimum up to 2560x1440, focus loss, pointer leaving the window), one
gesture and then its frames. Half the points are aimed at something that can
be clicked on the screen at hand (buttons, widgets, cards, the fan, the
stock, melds), the rest fall anywhere, edges and outside included. One step
in twenty plays a random legal move for the seat at the table by
`TableScene.play` (what the Meld/Discard buttons call) so that games move on
to claims, contracts, deal summaries and game over, where the monkey goes on.
The bots (random, easy and medium) think inline, inside the frame, so the run
is the same for the same seed; their thinking time is taken out of the frame
time, as in the program they think in a process of their own.

The run is cut into segments; each starts a table of the next preset (player
count, bot levels, hot seat and demo varying) and opens one of the other
screens over it, so every screen and preset is visited whatever the clicks.

Full garbage collections run inside frames and walk the whole process; the
run starts as the program does (`settle_heap`: the heap so far frozen), and
reports the collector's time and its longest full collection.

Frame times (the main thread's CPU time of one `App.tick`, and wall time) are
printed with the slowest frames and their gestures, but not asserted: the test
machines are shared, and a timed test there measures the neighbours (under a
load of 9 on 2 cores, resizes took 100-200 ms of CPU time). Speed is measured
by `python -m lab.bench gui` on a quiet machine.

    RUMMY_GUI_MONKEY_EVENTS=2000 python -m pytest tests/ui/test_monkey.py    # a quick run
    RUMMY_GUI_MONKEY_SEED=7 ...                                              # other seeds

The default is the issue's 20,000 events: 73 s on a quiet 2-core machine
(50,188 frames, seed 20261129), up to 4.5 minutes when both cores are busy.
They are played as PARTS independent runs of an equal share (test_monkey[0]
to [4]), each with its own seed (SEED + part) and a fresh window, taking up
the segments where the part before left off: the same events and segments
in all, but xdist can spread the parts over the workers instead of one
worker running the whole monkey while the others wait for it at the end.
"""

from __future__ import annotations

import gc
import os
import random
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine.cards import make_pack
from rummy_gui.play.lesson_session import LessonSession
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.settings import Settings
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.saving import LoadScene, SaveAsScene
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.screens.statistics import StatisticsScene
from rummy_gui.ui.shell.app import MIN_SIZE, App
from rummy_gui.ui.shell.heap import settle_heap
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import game_of

EVENTS = int(os.environ.get("RUMMY_GUI_MONKEY_EVENTS", "20000"))
SEED = int(os.environ.get("RUMMY_GUI_MONKEY_SEED", "20261129"))
SEGMENT = 400  # events per table
PARTS = 5  # independent runs of EVENTS // PARTS events each (see the module doc)
FRAME_LIMIT_MS = 100.0  # frames slower than this are listed in the printed summary
MAX_SIZE = (2560, 1440)
DT = 0.05
BOT_LEVELS = ("random", "easy", "medium")  # fast ones: they think inline, within the frame
KEYS = [
    pygame.K_a,
    pygame.K_m,
    pygame.K_r,
    pygame.K_s,
    pygame.K_z,
    pygame.K_u,
    pygame.K_h,
    pygame.K_d,
    pygame.K_p,
    pygame.K_1,
    pygame.K_5,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_ESCAPE,
    pygame.K_F11,
    pygame.K_F1,
    pygame.K_LSHIFT,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
]
TEXT = "abcxyzÅäöЖя♠ 0123456789./\\:*?<>|\"'"


def open_screen(app: App, k: int) -> str:
    """Over the table: one of the other screens, in turn."""
    session = app.session
    screens: list[tuple[str, Callable[[], Any]]] = [
        ("table", lambda: None),
        ("settings", lambda: app.push(SettingsScene(app))),
        ("rules", lambda: app.push(RulesScene(app))),
        ("new game", lambda: app.push(NewGameScene(app))),
        ("load", lambda: app.push(LoadScene(app))),
        ("statistics", lambda: app.push(StatisticsScene(app))),
        (
            "save as",
            lambda: app.push(SaveAsScene(app, session)) if isinstance(session, Session) else None,
        ),
        ("main menu", lambda: app.pop_to(MainMenu)),
    ]
    name, show = screens[k % len(screens)]
    show()
    return name


def start_segment(app: App, rng: random.Random, k: int) -> str:
    info = catalog.presets()[k % len(catalog.presets())]
    players = rng.randint(info.min_players, info.max_players)
    humans = 2 if k % 5 == 3 else 1  # now and then a hot seat
    demo = k % 9 == 4
    seats = [
        SeatConfig("You" if i == 0 else f"P{i}", "human" if i < humans else rng.choice(BOT_LEVELS))
        for i in range(players)
    ]
    app.settings.animation = rng.choice(["off", "fast", "normal"])
    app.rooms.start_table(info.id, seats, {}, seed=rng.randrange(1 << 20), demo=demo)
    screen = open_screen(app, k // len(catalog.presets()) + k)
    return (
        f"{info.id}, {players} players, {humans} human{'s' if humans > 1 else ''}"
        f"{', demo' if demo else ''}, {screen}"
    )


def clickable(app: App) -> list[pygame.Rect]:
    """What can be aimed at on the screen at hand (duck-typed: screens change)."""
    top = app.stack.top
    rects: list[pygame.Rect] = []
    for name in ("widgets", "buttons", "prompt_buttons", "slot_buttons"):
        for w in getattr(top, name, None) or []:
            rect = getattr(w, "rect", None)
            if isinstance(rect, pygame.Rect) and getattr(w, "visible", True):
                rects.append(rect)
    field_rect = getattr(getattr(top, "field", None), "rect", None)
    if isinstance(field_rect, pygame.Rect):
        rects.append(field_rect)
    if isinstance(top, TableScene):
        geo = top.geometry()
        for zone in geo.zones.values():
            rects.extend(r for _, r in zone)
        lt = geo.layout
        seats = lt.seats.values() if isinstance(lt.seats, dict) else lt.seats
        rects.extend([lt.hand, lt.discard] + [s.melds for s in seats])
        rects.extend(geo.meld_area(meld.id) for meld in game_of(top).melds)
    return rects


@cache
def _pack(decks: int, jokers: int) -> dict[Any, int]:
    return dict(Counter(make_pack(decks, jokers)))


def pack_of(game: Any) -> dict[Any, int]:
    """How many of each card the game's pack holds: a plain dict, so that
    comparing a Counter with it is dict's own comparison (Counter's is a
    Python loop; the monkey compares after every frame)."""
    n = game.players
    return _pack(game.rules.decks(n), game.rules.joker_count(n))


class Monkey:
    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.cpu_ms: list[float] = []
        self.wall_ms: list[float] = []
        self.slowest: list[tuple[float, float, str]] = []  # (cpu, wall, event)
        self.history: deque[str] = deque(maxlen=12)
        self.kinds: Counter[str] = Counter()
        self.screens: Counter[str] = Counter()
        self.presets: set[str] = set()
        self.event = ""

    # --- frames and checks ------------------------------------------------
    def frame(self) -> None:
        cpu0, wall0, bot0, gc0 = time.thread_time(), time.perf_counter(), BOT_CPU[0], GC_SECONDS[0]
        self.app.tick(DT)
        bot = (BOT_CPU[0] - bot0) * 1000  # in the program the bots think in another process
        cpu = (time.thread_time() - cpu0) * 1000 - bot
        wall = (time.perf_counter() - wall0) * 1000 - bot
        self.cpu_ms.append(cpu)
        self.wall_ms.append(wall)
        if cpu > FRAME_LIMIT_MS or wall > FRAME_LIMIT_MS:
            gc_ms = (GC_SECONDS[0] - gc0) * 1000  # a full collection of the whole test process
            self.slowest.append((round(cpu, 1), round(wall, 1), f"{self.event}, gc {gc_ms:.0f} ms"))
        self.check()

    def check(self) -> None:
        app = self.app
        assert app.stack.scenes, "the scene stack went empty"
        top = app.stack.top
        self.screens[type(top).__name__] += 1
        sessions = {
            id(s): s for s in (app.session, getattr(top, "session", None)) if isinstance(s, Session)
        }
        for s in app.stack.scenes:
            if isinstance(s, TableScene) and isinstance(s.session, Session):
                sessions[id(s.session)] = s.session
        for session in sessions.values():
            g = session.game
            self.presets.add(session.preset)
            assert self.whole(session) == Counter(g.all_cards()), (
                "the engine's cards are not all in one place"
            )
        app.running = True  # the Quit button: the monkey stays

    def whole(self, session: Session) -> dict[Any, int]:
        """The cards a session's game holds in all: the pack, or the cards a
        lesson's prepared deal was laid out with (a part of the pack)."""
        if isinstance(session, LessonSession):
            return dict(Counter(session.lesson.game().all_cards()))
        return pack_of(session.game)

    def post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, **attrs))

    # --- gestures -----------------------------------------------------------
    def point(self, aimed: float = 0.5) -> tuple[int, int]:
        w, h = self.app.size
        rng = self.rng
        targets = clickable(self.app) if rng.random() < aimed else []
        if targets:
            r = rng.choice(targets)
            return (
                rng.randint(r.left, max(r.left, r.right - 1)),
                rng.randint(r.top, max(r.top, r.bottom - 1)),
            )
        if rng.random() < 0.05:  # the very edges, and a little beyond (a drag leaving the window)
            return (rng.choice([-5, 0, w - 1, w + 5]), rng.randint(-5, h + 5))
        return (rng.randrange(w), rng.randrange(h))

    def click(self) -> str:
        pos = self.point()
        button = 3 if self.rng.random() < 0.08 else 1
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frame()
        return f"click {pos} button {button}"

    def drag(self) -> str:
        start, end = self.point(0.7), self.point(0.6)
        steps = self.rng.randint(1, 4)
        self.post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frame()
        for k in range(1, steps + 1):
            pos = (
                start[0] + (end[0] - start[0]) * k // steps,
                start[1] + (end[1] - start[1]) * k // steps,
            )
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.frame()
        if self.rng.random() < 0.05:
            self.post(pygame.WINDOWFOCUSLOST)  # the button comes up in another window
            self.frame()
            return f"drag {start} -> {end} in {steps}, focus lost before the release"
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frame()
        return f"drag {start} -> {end} in {steps}"

    def key(self) -> str:
        key = self.rng.choice(KEYS)
        char = self.rng.choice(TEXT) if self.rng.random() < 0.5 else ""
        if key == pygame.K_F11 and self.rng.random() < 0.7:
            key = pygame.K_a  # fullscreen flips are costly with the dummy driver: fewer of them
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frame()
        return f"key {pygame.key.name(key)!r} text {char!r}"

    def wheel(self) -> str:
        dy = self.rng.choice([-3, -1, 1, 2, 5])
        self.post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))
        self.frame()
        return f"wheel {dy}"

    def resize(self) -> str:
        rng = self.rng
        if rng.random() < 0.15:
            size = (
                rng.randint(200, MIN_SIZE[0]),
                rng.randint(150, MIN_SIZE[1]),
            )  # below the minimum
        else:
            size = (rng.randint(MIN_SIZE[0], MAX_SIZE[0]), rng.randint(MIN_SIZE[1], MAX_SIZE[1]))
        self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.frame()
        return f"resize {size}"

    def focus(self) -> str:
        kind = self.rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE, pygame.WINDOWMINIMIZED])
        self.post(kind)
        self.frame()
        self.frame()
        self.post(pygame.WINDOWFOCUSGAINED)
        self.frame()
        return f"focus lost ({pygame.event.event_name(kind)}) and back"

    def legal_move(self) -> str:
        """A legal move for the seat at the table, so that games get somewhere."""
        top = self.app.stack.top
        if not isinstance(top, TableScene) or top.session.demo or top.motion.flights:
            self.frame()
            return "wait"
        legal = top.session.legal(top.viewer)
        if not legal:
            self.frame()
            return "wait (no move of ours)"
        if (
            len(legal) > 1 and self.rng.random() < 0.3
        ):  # the chooser the table shows for ambiguous drops
            options = self.rng.sample(legal, min(len(legal), self.rng.randint(2, 5)))
            top.play_one_of(options, "Which do you mean?")
            self.frame()
            return f"chooser of {[str(m) for m in options]!r}"
        move = self.rng.choice(legal)
        top.play(move)
        self.frame()
        return f"play {str(move)!r}"

    def idle(self) -> str:
        for _ in range(self.rng.randint(1, 6)):
            self.frame()
        return "idle"

    def step(self) -> None:
        r = self.rng.random()
        gestures: list[tuple[float, Callable[[], str]]] = [
            (0.36, self.click),
            (0.20, self.drag),
            (0.12, self.key),
            (0.06, self.wheel),
            (0.03, self.resize),
            (0.03, self.focus),
            (0.05, self.legal_move),
            (1.0, self.idle),
        ]
        gesture = gestures[-1][1]
        for share, candidate in gestures:
            if r < share:
                gesture = candidate
                break
            r -= share
        self.kinds[gesture.__name__] += 1
        self.event = f"{gesture.__name__} on {type(self.app.stack.top).__name__}"
        self.history.append(gesture() + f" [{type(self.app.stack.top).__name__}]")


BOT_CPU = [0.0]  # seconds of thread CPU time the bots have spent deciding
GC_SECONDS = [0.0]  # wall time in the garbage collector
_gc_started = [0.0]


GC_FULL: list[float] = []  # the pauses of the full (generation 2) collections, in ms


def _gc_timer(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    else:
        pause = time.perf_counter() - _gc_started[0]
        GC_SECONDS[0] += pause
        if info.get("generation") == 2:
            GC_FULL.append(pause * 1000)


gc.callbacks.append(_gc_timer)


def _timed(method: Callable[..., Any], *args: Any) -> Any:
    start = time.thread_time()
    try:
        return method(*args)
    finally:
        BOT_CPU[0] += time.thread_time() - start


@pytest.fixture
def inline_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every session of the run (the monkey starts new ones by clicking) thinks
    inline: the run is then the same for the same seed, so a failure names an
    event that replays exactly."""
    init = Session.__init__

    def inline(self: Session, *args: Any, **kwargs: Any) -> None:
        kwargs["threaded"] = False
        init(self, *args, **kwargs)
        for bot in self.bots.values():
            for name in ("choose", "choose_text"):
                method = getattr(bot, name, None)
                if method is not None:
                    setattr(bot, name, partial(_timed, method))

    monkeypatch.setattr(Session, "__init__", inline)


@pytest.mark.long
@pytest.mark.usefixtures("inline_bots")
@pytest.mark.parametrize("part", range(PARTS))
def test_monkey(
    part: int,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # This part's share of the run: global event numbers first..last-1, so the
    # segments (and with them the presets and screens) go on from the part before.
    first, last = part * EVENTS // PARTS, (part + 1) * EVENTS // PARTS
    seed = SEED + part
    # The same run for the same seed, whatever ran before in this process: games
    # started by clicks (New game) draw their seeds from `random`, and Load and
    # Continue list what is in the data folder.
    random.seed(seed)
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    app = App((1280, 800), Settings(animation="fast", mute=False, volume=0.5))
    app.audio.prepare_all()  # the sounds are made once, before the clock starts
    app.push(MainMenu(app))
    # As the program does once started: what exists now is frozen out of the
    # collector's sight. Here that includes whatever the tests before this one
    # left (the bots' caches of tests/bots: full collections of up to 186 ms
    # inside the frames, measured), which the program's process never holds.
    settle_heap()
    monkey = Monkey(app, seed)
    segments: list[str] = []
    started_presets: set[str] = set()
    gc_before, full_before = GC_SECONDS[0], len(GC_FULL)
    started = time.perf_counter()
    try:
        for n in range(first, last):
            if n == first or n % SEGMENT == 0:
                k = n // SEGMENT
                started_presets.add(catalog.presets()[k % len(catalog.presets())].id)
                segments.append(start_segment(app, monkey.rng, k))
                monkey.history.append(f"new segment {k}: {segments[-1]}")
                monkey.frame()
            try:
                monkey.step()
            except Exception as e:
                trail = "\n  ".join(monkey.history)
                raise AssertionError(
                    f"seed {seed} (part {part}), event {n} ({monkey.event}) raised "
                    f"{type(e).__name__}: {e}\n"
                    f"segment: {segments[-1]}\nlast events:\n  {trail}\n{traceback.format_exc()}"
                ) from e
    finally:
        close = getattr(app.session, "close", None)
        if close is not None:
            close()
        pygame.display.quit()
        gc.unfreeze()
        i18n.set_language("en")  # the monkey may have picked another language in the settings
    seconds = time.perf_counter() - started
    full = GC_FULL[full_before:]
    gc_line = (
        f"gc {(GC_SECONDS[0] - gc_before) * 1000:.0f} ms in all, {len(full)} full collections"
        f"{f', longest {max(full):.0f} ms' if full else ''}"
    )
    frames = len(monkey.cpu_ms)
    over_cpu = [s for s in monkey.slowest if s[0] > FRAME_LIMIT_MS]
    over_wall = [s for s in monkey.slowest if s[1] > FRAME_LIMIT_MS]
    with capsys.disabled():
        print(
            f"\nmonkey part {part} of {PARTS}: seed {seed}, events {first} to {last - 1}, "
            f"{frames} frames in {seconds:.0f} s; "
            f"CPU ms p50 {sorted(monkey.cpu_ms)[frames // 2]:.1f}, max {max(monkey.cpu_ms):.1f}; "
            f"wall ms max {max(monkey.wall_ms):.1f}; "
            f"over {FRAME_LIMIT_MS:.0f} ms: {len(over_cpu)} frames of CPU, "
            f"{len(over_wall)} of wall time; "
            f"gestures {dict(monkey.kinds)}; screens {sorted(monkey.screens)}; "
            f"presets {sorted(monkey.presets)}; {gc_line}; "
            f"slowest (cpu, wall, event) {sorted(monkey.slowest)[-5:]}"
        )
    # Every preset this part started a table of was played (all seven when the
    # part has seven segments or more).
    assert monkey.presets >= started_presets, f"part {part}: {sorted(monkey.presets)}"
    if last - first >= SEGMENT * 8:
        assert {"MainMenu", "TableScene", "SettingsScene", "RulesScene", "NewGameScene"} <= set(
            monkey.screens
        ), f"part {part}: {sorted(monkey.screens)}"
