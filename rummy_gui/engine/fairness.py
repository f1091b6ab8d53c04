"""Deals anyone can check: each deal is shuffled from a seed of its own, and
a fingerprint of that seed is shown before the deal is played.

A deal's seed is derived from the game's seed through SHA-256, so telling
one deal's seed when it ends says nothing about the next deal or the game's
seed. The fingerprint is a SHA-256 commitment to the deal's seed, the preset,
its options and the deal's number: shown at the start of the deal, it fixes
the shuffle before any card is played; the seed shown at the end lets anyone
recompute both the fingerprint and the shuffle (docs/fairness.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

SHORT = 12  # hex digits of the fingerprint a player reads (48 bits)
MAX_DEALS = 10_000  # far more than any game plays; a longer list is not a record of ours


def deal_seed(game_seed: int, deal: int) -> int:
    """The seed of deal number `deal` (1-based) of a game with this seed."""
    data = f"rummy-gui deal seed\n{game_seed}\n{deal}".encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


def fingerprint(seed: int, preset: str, options: Mapping[str, Any], deal: int) -> str:
    """The deal's commitment: SHA-256 (hex) of its seed, preset, options and number."""
    text = json.dumps(
        {"deal": deal, "options": dict(options), "preset": preset, "seed": seed},
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()


def short(print_: str) -> str:
    """The fingerprint as a player reads it: its first digits in groups of four."""
    head = print_[:SHORT]
    return " ".join(head[i : i + 4] for i in range(0, SHORT, 4))


def deal_entries(
    rules_preset: str,
    options: Mapping[str, Any],
    base: int | None,
    first: int,
    current: int,
    history: list[list[int]],
    first_history: int,
) -> list[dict[str, Any]]:
    """A record's `deals`: per deal shuffled from a seed of its own, its number,
    fingerprint and (once it has ended) its scores. `history[first_history]`
    holds the scores of deal `first`."""
    if base is None:
        return []
    out: list[dict[str, Any]] = []
    for deal in range(first, current + 1):
        at = first_history + deal - first
        entry: dict[str, Any] = {
            "deal": deal,
            "fingerprint": fingerprint(deal_seed(base, deal), rules_preset, options, deal),
        }
        if at < len(history):
            entry["scores"] = list(history[at])
        out.append(entry)
    return out


def check_entries(claimed: object, replayed: list[dict[str, Any]]) -> None:
    """ValueError naming the first deal whose recorded fingerprint or scores
    differ from the replay's. Deals the replayed moves do not reach (a record
    cut short, as the log and the replays cut it) are not compared."""
    if not isinstance(claimed, list) or not all(isinstance(e, Mapping) for e in claimed):
        raise ValueError("a game record's deals must be a list of objects")
    if len(claimed) > MAX_DEALS:
        raise ValueError(f"a game record lists at most {MAX_DEALS} deals")
    for said, real in zip(claimed, replayed, strict=False):
        deal = real["deal"]
        if said.get("deal") != deal or said.get("fingerprint") != real["fingerprint"]:
            raise ValueError(f"deal {deal}: its fingerprint does not match its seed")
        if "scores" in said and "scores" in real and said.get("scores") != real["scores"]:
            raise ValueError(f"deal {deal}: its moves do not score as recorded")
