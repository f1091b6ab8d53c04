"""rummy-gui: a desktop card table for the rummy family."""

__version__ = "0.1.0"
