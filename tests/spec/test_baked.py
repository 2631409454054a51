"""The spec baked as JSON: the judge the players' page runs in the browser reads no file and
imports no library beyond the standard one (no YAML parser, no JSON Schema validator, no
disk cache, no template engine), and rules exactly as it does from the files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tonk_ref.rulebook import baked
from tonk_ref.rulebook.book import RulebookError

W7 = "2 players, dealer 1; 0: 3d 4d; 1: 3h 4h; table: 0 [7c 8c 9c], 1 [5s 6s 7s]; discard Qs; 0 knocks"

_PROGRAM = """
import importlib.abc, json, sys
HEAVY = {"msgspec", "yaml", "jsonschema", "referencing", "jinja2", "markupsafe", "platformdirs"}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in HEAVY:
            raise ImportError("blocked " + name)
sys.meta_path.insert(0, Block())
from tonk_ref.rulebook import baked
baked.install(open(sys.argv[1], encoding="utf-8").read())
from tonk_ref.rulebook import book as rulebook
rulebook.spec_dir = None  # no file of the spec is read: calling it would fail
from tonk_ref.engine.ruleset import Ruleset
from tonk_ref.rulebook.judging import judge, to_json
from tonk_ref.rulebook.situation import Description
print(json.dumps(to_json(judge(Description(sys.argv[2]), Ruleset(), "seed"))))
"""


def test_the_judge_runs_on_baked_data_with_no_heavy_library(tmp_path: Path) -> None:
    from tonk_ref.engine.ruleset import Ruleset
    from tonk_ref.rulebook.judging import judge, to_json
    from tonk_ref.rulebook.situation import Description

    data = tmp_path / "spec.json"
    data.write_text(json.dumps(baked.bake()), encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", _PROGRAM, str(data), W7], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    expected = to_json(judge(Description(W7), Ruleset(), "seed"))
    assert json.loads(out.stdout) == json.loads(json.dumps(expected))


def test_baked_data_of_another_version_is_refused() -> None:
    data = baked.bake()
    data["version"] = "0.0.0-other"
    with pytest.raises(RulebookError, match=r"baked for version '0\.0\.0-other'"):
        baked.install(data)
