"""The answers of the /qref commands: the Isandlwana quick reference with the dice filled in.

Where a table line lost its number, the data carries a documented default; the table cell
says so ("[default]"), and a server may override it with a house rule.
"""

from __future__ import annotations

from games.tables import TableError, Tables, qref
from games.tables.schema.qref import FireFile, ScoutingFile

from .answers import Answer, parse_choice
from .choices import named
from .dice import Roller, parse_dice


def _meaning(result: qref.QuickResult) -> tuple[str, ...]:
    return (result.meaning,)


def rally(roll: Roller, tables: Tables, *, state: str, d6: int | None = None) -> Answer:
    result = qref.rally(state, roll.d6(d6, "rally"), tables=tables)
    return Answer("Rally (quick reference I)", result, _meaning(result))


def move(
    roll: Roller,
    tables: Tables,
    *,
    troop_type: str,
    difficult_terrain: bool = False,
    dice: str | None = None,
) -> Answer:
    troop_type = parse_choice(troop_type, named(qref.movement_troop_types(tables)), "troop type")
    given = parse_dice(dice)
    count = qref.movement_dice(troop_type, tables=tables).dice_count
    result = qref.movement_dice(
        troop_type,
        roll.d6s(given, count, "movement"),
        difficult_terrain=difficult_terrain,
        tables=tables,
    )
    return Answer("Movement dice (quick reference II)", result)


def pre_melee(roll: Roller, tables: Tables, *, troop_type: str, d6: int | None = None) -> Answer:
    troop_type = parse_choice(troop_type, named(qref.pre_melee_types(tables)), "unit charged")
    result = qref.pre_melee_morale(troop_type, roll.d6(d6, "pre-melee morale"), tables=tables)
    return Answer("Pre-melee morale (quick reference III.A)", result, _meaning(result))


def melee(
    roll: Roller, tables: Tables, *, case: str, figures: int, dice: str | None = None
) -> Answer:
    case = parse_choice(case, named(qref.melee_cases(tables)), "melee case")
    given = parse_dice(dice)
    count = qref.melee_dice(case, figures, tables=tables).dice_count
    result = qref.melee_dice(case, figures, roll.d6s(given, count, "melee"), tables=tables)
    return Answer("Melee dice (quick reference III.B)", result)


def post_melee(
    roll: Roller,
    tables: Tables,
    *,
    british_type: str,
    zulu_d6: int | None = None,
    british_d6: int | None = None,
) -> Answer:
    result = qref.post_melee(
        roll.d6(zulu_d6, "Zulus"), roll.d6(british_d6, "British"), british_type, tables=tables
    )
    return Answer("Post-melee (quick reference III.C)", result)


def scout(
    roll: Roller,
    tables: Tables,
    *,
    british_figures: int,
    broken_zulu_units: int = 0,
    entering_difficult_terrain: bool = False,
    d6: int | None = None,
) -> Answer:
    result = qref.scouting(
        british_figures,
        roll.d6(d6, "scouting"),
        broken_zulu_units=broken_zulu_units,
        entering_difficult_terrain=entering_difficult_terrain,
        tables=tables,
    )
    return Answer("Scouting (quick reference IV)", result)


def appear(
    roll: Roller,
    tables: Tables,
    *,
    british_in_cover: bool,
    found_in_cover: bool = False,
    direction_d6: int | None = None,
    distance_dice: str | None = None,
) -> Answer:
    table = tables.typed("qref_scouting", ScoutingFile).distance_dice
    count = table.british_in_cover if british_in_cover else table.british_in_open
    direction = None if found_in_cover else roll.d6(direction_d6, "direction")
    result = qref.zulu_appearance(
        direction,
        roll.d6s(parse_dice(distance_dice), count, "distance"),
        british_in_cover=british_in_cover,
        tables=tables,
    )
    return Answer("Where the Zulus appear (quick reference IV.3-5)", result)


def riflemen(roll: Roller, tables: Tables, *, dice: str | None = None) -> Answer:
    count = tables.typed("qref_scouting", ScoutingFile).riflemen.dice
    result = qref.zulu_riflemen(roll.d6s(parse_dice(dice), count, "riflemen"), tables=tables)
    return Answer("Zulu riflemen (quick reference IV.6)", result)


