"""What the new-game and rules screens show about each preset.

Names, seat ranges and option defaults come from the engine's PRESETS when it
can be imported; the table below is the same data from RULES.md sections 1
and 6, kept only as a fallback so the menus work on their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PresetInfo:
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    default_players: int
    options: dict[str, Any]
    contract: bool


_FALLBACK = [
    PresetInfo("rummy500", "Rummy 500", "Meld for points, dig deep into the discard pile, first to 500 wins.", 2, 8, 3,
               {"target": 500, "jokers": True, "simple_scoring": False, "rummy_call": "full",
                "top_discard_must_meld": False, "go_out_by_discard": False, "min_run": 3}, False),
    PresetInfo("rummy500-classic", "Rum 500 (classic)", "The Russian rule set: no jokers, every discard taken must be melded.", 2, 8, 3,
               {"target": 500, "jokers": False, "simple_scoring": False, "rummy_call": "off",
                "top_discard_must_meld": True, "go_out_by_discard": False, "min_run": 3}, False),
    PresetInfo("persian", "Persian Rummy", "Rummy 500 for two partnerships: joker sets, doubled fours, two deals.", 4, 4, 4,
               {"jokers": True, "simple_scoring": False, "rummy_call": "full",
                "top_discard_must_meld": False, "go_out_by_discard": False, "min_run": 3}, False),
    PresetInfo("pinochle", "Pinochle Rummy", "No jokers, runs of five, ace low; go out by discarding face down.", 3, 8, 3,
               {"target": 500, "jokers": False, "simple_scoring": False, "rummy_call": "off",
                "top_discard_must_meld": True, "go_out_by_discard": True, "min_run": 5}, False),
    PresetInfo("contract", "Contract Rummy", "Seven rounds, each with its contract; buy discards out of turn; lowest wins.", 3, 5, 4,
               {"jokers": True, "go_out_by_discard": True, "min_run": 4, "buying": True}, True),
    PresetInfo("liverpool", "Liverpool Rummy", "Contract Rummy with the cut: lift exactly the deal and score -50.", 3, 5, 4,
               {"jokers": True, "go_out_by_discard": True, "min_run": 4, "buying": True}, True),
    PresetInfo("shanghai", "Shanghai Rummy", "Eleven cards every round, two buys, and the Shanghai call on a discard.", 3, 5, 4,
               {"jokers": True, "go_out_by_discard": True, "min_run": 4, "buying": True}, True),
]

OPTION_LABELS: dict[str, str] = {
    "target": "Target score",
    "jokers": "Jokers",
    "simple_scoring": "Simple scoring (2-9 count 5)",
    "rummy_call": "Rummy call",
    "top_discard_must_meld": "Top discard must be melded",
    "go_out_by_discard": "Must go out by discarding",
    "min_run": "Minimum run length",
    "buying": "Buying out of turn",
}
OPTION_CHOICES: dict[str, list[Any]] = {
    "target": [100, 200, 250, 300, 400, 500, 750, 1000],
    "rummy_call": ["off", "last", "full"],
    "min_run": [3, 4, 5],
}
CONTRACT_NAMES = (
    "two sets",
    "a set and a run",
    "two runs",
    "three sets",
    "two sets and a run",
    "a set and two runs",
    "three runs, no discard",
)


def presets() -> list[PresetInfo]:
    try:
        from rummy_gui.engine import PRESETS
    except Exception:  # the engine is optional for the menus: fall back to RULES.md
        return list(_FALLBACK)
    fallback = {p.id: p for p in _FALLBACK}
    out = []
    for pid, rules in PRESETS.items():
        fb = fallback.get(pid)
        try:
            options = dict(rules.options())
        except Exception:
            options = dict(fb.options) if fb else {}
        lo = int(getattr(rules, "min_players", fb.min_players if fb else 2))
        hi = int(getattr(rules, "max_players", fb.max_players if fb else 8))
        out.append(
            PresetInfo(
                id=pid,
                name=str(getattr(rules, "name", fb.name if fb else pid)),
                description=str(getattr(rules, "description", fb.description if fb else "")),
                min_players=lo,
                max_players=hi,
                default_players=max(lo, min(hi, fb.default_players if fb else 3)),
                options=options,
                contract=bool(getattr(rules, "is_contract", fb.contract if fb else False)),
            )
        )
    return out or list(_FALLBACK)


def preset(pid: str) -> PresetInfo:
    for p in presets():
        if p.id == pid:
            return p
    raise KeyError(pid)


def option_text(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
