"""Every data file loads, passes its schema, and says where each entry comes from."""

import json
from importlib import resources
from typing import Any

import pytest

from games.tables import load_tables
from games.tables.load import DATA_PACKAGE, parse_file
from games.tables.schema import schema_for

DATA_FILES = sorted(
    entry.name for entry in resources.files(DATA_PACKAGE).iterdir() if entry.name.endswith(".json")
)
SOURCES = {"rules", "default", "reconstruction"}


def _raw(name: str) -> dict[str, Any]:
    return json.loads(resources.files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8"))


def _sourced_nodes(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        if "source" in node and isinstance(node["source"], str):
            found.append(node)
        for value in node.values():
            found += _sourced_nodes(value)
    elif isinstance(node, list):
        for value in node:
            found += _sourced_nodes(value)
    return found


def test_every_file_has_a_schema_and_is_loaded() -> None:
    tables = load_tables()
    assert sorted(f"{file_id}.json" for file_id in tables) == DATA_FILES
    assert len(DATA_FILES) >= 30


@pytest.mark.parametrize("name", DATA_FILES)
def test_data_file_passes_its_schema(name: str) -> None:
    file_id = name.removesuffix(".json")
    text = resources.files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
    table = parse_file(file_id, text)
    assert isinstance(table, schema_for(file_id))
    assert table.id == file_id


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_entry_names_its_rule_and_source(name: str) -> None:
    nodes = _sourced_nodes(_raw(name))
    assert nodes
    for node in nodes:
        assert node["source"] in SOURCES
        assert node.get("ref"), node
        if node["source"] != "rules":
            assert node.get("note"), f"{node['ref']} is {node['source']} but gives no reason"


def test_a_default_without_a_reason_is_rejected() -> None:
    data = _raw("sotq_firing.json")
    del data["half_effect"]["note"]
    with pytest.raises(ValueError, match="needs a note"):
        schema_for("sotq_firing").model_validate(data)


def test_unknown_keys_are_rejected() -> None:
    data = _raw("sotq_melee.json")
    data["weapons"]["lance"]["fot"] = 3
    with pytest.raises(ValueError):
        schema_for("sotq_melee").model_validate(data)


def test_table_7_records_which_version_is_used() -> None:
    """Table 7, rule 20: the body is used over the summary sheet, with the reason recorded."""
    version = _raw("sotq_spotting.json")["version"]
    assert version["used"] == "body"
    assert "summary" in version["note"]
