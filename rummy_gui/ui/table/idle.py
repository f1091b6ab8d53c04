"""When the table needs its next frame (`Scene.frame_wait` of the table).

A table that waits for a human needs no frame until input comes; these are
the things that move or run out without input: cards in flight, a drag (its
drop targets pulse), a message fading out, the hold after an undo, the pause
between bots' moves, and a bot thinking (its answer is polled, and the seat's
"thinking..." dots move).
"""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState

MESSAGE_FADE = 0.8  # a message fades out over its last 0.8 s (table_draw)
BOT_POLL = 1 / 30  # how often a thinking bot's answer is looked for

# What each table looked like when it was last asked: after any change (a move,
# a scene pushed or popped) one more frame runs, because the table reacts to a
# new position in its next update (the prompt, the buttons, the deal summary).
_seen: weakref.WeakKeyDictionary[TableState, tuple[object, ...]] = weakref.WeakKeyDictionary()


def table_wait(scene: TableState) -> float:
    """Seconds until the table needs a frame if no input comes (0: now)."""
    if scene.motion.flights or scene.motion.returning or scene.drag is not None:
        return 0.0
    session = scene.session
    stack = scene.app.stack.scenes
    key = (session.version, len(stack), id(stack[-1]) if stack else 0, scene.viewer)
    if _seen.get(scene) != key:
        _seen[scene] = key
        return 0.0
    waits = [math.inf]
    waits.extend(max(0.0, m.ttl - MESSAGE_FADE) for m in scene.messages)
    if scene.pace.undo_hold > 0:
        waits.append(scene.pace.undo_hold)
    if session.bot_thinking():
        waits.append(BOT_POLL)
    elif session.bot_to_act() is not None:
        waits.append(max(0.0, scene.pace.cooldown))
    return min(waits)
