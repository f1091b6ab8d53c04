"""The app: the window, the scene stack, input intents and the rooms (which scene follows which)."""
