"""Quick reference V: rockets, Gatlings, British infantry and carbines, Zulu and NNC rifles."""

from collections.abc import Sequence

from ..errors import TableError
from ..load import TablesArg
from ..result import DieRoll, Result, Term, Trace, counted
from ..schema.qref import CarbineBand, FireFile, InfantryBand
from .melee import group_dice

FILE = "qref_fire"


class QuickFireResult(Result):
    """Hits scored, with how many dice the fire called for and whether a gun jammed."""

    dice_count: int
    hits: int | None
    jammed: bool = False


def _fire(trace: Trace) -> FireFile:
    return trace.tables.typed(FILE, FireFile)


def _rolls(trace: Trace, dice: Sequence[int], count: int, purpose: str) -> tuple[DieRoll, ...]:
    if len(dice) != count:
        raise TableError(f"{purpose.capitalize()} rolls {count}d6, not {len(dice)} dice.")
    return tuple(trace.die("d6", value, purpose) for value in dice)


def _in_band(low: float, high: float, range_inches: float, first: bool) -> bool:
    """Bands share their edge (0-6", 6-18"); the edge belongs to the nearer band."""
    return (low <= range_inches if first else low < range_inches) and range_inches <= high


def rocket_fire(
    hit_d6: int, hits_d6: int | None = None, *, tables: TablesArg = None
) -> QuickFireResult:
    """One rocket battery's fire at any range (V.1): a 6 hits, then 1d6 hits are scored."""
    trace = Trace(tables)
    faces = trace.get(FILE, "rockets").hit_faces
    rolls = [trace.die("d6", hit_d6, "rocket hit")]
    hit = hit_d6 in faces
    inputs = {"hit_d6": hit_d6, "hits_d6": hits_d6}
    hits = 0 if not hit else hits_d6
    if hit and hits_d6 is not None:
        rolls.append(trace.die("d6", hits_d6, "rocket hits"))
    outcome = "hit: roll 1d6 for hits" if hits is None else counted(hits, "hit")
    if not hit:
        outcome = "miss"
    return trace.result(
        QuickFireResult,
        rule="Quick reference V.1",
        inputs=inputs,
        total=hits,
        cell=f"hits the target group on {', '.join(map(str, faces))}",
        dice=tuple(rolls),
        outcome=outcome,
        dice_count=1 + int(hit),
        hits=hits,
    )


def gatling_fire(
    range_inches: float, dice: Sequence[int], *, target_prone: bool, tables: TablesArg = None
) -> QuickFireResult:
    """A Gatling's fire (V.1): the dice are the hits, unless it jams."""
    trace = Trace(tables)
    rule = _fire(trace).gatling
    mode = rule.prone if target_prone else rule.upright
    trace.get(FILE, "gatling", "prone" if target_prone else "upright")
    inputs = {"range_inches": range_inches, "dice": list(dice), "target_prone": target_prone}
    if not 0 <= range_inches <= rule.range_inches:
        return trace.result(
            QuickFireResult,
            rule="Quick reference V.1",
            inputs=inputs,
            cell=f'range 0-{rule.range_inches:g}"',
            outcome="out of range",
            dice_count=0,
            hits=0,
        )
    rolls = _rolls(trace, dice, mode.dice, "Gatling")
    jammed = (mode.jam == "doubles" and len(set(dice)) == 1) or any(
        d in mode.jam_faces for d in dice
    )
    hits = 0 if jammed else sum(dice)
    jam_text = "doubles" if mode.jam == "doubles" else ", ".join(map(str, mode.jam_faces))
    return trace.result(
        QuickFireResult,
        rule="Quick reference V.1",
        inputs=inputs,
        base=Term(name=f"{mode.dice}d6", value=sum(dice)),
        total=hits,
        cell=f"{'prone' if target_prone else 'upright'} Zulus: {mode.dice}d6, jams on {jam_text}",
        dice=rolls,
        outcome="jammed: no effect" if jammed else counted(hits, "hit"),
        dice_count=mode.dice,
        hits=hits,
        jammed=jammed,
    )


