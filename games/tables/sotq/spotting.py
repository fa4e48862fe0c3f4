"""Table 7 and rule 20: spotting hidden units, and how far figures see into terrain."""

from collections.abc import Sequence

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace
from ..schema.spotting import Shift, SightDistance, SpottingFile, TerrainRow

FILE = "sotq_spotting"


class SpottingResult(Result):
    """Which Table 7 column was read and whether the hidden troops must be placed."""

    column: str | None
    number: int | None
    automatic: bool
    spottable: bool
    spotted: bool | None


class SightResult(Result):
    inches: float


def _spotting(trace: Trace) -> SpottingFile:
    return trace.tables.typed(FILE, SpottingFile)


def spotting_terrain(tables: TablesArg = None) -> dict[str, TerrainRow]:
    return dict(_spotting(Trace(tables)).terrain)


def spotting_shifts(tables: TablesArg = None) -> dict[str, Shift]:
    return dict(_spotting(Trace(tables)).shifts)


def sight_terrain(tables: TablesArg = None) -> dict[str, SightDistance]:
    return dict(_spotting(Trace(tables)).sight_distances)


def spotting(
    terrain: str,
    distance_inches: float,
    *,
    shifts: Sequence[str] = (),
    d10: int | None = None,
    tables: TablesArg = None,
) -> SpottingResult:
    """A sighting attempt on a spotting zone (rule 20c): distance column, shifted, against a D10
    rolled by the hidden side; at or under the number the hidden troops are placed."""
    if distance_inches < 0:
        raise TableError("A distance cannot be negative.")
    if len(set(shifts)) != len(shifts):
        raise TableError("Each column shift applies once.")
    trace = Trace(tables)
    row: TerrainRow = trace.pick("spotting terrain", FILE, "terrain", terrain)
    columns = _spotting(trace).columns
    start = next((i for i, c in enumerate(columns) if distance_inches <= c.high), None)
    modifiers = []
    for shift_id in shifts:
        shift: Shift = trace.pick("column shift", FILE, "shifts", shift_id)
        modifiers.append(Term(name=shift.name.lower(), value=shift.columns))
    inputs = {
        "terrain": terrain,
        "distance_inches": distance_inches,
        "shifts": list(shifts),
        "d10": d10,
    }
    dice = (trace.die("d10", d10, "spotting"),) if d10 is not None else ()
    index = None
    if start is not None:
        index = start + sum(int(m.value) for m in modifiers)
        if index < 0 or index >= len(columns):
            trace.get(FILE, "shift_limits")
            index = 0 if index < 0 else None
    cell = trace.get(FILE, "terrain", terrain, "cells", index) if index is not None else None
    column = None if index is None else trace.get(FILE, "columns", index).label
    base = None if start is None else Term(name=f"distance {columns[start].label}", value=start + 1)
    common = {
        "rule": "Table 7, rule 20",
        "inputs": inputs,
        "base": base,
        "modifiers": tuple(modifiers),
        "total": None if index is None else index + 1,
        "dice": dice,
        "column": column,
    }
    if cell is None:
        trace.get(FILE, "blank")
        where = f"{row.name} at {column}" if column else f"{row.name} beyond the table"
        return trace.result(
            SpottingResult,
            **common,
            cell=f"{where}: blank",
            outcome="cannot be spotted",
            number=None,
            automatic=False,
            spottable=False,
            spotted=False,
        )
    if cell == "A":
        return trace.result(
            SpottingResult,
            **common,
            cell=f"{row.name} at {column}: A",
            outcome="automatically spotted",
            number=None,
            automatic=True,
            spottable=True,
            spotted=True,
        )
    spotted = None if d10 is None else d10 <= cell
    if spotted is None:
        outcome = f"spotted on a D10 of {cell} or less"
    else:
        outcome = "spotted: place the hidden troops" if spotted else "nothing can be seen"
    return trace.result(
        SpottingResult,
        **common,
        cell=f"{row.name} at {column}: {cell}",
        outcome=outcome,
        number=cell,
        automatic=False,
        spottable=True,
        spotted=spotted,
    )


def sight_distance(terrain: str, *, tables: TablesArg = None) -> SightResult:
    """How far a figure can see into, or along, a kind of terrain (Table 7)."""
    trace = Trace(tables)
    entry: SightDistance = trace.pick("terrain", FILE, "sight_distances", terrain)
    return trace.result(
        SightResult,
        rule="Table 7, rule 20h",
        inputs={"terrain": terrain},
        total=entry.inches,
        outcome=f'{entry.name.lower()}: sees {entry.inches:g}"',
        inches=entry.inches,
    )
