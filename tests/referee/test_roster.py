"""The referee roster: losses this turn, the tests they call for, and states turn by turn."""

import pytest

from games.referee import roster as R
from games.referee.roster import Call, Hint, Roster, RosterError
from games.tables import TableError, load_tables

TABLES = load_tables()


def _unit(**fields: object) -> R.Unit:
    base: dict[str, object] = {
        "name": "Zulus",
        "figures": 50,
        "troop_type": "tribal_foot",
        "fire_class": "iv",
        "reaction_class": "A",
        "morale": 9,
        "melee_weapon": "sword_or_spear",
    }
    return R.new_unit(TABLES, **(base | fields))


def _table() -> Roster:
    roster = R.add_unit(Roster(), _unit())
    british = _unit(
        name="24th",
        figures=25,
        troop_type="regular_foot",
        fire_class="0",
        reaction_class="A",
        morale=8,
        officer=1,
        weapon="blr",
        melee_weapon="bayonet",
    )
    return R.add_unit(roster, british)


def _no_die(purpose: str) -> int:
    raise AssertionError(f"no die expected ({purpose})")


def test_rule_11_firing_example_removes_three_zulus_and_calls_for_pinning() -> None:
    """Rule 11 worked example: 25 BLRs at medium range, target charging, officer +1: factor 5,
    25 points, 2 figures and a D10 of 4 under the 5 left over: 3 Zulus, 6% of 50."""
    roster, result, report = R.fire(
        _table(),
        "24th",
        "zulus",
        TABLES,
        die=lambda purpose: 4,
        range_band="medium",
        factors=["target_charging_or_fast"],
    )
    assert result.factor == 5 and result.points == 25 and result.figures_removed == 3
    assert report.percent == 6 and report.figures_left == 47
    texts = {call.hint: call.text for call in report.calls}
    assert "Pinning test" in texts[Hint("pinning", "Zulus")]
    assert "D10 of 3 or less" in texts[Hint("pinning", "Zulus")]
    assert "Morale test" in texts[Hint("morale", "Zulus")]
    assert "under fire" in texts[Hint("morale", "Zulus")]
    assert roster.unit("Zulus").fired_on_turn == 1


def test_rule_11k_pinning_example_is_not_pinned_on_a_4_but_is_on_a_3() -> None:
    """Rule 11k example: 6% lost; 4 x 2 = 8 > 6 is not pinned, 3 x 2 = 6 is."""
    roster, _ = R.take_casualties(_table(), "Zulus", 3, TABLES)
    unpinned, result = R.pinning_test(roster, "Zulus", 4, TABLES)
    assert not result.pinned and unpinned.unit("Zulus").pinned_turn is None
    pinned, result = R.pinning_test(roster, "Zulus", 3, TABLES)
    assert result.pinned and pinned.unit("Zulus").pinned_turn == 1


def test_rules_6h_and_11k_a_pinned_unit_may_not_fire_next_turn_then_unpins() -> None:
    """Rules 6h, 11k: pinned in turn 1, barred from firing in turn 2, clear in turn 3."""
    roster = R.edit_unit(_table(), "24th", TABLES, pinned=True)
    roster, notes = R.next_turn(roster)
    assert any("pinned last turn" in note for note in notes)
    assert R.unit_states(roster, roster.unit("24th")) == ("pinned last turn",)
    assert not roster.may_fire(roster.unit("24th"))
    with pytest.raises(RosterError, match="may not fire this turn"):
        R.fire(roster, "24th", "Zulus", TABLES, die=_no_die, range_band="long")
    setup = R.morale_setup(roster, roster.unit("24th"), (), TABLES)
    assert "pinned" not in setup["factors"]
    roster, _ = R.next_turn(roster)
    assert roster.unit("24th").pinned_turn is None and roster.may_fire(roster.unit("24th"))


def test_rule_13_morale_uses_the_units_own_factors_and_sets_its_state() -> None:
    """Rule 13 and Table 3: cover, officer, losses this turn and being under fire count; a
    rout leaves the unit routing and disordered, and costs it -2 next turn (rule 13e)."""
    roster = R.edit_unit(_table(), "24th", TABLES, cover="hard")
    roster, _, _ = R.fire(
        roster, "Zulus", "24th", TABLES, die=lambda p: 1, weapon="mlsb", range_band="short"
    )
    setup = R.morale_setup(roster, roster.unit("24th"), ("general_near",), TABLES)
    assert setup["factors"] == ["general_near", "hard_cover", "under_fire"]
    assert setup["officer_modifier"] == 1 and not setup["may_go_impetuous"]

    roster, result = R.morale_test(roster, "Zulus", 2, 5, TABLES, factors=["friend_routing"] * 4)
    zulus = roster.unit("Zulus")
    assert result.result == "rout" and zulus.routing and zulus.disordered
    roster, notes = R.next_turn(roster)
    assert any("routed last turn" in note for note in notes)
    assert R.morale_setup(roster, roster.unit("Zulus"), (), TABLES)["extra_modifiers"] == {
        "routed last turn": -2
    }


def test_rule_13e_impetuous_natives_keep_the_bonus_for_melee() -> None:
    """Table 3: natives scoring 8+ go impetuous and add +1 to the score kept for melee."""
    roster, result = R.morale_test(_table(), "Zulus", 5, 2, TABLES)
    assert result.result == "impetuous" and result.melee_score == result.score + 1
    assert roster.unit("Zulus").impetuous and roster.unit("Zulus").melee_score == result.melee_score


