"""Additional rules: boat currents and grounding, embarking, balloons, train emergency stops."""

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace
from ..schema.transport import BoatsFile, Speed
from .morale import plus_minus

BOATS = "sotq_boats"
BALLOONS = "sotq_balloons"
TRAINS = "sotq_trains"


class CurrentResult(Result):
    drift_inches: int


class EventResult(Result):
    """A D10 test and what, if anything, it caused."""

    event: str | None


def boat_speeds(tables: TablesArg = None) -> dict[str, Speed]:
    return dict(Trace(tables).tables.typed(BOATS, BoatsFile).speeds)


def current(plus_die: int, minus_die: int, *, tables: TablesArg = None) -> CurrentResult:
    """A river's current from the plus and minus average dice; balloons drift the same way."""
    trace = Trace(tables)
    trace.get(BOATS, "current")
    term, rolls = plus_minus(trace, plus_die, minus_die, "current")
    strength = int(term.value)
    outcome = "no current" if strength == 0 else f'drift {abs(strength)}" downstream before moving'
    return trace.result(
        CurrentResult,
        rule="Boats: movement",
        inputs={"plus_die": plus_die, "minus_die": minus_die},
        base=term,
        total=strength,
        dice=rolls,
        outcome=outcome,
        drift_inches=abs(strength),
    )


def _d10_event(
    trace: Trace,
    rule: str,
    inputs: dict[str, object],
    d10: int,
    events: dict[str, tuple[int, int]],
    purpose: str,
    modifier: Term | None = None,
) -> EventResult:
    roll = trace.die("d10", d10, purpose)
    score = d10 + (int(modifier.value) if modifier else 0)
    happened = next((name for name, (low, high) in events.items() if low <= score <= high), None)
    wanted = "; ".join(
        f"{name} on {low}" + (f"-{high}" if high != low else "")
        for name, (low, high) in events.items()
    )
    return trace.result(
        EventResult,
        rule=rule,
        inputs=inputs,
        base=Term(name="D10", value=d10),
        modifiers=(modifier,) if modifier else (),
        total=score,
        cell=wanted,
        dice=(roll,),
        outcome=happened or "nothing happens",
        event=happened,
    )


def boat_grounding(d10: int, *, tables: TablesArg = None) -> EventResult:
    """Whether a boat that strikes land or a sandbank by accident runs aground."""
    trace = Trace(tables)
    scores = trace.get(BOATS, "grounding").scores
    return _d10_event(
        trace, "Boats: grounding", {"d10": d10}, d10, {"aground": scores}, "grounding"
    )


def boat_refloat(d10: int, *, tables: TablesArg = None) -> EventResult:
    """Whether a grounded boat floats off at the end of a movement phase."""
    trace = Trace(tables)
    scores = trace.get(BOATS, "refloat").scores
    return _d10_event(
        trace, "Boats: grounding", {"d10": d10}, d10, {"refloated": scores}, "refloating"
    )


def embark(d10: int, *, previous_attempts: int = 0, tables: TablesArg = None) -> EventResult:
    """Whether a unit other than foot gets aboard (or off) a boat or train this move."""
    if previous_attempts < 0:
        raise TableError("Earlier attempts cannot be negative.")
    trace = Trace(tables)
    rule = trace.get(BOATS, "embarking")
    bonus = Term(
        name=f"earlier attempts: {previous_attempts}", value=rule.per_attempt * previous_attempts
    )
    return _d10_event(
        trace,
        "Boats: embarking",
        {"d10": d10, "previous_attempts": previous_attempts},
        d10,
        {"embarked": (rule.target, 10 + int(bonus.value))},
        "embarking",
        bonus if previous_attempts else None,
    )


def balloon_launch(d10: int, *, tables: TablesArg = None) -> EventResult:
    """Whether a balloon goes up, or comes down, this turn."""
    trace = Trace(tables)
    scores = trace.get(BALLOONS, "launch_or_land").scores
    return _d10_event(
        trace, "Balloons", {"d10": d10}, d10, {"launched or landed": scores}, "balloon"
    )


def balloon_under_fire(d10: int, *, tables: TablesArg = None) -> EventResult:
    """The D10 rolled whenever a balloon is fired on: a crewman killed, or the balloon explodes."""
    trace = Trace(tables)
    rule = trace.get(BALLOONS, "under_fire")
    events = {"a crewman is killed": rule.crew_killed, "the balloon explodes": rule.explodes}
    return _d10_event(trace, "Balloons", {"d10": d10}, d10, events, "balloon under fire")


def train_emergency_stop(d10: int, *, tables: TablesArg = None) -> EventResult:
    """Whether a train stopped dead derails, costing its passengers a quarter of their number."""
    trace = Trace(tables)
    rule = trace.get(TRAINS, "emergency_stop")
    events = {f"derails: passengers lose {rule.casualty_percent}%": rule.derail}
    return _d10_event(trace, "Trains", {"d10": d10}, d10, events, "emergency stop")
