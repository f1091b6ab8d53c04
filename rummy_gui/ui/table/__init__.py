"""The table scene: drag and drop, keyboard, layout, drawing, overlays, hot-seat screens, table options."""
