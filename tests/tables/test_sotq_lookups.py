"""Soldiers of the Queen lookups against the printed tables, rule by rule."""

import pytest

from games.tables import TableError, load_tables, sotq
from games.tables.schema.casualties import CasualtiesFile
from games.tables.sotq import MeleeSide


def test_table_1_officer_modifier_bands() -> None:
    """Table 1: D10 1-5 gives 0, 6-8 gives +1, 9-10 gives +2; native officers roll one lower."""
    assert [sotq.officer_modifier(d).modifier for d in range(1, 11)] == [0] * 5 + [1] * 3 + [2] * 2
    assert sotq.officer_modifier(6, native_officer=True).modifier == 0
    assert sotq.officer_modifier(1, native_officer=True).modifier == 0


@pytest.mark.parametrize(
    ("reaction_class", "d10", "column", "value"),
    [
        ("A", 2, "1", "1/2"),
        ("A", 3, "1", "1/4"),
        ("B", 7, "1", "0"),
        ("C", 5, "2", "long"),
        ("C", 8, "3", "1/2"),
        ("B", 10, "4", "1/2"),
        ("A", 5, "5", "halt"),
        ("C", 1, "5", "pursue"),
    ],
)
def test_table_1_reaction_cells(reaction_class: str, d10: int, column: str, value: str) -> None:
    """Table 1 reaction rows, using the body's 1/4 move in column 1, row 2."""
    assert sotq.reaction(reaction_class, column, d10).value == value


def test_table_1_column_4_adds_a_quarter_move_and_impetuous_pursuit() -> None:
    """Table 1: reforming takes a quarter move more than shown; impetuous units -1 in column 5."""
    assert sotq.reaction("A", "4", 10).delay_moves == 0.75
    assert sotq.reaction("A", "5", 3, impetuous=True).pursues
    assert not sotq.reaction("A", "5", 3).pursues


def test_table_2_range_bands() -> None:
    """Table 2: BLRs are short to 4", medium to 10", long to 24"; spears throw 3" at long."""
    assert sotq.fire("blr", 10, range_inches=4).range_band == "short"
    assert sotq.fire("blr", 10, range_inches=10).range_band == "medium"
    assert sotq.fire("blr", 10, range_inches=24).range_band == "long"
    assert sotq.fire("blr", 10, range_inches=25).range_band is None
    assert sotq.range_bands("spear") == ["long"]
    assert sotq.fire("bl_gun", 4, range_inches=80, multiplier="shot_or_shell").range_band == "long"


def test_table_2_factors_apply_themselves() -> None:
    """Table 2: MLRs +1, repeaters +1, class III (rule 1b) -3, class IV -4."""
    assert sotq.fire("mlr", 10, range_band="short").factor == 8
    assert sotq.fire("blr", 10, range_band="short", repeater=True).factor == 8
    assert sotq.fire("blr", 10, range_band="short", fire_class="iii").factor == 4
    assert sotq.fire("blr", 10, range_band="short", fire_class="iv").factor == 3


def test_table_2_cover_factors_are_mutually_exclusive() -> None:
    """Table 2: hard and soft cover cannot both apply."""
    with pytest.raises(TableError):
        sotq.fire("blr", 10, range_band="short", factors=["target_hard_cover", "target_soft_cover"])


def test_table_2_half_effect_moves_and_rate_of_fire() -> None:
    """Table 2 and rule 11g: what a unit firing at half effect may move; who fires every turn."""
    assert sotq.fire("blr", 5, range_band="long", repeater=True).half_effect_move == "3/4 move"
    mounted = sotq.fire("mlsb", 5, range_band="long", factors=["firer_mounted"])
    assert mounted.half_effect_move == "1/2 move"
    assert sotq.fire("mlsb", 5, range_band="long").half_effect_move == "may not move"
    assert (
        sotq.fire("machine_gun", 3, range_band="long", multiplier="gatling").half_effect_move
        == '1" only'
    )
    assert sotq.fire("mlsb", 5, range_band="long").fires == "fires every second turn"
    assert sotq.fire("blr", 5, range_band="long").full_effect_move_inches == 0.5
    assert sotq.fire("blr", 5, range_band="long", repeater=True).full_effect_move_inches == 1


