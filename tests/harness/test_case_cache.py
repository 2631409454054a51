"""The case cache: its folder is checked before it is used, its entries can hold data and
nothing else, and the suite's codec is lossless.

Every test points the cache at a folder of its own (``TONK_CACHE_DIR`` or
``XDG_CACHE_HOME`` under ``tmp_path``): none touches the user's cache folder."""

from __future__ import annotations

import dataclasses
import errno
import os
import pickle
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from tonkcases import KNOCK_DEAL

from tonk_ref import cache as case_cache
from tonk_ref.cache import Codec, cached, typed_codec
from tonk_ref.engine.ruleset import DEFAULT as DEFAULT_RULESET
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.harness import case_codec
from tonk_ref.harness.case import Call, Case
from tonk_ref.harness.case_codec import CASE_CODEC, STEP_WIRE
from tonk_ref.harness.suite import SUITE_CODEC, Suite, load_suite
from tonk_ref.harness.table.block import REACH_CODEC

POSIX = os.name == "posix"
posix_only = pytest.mark.skipif(not POSIX, reason="owners and mode bits are POSIX's")
#: a small value and its codec, for the tests of the folder and the entries
VALUE = {"KNOCK-1": (0, 3), "PAY-2": (5,)}
CODEC: Codec[dict[str, tuple[int, ...]]] = typed_codec("test", 1, dict[str, tuple[int, ...]])
KEY = "entry-0123"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache folder of the test (not made yet), the warnings already given forgotten."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TONK_CACHE_DIR", str(folder))
    monkeypatch.delenv("TONK_NO_CACHE", raising=False)
    monkeypatch.setattr(case_cache, "_warned", set())
    return folder


class Builds:
    """A build function that counts its calls."""

    def __init__(self, value: Any = VALUE) -> None:
        self.value = value
        self.calls = 0

    def __call__(self) -> Any:
        self.calls += 1
        return self.value


def entries_dir(root: Path) -> Path:
    return root / f"cases-{case_cache.inputs_key()}"


def entry(root: Path, key: str = KEY) -> Path:
    return entries_dir(root) / f"{key}.msgpack"


def stamp(value: bytes, *, codec: str = "test", version: int = 1, key: str = KEY) -> bytes:
    return msgspec.msgpack.encode(("tonk-ref-cache", codec, version, case_cache.inputs_key(), key, msgspec.Raw(value)))


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


# -- a fit folder --------------------------------------------------------------------------


def test_an_entry_is_built_once_then_read(root: Path) -> None:
    build = Builds()
    assert cached(KEY, build, codec=CODEC) == VALUE
    assert cached(KEY, build, codec=CODEC) == VALUE
    assert build.calls == 1
    assert sorted(p.name for p in entries_dir(root).iterdir()) == [f"{KEY}.msgpack"]  # no temporary file left


@posix_only
def test_the_folders_are_made_0700_and_the_entries_0600(root: Path) -> None:
    old = os.umask(0)  # what the cache makes does not depend on the umask being strict
    try:
        cached(KEY, Builds(), codec=CODEC)
    finally:
        os.umask(old)
    assert mode(root) == 0o700
    assert mode(entries_dir(root)) == 0o700
    assert mode(entry(root)) == 0o600