def test_rule_18_melee_uses_recorded_scores_and_removes_both_sides_losses() -> None:
    """Rules 13d and 18: scores from this turn's morale tests; losses doubled, both disordered."""
    roster = _table()
    with pytest.raises(RosterError, match="no morale score this turn") as refused:
        R.melee(roster, "Zulus", "24th", TABLES, die=_no_die)
    assert refused.value.hint == Hint("morale", "Zulus")
    roster, zulus = R.morale_test(roster, "Zulus", 5, 2, TABLES)
    roster, _ = R.morale_test(roster, "24th", 3, 3, TABLES)
    roster, result, reports = R.melee(roster, "Zulus", "24th", TABLES, die=lambda p: 10)
    assert result.sides[0].name == "Zulus"
    assert result.sides[0].terms[0].value == zulus.melee_score == 13
    assert [r.unit for r in reports] == ["Zulus", "24th"]
    for report, side in zip(reports, result.sides, strict=True):
        assert report.lost == side.figures_lost
        assert roster.unit(report.unit).disordered
    loser = next(s for s in result.sides if "rout" in s.action) if result.winner else None
    if loser is not None:
        assert roster.unit(loser.name).routing


def test_officer_killed_leaves_the_unit_and_counts_at_morale_for_two_turns() -> None:
    """Rule 11j and Table 3: officer killed, -1 for two moves."""
    roster, result = R.officer_test(_table(), "24th", 1, TABLES)
    assert result.happened and roster.unit("24th").officer is None
    assert "officer_killed" in R.morale_setup(roster, roster.unit("24th"), (), TABLES)["factors"]
    roster, _ = R.next_turn(roster)
    assert "officer_killed" in R.morale_setup(roster, roster.unit("24th"), (), TABLES)["factors"]
    roster, _ = R.next_turn(roster)
    assert (
        "officer_killed" not in R.morale_setup(roster, roster.unit("24th"), (), TABLES)["factors"]
    )
    with pytest.raises(RosterError, match="no officer"):
        R.officer_test(roster, "24th", 1, TABLES)


def test_rule_4_percentages_are_from_the_strength_at_the_start_of_the_turn() -> None:
    """Rule 11k: the percentage is of the strength at the turn's start, not the game's."""
    roster, report = R.take_casualties(_table(), "Zulus", 10, TABLES)
    assert report.percent == 20
    roster, _ = R.next_turn(roster)
    roster, report = R.take_casualties(roster, "Zulus", 4, TABLES)
    assert (report.lost_this_turn, report.percent) == (4, 10)
    roster, report = R.take_casualties(roster, "Zulus", 99, TABLES)
    assert report.figures_left == 0 and report.calls == (Call("Zulus has no figures left."),)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"name": ""}, "1-40 characters"),
        ({"name": "a,b"}, "without commas"),
        ({"figures": 0}, "1-500 figures"),
        ({"troop_type": "camels"}, "Unknown troop type 'camels'; choose from regular_horse"),
        ({"fire_class": "v"}, "Unknown fire class"),
        ({"reaction_class": "D"}, "Unknown reaction class"),
        ({"formation": "wedge"}, "Unknown formation"),
        ({"weapon": "musket"}, "Unknown weapon"),
        ({"melee_weapon": "lance"}, "melee weapon for this troop type"),
    ],
)
def test_bad_units_are_refused_naming_what_is_allowed(fields: dict, words: str) -> None:
    with pytest.raises(RosterError, match=words):
        _unit(**fields)


def test_names_are_unique_ignoring_case_and_lookups_list_the_units() -> None:
    roster = _table()
    with pytest.raises(RosterError, match="already a unit called ZULUS"):
        R.add_unit(roster, _unit(name="ZULUS"))
    with pytest.raises(RosterError, match="units: Zulus, 24th"):
        roster.unit("Boers")
    assert R.remove_unit(roster, "zulus").units == (roster.unit("24th"),)


def test_roster_round_trips_through_json_and_rows_show_states() -> None:
    roster = R.edit_unit(_table(), "Zulus", TABLES, disordered=True, routing=True)
    assert Roster.from_json(roster.to_json()) == roster
    rows = R.roster_rows(roster, TABLES)
    assert rows[0].states == ("routing", "disordered")
    assert "iv-A-9" in rows[0].details and "officer +1" in rows[1].details


def test_lookups_refuse_what_the_tables_do_not_allow() -> None:
    with pytest.raises(TableError, match="Unknown reaction column"):
        R.reaction_test(_table(), "24th", "9", 5, TABLES)
    result = R.reaction_test(_table(), "24th", "2", 2, TABLES)
    assert result.range_band == "medium"


def test_rule_11k_a_loss_that_always_pins_says_so() -> None:
    """Rule 11k: 25 of 50 lost (50%) pins on any D10; "a D10 of 25 or less" read as nonsense."""
    _, report = R.take_casualties(_table(), "Zulus", 25, TABLES)
    [text] = [call.text for call in report.calls if call.hint == Hint("pinning", "Zulus")]
    assert "pinned automatically" in text and "D10 of 25" not in text


@pytest.mark.parametrize("state", [{"formation": "open"}, {"disordered": True}])
def test_rule_18_a_defender_in_open_order_or_disorder_gives_the_attacker_its_factor(
    state: dict,
) -> None:
    """Table 5: the attacker adds the factor for its opponent's state. Issue 11: a defender in
    open order crashed /roster melee (Table 5 factors have no exclusive groups)."""
    roster = _table()
    roster = roster.replace(roster.unit("24th").model_copy(update=state))
    roster, _ = R.morale_test(roster, "Zulus", 5, 2, TABLES)
    roster, _ = R.morale_test(roster, "24th", 3, 3, TABLES)
    roster, result, _ = R.melee(roster, "Zulus", "24th", TABLES, die=lambda p: 10)
    factor = "opponent in open order" if "formation" in state else "opponent disordered"
    assert factor in [term.name for term in result.sides[0].terms]
