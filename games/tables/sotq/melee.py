"""Table 5 and rule 18: melee scores, the result grid, its outcomes and melee casualties."""

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field

from ..errors import TableError
from ..load import TablesArg
from ..result import DieRoll, Result, Term, Trace, counted
from ..schema.melee import MeleeCell, MeleeFactor, MeleeFile, MeleeWeapon, split_code
from .casualties import FILE as CASUALTIES
from .casualties import remove_figures, table_points

FILE = "sotq_melee"


class MeleeSide(BaseModel):
    """One side of a melee as the player describes it."""

    model_config = ConfigDict(frozen=True)

    name: str
    morale_score: int = Field(description="The score recorded at the morale test (rule 13d).")
    weapon: str
    mounted: bool = False
    attacker: bool = False
    in_square: bool = False
    impetuous: bool = False
    factors: tuple[str, ...] = ()
    extra_modifiers: Mapping[str, int] = Field(default_factory=dict)


class MeleeSideResult(BaseModel):
    """How one side scored and what the result grid tells it to do."""

    model_config = ConfigDict(frozen=True)

    name: str
    terms: tuple[Term, ...]
    total: int
    won: bool | None
    code: str
    action: tuple[str, ...]
    action_text: str
    inflicts_factor: int
    casualties_suffered: int | None = None
    figures_lost: int | None = None

    def casualty_text(self) -> str:
        figures = "" if self.figures_lost is None else f" ({counted(self.figures_lost, 'figure')})"
        return f"{counted(self.casualties_suffered or 0, 'point')}{figures}"


class MeleeResult(Result):
    difference: int
    winner: str | None
    column: str
    row: str
    duration: int
    sides: tuple[MeleeSideResult, MeleeSideResult]

    def explain(self) -> str:
        lines = [
            f"{side.name}: "
            + ", ".join(f"{t.value:+d} {t.name}" for t in side.terms)
            + f" = {side.total}"
            for side in self.sides
        ]
        lines.append(f"{self.cell} -> {self.outcome}")
        if self.overrides_used:
            lines.append(f"house rules: {', '.join(self.overrides_used)}")
        return "\n".join(lines)


class DurationResult(Result):
    ends: bool


def _melee(trace: Trace) -> MeleeFile:
    return trace.tables.typed(FILE, MeleeFile)


def melee_weapons(mounted: bool, tables: TablesArg = None) -> dict[str, MeleeWeapon]:
    """Weapons a foot or mounted figure can fight with (bayonets are foot only, lances horse)."""
    weapons = _melee(Trace(tables)).weapons.items()
    if mounted:
        return {k: w for k, w in weapons if w.horse is not None and w.mounted_use}
    return {k: w for k, w in weapons if w.foot is not None}


def melee_factors(mounted: bool, tables: TablesArg = None) -> dict[str, MeleeFactor]:
    return {k: f for k, f in _melee(Trace(tables)).factors.items() if _fits(f, mounted)}


def _fits(factor: MeleeFactor, mounted: bool) -> bool:
    return not ((factor.mounted_only and not mounted) or (factor.foot_only and mounted))


def _score(trace: Trace, side: MeleeSide) -> list[Term]:
    weapon: MeleeWeapon = trace.pick("melee weapon", FILE, "weapons", side.weapon)
    value = weapon.horse if side.mounted else weapon.foot
    if value is None or (side.mounted and not weapon.mounted_use):
        raise TableError(
            f"{weapon.name} cannot be used {'mounted' if side.mounted else 'on foot'}."
        )
    terms = [
        Term(name="morale score", value=side.morale_score),
        Term(name=f"{weapon.name.lower()} ({'horse' if side.mounted else 'foot'})", value=value),
    ]
    if len(set(side.factors)) != len(side.factors):
        raise TableError("Each melee factor counts once.")
    for factor_id in side.factors:
        factor: MeleeFactor = trace.pick("melee factor", FILE, "factors", factor_id)
        if not _fits(factor, side.mounted):
            raise TableError(f"{factor.name} does not apply to {side.name}.")
        terms.append(Term(name=factor.name.lower(), value=factor.value))
    terms += [Term(name=name, value=value) for name, value in side.extra_modifiers.items()]
    return terms


def _action(trace: Trace, letter: str, side: MeleeSide, other: MeleeSide) -> tuple[str, ...]:
    """What a result letter makes this side do (Table 5 key and rule 18h)."""
    trace.get(FILE, "codes", letter)
    if letter == "A":
        return ("rally_back",) if side.attacker else ("hold",)
    if letter == "B":
        return ("rally_back",) if side.attacker and other.in_square else ("hold",)
    if letter == "C":
        if side.in_square:
            return ("hold",)
        if side.mounted and other.in_square:
            return ("flow_round",)
        return ("breakthrough",) if side.mounted and side.impetuous else ("rally_back",)
    if letter == "D":
        return ("pursue",) if side.attacker else ("hold",)
    return {"E": ("rout",), "F": ("breakthrough",), "G": ("breakthrough", "pursue")}[letter]


