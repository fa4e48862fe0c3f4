"""Table 2 and rules 11-12: fire factors and casualties, jams, officer hits, pinning, rockets."""

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..errors import TableError
from ..load import TablesArg
from ..result import Result, Term, Trace, choose, counted, fraction_text
from ..schema.casualties import Multiplier
from ..schema.firing import BAND_ORDER, FireFactor, FiringFile, MachineGun, Weapon
from .casualties import FILE as CASUALTIES
from .casualties import remove_figures, table_points

FILE = "sotq_firing"
FIRES_TEXT = {
    "every_turn": "fires every turn",
    "alternate_turns": "fires every second turn",
    "every_turn_if_close_or_charged": (
        "fires every turn at short range or when charged, otherwise every second turn"
    ),
}


class FireResult(Result):
    """A unit's fire: range band, fire factor, figures firing and the casualties inflicted."""

    range_band: str | None
    factor: int | None
    figures_firing: int
    points: int
    figures_removed: int | None
    fires: str
    half_effect_move: str
    full_effect_move_inches: float


class CheckResult(Result):
    """A single D10 test: whether the event named happened."""

    event: str
    happened: bool


class PinningResult(Result):
    pinned: bool


class RocketResult(Result):
    range_band: str | None
    hit: bool
    exploded: bool
    hit_factor: int | None


def _firing(trace: Trace) -> FiringFile:
    return trace.tables.typed(FILE, FiringFile)


def weapons(tables: TablesArg = None) -> dict[str, Weapon]:
    """The Table 2 weapons by id."""
    return dict(_firing(Trace(tables)).weapons)


def fire_factors(tables: TablesArg = None) -> dict[str, FireFactor]:
    """The tactical factors a player chooses; class, officer and weapon factors apply themselves."""
    return {k: v for k, v in _firing(Trace(tables)).factors.items() if v.selectable}


def fire_classes(tables: TablesArg = None) -> list[str]:
    return list(_firing(Trace(tables)).fire_classes)


def range_bands(weapon: str, tables: TablesArg = None) -> list[str]:
    """The range bands a weapon has (a spear only has long)."""
    entry = choose(_firing(Trace(tables)).weapons, weapon, "weapon")
    return [band for band in BAND_ORDER if band in entry.ranges]


def machine_guns(tables: TablesArg = None) -> dict[str, MachineGun]:
    return dict(_firing(Trace(tables)).machine_guns)


def band_for(entry: Weapon, range_inches: float) -> str | None:
    """The first band whose limit reaches the range, or None when out of range."""
    if range_inches < 0:
        raise TableError("A range cannot be negative.")
    return next(
        (b for b in BAND_ORDER if b in entry.ranges and range_inches <= entry.ranges[b]), None
    )


def _band(entry: Weapon, range_inches: float | None, range_band: str | None) -> str | None:
    if range_inches is None and range_band is None:
        raise TableError("Give the range: in inches (`range_inches`) or as a band (`range_band`).")
    if range_inches is not None and range_band is not None:
        raise TableError("Give either the range in inches or the range band, not both.")
    if range_band is not None:
        if range_band not in entry.ranges:
            raise TableError(
                f"{entry.name} has no {range_band} range; it has {', '.join(entry.ranges)}."
            )
        return range_band
    return band_for(entry, float(range_inches or 0))


def _factor_terms(trace: Trace, chosen: Sequence[str], auto: list[str]) -> list[Term]:
    if len(set(chosen)) != len(chosen):
        raise TableError("Each fire factor can be chosen only once.")
    groups: dict[str, str] = {}
    terms = []
    for factor_id in [*chosen, *auto]:
        factor: FireFactor = trace.pick("fire factor", FILE, "factors", factor_id)
        if factor_id in chosen and not factor.selectable:
            raise TableError(f"{factor.name} is applied automatically; do not choose it.")
        if factor.group and groups.setdefault(factor.group, factor_id) != factor_id:
            raise TableError(f"{factor.name} cannot be combined with {groups[factor.group]}.")
        terms.append(Term(name=factor.name.lower(), value=factor.value or 0))
    return terms


def _half_move(entry: Weapon, repeater: bool, mounted: bool) -> str:
    move = entry.half_effect_move
    if move.inches is not None:
        return f'{move.inches:g}" only'
    fraction = move.fraction or "0"
    if repeater and move.repeater_fraction:
        fraction = move.repeater_fraction
    if mounted and move.mounted_fraction:
        fraction = move.mounted_fraction
    value = Fraction(fraction)
    if value == 0:
        return "may not move"
    return "full move" if value == 1 else f"{fraction_text(value)} move"


