"""Quick reference II: movement by dice, by troop type."""

from collections.abc import Sequence

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace, number
from ..schema.qref import MoveDice, MovementFile

FILE = "qref_movement"


class MoveDiceResult(Result):
    dice_count: int
    inches: float | None


def movement_troop_types(tables: TablesArg = None) -> dict[str, MoveDice]:
    return dict(Trace(tables).tables.typed(FILE, MovementFile).troop_types)


def movement_dice(
    troop_type: str,
    dice: Sequence[int] | None = None,
    *,
    difficult_terrain: bool = False,
    tables: TablesArg = None,
) -> MoveDiceResult:
    """How many d6 a unit rolls to move and, given the dice, the inches moved (halved in
    difficult terrain, which costs double)."""
    trace = Trace(tables)
    entry: MoveDice = trace.pick("troop type", FILE, "troop_types", troop_type)
    inputs = {
        "troop_type": troop_type,
        "dice": list(dice or []),
        "difficult_terrain": difficult_terrain,
    }
    source = "" if entry.source == "rules" else f" [{entry.source}]"
    cell = f"{entry.name}: {entry.dice}d6{source}"
    if dice is None:
        return trace.result(
            MoveDiceResult,
            rule="Quick reference II",
            inputs=inputs,
            cell=cell,
            outcome=f"roll {entry.dice}d6 for inches moved",
            dice_count=entry.dice,
            inches=None,
        )
    if len(dice) != entry.dice:
        raise TableError(f"{entry.name} rolls {entry.dice}d6, not {len(dice)} dice.")
    rolls = tuple(trace.die("d6", value, "movement") for value in dice)
    rolled = sum(dice)
    modifiers: tuple[Term, ...] = ()
    inches = float(rolled)
    if difficult_terrain:
        divisor = trace.get(FILE, "difficult_terrain").divisor
        inches = rolled / divisor
        modifiers = (Term(name="difficult terrain costs double", value=number(inches - rolled)),)
    return trace.result(
        MoveDiceResult,
        rule="Quick reference II",
        inputs=inputs,
        base=Term(name=f"{entry.dice}d6", value=rolled),
        modifiers=modifiers,
        total=number(inches),
        cell=cell,
        dice=rolls,
        outcome=f'moves {inches:g}"',
        dice_count=entry.dice,
        inches=inches,
    )
