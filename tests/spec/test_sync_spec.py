"""scripts/sync_spec.py writes what is derived from spec/ruleset.schema.json and
spec/rules.yaml: the engine's typed ruleset (the ``Literal`` types and the fields of
``Ruleset``, between markers), the engine's ``REASONS``, each option's section of
spec/tonk.md, each rule's section, the tables of reason codes and the order of checks, and
the golden rulings.  An option added to the schema alone comes out in all of them, a reason
code added to rules.yaml alone in the engine and the spec; it checks everything before it
writes anything, and reads the checkout it lies in.  The files in the checkout are what the
generator writes (``--check``, also run by tests/spec/test_applicability.py)."""

from __future__ import annotations

import ast
import copy
import json
import os
import shutil
import subprocess
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scripts import sync_spec
from tonk_ref.engine import ruleset as engine_ruleset
from tonk_ref.engine.actions import REASONS
from tonk_ref.engine.ruleset import DEFAULT, option_values

ROOT = Path(__file__).resolve().parents[2]


S = sync_spec
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


def _copy(tmp_path: Path) -> Path:
    """A copy of the parts of the checkout the script reads and writes."""
    root = tmp_path / "repo"
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    for part in ("tonk_ref", "spec", "scripts"):
        shutil.copytree(ROOT / part, root / part, ignore=ignore)
    for rel in S.GOLDEN:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, root / rel)
    return root


