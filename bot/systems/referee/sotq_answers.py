"""The answers of the /sotq-... commands: Soldiers of the Queen lookups with the dice filled in.

Each function takes the roller (the referee's dice, or the bot's), the house-ruled tables
and the command's options, and returns an ``Answer``; the commands only post them.
"""

from __future__ import annotations

from typing import Literal

from games.tables import Tables, sotq
from games.tables.result import counted

from .answers import Answer, parse_choice, parse_choices
from .choices import named
from .dice import Roller, d10_face_or_none


def officer(
    roll: Roller, tables: Tables, *, native_officer: bool = False, d10: int | None = None
) -> Answer:
    result = sotq.officer_modifier(
        roll.d10(d10, "officer modifier"), native_officer=native_officer, tables=tables
    )
    return Answer("Officer modifier (Table 1)", result)


def reaction(
    roll: Roller,
    tables: Tables,
    *,
    reaction_class: str,
    column: str,
    officer_modifier: int = 0,
    impetuous: bool = False,
    d10: int | None = None,
) -> Answer:
    result = sotq.reaction(
        reaction_class,
        column,
        roll.d10(d10, "reaction"),
        officer_modifier=officer_modifier,
        impetuous=impetuous,
        tables=tables,
    )
    return Answer("Reaction (Table 1)", result, reaction_uses(column, tables))


def reaction_uses(column: str, tables: Tables) -> tuple[str, ...]:
    """What makes a unit read this column of Table 1 (rule 8c)."""
    uses = [t.situation for t in sotq.reaction_tests(tables).values() if column in t.columns]
    return (f"Column {column} is read when: " + "; ".join(uses) + ".",) if uses else ()


def fire(
    roll: Roller,
    tables: Tables,
    *,
    weapon: str,
    figures: int,
    range_inches: float | None = None,
    range_band: str | None = None,
    fire_class: str = "0",
    officer_modifier: int = 0,
    factors: str | None = None,
    repeater: bool = False,
    quick_firing: bool = False,
    counts_as: str = "figures",
    half_effect: bool = False,
    into_melee: bool = False,
    fraction_d10: int | None = None,
) -> Answer:
    weapon = parse_choice(weapon, named(sotq.weapons(tables)), "weapon")
    chosen = parse_choices(factors, sotq.fire_factors(tables), "fire factor")
    common = {
        "range_inches": range_inches,
        "range_band": range_band,
        "fire_class": fire_class,
        "officer_modifier": officer_modifier,
        "factors": chosen,
        "repeater": repeater,
        "quick_firing": quick_firing,
        "multiplier": counts_as,
        "half_effect": half_effect,
        "into_melee": into_melee,
        "tables": tables,
    }
    result = sotq.fire(weapon, figures, fraction_d10=d10_face_or_none(fraction_d10), **common)
    if result.figures_removed is None:
        result = sotq.fire(
            weapon, figures, fraction_d10=roll.d10(None, "the casualties left over"), **common
        )
    notes = (f"{result.fires}; half-effect move {result.half_effect_move}",)
    if counts_as == "figures" and weapon in CREWED:
        notes += (
            f"Counted as {counted(figures, 'firing figure')}. A gun or machine gun fires as its "
            "crew times a multiplier (rule 11f): give the crew in `figures` and pick "
            "`counts_as` (Gatling x3, Maxim x4, shot or shell x2, muzzle-loader close x3).",
        )
    return Answer("Fire (Table 2, Table 6)", result, notes)


CREWED = ("machine_gun", "bl_gun", "ml_gun")
"""Weapons whose crew count as several firing figures (rule 11f)."""


def pinning(
    roll: Roller, tables: Tables, *, percent_lost: int, pipers: int = 0, d10: int | None = None
) -> Answer:
    result = sotq.pinning(percent_lost, roll.d10(d10, "pinning"), pipers=pipers, tables=tables)
    return Answer("Pinning (rule 11k)", result)


