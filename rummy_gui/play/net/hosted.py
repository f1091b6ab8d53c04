"""The host's own table: a local session whose remote seats' moves come from
the network (hosting.py).

Local seats play as in any local game (hot seat for the people, the bots
thinking as always). A remote seat is no human here (its hand is never
shown on this screen, no hand-over asks for it) and no bot: its moves
arrive through `poll_bot` like a bot's, checked by the engine first, so a
refused one goes back to its player with the reason and the game never
stops. Once the host's grace time is up for a dropped player (or from the
start, for a remote seat nobody took), the stand-in bot plays the seat
until its player comes back. After every change the game's copy goes to
the host (`Hosting.publish`), and the autosave carries the table's code and
the seats' token hashes so that Continue hosts the same table again.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator, Mapping
from typing import Any

from rummy_gui.engine import Game, IllegalMove, Move
from rummy_gui.i18n import _
from rummy_gui.levels import LEVELS
from rummy_gui.play import saves
from rummy_gui.play.net.discovery import Advert, advertise
from rummy_gui.play.net.hosting import EMPTY, STANDIN, Hosting
from rummy_gui.play.session import REMOTE, SEED_SPACE, SeatBots, SeatConfig, Session
from rummy_gui.play.thinking import Bot, Thinking
from rummy_gui.safetext import clean, problem

HOSTING_KEY = "hosting"  # the autosave's table state of a hosted game
_HASH = re.compile(r"[0-9a-f]{64}")  # a token's SHA-256, as tables.token_hash writes it
MAX_TABLE_NAME = 80  # characters of the table's name on the local network


class _Bots(Mapping[int, Bot]):
    """The session's bots, with a remote seat's stand-in there only while it plays."""

    def __init__(self, session: HostedSession, bots: SeatBots) -> None:
        self._session = session
        self._bots = bots

    def __getitem__(self, seat: int) -> Bot:
        return self._bots[seat]

    def __contains__(self, seat: object) -> bool:
        if not isinstance(seat, int) or seat not in self._bots:
            return False
        s = self._session
        return not s.remote(seat) or s.hosting.bot_plays(seat)

    def __iter__(self) -> Iterator[int]:
        return iter(self._bots)

    def __len__(self) -> int:
        return len(self._bots)


class HostedSession(Session):
    """A local session with seats for players on other computers (see the module)."""

    def __init__(
        self, preset: str, seats: list[SeatConfig], options: dict[str, Any], hosting: Hosting,
        **kw: Any,
    ) -> None:  # fmt: skip
        self.hosting = hosting
        self._remote = [cfg.kind == REMOTE for cfg in seats]
        super().__init__(preset, seats, options, **kw)
        bots = self.thinking.bots
        assert isinstance(bots, SeatBots)
        self.thinking = Thinking(self, _Bots(self, bots), self.threaded, self.bot_process)
        self._published = -1
        self.advert: Advert | None = None
        self.table_name = ""  # the name the local network knows the table by (the autosave's)
        self._advertised = hosting.open_seats()  # the free seats last told (and advertised)

    def advertise(self, name: str) -> None:
        """Be found on the local network under `name` while hosting (see `advert_error`)."""
        if self.advert is None:
            self.table_name = name
            self.advert = advertise(name, self.hosting.port, self.preset, self._advertised)

    @property
    def advert_error(self) -> str | None:
        return None if self.advert is None else self.advert.error

    def seat_status(self, seat: int) -> str | None:
        """A remote seat's state (hosting.EMPTY, CONNECTED, AWAY or STANDIN, the
        last also for a free seat a bot plays); None for a local seat."""
        if not self._remote[seat]:
            return None
        status = self.hosting.status(seat)
        return STANDIN if status == EMPTY and self.hosting.bot_plays(seat) else status

    def seat_kept(self, seat: int) -> float | None:
        """Seconds left of the grace time of a remote seat's player who is away."""
        return self.hosting.kept(seat) if self._remote[seat] else None

    def remote(self, seat: int) -> bool:
        return self._remote[seat]

    def level(self, seat: int) -> str:
        return self.hosting.standin if self._remote[seat] else super().level(seat)

    def name(self, seat: int) -> str:
        if self._remote[seat] and self.hosting.table.seats[seat].joined:
            return clean(self.hosting.name(seat), saves.MAX_NAME)
        return self.seats[seat].name

    # --- the network's moves ----------------------------------------------------
    def poll_bot(self) -> tuple[int, Move] | None:
        """A remote player's move the rules allow (refused ones go back), else a bot's."""
        self.sync()
        for remote in self.hosting.moves():
            seat = remote.seat
            if not self._remote[seat] or self.hosting.bot_plays(seat):
                self.hosting.refuse(seat, remote.text, "it is not your seat's move now")
                continue
            try:
                self.game.copy(history=False).play(remote.move)
            except IllegalMove as e:
                self.hosting.refuse(seat, remote.text, e)
                continue
            return seat, remote.move
        return super().poll_bot()

    def bot_thinking(self) -> bool:
        """Also while a remote player is to move: the table keeps polling for it."""
        waiting = any(self._remote[s] and not self.hosting.bot_plays(s) for s in self.to_act)
        return super().bot_thinking() or (waiting and not self.finished)

    def sync(self) -> None:
        """Send the game to the host if it changed since last sent (every frame is cheap)."""
        if self._published != self.version:
            self._published = self.version
            mover = self.last_move.seat if self.last_move is not None else None
            self.hosting.publish(self.game, mover)
        open_seats = self.hosting.open_seats()
        if open_seats != self._advertised:  # someone took a seat: their token is kept too
            self._advertised = open_seats
            for seat, cfg in enumerate(self.seats):  # their name, and so their badge's letter
                cfg.name = self.name(seat)
            if self.advert is not None:
                self.advert.update(open_seats)
            if self.hosting.begun:
                self.autosave()

    def play(self, seat: int, move: Move) -> None:
        super().play(seat, move)
        self.sync()

    def undo(self) -> Move:
        move = super().undo()
        self.sync()
        return move

    def redo(self) -> Move:
        move = super().redo()
        self.sync()
        return move

    # --- keeping the game -------------------------------------------------------
    def _saved_seats(self) -> list[SeatConfig]:
        return [
            SeatConfig(self.name(s) or "?", saves.HUMAN if self._remote[s] else c.kind, c.colour)
            for s, c in enumerate(self.seats)
        ]

    def table_state(self) -> dict[str, Any]:
        h = self.hosting
        return {
            HOSTING_KEY: {
                "code": h.code,
                "port": h.port,
                "remote": list(self._remote),
                "tokens": h.tokens(),
                "grace": h.grace,
                "standin": h.standin,
                "name": clean(self.table_name, MAX_TABLE_NAME),
                "names": [clean(h.name(s), saves.MAX_NAME) for s in range(len(self.seats))],
            }
        }

    def autosave(self) -> None:
        if not self.autosave_enabled or self.demo or self.game.game_over:
            super().autosave()
            return
        try:
            doc = saves.document(self.game, self._saved_seats(), self.table_state())
        except saves.SaveError as e:
            self._saving_failed(e)
            return
        self._saver.submit(self._quietly, saves.write_autosave, doc)

    def save_as(self, path: Any) -> None:
        saves.write(path, self.game, self._saved_seats())

    def close(self) -> None:
        if self.advert is not None:
            self.advert.close()
        self.hosting.close()
        super().close()


