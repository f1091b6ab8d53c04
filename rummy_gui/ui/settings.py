"""The table's settings while the program runs; `prefs` loads and saves them
through `rummy_gui.settings`."""

from __future__ import annotations

from dataclasses import dataclass, field

from rummy_gui import i18n

CARD_BACKS = ("blue", "red", "green")
ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}


@dataclass
class Settings:
    language: str = field(default_factory=i18n.language)  # one of i18n.LANGUAGES; the one in effect
    card_back: str = "blue"
    four_colour: bool = False
    animation: str = "normal"
    volume: float = 0.6
    mute: bool = False
    fullscreen: bool = False
    card_scale: float = 1.0  # 0.8-1.6, the table's card size
    high_contrast: bool = False
    ask_claims: str = "useful"  # hot seat: "always" / "useful" / "never"
    hand_over_screen: bool = True  # hot seat: hide the hands between human players

    @property
    def animation_factor(self) -> float:
        """Multiplier for every card flight's duration; 0 means no animation."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self.volume))
