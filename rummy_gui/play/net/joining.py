"""Joining a host's table from the window, pygame-free: what the player typed
checked (`address_url`, `join_code`, `player_name`), then an `Attempt` that
the join screen polls every frame until it gives a `RemoteSession` or a
`JoinProblem` saying why not in the player's words (a code no table has, a
full table, a host that can't be reached or speaks another version). Nothing
changes on a failure: the client is closed, the screen stays as it was.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from typing import Any

from rummy_gui.i18n import N_, _
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.client import CLOSED, Client
from rummy_gui.play.net.remote_session import RemoteSession
from rummy_gui.play.saves import MAX_NAME
from rummy_gui.safetext import clean, problem

DEFAULT_PORT = 8765
REACH = 8.0  # seconds to reach the host and be welcomed before the screen gives up
_HOST = re.compile(r"[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")

# What the host's refusals of a hello or a create mean, for the player.
REFUSALS = {
    "bad_code": N_("No table on that host has this code. Check the code."),
    "table_full": N_("That table is full: every seat for a player is taken."),
    "host_full": N_("The host has no room for another table or player now."),
    "version": N_(
        "The host runs another version of the game: both computers need the same version."
    ),
    "bad_token": N_("The host no longer knows your seat at that table."),
    "bad_table": N_("The host can't make that table."),
}
UNREACHABLE = N_("Can't reach a host at {address}: check the address, and that the host runs.")
BROKEN = N_("The host at {address} answered with something that is not this game's.")


class JoinProblem(ValueError):
    """Why the table can't be joined, in the player's words."""


def address_url(text: str) -> str:
    """The host's WebSocket address from what was typed: "host", "host:port"
    or "ws://host:port" (JoinProblem for anything else)."""
    t = text.strip()
    for scheme in ("ws://", "wss://"):
        if t.lower().startswith(scheme):
            t = t[len(scheme) :]
            break
    else:
        scheme = "ws://"
    t = t.rstrip("/")
    host, port = t, DEFAULT_PORT
    m = re.fullmatch(r"(.+):([0-9]{1,5})", t)
    if m is not None and not (t.count(":") > 1 and not t.startswith("[")):
        host, port = m.group(1), int(m.group(2))
    if not host or not _HOST.fullmatch(host) or not _labels_fit(host) or not 0 < port < 65536:
        raise JoinProblem(
            _("“{address}” is not a host's address: write it as name:port, such as {example}.")
            .format(address=clean(text, 60), example="192.168.1.20:8765")
        )  # fmt: skip
    return f"{scheme}{host}:{port}"


def _labels_fit(host: str) -> bool:
    """A name's labels are 1 to 63 characters (a name can't be looked up otherwise)."""
    if host.startswith("["):
        return True
    labels = host.removesuffix(".").split(".")
    return all(0 < len(label) <= 63 for label in labels)


def join_code(text: str) -> str:
    """The code as the host writes it (capitals, no spaces); JoinProblem if it cannot be one."""
    code = re.sub(r"[\s-]", "", text).upper()
    if not re.fullmatch(r"[A-Z0-9]{4,16}", code):
        raise JoinProblem(_("A table's code is 4 to 16 letters and digits, such as K7MW3Q."))
    return code


def player_name(text: str) -> str:
    """The name the others will see (JoinProblem if it can't be used)."""
    name = text.strip()
    if not name:
        raise JoinProblem(_("Write the name the others will see."))
    if problem(name, MAX_NAME) is not None:
        raise JoinProblem(_("That name can't be used: keep it short, and to letters and signs."))
    return name


class Attempt:
    """A join (a `code`) or a new table on a club host (`create`, the fields
    of `protocol.create`) under way; `poll` it every frame."""

    def __init__(
        self,
        address: str,
        name: str,
        code: str | None = None,
        create: Mapping[str, Any] | None = None,
        reach: float | None = None,
    ) -> None:
        self.address = address.strip()
        url = address_url(address)
        self.client = Client(url, player_name(name), code=code, create=create)
        self.deadline = time.monotonic() + (REACH if reach is None else reach)

    def poll(self) -> RemoteSession | None:
        """The session once the host has seated the player and sent the
        table; None while it has not; JoinProblem (the client closed) if it won't."""
        c = self.client
        for msg in c.poll():
            if msg["type"] == p.ERROR and msg.get("code") == "unreachable":
                self._fail(_(UNREACHABLE).format(address=clean(self.address, 60)))
            if msg["type"] == p.ERROR:
                self._fail(_refused(msg))
        if c.status == CLOSED:  # the host broke the protocol, or said no
            self._fail(_refused(c.problem or {}) if c.problem else _(BROKEN).format(
                address=clean(self.address, 60)))  # fmt: skip
        if c.seat is not None and c.state is not None:
            return RemoteSession(c)
        if c.seat is None and time.monotonic() > self.deadline:
            self._fail(_(UNREACHABLE).format(address=clean(self.address, 60)))
        return None

    def cancel(self) -> None:
        self.client.close()

    def _fail(self, why: str) -> None:
        self.client.close()
        raise JoinProblem(why)


def _refused(msg: Mapping[str, Any]) -> str:
    code = str(msg.get("code", ""))
    if code in REFUSALS:
        return _(REFUSALS[code])
    return _("The host refused: {reason}").format(reason=clean(str(msg.get("message", "")), 160))
