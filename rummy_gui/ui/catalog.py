"""What the new-game and rules screens show about each preset.

Names, seat ranges and option defaults come from the engine's PRESETS when it
can be imported; the table below is the same data from RULES.md sections 1
and 6, kept as a fallback so the menus work on their own — and as the marked
(N_) source of the preset names and descriptions for the translation
catalogs: the engine's texts are the ids, translated where they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy_gui.i18n import N_, _


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

    # `name` and `description` are the English texts (the catalogs' ids); these
    # are what the screens show.
    @property
    def display_name(self) -> str:
        return _(self.name)

    @property
    def display_description(self) -> str:
        return _(self.description)


_FALLBACK = [
    PresetInfo("rummy500", N_("Rummy 500"), N_("Meld for points, dig deep into the discard pile, first to 500 wins."), 2, 8, 3,
               {"target": 500, "jokers": True, "simple_scoring": False, "rummy_call": "full",
                "top_discard_must_meld": False, "go_out_by_discard": False, "min_run": 3}, False),
    PresetInfo("rummy500-classic", N_("Rum 500 (classic)"), N_("The Russian rule set: no jokers, every discard taken must be melded."), 2, 8, 3,
               {"target": 500, "jokers": False, "simple_scoring": False, "rummy_call": "off",
                "top_discard_must_meld": True, "go_out_by_discard": False, "min_run": 3}, False),
    PresetInfo("persian", N_("Persian Rummy"), N_("Rummy 500 for two partnerships: joker sets, doubled fours, two deals."), 4, 4, 4,
               {"jokers": True, "simple_scoring": False, "rummy_call": "full",
                "top_discard_must_meld": False, "go_out_by_discard": False, "min_run": 3}, False),
    PresetInfo("pinochle", N_("Pinochle Rummy"), N_("Runs of five, ace low, go out by discarding face down; to 500."), 3, 8, 3,
               {"target": 500, "jokers": False, "simple_scoring": False, "rummy_call": "off",
                "top_discard_must_meld": True, "go_out_by_discard": True, "min_run": 5}, False),
    PresetInfo("contract", N_("Contract Rummy"), N_("Seven rounds, each opening with a harder contract; lowest penalty wins."), 3, 5, 4,
               {"jokers": True, "go_out_by_discard": True, "min_run": 4, "buying": True, "reshuffles": 1}, True),
    PresetInfo("liverpool", N_("Liverpool Rummy"), N_("Contract Rummy with a cut: lift exactly the deal and save 50 points."), 3, 5, 4,
               {"jokers": True, "go_out_by_discard": True, "min_run": 4, "buying": True, "reshuffles": 1}, True),
    PresetInfo("shanghai", N_("Shanghai Rummy"),
               N_("Eleven cards, aces high, one joker per meld, two buys, and 'Shanghai!' calls."), 3, 5, 4,
               {"jokers": True, "go_out_by_discard": True, "min_run": 4, "buying": True, "reshuffles": 1}, True),
]

OPTION_LABELS: dict[str, str] = {
    "target": N_("Target score"),
    "jokers": N_("Jokers"),
    "simple_scoring": N_("Simple scoring (2-9 count 5)"),
    "rummy_call": N_("Rummy call"),
    "top_discard_must_meld": N_("Top discard must be melded"),
    "go_out_by_discard": N_("Must go out by discarding"),
    "min_run": N_("Minimum run length"),
    "buying": N_("Buying out of turn"),
    "reshuffles": N_("Stock rebuilds per round"),
}
OPTION_CHOICES: dict[str, list[Any]] = {
    "target": [100, 200, 250, 300, 400, 500, 750, 1000],
    "rummy_call": ["off", "last", "full"],
    "min_run": [3, 4, 5],
    "reshuffles": [0, 1, 2, 3],
}
# How a choice is shown, where the value itself is a word of the engine's.
CHOICE_NAMES: dict[str, dict[Any, str]] = {
    "rummy_call": {"off": N_("No calls"), "last": N_("Last discard only"), "full": N_("Whole discard pile")},
}
CONTRACT_NAMES = (
    N_("two sets"),
    N_("a set and a run"),
    N_("two runs"),
    N_("three sets"),
    N_("two sets and a run"),
    N_("a set and two runs"),
    N_("three runs, no discard"),
)
LEVEL_NAMES: dict[str, str] = {
    "human": N_("Human"),
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}


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


def option_label(key: str) -> str:
    """A house rule's name in the current language."""
    return _(OPTION_LABELS[key]) if key in OPTION_LABELS else key


def option_text(key: str, value: Any) -> str:
    """A house rule's value in the current language."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    names = CHOICE_NAMES.get(key, {})
    return _(names[value]) if value in names else str(value)


def level_name(kind: str) -> str:
    """A seat kind ("human" or a bot level) in the current language."""
    return _(LEVEL_NAMES[kind]) if kind in LEVEL_NAMES else kind


def preset_name(pid: str) -> str:
    """A preset's name in the current language (its id if there is no such preset)."""
    for p in presets():
        if p.id == pid:
            return p.display_name
    return pid
