"""Rule 9 fires, the army-list terrain tables, and rule 16 engineering."""

from typing import Literal

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace
from ..schema.terrain import Building, EngineeringFile, Region, TerrainFile

FILE = "sotq_terrain"
ENGINEERING = "sotq_engineering"


class CheckOutcome(Result):
    succeeded: bool


class TerrainPiecesResult(Result):
    set_pieces: str
    diced_pieces: str


def buildings(tables: TablesArg = None) -> dict[str, Building]:
    return dict(Trace(tables).tables.typed(FILE, TerrainFile).fires.buildings)


def regions(tables: TablesArg = None) -> dict[str, Region]:
    return dict(Trace(tables).tables.typed(FILE, TerrainFile).regions)


def building_fire(
    building: str,
    d10: int,
    *,
    action: Literal["start", "extinguish"] = "start",
    engineers: bool = False,
    tables: TablesArg = None,
) -> CheckOutcome:
    """Setting a building alight needs a D10 at or under its inflammability; putting out an inch
    of fire needs two figures to roll over it. Engineers shift the roll 3 their way (rule 9l)."""
    if action not in ("start", "extinguish"):
        raise TableError("A fire can be started or extinguished.")
    trace = Trace(tables)
    entry: Building = trace.pick("building", FILE, "fires", "buildings", building)
    roll = trace.die("d10", d10, "starting a fire" if action == "start" else "fighting a fire")
    modifiers: tuple[Term, ...] = ()
    if engineers:
        bonus = int(trace.get(FILE, "fires", "engineer_modifier").value)
        modifiers = (Term(name="engineers", value=-bonus if action == "start" else bonus),)
    score = d10 + sum(int(m.value) for m in modifiers)
    value = entry.inflammability
    if action == "start":
        succeeded = score <= value
        cell, outcome = f"starts at {value} or less", "the fire starts" if succeeded else "no fire"
    else:
        trace.get(FILE, "fires", "figures_per_extinguish_roll")
        succeeded = score > value
        cell, outcome = f"out above {value}", "that inch is put out" if succeeded else "it burns on"
    return trace.result(
        CheckOutcome,
        rule="Rule 9l",
        inputs={"building": building, "d10": d10, "action": action, "engineers": engineers},
        base=Term(name="D10", value=d10),
        modifiers=modifiers,
        total=score,
        cell=f"{entry.name}, inflammability {value}: {cell}",
        dice=(roll,),
        outcome=outcome,
        succeeded=succeeded,
    )


def terrain_pieces(region: str, d6: int, *, tables: TablesArg = None) -> TerrainPiecesResult:
    """The set terrain of a region plus the pieces a D6 adds (army lists: terrain)."""
    trace = Trace(tables)
    entry: Region = trace.pick("region", FILE, "regions", region)
    roll = trace.die("d6", d6, "terrain")
    diced = trace.get(FILE, "regions", region, "diced", d6)
    trace.get(FILE, "pieces")
    return trace.result(
        TerrainPiecesResult,
        rule="Army lists: terrain",
        inputs={"region": region, "d6": d6},
        cell=f"{entry.name}: set {entry.set.lower()}",
        dice=(roll,),
        outcome=f"{entry.set}; plus {diced[0].lower()}{diced[1:]}",
        set_pieces=entry.set,
        diced_pieces=diced,
    )


def engineering(
    d10: int, *, previous_turns: int = 0, engineers: bool = False, tables: TablesArg = None
) -> CheckOutcome:
    """An engineering attempt (rule 16d): a D10 plus 1 per turn already spent without a break,
    plus 1 for engineers, must reach 10."""
    if previous_turns < 0:
        raise TableError("Turns already spent cannot be negative.")
    trace = Trace(tables)
    table = trace.tables.typed(ENGINEERING, EngineeringFile)
    roll = trace.die("d10", d10, "engineering")
    modifiers = []
    if previous_turns:
        per_turn = int(trace.get(ENGINEERING, "per_continuous_turn").value)
        modifiers.append(
            Term(
                name=f"turns already at the work: {previous_turns}", value=per_turn * previous_turns
            )
        )
    if engineers:
        modifiers.append(
            Term(name="engineers", value=int(trace.get(ENGINEERING, "engineer_bonus").value))
        )
    score = d10 + sum(int(m.value) for m in modifiers)
    target = int(trace.get(ENGINEERING, "target").value)
    succeeded = score >= target
    return trace.result(
        CheckOutcome,
        rule="Rule 16",
        inputs={"d10": d10, "previous_turns": previous_turns, "engineers": engineers},
        base=Term(name="D10", value=d10),
        modifiers=tuple(modifiers),
        total=score,
        cell=f"succeeds on {target}+ ({table.title.lower()})",
        dice=(roll,),
        outcome="the work is done" if succeeded else "not yet",
        succeeded=succeeded,
    )
