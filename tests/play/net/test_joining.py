"""What a player types to join a table, checked before anything is sent
(play/net/joining.py): the host's address, the table's code, the name."""

from __future__ import annotations

import pytest

from rummy_gui.play.net.joining import JoinProblem, address_url, join_code, player_name


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("192.168.1.20:8765", "ws://192.168.1.20:8765"),
        (" club.example.org:9000 ", "ws://club.example.org:9000"),
        ("localhost", "ws://localhost:8765"),
        ("ws://10.0.0.5:8800/", "ws://10.0.0.5:8800"),
        ("wss://club.example.org:443", "wss://club.example.org:443"),
        ("[::1]:8765", "ws://[::1]:8765"),
    ],
)
def test_an_address_is_read_as_the_hosts_url(typed: str, url: str) -> None:
    assert address_url(typed) == url


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "host:0",
        "host:70000",
        "ho st:80",
        "host:port",
        "a/b:80",
        "::1:8765",
        "a..b:80",
        ".a:80",
        f"{'x' * 64}.org:80",
    ],
)
def test_a_bad_address_is_refused_in_words(typed: str) -> None:
    with pytest.raises(JoinProblem, match="not a host's address"):
        address_url(typed)


def test_a_code_is_read_as_the_host_writes_it() -> None:
    assert join_code(" k7mw-3q ") == "K7MW3Q"
    for bad in ("", "ab", "K7MW3Q!", "A" * 17):
        with pytest.raises(JoinProblem, match="4 to 16 letters"):
            join_code(bad)


def test_a_name_must_be_one_the_others_can_read() -> None:
    assert player_name("  Bea ") == "Bea"
    with pytest.raises(JoinProblem, match="Write the name"):
        player_name("   ")
    with pytest.raises(JoinProblem, match="can't be used"):
        player_name("Bea\x07")
    with pytest.raises(JoinProblem, match="can't be used"):
        player_name("B" * 200)


def test_a_host_name_that_cannot_be_looked_up_is_told_as_out_of_reach() -> None:
    from rummy_gui.play.net.client import CLOSED, Client

    client = Client("ws://a..b:8765", "Bea", code="ABCD")  # past the screen's own checks
    client.wait(10.0)
    said = client.poll()
    assert [m.get("code") for m in said] == ["unreachable"]
    assert client.status == CLOSED
    client.close()
