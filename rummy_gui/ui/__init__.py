"""The pygame-ce card table: scenes, layout, card art, sound and input."""