def test_no_cache_turns_it_off(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TONK_NO_CACHE", "1")
    build = Builds()
    cached(KEY, build, codec=CODEC)
    cached(KEY, build, codec=CODEC)
    assert build.calls == 2 and not root.exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_CACHE_HOME is the Linux cache folder")
def test_the_default_folder_is_the_users_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TONK_CACHE_DIR", raising=False)
    monkeypatch.delenv("TONK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert case_cache.cache_root() == tmp_path / "xdg" / "tonk-ref"
    cached(KEY, Builds(), codec=CODEC)
    assert entry(tmp_path / "xdg" / "tonk-ref").is_file()


def test_tonk_cache_dir_overrides_xdg(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cached(KEY, Builds(), codec=CODEC)
    assert entry(root).is_file() and not (tmp_path / "xdg").exists()


def test_a_key_cannot_name_a_path(root: Path) -> None:
    for key in ("../x", "a/b", ".hidden", ""):
        with pytest.raises(ValueError, match="cache key"):
            cached(key, Builds(), codec=CODEC)


# -- unfit folders: refused, said once, and the run goes on ------------------------------------


def refused(root: Path, capsys: pytest.CaptureFixture[str], shown: Path, problem: str) -> None:
    """Two builds through an unfit cache folder: both computed, nothing stored under
    ``shown``, and one line on stderr naming ``shown`` and ``problem``."""
    build = Builds()
    assert cached(KEY, build, codec=CODEC) == VALUE
    assert cached("other-key", build, codec=CODEC) == VALUE
    assert build.calls == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"tonk: not using the cache folder {shown}: {problem}"]


def hostile_uid() -> int:
    return os.getuid() + 1 if os.getuid() != 1001 else 1002


@posix_only
def test_a_folder_of_another_user_is_refused(root: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    root.mkdir(mode=0o700)
    other = hostile_uid()
    if os.getuid() == 0:
        os.chown(root, other, -1)
        owner = other
    else:  # not root: the folder is ours, so the cache is told that we are someone else
        monkeypatch.setattr(case_cache, "_UID", other)
        owner = os.getuid()
    refused(root, capsys, root, f"it is owned by uid {owner}, not you")
    assert list(root.iterdir()) == []


@posix_only
@pytest.mark.parametrize(("bits", "who"), [(0o777, "group and others"), (0o770, "group"), (0o703, "others")])
def test_a_folder_others_may_write_is_refused(root: Path, capsys: pytest.CaptureFixture[str], bits: int,
                                              who: str) -> None:
    root.mkdir()
    root.chmod(bits)
    refused(root, capsys, root, f"it is writable by {who} (mode {bits:04o})")
    assert list(root.iterdir()) == []


@posix_only
def test_a_symlinked_folder_is_refused(root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    root.symlink_to(target)
    refused(root, capsys, root, "it is a symbolic link")
    assert list(target.iterdir()) == []


def test_a_file_in_place_of_the_folder_is_refused(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root.write_text("not a folder")
    refused(root, capsys, root, "it is not a directory")


def test_a_folder_that_cannot_be_made_is_refused(root: Path, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    root.write_text("a file, where the cache folder's parent would be")
    inner = root / "inner"
    monkeypatch.setenv("TONK_CACHE_DIR", str(inner))
    refused(inner, capsys, inner, f"it cannot be created ({os.strerror(errno.ENOTDIR)}: {root})")


@posix_only
def test_an_unfit_folder_below_the_root_is_refused(root: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    sub = entries_dir(root)
    sub.mkdir(parents=True, mode=0o700)
    root.chmod(0o700)
    sub.chmod(0o777)
    refused(root, capsys, sub, "it is writable by group and others (mode 0777)")
    sub.rmdir()
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    sub.symlink_to(target)
    refused(root, capsys, sub, "it is a symbolic link")
    assert list(target.iterdir()) == []


@posix_only
def test_the_suite_loads_through_an_unfit_folder(root: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Every scenario and the suite go through the cache: the refusal is said once, and the
    suite is the one a fit folder gives."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    for i in range(3):
        (scenarios / f"c{i}.yaml").write_text(
            f"id: cache-{i}\ntitle: a knock\nrules: [PAY-KNOCK-2]\n{KNOCK_DEAL}script:\n  - act: 0 knock\n"
            "result:\n  ending: knock_won\n", encoding="utf-8")
    root.mkdir()
    root.chmod(0o777)
    unfit = load_suite([scenarios], features=False, perft_depth=0)
    assert capsys.readouterr().err.count("tonk: not using the cache folder") == 1
    assert list(root.iterdir()) == []
    root.chmod(0o700)
    fresh = load_suite([scenarios], features=False, perft_depth=0)
    again = load_suite([scenarios], features=False, perft_depth=0)
    assert [c.id for c in unfit.cases] == ["cache-0", "cache-1", "cache-2"]
    assert unfit == fresh == again and not unfit.errors
    assert entries_dir(root).is_dir() and capsys.readouterr().err == ""


# -- planted entries: ignored and rebuilt, never run -------------------------------------------


class Plant:
    """A pickle that creates ``marker`` when it is unpickled."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return (open, (str(self.marker), "w"))


def planted(tmp_path: Path) -> dict[str, bytes]:
    good = stamp(CODEC.encode(VALUE))
    evil = pickle.dumps(Plant(tmp_path / "marker"))
    return {
        "garbage": os.urandom(64),
        "empty": b"",
        "a pickle": evil,
        "a pickle as the value": stamp(evil),
        "a truncated entry": good[: len(good) // 2],
        "a longer entry": stamp(CODEC.encode(VALUE)) + b"\x00",
        "another format version": stamp(CODEC.encode(VALUE), version=2),
        "another codec": stamp(CODEC.encode(VALUE), codec="suite"),
        "another key's entry": stamp(CODEC.encode(VALUE), key="other-key"),
        "another shape": stamp(msgspec.msgpack.encode({"KNOCK-1": ["0", "3"]})),
        "another format": msgspec.msgpack.encode(("other-cache", "test", 1, case_cache.inputs_key(), KEY,
                                                  msgspec.Raw(CODEC.encode(VALUE)))),
    }


def test_the_planted_pickle_would_run(tmp_path: Path) -> None:
    """The pickle below is a real threat: unpickled, it creates its marker."""
    pickle.loads(planted(tmp_path)["a pickle"])
    assert (tmp_path / "marker").exists()


@pytest.mark.parametrize("what", sorted(planted(Path("x"))))
def test_a_planted_entry_is_ignored_and_rebuilt(root: Path, tmp_path: Path, what: str) -> None:
    cached(KEY, Builds(), codec=CODEC)  # make the folders
    entry(root).write_bytes(planted(tmp_path)[what])
    build = Builds({"REBUILT-1": (1,)})
    assert cached(KEY, build, codec=CODEC) == {"REBUILT-1": (1,)}
    assert build.calls == 1
    assert not (tmp_path / "marker").exists()
    assert cached(KEY, build, codec=CODEC) == {"REBUILT-1": (1,)}  # the rebuilt entry is read back
    assert build.calls == 1


def test_a_good_entry_is_read(root: Path) -> None:
    """The entries the tests above plant differ from a good one only where they say."""
    cached(KEY, Builds(), codec=CODEC)
    entry(root).write_bytes(stamp(CODEC.encode({"PLANTED-1": (9,)})))
    assert cached(KEY, Builds(), codec=CODEC) == {"PLANTED-1": (9,)}


@posix_only
def test_a_symlinked_entry_is_not_followed(root: Path, tmp_path: Path) -> None:
    cached(KEY, Builds(), codec=CODEC)
    elsewhere = tmp_path / "elsewhere.msgpack"
    elsewhere.write_bytes(stamp(CODEC.encode({"PLANTED-1": (9,)})))
    entry(root).unlink()
    entry(root).symlink_to(elsewhere)
    build = Builds()
    assert cached(KEY, build, codec=CODEC) == VALUE and build.calls == 1
    assert not entry(root).is_symlink()  # replaced by a real entry; the link's target untouched
    assert CODEC.decode(bytes(case_cache._ENTRY.decode(elsewhere.read_bytes()).value)) == {"PLANTED-1": (9,)}


@posix_only
def test_a_fifo_in_place_of_an_entry_does_not_hang(root: Path) -> None:
    cached(KEY, Builds(), codec=CODEC)
    entry(root).unlink()
    os.mkfifo(entry(root))
    build = Builds()
    assert cached(KEY, build, codec=CODEC) == VALUE and build.calls == 1


def test_a_folder_in_place_of_an_entry_is_left_alone(root: Path) -> None:
    cached(KEY, Builds(), codec=CODEC)
    entry(root).unlink()
    entry(root).mkdir()
    build = Builds()
    assert cached(KEY, build, codec=CODEC) == VALUE and build.calls == 1
    assert cached(KEY, build, codec=CODEC) == VALUE and build.calls == 2  # nothing can be stored there
    assert sorted(p.name for p in entries_dir(root).iterdir()) == [entry(root).name]  # no temporary file left


@pytest.mark.skipif(not POSIX or os.getuid() != 0, reason="only root can give a file to another user")
def test_an_entry_of_another_user_is_ignored(root: Path) -> None:
    cached(KEY, Builds(), codec=CODEC)
    entry(root).write_bytes(stamp(CODEC.encode({"PLANTED-1": (9,)})))
    os.chown(entry(root), hostile_uid(), -1)
    assert cached(KEY, Builds(), codec=CODEC) == VALUE


# -- the codecs --------------------------------------------------------------------------------


def same(a: Any, b: Any, where: str = "") -> None:
    """``a`` and ``b`` are equal in every field (those left out of ``==`` too) and of the
    same types all the way down (``==`` takes True for 1, and 1 for 1.0)."""
    if a == b and repr(a) == repr(b):  # a dataclass's repr shows every field; repr, every type
        return
    _same(a, b, where)  # where they differ (or only in the order of a frozenset's repr)


def _same(a: Any, b: Any, where: str) -> None:
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            _same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for k in a:
            _same(k, next(x for x in b if x == k), f"{where}[{k!r}] key")
            _same(a[k], b[k], f"{where}[{k!r}]")
    elif isinstance(a, list | tuple):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


def test_same_sees_what_equality_does_not() -> None:
    from tonk_ref.harness.case import Act

    assert all(f.repr for cls in (Case, Ruleset, *STEP_WIRE) for f in dataclasses.fields(cls))
    call = Call("score", {"seat": 1}, written=(("net", 3, "Then seat 1 scores"),))
    for a, b in [
        (call, dataclasses.replace(call, written=())),  # a field == leaves out
        (Act(0, {"n": 1}), Act(0, {"n": True})),  # True == 1
        (Act(0, {"n": 1}), Act(0, {"n": 1.0})),
        (Act(0, {0: 1}), Act(0, {0.0: 1})),
    ]:
        with pytest.raises(AssertionError):
            same(a, b)
    same(call, Call("score", {"seat": 1}, written=(("net", 3, "Then seat 1 scores"),)))


@pytest.fixture(scope="module")
def packaged() -> Suite:
    """The packaged suite, as a run loads it (through the test run's cache)."""
    suite = load_suite()
    assert suite.cases and not suite.errors
    return suite


def test_the_suite_codec_is_lossless(packaged: Suite) -> None:
    back = SUITE_CODEC.decode(SUITE_CODEC.encode(packaged))
    assert back == packaged
    assert len(back.cases) == len(packaged.cases)
    for a, b in zip(packaged.cases, back.cases, strict=True):
        assert a == b, a.id
        # the fields == leaves out, and the types == does not see
        assert a.ruleset == b.ruleset and a.ruleset.to_dict() == b.ruleset.to_dict(), a.id
        for x, y in zip(a.steps, b.steps, strict=True):
            if isinstance(x, Call):
                assert isinstance(y, Call) and x.written == y.written, a.id
        same(a, b, a.id)
    assert {c.ruleset for c in packaged.cases} - {DEFAULT_RULESET}, "some case plays other rules"
    assert any(s.written for c in packaged.cases for s in c.steps if isinstance(s, Call)), "some call has its lines"


def test_the_cached_suite_is_the_compiled_one(packaged: Suite, monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite a run loads (read from the cache, when an earlier test or run stored it) is
    the one the compilers give: a sample of the files of every kind, compiled afresh."""
    from tonk_ref.harness.suite import PERFT_DEPTH, _compile, _files
    from tonk_ref.paths import features_dir, scenarios_dir

    files = _files([scenarios_dir()], features_dir(), PERFT_DEPTH)
    kinds = {f.suffix for f in files}
    sample = [f for i, f in enumerate(files) if i % 12 == 0]
    # a file of every kind, however many files there are
    sample += [next(f for f in files if f.suffix == k) for k in sorted(kinds - {f.suffix for f in sample})]
    assert len(kinds) >= 3 and {f.suffix for f in sample} == kinds
    monkeypatch.setenv("TONK_NO_CACHE", "1")
    fresh = _compile(sample, PERFT_DEPTH)
    by_id = packaged.by_id()
    assert fresh.cases and not fresh.errors
    for case in fresh.cases:
        same(by_id[case.id], case, case.id)
        same(SUITE_CODEC.decode(SUITE_CODEC.encode(Suite([case]))).cases[0], case, case.id)


def test_the_case_codec_is_lossless(packaged: Suite) -> None:
    for case in packaged.cases[:: max(1, len(packaged.cases) // 50)]:
        same(case, CASE_CODEC.decode(CASE_CODEC.encode(case)), case.id)


def test_errors_round_trip() -> None:
    from tonk_ref.harness.results import LoadError

    suite = Suite([], [LoadError("scenarios/x.yaml:3", "bad"), LoadError("features/y.feature", "worse")])
    same(SUITE_CODEC.decode(SUITE_CODEC.encode(suite)), suite)


def test_the_wire_follows_the_model() -> None:
    """Each step is written as its dataclass's fields in order: a field added to the model
    and not to the wire fails here (and would fail every decode)."""
    for cls, wire in STEP_WIRE.items():
        assert msgspec.structs.fields(wire) and [f.name for f in msgspec.structs.fields(wire)] == [
            f.name for f in dataclasses.fields(cls)], cls.__name__
    assert [f.name for f in msgspec.structs.fields(case_codec._Case)] == [f.name for f in dataclasses.fields(Case)]


def _tampered(suite: Suite, edit: Callable[[list[Any]], None]) -> bytes:
    raw = msgspec.msgpack.decode(SUITE_CODEC.encode(suite))
    edit(raw)
    return msgspec.msgpack.encode(raw)


def _set(path: tuple[int | str, ...], value: Any) -> Callable[[list[Any]], None]:
    def edit(raw: list[Any]) -> None:
        node: Any = raw
        for p in path[:-1]:
            node = node[p]
        node[path[-1]] = value
    return edit


TAMPERED: dict[str, Callable[[list[Any]], None]] = {
    "a kind that is not a case kind": _set((1, 0, 2), "poem"),
    "an origin that is not one": _set((1, 0, 11), "found"),
    "a ruleset index out of range": _set((1, 0, 13), 5),
    "a negative ruleset index": _set((1, 0, 13), -1),
    "a step of no kind": _set((1, 0, 7, 0, 0), "dance"),
    "a seat that is not a number": _set((1, 0, 7, 0, 1), "0"),
    "an option value not allowed": _set((0, 0, "deck"), 53),
    "an option of another type": _set((0, 0, "upcard"), 1),
    "an option that does not exist": _set((0, 0, "wishes"), 3),
    "a missing option": lambda raw: raw[0][0].pop("deck"),
    "a step with a field more": lambda raw: raw[1][0][7][0].append(0),
    "a case with a field less": lambda raw: raw[1][0].pop(),
    "a suite with a part more": lambda raw: raw.append([]),
}


@pytest.mark.parametrize("what", sorted(TAMPERED))
def test_the_suite_codec_takes_its_exact_shape_only(what: str) -> None:
    from tonk_ref.harness.case import Act

    case = Case("x-1", "a case", "scenario", ("PAY-2",), "scenarios/x.yaml", 1, {"players": 3},
                (Act(0, {"type": "knock"}),))
    suite = Suite([case])
    assert SUITE_CODEC.decode(_tampered(suite, lambda raw: None)) == suite
    with pytest.raises((msgspec.ValidationError, ValueError)):
        SUITE_CODEC.decode(_tampered(suite, TAMPERED[what]))


def test_the_reach_codec_round_trips() -> None:
    sample = {"DEAL-1": (0, 1, 2), "PAY-3": ()}
    back = REACH_CODEC.decode(REACH_CODEC.encode(sample))
    same(back, sample)
    with pytest.raises(msgspec.ValidationError):
        REACH_CODEC.decode(msgspec.msgpack.encode({"DEAL-1": ["0"]}))
