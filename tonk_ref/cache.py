"""A disk cache of what is built from the package's data and the user's files (compiled
cases, the checked rulebook), keyed by content.

Compiling the packaged suite (YAML, schemas, deals, checks) takes some forty times as long
as reading it back from the cache; reading spec/rules.yaml and checking it against its
schema takes longer than running a tenth of the suite.

**What.**  An entry is keyed by what it was built from (the caller's key: a digest of its
files' text and paths) and by everything that compiles it (:func:`inputs_key`: the harness
and engine sources, the spec's schemas, rules and presets, the version), so an edit anywhere
makes a new key and nothing stale is read.  A value the caller's ``keep`` rejects (a suite
that holds load errors) is not stored: an error is always computed afresh.

**Where.**  ``TONK_CACHE_DIR`` when it is set, else the user's cache folder
(``platformdirs.user_cache_dir("tonk-ref")``: ``$XDG_CACHE_HOME/tonk-ref``, by default
``~/.cache/tonk-ref``, on Linux).  ``TONK_NO_CACHE=1`` turns the cache off.  Entries lie in
``cases-<inputs key>/<key>.msgpack`` below that folder.  A folder of entries is marked used
each time it is opened; when a new one is made (another version, or an edited checkout),
all but the :data:`KEEP` most recently used are removed.  ``tonk cache info`` lists them,
``tonk cache clear`` removes them all.

**How it is checked.**  The folder is created with mode 0700.  It, and every folder the
cache uses below it, is used only when it is a real directory (not a symbolic link) owned
by the current user and not writable by group or others; otherwise the cache is not used at
all (everything is computed afresh) and one line on stderr names the folder and what is
wrong.  Where the platform allows (POSIX), folders are opened once and everything below is
reached through their descriptors, and nothing is opened through a symbolic link
(``O_NOFOLLOW``).  An entry is written to a temporary file (mode 0600) and renamed into
place, so a reader sees a whole entry or none.

**The format cannot run code.**  An entry is MessagePack (msgspec): a stamp (the format's
name, the value's codec and its version, the inputs key and the entry's key) and the value
as its :class:`Codec` encodes it.  Every caller names the codec of its value.  An entry
whose stamp differs, or that does not decode to exactly the shape the codec expects
(garbage, truncated, another version), is ignored and rebuilt.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import hashlib
import os
import re
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

import msgspec

from . import __version__
from .paths import spec_dir

T = TypeVar("T")
_PACKAGE = Path(__file__).resolve().parent

#: The name stamped on every entry.
FORMAT: Literal["tonk-ref-cache"] = "tonk-ref-cache"


@dataclass(frozen=True)
class Codec(Generic[T]):
    """How one kind of value round-trips through an entry: ``encode`` gives bytes,
    ``decode`` gives the value back or raises (any exception: the entry is rebuilt) on
    anything that is not exactly what ``encode`` writes.  ``name`` and ``version`` are
    stamped on the entry; change the version whenever the encoding changes."""

    name: str
    version: int
    encode: Callable[[T], bytes]
    decode: Callable[[bytes], T]


def typed_codec(name: str, version: int, kind: Any) -> Codec[Any]:
    """A codec for a value of the type ``kind`` that msgspec encodes as it is (builtins,
    tuples, dicts, sets, Literals, msgspec Structs): decoding checks it is exactly ``kind``."""
    decoder = msgspec.msgpack.Decoder(kind)
    return Codec(name, version, msgspec.msgpack.Encoder().encode, decoder.decode)


class _Entry(msgspec.Struct, array_like=True, frozen=True, forbid_unknown_fields=True):
    format: Literal["tonk-ref-cache"]
    codec: str
    version: int
    inputs: str
    key: str
    value: msgspec.Raw


_ENTRY = msgspec.msgpack.Decoder(_Entry)
_ENCODER = msgspec.msgpack.Encoder()


def enabled() -> bool:
    return not os.environ.get("TONK_NO_CACHE")


def cache_root() -> Path:
    """The cache folder: ``TONK_CACHE_DIR``, else the user's cache folder for tonk-ref."""
    configured = os.environ.get("TONK_CACHE_DIR")
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_cache_dir("tonk-ref"))


@functools.cache
def inputs_key() -> str:
    """A digest of everything a compiled case depends on besides its own file: the
    compilers' sources, the engine's, the spec's schemas, rules and presets, the version."""
    h = hashlib.sha256(__version__.encode())
    spec = spec_dir()
    files = [
        _PACKAGE / "cache.py",
        *sorted((_PACKAGE / "harness").rglob("*.py")),
        *sorted((_PACKAGE / "rulebook").rglob("*.py")),
        *sorted((_PACKAGE / "engine").glob("*.py")),
        *sorted((_PACKAGE / "adapters").glob("*.py")),  # the reference's play makes the generated hands
        *sorted(spec.rglob("*.json")),
        *sorted(spec.rglob("*.yaml")),
        spec / "tonk.md",
    ]
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:20]


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()[:32]


# -- the folders ---------------------------------------------------------------------------