def spearmen(
    roll: Roller,
    tables: Tables,
    *,
    distance_inches: float,
    zulus_in_cover: bool,
    dice: str | None = None,
) -> Answer:
    rule = tables.typed("qref_scouting", ScoutingFile).spear_sighting
    count = rule.dice_cover if zulus_in_cover else rule.dice_open
    result = qref.spear_sighting(
        roll.d6s(parse_dice(dice), count, "sighting"),
        distance_inches,
        zulus_in_cover=zulus_in_cover,
        tables=tables,
    )
    return Answer("Zulu spearmen (quick reference IV.7-8)", result)


def rockets(
    roll: Roller, tables: Tables, *, hit_d6: int | None = None, hits_d6: int | None = None
) -> Answer:
    first = roll.d6(hit_d6, "rocket hit")
    result = qref.rocket_fire(first, tables=tables)
    if result.hits is None or hits_d6 is not None:
        result = qref.rocket_fire(first, roll.d6(hits_d6, "rocket hits"), tables=tables)
    return Answer("Rockets (quick reference V.1)", result)


def gatling(
    roll: Roller,
    tables: Tables,
    *,
    range_inches: float,
    target_prone: bool,
    dice: str | None = None,
) -> Answer:
    rule = tables.typed("qref_fire", FireFile).gatling
    count = (rule.prone if target_prone else rule.upright).dice
    given = parse_dice(dice)
    in_range = 0 <= range_inches <= rule.range_inches
    if given and not in_range:
        raise unused_dice(range_inches, f'beyond {rule.range_inches:g}"')
    rolled = roll.d6s(given, count, "Gatling") if in_range else []
    result = qref.gatling_fire(range_inches, rolled, target_prone=target_prone, tables=tables)
    return Answer("Gatling (quick reference V.1)", result)


def infantry(
    roll: Roller,
    tables: Tables,
    *,
    figures: int,
    range_inches: float,
    target_prone: bool,
    dice: str | None = None,
) -> Answer:
    first = qref.infantry_fire(figures, range_inches, target_prone=target_prone, tables=tables)
    given = parse_dice(dice)
    if first.dice_count == 0:
        if given:
            raise unused_dice(range_inches, first.cell)
        return Answer("Infantry fire (quick reference V.2)", first)
    result = qref.infantry_fire(
        figures,
        range_inches,
        target_prone=target_prone,
        dice=roll.d6s(given, first.dice_count, "infantry fire"),
        tables=tables,
    )
    return Answer("Infantry fire (quick reference V.2)", result)


def carbines(
    roll: Roller,
    tables: Tables,
    *,
    figures: int,
    range_inches: float,
    target_prone: bool,
    dice: str | None = None,
) -> Answer:
    given = parse_dice(dice)
    reach = qref.carbine_fire(range_inches, [], target_prone=target_prone, tables=tables)
    if reach.outcome == "out of range":
        if given:
            raise unused_dice(range_inches, reach.cell)
        return Answer("Carbines (quick reference V.3)", reach)
    result = qref.carbine_fire(
        range_inches,
        roll.d6s(given, figures, "carbine"),
        target_prone=target_prone,
        tables=tables,
    )
    return Answer("Carbines (quick reference V.3)", result)


def unused_dice(range_inches: float, why: str) -> TableError:
    """The refusal for dice given to a fire that rolls none: they used to be dropped unsaid."""
    return TableError(
        f'At {range_inches:g}" the target is out of range ({why}), so no dice are rolled; '
        "leave `dice` out."
    )


def rifles(
    roll: Roller,
    tables: Tables,
    *,
    figures: int,
    target_mounted_or_covered: bool,
    d6: int | None = None,
) -> Answer:
    result = qref.native_rifle_fire(
        figures,
        roll.d6(d6, "rifle fire"),
        target_mounted_or_covered=target_mounted_or_covered,
        tables=tables,
    )
    return Answer("Zulu and NNC rifles (quick reference V.4)", result)


def zulu_morale(roll: Roller, tables: Tables, *, in_contact: bool, d6: int | None = None) -> Answer:
    result = qref.zulu_morale(roll.d6(d6, "Zulu morale"), in_contact=in_contact, tables=tables)
    return Answer("Zulu morale after fire (quick reference VI)", result, _meaning(result))
