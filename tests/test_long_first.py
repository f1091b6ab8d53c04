"""The suite's order (tests/conftest.py): each worker's first share of the
queue begins with its round of the long tests."""

from __future__ import annotations

import pytest

from tests.conftest import dealt


def shares(order: list[str], workers: int) -> list[list[str]]:
    """The contiguous shares xdist's worksteal hands out first."""
    out, rest = [], list(order)
    for w in range(workers):
        size = len(rest) // (workers - w)
        out.append(rest[:size])
        del rest[:size]
    return out


@pytest.mark.parametrize("workers", [1, 2, 3, 4])
def test_every_share_begins_with_its_round_of_the_long_tests(workers: int) -> None:
    items = [f"s{i}" for i in range(20)] + ["L0", "L1", "L2", "L3", "L4"] + ["s20", "s21"]
    order = dealt(items, workers, lambda i: i.startswith("L"))
    assert sorted(order) == sorted(items)  # nothing lost or repeated
    longs = [[i for i in share if i.startswith("L")] for share in shares(order, workers)]
    assert longs == [["L0", "L1", "L2", "L3", "L4"][w::workers] for w in range(workers)]
    for share, its_longs in zip(shares(order, workers), longs, strict=True):
        assert share[: len(its_longs)] == its_longs
    shorts = [i for i in order if not i.startswith("L")]
    assert shorts == [i for i in items if not i.startswith("L")]  # in collection order


def test_more_long_tests_than_a_share_holds_are_all_kept() -> None:
    items = ["L0", "L1", "L2", "s0"]
    assert sorted(dealt(items, 2, lambda i: i.startswith("L"))) == sorted(items)
