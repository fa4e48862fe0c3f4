"""The project's readings where the rule text is silent or contradicts itself, by id."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from games.zones.board import read_data
from games.zones.schema import NotesFile


@dataclass(frozen=True)
class Reading:
    id: str
    refs: tuple[str, ...]
    topic: str
    reading: str


@cache
def load_notes() -> Mapping[str, Reading]:
    model = NotesFile.model_validate_json(read_data("notes.json"))
    return MappingProxyType({n.id: Reading(n.id, n.refs, n.topic, n.reading) for n in model.notes})
