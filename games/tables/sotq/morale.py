"""Table 3 and rule 13: morale tests and what their results mean."""

from collections import Counter
from collections.abc import Mapping, Sequence

from ..errors import TableError
from ..load import TablesArg
from ..result import DieRoll, Result, Term, Trace
from ..schema.morale import MoraleFactor, MoraleFile

FILE = "sotq_morale"


class MoraleResult(Result):
    """The morale score, the result band and the score kept for melee (rule 13d)."""

    score: int
    result: str
    meaning: str
    melee_score: int


def morale_factors(tables: TablesArg = None) -> dict[str, MoraleFactor]:
    return dict(Trace(tables).tables.typed(FILE, MoraleFile).factors)


def plus_minus(
    trace: Trace, plus_die: int, minus_die: int, purpose: str
) -> tuple[Term, tuple[DieRoll, DieRoll]]:
    """The net score of the plus and minus average dice, as a named term and the two rolls."""
    rolls = (
        trace.die("average", plus_die, f"{purpose} (plus)"),
        trace.die("average", minus_die, f"{purpose} (minus)"),
    )
    return Term(name=f"average dice +{plus_die} -{minus_die}", value=plus_die - minus_die), rolls


def _factor_terms(trace: Trace, factors: Sequence[str]) -> list[Term]:
    terms = []
    groups: dict[str, str] = {}
    for factor_id, count in Counter(factors).items():
        factor: MoraleFactor = trace.pick("morale factor", FILE, "factors", factor_id)
        if count > 1 and not factor.per_instance:
            raise TableError(f"{factor.name} counts only once.")
        if factor.group and groups.setdefault(factor.group, factor_id) != factor_id:
            raise TableError(f"{factor.name} cannot be combined with {groups[factor.group]}.")
        name = factor.name if count == 1 else f"{factor.name} x{count}"
        terms.append(Term(name=name.lower(), value=factor.value * count))
    return terms


def _casualty_term(trace: Trace, casualty_percent: int, pipers: int) -> list[Term]:
    if casualty_percent < 0 or pipers < 0:
        raise TableError("Casualty percentages and pipers cannot be negative.")
    if not casualty_percent:
        return []
    rule = trace.get(FILE, "casualties")
    allowance = trace.get("sotq_firing", "pinning", "piper_allowance").percent
    counted = max(0, casualty_percent - allowance * pipers)
    steps = counted // rule.per_percent
    if not steps:
        return []
    note = f" after {pipers} piper{'s' if pipers > 1 else ''}" if pipers else ""
    return [Term(name=f"casualties {counted}% this turn{note}", value=rule.value * steps)]


def morale(
    morale_number: int,
    plus_die: int,
    minus_die: int,
    *,
    factors: Sequence[str] = (),
    officer_modifier: int = 0,
    casualty_percent: int = 0,
    pipers: int = 0,
    may_go_impetuous: bool = False,
    routing: bool = False,
    extra_modifiers: Mapping[str, int] | None = None,
    tables: TablesArg = None,
) -> MoraleResult:
    """A morale test (rule 13c): morale number, plus and minus average dice, Table 3 factors.

    ``factors`` may repeat a per-instance factor (one entry per friend routing within 8").
    ``may_go_impetuous`` is for natives and others allowed to; ``routing`` reads the routers' line.
    """
    trace = Trace(tables)
    dice_term, rolls = plus_minus(trace, plus_die, minus_die, "morale")
    modifiers = [dice_term, *_factor_terms(trace, factors)]
    if officer_modifier:
        trace.get(FILE, "officer_modifier")
        modifiers.append(Term(name="officer", value=officer_modifier))
    modifiers += _casualty_term(trace, casualty_percent, pipers)
    modifiers += [Term(name=name, value=value) for name, value in (extra_modifiers or {}).items()]
    score = morale_number + sum(int(term.value) for term in modifiers)
    table = trace.tables.typed(FILE, MoraleFile)
    index, band = next((i, b) for i, b in enumerate(table.results) if b.holds(score))
    trace.get(FILE, "results", index)
    result_id = band.id
    if band.natives_only and not may_go_impetuous and band.otherwise:
        result_id = band.otherwise
    if routing and band.routing_id:
        result_id = band.routing_id
    meaning = trace.get(FILE, "meanings", result_id).text
    melee_score = score
    if result_id == "impetuous":
        melee_score += trace.get(FILE, "impetuous_bonus").value
    outcome = result_id.replace("_", " ")
    if melee_score != score:
        outcome += f", melee score {melee_score}"
    return trace.result(
        MoraleResult,
        rule="Table 3, rule 13",
        inputs={
            "morale_number": morale_number,
            "plus_die": plus_die,
            "minus_die": minus_die,
            "factors": list(factors),
            "officer_modifier": officer_modifier,
            "casualty_percent": casualty_percent,
            "pipers": pipers,
            "may_go_impetuous": may_go_impetuous,
            "routing": routing,
            "extra_modifiers": dict(extra_modifiers or {}),
        },
        base=Term(name="morale number", value=morale_number),
        modifiers=tuple(modifiers),
        total=score,
        cell=f"Table 3: {_band_text(band.low, band.high)}"
        + (" (natives go impetuous)" if band.natives_only else ""),
        dice=rolls,
        outcome=outcome,
        score=score,
        result=result_id,
        meaning=meaning,
        melee_score=melee_score,
    )


def _band_text(low: int | None, high: int | None) -> str:
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low} or more"
    return f"{low}-{high}"