def host_game(
    preset: str,
    seats: list[SeatConfig],
    options: dict[str, Any],
    *,
    port: int = 0,
    bind: str | None = "0.0.0.0",
    shown_names: list[str] | None = None,
    **kw: Any,
) -> HostedSession:
    """A new game hosted from this window (OSError: the port can't be listened on).
    `shown_names`: the seats' names as the other computers see them (default:
    the seats' own; a name like "You" is for this screen only)."""

    seed = secrets.randbelow(SEED_SPACE)
    game = Game.new(preset, players=len(seats), seed=seed, options=options or None)
    for n, cfg in enumerate(seats):  # a seat nobody took yet is named by its number
        if not cfg.name.strip():
            cfg.name = _("Player {n}").format(n=n + 1)
    names = list(shown_names) if shown_names else [cfg.name for cfg in seats]
    hosting = Hosting(game, names, [cfg.kind for cfg in seats], port=port, bind=bind, seed=seed)
    try:
        return HostedSession(preset, seats, options, hosting, seed=seed, game=game, **kw)
    except BaseException:
        hosting.close()
        raise


def _hosting_facts(table: Mapping[str, Any], players: int) -> dict[str, Any] | None:
    """The autosave's hosting facts if each is what this module writes (a file is a stranger)."""
    h = table.get(HOSTING_KEY)
    if not isinstance(h, dict):
        return None
    code, port, remote, tokens = h.get("code"), h.get("port"), h.get("remote"), h.get("tokens")
    grace, standin, name = h.get("grace"), h.get("standin"), h.get("name", "")
    names = h.get("names", [])
    ok = (
        isinstance(code, str)
        and re.fullmatch(r"[A-Z0-9]{4,16}", code) is not None
        and isinstance(port, int)
        and not isinstance(port, bool)
        and 0 <= port <= 65535
        and isinstance(remote, list)
        and len(remote) == players
        and all(isinstance(r, bool) for r in remote)
        and isinstance(tokens, list)
        and len(tokens) == players
        and all(
            t is None or (isinstance(t, str) and re.fullmatch(r"[0-9a-f]{64}", t)) for t in tokens
        )
        and isinstance(grace, int | float)
        and not isinstance(grace, bool)
        and 0 <= grace <= 24 * 3600
        and standin in LEVELS
        and problem(name, MAX_TABLE_NAME) is None
        and isinstance(names, list)
        and len(names) in (0, players)
        and all(problem(n, saves.MAX_NAME) is None for n in names)
    )
    return h if ok else None