def fire(
    weapon: str,
    figures: int,
    *,
    range_inches: float | None = None,
    range_band: str | None = None,
    fire_class: str = "0",
    officer_modifier: int = 0,
    factors: Sequence[str] = (),
    repeater: bool = False,
    quick_firing: bool = False,
    multiplier: str = "figures",
    half_effect: bool = False,
    into_melee: bool = False,
    fraction_d10: int | None = None,
    extra_modifiers: Mapping[str, int] | None = None,
    tables: TablesArg = None,
) -> FireResult:
    """Casualties a unit inflicts by fire (rule 11h): range factor plus tactical factors, read on
    Table 6 against the figures firing. A charged unit passes the band from Table 1 column 2."""
    trace = Trace(tables)
    entry: Weapon = trace.pick("weapon", FILE, "weapons", weapon)
    if repeater and not entry.may_repeat:
        raise TableError(f"{entry.name} has no repeating version.")
    if quick_firing and not entry.may_be_quick_firing:
        raise TableError(f"{entry.name} cannot be quick-firing.")
    class_value: int = trace.pick("fire class", FILE, "fire_classes", fire_class).value
    counts_as: Multiplier = trace.pick(
        "way of counting firers", CASUALTIES, "multipliers", multiplier
    )
    if figures < 1:
        raise TableError("At least one figure must fire.")
    figures_firing = figures * counts_as.value
    full_move = trace.get(FILE, "full_effect_move")
    band = _band(entry, range_inches, range_band)
    inputs = {
        "weapon": weapon,
        "figures": figures,
        "range_inches": range_inches,
        "range_band": range_band,
        "fire_class": fire_class,
        "officer_modifier": officer_modifier,
        "factors": list(factors),
        "repeater": repeater,
        "quick_firing": quick_firing,
        "multiplier": multiplier,
        "half_effect": half_effect,
        "into_melee": into_melee,
        "fraction_d10": fraction_d10,
        "extra_modifiers": dict(extra_modifiers or {}),
    }
    mounted = "firer_mounted" in factors
    common = {
        "rule": "Table 2, rule 11",
        "inputs": inputs,
        "figures_firing": figures_firing,
        "fires": FIRES_TEXT[entry.fires],
        "half_effect_move": _half_move(entry, repeater, mounted),
        "full_effect_move_inches": (
            full_move.repeater_or_qf_inches if repeater or quick_firing else full_move.inches
        ),
    }
    if band is None:
        limit = max(entry.ranges.values())
        return trace.result(
            FireResult,
            **common,
            range_band=None,
            factor=None,
            points=0,
            figures_removed=0,
            outcome=f'out of range: {entry.name} reaches {limit:g}"',
        )
    base = Term(name=f"{band} range", value=trace.get(FILE, "range_bands", band).factor)
    auto = list(entry.implied_factors)
    if quick_firing:
        auto.append("mlr_or_qf")
    if repeater:
        auto.append("repeating_weapons")
    modifiers = []
    if officer_modifier:
        trace.get(FILE, "factors", "officer_directing")
        modifiers.append(Term(name="officer directing", value=officer_modifier))
    modifiers += _factor_terms(trace, factors, auto)
    if class_value:
        modifiers.append(Term(name=f"fire class {fire_class.upper()}", value=class_value))
    modifiers += [Term(name=name, value=value) for name, value in (extra_modifiers or {}).items()]
    factor = int(base.value + sum(term.value for term in modifiers))
    points, cell = table_points(trace, factor, figures_firing)
    if counts_as.value != 1:
        cell = f"{figures} x {counts_as.value} = {figures_firing} firing; {cell}"
    for halved, key, label in (
        (half_effect, "half_effect", "half effect"),
        (into_melee, "into_melee", "into a melee"),
    ):
        if halved:
            share = Fraction(trace.get(FILE, key).casualty_fraction)
            points = int(points * share)
            cell += f"; x {fraction_text(share)} for {label} = {points}"
    _, _, removed, dice, outcome = remove_figures(trace, points, fraction_d10)
    return trace.result(
        FireResult,
        **common,
        base=base,
        modifiers=tuple(modifiers),
        total=factor,
        cell=cell,
        dice=dice,
        outcome=f"{counted(points, 'casualty point')}: {outcome}",
        range_band=band,
        factor=factor,
        points=points,
        figures_removed=removed,
    )


def _check(
    trace: Trace,
    rule: str,
    event: str,
    scores: tuple[int, int],
    d10: int,
    inputs: dict[str, object],
) -> CheckResult:
    roll = trace.die("d10", d10, event)
    happened = scores[0] <= d10 <= scores[1]
    wanted = f"{scores[0]}" if scores[0] == scores[1] else f"{scores[0]}-{scores[1]}"
    return trace.result(
        CheckResult,
        rule=rule,
        inputs=inputs,
        cell=f"{event} on {wanted}",
        dice=(roll,),
        outcome=event if happened else f"no {event}",
        event=event,
        happened=happened,
    )


def machine_gun_jam(gun: str, d10: int, *, tables: TablesArg = None) -> CheckResult:
    """Whether a machine gun that fired jams (rule 11i)."""
    trace = Trace(tables)
    entry: MachineGun = trace.pick("machine gun", FILE, "machine_guns", gun)
    return _check(trace, "Table 2, rule 11i", "jam", entry.jams, d10, {"gun": gun, "d10": d10})


