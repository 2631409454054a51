"""spec/schemas/state.json is the one list of the state's fields: the harness's lists
are derived from it, a field added to the schema reaches them with no other edit, and no
module of the package keeps a list of its own."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec

from tonk_ref.adapters import messages
from tonk_ref.adapters.fields import SchemaFields, observation_fields, state_fields
from tonk_ref.paths import spec_dir

ROOT = Path(__file__).resolve().parents[2]


def schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((spec_dir() / "schemas" / name).read_text(encoding="utf-8"))
    return data


def test_the_fields_are_the_schemas() -> None:
    state = schema("state.json")
    fields = state_fields()
    assert fields.required == tuple(state["required"])
    assert set(fields.optional) == set(state["properties"]) - set(state["required"])
    assert set(fields.of_play) == set(state["required"]) - set(schema("setup.json")["properties"])
    assert fields["hands"].kind == "list" and fields["result"].kind == "object" and fields["result"].nullable
    assert fields["to_act"].kind == "scalar" and fields["to_act"].nullable and not fields["stage"].nullable
    assert "stage" in fields.scalars_of_play and "hands" not in fields.scalars_of_play
    assert set(observation_fields().never) == {k for k, v in schema("observation.json")["properties"].items()
                                              if v.get("not") == {}}


def test_the_typed_messages_name_the_schemas_fields() -> None:
    """The codec's structs are declared by hand (their types are msgspec's): held to the
    schema's names and to what it requires."""
    for struct, fields in ((messages.State, state_fields()), (messages.Observation, observation_fields())):
        info = msgspec.inspect.type_info(struct)
        assert isinstance(info, msgspec.inspect.StructType)
        declared = {f.name: f.required for f in info.fields}
        assert declared == {f.name: f.required for f in fields.fields}, struct


def test_a_field_added_to_the_schema_needs_no_other_edit() -> None:
    """A new required scalar field (and a new optional list) put in the schema the package
    reads: every derived list holds it, in a fresh interpreter."""
    script = """
import json, sys
from tonk_ref.adapters import fields
real = fields._schema
def patched(name):
    data = json.loads(json.dumps(real(name)))
    if name == "state.json":
        data["required"].append("round")
        data["properties"]["round"] = {"type": "integer", "minimum": 0}
        data["properties"]["burnt"] = {"$ref": "#/$defs/cards"}
    return data
fields._schema = patched
from tonk_ref.harness import compare, hands, scene
print(json.dumps({"core": compare.CORE_STATE, "scalars": compare._SCALARS, "generated": hands.TABLE_FIELDS,
                  "scene": scene.table_fields(), "extras": fields.state_fields().optional}))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    lists = json.loads(done.stdout)
    assert lists["core"][-1] == "round" and lists["scalars"][-1] == "round" and lists["generated"][-1] == "round"
    assert "round" not in lists["scene"]  # a report's table holds only the fields it declares
    assert lists["extras"][-1] == "burnt"
    assert set(lists["core"]) - {"round"} == set(state_fields().required)


def test_a_kind_is_read_through_references_to_other_files() -> None:
    read = {"card.json": {"type": "string"}, "other.json": {"$defs": {"many": {"type": "array"}}}}
    made = SchemaFields.of({"required": ["a"], "properties": {"a": {"$ref": "card.json"},
                                                               "b": {"$ref": "other.json#/$defs/many"},
                                                               "c": {"oneOf": [{"type": "null"}, {"type": "object"}]},
                                                               "d": {"type": ["string", "array"]},
                                                               "e": {"not": {}}}},
                           {"properties": {}}, read.__getitem__)
    assert [(f.name, f.required, f.kind, f.nullable) for f in made.fields] == [
        ("a", True, "scalar", False), ("b", False, "list", False), ("c", False, "object", True),
        ("d", False, "mixed", False), ("e", False, "never", False)]
    assert made.optional == ("b", "c", "d") and made.never == ("e",)


def test_no_module_keeps_a_list_of_state_fields() -> None:
    """A tuple, list or set literal naming four fields or more of the state or of an
    observation, anywhere in the package but the engine (which writes the state and reads
    no schema)."""
    names = set(state_fields().names) | set(observation_fields().names)
    package = ROOT / "tonk_ref"
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.is_relative_to(package / "engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Tuple | ast.List | ast.Set):
                named = [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in names]
                if len(named) >= 4:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {named}")
    assert not found, found