def resume_hosted(saved: saves.SavedGame) -> HostedSession | None:
    """The autosave's hosted game, hosted again on its port (or a free one if
    that is taken, told in the notices) and advertised on the local network
    again under its name; None when the save is no hosted game. OSError when
    no port at all can be listened on."""
    game = saved.game
    facts = _hosting_facts(saved.table, game.players)
    if facts is None:
        return None
    seats = [
        SeatConfig(s.name, REMOTE if facts["remote"][i] else s.kind, s.colour)
        for i, s in enumerate(saved.seats)
    ]
    names = facts.get("names") or [cfg.name for cfg in seats]  # as the others see them
    kinds = [cfg.kind for cfg in seats]
    rules = {
        "code": facts["code"], "tokens": facts["tokens"], "grace": float(facts["grace"]),
        "standin": facts["standin"], "seed": 0,
    }  # fmt: skip
    notices = []
    try:
        hosting = Hosting(game, names, kinds, port=facts["port"], **rules)
    except OSError:
        hosting = Hosting(game, names, kinds, port=0, **rules)
        notices.append(
            _("Port {old} is taken now: the table is hosted on port {new}.").format(
                old=facts["port"], new=hosting.port
            )
        )
    hosting.begin()
    try:
        session = HostedSession(
            game.preset, seats, dict(game.rules.options()), hosting, game=game,
            autosave_enabled=True,
        )  # fmt: skip
    except BaseException:
        hosting.close()
        raise
    session.notices.extend(notices)
    session.advertise(facts.get("name") or _computer_name())
    return session


def _computer_name() -> str:
    """A table's name for the local network when its autosave has none: this computer's."""
    import socket

    return clean(socket.gethostname().split(".")[0], 24) or "rummy-gui"
