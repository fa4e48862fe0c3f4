"""Quick reference III: pre-melee morale, melee dice and post-melee movement."""

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace, counted
from ..schema.qref import BritishType, MeleeCase, MeleeFile, PostMeleeFile, PreMeleeFile
from .d6_tables import QuickResult, read_d6

PRE = "qref_pre_melee"
MELEE = "qref_melee"
POST = "qref_post_melee"


class MeleeDiceResult(Result):
    dice_count: int
    hits: int | None


class PostMeleeResult(Result):
    retreating: str | None
    retreat_inches: int


def pre_melee_types(tables: TablesArg = None) -> dict[str, str]:
    return {k: v.name for k, v in Trace(tables).tables.typed(PRE, PreMeleeFile).troop_types.items()}


def melee_cases(tables: TablesArg = None) -> dict[str, MeleeCase]:
    return dict(Trace(tables).tables.typed(MELEE, MeleeFile).cases)


def british_types(tables: TablesArg = None) -> dict[str, BritishType]:
    return dict(Trace(tables).tables.typed(POST, PostMeleeFile).british_types)


def pre_melee_morale(troop_type: str, d6: int, *, tables: TablesArg = None) -> QuickResult:
    """The test a unit not in rout takes when an enemy charge reaches it (III.A)."""
    trace = Trace(tables)
    trace.pick("troop type", PRE, "troop_types", troop_type)
    return read_d6(
        trace,
        PRE,
        ("troop_types", troop_type, "results"),
        d6,
        purpose="pre-melee morale",
        rule="Quick reference III.A",
        inputs={"troop_type": troop_type, "d6": d6},
    )


def group_dice(figures: int, per_group: int, count_from: int) -> tuple[int, str]:
    """Dice for ``figures``: one per group, odd figures counting from ``count_from``."""
    if figures < 0:
        raise TableError("The number of figures cannot be negative.")
    groups, odd = divmod(figures, per_group)
    odd_counts = odd >= count_from
    note = f"{counted(figures, 'figure')} = {groups} x {per_group}"
    if odd:
        note += f" + {odd} odd ({'counts' if odd_counts else 'ignored'})"
    return groups + int(odd_counts), note


def melee_dice(
    case: str, figures: int, dice: list[int] | None = None, *, tables: TablesArg = None
) -> MeleeDiceResult:
    """How many d6 a side rolls in melee (III.B); the total rolled is the enemy's casualties."""
    trace = Trace(tables)
    entry: MeleeCase = trace.pick("melee case", MELEE, "cases", case)
    groups, note = group_dice(figures, entry.figures_per_group, entry.odd_figures_count_from)
    count = groups * entry.dice_per_group
    inputs = {"case": case, "figures": figures, "dice": list(dice or [])}
    cell = f"{entry.name}: {entry.dice_per_group}d6 per {entry.figures_per_group}; {note}"
    if dice is None:
        return trace.result(
            MeleeDiceResult,
            rule="Quick reference III.B",
            inputs=inputs,
            cell=cell,
            outcome=f"roll {count}d6; the total is enemy casualties",
            dice_count=count,
            hits=None,
        )
    if len(dice) != count:
        raise TableError(f"This melee rolls {count}d6, not {len(dice)} dice.")
    rolls = tuple(trace.die("d6", value, "melee") for value in dice)
    hits = sum(dice)
    trace.get(MELEE, "hits")
    return trace.result(
        MeleeDiceResult,
        rule="Quick reference III.B",
        inputs=inputs,
        base=Term(name=f"{count}d6", value=hits),
        total=hits,
        cell=cell,
        dice=rolls,
        outcome=f"{hits} enemy casualties",
        dice_count=count,
        hits=hits,
    )


def post_melee(
    zulu_d6: int, british_d6: int, british_type: str, *, tables: TablesArg = None
) -> PostMeleeResult:
    """Units still in contact after melee roll 1d6 each; the lower retreats the difference."""
    trace = Trace(tables)
    british: BritishType = trace.pick("British troop type", POST, "british_types", british_type)
    rolls = (trace.die("d6", zulu_d6, "Zulus"), trace.die("d6", british_d6, british.name))
    inputs = {"zulu_d6": zulu_d6, "british_d6": british_d6, "british_type": british_type}
    if zulu_d6 != british_d6:
        trace.get(POST, "contact")
        retreating = "Zulus" if zulu_d6 < british_d6 else british.name
        inches = abs(zulu_d6 - british_d6)
        cell = f"Zulus {zulu_d6} v {british_d6}: the lower retreats the difference"
    else:
        trace.get(POST, "ties")
        retreating = british.name if not british.stands_on_tie else "Zulus"
        inches = zulu_d6
        cell = f"tie on {zulu_d6}: {retreating} retreat their score"
    return trace.result(
        PostMeleeResult,
        rule="Quick reference III.C",
        inputs=inputs,
        total=inches,
        cell=cell,
        dice=rolls,
        outcome=f'{retreating} retreat {inches}"',
        retreating=retreating,
        retreat_inches=inches,
    )