def clear_jam(d10: int, *, tables: TablesArg = None) -> CheckResult:
    """Whether a jammed machine gun is cleared at step e of the turn (rule 11i)."""
    trace = Trace(tables)
    scores = trace.get(FILE, "clear_jam").scores
    return _check(trace, "Table 2, rule 11i", "jam cleared", scores, d10, {"d10": d10})


def officer_casualty(d10: int, *, tables: TablesArg = None) -> CheckResult:
    """Whether an officer with a unit that took casualties is killed (rules 11j, 19d)."""
    trace = Trace(tables)
    scores = trace.get(FILE, "officer_casualty").scores
    return _check(trace, "Table 2, rule 11j", "officer killed", scores, d10, {"d10": d10})


def pinning(
    percentage_lost: int, d10: int, *, pipers: int = 0, tables: TablesArg = None
) -> PinningResult:
    """Whether a unit that lost ``percentage_lost`` this turn is pinned (rule 11k)."""
    if percentage_lost < 0 or pipers < 0:
        raise TableError("Percentages and pipers cannot be negative.")
    trace = Trace(tables)
    rule = trace.get(FILE, "pinning")
    roll = trace.die("d10", d10, "pinning")
    modifiers: tuple[Term, ...] = ()
    if pipers:
        allowance = trace.get(FILE, "pinning", "piper_allowance").percent
        modifiers = (
            Term(name=f"{pipers} piper{'s' if pipers > 1 else ''}", value=-allowance * pipers),
        )
    effective = max(0, percentage_lost + sum(int(m.value) for m in modifiers))
    doubled = d10 * rule.multiplier
    pinned = doubled <= effective
    comparison = f"{d10} x {rule.multiplier} = {doubled} {'<=' if pinned else '>'} {effective}%"
    return trace.result(
        PinningResult,
        rule="Table 2, rule 11k",
        inputs={"percentage_lost": percentage_lost, "d10": d10, "pipers": pipers},
        base=Term(name="percent lost this turn", value=percentage_lost),
        modifiers=modifiers,
        total=effective,
        cell=comparison,
        dice=(roll,),
        outcome="pinned" if pinned else "not pinned",
        pinned=pinned,
    )


def marksman_casualty(
    chance_percent: int, tens_d10: int, units_d10: int, *, tables: TablesArg = None
) -> CheckResult:
    """Whether a marksman beside a unit that took casualties is killed (rule 12d)."""
    trace = Trace(tables)
    trace.get(FILE, "marksmen")
    dice = (trace.die("d10", tens_d10, "tens"), trace.die("d10", units_d10, "units"))
    score = (tens_d10 % 10) * 10 + units_d10 % 10
    killed = score < chance_percent
    return trace.result(
        CheckResult,
        rule="Rule 12d",
        inputs={"chance_percent": chance_percent, "tens_d10": tens_d10, "units_d10": units_d10},
        total=score,
        cell=f"percentage dice {score:02d} {'<' if killed else '>='} {chance_percent}%",
        dice=dice,
        outcome="marksman killed" if killed else "marksman survives",
        event="marksman killed",
        happened=killed,
    )


def rocket(
    range_inches: float, d10: int, *, officer_modifier: int = 0, tables: TablesArg = None
) -> RocketResult:
    """A rocket launch (rule 11s): a D10 under the range factor hits; a natural 10 explodes.

    ``officer_modifier`` is taken off the roll, where a low score is good.
    """
    trace = Trace(tables)
    rules = trace.get(FILE, "rockets")
    entry = trace.get(FILE, "weapons", rules.range_weapon)
    band = band_for(entry, range_inches)
    roll = trace.die("d10", d10, "rocket")
    inputs = {"range_inches": range_inches, "d10": d10, "officer_modifier": officer_modifier}
    common = {"rule": "Rule 11s", "inputs": inputs, "dice": (roll,), "range_band": band}
    if d10 == rules.explodes_on:
        return trace.result(
            RocketResult,
            **common,
            outcome='explodes on its launcher, killing the crew and any officer within 1"',
            hit=False,
            exploded=True,
            hit_factor=None,
        )
    if band is None:
        return trace.result(
            RocketResult,
            **common,
            outcome="out of range",
            hit=False,
            exploded=False,
            hit_factor=None,
        )
    needed = trace.get(FILE, "range_bands", band).factor
    modifiers = (Term(name="officer", value=-officer_modifier),) if officer_modifier else ()
    score = d10 - officer_modifier
    hit = score < needed
    return trace.result(
        RocketResult,
        **common,
        base=Term(name="D10", value=d10),
        modifiers=modifiers,
        total=score,
        cell=f"hits below the {band} range factor {needed}",
        outcome=(
            f"hit: resolve as shell fire at basic factor {rules.hit_factor}" if hit else "miss"
        ),
        hit=hit,
        exploded=False,
        hit_factor=rules.hit_factor if hit else None,
    )
