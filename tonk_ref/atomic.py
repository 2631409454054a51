"""Files written whole or not at all: every file the tools write (reports, pages, found
scenarios, exports, known-failures lists) goes through :func:`write_text`.

The text is written to a temporary file beside the destination, flushed to the disk, and
renamed over it, so a full disk, a closed folder or an interrupted run leaves the old file
as it was (or no file), never one cut mid-line.  A destination that is not a regular file
(``/dev/stdout``, ``/dev/null``, a pipe) is written in place: nothing can be renamed over
it.  A failure raises :class:`OutputError`, one line naming the file.

This module imports nothing of the package but its errors, so every layer may use it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path

from .errors import TonkError

__all__ = ["OutputError", "check_destination", "write_bytes", "write_text"]


class OutputError(TonkError):
    """A file that could not be written: ``str()`` is one line naming it and why."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(f"cannot write {os.fspath(path)} ({reason})")
        self.path = os.fspath(path)
        self.reason = reason


def _reason(e: OSError) -> str:
    return e.strerror or type(e).__name__


def check_destination(path: str | os.PathLike[str]) -> None:
    """Raise :class:`OutputError` if a file cannot be written at ``path``: its folder is
    missing or is not a folder, ``path`` is a folder, or the folder refuses a new file (a
    temporary file is made there and removed).  Checked before a run, so that a run is not
    made for a report that cannot be kept."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        st = None
    except OSError as e:  # ENOTDIR: a path under a regular file; EACCES
        raise OutputError(p, _reason(e)) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(p, "it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        return  # a device or a pipe: written in place
    folder = p.parent
    if not folder.is_dir():
        raise OutputError(p, f"the folder {folder} does not exist" if not folder.exists()
                          else f"{folder} is not a folder")
    try:
        fd, tmp = _temporary(_target(p))
    except OSError as e:
        raise OutputError(p, _reason(e)) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def _target(p: Path) -> Path:
    """Where the text goes: a symbolic link's target (the link itself is kept)."""
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def _temporary(target: Path) -> tuple[int, str]:
    tmp = str(target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    # the mode a new file would get (the umask applies), never a file that already exists
    return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666), tmp


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` whole, or leave the file as it was."""
    write_bytes(path, text.encode(encoding, "surrogateescape" if encoding == "utf-8" else "strict"))


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole, or leave the file as it was (an
    :class:`OutputError` says why)."""
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
        _in_place(p, data)
        return
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(p, "it is a folder")
    target = _target(p)
    try:
        fd, tmp = _temporary(target)
    except OSError as e:
        raise OutputError(p, _reason(e)) from None
    try:
        try:
            if st is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, stat.S_IMODE(st.st_mode))  # a file rewritten keeps its mode
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise OutputError(p, _reason(e)) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(target.parent)


def _in_place(p: Path, data: bytes) -> None:
    try:
        with open(p, "wb") as out:
            out.write(data)
    except OSError as e:
        raise OutputError(p, _reason(e)) from None


def _sync_folder(folder: Path) -> None:
    """Make the rename durable where the platform allows (best effort)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
