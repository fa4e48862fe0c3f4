"""Reads, validates and caches the data files, via importlib.resources so it works installed."""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, TypeVar

from .errors import TableError
from .schema import schema_for
from .schema.common import TableFile

DATA_PACKAGE = "games.tables.data"
T = TypeVar("T", bound=TableFile)


@dataclass(frozen=True)
class Tables:
    """Every validated data file by id, with the house-rule overrides (rule 22) applied.

    The models are shared through the cache: read them, never change them in place;
    ``apply_overrides`` makes changed copies.
    """

    files: Mapping[str, TableFile]
    overrides: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __getitem__(self, file_id: str) -> TableFile:
        try:
            return self.files[file_id]
        except KeyError:
            raise TableError(f"There is no table called {file_id!r}.") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.files)

    def typed(self, file_id: str, schema: type[T]) -> T:
        """A file narrowed to the schema the caller expects."""
        table = self[file_id]
        if not isinstance(table, schema):
            raise TypeError(f"{file_id} is a {type(table).__name__}, not a {schema.__name__}")
        return table

    def ids(self, prefix: str = "") -> list[str]:
        return sorted(file_id for file_id in self.files if file_id.startswith(prefix))


def parse_file(file_id: str, text: str) -> TableFile:
    """One data file validated against its schema; its id must match its file name."""
    table = schema_for(file_id).model_validate_json(text)
    if table.id != file_id:
        raise ValueError(f"{file_id}.json declares id {table.id!r}")
    return table


@cache
def load_tables() -> Tables:
    """All the tables as printed (plus documented defaults), validated once and cached."""
    files: dict[str, TableFile] = {}
    for entry in resources.files(DATA_PACKAGE).iterdir():
        if entry.name.endswith(".json"):
            file_id = entry.name.removesuffix(".json")
            files[file_id] = parse_file(file_id, entry.read_text(encoding="utf-8"))
    return Tables(MappingProxyType(files))


TablesArg = Tables | None
"""The optional ``tables`` argument of every lookup: house-ruled tables, or None for the book's."""