def test_rule_11f_crew_multipliers() -> None:
    """Rule 11f: a Gatling's 3 crew fire as 9 figures, a Maxim's as 12, shell doubles."""
    assert sotq.fire("machine_gun", 3, range_band="short", multiplier="gatling").figures_firing == 9
    assert sotq.fire("machine_gun", 3, range_band="short", multiplier="maxim").figures_firing == 12
    assert sotq.fire("sniper", 1, range_band="long", multiplier="marksman").figures_firing == 3


def test_table_2_machine_gun_jams_and_clearing() -> None:
    """Table 2: Gatlings 1879-85 jam on 8-10, from 1886 on 9-10, Maxims on 10; clear on 1-3."""
    assert [sotq.machine_gun_jam("gatling_1879", d).happened for d in (7, 8)] == [False, True]
    assert [sotq.machine_gun_jam("gatling_1886", d).happened for d in (8, 9)] == [False, True]
    assert [sotq.machine_gun_jam("maxim", d).happened for d in (9, 10)] == [False, True]
    assert [sotq.clear_jam(d).happened for d in (3, 4)] == [True, False]


def test_rule_11s_rockets() -> None:
    """Rule 11s: ML gun ranges, a hit below the range factor, an explosion on 10."""
    assert sotq.rocket(5, 6).hit
    assert not sotq.rocket(5, 7).hit
    assert sotq.rocket(5, 7, officer_modifier=1).hit
    assert sotq.rocket(30, 10).exploded
    assert not sotq.rocket(61, 1).hit


def test_highland_pipers_offset_pinning() -> None:
    """List notes, Highlanders: each piper takes 5 off the percentage for pinning."""
    assert sotq.pinning(12, 5).pinned
    assert not sotq.pinning(12, 5, pipers=1).pinned


def test_table_3_result_bands() -> None:
    """Table 3: 1 or less rout, 2-3 retire, 4-5 halt, 6-7 follow orders; routers rout or rally."""
    results = [sotq.morale(n, 3, 3).result for n in range(0, 9)]
    assert results == ["rout", "rout", "retire", "retire", "halt", "halt"] + ["follow_orders"] * 3
    assert sotq.morale(3, 3, 3, routing=True).result == "rout"
    assert sotq.morale(5, 3, 3, routing=True).result == "rally"
    assert sotq.morale(9, 3, 3, factors=["friend_routing", "friend_routing"]).score == 5


def test_table_4_penalties_and_road() -> None:
    """Table 4 (summary sheet penalties): foot on a steep hill at 3/4 speed, horse at 1/2; on a
    road a negative dice score is ignored (rule 14c)."""
    assert sotq.movement("regular_foot", 3, 3, penalties=["steep_hill"]).distance == 3
    assert sotq.movement("regular_horse", 3, 3, penalties=["steep_hill"]).distance == 4
    assert sotq.movement("regular_foot", 2, 5, on_road=True).distance == 4
    assert sotq.movement("regular_foot", 5, 2, on_road=True).distance == 7
    assert sotq.movement("tribal_foot", 2, 5, routing=True).distance == 7


