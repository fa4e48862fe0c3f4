"""House rules (rule 22): replace any table entry or default by a dotted key, schema-checked."""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pydantic import ValidationError

from .errors import TableError
from .load import Tables
from .schema import schema_for


def _slot(node: Any, part: str, key: str) -> int | str:
    if isinstance(node, list):
        if not (part.isascii() and part.isdigit()) or int(part) >= len(node):
            raise TableError(f"House rule {key!r}: {part!r} is not a position in that list.")
        return int(part)
    if isinstance(node, dict):
        if part not in node:
            choices = ", ".join(sorted(map(str, node)))
            raise TableError(f"House rule {key!r}: no entry {part!r} here; entries are {choices}.")
        return part
    raise TableError(f"House rule {key!r}: {part!r} goes deeper than the table does.")


def _replace(data: Any, path: list[str], value: Any, key: str) -> None:
    node = data
    for part in path[:-1]:
        node = node[_slot(node, part, key)]
    node[_slot(node, path[-1], key)] = value


def apply_overrides(tables: Tables, overrides: Mapping[str, Any]) -> Tables:
    """A copy of the tables with each dotted key ("sotq_firing.weapons.blr.ranges.long") replaced.

    Only existing entries can be replaced. All changes to one file are made together and the
    file must then still pass its schema. The returned tables remember every override so
    lookups can report the ones they used.
    """
    edited: dict[str, dict[str, Any]] = {}
    for key, value in overrides.items():
        file_id, _, rest = key.partition(".")
        if file_id not in tables.files:
            raise TableError(f"House rule {key!r}: there is no table {file_id!r}.")
        if not rest:
            raise TableError(f"House rule {key!r}: name an entry inside {file_id}, not all of it.")
        data = edited.setdefault(file_id, tables.files[file_id].model_dump(mode="json"))
        _replace(data, rest.split("."), value, key)
        if data["id"] != file_id:
            raise TableError(f"House rule {key!r}: a table's id cannot change.")
    files = dict(tables.files)
    for file_id, data in edited.items():
        try:
            files[file_id] = schema_for(file_id).model_validate(data)
        except ValidationError as error:
            keys = ", ".join(k for k in overrides if k.partition(".")[0] == file_id)
            problem = error.errors()[0]["msg"]
            raise TableError(f"House rules {keys} do not fit the table: {problem}.") from error
    merged = {**tables.overrides, **overrides}
    return Tables(MappingProxyType(files), MappingProxyType(merged))
