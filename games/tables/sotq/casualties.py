"""Table 6 casualties and the percentage loss table (rules 4 and 19)."""

from ..errors import TableError
from ..load import TablesArg
from ..result import DieRoll, Result, Term, Trace, counted
from ..schema.casualties import CasualtiesFile, Multiplier

FILE = "sotq_casualties"


class CasualtiesResult(Result):
    """Casualty points from Table 6 and the figures they remove."""

    points: int
    whole_figures: int
    remainder: int
    figures_removed: int | None


class PercentageLossResult(Result):
    percent: int


def table_points(trace: Trace, factor: int, figures: int) -> tuple[int, str]:
    """Table 6 points for ``figures`` at ``factor``, read in blocks of 20 past the last column."""
    table: CasualtiesFile = trace.tables.typed(FILE, CasualtiesFile)
    limits = trace.get(FILE, "factor_limits")
    if figures < 0:
        raise TableError("The number of figures cannot be negative.")
    if factor < limits.low or figures == 0:
        return 0, f"factor {factor} with {figures} figures inflicts nothing"
    row_factor = min(factor, limits.high)
    blocks, rest = divmod(figures, table.columns)
    if blocks:
        trace.get(FILE, "beyond_columns")
    points = 0
    parts = []
    for size in [table.columns] * blocks + ([rest] if rest else []):
        cell = trace.get(FILE, "table", row_factor, size - 1)
        points += cell
        parts.append(f"{counted(size, 'figure')} {cell}")
    row_text = f"factor {row_factor}" + (f" (from {factor})" if row_factor != factor else "")
    return points, f"Table 6 {row_text}: " + " + ".join(parts)


def remove_figures(
    trace: Trace, points: int, fraction_d10: int | None
) -> tuple[int, int, int | None, tuple[DieRoll, ...], str]:
    """Whole tens remove figures; a D10 at or under the remainder removes one more (rule 19a)."""
    per_figure = int(trace.get(FILE, "points_per_figure").value)
    whole, remainder = divmod(points, per_figure)
    if remainder == 0:
        return whole, 0, whole, (), f"{_figures(whole)} removed"
    if fraction_d10 is None:
        text = f"{_figures(whole)} removed, and a D10 of {remainder} or less removes one more"
        return whole, remainder, None, (), text
    roll = trace.die("d10", fraction_d10, f"the {remainder} left over")
    extra = int(fraction_d10 <= remainder)
    verdict = "removes one more" if extra else "removes no more"
    text = f"{_figures(whole + extra)} removed (D10 {fraction_d10} vs {remainder} {verdict})"
    return whole, remainder, whole + extra, (roll,), text


def _figures(count: int) -> str:
    return counted(count, "figure")


def casualties(
    factor: int,
    figures: int,
    *,
    fraction_d10: int | None = None,
    melee: bool = False,
    tables: TablesArg = None,
) -> CasualtiesResult:
    """Casualties ``figures`` inflict at casualty ``factor``; melee casualties are doubled."""
    trace = Trace(tables)
    points, cell = table_points(trace, factor, figures)
    modifiers: tuple[Term, ...] = ()
    if melee:
        multiplier = int(trace.get(FILE, "melee_multiplier").value)
        modifiers = (Term(name="melee doubling", value=points * (multiplier - 1)),)
        points *= multiplier
    base = points - sum(m.value for m in modifiers)
    whole, remainder, removed, dice, outcome = remove_figures(trace, points, fraction_d10)
    return trace.result(
        CasualtiesResult,
        rule="Table 6, rule 19",
        inputs={"factor": factor, "figures": figures, "melee": melee, "fraction_d10": fraction_d10},
        base=Term(name="casualty point" if base == 1 else "casualty points", value=base),
        modifiers=modifiers,
        total=points,
        cell=cell,
        dice=dice,
        outcome=outcome,
        points=points,
        whole_figures=whole,
        remainder=remainder,
        figures_removed=removed,
    )


def fire_multipliers(tables: TablesArg = None) -> dict[str, Multiplier]:
    """How many figures each firer counts as: crews of guns, marksmen (rule 11f, 12a)."""
    return dict(Trace(tables).tables.typed(FILE, CasualtiesFile).multipliers)


def percentage_loss(strength: int, lost: int, *, tables: TablesArg = None) -> PercentageLossResult:
    """The percentage a unit of ``strength`` figures has lost with ``lost`` casualties (rule 4)."""
    if strength < 1 or lost < 0 or lost > strength:
        raise TableError("Casualties must be between 0 and the unit's strength, which must be 1+.")
    trace = Trace(tables)
    table = trace.tables.typed(FILE, CasualtiesFile)
    inputs = {"strength": strength, "casualties": lost}
    rule = "Percentage loss table, rule 4"
    if lost == 0:
        return trace.result(
            PercentageLossResult, rule=rule, inputs=inputs, total=0, outcome="0% lost", percent=0
        )
    largest = max(table.percentage_loss.rows)
    divisors = [1]
    if strength > largest:
        divisors = trace.get(FILE, "percentage_loss", "large_units").divisors
    divisor = next((d for d in divisors if strength // d <= largest), None)
    row = None if divisor is None else table.percentage_loss.rows.get(strength // divisor)
    if divisor is not None and row is not None and lost <= len(row):
        reduced = strength // divisor
        shown = trace.get(FILE, "percentage_loss", "rows", reduced, lost - 1)
        percent = shown // divisor
        cell = f"strength {reduced}, {lost} lost: {shown}%"
        if divisor > 1:
            cell = f"strength {strength} / {divisor} = {reduced}; {cell}; {shown}% / {divisor}"
    else:
        trace.get(FILE, "percentage_loss", "beyond_table")
        percent = 100 * lost // strength
        cell = f"beyond the table: {lost} x 100 / {strength}, rounded down"
    return trace.result(
        PercentageLossResult,
        rule=rule,
        inputs=inputs,
        total=percent,
        cell=cell,
        outcome=f"{percent}% lost",
        percent=percent,
    )
