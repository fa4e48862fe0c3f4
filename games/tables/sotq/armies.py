"""The army lists: both sides of a conflict for one option, with points, officers and notes."""

from pydantic import BaseModel, ConfigDict

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Trace
from ..schema import ARMY_LIST_PREFIX
from ..schema.armies import ArmyList, ArmyListFile, ArmyNotesFile

NOTES = "sotq_army_notes"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class TroopLine(Frozen):
    """One troop row fielded in the chosen option."""

    designation: str
    label: str | None
    section: str | None
    count: int
    points_each: float | None
    points: float | None
    characteristics: str | None
    sub_unit: bool
    source: str
    note: str | None


class OfficerLine(Frozen):
    applies_to: str
    count: int
    source: str
    note: str | None


class ArmySide(Frozen):
    list_id: str
    title: str
    side: str
    opponents: str
    troops: tuple[TroopLine, ...]
    officers: tuple[OfficerLine, ...]
    total_points: float
    notes: tuple[str, ...]


class ArmyListResult(Result):
    conflict: str
    option: str
    battle: str | None
    sides: tuple[ArmySide, ...]
    set_up: tuple[str, ...]


def _file(trace: Trace, conflict: str) -> ArmyListFile:
    file_id = ARMY_LIST_PREFIX + conflict
    if file_id not in trace.tables.files:
        raise TableError(
            f"Unknown conflict {conflict!r}; choose from {', '.join(conflicts(trace.tables))}."
        )
    return trace.tables.typed(file_id, ArmyListFile)


def conflicts(tables: TablesArg = None) -> dict[str, str]:
    """Conflict ids and titles, for choosing a list."""
    trace = Trace(tables)
    ids = trace.tables.ids(ARMY_LIST_PREFIX)
    return {i.removeprefix(ARMY_LIST_PREFIX): trace.tables[i].title for i in ids}


def army_options(conflict: str, tables: TablesArg = None) -> list[str]:
    """The options any list of the conflict prints, in printed order."""
    lists = _file(Trace(tables), conflict).lists.values()
    seen: dict[str, None] = {}
    for army in lists:
        seen.update(dict.fromkeys(army.options))
    return list(seen)


def army_notes(tables: TablesArg = None) -> ArmyNotesFile:
    """The general notes on troop types, unit sizes, Highlanders, native officers and more."""
    return Trace(tables).tables.typed(NOTES, ArmyNotesFile)


def _side(trace: Trace, file_id: str, list_id: str, army: ArmyList, option: str) -> ArmySide:
    troops = []
    for index, row in enumerate(army.troops):
        count = row.counts.get(option)
        if not count:
            continue
        trace.get(file_id, "lists", list_id, "troops", index)
        troops.append(
            TroopLine(
                designation=row.designation,
                label=row.label,
                section=row.section,
                count=count,
                points_each=row.points,
                points=None if row.points is None else row.points * count,
                characteristics=row.characteristics,
                sub_unit=option in row.sub_unit_options,
                source=row.source,
                note=row.note,
            )
        )
    officers = []
    for index, officer in enumerate(army.officers):
        if option in officer.counts:
            trace.get(file_id, "lists", list_id, "officers", index)
            officers.append(
                OfficerLine(
                    applies_to=officer.applies_to,
                    count=officer.counts[option],
                    source=officer.source,
                    note=officer.note,
                )
            )
    return ArmySide(
        list_id=list_id,
        title=army.title,
        side=army.side,
        opponents=army.opponents,
        troops=tuple(troops),
        officers=tuple(officers),
        total_points=sum(t.points or 0 for t in troops),
        notes=tuple(note.text for note in army.notes),
    )


def army_list(conflict: str, option: str, *, tables: TablesArg = None) -> ArmyListResult:
    """Every list of a conflict fielded for one option (1-10, A; 11-15 for the Boxer lists)."""
    trace = Trace(tables)
    table = _file(trace, conflict)
    options = army_options(conflict, trace.tables)
    if option not in options:
        choices = ", ".join(options)
        raise TableError(f"{table.title} has no option {option!r}; choose from {choices}.")
    file_id = ARMY_LIST_PREFIX + conflict
    sides = tuple(
        _side(trace, file_id, list_id, army, option)
        for list_id, army in table.lists.items()
        if option in army.options
    )
    battle = next((a.battles[option] for a in table.lists.values() if option in a.battles), None)
    battle = battle or table.battles.get(option)
    summary = "; ".join(
        f"{s.side}: {len(s.troops)} troop lines, {s.total_points:g} points" for s in sides
    )
    return trace.result(
        ArmyListResult,
        rule=f"Army lists: {table.title}",
        inputs={"conflict": conflict, "option": option},
        cell=f"option {option}" + (f" ({battle})" if battle else ""),
        outcome=summary,
        conflict=conflict,
        option=option,
        battle=battle,
        sides=sides,
        set_up=tuple(note.text for note in table.set_up),
    )