def morale(
    roll: Roller,
    tables: Tables,
    *,
    morale_number: int,
    factors: str | None = None,
    officer_modifier: int = 0,
    casualty_percent: int = 0,
    pipers: int = 0,
    natives: bool = False,
    routing: bool = False,
    plus_die: int | None = None,
    minus_die: int | None = None,
) -> Answer:
    chosen = parse_choices(factors, sotq.morale_factors(tables), "morale factor", repeats=True)
    result = sotq.morale(
        morale_number,
        roll.average(plus_die, "morale (plus die)"),
        roll.average(minus_die, "morale (minus die)"),
        factors=chosen,
        officer_modifier=officer_modifier,
        casualty_percent=casualty_percent,
        pipers=pipers,
        may_go_impetuous=natives,
        routing=routing,
        tables=tables,
    )
    return Answer("Morale (Table 3)", result, (result.meaning,))


def move(
    roll: Roller,
    tables: Tables,
    *,
    troop_type: str,
    charge: bool = False,
    skirmish_order: bool = False,
    penalties: str | None = None,
    on_road: bool = False,
    routing: bool = False,
    plus_die: int | None = None,
    minus_die: int | None = None,
) -> Answer:
    troop_type = parse_choice(troop_type, named(sotq.troop_types(tables)), "troop type")
    allowed = sotq.movement_penalties(troop_type, skirmish_order=skirmish_order, tables=tables)
    chosen = parse_choices(penalties, allowed, f"movement penalty for {troop_type}")
    result = sotq.movement(
        troop_type,
        roll.average(plus_die, "movement (plus die)"),
        roll.average(minus_die, "movement (minus die)"),
        charge=charge,
        skirmish_order=skirmish_order,
        penalties=chosen,
        on_road=on_road,
        routing=routing,
        tables=tables,
    )
    return Answer("Movement (Table 4)", result)


def melee(
    roll: Roller,
    tables: Tables,
    *,
    first_name: str,
    first_score: int,
    first_weapon: str,
    second_name: str,
    second_score: int,
    second_weapon: str,
    attacker: str = "first",
    first_mounted: bool = False,
    second_mounted: bool = False,
    first_factors: str | None = None,
    second_factors: str | None = None,
    first_in_square: bool = False,
    second_in_square: bool = False,
    first_impetuous: bool = False,
    second_impetuous: bool = False,
    figures: int | None = None,
    first_fraction_d10: int | None = None,
    second_fraction_d10: int | None = None,
) -> Answer:
    sides = []
    for which, name, score, weapon, mounted, factors, square, impetuous in (
        (
            "first",
            first_name,
            first_score,
            first_weapon,
            first_mounted,
            first_factors,
            first_in_square,
            first_impetuous,
        ),
        (
            "second",
            second_name,
            second_score,
            second_weapon,
            second_mounted,
            second_factors,
            second_in_square,
            second_impetuous,
        ),
    ):
        allowed = sotq.melee_factors(mounted, tables)
        what = f"melee factor for {'mounted' if mounted else 'foot'} {name}"
        sides.append(
            sotq.MeleeSide(
                name=name,
                morale_score=score,
                weapon=weapon,
                mounted=mounted,
                attacker=attacker == which,
                in_square=square,
                impetuous=impetuous,
                factors=tuple(parse_choices(factors, allowed, what)),
            )
        )
    dice = None
    if figures is not None:
        dice = [
            roll.d10(first_fraction_d10, f"{first_name} casualties left over"),
            roll.d10(second_fraction_d10, f"{second_name} casualties left over"),
        ]
    result = sotq.melee(sides[0], sides[1], figures=figures, fraction_d10s=dice, tables=tables)
    return Answer("Melee (Table 5)", result)


def melee_ends(
    roll: Roller, tables: Tables, *, duration: int, turns_fought: int, d6: int | None = None
) -> Answer:
    result = sotq.melee_ends(duration, turns_fought, roll.d6(d6, "melee duration"), tables=tables)
    return Answer("Random melee duration (rule 18, optional)", result)