def infantry_fire(
    figures: int,
    range_inches: float,
    *,
    target_prone: bool,
    dice: Sequence[int] | None = None,
    tables: TablesArg = None,
) -> QuickFireResult:
    """British infantry volleys (V.2): dice by figures firing and range; their total is the hits."""
    trace = Trace(tables)
    bands = _fire(trace).infantry.bands
    inputs = {
        "figures": figures,
        "range_inches": range_inches,
        "target_prone": target_prone,
        "dice": list(dice or []),
    }
    match = next(
        (
            (i, b)
            for i, b in enumerate(bands)
            if b.prone == target_prone and _in_band(b.low, b.high, range_inches, b.low == 0)
        ),
        None,
    )
    trace.get(FILE, "infantry", "boundary")
    if match is None:
        return trace.result(
            QuickFireResult,
            rule="Quick reference V.2",
            inputs=inputs,
            cell='beyond 18"',
            outcome="no effect",
            dice_count=0,
            hits=0,
        )
    index, band = match
    trace.get(FILE, "infantry", "bands", index)
    count, note = group_dice(figures, band.figures_per_group, band.odd_figures_count_from)
    cell = _infantry_cell(band, note)
    if dice is None:
        return trace.result(
            QuickFireResult,
            rule="Quick reference V.2",
            inputs=inputs,
            cell=cell,
            outcome=f"roll {count}d6; the total is the hits",
            dice_count=count,
            hits=None,
        )
    rolls = _rolls(trace, dice, count, "infantry fire")
    hits = sum(dice)
    return trace.result(
        QuickFireResult,
        rule="Quick reference V.2",
        inputs=inputs,
        base=Term(name=f"{count}d6", value=hits),
        total=hits,
        cell=cell,
        dice=rolls,
        outcome=counted(hits, "hit"),
        dice_count=count,
        hits=hits,
    )


def _infantry_cell(band: InfantryBand, note: str) -> str:
    target = "prone" if band.prone else "upright"
    source = "" if band.source == "rules" else f" [{band.source}]"
    span = f'{band.low:g}-{band.high:g}"'
    return f"{target} Zulus at {span}: 1d6 per {band.figures_per_group}{source}; {note}"


def carbine_fire(
    range_inches: float, dice: Sequence[int], *, target_prone: bool, tables: TablesArg = None
) -> QuickFireResult:
    """British carbines (V.3): one die per figure firing, hitting on the score for the range."""
    trace = Trace(tables)
    table = _fire(trace).carbine
    trace.get(FILE, "carbine", "dice")
    inputs = {"range_inches": range_inches, "dice": list(dice), "target_prone": target_prone}
    match = next(
        (
            (i, b)
            for i, b in enumerate(table.bands)
            if b.prone == target_prone and _in_band(b.low, b.high, range_inches, b.low == 0)
        ),
        None,
    )
    if match is None:
        return trace.result(
            QuickFireResult,
            rule="Quick reference V.3",
            inputs=inputs,
            cell='beyond 12"',
            outcome="out of range",
            dice_count=len(dice),
            hits=0,
        )
    index, band = match
    trace.get(FILE, "carbine", "bands", index)
    rolls = tuple(trace.die("d6", value, "carbine") for value in dice)
    hits = sum(value >= band.hit_from for value in dice)
    return trace.result(
        QuickFireResult,
        rule="Quick reference V.3",
        inputs=inputs,
        total=hits,
        cell=_carbine_cell(band),
        dice=rolls,
        outcome=counted(hits, "hit"),
        dice_count=len(dice),
        hits=hits,
    )


def _carbine_cell(band: CarbineBand) -> str:
    target = "prone targets" if band.prone else "targets in the open"
    return f'{target} at {band.low:g}-{band.high:g}": hit on {band.hit_from}+, one die per figure'


def native_rifle_fire(
    figures: int, d6: int, *, target_mounted_or_covered: bool, tables: TablesArg = None
) -> QuickFireResult:
    """Zulu or NNC rifles (V.4): one die for the firing unit; its hit score depends on how many
    fire and on whether the target is mounted or behind cover."""
    trace = Trace(tables)
    rule = _fire(trace).native_rifle
    trace.get(FILE, "native_rifle", "dice")
    inputs = {"figures": figures, "d6": d6, "target_mounted_or_covered": target_mounted_or_covered}
    roll = trace.die("d6", d6, "rifle fire")
    match = next(((i, b) for i, b in enumerate(rule.bands) if figures >= b.min_figures), None)
    if match is None:
        trace.get(FILE, "native_rifle", "too_few")
        return trace.result(
            QuickFireResult,
            rule="Quick reference V.4",
            inputs=inputs,
            cell=f"{figures} firing: too few",
            dice=(roll,),
            outcome="no effect",
            dice_count=1,
            hits=0,
        )
    index, band = match
    trace.get(FILE, "native_rifle", "bands", index)
    needed = band.covered_hit_from if target_mounted_or_covered else band.hit_from
    hits = int(needed is not None and d6 >= needed)
    wanted = "no effect on this target" if needed is None else f"hit on {needed}+"
    return trace.result(
        QuickFireResult,
        rule="Quick reference V.4",
        inputs=inputs,
        total=hits,
        cell=f"{band.min_figures}+ firing: {wanted}",
        dice=(roll,),
        outcome=f"{hits} hit{'s' if hits != 1 else ''}",
        dice_count=1,
        hits=hits,
    )
