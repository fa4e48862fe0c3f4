"""Option choices for the referee commands, read once from the book's tables.

House rules change values, never the names of entries, so these lists hold for every guild.
"""

from collections.abc import Mapping
from typing import Any

from discord.app_commands import Choice

from games.tables import load_tables, qref, sotq

MAX_CHOICES = 25


def _name(entry: Any) -> str:
    if isinstance(entry, str):
        return entry
    return str(getattr(entry, "name", None) or getattr(entry, "title", None) or entry)


def named(entries: Mapping[str, Any]) -> dict[str, str]:
    """Ids with the names players read."""
    return {key: _name(value) for key, value in entries.items()}


def choices(entries: Mapping[str, Any], *, show_id: bool = False) -> list[Choice[str]]:
    made = []
    for key, value in entries.items():
        label = f"{key}: {_name(value)}" if show_id else _name(value)
        made.append(Choice(name=label[:100], value=key))
    if len(made) > MAX_CHOICES:
        raise ValueError("more than 25 choices: use autocomplete")
    return made


def plain(values: list[str]) -> list[Choice[str]]:
    return [Choice(name=value, value=value) for value in values]


TABLES = load_tables()
FIRE_CLASSES = plain(sotq.fire_classes(TABLES))
REACTION_CLASSES = plain(sotq.reaction_classes(TABLES))
REACTION_COLUMNS = [
    Choice(name=f"{key}: {column.title}", value=key)
    for key, column in sotq.reaction_columns(TABLES).items()
]
WEAPONS = choices(sotq.weapons(TABLES))
RANGE_BANDS = plain(["short", "medium", "long"])
MULTIPLIERS = choices(
    {k: f"{k.replace('_', ' ')} (x{m.value})" for k, m in sotq.fire_multipliers(TABLES).items()}
)
TROOP_TYPES = choices(sotq.troop_types(TABLES))
MELEE_WEAPONS = choices({**sotq.melee_weapons(False, TABLES), **sotq.melee_weapons(True, TABLES)})
MACHINE_GUNS = choices(sotq.machine_guns(TABLES))
SPOTTING_TERRAIN = choices(sotq.spotting_terrain(TABLES))
SIGHT_TERRAIN = choices(sotq.sight_terrain(TABLES))
BUILDINGS = choices(sotq.buildings(TABLES))
REGIONS = choices(sotq.regions(TABLES))
CONFLICTS = choices(sotq.conflicts(TABLES))
COVER = plain(list(sotq.cover_values(TABLES)))
FIRE_ACTIONS = plain(["start", "extinguish"])
SIDES = [
    Choice(name="first", value="first"),
    Choice(name="second", value="second"),
    Choice(name="neither", value="neither"),
]

FIRE_FACTORS = named(sotq.fire_factors(TABLES))
MORALE_FACTORS = named(sotq.morale_factors(TABLES))
MELEE_FACTORS = named({**sotq.melee_factors(False, TABLES), **sotq.melee_factors(True, TABLES)})
SPOTTING_SHIFTS = named(sotq.spotting_shifts(TABLES))
TRAITS = named(sotq.troop_traits(TABLES))
FIREARMS = named(sotq.firearms(TABLES))
PENALTIES = named(
    {
        key: penalty
        for troop in sotq.troop_types(TABLES)
        for key, penalty in sotq.movement_penalties(troop, tables=TABLES).items()
    }
)

RALLY_STATES = choices(qref.rally_states(TABLES))
QREF_TROOP_TYPES = choices(qref.movement_troop_types(TABLES))
PRE_MELEE_TYPES = choices(qref.pre_melee_types(TABLES))
MELEE_CASES = choices(qref.melee_cases(TABLES))
BRITISH_TYPES = choices(qref.british_types(TABLES))
