"""Tables found on the local network: the records read off it are checked
field by field, and a real zeroconf on loopback finds an advertised table."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy_gui.play.net import discovery
from rummy_gui.play.net.discovery import SERVICE, Browser, Found, advertise, found_from

Props = dict[object, object]
GOOD: Props = {b"v": b"1", b"preset": b"rummy500", b"open": b"2"}
MANY: Props = {**GOOD, **{bytes([i]): b"" for i in range(20)}}  # more keys than a table has


def test_a_good_record_is_a_table() -> None:
    found = found_from(f"Ann's table.{SERVICE}", 8765, ["192.168.1.20"], GOOD)
    assert found == Found("Ann's table", "192.168.1.20", 8765, "rummy500", 2)
    assert found.url == "ws://192.168.1.20:8765"


def test_ipv4_is_preferred_and_ipv6_is_bracketed() -> None:
    assert found_from("T", 1, ["fd00::2", "10.0.0.5"], GOOD) == Found(
        "T", "10.0.0.5", 1, "rummy500", 2
    )
    only6 = found_from("T", 1, ["fd00::2"], GOOD)
    assert only6 is not None
    assert only6.url == "ws://[fd00::2]:1"


@pytest.mark.parametrize(
    ("name", "port", "addresses", "props"),
    [
        ("", 8765, ["10.0.0.1"], GOOD),
        ("x" * 41, 8765, ["10.0.0.1"], GOOD),
        ("bad\x00name", 8765, ["10.0.0.1"], GOOD),
        (b"bytes", 8765, ["10.0.0.1"], GOOD),
        ("T", 0, ["10.0.0.1"], GOOD),
        ("T", 70000, ["10.0.0.1"], GOOD),
        ("T", True, ["10.0.0.1"], GOOD),
        ("T", "8765", ["10.0.0.1"], GOOD),
        ("T", 8765, [], GOOD),
        ("T", 8765, ["not an address"], GOOD),
        ("T", 8765, ["224.0.0.251"], GOOD),
        ("T", 8765, ["fe80::1"], GOOD),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"v": b"2"}),
        ("T", 8765, ["10.0.0.1"], {b"preset": b"rummy500", b"open": b"2"}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"preset": b"../etc"}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"preset": b"r" * 33}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"preset": None}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"preset": "rummy500"}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"open": b"-1"}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"open": b"9"}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"open": b"\xff"}),
        ("T", 8765, ["10.0.0.1"], {**GOOD, b"open": "\u0663".encode()}),
        ("T", 8765, ["10.0.0.1"], MANY),
    ],
)
def test_a_bad_record_is_dropped(
    name: object, port: object, addresses: list[object], props: dict[object, object]
) -> None:
    assert found_from(name, port, addresses, props) is None


@given(
    st.one_of(st.text(max_size=80), st.binary(max_size=80), st.none(), st.integers()),
    st.one_of(st.integers(), st.text(max_size=5), st.none()),
    st.lists(st.one_of(st.text(max_size=50), st.integers(), st.none()), max_size=5),
    st.dictionaries(
        st.one_of(st.binary(max_size=8), st.sampled_from([b"v", b"preset", b"open"])),
        st.one_of(st.binary(max_size=40), st.none(), st.integers()),
        max_size=20,
    ),
)
def test_garbage_never_raises(
    name: object, port: object, addresses: list[object], props: dict[object, object]
) -> None:
    found = found_from(name, port, addresses, props)
    if found is not None:
        assert 1 <= found.port <= 65535
        assert 0 <= found.open_seats <= 8
        assert 1 <= len(found.name) <= 40


def test_a_long_name_fits_a_dns_label() -> None:
    label = discovery._label("Ä" * 60 + ".x")
    assert len(label.encode()) <= 59
    assert "." not in label


def test_lan_addresses_are_not_loopback() -> None:
    for a in discovery.lan_addresses():
        assert not a.startswith("127.")


def test_an_advertised_table_is_found_on_loopback_and_its_seats_follow() -> None:
    """A real zeroconf on 127.0.0.1 (multicast on loopback works in the test machine)."""
    advert = advertise("Ann's table", 8765, "rummy500", 3, interfaces=["127.0.0.1"])
    browser = Browser(interfaces=["127.0.0.1"])
    try:
        assert advert.wait(), advert.error
        browser.start()
        deadline = time.monotonic() + 10
        while not browser.tables() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert browser.tables() == [Found("Ann's table", "127.0.0.1", 8765, "rummy500", 3)]
        advert.update(1)
        while browser.tables()[0].open_seats != 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert browser.tables()[0].open_seats == 1
        advert.close(wait=True)
        while browser.tables() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert browser.tables() == []
    finally:
        advert.close(wait=True)
        browser.close()


def test_browse_returns_the_tables_seen_within_its_time() -> None:
    advert = advertise("Club", 9000, "persian", 1, interfaces=["127.0.0.1"])
    try:
        assert advert.wait(), advert.error
        assert discovery.browse(2.0, interfaces=["127.0.0.1"]) == [
            Found("Club", "127.0.0.1", 9000, "persian", 1)
        ]
    finally:
        advert.close(wait=True)


def test_a_network_that_cant_be_used_is_a_discovery_error() -> None:
    with pytest.raises(discovery.DiscoveryError):
        Browser(interfaces=["203.0.113.77"]).start()
    advert = advertise("T", 8765, "rummy500", 1, interfaces=["203.0.113.77"])
    assert not advert.wait()
    assert advert.error
