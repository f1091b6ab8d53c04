"""Finding tables on the local network (DNS-SD over multicast DNS, python-zeroconf).

    advert = advertise("Ann's table", 8765, "rummy500", open_seats=2)
    ...
    advert.update(open_seats=1)   # someone joined
    advert.close()

    for t in browse(timeout=1.0):  # blocking; `Browser` for a frame loop
        print(t.name, t.url, t.preset, t.open_seats)

A table is advertised under the service type `_rummy-gui._tcp`, its
instance name the table's name, and a TXT record of `v` (the protocol
version), `preset` and `open` (free seats for people). The join code is
never advertised: whoever sees a table still needs the code from its host.

Everything read off the network is a stranger's: `found_from` keeps a
record only when every field has the type and size it must have and drops
it otherwise; nothing received is run, opened or shown uncleaned.
Registering and unregistering wait on the network (probes, goodbyes), so
`Advert` does both on a thread of its own and never blocks its caller.
"""

from __future__ import annotations

import ipaddress
import re
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from rummy_gui.play.net.protocol import MAX_PLAYERS, VERSION
from rummy_gui.play.saves import MAX_NAME
from rummy_gui.safetext import problem

SERVICE = "_rummy-gui._tcp.local."
Interfaces = Sequence[str] | InterfaceChoice  # which networks: all, or these addresses
_PRESET = re.compile(r"[a-z0-9-]{1,32}")
_MAX_LABEL = 63  # bytes of a DNS label: the instance name's limit
_RESOLVE_MS = 1500  # how long the browser waits for one table's record


class DiscoveryError(Exception):
    """The local network can't be searched or advertised on (no network, no multicast)."""


@dataclass(frozen=True)
class Found:
    """A table seen on the local network."""

    name: str
    host: str
    port: int
    preset: str
    open_seats: int

    @property
    def url(self) -> str:
        """The address a client connects to."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"


# ----------------------------------------------------------------- reading a record
def _text(value: object, limit: int) -> str | None:
    if not isinstance(value, bytes) or len(value) > limit:
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _address(addresses: Sequence[object]) -> str | None:
    """The first address one can connect to (IPv4 first: it is what people read aloud)."""
    good: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for a in list(addresses)[:16]:
        if not isinstance(a, str) or len(a) > 45:
            continue
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if ip.is_multicast or ip.is_unspecified or (ip.version == 6 and ip.is_link_local):
            continue
        good.append(ip)
    good.sort(key=lambda ip: ip.version)
    return str(good[0]) if good else None


def found_from(
    name: object, port: object, addresses: Sequence[object], properties: Mapping[Any, object]
) -> Found | None:
    """A `Found` made of one received record, or None when any part of it is not
    what a table of ours advertises (another version, garbage, too long)."""
    if not isinstance(name, str) or len(name) > 2 * _MAX_LABEL + len(SERVICE):
        return None
    if name.endswith("." + SERVICE):
        name = name[: -len(SERVICE) - 1]
    name = name.strip()
    if not name or problem(name, MAX_NAME) is not None:
        return None
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        return None
    if not isinstance(properties, Mapping) or len(properties) > 16:
        return None
    version = _text(properties.get(b"v"), 4)
    preset = _text(properties.get(b"preset"), 32)
    seats = _text(properties.get(b"open"), 2)
    if version != str(VERSION) or preset is None or not _PRESET.fullmatch(preset):
        return None
    if seats is None or not seats.isascii() or not seats.isdigit():
        return None
    if not 0 <= int(seats) <= MAX_PLAYERS:
        return None
    host = _address(addresses)
    if host is None:
        return None
    return Found(name, host, port, preset, int(seats))


def _found(info: ServiceInfo) -> Found | None:
    try:
        addresses = info.parsed_addresses()
        props: Mapping[Any, object] = info.properties
    except (ValueError, TypeError, UnicodeError):
        return None
    return found_from(info.name, info.port, addresses, props)


# ----------------------------------------------------------------- this machine
def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback, not
    link-local): what a player in the same room types to join."""
    out: list[str] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return out
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6 comes as a tuple
            a = ipaddress.ip_address(ip.ip)
            if a.is_loopback or a.is_link_local or a.is_unspecified:
                continue
            if ip.ip not in out:
                out.append(ip.ip)
    return out


def _zeroconf(interfaces: Interfaces) -> Zeroconf:
    try:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    except (OSError, ValueError, RuntimeError) as e:
        raise DiscoveryError(str(e) or type(e).__name__) from e


