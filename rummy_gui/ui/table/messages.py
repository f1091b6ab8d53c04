"""The short messages over the table (a state part of the table: only this
class changes its fields)."""

from __future__ import annotations

from collections.abc import Collection, Iterator

from rummy_gui.ui.table.drops import Message
from rummy_gui.ui.widgets import theme

SHOWN = 4  # at most this many at once: the newest


class Messages:
    def __init__(self) -> None:
        self.items: list[Message] = []

    def __iter__(self) -> Iterator[Message]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> Message:
        return self.items[i]

    def say(
        self,
        text: str,
        colour: tuple[int, int, int] = theme.TEXT,
        ttl: float = 3.5,
    ) -> Message:
        message = Message(text, ttl, colour)
        self.items.append(message)
        del self.items[:-SHOWN]
        return message

    def forget(self, message: Message | None) -> None:
        self.items = [m for m in self.items if m is not message]

    def forget_texts(self, texts: Collection[str]) -> None:
        self.items = [m for m in self.items if m.text not in texts]

    def tick(self, dt: float) -> None:
        for m in self.items:
            m.ttl -= dt
        self.items = [m for m in self.items if m.ttl > 0]
