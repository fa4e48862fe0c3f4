"""Additional rules: indirect artillery fire and Table A."""

from math import ceil

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Trace
from ..schema.indirect_fire import BlastRow, IndirectFireFile
from .morale import plus_minus

FILE = "sotq_indirect_fire"


class IndirectFireResult(Result):
    """Where the shells land, how many figures are targets, and what fires at them."""

    targets: int
    diameter_inches: float
    figures_firing: int
    fire_factor: int


def indirect_fire(
    gun_models: int,
    plus_die: int,
    minus_die: int,
    figures_in_area: int,
    *,
    tables: TablesArg = None,
) -> IndirectFireResult:
    """Indirect fire from BL heavy guns: the average dice place the shells; targets are then hit
    as if by Table A's figures (doubled as shell) at factor 5 with the usual tactical factors."""
    if gun_models < 1 or figures_in_area < 0:
        raise TableError("At least one gun must fire, and figure counts cannot be negative.")
    trace = Trace(tables)
    table = trace.tables.typed(FILE, IndirectFireFile)
    index = min(gun_models, len(table.table_a)) - 1
    row: BlastRow = trace.get(FILE, "table_a", index)
    term, rolls = plus_minus(trace, plus_die, minus_die, "fall of shot")
    trace.get(FILE, "placement")
    score = int(term.value)
    if score < 0:
        targets, landing = 0, "the shells miss"
    elif score == 0:
        targets, landing = ceil(figures_in_area / 2), "a near miss: half the figures are targets"
    else:
        targets, landing = figures_in_area, "on target: every figure in the circle is a target"
    shell = trace.get("sotq_casualties", "multipliers", "shot_or_shell").value
    figures_firing = row.figures * shell
    factor = int(trace.get(FILE, "fire_factor").value)
    outcome = landing
    guns = f"{row.guns}{' or more' if index == len(table.table_a) - 1 else ''} gun models"
    if targets:
        outcome += f"; {targets} targets, fired on by {figures_firing} figures at factor {factor}"
    return trace.result(
        IndirectFireResult,
        rule="Additional rules: indirect artillery fire, Table A",
        inputs={
            "gun_models": gun_models,
            "plus_die": plus_die,
            "minus_die": minus_die,
            "figures_in_area": figures_in_area,
        },
        base=term,
        total=score,
        cell=f'Table A, {guns}: {row.diameter_inches:g}" circle, {row.figures} figures x {shell}',
        dice=rolls,
        outcome=outcome,
        targets=targets,
        diameter_inches=row.diameter_inches,
        figures_firing=figures_firing,
        fire_factor=factor,
    )
