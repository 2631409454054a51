"""The compiled build of the engine: the modules it compiles are the ones pyproject.toml's
mypyc hook lists, and a run told to expect the compiled engine (``TONK_ENGINE_COMPILED=1``,
as the CI's compiled run sets) gets it rather than the pure-Python modules."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from tonk_ref.engine.build import COMPILED_MODULES, compiled_modules, engine_build

ROOT = Path(__file__).resolve().parents[1]


def test_the_build_hook_compiles_exactly_the_modules_the_engine_names() -> None:
    hook = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    mypyc = hook["mypyc"]
    assert mypyc["enable-by-default"] is False  # optional: asked for, never by default
    assert mypyc["include"] == [f"/tonk_ref/{m.replace('.', '/')}.py" for m in COMPILED_MODULES]


@pytest.mark.skipif(os.environ.get("TONK_ENGINE_COMPILED") != "1", reason="the compiled build is not expected here")
def test_the_compiled_engine_is_the_engine_that_runs() -> None:
    assert compiled_modules() == list(COMPILED_MODULES)
    assert engine_build() == "compiled"


def test_the_pure_engine_runs_where_the_build_was_not_asked_for() -> None:
    if os.environ.get("TONK_ENGINE_COMPILED") == "1":
        pytest.skip("the compiled build is expected here")
    # a checkout run without the compiled build (the default): every engine module is source
    assert engine_build() == "pure Python", compiled_modules()
