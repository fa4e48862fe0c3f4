"""Every lookup answers every combination of the options it enumerates, without an error."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.tables import Result, qref, sotq
from tests.profiles import scaled

D6 = st.integers(1, 6)
D10 = st.integers(1, 10)
AVERAGE = st.sampled_from([2, 3, 4, 5])
OFFICER = st.integers(-3, 3)
examples = settings(max_examples=scaled(60))


def _explained(result: Result) -> None:
    assert result.outcome
    assert result.explain()


def _grouped_subset(draw: Any, options: dict[str, Any]) -> list[str]:
    """A subset of options taking at most one from each exclusive group."""
    chosen = draw(st.lists(st.sampled_from(sorted(options)), unique=True, max_size=len(options)))
    groups: set[str] = set()
    kept = []
    for option in chosen:
        group = getattr(options[option], "group", None)
        if group in groups:
            continue
        kept.append(option)
        if group is not None:
            groups.add(group)
    return kept


@examples
@given(st.data())
def test_reaction_and_officers(data: st.DataObject) -> None:
    """Table 1."""
    _explained(
        sotq.reaction(
            data.draw(st.sampled_from(sotq.reaction_classes())),
            data.draw(st.sampled_from(sorted(sotq.reaction_columns()))),
            data.draw(D10),
            officer_modifier=data.draw(OFFICER),
            impetuous=data.draw(st.booleans()),
        )
    )
    _explained(sotq.officer_modifier(data.draw(D10), native_officer=data.draw(st.booleans())))


@examples
@given(st.data())
def test_fire(data: st.DataObject) -> None:
    """Table 2 with Table 6."""
    weapon_id = data.draw(st.sampled_from(sorted(sotq.weapons())))
    weapon = sotq.weapons()[weapon_id]
    use_band = data.draw(st.booleans())
    band = data.draw(st.sampled_from(sotq.range_bands(weapon_id))) if use_band else None
    inches = None if use_band else data.draw(st.floats(0, 100, allow_nan=False))
    result = sotq.fire(
        weapon_id,
        data.draw(st.integers(1, 60)),
        range_inches=inches,
        range_band=band,
        fire_class=data.draw(st.sampled_from(sotq.fire_classes())),
        officer_modifier=data.draw(OFFICER),
        factors=_grouped_subset(data.draw, sotq.fire_factors()),
        repeater=weapon.may_repeat and data.draw(st.booleans()),
        quick_firing=weapon.may_be_quick_firing and data.draw(st.booleans()),
        multiplier=data.draw(st.sampled_from(sorted(sotq.fire_multipliers()))),
        half_effect=data.draw(st.booleans()),
        into_melee=data.draw(st.booleans()),
        fraction_d10=data.draw(st.none() | D10),
    )
    _explained(result)
    assert result.points >= 0


@examples
@given(st.data())
def test_firing_checks(data: st.DataObject) -> None:
    """Table 2 jams, officers, pinning; rules 11s and 12d."""
    _explained(
        sotq.machine_gun_jam(
            data.draw(st.sampled_from(sorted(sotq.machine_guns()))), data.draw(D10)
        )
    )
    _explained(sotq.clear_jam(data.draw(D10)))
    _explained(sotq.officer_casualty(data.draw(D10)))
    _explained(
        sotq.pinning(
            data.draw(st.integers(0, 100)), data.draw(D10), pipers=data.draw(st.integers(0, 2))
        )
    )
    _explained(
        sotq.rocket(
            data.draw(st.floats(0, 80, allow_nan=False)),
            data.draw(D10),
            officer_modifier=data.draw(OFFICER),
        )
    )
    _explained(
        sotq.marksman_casualty(data.draw(st.integers(0, 100)), data.draw(D10), data.draw(D10))
    )


@examples
@given(st.data())
def test_morale(data: st.DataObject) -> None:
    """Table 3."""
    factors = sotq.morale_factors()
    chosen = _grouped_subset(data.draw, factors)
    chosen += ["friend_routing"] * data.draw(st.integers(0, 3))
    _explained(
        sotq.morale(
            data.draw(st.integers(1, 15)),
            data.draw(AVERAGE),
            data.draw(AVERAGE),
            factors=chosen,
            officer_modifier=data.draw(OFFICER),
            casualty_percent=data.draw(st.integers(0, 100)),
            pipers=data.draw(st.integers(0, 2)),
            may_go_impetuous=data.draw(st.booleans()),
            routing=data.draw(st.booleans()),
        )
    )


@examples
@given(st.data())
def test_movement(data: st.DataObject) -> None:
    """Table 4."""
    troop_id = data.draw(st.sampled_from(sorted(sotq.troop_types())))
    troop = sotq.troop_types()[troop_id]
    skirmish = data.draw(st.booleans())
    penalties = sotq.movement_penalties(troop_id, skirmish_order=skirmish)
    result = sotq.movement(
        troop_id,
        data.draw(AVERAGE),
        data.draw(AVERAGE),
        charge=troop.charge is not None and data.draw(st.booleans()),
        skirmish_order=skirmish,
        penalties=data.draw(st.lists(st.sampled_from(sorted(penalties)), unique=True))
        if penalties
        else [],
        on_road=data.draw(st.booleans()),
        routing=data.draw(st.booleans()),
    )
    _explained(result)
    assert result.distance >= 0


def _side(data: st.DataObject, name: str) -> sotq.MeleeSide:
    mounted = data.draw(st.booleans())
    return sotq.MeleeSide(
        name=name,
        morale_score=data.draw(st.integers(-5, 15)),
        weapon=data.draw(st.sampled_from(sorted(sotq.melee_weapons(mounted)))),
        mounted=mounted,
        attacker=data.draw(st.booleans()),
        in_square=data.draw(st.booleans()),
        factors=tuple(
            data.draw(st.lists(st.sampled_from(sorted(sotq.melee_factors(mounted))), unique=True))
        ),
    )


@examples
@given(st.data())
def test_melee_and_casualties(data: st.DataObject) -> None:
    """Tables 5 and 6, the percentage loss table and the optional melee duration."""
    figures = data.draw(st.none() | st.integers(1, 60))
    dice = data.draw(st.none() | st.tuples(D10, D10))
    _explained(
        sotq.melee(_side(data, "first"), _side(data, "second"), figures=figures, fraction_d10s=dice)
    )
    _explained(
        sotq.melee_ends(data.draw(st.integers(1, 4)), data.draw(st.integers(1, 6)), data.draw(D6))
    )
    _explained(
        sotq.casualties(
            data.draw(st.integers(-6, 14)),
            data.draw(st.integers(0, 100)),
            fraction_d10=data.draw(st.none() | D10),
            melee=data.draw(st.booleans()),
        )
    )
    strength = data.draw(st.integers(1, 250))
    loss = sotq.percentage_loss(strength, data.draw(st.integers(0, strength)))
    assert 0 <= loss.percent <= 100


@examples
@given(st.data())
def test_spotting(data: st.DataObject) -> None:
    """Table 7."""
    _explained(
        sotq.spotting(
            data.draw(st.sampled_from(sorted(sotq.spotting_terrain()))),
            data.draw(st.floats(0, 120, allow_nan=False)),
            shifts=data.draw(
                st.lists(st.sampled_from(sorted(sotq.spotting_shifts())), unique=True)
            ),
            d10=data.draw(st.none() | D10),
        )
    )
    _explained(sotq.sight_distance(data.draw(st.sampled_from(sorted(sotq.sight_terrain())))))


@examples
@given(st.data())
def test_terrain_and_additional_rules(data: st.DataObject) -> None:
    """Rules 9 and 16, list terrain, boats, balloons, trains, indirect fire."""
    _explained(
        sotq.building_fire(
            data.draw(st.sampled_from(sorted(sotq.buildings()))),
            data.draw(D10),
            action=data.draw(st.sampled_from(["start", "extinguish"])),
            engineers=data.draw(st.booleans()),
        )
    )
    _explained(
        sotq.terrain_pieces(data.draw(st.sampled_from(sorted(sotq.regions()))), data.draw(D6))
    )
    _explained(
        sotq.engineering(
            data.draw(D10),
            previous_turns=data.draw(st.integers(0, 5)),
            engineers=data.draw(st.booleans()),
        )
    )
    _explained(sotq.current(data.draw(AVERAGE), data.draw(AVERAGE)))
    for check in (
        sotq.boat_grounding,
        sotq.boat_refloat,
        sotq.balloon_launch,
        sotq.balloon_under_fire,
        sotq.train_emergency_stop,
    ):
        _explained(check(data.draw(D10)))
    _explained(sotq.embark(data.draw(D10), previous_attempts=data.draw(st.integers(0, 5))))
    _explained(
        sotq.indirect_fire(
            data.draw(st.integers(1, 6)),
            data.draw(AVERAGE),
            data.draw(AVERAGE),
            data.draw(st.integers(0, 40)),
        )
    )


@examples
@given(st.data())
def test_points(data: st.DataObject) -> None:
    """The points value calculator."""
    result = sotq.points_value(
        data.draw(st.integers(3, 15)),
        data.draw(st.sampled_from(["A", "B", "C"])),
        fire_class=data.draw(st.sampled_from(sotq.fire_classes())),
        traits=data.draw(st.lists(st.sampled_from(sorted(sotq.troop_traits())), unique=True)),
        arms=data.draw(st.lists(st.sampled_from(sorted(sotq.firearms())), unique=True)),
        cover=data.draw(st.none() | st.sampled_from(sorted(sotq.cover_values()))),
        cover_inches=data.draw(st.integers(0, 4)),
        figures=data.draw(st.integers(1, 100)),
    )
    _explained(result)


@examples
@given(st.data())
def test_event_cards(data: st.DataObject) -> None:
    """Rule 21."""
    card = data.draw(st.sampled_from(sorted(sotq.event_cards())))
    theatre = data.draw(st.none() | st.sampled_from(sorted(sotq.conflicts())))
    _explained(sotq.event_card(card, theatre=theatre))


def _d6s(data: st.DataObject, count: int) -> list[int]:
    return data.draw(st.lists(D6, min_size=count, max_size=count))


@examples
@given(st.data())
def test_quick_reference(data: st.DataObject) -> None:
    """Quick reference I-VI."""
    _explained(qref.rally(data.draw(st.sampled_from(sorted(qref.rally_states()))), data.draw(D6)))
    troop = data.draw(st.sampled_from(sorted(qref.movement_troop_types())))
    count = qref.movement_troop_types()[troop].dice
    _explained(
        qref.movement_dice(troop, _d6s(data, count), difficult_terrain=data.draw(st.booleans()))
    )
    _explained(
        qref.pre_melee_morale(
            data.draw(st.sampled_from(sorted(qref.pre_melee_types()))), data.draw(D6)
        )
    )
    case = data.draw(st.sampled_from(sorted(qref.melee_cases())))
    figures = data.draw(st.integers(0, 80))
    needed = qref.melee_dice(case, figures).dice_count
    _explained(qref.melee_dice(case, figures, _d6s(data, needed)))
    _explained(
        qref.post_melee(
            data.draw(D6), data.draw(D6), data.draw(st.sampled_from(sorted(qref.british_types())))
        )
    )
    _explained(
        qref.scouting(
            data.draw(st.integers(0, 200)),
            data.draw(D6),
            broken_zulu_units=data.draw(st.integers(0, 4)),
            entering_difficult_terrain=data.draw(st.booleans()),
        )
    )
    in_cover = data.draw(st.booleans())
    _explained(
        qref.zulu_appearance(
            data.draw(st.none() | D6), _d6s(data, 2 if in_cover else 4), british_in_cover=in_cover
        )
    )
    _explained(qref.zulu_riflemen(_d6s(data, 2)))
    _explained(
        qref.spear_sighting(
            _d6s(data, 2 if in_cover else 4), data.draw(st.integers(0, 30)), zulus_in_cover=in_cover
        )
    )
    _explained(qref.zulu_morale(data.draw(D6), in_contact=data.draw(st.booleans())))


@examples
@given(st.data())
def test_quick_reference_fire(data: st.DataObject) -> None:
    """Quick reference V."""
    prone = data.draw(st.booleans())
    inches = data.draw(st.floats(0, 30, allow_nan=False))
    _explained(qref.rocket_fire(data.draw(D6), data.draw(st.none() | D6)))
    _explained(qref.gatling_fire(inches, _d6s(data, 1 if prone else 2), target_prone=prone))
    figures = data.draw(st.integers(0, 60))
    needed = qref.infantry_fire(figures, inches, target_prone=prone).dice_count
    _explained(qref.infantry_fire(figures, inches, target_prone=prone, dice=_d6s(data, needed)))
    _explained(
        qref.carbine_fire(inches, _d6s(data, data.draw(st.integers(0, 12))), target_prone=prone)
    )
    _explained(
        qref.native_rifle_fire(
            figures, data.draw(D6), target_mounted_or_covered=data.draw(st.booleans())
        )
    )