def casualties(
    roll: Roller,
    tables: Tables,
    *,
    factor: int,
    figures: int,
    melee: bool = False,
    fraction_d10: int | None = None,
) -> Answer:
    given = d10_face_or_none(fraction_d10)
    result = sotq.casualties(factor, figures, melee=melee, fraction_d10=given, tables=tables)
    if result.figures_removed is None:
        d10 = roll.d10(None, "the casualties left over")
        result = sotq.casualties(factor, figures, melee=melee, fraction_d10=d10, tables=tables)
    return Answer("Casualties (Table 6)", result)


def percentage(roll: Roller, tables: Tables, *, strength: int, lost: int) -> Answer:
    return Answer("Percentage lost (rule 4)", sotq.percentage_loss(strength, lost, tables=tables))


def spot(
    roll: Roller,
    tables: Tables,
    *,
    terrain: str,
    distance_inches: float,
    shifts: str | None = None,
    d10: int | None = None,
) -> Answer:
    chosen = parse_choices(shifts, sotq.spotting_shifts(tables), "column shift")
    first = sotq.spotting(terrain, distance_inches, shifts=chosen, tables=tables)
    if first.number is None:
        return Answer("Spotting (Table 7)", first, _spotting_notes(terrain))
    result = sotq.spotting(
        terrain, distance_inches, shifts=chosen, d10=roll.d10(d10, "spotting"), tables=tables
    )
    return Answer("Spotting (Table 7)", result, _spotting_notes(terrain))


def _spotting_notes(terrain: str) -> tuple[str, ...]:
    """Which printing of Table 7 was read, said only for the rows the two printings differ
    on (it used to follow every spotting answer)."""
    if terrain not in DISPUTED_SPOTTING_ROWS:
        return ()
    return (
        "Read from Table 7 in the body of the rules, which the rule 20h example follows; "
        "the summary sheet prints this row differently.",
    )


DISPUTED_SPOTTING_ROWS = ("scrub_broken", "woods", "jungle_buildings", "off_table")


def sight(roll: Roller, tables: Tables, *, terrain: str) -> Answer:
    terrain = parse_choice(terrain, named(sotq.sight_terrain(tables)), "terrain")
    return Answer("Sight distance (Table 7)", sotq.sight_distance(terrain, tables=tables))


def army(roll: Roller, tables: Tables, *, conflict: str, option: str) -> Answer:
    conflict = parse_choice(conflict, named(sotq.conflicts(tables)), "army list")
    option = option.strip().upper()
    result = sotq.army_list(conflict, option, tables=tables)
    return Answer(f"{tables[f'sotq_army_lists_{conflict}'].title}, option {option}", result)


def indirect(
    roll: Roller,
    tables: Tables,
    *,
    gun_models: int,
    figures_in_area: int,
    plus_die: int | None = None,
    minus_die: int | None = None,
) -> Answer:
    result = sotq.indirect_fire(
        gun_models,
        roll.average(plus_die, "fall of shot (plus die)"),
        roll.average(minus_die, "fall of shot (minus die)"),
        figures_in_area,
        tables=tables,
    )
    return Answer("Indirect artillery fire (Table A)", result)


# -- checks -------------------------------------------------------------------------------------


def jam(roll: Roller, tables: Tables, *, gun: str, d10: int | None = None) -> Answer:
    result = sotq.machine_gun_jam(gun, roll.d10(d10, "jam"), tables=tables)
    return Answer("Machine-gun jam (rule 11i)", result)


