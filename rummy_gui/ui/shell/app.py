"""The program: window, main loop, scene stack, and the command line.

`run(argv)` is what `rummy-gui` calls. `App` can also be built headless (the
dummy video driver) by tests, which feed it intents or posted events and call
`tick` to advance frames.

The main loop rests when nothing moves: before each frame `rest` asks the
scenes how long they can wait (`Scene.frame_wait`) and sleeps until input
comes or that time is up, so a table waiting for the player costs almost
nothing; while something moves it draws at 60 frames a second.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import math
import os
import signal
import sys
import time
import warnings
from collections.abc import Sequence
from typing import Any

import pygame

from rummy_gui import i18n
from rummy_gui.i18n import _
from rummy_gui.play import openguard, opening
from rummy_gui.play.session import Session
from rummy_gui.play.settings import Settings
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.art.cache import ArtCache
from rummy_gui.ui.art.sound import Audio
from rummy_gui.ui.shell.cli import parse as _parse
from rummy_gui.ui.shell.crash import report_crash
from rummy_gui.ui.shell.heap import bound_heap, settle_heap, trim_heap
from rummy_gui.ui.shell.intents import Intent, Quit, Resize, ToggleFullscreen, translate
from rummy_gui.ui.shell.rooms import SceneRooms
from rummy_gui.ui.shell.scene import Rooms, Scene, SceneStack
from rummy_gui.ui.widgets import uiscale

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
HEADLESS_SCREEN = (3840, 2160)  # the "screen" of the dummy driver (it reports 1024x768)
FPS = 60
# The longest sleep, even when every scene waits for input: news that no event
# brings (a background save that failed) is shown within this time.
REST_CAP = 1.0
REST_STEP = 0.01  # while resting, how often input is looked for
HEAP_TRIM_EVERY = 30.0  # seconds between giving the heap's free pages back (trim_heap)
# A full collection walks every live object, so scenes that come and go
# quickly (a dialog, a menu and back) share one instead of paying one each.
COLLECT_GAP = 2.0


def prefer_native_framebuffer() -> None:
    """On X11, SDL may put the window's pixels through an OpenGL texture, which
    with a software OpenGL (llvmpipe, Xvfb, remote desktops) costs 30-50 ms a
    frame at 1920x1080 whatever the size of the change; the X11 shared-memory
    framebuffer costs about 1 ms. Every pixel is drawn by the CPU anyway, so the
    native framebuffer is chosen unless the player's environment says otherwise."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def screen_bounds() -> tuple[int, int]:
    """The largest window that fits: the largest desktop (a window may be
    dragged to it), or a 4K screen when rendering off-screen."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return HEADLESS_SCREEN
    sizes = [s for s in pygame.display.get_desktop_sizes() if s[0] > 0 and s[1] > 0]
    if not sizes:
        return HEADLESS_SCREEN
    return max(w for w, _h in sizes), max(h for _w, h in sizes)


def fit_window(size: tuple[int, int], bounds: tuple[int, int]) -> tuple[int, int]:
    """A window size between the minimum and the screen (a screen smaller than
    the minimum wins: the window never outgrows the screen)."""
    return (
        max(min(MIN_SIZE[0], bounds[0]), min(size[0], bounds[0])),
        max(min(MIN_SIZE[1], bounds[1]), min(size[1], bounds[1])),
    )


class App:
    def __init__(
        self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None
    ) -> None:
        # Only what the first frame needs: the mixer starts later, with the first sound.
        prefer_native_framebuffer()
        bound_heap()
        pygame.display.init()
        pygame.font.init()
        self.settings = settings or Settings()
        self.retitle()
        i18n.on_change(self.retitle)
        self.bounds = screen_bounds()
        self.windowed_size = fit_window(size, self.bounds)
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        uiscale.update(self.size, self.settings.text_factor)
        self._fullscreen = False  # the window's state (settings.fullscreen: the wish)
        self._windowed_at: tuple[int, int] | None = None  # where the window was before fullscreen
        self.stack = SceneStack()
        self.art = ArtCache()
        self._audio: Audio | None = None
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0
        self.session: TableSession | None = None  # the game in progress, for "Continue"
        self.frame_times: list[float] = []
        self._slept = 0.0  # seconds rested since the last frame
        self._trimmed = time.perf_counter()  # when release_memory last ran
        self._collect_due = False  # a scene has left the stack since
        self._collected = -math.inf  # when a scene's leaving was last collected
        self._wait_after_frame = 0.0  # the scenes' wait as the last frame left them
        self._sounds_after_frame: list[tuple[int, str]] = []  # (frames shown when asked, sound)
        self.persist_settings = False  # run() turns this on; tests keep settings in memory
        self.rooms: Rooms = SceneRooms(self)  # the screens scenes open without importing them

    # --- services --------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def audio(self) -> Audio:
        # Made on first use, after the menu is on screen: synthesis takes ~80 ms.
        if self._audio is None:
            self._audio = Audio()
        self._audio.volume = self.settings.effective_volume
        return self._audio

    def play_sound(self, name: str) -> None:
        """Play a sound; before the mixer has started, once the frame is on screen
        (starting it and making the sound would delay that frame)."""
        if self.settings.effective_volume > 0:
            if self._audio is None:
                self._sounds_after_frame.append((self.frame, name))
            else:
                self.audio.play(name)

    def _set_minimum_size(self) -> None:
        # pygame-ce 2.5 marks from_display_module deprecated, yet it is the only way to
        # give a set_mode window a minimum size; resize() clamps as a fallback.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            # older pygame-ce or no real window: no minimum size
            with contextlib.suppress(AttributeError, pygame.error):
                pygame.Window.from_display_module().minimum_size = MIN_SIZE

    def retitle(self, _lang: str = "") -> None:
        """The window's title: the game's name in the player's language."""
        pygame.display.set_caption(_("Rummy"))

    def _window_position(self) -> tuple[int, int] | None:
        try:
            x, y = pygame.display.get_window_position()
            return (x, y)
        except (AttributeError, pygame.error):  # older pygame-ce or no real window
            return None

    def _move_window(self, where: tuple[int, int] | None) -> None:
        if where is None or where == self._window_position():
            return
        with contextlib.suppress(AttributeError, pygame.error):
            pygame.display.set_window_position(where)

    # --- scenes ----------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene, self.size)

    def pop(self) -> Scene | None:
        self._collect_due = True
        return self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self._collect_due = True
        self.stack.replace(scene, self.size)

    def pop_to(self, cls: type) -> None:
        """Pop scenes until one of the given class is on top."""
        while self.stack.top is not None and not isinstance(self.stack.top, cls):
            self.pop()

    # --- window ----------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if self._fullscreen:
            # the desktop's size, reported on entering fullscreen, is not the
            # window's: the window comes back at the size it had
            self.screen = pygame.display.get_surface() or self.screen
        else:
            size = fit_window(size, self.bounds)
            if size != self.screen.get_size():
                where = self._window_position()
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
                # set_mode forgets the window's minimum size (the window manager would let
                # it shrink again) and may place the window anew: both are put back.
                self._set_minimum_size()
                self._move_window(where)
            self.windowed_size = size
        self.relayout()

    def relayout(self) -> None:
        """Every scene laid out again for the window's size and the UI scale (a
        resize, fullscreen, the text-size setting)."""
        uiscale.update(self.size, self.settings.text_factor)
        for scene in self.stack.scenes:
            scene.layout(self.screen.get_size())

    def set_fullscreen(self, on: bool) -> None:
        """Desktop fullscreen (the screen's own mode, no mode change), and back to
        the window's size and place before it. The window is moved to the
        screen's corner first: without a window manager nobody else moves it,
        and a desktop-sized window would lie partly off the screen."""
        self.settings.fullscreen = on
        if on == self._fullscreen:
            return
        self._fullscreen = on
        if on:
            self._windowed_at = self._window_position()
            self._move_window((0, 0))
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self._leave_fullscreen()
        self.relayout()

    def _leave_fullscreen(self) -> None:
        """Back to the window's size and place. SDL keeps the window it had and,
        with no window manager, leaves it at the desktop's size on the first
        set_mode (with a RuntimeWarning that the OS resized it): a second one
        sizes it, and the size reports of the first are dropped, or the window
        would be laid out at the desktop's size again."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            if self.screen.get_size() != self.windowed_size:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.event.pump()
        pygame.event.clear((pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED))
        self._set_minimum_size()
        self._move_window(self._windowed_at)

    # --- the frame -------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        if isinstance(intent, Quit):
            self.running = False
        elif isinstance(intent, ToggleFullscreen):
            self.set_fullscreen(not self.settings.fullscreen)
        elif isinstance(intent, Resize):
            self.resize(intent.size)
        elif self.stack.top is not None:
            self.stack.top.handle(intent)

    def frame_wait(self) -> float:
        """Seconds until a scene on screen needs a frame if no input comes (0: now).
        Scenes hidden under an opaque one are not asked: nothing of theirs shows."""
        return min((scene.frame_wait() for scene in self.stack.visible()), default=0.0)

    def rest(self) -> float:
        """Before a frame: sleep until an event comes or the scenes' next deadline
        (at most REST_CAP); the seconds slept. No sleep while something moves."""
        # Asked after the last frame's update (a bot's move played there needs a
        # frame to be reacted to) and again now (a change made since, by a caller).
        wait = min(self._wait_after_frame, self.frame_wait(), REST_CAP)
        if wait * 1000 < 1:
            return 0.0
        started = time.perf_counter()
        end = started + wait
        # pygame's event.wait looks for events every millisecond (2 % of a core);
        # every REST_STEP is as quick to the eye and costs a third of that.
        while not pygame.event.peek():
            left = end - time.perf_counter()
            if left <= 0:
                break
            time.sleep(min(REST_STEP, left))
        slept = time.perf_counter() - started
        self._slept += slept
        return slept

    def tick(self, dt: float | None = None) -> None:
        """One frame: events, update, draw. `dt` fixed by tests, else measured."""
        started = time.perf_counter()
        if self._sounds_after_frame and self._sounds_after_frame[0][0] < self.frame:
            # a frame has been shown since they were asked for: start the mixer now
            names, self._sounds_after_frame = self._sounds_after_frame, []
            for _frame, name in names:
                self.audio.play(name)
        events = pygame.event.get()
        exposed = any(e.type == pygame.WINDOWEXPOSED for e in events)
        intents = [i for i in (translate(e) for e in events) if i is not None]
        # Dragging a window's edge sends a burst of sizes (and SDL reports each one
        # up to three times): only the last is laid out.
        last_resize = max((k for k, i in enumerate(intents) if isinstance(i, Resize)), default=-1)
        for k, intent in enumerate(intents):
            if not isinstance(intent, Resize) or k == last_resize:
                self.dispatch(intent)
        if dt is None:
            # A long frame counts as 0.1 s (an animation does not jump), but a rest
            # counts in full: timers that the scenes slept through run out on time.
            elapsed = self.clock.tick(FPS) / 1000.0
            dt = min(0.1, max(0.0, elapsed - self._slept)) + self._slept
        self._slept = 0.0
        for scene in list(self.stack.scenes):
            scene.update(dt)
        self._wait_after_frame = self.frame_wait()
        self.draw()
        visible = self.stack.visible()
        rects = visible[0].dirty_rects if len(visible) == 1 and not exposed else None
        if rects is None:
            pygame.display.flip()
        elif rects:  # only the parts that changed go to the screen
            pygame.display.update(rects)
        if not opening.pending():  # the frames of an opening's overlay do not show the game
            openguard.frame_drawn()  # a game being opened has been drawn: its crash guard goes
        self.frame += 1
        if (
            self._collect_due and started - self._collected >= COLLECT_GAP
        ) or started - self._trimmed > HEAP_TRIM_EVERY:
            self.release_memory(started)
        self.frame_times.append(time.perf_counter() - started)
        if len(self.frame_times) > 2000:
            del self.frame_times[:1000]
        if not self.stack.scenes:
            self.running = False

    def release_memory(self, now: float) -> None:
        """After a scene has gone (at most once in COLLECT_GAP seconds), or every
        HEAP_TRIM_EVERY seconds: a full collection, then the heap's free pages
        back to the system. A table that has gone is a cycle of objects holding
        window-sized surfaces (8 MB each at 1920x1080) that only a full
        collection frees, and those are rare."""
        self._collect_due = False
        self._trimmed = self._collected = now
        gc.collect()
        trim_heap()

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)


def save_screenshot(surface: pygame.Surface, path: str) -> None:
    """The frame as an image file of exactly that name (a name that is not
    UTF-8 too: Python opens it, pygame only writes); its type from the suffix."""
    suffix = os.path.splitext(path)[1]
    with open(path, "wb") as f:
        pygame.image.save(surface, f, suffix if suffix.isascii() and suffix[1:] else ".png")


def run(argv: Sequence[str]) -> int:
    """`rummy-gui`: 0 when the player quits, 2 for a bad command line, 1 after a crash
    (a short message and a crash log; never a traceback on the terminal)."""
    args = _parse(argv)
    interrupted = _CtrlC()
    try:
        return _run(args, interrupted)
    except KeyboardInterrupt:  # Ctrl+C is a quit, not a crash: a game being opened keeps no note
        openguard.closed_cleanly()
        return 130
    except Exception as error:  # noqa: BLE001 (the last word: any crash is reported, not a trace)
        if interrupted.came:  # pygame turns a Ctrl+C inside it into another error: still a quit
            openguard.closed_cleanly()
            return 130
        report_crash(error)
        return 1
    finally:
        interrupted.restore()


class _CtrlC:
    """Notes that Ctrl+C (SIGINT) came, raising KeyboardInterrupt as Python does.
    Also through Python's wakeup pipe, which the signal reaches even when
    pygame's C code swallows the KeyboardInterrupt (or the handler never ran)."""

    def __init__(self) -> None:
        self.seen = False
        self._before: Any = None
        self._pipe: tuple[int, int] | None = None
        self._wakeup = -1
        with contextlib.suppress(ValueError, OSError, AttributeError):  # not the main thread
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                self._before = signal.signal(signal.SIGINT, self._on_sigint)
                r, w = os.pipe()
                self._pipe = (r, w)
                os.set_blocking(r, False)
                os.set_blocking(w, False)
                self._wakeup = signal.set_wakeup_fd(w, warn_on_full_buffer=False)

    def _on_sigint(self, _signum: int, _frame: Any) -> None:
        self.seen = True
        raise KeyboardInterrupt

    @property
    def came(self) -> bool:
        """True if SIGINT came since the program started."""
        if not self.seen and self._pipe is not None:
            with contextlib.suppress(OSError):
                self.seen = bytes([signal.SIGINT]) in os.read(self._pipe[0], 4096)
        return self.seen

    def restore(self) -> None:
        if self._before is not None:
            with contextlib.suppress(ValueError, OSError):
                signal.signal(signal.SIGINT, self._before)
                signal.set_wakeup_fd(self._wakeup)
        if self._pipe is not None:
            for fd in self._pipe:
                with contextlib.suppress(OSError):
                    os.close(fd)