def test_table_5_column_reading_and_codes() -> None:
    """Table 5: winning horse breaks through and pursues foot (G6); foot beating horse hold (B6)."""
    lancers = MeleeSide(name="lancers", morale_score=7, weapon="lance", mounted=True, attacker=True)
    zulus = MeleeSide(name="Zulus", morale_score=5, weapon="sword_or_spear")
    result = sotq.melee(lancers, zulus)
    assert result.column == "mounted_v_others"
    assert result.sides[0].code == "G6" and result.sides[0].action == ("breakthrough", "pursue")
    assert result.sides[1].code == "E1" and result.sides[1].action == ("rout",)
    foot = MeleeSide(name="foot", morale_score=12, weapon="bayonet")
    horse = MeleeSide(
        name="horse", morale_score=6, weapon="sword_or_spear", mounted=True, attacker=True
    )
    assert sotq.melee(foot, horse).sides[0].code == "B6"


@pytest.mark.parametrize(
    ("impetuous", "square", "action"),
    [
        (False, False, ("rally_back",)),
        (True, False, ("breakthrough",)),
        (True, True, ("flow_round",)),
    ],
)
def test_table_5_key_c_impetuous_horse_breaks_through_all_but_a_square(
    impetuous: bool, square: bool, action: tuple[str, ...]
) -> None:
    """Table 5 key C: rally back, horse flows round a square; impetuous horse breaks
    through any other formation. A close fight of horse against foot reads C for both."""
    horse = MeleeSide(
        name="horse",
        morale_score=8,
        weapon="sword_or_spear",
        mounted=True,
        attacker=True,
        impetuous=impetuous,
    )
    foot = MeleeSide(name="foot", morale_score=13, weapon="bayonet", in_square=square)
    result = sotq.melee(horse, foot)
    assert result.sides[0].code.startswith("C") and result.sides[0].action == action
    if square:
        assert result.sides[1].action == ("hold",)


def test_table_5_large_differences_read_the_last_row() -> None:
    """Table 5: differences over 7 read the 6-7 row (project default)."""
    strong = MeleeSide(name="a", morale_score=20, weapon="bayonet")
    weak = MeleeSide(name="b", morale_score=0, weapon="other")
    assert sotq.melee(strong, weak).row == "6-7"


def test_rule_18_optional_random_duration() -> None:
    """Rule 18 optional: a D6 above the duration ends it, +1 for each later turn."""
    assert not sotq.melee_ends(3, 1, 3).ends
    assert sotq.melee_ends(3, 1, 4).ends
    assert sotq.melee_ends(3, 2, 3).ends


def test_table_6_blocks_beyond_20_figures_and_limits() -> None:
    """Table 6: 45 figures at factor 7 read 20 + 20 + 5 = 28 + 28 + 7; factor 12 reads 10."""
    assert sotq.casualties(7, 45).points == 63
    assert sotq.casualties(12, 10).points == sotq.casualties(10, 10).points == 20
    assert sotq.casualties(-4, 20).points == 0
    assert sotq.casualties(5, 10, melee=True).points == 20