def clear_jam(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    return Answer(
        "Clearing a jam (rule 11i)", sotq.clear_jam(roll.d10(d10, "clearing"), tables=tables)
    )


def officer_casualty(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    result = sotq.officer_casualty(roll.d10(d10, "officer casualty"), tables=tables)
    return Answer("Officer casualty (rule 11j)", result)


def marksman(
    roll: Roller,
    tables: Tables,
    *,
    chance_percent: int,
    tens_d10: int | None = None,
    units_d10: int | None = None,
) -> Answer:
    result = sotq.marksman_casualty(
        chance_percent, roll.d10(tens_d10, "tens"), roll.d10(units_d10, "units"), tables=tables
    )
    return Answer("Marksman casualty (rule 12d)", result)


def rocket(
    roll: Roller,
    tables: Tables,
    *,
    range_inches: float,
    officer_modifier: int = 0,
    d10: int | None = None,
) -> Answer:
    result = sotq.rocket(
        range_inches, roll.d10(d10, "rocket"), officer_modifier=officer_modifier, tables=tables
    )
    return Answer("Rocket (rule 11s)", result)


def building_fire(
    roll: Roller,
    tables: Tables,
    *,
    building: str,
    action: Literal["start", "extinguish"] = "start",
    engineers: bool = False,
    d10: int | None = None,
) -> Answer:
    result = sotq.building_fire(
        building, roll.d10(d10, "fire"), action=action, engineers=engineers, tables=tables
    )
    return Answer("Fires (rule 9l)", result)


def engineering(
    roll: Roller,
    tables: Tables,
    *,
    previous_turns: int = 0,
    engineers: bool = False,
    d10: int | None = None,
) -> Answer:
    result = sotq.engineering(
        roll.d10(d10, "engineering"),
        previous_turns=previous_turns,
        engineers=engineers,
        tables=tables,
    )
    return Answer("Engineering (rule 16)", result)


def terrain(roll: Roller, tables: Tables, *, region: str, d6: int | None = None) -> Answer:
    result = sotq.terrain_pieces(region, roll.d6(d6, "terrain"), tables=tables)
    return Answer("Terrain (army lists)", result)


# -- transport ------------------------------------------------------------------------------------


def current(
    roll: Roller, tables: Tables, *, plus_die: int | None = None, minus_die: int | None = None
) -> Answer:
    result = sotq.current(
        roll.average(plus_die, "current (plus die)"),
        roll.average(minus_die, "current (minus die)"),
        tables=tables,
    )
    speeds = ", ".join(f'{s.name.lower()} {s.inches:g}"' for s in sotq.boat_speeds(tables).values())
    return Answer("River current (boats)", result, (f"Boat speeds a move: {speeds}.",))


def grounding(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    return Answer(
        "Running aground (boats)", sotq.boat_grounding(roll.d10(d10, "grounding"), tables=tables)
    )


def refloat(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    return Answer(
        "Floating off (boats)", sotq.boat_refloat(roll.d10(d10, "refloating"), tables=tables)
    )


def embark(
    roll: Roller, tables: Tables, *, previous_attempts: int = 0, d10: int | None = None
) -> Answer:
    result = sotq.embark(
        roll.d10(d10, "embarking"), previous_attempts=previous_attempts, tables=tables
    )
    return Answer("Embarking (boats and trains)", result)


def balloon_launch(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    return Answer(
        "Balloon up or down", sotq.balloon_launch(roll.d10(d10, "balloon"), tables=tables)
    )


def balloon_fire(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    result = sotq.balloon_under_fire(roll.d10(d10, "balloon under fire"), tables=tables)
    return Answer("Balloon under fire", result)


def train_stop(roll: Roller, tables: Tables, *, d10: int | None = None) -> Answer:
    result = sotq.train_emergency_stop(roll.d10(d10, "emergency stop"), tables=tables)
    return Answer("Train emergency stop", result)


# -- points ---------------------------------------------------------------------------------------


def points_unit(
    roll: Roller,
    tables: Tables,
    *,
    morale: int,
    reaction_class: str,
    fire_class: str = "0",
    traits: str | None = None,
    arms: str | None = None,
    cover: str | None = None,
    cover_inches: int = 1,
    figures: int = 1,
) -> Answer:
    result = sotq.points_value(
        morale,
        reaction_class,
        fire_class=fire_class,
        traits=parse_choices(traits, sotq.troop_traits(tables), "troop trait"),
        arms=parse_choices(arms, sotq.firearms(tables), "weapon"),
        cover=cover,
        cover_inches=cover_inches,
        figures=figures,
        tables=tables,
    )
    return Answer("Points value", result)


def points_works(roll: Roller, tables: Tables, *, cover: str, perimeter_inches: float) -> Answer:
    return Answer(
        "Points of a building or work", sotq.works_points(cover, perimeter_inches, tables=tables)
    )


def points_defender(roll: Roller, tables: Tables, *, attacker_points: float) -> Answer:
    return Answer("Defender's points", sotq.defender_points(attacker_points, tables=tables))