def _sync(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The copy's script, run with the checkout's own tonk_ref first on the path (the script must
    read the copy's, not it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(root / "scripts" / "sync_spec.py"), *args], capture_output=True,
                          text=True, timeout=300, env=env)


def _texts(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8")
            for part in ("tonk_ref", "spec", "tests") for p in sorted((root / part).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_check_fails_on_a_stale_engine_and_writes_nothing(tmp_path: Path) -> None:
    """``--check`` on a copy whose engine lacks an option of the schema exits 1 naming each file
    the option changes: the engine, tonk.md, the schema's x-rules and the golden ruling."""
    root = _copy(tmp_path)
    schema = _with_new_option()
    schema["properties"][PROBE]["x-rules"] = ["PAY-OUT-1"]
    (root / "spec" / "ruleset.schema.json").write_text(json.dumps(schema, indent=2))
    before = _texts(root)
    done = _sync(root, "--check")
    assert done.returncode == 1, done.stdout + done.stderr
    stale = {line.split(" is not in step")[0] for line in done.stdout.splitlines()}
    assert stale == {"tonk_ref/engine/ruleset.py", "spec/tonk.md", "spec/ruleset.schema.json",
                     "tests/tools/data/ruling-w7-full.txt"}
    assert _texts(root) == before


def test_a_bad_rulebook_is_one_message_and_nothing_is_written(tmp_path: Path) -> None:
    """The engine would change (a new option), but rules.yaml cites a rule that does not exist:
    the script stops naming the place, before writing the engine or anything else."""
    root = _copy(tmp_path)
    (root / "spec" / "ruleset.schema.json").write_text(json.dumps(_with_new_option(), indent=2))
    rules = root / "spec" / "rules.yaml"
    rules.write_text(rules.read_text().replace("    rules: [VAR-KNOCKWAIT-1]", "    rules: [VAR-KNOCKWAIT-9]"))
    before = _texts(root)
    done = _sync(root)
    assert done.returncode != 0
    assert f"{root / 'spec' / 'rules.yaml'}:" in done.stderr
    assert "reason knock_wait: unknown rule 'VAR-KNOCKWAIT-9' (did you mean VAR-KNOCKWAIT-1?)" in done.stderr
    assert "Traceback" not in done.stderr
    assert _texts(root) == before


def test_an_option_whose_words_name_an_option_is_one_message_and_nothing_is_written(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    schema = _with_new_option()
    schema["properties"][PROBE]["x-question"] = "Does going out pay more with an ace?"  # `ace` is an option
    (root / "spec" / "ruleset.schema.json").write_text(json.dumps(schema, indent=2))
    before = _texts(root)
    done = _sync(root)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"{root / 'spec' / 'ruleset.schema.json'}: properties.{PROBE}.x-question: expected plain words: no option "
        "names (found 'ace')"]
    assert _texts(root) == before


NEW_CODE = """  - code: zz_probe_refused
    meaning: the probe refuses the knock
    rules: [VAR-KNOCKWAIT-1]
    applies: [{spread_knock_wait: {not: [0]}}]
    elsewhere: no probe
"""


def test_a_reason_code_added_to_rules_yaml_alone_reaches_the_engine_and_the_spec(tmp_path: Path) -> None:
    """One entry in ``reasons`` and one place in ``checks``: the copy's own tonk_ref is read (the
    checkout's, first on the path, does not know the code), and the engine's REASONS, the table
    "Reason codes", "Where a code can be given" and the order of checks are written."""
    root = _copy(tmp_path)
    rules = root / "spec" / "rules.yaml"
    text = rules.read_text()
    text = text.replace("  - code: declare_timing\n", NEW_CODE + "  - code: declare_timing\n", 1)
    text = text.replace("      - knock_limit\n", "      - knock_limit\n      - zz_probe_refused: the probe\n", 1)
    rules.write_text(text)
    done = _sync(root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(done.stdout.split()[1::2]) == ["spec/tonk.md", "tonk_ref/engine/actions.py"]
    actions = (root / "tonk_ref" / "engine" / "actions.py").read_text()
    assert '    "zz_probe_refused": "the probe refuses the knock",\n    "declare_timing"' in actions
    md = (root / "spec" / "tonk.md").read_text()
    assert "| `zz_probe_refused` | the probe refuses the knock | VAR-KNOCKWAIT-1 |\n| `declare_timing`" in md
    assert "- `zz_probe_refused`: only where `spread_knock_wait` is not `0` (elsewhere: no probe).\n" in md
    assert "`knock_limit`; `zz_probe_refused` (the probe);" in " ".join(md.split())
    assert _sync(root, "--check").returncode == 0  # in step: nothing more changes
    assert "zz_probe_refused" not in REASONS  # the checkout itself is untouched


def test_a_rule_without_a_section_gets_one_after_the_rule_before_it(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    rules = root / "spec" / "rules.yaml"
    new = ("  - id: VAR-ZZPROBE-1\n    title: The probe\n    section: VAR\n    options: [spread_knock_wait]\n"
           "    text: Under the probe nothing changes.\n    applies: [{spread_knock_wait: {not: [0]}}]\n"
           "    elsewhere: no probe\n")
    text = rules.read_text()
    at = text.index("  - id: ", text.index("  - id: VAR-KNOCKWAIT-1\n") + 1)  # right after VAR-KNOCKWAIT-1
    rules.write_text(text[:at] + new + text[at:])
    done = _sync(root)
    assert done.returncode == 0, done.stdout + done.stderr
    md = (root / "spec" / "tonk.md").read_text()
    section = ("### VAR-ZZPROBE-1 The probe\n\nUnder the probe nothing changes.\n\nSources: none. Options: "
               "`spread_knock_wait`.\n\nApplies only where `spread_knock_wait` is not `0` (elsewhere: no probe).\n\n")
    # right after the section of VAR-KNOCKWAIT-1, the rule before it in rules.yaml
    assert md.index(section) == MD.index("### VAR-LOWKNOCK-1") > MD.index("### VAR-KNOCKWAIT-1")
    assert md.replace(section, "").replace("VAR-KNOCKWAIT-1, VAR-ZZPROBE-1.", "VAR-KNOCKWAIT-1.") == MD


def test_a_rule_section_without_its_sources_line_names_that_rule(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    md = root / "spec" / "tonk.md"
    md.write_text(MD.replace("\n\nSources: V30 (decided by this spec). Options: `spread_knock_wait`.", "", 1))
    done = _sync(root, "--check")
    assert done.returncode != 0
    assert done.stderr.strip().startswith("spec/tonk.md: the section of VAR-KNOCKWAIT-1 has no 'Sources: ...' line")
    assert "### ID Title" in done.stderr


def test_the_golden_ruling_is_the_judge_word_for_word() -> None:
    assert list(S.GOLDEN) == ["tests/tools/data/ruling-w7-full.txt"]
    args = S.GOLDEN["tests/tools/data/ruling-w7-full.txt"]
    assert args[0] == "judge" and "--full" in args and "--no-color" in args
