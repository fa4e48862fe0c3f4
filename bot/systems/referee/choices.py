"""Option choices for the referee commands, read once from the book's tables.

House rules change values, never the names of entries, so these lists hold for every guild.

Discord counts every choice's name and value against a command's 8,000 characters, so a
long list (more than six entries, or more than 250 characters of names and values) is not
a fixed choice: it is offered by autocomplete from an id-to-name mapping, and the answer
refuses a typed value that is not an entry (``answers.parse_choice``).
"""

from collections.abc import Mapping
from typing import Any

from discord.app_commands import Choice

from games.tables import load_tables, qref, sotq

LONG_LIST = 6
LONG_TEXT = 250


def _name(entry: Any) -> str:
    if isinstance(entry, str):
        return entry
    return str(getattr(entry, "name", None) or getattr(entry, "title", None) or entry)


def named(entries: Mapping[str, Any]) -> dict[str, str]:
    """Ids with the names players read."""
    return {key: _name(value) for key, value in entries.items()}


def choices(entries: Mapping[str, Any]) -> list[Choice[str]]:
    """Fixed choices for a short list; a long one must use autocomplete (see above)."""
    return _short([Choice(name=_name(value), value=key) for key, value in entries.items()])


def plain(values: list[str]) -> list[Choice[str]]:
    return _short([Choice(name=value, value=value) for value in values])


def _short(made: list[Choice[str]]) -> list[Choice[str]]:
    text = sum(len(c.name) + len(c.value) for c in made)
    if len(made) > LONG_LIST or text > LONG_TEXT:
        raise ValueError(f"{len(made)} choices of {text} characters: offer them by autocomplete")
    return made


TABLES = load_tables()
FIRE_CLASSES = plain(sotq.fire_classes(TABLES))
REACTION_CLASSES = plain(sotq.reaction_classes(TABLES))
REACTION_COLUMNS = _short(
    [
        Choice(name=f"{key}: {column.title}", value=key)
        for key, column in sotq.reaction_columns(TABLES).items()
    ]
)
RANGE_BANDS = plain(["short", "medium", "long"])
MULTIPLIERS = choices(
    {k: f"{k.replace('_', ' ')} (x{m.value})" for k, m in sotq.fire_multipliers(TABLES).items()}
)
MELEE_WEAPONS = choices({**sotq.melee_weapons(False, TABLES), **sotq.melee_weapons(True, TABLES)})
MACHINE_GUNS = choices(sotq.machine_guns(TABLES))
SPOTTING_TERRAIN = choices(sotq.spotting_terrain(TABLES))
BUILDINGS = choices(sotq.buildings(TABLES))
REGIONS = choices(sotq.regions(TABLES))
COVER = plain(list(sotq.cover_values(TABLES)))
FIRE_ACTIONS = plain(["start", "extinguish"])
SIDES = plain(["first", "second", "neither"])

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
BRITISH_TYPES = choices(qref.british_types(TABLES))

# Long lists, offered by autocomplete (id -> name).
WEAPONS = named(sotq.weapons(TABLES))
TROOP_TYPES = named(sotq.troop_types(TABLES))
SIGHT_TERRAIN = named(sotq.sight_terrain(TABLES))
CONFLICTS = named(sotq.conflicts(TABLES))
QREF_TROOP_TYPES = named(qref.movement_troop_types(TABLES))
PRE_MELEE_TYPES = named(qref.pre_melee_types(TABLES))
MELEE_CASES = named(qref.melee_cases(TABLES))


def _entry_names() -> dict[str, str]:
    """Each entry's id with the name players read, for ids that mean one thing in every
    list (an id two lists name differently keeps its own words)."""
    lists: list[Mapping[str, str]] = [
        {c.value: c.name for c in found}
        for found in (
            REACTION_COLUMNS,
            MULTIPLIERS,
            MELEE_WEAPONS,
            MACHINE_GUNS,
            SPOTTING_TERRAIN,
            BUILDINGS,
            REGIONS,
            RALLY_STATES,
            BRITISH_TYPES,
        )
    ]
    lists += [
        FIRE_FACTORS,
        MORALE_FACTORS,
        MELEE_FACTORS,
        SPOTTING_SHIFTS,
        TRAITS,
        FIREARMS,
        PENALTIES,
        WEAPONS,
        TROOP_TYPES,
        SIGHT_TERRAIN,
        CONFLICTS,
        QREF_TROOP_TYPES,
        PRE_MELEE_TYPES,
        MELEE_CASES,
    ]
    names: dict[str, set[str]] = {}
    for entries in lists:
        for key, name in entries.items():
            names.setdefault(key, set()).add(name)
    return {key: found.pop() for key, found in names.items() if len(found) == 1}


ENTRY_NAMES = _entry_names()
"""Names for the ids an answer's inputs hold."""

OPTION_ENTRIES: dict[str, Mapping[str, str]] = {
    "weapon": WEAPONS,
    "arms": FIREARMS,
    "traits": TRAITS,
    "gun": {c.value: c.name for c in MACHINE_GUNS},
    "counts_as": {c.value: c.name for c in MULTIPLIERS},
    "building": {c.value: c.name for c in BUILDINGS},
    "region": {c.value: c.name for c in REGIONS},
    "conflict": CONFLICTS,
    "melee_weapon": {c.value: c.name for c in MELEE_WEAPONS},
}
"""Names for an option whose ids another list names differently (``blr`` is a weapon here,
a firearm there)."""
