"""Table 1: officer modifiers (rule 7) and reaction times (rule 8)."""

from fractions import Fraction
from typing import cast

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace, fraction_text
from ..schema.officers import OfficersFile, ReactionClass, ReactionColumn, ReactionTest

FILE = "sotq_officers"


class OfficerModifierResult(Result):
    modifier: int


class ReactionResult(Result):
    """The reaction row reached and what the chosen column says."""

    column: str
    row: int
    value: str
    delay_moves: float | None
    range_band: str | None
    pursues: bool | None


def _officers(trace: Trace) -> OfficersFile:
    return trace.tables.typed(FILE, OfficersFile)


def reaction_classes(tables: TablesArg = None) -> list[str]:
    return sorted(_officers(Trace(tables)).rows[0].scores)


def reaction_columns(tables: TablesArg = None) -> dict[str, ReactionColumn]:
    return dict(_officers(Trace(tables)).columns)


def reaction_tests(tables: TablesArg = None) -> dict[str, ReactionTest]:
    """The situations that call for a reaction test and the columns they read (rule 8c)."""
    return dict(_officers(Trace(tables)).tests)


def officer_modifier(
    d10: int, *, native_officer: bool = False, tables: TablesArg = None
) -> OfficerModifierResult:
    """An officer's modifier from a D10 (rule 7); native officers take one off the roll."""
    trace = Trace(tables)
    roll = trace.die("d10", d10, "officer modifier")
    rules = trace.get(FILE, "officer_modifier")
    modifiers: tuple[Term, ...] = ()
    if native_officer:
        adjustment = trace.get(FILE, "officer_modifier", "native_officer_roll_adjustment").value
        modifiers = (Term(name="native officer", value=int(adjustment)),)
    score = d10 + sum(int(m.value) for m in modifiers)
    floor = int(trace.get(FILE, "officer_modifier", "roll_floor").value)
    read = max(score, floor)
    band = next(b for b in rules.bands if b.low <= read <= b.high)
    return trace.result(
        OfficerModifierResult,
        rule="Table 1, rule 7",
        inputs={"d10": d10, "native_officer": native_officer},
        base=Term(name="D10", value=d10),
        modifiers=modifiers,
        total=score,
        cell=f"score {band.low}-{band.high}",
        dice=(roll,),
        outcome=f"modifier {band.modifier:+d}",
        modifier=band.modifier,
    )


def _meaning(column: ReactionColumn, cell: str) -> tuple[str, float | None]:
    if column.kind == "range":
        return f"fires at {cell} range", None
    if column.kind == "pursuit":
        return ("pursues" if cell == "pursue" else "halts"), None
    delay = Fraction(cell) + Fraction(column.extra_delay or 0)
    if delay == 0:
        return "no delay", 0.0
    plural = "s" if delay > 1 else ""
    return f"{fraction_text(delay)} move{plural} to react", float(delay)


def reaction(
    reaction_class: str,
    column: str,
    d10: int,
    *,
    officer_modifier: int = 0,
    impetuous: bool = False,
    tables: TablesArg = None,
) -> ReactionResult:
    """How long a unit takes to react, or at what range a charged unit fires (rule 8).

    ``officer_modifier`` is added as given; pass it negative to subtract it (rule 7d).
    """
    trace = Trace(tables)
    column_entry: ReactionColumn = trace.pick("reaction column", FILE, "columns", column)
    if reaction_class not in reaction_classes(trace.tables):
        raise TableError(f"Reaction class must be A, B or C, not {reaction_class!r}.")
    roll = trace.die("d10", d10, "reaction")
    modifiers = []
    if officer_modifier:
        modifiers.append(Term(name="officer", value=officer_modifier))
    adjustment = trace.get(FILE, "impetuous_pursuit_adjustment")
    if impetuous and column == adjustment.column:
        modifiers.append(Term(name="impetuous", value=adjustment.value))
    score = d10 + sum(int(term.value) for term in modifiers)
    limits = trace.get(FILE, "score_limits")
    read = min(max(score, limits.low), limits.high)
    band = cast(ReactionClass, reaction_class)
    index, (low, high) = next(
        (i, row.scores[band])
        for i, row in enumerate(_officers(trace).rows)
        if row.scores[band][0] <= read <= row.scores[band][1]
    )
    trace.get(FILE, "rows", index, "scores", reaction_class)
    cell = trace.get(FILE, "rows", index, "cells", column)
    meaning, delay = _meaning(column_entry, cell)
    return trace.result(
        ReactionResult,
        rule="Table 1, rule 8",
        inputs={
            "reaction_class": reaction_class,
            "column": column,
            "d10": d10,
            "officer_modifier": officer_modifier,
            "impetuous": impetuous,
        },
        base=Term(name="D10", value=d10),
        modifiers=tuple(modifiers),
        total=score,
        cell=f"class {reaction_class} {low}-{high}, column {column} ({column_entry.title}): {cell}",
        dice=(roll,),
        outcome=meaning,
        column=column,
        row=index + 1,
        value=cell,
        delay_moves=delay,
        range_band=cell if column_entry.kind == "range" else None,
        pursues=(cell == "pursue") if column_entry.kind == "pursuit" else None,
    )