_POSIX = os.name == "posix"
_UID: int | None = os.getuid() if hasattr(os, "getuid") else None
#: Reach everything below a folder through its open descriptor (POSIX); elsewhere by path.
_AT = {os.open, os.mkdir, os.stat, os.rename, os.unlink} <= os.supports_dir_fd and hasattr(os, "O_DIRECTORY")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
#: O_NONBLOCK: a FIFO planted in place of an entry must not hang the reader.
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | _CLOEXEC | _BINARY | getattr(os, "O_NONBLOCK", 0)
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_warned: set[str] = set()


def _refuse(path: Path, problem: str) -> None:
    """Say once, on stderr, that the cache folder ``path`` is not used, and why."""
    line = f"tonk: not using the cache folder {path}: {problem}"
    if line not in _warned:
        _warned.add(line)
        print(line, file=sys.stderr)


def _problem(st: os.stat_result) -> str | None:
    """What makes a folder unfit to hold the cache (None: nothing)."""
    if stat.S_ISLNK(st.st_mode):
        return "it is a symbolic link"
    if not stat.S_ISDIR(st.st_mode):
        return "it is not a directory"
    if _UID is not None and st.st_uid != _UID:
        return f"it is owned by uid {st.st_uid}, not you"
    if _POSIX and st.st_mode & 0o022:
        who = " and ".join(w for w, bit in (("group", 0o020), ("others", 0o002)) if st.st_mode & bit)
        return f"it is writable by {who} (mode {stat.S_IMODE(st.st_mode):04o})"
    return None


@dataclass(slots=True)
class _Folder:
    """A checked folder: its path (for messages, and to reach it where descriptors cannot)
    and, where the platform allows, an open descriptor of it."""

    path: Path
    fd: int | None

    def at(self, name: str) -> str:
        """How an ``os`` call with ``dir_fd=self.fd`` names ``name`` in this folder."""
        return name if self.fd is not None else str(self.path / name)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _open_folder(path: Path, name: str, parent: _Folder | None) -> _Folder | None:
    """The folder ``name`` (in ``parent``, or the path itself), created with mode 0700 when
    missing and checked; None (said on stderr) when it is unfit."""
    where = name if parent is None else parent.at(name)
    parent_fd = None if parent is None else parent.fd
    if parent is None:
        try:
            Path(name).parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # FileExistsError: a file where a folder should be
            reason = os.strerror(errno.ENOTDIR) if isinstance(e, FileExistsError) else e.strerror or str(e)
            _refuse(path, f"it cannot be created ({reason}: {e.filename})")
            return None
    try:
        with contextlib.suppress(FileExistsError):
            os.mkdir(where, 0o700, dir_fd=parent_fd)
        if _AT:
            fd = os.open(where, _DIR_FLAGS, dir_fd=parent_fd)
            st = os.fstat(fd)
        else:
            fd, st = None, os.stat(where, follow_symlinks=False)
    except OSError as e:
        _refuse(path, _unopenable(where, parent_fd, e))
        return None
    problem = _problem(st)
    if problem is not None:
        if fd is not None:
            os.close(fd)
        _refuse(path, problem)
        return None
    return _Folder(path, fd)


def _unopenable(where: str, parent_fd: int | None, error: OSError) -> str:
    try:
        problem = _problem(os.stat(where, dir_fd=parent_fd, follow_symlinks=False))
    except OSError:
        return f"it cannot be created ({error.strerror or error})"
    return problem or f"it cannot be opened ({error.strerror or error})"


def _read(folder: _Folder, name: str) -> bytes | None:
    """The bytes of the entry ``name``, when it is a regular file of the current user's
    reached without a symbolic link (None: missing or anything else)."""
    try:
        fd = os.open(folder.at(name), _READ_FLAGS, dir_fd=folder.fd)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or (_UID is not None and st.st_uid != _UID):
            return None
        with open(fd, "rb", closefd=False) as fh:
            return fh.read()
    except OSError:
        return None
    finally:
        os.close(fd)