def test_percentage_table_is_the_rounded_down_fraction() -> None:
    """Percentage loss table: every printed cell equals casualties x 100 / strength rounded down."""
    table = load_tables().typed("sotq_casualties", CasualtiesFile)
    for strength, row in table.percentage_loss.rows.items():
        assert row == [100 * lost // strength for lost in range(1, len(row) + 1)]


def test_rule_4_large_units() -> None:
    """Rule 4: units over 30 are halved (or thirded) to fit the table, and so is the percentage."""
    result = sotq.percentage_loss(50, 3)
    assert result.percent == 6 and "50 / 2 = 25" in (result.cell or "")
    assert sotq.percentage_loss(75, 9).percent == 12
    assert sotq.percentage_loss(200, 50).percent == 25


def test_table_7_shifts() -> None:
    """Table 7: a moving target shifts 3 columns left, skirmishers 1 right."""
    woods = sotq.spotting("woods", 10, shifts=["target_moves_or_fires"])
    assert woods.column == '2-4"' and woods.number == 8
    assert not sotq.spotting("woods", 12, shifts=["target_skirmish_order"]).spottable
    assert sotq.spotting("off_table", 90, d10=1).spotted
    assert not sotq.spotting("scrub_broken", 30).spottable


def test_rule_9l_fires_and_rule_16_engineering() -> None:
    """Rule 9l: straw huts light on 8 or less, engineers shift 3; rule 16: 10+ to dig."""
    assert sotq.building_fire("straw_hut", 8).succeeded
    assert not sotq.building_fire("fort", 3).succeeded
    assert sotq.building_fire("fort", 5, engineers=True).succeeded
    assert sotq.building_fire("other", 7, action="extinguish").succeeded
    assert sotq.engineering(8, previous_turns=1, engineers=True).succeeded
    assert not sotq.engineering(9).succeeded


def test_additional_rules() -> None:
    """Boats, balloons, trains and indirect fire."""
    assert sotq.current(5, 2).drift_inches == 3
    assert sotq.boat_grounding(1).event == "aground"
    assert sotq.embark(8, previous_attempts=2).event == "embarked"
    assert sotq.balloon_under_fire(2).event == "the balloon explodes"
    assert sotq.balloon_launch(3).event
    assert sotq.train_emergency_stop(1).event
    near = sotq.indirect_fire(2, 3, 3, 9)
    assert (near.targets, near.diameter_inches, near.figures_firing) == (5, 3, 10)
    assert sotq.indirect_fire(6, 2, 5, 9).targets == 0
    assert sotq.indirect_fire(6, 5, 2, 9).diameter_inches == 4


def test_zulu_war_lists() -> None:
    """List 3: Zulu option A and the British column for Isandlwana (option 3, Pulleine)."""
    zulus = sotq.army_list("zulu_war", "A").sides[0]
    assert [t.count for t in zulus.troops] == [120, 100, 10]
    assert zulus.officers[0].count == 4
    pulleine = sotq.army_list("zulu_war", "3")
    assert pulleine.battle == "Pulleine's column"
    assert {t.designation: t.count for t in pulleine.sides[1].troops}["cR/British Inf. B BLR"] == 30


def test_every_conflict_fields_every_option() -> None:
    """Army lists 1-10: every printed option of every conflict can be fielded."""
    for conflict in sotq.conflicts():
        for option in sotq.army_options(conflict):
            assert sotq.army_list(conflict, option).sides


def test_event_cards() -> None:
    """Rule 21: 21 cards in each printed list and 6 suggestions; off-theatre cards are blanks."""
    decks = [card.deck for card in sotq.event_cards().values()]
    assert (decks.count("list_1"), decks.count("list_2"), decks.count("rule_21")) == (21, 21, 6)
    assert sotq.event_card("duck", theatre="zulu_war").applies
    assert not sotq.event_card("golden_stool", theatre="zulu_war").applies
    assert "udibi_boy" in sotq.event_cards(theatre="zulu_war")


def test_unknown_names_are_player_errors() -> None:
    """Lookups name the allowed choices when given an unknown one."""
    with pytest.raises(TableError, match="choose from"):
        sotq.fire("musket", 10, range_band="short")
    with pytest.raises(TableError, match="D10"):
        sotq.reaction("A", "1", 11)
    with pytest.raises(TableError):
        sotq.morale(9, 1, 3)


@pytest.mark.parametrize("name", ["Lancers", "The impi"])
def test_melee_losses_read_right_for_a_singular_or_plural_side(name: str) -> None:
    """Issue 11: "Lancers lose 2 points" put a verb after any name, so a singular side read
    "The impi lose"; the losses are now told without a verb that must agree."""
    lancers = MeleeSide(name=name, morale_score=7, weapon="lance", mounted=True, attacker=True)
    zulus = MeleeSide(name="Zulus", morale_score=5, weapon="sword_or_spear")
    result = sotq.melee(lancers, zulus, figures=4, fraction_d10s=[5, 5])
    points = result.sides[0].casualties_suffered or 0
    assert f"{name}: {points} point{'' if points == 1 else 's'}" in result.outcome
    assert " lose " not in result.outcome
