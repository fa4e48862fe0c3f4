"""The worked examples printed in the rules, reproduced exactly."""

from games.tables import sotq
from games.tables.sotq import MeleeSide


def test_rule_12_firing_example_reaction_gives_medium_range() -> None:
    """Firing example (rules 8, 12): class A rolls 2, +1 officer = 3, so the 24th fire at medium."""
    result = sotq.reaction("A", "2", 2, officer_modifier=1)
    assert result.total == 3
    assert result.range_band == "medium"
    without_officer = sotq.reaction("A", "2", 2)
    assert without_officer.range_band == "long"


def test_rule_12_firing_example_movement_dice_on_the_hill() -> None:
    """Firing example (rule 14b, Table 4): regular foot 4", plus die 2, minus die 3 -> 3"."""
    result = sotq.movement("regular_foot", 2, 3)
    assert result.base is not None and result.base.value == 4
    assert result.distance == 3


def test_rule_12_firing_example_fire_factor_and_casualties() -> None:
    """Firing example (Table 2, rule 11h): medium 5, charging -1, officer +1 = 5; 25 figures
    inflict 25 points, 2 figures and 5 over; a D10 of 4 removes a third figure."""
    result = sotq.fire(
        "blr",
        25,
        range_band="medium",
        officer_modifier=1,
        factors=["target_charging_or_fast"],
        fraction_d10=4,
    )
    assert result.factor == 5
    assert result.points == 25
    assert result.figures_removed == 3
    six = sotq.fire(
        "blr",
        25,
        range_band="medium",
        officer_modifier=1,
        factors=["target_charging_or_fast"],
        fraction_d10=6,
    )
    assert six.figures_removed == 2


def test_rule_12_pinning_example() -> None:
    """Pinning example (rule 11k): 3 of 50 is 6%; a 4 doubles to 8, not pinned; a 3 pins."""
    assert sotq.percentage_loss(50, 3).percent == 6
    assert not sotq.pinning(6, 4).pinned
    assert sotq.pinning(6, 3).pinned


def test_rule_18_morale_example_zulus_go_impetuous() -> None:
    """Morale and melee example (Table 3): 9 +1 dice, -1 under fire, -1 no friends, -1 for
    about 5% casualties, +1 uphill = 8, impetuous, recorded as 9."""
    result = sotq.morale(
        9,
        4,
        3,
        factors=["under_fire", "no_friends_near", "uphill"],
        casualty_percent=6,
        may_go_impetuous=True,
    )
    assert result.score == 8
    assert result.result == "impetuous"
    assert result.melee_score == 9


def test_rule_18_morale_example_british_follow_orders() -> None:
    """Morale and melee example (Table 3): 9 +2 dice, -1 no friends, +1 officer = 11, OK."""
    result = sotq.morale(9, 5, 3, factors=["no_friends_near"], officer_modifier=1)
    assert result.score == 11
    assert result.result == "follow_orders"


ZULUS = MeleeSide(
    name="uMcijo", morale_score=9, weapon="sword_or_spear", attacker=True, factors=("foot_impetus",)
)
BRITISH = MeleeSide(
    name="24th Foot", morale_score=11, weapon="bayonet", factors=("outnumbered_or_tribals",)
)


def test_rule_18_melee_example_result() -> None:
    """Morale and melee example (Table 5): Zulus 18, British 16; the Zulus win by 2: the fight
    lasts 3 moves, Zulus B4 hold, British C3 rally back."""
    result = sotq.melee(ZULUS, BRITISH)
    zulus, british = result.sides
    assert (zulus.total, british.total) == (18, 16)
    assert result.winner == "uMcijo" and result.difference == 2
    assert result.duration == 3
    assert (zulus.code, british.code) == ("B4", "C3")
    assert zulus.action == ("hold",) and british.action == ("rally_back",)
    assert (zulus.inflicts_factor, british.inflicts_factor) == (4, 3)


def test_rule_18_melee_example_casualties() -> None:
    """Morale and melee example (rule 19b): the book prints 38 British and 28 Zulu losses, which
    Table 6 gives, doubled, for 24 figures (16 + 3 and 12 + 2); at the 25 figures the text names,
    the same reading gives 40 and 30."""
    printed = sotq.melee(ZULUS, BRITISH, figures=24)
    zulus, british = printed.sides
    assert (british.casualties_suffered, zulus.casualties_suffered) == (38, 28)
    as_named = sotq.melee(ZULUS, BRITISH, figures=25).sides
    assert (as_named[1].casualties_suffered, as_named[0].casualties_suffered) == (40, 30)


def test_rule_18_melee_example_officer_survives() -> None:
    """Morale and melee example (Table 2): the Zulus roll 6 for the British officer and fail."""
    assert not sotq.officer_casualty(6).happened
    assert sotq.officer_casualty(1).happened


def test_rule_19a_casualty_example() -> None:
    """Rule 19a: 23 casualties are 2 figures, and a D10 of 3 or less removes a third."""
    assert sotq.casualties(5, 20, fraction_d10=1).figures_removed == 2
    result = sotq.casualties(5, 23, fraction_d10=3)
    assert (result.points, result.whole_figures, result.remainder) == (23, 2, 3)
    assert result.figures_removed == 3
    assert sotq.casualties(5, 23, fraction_d10=4).figures_removed == 2


def test_rule_20h_spotting_example() -> None:
    """Rule 20h example with Table 7: a unit 6" away in jungle is spotted on a 1, one 2" away
    automatically, and nothing is seen 3" or more into jungle (sight distances)."""
    assert sotq.spotting("jungle_buildings", 6, d10=1).spotted
    assert not sotq.spotting("jungle_buildings", 6, d10=2).spotted
    assert sotq.spotting("jungle_buildings", 2).automatic
    assert sotq.sight_distance("jungle").inches == 3


def test_points_value_example() -> None:
    """Points values example: a BLR 0-A-9 figure in hard cover is 9 + 1 + 4 + 5 = 19, and a
    unit of 25 is 475."""
    result = sotq.points_value(9, "A", arms=["blr"], cover="hard", figures=25)
    assert result.per_figure == 19
    assert result.total_points == 475


def test_points_values_match_the_zulu_war_lists() -> None:
    """Points values against List 3: Zulu iv-A-9 with MLSB 6.5, iv-B-9 6, NNC spear iv-C-5 2.5,
    British infantry 0-A-9 with BLR 15."""
    zulu_a = sotq.points_value(9, "A", fire_class="iv", traits=["native"], arms=["mlsb"])
    zulu_b = sotq.points_value(9, "B", fire_class="iv", traits=["native"], arms=["mlsb"])
    nnc = sotq.points_value(5, "C", fire_class="iv", traits=["native"], arms=["bow_or_spear"])
    british = sotq.points_value(9, "A", arms=["blr"])
    assert [r.per_figure for r in (zulu_a, zulu_b, nnc, british)] == [6.5, 6, 2.5, 15]


def test_list_option_example() -> None:
    """The lists' reading example: in 1st Boer War option 4 the Boers have 40 mounted
    infantry and 2 officers."""
    boers = sotq.army_list("first_boer_war", "4").sides[0]
    assert boers.troops[0].designation == "I/Mtd. inf BLR"
    assert boers.troops[0].count == 40
    assert boers.officers[0].count == 2