def clean_leftovers() -> None:
    """Temporary files that a killed write left behind (our own names only)."""
    from rummy_gui import paths
    from rummy_gui.play import jsonio

    for folder in (paths.data_dir(), paths.saves_dir(), paths.config_dir()):
        jsonio.clean_stale_temps(folder)


def _run(args: argparse.Namespace, interrupted: _CtrlC) -> int:
    size = args.size or DEFAULT_SIZE
    if args.frames and "SDL_VIDEODRIVER" not in os.environ and not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"  # --frames without a display: render off-screen
    from rummy_gui.play import folderlock, prefs

    shared = not folderlock.claim()  # another copy holds the data folder: this one saves no game
    if not shared:
        clean_leftovers()
    settings, saved_size = prefs.load()
    if saved_size and not args.size:
        size = saved_size
    if args.speed:
        settings.animation = args.speed
    app = App(size, settings)
    if app.windowed_size != (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])):
        print(
            f"rummy-gui: a {size[0]}x{size[1]} window does not fit the screen; it is "
            f"{app.windowed_size[0]}x{app.windowed_size[1]}",
            file=sys.stderr,
        )
    quitting = False
    try:
        app.persist_settings = not args.frames
        from rummy_gui.ui.screens.main_menu import MainMenu

        menu = MainMenu(app)
        app.push(menu)
        if shared:
            from rummy_gui.i18n import _
            from rummy_gui.levels import DEFAULT_LEVEL
            from rummy_gui.play.problems import OTHER_COPY

            menu.notice = _(OTHER_COPY)
            print(f"rummy-gui: {menu.notice}", file=sys.stderr)
        moved = openguard.interrupted_opening()
        if moved is not None:  # the last run stopped while opening this file: not again
            from rummy_gui.play.resume import stopped_opening

            menu.autosave_problem = stopped_opening(moved)
            print(f"rummy-gui: {menu.autosave_problem}", file=sys.stderr)
        from rummy_gui.play.resume import count_finished_autosave

        count_finished_autosave()  # a game whose statistics met a full disk last time
        failed: list[str] = []  # why --continue opened no game
        if args.resume:
            from rummy_gui.play.resume import open_autosave
            from rummy_gui.ui.screens.opening import close_opened, open_in_background
            from rummy_gui.ui.table.scene import TableScene

            def resumed(result: tuple[Session | None, str]) -> None:
                session, problem = result
                if session is None:
                    why = problem or "there is no game in progress to continue"
                    print(f"rummy-gui: {why}", file=sys.stderr)
                    menu.autosave_problem = menu.autosave_problem or problem
                    failed.append(why)
                else:
                    app.session = session
                    app.push(TableScene(app, session))

            open_in_background(app, open_autosave, resumed, close_opened)
            if failed and args.frames:
                return 1
        if args.demo or args.preset is not None:
            from rummy_gui.play.session import SeatConfig
            from rummy_gui.ui.screens import catalog

            preset = args.preset or catalog.default_preset()
            info = catalog.preset(preset)
            players = args.players or info.default_players
            from rummy_gui.i18n import _
            from rummy_gui.levels import DEFAULT_LEVEL
            from rummy_gui.ui.screens.new_game import seat_name

            # a quick start: the names the new-game screen gives; a show: bots by number
            seats = [
                SeatConfig(
                    _("Bot {n}").format(n=i + 1) if args.demo else seat_name(i),
                    "human" if (i == 0 and not args.demo) else DEFAULT_LEVEL,
                )
                for i in range(players)
            ]
            app.rooms.start_table(preset, seats, {}, seed=args.seed, demo=args.demo)
        if args.lesson is not None:
            app.rooms.lesson(args.lesson)  # cli.parse has checked that it has one
        if args.join is not None:  # the join screen, filled in, joins at its first frame
            from rummy_gui.ui.screens.join import JoinScene

            app.push(JoinScene(app, args.join, args.code, args.name, join=True))
        if args.fullscreen or settings.fullscreen:
            app.set_fullscreen(True)
        first_frame_stamp = bool(os.environ.get("RUMMY_GUI_FIRST_FRAME"))
        counted = 0  # frames toward --frames: those of an opening's overlay do not count
        while app.running:
            if interrupted.came:  # a Ctrl+C that pygame's C code swallowed while the window opened
                raise KeyboardInterrupt
            app.rest()
            app.tick()
            if failed and args.frames:
                return 1  # a headless --continue of a game that could not be opened
            if app.frame == 1:
                if first_frame_stamp:
                    print(
                        f"first-frame {time.time()} {time.process_time()} "
                        f"{pygame.display.get_driver()}",
                        flush=True,
                    )  # for lab.bench.perf
                settle_heap()  # after the first frame: the player sees the table sooner
            counted += not opening.pending()
            if args.frames and counted >= args.frames:
                break
        quitting = True  # a quit (or the end of --frames) is not a crash while opening
        openguard.closed_cleanly()
        if args.screenshot is not None:
            try:
                save_screenshot(app.screen, args.screenshot)
            except (pygame.error, OSError) as e:
                print(
                    f"rummy-gui: the screenshot {args.screenshot} could not be saved: {e}",
                    file=sys.stderr,
                )
                return 1
    except KeyboardInterrupt:
        quitting = True
        openguard.closed_cleanly()  # at once: the cleanup below may meet what Ctrl+C cut short
        raise
    finally:
        opening.cancel_all()  # a quit while a game opens: the opening stops now
        if quitting:  # and the note an opening thread wrote meanwhile goes too
            openguard.closed_cleanly()
        if app.session is not None:
            app.session.close()  # stops the bots' process and writes the last autosave
        if not args.frames:  # headless checks leave the player's settings alone
            prefs.save(app.settings, app.windowed_size)
        pygame.quit()
        from rummy_gui.ui.widgets import fonts

        # fonts die with pygame.quit(): a later run (a test's) loads its own
        fonts.font.cache_clear()
        fonts.text_cached.cache_clear()
        gc.unfreeze()  # as it was (tests run the program inside their own process)
        gc.enable()
        folderlock.release()
    return 0