def _write(folder: _Folder, name: str, data: bytes) -> None:
    """Write the entry ``name``: a temporary file created with mode 0600, renamed into place."""
    import secrets  # only when an entry is written

    tmp = f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(folder.at(tmp), _NEW_FLAGS, 0o600, dir_fd=folder.fd)
    try:
        with open(fd, "wb", closefd=True) as out:
            if hasattr(os, "fchmod"):
                os.fchmod(out.fileno(), 0o600)
            out.write(data)
        os.replace(folder.at(tmp), folder.at(name), src_dir_fd=folder.fd, dst_dir_fd=folder.fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(folder.at(tmp), dir_fd=folder.fd)
        raise


#: The folders of entries kept when a new one is made: today's and those of the versions
#: (or checkouts) used most recently before it.
KEEP = 3
_ENTRIES_FOLDER = re.compile(r"cases-[0-9a-f]{20}")


def _entries() -> tuple[_Folder, _Folder] | None:
    """The cache folder and its folder of entries for today's inputs, both checked; a new
    one prunes the folders of entries used least recently."""
    root = cache_root()
    top = _open_folder(root, str(root), None)
    if top is None:
        return None
    name = f"cases-{inputs_key()}"
    try:
        os.stat(top.at(name), dir_fd=top.fd, follow_symlinks=False)
        new = False
    except OSError:
        new = True
    sub = _open_folder(root / name, name, top)
    if sub is None:
        top.close()
        return None
    with contextlib.suppress(OSError, NotImplementedError):
        os.utime(sub.fd if sub.fd is not None else str(sub.path))  # marked used
    if new:
        with contextlib.suppress(OSError):
            _prune(top, keep=KEEP)
    return top, sub


@dataclass(frozen=True, slots=True)
class EntriesFolder:
    """One folder of entries: its name, its entries, its size in bytes, when it was last
    used (seconds since the epoch), and whether it is the one of today's inputs."""

    name: str
    entries: int
    size: int
    used: float
    current: bool


def _listing(top: _Folder) -> list[EntriesFolder]:
    """The folders of entries in the cache folder, most recently used first (a name that
    is not such a folder's, or a folder reached through a link, is left alone)."""
    names = os.listdir(top.fd if top.fd is not None else str(top.path))
    current = f"cases-{inputs_key()}"
    out = []
    for name in names:
        if not _ENTRIES_FOLDER.fullmatch(name):
            continue
        st = os.stat(top.at(name), dir_fd=top.fd, follow_symlinks=False)
        if not stat.S_ISDIR(st.st_mode):
            continue
        entries = size = 0
        with os.scandir(top.path / name) as it:
            for e in it:
                if e.is_file(follow_symlinks=False):
                    entries += e.name.endswith(".msgpack")
                    size += e.stat(follow_symlinks=False).st_size
        out.append(EntriesFolder(name, entries, size, st.st_mtime, name == current))
    return sorted(out, key=lambda f: (not f.current, -f.used))


def _remove(top: _Folder, name: str) -> None:
    import shutil

    if top.fd is not None:
        shutil.rmtree(name, dir_fd=top.fd)
    else:
        shutil.rmtree(top.path / name)


def _prune(top: _Folder, keep: int) -> list[str]:
    gone = [f.name for f in _listing(top)[keep:] if not f.current]
    for name in gone:
        _remove(top, name)
    return gone


def _top() -> _Folder | None:
    root = cache_root()
    if not root.exists():
        return None
    return _open_folder(root, str(root), None)


def folders() -> list[EntriesFolder]:
    """The folders of entries of the cache folder, today's first, then by last use."""
    top = _top()
    if top is None:
        return []
    try:
        return _listing(top)
    finally:
        top.close()


def clear() -> list[EntriesFolder]:
    """Remove every folder of entries (what else the cache folder holds is left alone);
    the folders removed."""
    top = _top()
    if top is None:
        return []
    try:
        found = _listing(top)
        for f in found:
            _remove(top, f.name)
        return found
    finally:
        top.close()


def _decode(data: bytes, codec: Codec[T], key: str) -> T:
    entry = _ENTRY.decode(data)
    if (entry.codec, entry.version, entry.inputs, entry.key) != (codec.name, codec.version, inputs_key(), key):
        raise ValueError("the entry was written for something else")
    # Decoding makes hundreds of thousands of objects and no cycle, kept as long as the
    # process runs: the cyclic garbage collector's passes over them would double the time
    # of decoding, and each later pass would go over them again (a suite run's passes took
    # a tenth of its time).  So none runs while they are made, and they are then moved out
    # of its reach (gc.freeze: refcounting still frees them).
    collecting = gc.isenabled()
    gc.disable()
    try:
        value = codec.decode(bytes(entry.value))
        gc.freeze()
        return value
    finally:
        if collecting:
            gc.enable()


def cached(key: str, build: Callable[[], T], *, codec: Codec[T], keep: Callable[[T], bool] = lambda v: True) -> T:
    """``build()``, through the cache when it is enabled and its folder is fit; ``key``
    names what it builds (a digest of its inputs: the cache adds the compilers' own), and
    ``codec`` how the value is stored.  A value ``keep`` rejects (one that holds errors) is
    not stored."""
    if not _KEY.fullmatch(key):
        raise ValueError(f"a cache key is letters, digits, '.', '_' and '-': {key!r}")
    if not enabled():
        return build()
    folders = _entries()
    if folders is None:
        return build()
    top, sub = folders
    try:
        name = f"{key}.msgpack"
        data = _read(sub, name)
        if data is not None:
            # Anything that is not exactly an entry of this codec is rebuilt, never trusted.
            with contextlib.suppress(Exception):
                return _decode(data, codec, key)
        value = build()
        if keep(value):
            with contextlib.suppress(OSError, msgspec.EncodeError, TypeError, ValueError, OverflowError):
                stamp = _Entry(FORMAT, codec.name, codec.version, inputs_key(), key, msgspec.Raw(codec.encode(value)))
                _write(sub, name, _ENCODER.encode(stamp))
        return value
    finally:
        sub.close()
        top.close()
