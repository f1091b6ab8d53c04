"""Network tables: a host holds the games, players on other computers join
them (docs/network.md). Pygame-free: `protocol` (the messages and their
checks), `host` (the asyncio WebSocket server and `rummy-gui --serve`),
`tables` (one table's game, seats and bots), `client` (a player's end, on a
thread of its own, polled by the window's frames)."""