def melee(
    first: MeleeSide,
    second: MeleeSide,
    *,
    figures: int | None = None,
    fraction_d10s: Sequence[int] | None = None,
    tables: TablesArg = None,
) -> MeleeResult:
    """Resolve a melee once for its whole length (rule 18g): morale score plus weapon and
    tactical factors; the difference reads Table 5 by winner's type against loser's.

    With ``figures`` (the figures the smaller unit has in contact, rule 18d) the doubled
    casualties each side suffers are worked out; ``fraction_d10s`` settles the remainders,
    the first die for the first side's losses.
    """
    if first.name == second.name:
        raise TableError("Give the two sides different names.")
    trace = Trace(tables)
    term_lists = [tuple(_score(trace, side)) for side in (first, second)]
    totals = [sum(int(t.value) for t in terms) for terms in term_lists]
    difference = abs(totals[0] - totals[1])
    winner = None
    if totals[0] != totals[1]:
        order = (first, second) if totals[0] > totals[1] else (second, first)
        winner = order[0].name
    else:
        order = (second, first) if second.attacker and not first.attacker else (first, second)
    table = _melee(trace)
    column_id = next(
        key
        for key, column in table.columns.items()
        if (column.winner_mounted, column.loser_mounted) == (order[0].mounted, order[1].mounted)
    )
    trace.get(FILE, "columns", column_id)
    trace.get(FILE, "column_reading")
    index = next((i for i, r in enumerate(table.rows) if r.low <= difference <= r.high), None)
    if index is None:
        trace.get(FILE, "overflow")
        index = len(table.rows) - 1
    row = trace.get(FILE, "rows", index)
    cell: MeleeCell = trace.get(FILE, "rows", index, "cells", column_id)
    codes = {order[0].name: cell.win, order[1].name: cell.lose}
    multiplier = int(trace.get(CASUALTIES, "melee_multiplier").value)
    results = []
    dice: list[DieRoll] = []
    for position, (side, other) in enumerate(((first, second), (second, first))):
        letter, inflicts = split_code(codes[side.name])
        _, against = split_code(codes[other.name])
        action = _action(trace, letter, side, other)
        suffered = lost = None
        if figures is not None:
            points, _ = table_points(trace, against, figures)
            suffered = points * multiplier
            d10 = fraction_d10s[position] if fraction_d10s else None
            _, _, lost, rolls, _ = remove_figures(trace, suffered, d10)
            dice += rolls
        results.append(
            MeleeSideResult(
                name=side.name,
                terms=term_lists[position],
                total=totals[position],
                won=None if winner is None else side.name == winner,
                code=codes[side.name],
                action=action,
                action_text=" ".join(trace.get(FILE, "outcomes", a).text for a in action),
                inflicts_factor=inflicts,
                casualties_suffered=suffered,
                figures_lost=lost,
            )
        )
    summary = [
        f"{r.name} {r.code}: {' and '.join(a.replace('_', ' ') for a in r.action)}" for r in results
    ]
    if figures is not None:
        summary += [f"{r.name}: {r.casualty_text()} lost" for r in results]
    lead = f"{winner} won by {difference}" if winner else "a drawn melee"
    turns = counted(cell.duration, "turn")
    return trace.result(
        MeleeResult,
        rule="Table 5, rule 18",
        inputs={
            "first": first.model_dump(),
            "second": second.model_dump(),
            "figures": figures,
            "fraction_d10s": list(fraction_d10s or []),
        },
        total=difference,
        cell=f"difference {difference}: {row.low}-{row.high}, {table.columns[column_id].name}",
        dice=tuple(dice),
        outcome=f"{lead}; lasts {turns}; " + "; ".join(summary),
        difference=difference,
        winner=winner,
        column=column_id,
        row=f"{row.low}-{row.high}",
        duration=cell.duration,
        sides=(results[0], results[1]),
    )


def melee_ends(
    duration: int, turns_fought: int, d6: int, *, tables: TablesArg = None
) -> DurationResult:
    """Optional random duration (rule 18): at the end of each melee turn a D6, plus 1 for every
    earlier check, above the duration ends the fight."""
    if duration < 1 or turns_fought < 1:
        raise TableError("Duration and turns fought start at 1.")
    trace = Trace(tables)
    rule = trace.get(FILE, "random_duration")
    roll = trace.die("d6", d6, "melee duration")
    bonus = (turns_fought - 1) * rule.step
    score = d6 + bonus
    ends = score > duration
    return trace.result(
        DurationResult,
        rule="Rule 18, optional random duration",
        inputs={"duration": duration, "turns_fought": turns_fought, "d6": d6},
        base=Term(name="D6", value=d6),
        modifiers=(Term(name="turns already fought", value=bonus),) if bonus else (),
        total=score,
        cell=f"ends above duration {duration}",
        dice=(roll,),
        outcome="the melee ends" if ends else "the melee goes on",
        ends=ends,
    )
