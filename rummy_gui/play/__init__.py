"""The play layer: one game at the table without pygame (the session: who sits
where, whose turn, autosave, statistics), the bots' process, saves, settings,
statistics, replays and narration. It imports the engine and the bots, never
the ui package or pygame (tests/play/test_play_layer.py holds it to that)."""
