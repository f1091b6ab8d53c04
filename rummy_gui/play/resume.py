"""Games reopened from disk as sessions: Continue (the autosave) and Load (a
named save), with what the player is told when a file is bad, and a finished
game whose statistics met a full disk counted at the next start."""

from __future__ import annotations

import contextlib
from pathlib import Path

from rummy_gui.i18n import N_, _
from rummy_gui.play import jsonio, openguard, opening, saveload, saves
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.safetext import clean

# Shown through _() where they are used; N_ marks them for the catalogs.
NOT_MOVED = N_("The damaged file could not be moved aside: {reason}")

STOPPED_OPENING = N_(
    "The program stopped while opening {name} last time; it was moved aside as {moved}."
)


def stopped_opening(moved: Path) -> str:
    """What the player is told when a file that crashed the last run was set aside."""
    return _(STOPPED_OPENING).format(
        name=clean(moved.name.partition(".corrupt-")[0]), moved=clean(moved.name)
    )


def open_autosave() -> tuple[Session | None, str]:
    """The autosaved game as a session, and what the player should be told.

    A damaged autosave with a good backup: the backup is used, the damaged
    file moved aside (or, in a read-only folder, left where it is), and the
    session's notices say so. Both bad: no session, the bad file moved aside
    (never deleted), and the reason (translated). If the program stopped
    while opening this very file last time, it is moved aside unopened, so
    that a crash while opening never repeats."""
    path = saves.autosave_path()
    moved = openguard.interrupted_opening(path)
    if moved is not None:
        return None, stopped_opening(moved)
    if not path.exists() and not jsonio.backup_path(path).exists():
        return None, ""
    openguard.mark_opening(path)  # until the table has drawn it (openguard.frame_drawn)
    try:
        saved = saveload.read_with_fallback(path, quarantine_bad=True)
    except opening.Cancelled:  # a quit while opening is no crash
        openguard.opened()
        raise
    except saves.SaveError as e:
        openguard.opened()
        from rummy_gui import i18n
        from rummy_gui.play.problems import problem

        if i18n.language() == "en":  # the exact sentence, which names the file already
            reason = clean(str(e)).rstrip(". ") + "."
        else:
            reason = _("The autosave can't be loaded: {reason}").format(reason=problem(e))
        if e.kind not in ("missing", "newer_version") and path.exists():
            try:
                aside = saves.quarantine(path)
                reason += " " + _("The damaged file was moved aside as {name}.").format(
                    name=clean(aside.name)
                )
            except saves.SaveError:
                pass
        return None, reason
    game = saved.game
    if game.game_over:  # kept because its statistics could not be written: now they are
        openguard.opened()
        count_finished(saved)
        return None, ""
    seats = [SeatConfig(s.name, s.kind, s.colour) for s in saved.seats]
    try:
        session, hosting_problem = _hosted(saved)
        if session is None:
            session = Session(
                game.preset, seats, dict(game.rules.options()), game=game, autosave_enabled=True
            )
        if hosting_problem:
            session.notices.append(hosting_problem)
    except opening.Cancelled:
        openguard.opened()
        raise
    if saved.problem is not None:
        session.notices.append(_("The autosave was damaged; continuing from its backup."))
        if saved.quarantined is not None:
            session.notices.append(
                _("The damaged file was moved aside as {name}.").format(
                    name=clean(saved.quarantined.name)
                )
            )
        elif saved.not_moved is not None:
            session.notices.append(_(NOT_MOVED).format(reason=clean(saved.not_moved)))
    return session, ""


def _hosted(saved: saves.SavedGame) -> tuple[Session | None, str]:
    """The game hosted for players on other computers, hosted again (None: it
    is not one, or no port can be opened now: the game goes on here, its
    remote seats played at this screen, and the reason is told)."""
    from rummy_gui.play.net.hosted import resume_hosted

    try:
        return resume_hosted(saved), ""
    except OSError as e:
        reason = clean(e.strerror or str(e) or type(e).__name__)
        return None, _(
            "The table can't be hosted again ({reason}): the players on other "
            "computers play at this screen."
        ).format(reason=reason)


def count_finished(saved: saves.SavedGame) -> None:
    """A finished game kept as the autosave (its statistics met a full disk):
    count it (once; a game counted already is not counted again), then let
    the autosave go."""
    from rummy_gui.play.stats import record_game
    from rummy_gui.play.stats_history import MAX_COUNT

    def per_seat(key: str) -> dict[int, int]:
        raw = saved.table.get(key)
        return {
            int(k): v
            for k, v in (raw.items() if isinstance(raw, dict) else ())
            if k.isdigit() and len(k) < 3 and type(v) is int and 0 <= v <= MAX_COUNT
        }

    try:
        record_game(saved.game, saved.seats, hints=per_seat("hints"), coached=per_seat("coached"))
    except jsonio.WriteError:
        return
    with contextlib.suppress(saves.SaveError):
        saves.delete_autosave()


def count_finished_autosave() -> None:
    """At start: a finished game kept as the autosave (`Session._record_statistics`) is
    counted now. The game is replayed only when its summary says it is over."""
    path = saves.autosave_path()
    if saves.read_only():
        return
    try:
        doc = jsonio.read_json(path)
    except jsonio.ReadError:
        return
    summary = doc.get("summary") if isinstance(doc, dict) else None
    if not isinstance(summary, dict) or summary.get("game_over") is not True:
        return
    try:
        saved = saveload.read(path)
    except saves.SaveError:
        return  # Continue says what is wrong with it
    if saved.game.game_over:
        count_finished(saved)


def open_save(path: Path) -> tuple[Session | None, str]:
    """A named save (the Load screen's) as a session, or why it can't be
    opened (translated). The crash-on-open guard is noted as for Continue."""
    from rummy_gui.play.problems import problem

    openguard.mark_opening(path)  # until the table has drawn it (openguard.frame_drawn)
    try:
        saved = saveload.read_with_fallback(path)
        game = saved.game
        seats = [SeatConfig(s.name, s.kind, s.colour) for s in saved.seats]
        session = Session(
            game.preset, seats, dict(game.rules.options()), game=game, autosave_enabled=True
        )
    except opening.Cancelled:  # a quit while opening is no crash
        openguard.opened()
        raise
    except saves.SaveError as e:
        openguard.opened()
        return None, problem(e)
    return session, ""


def autosave_exists() -> bool:
    return saves.autosave_path().exists()
