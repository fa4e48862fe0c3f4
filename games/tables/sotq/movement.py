"""Table 4 and rules 14-15: how far a unit moves after penalties and the movement dice."""

from collections.abc import Sequence
from fractions import Fraction

from ..errors import TableError
from ..load import TablesArg
from ..result import DieRoll, Result, Term, Trace, fraction_text, number
from ..schema.movement import MovementFile, Mover, Penalty, PenaltyCell, TroopType
from .morale import plus_minus

FILE = "sotq_movement"
DISTANCE_KINDS = {"speed", "time", "none", "prohibited"}


class MovementResult(Result):
    """The distance moved this turn, and whether the ground disorders the unit."""

    distance: float
    disordered: bool
    turns_needed: float | None


def _movement(trace: Trace) -> MovementFile:
    return trace.tables.typed(FILE, MovementFile)


def troop_types(tables: TablesArg = None) -> dict[str, TroopType]:
    return dict(_movement(Trace(tables)).troop_types)


def _mover(troop: TroopType, skirmish_order: bool) -> Mover:
    if troop.oxen:
        return "oxen"
    return "skirmishers" if skirmish_order else "others"


def _applies(penalty: Penalty, troop: TroopType, skirmish_order: bool) -> bool:
    if penalty.foot_only and troop.mounted:
        return False
    cell = penalty.cell(_mover(troop, skirmish_order), troop.mounted)
    return cell.kind in DISTANCE_KINDS


def movement_penalties(
    troop_type: str, *, skirmish_order: bool = False, tables: TablesArg = None
) -> dict[str, Penalty]:
    """The penalties that change a move's distance for this troop type (formation changes are
    timed on Table 1 column 4 instead)."""
    table = _movement(Trace(tables))
    troop = table.troop_types.get(troop_type)
    if troop is None:
        raise TableError(
            f"Unknown troop type {troop_type!r}; choose from {', '.join(table.troop_types)}."
        )
    return {k: p for k, p in table.penalties.items() if _applies(p, troop, skirmish_order)}


def _moves(count: Fraction) -> str:
    return f"{fraction_text(count)} move{'s' if count > 1 else ''}"


def _penalise(
    name: str, cell: PenaltyCell, distance: Fraction, spent: Fraction
) -> tuple[Fraction, Fraction, str]:
    if cell.kind == "speed":
        share = Fraction(cell.fraction or 1)
        return distance * share, spent, f"{name} at {fraction_text(share)} speed"
    if cell.kind == "time":
        cost = Fraction(cell.moves or 0)
        return distance, spent + cost, f"{name} costs {_moves(cost)}"
    return distance, spent, f"{name}: no penalty"


def movement(
    troop_type: str,
    plus_die: int,
    minus_die: int,
    *,
    charge: bool = False,
    skirmish_order: bool = False,
    penalties: Sequence[str] = (),
    on_road: bool = False,
    routing: bool = False,
    tables: TablesArg = None,
) -> MovementResult:
    """Distance moved this turn (rule 14b): Table 4 rate, penalties, then the movement dice.

    Routers move at charge speed without dice (rule 13e); on a road a negative dice score is
    ignored (rule 14c). Distances never fall below zero.
    """
    trace = Trace(tables)
    troop: TroopType = trace.pick("troop type", FILE, "troop_types", troop_type)
    speed_kind = "charge" if charge or routing else "normal"
    rate = troop.charge if speed_kind == "charge" else troop.normal
    if rate is None:
        if charge:
            raise TableError(f"{troop.name} cannot move at charge speed.")
        rate = troop.normal
    if len(set(penalties)) != len(penalties):
        raise TableError("Each penalty can be named only once.")
    dice_term, rolls = plus_minus(trace, plus_die, minus_die, "movement")
    mover = _mover(troop, skirmish_order)
    distance, spent = Fraction(rate), Fraction(0)
    modifiers: list[Term] = []
    notes: list[str] = []
    disordered = prohibited = False
    for penalty_id in penalties:
        penalty: Penalty = trace.pick("movement penalty", FILE, "penalties", penalty_id)
        if not _applies(penalty, troop, skirmish_order):
            raise TableError(f"{penalty.name} does not change the distance of {troop.name}.")
        cell = penalty.cell(mover, troop.mounted)
        if cell.kind == "prohibited":
            prohibited = True
            notes.append(f"{penalty.name.lower()}: may not move")
            continue
        before = distance
        distance, spent, text = _penalise(penalty.name.lower(), cell, distance, spent)
        notes.append(text)
        if distance != before:
            modifiers.append(Term(name=text, value=number(distance - before)))
        disordered |= penalty.disorders and troop.regular and not skirmish_order
    if disordered:
        trace.get(FILE, "disorder_exemption")
    turns_needed = float(spent) if spent > 1 else None
    if spent:
        lost = distance * min(spent, Fraction(1))
        modifiers.append(Term(name=f"time spent: {_moves(spent)}", value=-number(lost)))
        distance -= lost
    applied: tuple[DieRoll, ...] = ()
    if prohibited:
        distance = Fraction(0)
    elif routing:
        trace.get(FILE, "unmodified_moves")
        notes.append("routers move without movement dice")
    elif distance > 0:
        net = int(dice_term.value)
        if on_road and net < 0:
            trace.get(FILE, "road")
            notes.append("a negative score is ignored on a road")
            net = 0
        modifiers.append(dice_term.model_copy(update={"value": net}))
        distance += net
        applied = rolls
    floor = trace.get(FILE, "minimum_distance").value
    distance = max(distance, Fraction(floor))
    result = "may not move" if prohibited else f'moves {fraction_text(distance)}"'
    if disordered:
        result += ", disordered"
    if turns_needed:
        result += f" (needs {_moves(spent)})"
    return trace.result(
        MovementResult,
        rule="Table 4, rule 14",
        inputs={
            "troop_type": troop_type,
            "plus_die": plus_die,
            "minus_die": minus_die,
            "charge": charge,
            "skirmish_order": skirmish_order,
            "penalties": list(penalties),
            "on_road": on_road,
            "routing": routing,
        },
        base=Term(name=f"{troop.name}, {speed_kind}", value=rate),
        modifiers=tuple(modifiers),
        total=number(distance),
        cell="; ".join(notes) or None,
        dice=applied,
        outcome=result,
        distance=float(distance),
        disordered=disordered,
        turns_needed=turns_needed,
    )
