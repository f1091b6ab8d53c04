"""The other scenes: menus and new game, statistics, saves, replays, the rules text."""
