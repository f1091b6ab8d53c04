"""What went wrong with a file, told to the player: the exact English sentence
of the module below in English, a translated summary in the other languages.
Pygame-free, so the session can say it as well as the screens."""

from __future__ import annotations

from rummy_gui import i18n
from rummy_gui.i18n import N_, _
from rummy_gui.play.saves import SaveError
from rummy_gui.safetext import clean


def explain(detail: str, summary: str) -> str:
    """A problem for the player: the exact `detail` (English, from the modules
    below the UI) in English, else the translated `summary` (marked with N_)."""
    return detail if i18n.language() == "en" else _(summary)


# What went wrong with a save file, by `rummy_gui.play.saves.SaveError.kind`: the
# player's language gets these, English the error's own exact sentence.
PROBLEMS = {
    "missing": N_("The file is not there any more."),
    "damaged": N_("The file is damaged."),
    "not_a_save": N_("The file is not a rummy-gui save."),
    "newer_version": N_("The game was saved by a newer rummy-gui."),
    "invalid": N_("The save holds something it should not."),
    "tampered": N_("The saved game does not add up: it was changed outside the game."),
    "saving_off": N_("Saving is off: the folder is read-only or the disk is full."),
    "bad_name": N_(
        'Choose another name: not empty, none of < > : " / \\ | ? *, '
        "not starting or ending with a dot."
    ),
    "io": N_("The file could not be read or written."),
    "too_large": N_("The game is too long to be saved."),
    "other_copy": N_("Another copy of the game is open; this one will not save games."),
}

# A second copy of the program on one data folder (rummy_gui.play.folderlock):
# told once in the main menu and once at each table.
OTHER_COPY = PROBLEMS["other_copy"]


# Why an autosave or the statistics could not be written, by jsonio.WriteError.kind.
SAVING_OFF = {
    "read_only": N_("the folder is read-only"),
    "disk_full": N_("the disk is full"),
    "too_large": N_("the game is too large to save"),
}


def saving_off_text(detail: str, kind: str) -> str:
    """'Saving is off: <reason>' in the player's language (English: the exact reason)."""
    reason = explain(
        detail.removeprefix("Saving is off: ").rstrip("."),
        SAVING_OFF.get(kind, N_("the file could not be written")),
    )
    return _("Saving is off: {reason}").format(reason=reason)


def problem(e: SaveError) -> str:
    """An error of the saves module in the player's language (safe to draw)."""
    return clean(
        explain(clean(str(e)), PROBLEMS.get(e.kind, N_("Something went wrong with the file.")))
    )