# ----------------------------------------------------------------- browsing
class Browser:
    """Tables on the local network, kept up to date on zeroconf's thread:
    `start()`, then `tables()` at each frame, `close()` at the end."""

    def __init__(self, interfaces: Interfaces = InterfaceChoice.All) -> None:
        self._interfaces = interfaces
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._seen: dict[str, Found] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        """Begin listening; raises `DiscoveryError` when the network can't be used."""
        if self._zc is not None:
            return
        self._zc = _zeroconf(self._interfaces)
        try:
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except (OSError, RuntimeError) as e:
            self.close()
            raise DiscoveryError(str(e) or type(e).__name__) from e

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._seen.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=_RESOLVE_MS)
        except Exception:  # noqa: BLE001 (a stranger's record must not end the browser)
            info = None
        found = _found(info) if info is not None else None
        with self._lock:
            if found is None:
                self._seen.pop(name, None)
            else:
                self._seen[name] = found

    def tables(self) -> list[Found]:
        """The tables seen so far, by name."""
        with self._lock:
            return sorted(self._seen.values(), key=lambda f: (f.name.casefold(), f.host, f.port))

    def close(self) -> None:
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        if browser is not None:
            browser.cancel()
        if zc is not None:
            zc.close()


def browse(timeout: float = 1.0, interfaces: Interfaces = InterfaceChoice.All) -> list[Found]:
    """The tables that answer within `timeout` seconds (blocks that long);
    raises `DiscoveryError` when the network can't be used."""
    browser = Browser(interfaces)
    browser.start()
    try:
        time.sleep(max(0.0, timeout))
        return browser.tables()
    finally:
        browser.close()


# ----------------------------------------------------------------- advertising
def _label(name: str) -> str:
    """`name` cut to fit a DNS label (63 bytes of UTF-8), never mid-character."""
    name = " ".join(name.replace(".", " ").split()) or "rummy-gui"
    while len(name.encode("utf-8")) > _MAX_LABEL - 4:  # room for zeroconf's " (2)"
        name = name[:-1]
    return name


class Advert:
    """One table advertised on the local network until `close()`. Registration
    runs on a thread; `error` says why it failed (None: it did not, or not yet)."""

    def __init__(
        self,
        name: str,
        port: int,
        preset: str,
        open_seats: int,
        interfaces: Interfaces = InterfaceChoice.All,
    ) -> None:
        if not 1 <= port <= 65535 or not _PRESET.fullmatch(preset):
            raise ValueError("a table is advertised with a port 1-65535 and a preset id")
        self.error: str | None = None
        self._interfaces = interfaces
        self._label = _label(name)
        self._port = port
        self._preset = preset
        self._open = max(0, min(MAX_PLAYERS, open_seats))
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._register, name="net-advert", daemon=True)
        self._thread.start()

    def _make_info(self) -> ServiceInfo:
        if isinstance(self._interfaces, InterfaceChoice):
            addresses = lan_addresses()
        else:
            addresses = list(self._interfaces)
        return ServiceInfo(
            SERVICE,
            f"{self._label}.{SERVICE}",
            port=self._port,
            properties={"v": str(VERSION), "preset": self._preset, "open": str(self._open)},
            parsed_addresses=addresses or None,
        )

    def _register(self) -> None:
        try:
            zc = _zeroconf(self._interfaces)
            info = self._make_info()
            zc.register_service(info, allow_name_change=True)
        except DiscoveryError as e:
            self.error = str(e)
            return
        except Exception as e:  # noqa: BLE001 (told to the window, which hosts on without it)
            self.error = str(e) or type(e).__name__
            return
        with self._lock:
            self._zc, self._info = zc, info
            closed = self._closed
        if closed:
            self._unregister()

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait for registration to end (for tests); True when it is advertised."""
        self._thread.join(timeout)
        return self._info is not None and self.error is None

    def update(self, open_seats: int) -> None:
        """Say how many seats are free now (does nothing before registration ended)."""
        open_seats = max(0, min(MAX_PLAYERS, open_seats))
        with self._lock:
            zc, info = self._zc, self._info
            if zc is None or info is None or open_seats == self._open or self._closed:
                return
            self._open = open_seats
            new = ServiceInfo(
                SERVICE,
                info.name,
                port=self._port,
                properties={"v": str(VERSION), "preset": self._preset, "open": str(open_seats)},
                parsed_addresses=info.parsed_addresses() or None,
                server=info.server,
            )
            self._info = new
        threading.Thread(target=_quietly, args=(zc.update_service, new), daemon=True).start()

    def _unregister(self) -> None:
        with self._lock:
            zc, info = self._zc, self._info
            self._zc = None
        if zc is None:
            return
        if info is not None:
            _quietly(zc.unregister_service, info)
        _quietly(zc.close)

    def close(self, wait: bool = False) -> None:
        """Stop advertising (the goodbye is sent on a thread unless `wait`)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        thread = threading.Thread(target=self._unregister, name="net-unadvert", daemon=True)
        thread.start()
        if wait:
            thread.join(10)


def _quietly(fn: object, *args: object) -> None:
    try:
        if callable(fn):
            fn(*args)
    except Exception:  # noqa: BLE001 (the network went away: nothing left to tell)
        pass


def advertise(
    name: str,
    port: int,
    preset: str,
    open_seats: int,
    interfaces: Interfaces = InterfaceChoice.All,
) -> Advert:
    """Advertise a table on the local network (returns at once; see `Advert`)."""
    return Advert(name, port, preset, open_seats, interfaces)
