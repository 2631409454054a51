"""The conformance suite: every case of the scenario files, the Gherkin features and the
perft tables, compiled into the one case model, with the files that failed to load.

The packaged suite compiles in about a second; compiled, it is kept in the disk cache
(:mod:`.case_cache`, stored as :mod:`.case_codec` writes it) under a digest of every file it
was compiled from, so a run that changes nothing reads it back, some forty times faster.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import cache as case_cache
from ..cache import Codec
from .case import Case
from .case_codec import VERSION, decode_cases, encode_cases
from .files import feature_files, scenario_files, table_files
from .results import LoadError

#: How deep ``tonk check`` counts the perft tables by default.
PERFT_DEPTH = 3


@dataclass(slots=True)
class Suite:
    cases: list[Case] = field(default_factory=list)
    errors: list[LoadError] = field(default_factory=list)
    #: the digest of every file the suite was compiled from (what a cache of it is keyed by)
    key: str = field(default="", compare=False)

    def by_id(self) -> dict[str, Case]:
        return {c.id: c for c in self.cases}


def _encode_suite(suite: Suite) -> bytes:
    return encode_cases(suite.cases, suite.errors)


def _decode_suite(data: bytes) -> Suite:
    cases, errors = decode_cases(data)
    return Suite(cases, errors)


#: A compiled suite: its cases and load errors, as :mod:`.case_codec` writes them.
SUITE_CODEC: Codec[Suite] = Codec("suite", VERSION, _encode_suite, _decode_suite)


def _files(scenario_dirs: Sequence[Path], features: Path | None, perft_depth: int) -> list[Path]:
    out: list[Path] = []
    for d in scenario_dirs:
        out += scenario_files(d)
        if perft_depth > 0 and (d / "perft").is_dir():
            out += table_files(d / "perft")
    if features is not None:
        out += feature_files(features)
    return out


def load_suite(
    scenario_dirs: Sequence[Path] | None = None,
    *,
    features: Path | bool | None = True,
    perft_depth: int = PERFT_DEPTH,
) -> Suite:
    """Compile the suite: the YAML scenarios and perft tables of ``scenario_dirs`` (default:
    the packaged corpus) and the features of ``features`` (True: the packaged ones)."""
    from ..paths import features_dir, scenarios_dir

    dirs = [Path(d) for d in (scenario_dirs if scenario_dirs is not None else [scenarios_dir()])]
    feats = features_dir() if features is True else (None if features is False else features)
    files = _files(dirs, feats, perft_depth)
    data = [f.read_bytes() for f in files]
    key = case_cache.digest(str(perft_depth), *(f"{f}\0{len(d)}" for f, d in zip(files, data, strict=True)), *data)
    suite = case_cache.cached(key, lambda: _compile(files, perft_depth), codec=SUITE_CODEC,
                              keep=lambda s: not s.errors)
    suite.key = key
    return suite


def _compile(files: list[Path], perft_depth: int) -> Suite:
    from ..rulebook.book import RulebookError
    from .gherkin import FeatureError, load_feature, shown_path
    from .perft import PerftError, load_table, to_case
    from .scenario import ScenarioError, load_scenario

    suite = Suite()
    for f in files:
        try:
            if f.suffix == ".yaml":
                suite.cases.append(load_scenario(f))
            elif f.suffix == ".feature":
                suite.cases += load_feature(f)
            else:
                source = shown_path(f)
                suite.cases += [to_case(e, perft_depth, source) for e in load_table(f)]
        except ScenarioError as e:
            suite.errors.append(LoadError(f"{e.file}:{e.line}" if e.line else e.file, str(e)))
        except FeatureError as e:
            suite.errors.append(LoadError(f"{e.file}:{e.line}" if e.line else e.file, str(e)))
        except (PerftError, RulebookError) as e:
            suite.errors.append(LoadError(str(f), str(e)))
    seen: dict[str, Case] = {}
    for c in suite.cases:
        if c.id in seen:
            suite.errors.append(LoadError(c.where, f"case id {c.id!r} is used twice (first at {seen[c.id].where})"))
        seen[c.id] = c
    return suite
