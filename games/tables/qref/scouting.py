"""Quick reference IV: finding the Zulus, where they appear, and how many."""

from collections.abc import Sequence

from ..errors import TableError
from ..load import TablesArg
from ..result import DieRoll, Result, Term, Trace
from ..schema.qref import ScoutingBand, ScoutingFile

FILE = "qref_scouting"


class ScoutingResult(Result):
    found: bool


class AppearanceResult(Result):
    direction: str | None
    distance_inches: int | None


class CountResult(Result):
    """A number of Zulus placed, and for spearmen whether they were seen at all."""

    seen: bool
    zulus: int


def _dice(trace: Trace, values: Sequence[int], count: int, purpose: str) -> tuple[DieRoll, ...]:
    if len(values) != count:
        raise TableError(f"Roll {count}d6 for {purpose}, not {len(values)} dice.")
    return tuple(trace.die("d6", value, purpose) for value in values)


def scouting(
    british_figures: int,
    d6: int,
    *,
    broken_zulu_units: int = 0,
    entering_difficult_terrain: bool = False,
    tables: TablesArg = None,
) -> ScoutingResult:
    """Whether this scouting roll finds Zulus, by the British force's starting size (IV.1-2)."""
    if british_figures < 0 or broken_zulu_units < 0:
        raise TableError("Figure and unit counts cannot be negative.")
    trace = Trace(tables)
    table = trace.tables.typed(FILE, ScoutingFile)
    roll = trace.die("d6", d6, "scouting")
    index, band = next(
        (i, b)
        for i, b in enumerate(table.bands)
        if b.low <= british_figures and (b.high is None or british_figures <= b.high)
    )
    trace.get(FILE, "bands", index)
    trace.get(FILE, "reading")
    modifiers = []
    if broken_zulu_units:
        bonus = int(trace.get(FILE, "broken_unit_bonus").value)
        modifiers.append(
            Term(name=f"{broken_zulu_units} Zulu units broken", value=bonus * broken_zulu_units)
        )
    if entering_difficult_terrain:
        modifiers.append(
            Term(
                name="first entry to difficult terrain",
                value=int(trace.get(FILE, "difficult_terrain_bonus").value),
            )
        )
    score = d6 + sum(int(m.value) for m in modifiers)
    found = band.automatic or score in band.faces
    return trace.result(
        ScoutingResult,
        rule="Quick reference IV",
        inputs={
            "british_figures": british_figures,
            "d6": d6,
            "broken_zulu_units": broken_zulu_units,
            "entering_difficult_terrain": entering_difficult_terrain,
        },
        base=Term(name="1d6", value=d6),
        modifiers=tuple(modifiers),
        total=score,
        cell=_band_text(band, british_figures),
        dice=(roll,),
        outcome="Zulus found" if found else "no Zulus found",
        found=found,
    )


def _band_text(band: ScoutingBand, figures: int) -> str:
    span = f"{band.low}+" if band.high is None else f"{band.low}-{band.high}"
    faces = "automatic" if band.automatic else ", ".join(map(str, band.faces))
    source = "" if band.source == "rules" else f" [{band.source}]"
    return f"{figures} British figures ({span}): {faces}{source}"


def zulu_appearance(
    direction_d6: int | None,
    distance_dice: Sequence[int],
    *,
    british_in_cover: bool,
    tables: TablesArg = None,
) -> AppearanceResult:
    """Where Zulus found in the open appear (IV.3-5); pass no direction die when they were
    found in cover, where they appear in that cover."""
    trace = Trace(tables)
    table = trace.tables.typed(FILE, ScoutingFile)
    count = (
        table.distance_dice.british_in_cover
        if british_in_cover
        else table.distance_dice.british_in_open
    )
    trace.get(FILE, "distance_dice")
    rolls = _dice(trace, distance_dice, count, "distance")
    direction = None
    if direction_d6 is not None:
        rolls = (trace.die("d6", direction_d6, "direction"), *rolls)
        trace.get(FILE, "appearance")
        direction = next(
            d.direction for d in table.appearance.directions if d.low <= direction_d6 <= d.high
        )
    distance = sum(distance_dice)
    where = f"to the {direction}" if direction else "in the cover searched"
    return trace.result(
        AppearanceResult,
        rule="Quick reference IV.3-5",
        inputs={
            "direction_d6": direction_d6,
            "distance_dice": list(distance_dice),
            "british_in_cover": british_in_cover,
        },
        total=distance,
        cell=f"{count}d6 inches away (British {'in cover' if british_in_cover else 'in the open'})",
        dice=rolls,
        outcome=f'Zulus appear {where}, {distance}" away',
        direction=direction,
        distance_inches=distance,
    )


def zulu_riflemen(dice: Sequence[int], *, tables: TablesArg = None) -> CountResult:
    """How many Zulu riflemen appear first (IV.6)."""
    trace = Trace(tables)
    rule = trace.get(FILE, "riflemen")
    rolls = _dice(trace, dice, rule.dice, "riflemen")
    count = sum(dice)
    return trace.result(
        CountResult,
        rule="Quick reference IV.6",
        inputs={"dice": list(dice)},
        total=count,
        cell=f'{rule.dice}d6 riflemen on a {rule.frontage_inches:g}" frontage',
        dice=rolls,
        outcome=f"{count} riflemen appear",
        seen=True,
        zulus=count,
    )


def spear_sighting(
    dice: Sequence[int], distance_inches: float, *, zulus_in_cover: bool, tables: TablesArg = None
) -> CountResult:
    """Whether the spearmen behind the riflemen are seen, and how many they are (IV.7-8)."""
    trace = Trace(tables)
    rule = trace.get(FILE, "spear_sighting")
    count = rule.dice_cover if zulus_in_cover else rule.dice_open
    per_pip = rule.per_pip_cover if zulus_in_cover else rule.per_pip_open
    rolls = _dice(trace, dice, count, "sighting")
    score = sum(dice)
    seen = score >= distance_inches
    zulus = score * per_pip if seen else 0
    return trace.result(
        CountResult,
        rule="Quick reference IV.7-8",
        inputs={
            "dice": list(dice),
            "distance_inches": distance_inches,
            "zulus_in_cover": zulus_in_cover,
        },
        base=Term(name=f"{count}d6", value=score),
        total=score,
        cell=f"seen on {distance_inches:g} or more; {per_pip} Zulus per pip",
        dice=rolls,
        outcome=f"spearmen seen: place {zulus} behind the riflemen"
        if seen
        else "spearmen not seen",
        seen=seen,
        zulus=zulus,
    )
