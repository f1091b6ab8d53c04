"""JSON files that survive crashes and never crash the reader.

``write_json`` writes a temporary file in the same directory, flushes and
fsyncs it, keeps the previous file as ``NAME.bak`` and moves the new one into
place with ``os.replace``: at every moment a complete file (old or new) is on
disk. ``read_json`` checks the size before reading (5 MB at most), accepts
only regular files (a FIFO would block), strict UTF-8 and strict JSON (no
NaN or Infinity, no duplicate keys), and turns every problem into a
``ReadError`` whose ``kind`` says what went wrong. Loading never runs code.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from rummy_gui.safetext import shown_path

MAX_BYTES = 5 * 1024 * 1024
BACKUP_SUFFIX = ".bak"
_WRITE_LOCK = threading.Lock()  # an autosave thread and the table may both write


class JsonFileError(ValueError):
    """A JSON file could not be read or written. ``kind`` is a stable id for
    the UI; ``path`` the file; str() an English sentence."""

    def __init__(self, message: str, kind: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


class ReadError(JsonFileError):
    """kind: missing, not_a_file, unreadable, too_large, empty, not_utf8, not_json."""


class WriteError(JsonFileError):
    """kind: read_only, disk_full, too_large, not_json, write_failed, busy (the
    other copy of the program holds the file: `folderlock.short_lock`)."""


def backup_path(path: Path | str) -> Path:
    """Where the previous version of ``path`` is kept: ``NAME.bak``."""
    p = Path(path)
    return p.with_name(p.name + BACKUP_SUFFIX)


# ----------------------------------------------------------------- reading
def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large a number")
    return value


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def read_bytes(path: Path | str, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; ReadError otherwise."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        # the type first: opening a FIFO or a device may block or act (a tape rewinds)
        if not stat.S_ISREG(os.stat(p).st_mode) and not os.path.isdir(p):
            raise ReadError(f"{shown_path(p.name)} is not a regular file", "not_a_file", p)
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise ReadError(f"{shown_path(p.name)} does not exist", "missing", p) from None
    except IsADirectoryError:
        raise ReadError(f"{shown_path(p.name)} is a folder, not a file", "not_a_file", p) from None
    except OSError as e:
        raise ReadError(
            f"{shown_path(p.name)} can't be opened: {e.strerror or e}", "unreadable", p
        ) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ReadError(f"{shown_path(p.name)} is a folder, not a file", "not_a_file", p)
        if not stat.S_ISREG(st.st_mode):
            raise ReadError(f"{shown_path(p.name)} is not a regular file", "not_a_file", p)
        if st.st_size > max_bytes:
            raise ReadError(
                f"{shown_path(p.name)} is {st.st_size / 1e6:.1f} MB, more than the "
                f"{max_bytes / 1e6:.0f} MB a file of this program can be",
                "too_large",
                p,
            )
        # read one byte past the limit: the file may have grown since fstat
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise ReadError(
                f"{shown_path(p.name)} is more than the {max_bytes / 1e6:.0f} MB a file of "
                "this program can be",
                "too_large",
                p,
            )
        return b"".join(chunks)
    except OSError as e:
        raise ReadError(
            f"{shown_path(p.name)} can't be read: {e.strerror or e}", "unreadable", p
        ) from None
    finally:
        os.close(fd)


def parse_json(data: bytes, name: str = "the file", path: Path | None = None) -> Any:
    """Strict JSON from UTF-8 bytes; ReadError (kind empty/not_utf8/not_json) otherwise."""
    if not data.strip():
        raise ReadError(f"{name} is empty", "empty", path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ReadError(
            f"{name} is not text (byte {e.start} is not UTF-8)", "not_utf8", path
        ) from None
    try:
        return json.loads(
            text,
            parse_constant=_reject_constant,
            parse_float=_finite_float,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as e:
        raise ReadError(
            f"{name} is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}); "
            "it may be cut short or damaged",
            "not_json",
            path,
        ) from None
    except RecursionError:
        raise ReadError(
            f"{name} is nested too deeply to be a file of this program", "not_json", path
        ) from None
    except ValueError as e:  # NaN/Infinity, duplicate keys, over-long integers
        raise ReadError(f"{name} is not valid JSON: {e}", "not_json", path) from None


def read_json(path: Path | str, max_bytes: int = MAX_BYTES) -> Any:
    """Read a JSON file safely (see the module docstring). Raises only ReadError."""
    p = Path(path)
    return parse_json(read_bytes(p, max_bytes), p.name, p)


# ----------------------------------------------------------------- writing
def _write_problem(e: OSError, p: Path) -> WriteError:
    code = e.errno
    where = shown_path(p.parent)  # a folder's name from the environment: maybe not text
    if isinstance(e, PermissionError) or code in (errno.EACCES, errno.EPERM):
        return WriteError(f"the folder {where} is not writable (permission denied)", "read_only", p)
    if code == errno.EROFS:
        return WriteError(f"the folder {where} is on a read-only disk", "read_only", p)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return WriteError(f"the disk holding {where} is full", "disk_full", p)
    return WriteError(
        f"{shown_path(p.name)} could not be written in {where}: {e.strerror or e}",
        "write_failed",
        p,
    )


def dumps(data: Any) -> bytes:
    """The bytes write_json would write; WriteError if ``data`` is not plain JSON."""
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        raise WriteError(f"the data can't be written as JSON: {e}", "not_json") from None
    return (text + "\n").encode("utf-8")


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_backup(p: Path) -> None:
    """Keep the current file as NAME.bak while it stays in place (a hard link,
    or a copy where links are not supported)."""
    bak = backup_path(p)
    tmp_bak = p.with_name(f".{p.name}.bak-tmp")
    try:
        if not stat.S_ISREG(os.stat(p).st_mode):
            return  # a FIFO or a device in the file's place is no version to keep
    except FileNotFoundError:
        return
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp_bak)
    try:
        try:
            os.link(p, tmp_bak)
        except FileNotFoundError:
            return
        except OSError:
            try:
                _copy_file(p, tmp_bak)
            except ReadError as e:
                raise OSError(errno.EIO, str(e)) from None
        os.replace(tmp_bak, bak)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp_bak)


def write_json(
    path: Path | str, data: Any, backup: bool = True, max_bytes: int = MAX_BYTES
) -> None:
    """Write ``data`` as JSON atomically; keep the previous file as NAME.bak.

    Raises WriteError (kind read_only, disk_full, too_large, not_json,
    write_failed); the file on disk is then the previous one, untouched."""
    p = Path(path)
    blob = dumps(data)
    if len(blob) > max_bytes:
        raise WriteError(
            f"{shown_path(p.name)} would be {len(blob) / 1e6:.1f} MB, more than the "
            f"{max_bytes / 1e6:.0f} MB limit",
            "too_large",
            p,
        )
    with _WRITE_LOCK:
        _write_locked(p, blob, backup)


def write_bytes(path: Path | str, blob: bytes) -> None:
    """Write any file atomically (an export: no backup kept). WriteError as
    `write_json` raises it; the file on disk is then the previous one."""
    with _WRITE_LOCK:
        _write_locked(Path(path), blob, backup=False)


def _write_locked(p: Path, blob: bytes, backup: bool) -> None:
    tmp: str | None = None
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        if backup:
            _keep_backup(p)
        os.replace(tmp, p)
        tmp = None
    except OSError as e:
        raise _write_problem(e, p) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _fsync_dir(p.parent)


def quarantine(path: Path | str) -> Path:
    """Move a bad file aside as NAME.corrupt-<time> (never deleted); the new path.
    ReadError kind missing if there is no file; WriteError if it can't be moved."""
    p = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = p.with_name(f"{p.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = p.with_name(f"{p.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        os.rename(p, target)
    except FileNotFoundError:
        raise ReadError(f"{shown_path(p.name)} does not exist", "missing", p) from None
    except OSError as e:
        raise WriteError(
            f"{shown_path(p.name)} could not be moved aside: {e.strerror or e}", "write_failed", p
        ) from None
    return target


def keep_aside(path: Path | str, tag: str) -> Path | None:
    """Keep a copy of a file this version can't fully read (``tag`` "corrupt"
    or "newer") as NAME.<tag>-<time>, before anything is written over it.

    None when an identical copy is kept already (so the player is told once),
    or when there is no file. WriteError when no copy can be made: the caller
    must then leave the file alone."""
    p = Path(path)
    try:
        data = read_bytes(p)
    except ReadError as e:
        if e.kind == "missing":
            return None
        raise WriteError(
            f"{shown_path(p.name)} can't be copied aside: {_after_name(str(e), p.name)}",
            "write_failed",
            p,
        ) from None
    prefix = f"{p.name}.{tag}-"
    try:
        kept = [q for q in p.parent.iterdir() if q.name.startswith(prefix)]
    except OSError:
        kept = []
    for other in kept:
        try:
            # read_bytes: a FIFO or a device named like a copy is skipped, never opened
            if read_bytes(other) == data:
                return None
        except ReadError:  # noqa: PERF203 (an unreadable copy is skipped, the others compared)
            continue
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = p.with_name(f"{prefix}{stamp}")
    n = 1
    while target.exists():
        target = p.with_name(f"{prefix}{stamp}-{n}")
        n += 1
    try:
        _write_new(target, data, _mode_of(p))
    except OSError as e:
        raise _write_problem(e, target) from None
    return target


def _mode_of(p: Path) -> int:
    """The permission bits of ``p`` (a copy of it gets the same: 0600 stays 0600)."""
    try:
        return stat.S_IMODE(os.stat(p).st_mode)
    except OSError:
        return 0o600


def _write_new(target: Path, data: bytes, mode: int) -> None:
    """A new file (never one that exists) holding ``data``, with exactly ``mode``."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    with os.fdopen(fd, "wb") as f:
        fchmod = getattr(os, "fchmod", None)  # the umask took bits away; not on Windows
        if fchmod is not None:
            with contextlib.suppress(OSError):  # not every file system keeps modes
                fchmod(f.fileno(), mode)
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _copy_file(p: Path, target: Path) -> None:
    """Copy the regular file ``p`` to the new file ``target``, with its mode."""
    _write_new(target, read_bytes(p), _mode_of(p))


def keep_unreadable(path: Path, newer: bool, strict: bool) -> list[str]:
    """Keep a copy of a file this version can't fully read (keep_aside) and say
    so: the warnings for the player. ``strict``: WriteError when no copy can be
    made, so that the caller does not write over the file."""
    try:
        kept = keep_aside(path, "newer" if newer else "corrupt")
    except WriteError as e:
        if strict:
            raise WriteError(
                f"{shown_path(path.name)} is not written over, as no copy of it "
                f"could be kept ({e})",
                e.kind,
                path,
            ) from None
        return [f"no copy of the file could be kept ({e}), so it will not be written over"]
    return [] if kept is None else [f"the file as it was is kept as {shown_path(kept.name)}"]


# mkstemp's names for write_json (".NAME.XXXXXXXX.tmp") and _keep_backup's (".NAME.bak-tmp")
_OUR_TEMP = re.compile(r"^\.[^/\\]+\.(?:[a-z0-9_]{8}\.tmp|bak-tmp)$")
STALE_AFTER = 120.0  # seconds: a write takes milliseconds, so an older temp file is a leftover


def clean_stale_temps(folder: Path | str, older_than: float = STALE_AFTER) -> list[Path]:
    """Delete the temporary files a killed write left in ``folder`` (only our own
    name pattern, only older than ``older_than`` seconds); the files removed.
    Never raises: a folder that can't be read or written keeps its files."""
    d = Path(folder)
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(d.iterdir())
    except OSError:
        return removed
    for q in entries:
        if not _OUR_TEMP.match(q.name):
            continue
        try:
            st = q.lstat()
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                continue
            q.unlink()
        except OSError:
            continue
        removed.append(q)
    return removed


NOTHING: Any = object()  # read_json_leniently: no usable data


def read_json_leniently(path: Path | str) -> tuple[Any, list[str]]:
    """For files the program can do without (settings, statistics): the data,
    or NOTHING with warnings. A damaged file is moved aside and its backup tried.
    Never raises."""
    p = Path(path)
    try:
        return read_json(p), []
    except ReadError as e:
        if e.kind == "missing":
            return NOTHING, []
        warnings = [f"{shown_path(p.name)} could not be read ({_after_name(str(e), p.name)})"]
    if p.is_file():
        try:
            warnings.append(f"the damaged file was moved aside as {quarantine(p).name}")
        except JsonFileError as failed:
            warnings.append(str(failed))
    try:
        data = read_json(backup_path(p))
    except ReadError:
        return NOTHING, warnings
    warnings.append(f"using the backup copy {backup_path(p).name}")
    return data, warnings


def _after_name(message: str, name: str) -> str:
    return "the file" + message[len(name) :] if message.startswith(name) else message
