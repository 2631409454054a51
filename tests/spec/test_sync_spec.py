"""scripts/sync_spec.py writes what is derived from spec/ruleset.schema.json: the engine's
typed ruleset (the ``Literal`` types and the fields of ``Ruleset``, between markers) and
each option's section of spec/tonk.md.  An option added to the schema alone comes out in
both; the files in the checkout are what the generator writes (``--check``, also run by
tests/spec/test_applicability.py)."""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import subprocess
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tonk_ref.engine import ruleset as engine_ruleset
from tonk_ref.engine.ruleset import DEFAULT, option_values

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sync_spec", ROOT / "scripts" / "sync_spec.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


S = _script()
SCHEMA: dict[str, Any] = json.loads((ROOT / "spec" / "ruleset.schema.json").read_text(encoding="utf-8"))
ENGINE = (ROOT / "tonk_ref" / "engine" / "ruleset.py").read_text(encoding="utf-8")
MD = (ROOT / "spec" / "tonk.md").read_text(encoding="utf-8")

#: An option no table will ever have (its name keeps clear of every real one).
PROBE = "zz_probe_pays"
NEW = {
    "type": "integer",
    "enum": [2, 3],
    "default": 2,
    "description": "What a player who tonks out receives from each other player, in stakes: 2 (2S, the seed rule) "
                   "or 3 (3S).",
    "x-question": "How much does going out pay?",
    "x-choices": {"2": "going out pays double", "3": "going out pays triple"},
    "x-rules": [],
    "x-brief": ["S26"],
    "x-acts-on": "hand",
    "x-source": "house",
}


def _with_new_option() -> dict[str, Any]:
    schema = copy.deepcopy(SCHEMA)
    schema["properties"][PROBE] = NEW
    return schema


def _module_from(source: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The generated source run as a module of its own (beside the real engine)."""
    module = ModuleType("generated_ruleset")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # for the dataclass and the type hints
    code = source.replace("from ..errors import TonkError", "from tonk_ref.errors import TonkError")
    exec(compile(code, "<generated ruleset>", "exec"), module.__dict__)
    return module


def test_the_engine_ruleset_is_what_the_schema_makes() -> None:
    assert S.synced_engine(SCHEMA, ENGINE) == ENGINE


def test_the_generated_ruleset_has_every_option_its_values_and_its_default() -> None:
    hints = typing.get_type_hints(engine_ruleset.Ruleset)
    for name, prop in SCHEMA["properties"].items():
        allowed = option_values()[name]
        assert [(type(v), v) for v in prop["enum"]] == [(type(v), v) for v in allowed], name
        assert getattr(DEFAULT, name) == prop["default"], name
        assert hints[name] is bool or typing.get_args(hints[name]) == tuple(prop["enum"]), name


def test_an_option_added_to_the_schema_alone_reaches_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    source = S.synced_engine(_with_new_option(), ENGINE)
    ast.parse(source)
    assert "ZzProbePays = Literal[2, 3]\n" in source
    assert "    zz_probe_pays: ZzProbePays = 2\n" in source
    generated = _module_from(source, monkeypatch)
    ruleset = generated.Ruleset
    assert getattr(ruleset(), PROBE) == 2
    assert generated.option_values()[PROBE] == (2, 3)
    assert getattr(ruleset().replace(**{PROBE: 3}), PROBE) == 3
    with pytest.raises(ValueError, match="does not allow 4"):
        ruleset().replace(**{PROBE: 4})
    assert S.synced_engine(_with_new_option(), source) == source  # in step: nothing more changes


def test_an_option_added_to_the_schema_alone_gets_its_section_in_tonk_md() -> None:
    schema = _with_new_option()
    listings = {name: list(prop["x-rules"]) for name, prop in schema["properties"].items()}
    listings[PROBE] = ["PAY-OUT-1"]
    md = S._option_sections(MD, schema["properties"], listings)
    last = md.index("### `special_hands`")
    added = md.index(f"### `{PROBE}`\n\nValues: `2` (default), `3`. Brief: S26. Rules: PAY-OUT-1.\n\n"
                     "What a player who tonks out receives from each other player")
    end = md.index("## Appendix")
    assert last < added < end
    assert md[:added] + md[end:] == MD  # nothing else changes
    in_step = {n: p["x-rules"] for n, p in SCHEMA["properties"].items()}
    assert S._option_sections(MD, SCHEMA["properties"], in_step) == MD


def test_a_values_line_is_written_afresh_when_the_values_change() -> None:
    schema = copy.deepcopy(SCHEMA)
    schema["properties"]["hit_lock"]["enum"] = [0, 1, 2, 3, 4]
    listings = {name: list(prop["x-rules"]) for name, prop in schema["properties"].items()}
    md = S._option_sections(MD, schema["properties"], listings)
    assert "Values: `0` (default), `1`, `2`, `3`, `4`. Brief: V22. Rules: VAR-HITLOCK-1.\n" in md


@pytest.mark.parametrize(("change", "words"), [
    (lambda s: s["properties"]["upcard"].update(default=False), "properties.upcard.default: expected the first"),
    (lambda s: s["properties"]["upcard"].update(enum=[]), "properties.upcard.enum: expected the list"),
    (lambda s: s["properties"].update(Ruleset={**NEW}), "expected a lower-case name"),
    (lambda s: s["properties"].update(ruleset_error={**NEW}), "already defines RulesetError"),
    (lambda s: s["properties"]["upcard"].pop("x-question"), "properties.upcard.x-question: expected the option as"),
    (lambda s: s["properties"]["upcard"].update({"x-question": "Upcard or not"}), "properties.upcard.x-question"),
    (lambda s: s["properties"]["upcard"].pop("x-choices"), "properties.upcard.x-choices: expected a statement"),
    (lambda s: s["properties"]["knock_limit"]["x-choices"].pop("null"), "keyed null, 5, 10, 50"),
    (lambda s: s["properties"]["upcard"]["x-choices"].update(true=""), "properties.upcard.x-choices"),
])  # fmt: skip
def test_a_schema_the_engine_cannot_be_made_from_is_one_message(change: Any, words: str) -> None:
    schema = copy.deepcopy(SCHEMA)
    change(schema)
    with pytest.raises(SystemExit) as e:
        S.synced_engine(schema, ENGINE)
    assert words in str(e.value)


def test_the_engine_without_its_markers_is_one_message() -> None:
    with pytest.raises(SystemExit) as e:
        S.synced_engine(SCHEMA, ENGINE.replace(S.END, "# the end", 1))
    assert "expected two generated blocks" in str(e.value)


def test_check_fails_on_a_stale_engine(tmp_path: Path) -> None:
    """``--check`` on a copy whose engine lacks an option of the schema exits 1 naming the file."""
    copy_root = tmp_path / "repo"
    (copy_root / "scripts").mkdir(parents=True)
    (copy_root / "tonk_ref" / "engine").mkdir(parents=True)
    (copy_root / "spec").mkdir()
    (copy_root / "scripts" / "sync_spec.py").write_text((ROOT / "scripts" / "sync_spec.py").read_text())
    (copy_root / "tonk_ref" / "engine" / "ruleset.py").write_text(ENGINE)
    (copy_root / "spec" / "ruleset.schema.json").write_text(json.dumps(_with_new_option(), indent=2))
    done = subprocess.run([sys.executable, str(copy_root / "scripts" / "sync_spec.py"), "--check"],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "tonk_ref/engine/ruleset.py is not in step with spec/ruleset.schema.json" in done.stdout
