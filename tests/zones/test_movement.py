"""Replacements (9.1-9.4.1), movement (10.1-10.8, 2.1, 2.2, 3.2, 3.5.1, 14.2, 15.2)."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from tests.zones.helpers import act, arrange, keys, warriors

END = {"type": "end"}
RD_LEADERS = ["dabulamanzi", "uthulwana", "indlondlo", "indluyengwe"]
IS_LEADERS = ["ntshingwayo", "mavumengwana", "unokhenke", "ingobamakhosi"]


def zmove(origin: str, path: list[str], sp: int, counters: int, leaders: list[str]) -> dict:
    return {"type": "zmove", "from": origin, "path": path, "sp": sp, "counters": counters,
            "leaders": leaders}  # fmt: skip


def move(units: list[str], path: list[str]) -> dict:
    return {"type": "move", "units": units, "path": path}


# --------------------------------------------------------------------------- replacements


def test_rule_9_3_1_example_two_of_three_reduced_units_in_G_gain_1_sp() -> None:
    s = arrange("rorkes-drift", 2, "A", {"G": ["b1", "b2", "b3"], "I": ["b4"]})
    for unit in ("b1", "b2", "b3", "b4"):
        s["units"][unit]["sp"] = 1
    assert keys(s, "british", "replace") == ["replace.b1", "replace.b2", "replace.b3"]
    s = act(s, "british", {"type": "replace", "unit": "b1"})
    with pytest.raises(RuleError, match="has had its 1 SP"):
        act(s, "british", {"type": "replace", "unit": "b1"})
    s = act(s, "british", {"type": "replace", "unit": "b2"})
    assert [s["units"][u]["sp"] for u in ("b1", "b2", "b3")] == [2, 2, 1]
    with pytest.raises(RuleError, match="Both replacement SP"):
        act(s, "british", {"type": "replace", "unit": "b3"})
    with pytest.raises(RuleError, match="did not begin the turn in the storehouse"):
        act(s, "british", {"type": "replace", "unit": "b4"})


def test_rule_2_2_a_replacement_never_takes_the_storehouse_past_8_sp() -> None:
    """9.3 heals in G and 2.2 caps G at 8 SP: the cap wins (notes: replacements-within-limits)."""
    s = arrange("rorkes-drift", 2, "A", {"G": ["chard", "b1", "b2", "b3", "b4"]})
    s["units"]["b1"]["sp"] = 1
    assert keys(s, "british", "replace") == []
    with pytest.raises(RuleError, match="holds at most 8 British SP"):
        act(s, "british", {"type": "replace", "unit": "b1"})
    s = arrange("rorkes-drift", 2, "A", {"G": ["chard", "b1", "b2", "b3"], "I": ["b4"]})
    s["units"]["b1"]["sp"] = 1
    s = act(s, "british", {"type": "replace", "unit": "b1"})
    assert s["units"]["b1"]["sp"] == 2


def test_rule_9_3_1_units_that_arrive_in_G_wait_a_turn_and_may_move_after() -> None:
    s = arrange("rorkes-drift", 2, "A", {"G": ["b1"], "F": ["b2"]})
    s["units"]["b1"]["sp"] = s["units"]["b2"]["sp"] = 1
    s["units"]["b2"]["zone"] = "G"
    s["stacks"]["G"] = ["b1", "b2"]
    del s["stacks"]["F"]
    with pytest.raises(RuleError, match="did not begin the turn"):
        act(s, "british", {"type": "replace", "unit": "b2"})
    s = act(s, "british", {"type": "replace", "unit": "b1"})
    s = act(s, "british", END)
    assert s["phase"] == "B"
    s = act(s, "british", move(["b1"], ["C"]))
    assert s["units"]["b1"]["zone"] == "C"


def test_rule_9_2_no_british_replacements_at_isandlwana() -> None:
    s = arrange("isandlwana", 2, "A", {"15": ["h1"]})
    with pytest.raises(RuleError, match="only in phase A at Rorke's Drift"):
        act(s, "british", {"type": "replace", "unit": "h1"})


def test_rule_9_4_example_35_sp_lost_on_turn_2_return_on_turn_3() -> None:
    s = arrange("isandlwana", 2, "E", {"15": ["h1", "h2", "h3", "h4", "f1"]},
                {"20": (30, 3, []), "Y": (30, 3, [])})  # fmt: skip
    s["zulu"]["zones"]["20"]["sp"] = 0
    s["zulu"]["zones"]["Y"]["sp"] = 25
    s["zulu"]["loss"] = 35
    del s["zulu"]["zones"]["20"]
    held = s["zulu"]["held"]
    s = act(s, "zulu", END)
    assert (s["turn"], s["phase"]) == (3, "B")
    assert s["zulu"]["loss"] == 35, "the loss track stays public until the Zulu move"
    s = act(s, "british", END)
    assert s["phase"] == "C" and s["zulu"]["held"] == held + 35 and s["zulu"]["loss"] == 0
    s = act(s, "zulu", {"type": "enter", "path": ["2"], "sp": 30, "counters": 3, "leaders": []})
    assert s["zulu"]["zones"]["2"]["sp"] == 30
    assert warriors(s) == 90


def test_rule_9_4_1_replacements_may_be_held_and_never_exceed_90() -> None:
    s = arrange("rorkes-drift", 5, "C", {"I": ["b1"]}, {"17": (80, 8, [])})
    assert s["zulu"]["held"] == 10
    with pytest.raises(RuleError, match="Only 10 SP wait off board"):
        act(s, "zulu", {"type": "enter", "path": ["18"], "sp": 11, "counters": 2, "leaders": []})
    s = act(s, "zulu", END)
    assert s["zulu"]["held"] == 10, "held replacements stay off board from turn to turn"


# --------------------------------------------------------------------------- movement


def test_rule_10_1_example_from_14_side_neighbours_only() -> None:
    s = arrange("rorkes-drift", 3, "C", {"I": ["b1"]}, {"14": (5, 1, [])})
    for zone in ("5", "6", "13", "15", "20"):
        assert f"zmove.14.{zone}" in keys(s, "zulu", "move")
    for zone in ("4", "7", "19"):
        with pytest.raises(RuleError, match="does not share a side with 14"):
            act(s, "zulu", zmove("14", [zone], 5, 1, []))


def test_rule_10_2_no_entering_enemy_zones_but_vp_units_alone_are_overrun() -> None:
    s = arrange("rorkes-drift", 4, "C", {"L": ["vp1"], "N": ["guard3", "vp3"]},
                {"12": (10, 2, [])})  # fmt: skip
    with pytest.raises(RuleError, match="holds British units"):
        act(s, "zulu", zmove("12", ["N"], 5, 1, []))
    s = act(s, "zulu", zmove("12", ["L"], 8, 1, []))
    assert s["units"]["vp1"]["zone"] is None and s["vp_units_lost"] == 1 and s["vp"] == 1
    assert s["zulu"]["zones"]["L"]["sp"] == 8
    s2 = arrange("rorkes-drift", 4, "B", {"I": ["b1"]}, {"J": (4, 1, [])})
    with pytest.raises(RuleError, match="holds Zulus"):
        act(s2, "british", move(["b1"], ["J"]))


def test_rule_10_3_and_3_2_who_moves_two_zones() -> None:
    s = arrange("isandlwana", 2, "B", {"15": ["vause", "h1", "curling", "pulleine"]})
    s = act(s, "british", move(["vause"], ["14", "16"]))
    s = act(s, "british", move(["pulleine"], ["13", "8"]))
    with pytest.raises(RuleError, match="move one zone unless a leader"):
        act(s, "british", move(["h1"], ["14", "16"]))
    with pytest.raises(RuleError, match="battery moves one zone"):
        act(s, "british", move(["curling"], ["14", "16"]))
    s = act(s, "british", move(["curling"], ["14"]))
    assert s["units"]["curling"]["battery_moved"]
    with pytest.raises(RuleError, match="already moved"):
        act(s, "british", move(["curling"], ["15"]))


def test_rule_10_4_a_british_leader_carries_4_sp_of_foot_a_second_zone() -> None:
    s = arrange("isandlwana", 2, "B", {"15": ["pulleine", "h1", "h2", "h3", "curling", "raw"]})
    with pytest.raises(RuleError, match="carry at most 4 SP"):
        act(s, "british", move(["pulleine", "h1", "h2", "h3"], ["14", "16"]))
    with pytest.raises(RuleError, match="battery moves one zone"):
        act(s, "british", move(["pulleine", "curling"], ["14", "16"]))
    s = act(s, "british", move(["pulleine", "h1", "h2", "raw"], ["14", "16"]))
    assert s["stacks"]["16"] == ["pulleine", "h1", "h2", "raw"]
    assert "lead.pulleine.14-16" not in keys(s, "british", "move")


def test_rule_14_2_no_leader_bonus_in_or_out_of_the_hospital_but_into_the_storehouse() -> None:
    s = arrange("rorkes-drift", 2, "B", {"M": ["bromhead", "b1"], "C": ["chard", "b2"]})
    with pytest.raises(RuleError, match="within, into or out of the hospital"):
        act(s, "british", move(["bromhead", "b1"], ["K", "I"]))
    s = act(s, "british", move(["chard", "b2"], ["D", "H"]))
    assert s["stacks"]["H"] == ["chard", "b2"], "across an interior wall onto the roof"


def test_rule_10_5_example_a_zulu_leader_with_10_sp_in_12() -> None:
    s = arrange("rorkes-drift", 3, "C", {"K": ["b1"]}, {"12": (10, 1, RD_LEADERS[:1])})
    one = RD_LEADERS[:1]
    for path in (["11", "10"], ["13", "14"]):
        s2 = act(s, "zulu", zmove("12", path, 10, 1, one))
        assert s2["zulu"]["zones"][path[-1]]["sp"] == 10
    with pytest.raises(RuleError, match="crosses the wall between 12 and I"):
        act(s, "zulu", zmove("12", ["I", "J"], 10, 1, one))
    s11 = arrange("rorkes-drift", 3, "C", {"K": ["b1"]}, {"11": (8, 1, one)})
    with pytest.raises(RuleError, match="enters the building zone N"):
        act(s11, "zulu", zmove("11", ["12", "N"], 8, 1, one))
    s2 = act(s, "zulu", zmove("12", ["I"], 10, 1, []))
    assert s2["zulu"]["zones"]["I"]["sp"] == 10, "one zone across a wall is an ordinary move"


def test_rule_15_2_example_three_leaders_move_30_sp_two_zones() -> None:
    s = arrange("isandlwana", 4, "C", {"15": ["h1"]}, {"20": (30, 3, IS_LEADERS[:3])})
    s2 = act(s, "zulu", zmove("20", ["26", "13"], 30, 3, IS_LEADERS[:3]))
    assert s2["zulu"]["zones"]["13"]["leaders"] == sorted(IS_LEADERS[:3])
    with pytest.raises(RuleError, match="carry at most 20 SP"):
        act(s, "zulu", zmove("20", ["26", "13"], 30, 3, IS_LEADERS[:2]))
    with pytest.raises(RuleError, match="unless a leader"):
        act(s, "zulu", zmove("20", ["26", "13"], 10, 1, []))


def test_rule_10_6_stop_on_entering_a_donga_or_crossing_the_ridge_and_never_the_mountain() -> None:
    s = arrange("isandlwana", 4, "C", {"15": ["h1"]}, {"20": (10, 1, IS_LEADERS[:1]),
                                                       "6": (10, 1, IS_LEADERS[1:2])})  # fmt: skip
    with pytest.raises(RuleError, match="must stop on entering zone 19"):
        act(s, "zulu", zmove("20", ["19", "18"], 10, 1, IS_LEADERS[:1]))
    with pytest.raises(RuleError, match="must stop on entering zone 14"):
        act(s, "zulu", zmove("6", ["14", "16"], 10, 1, IS_LEADERS[1:2]))
    s2 = act(s, "zulu", zmove("20", ["26", "25"], 10, 1, IS_LEADERS[:1]))
    assert "25" in s2["zulu"]["zones"], "a donga may be the second zone of a leader's move"
    b = arrange("isandlwana", 2, "B", {"16": ["pulleine"]})
    with pytest.raises(RuleError, match="may not enter zone MT"):
        act(b, "british", move(["pulleine"], ["MT"]))


def test_rule_10_7_zulus_off_the_board_come_back_next_turn() -> None:
    s = arrange("rorkes-drift", 3, "C", {"I": ["b1", "b2", "b3", "b4", "b5"]},
                {"18": (12, 2, RD_LEADERS[:1])})  # fmt: skip
    held = s["zulu"]["held"]
    s = act(s, "zulu", zmove("18", ["off"], 12, 2, RD_LEADERS[:1]))
    assert s["zulu"]["away"] == 12 and s["zulu"]["held"] == held
    assert "18" not in s["zulu"]["zones"]
    with pytest.raises(RuleError, match="Only 78 SP"):
        act(s, "zulu", {"type": "enter", "path": ["17"], "sp": 80, "counters": 8, "leaders": []})
    assert warriors(s) == 90
    s = act(s, "zulu", END)
    s = act(s, "zulu", END)
    assert s["turn"] == 4 and s["zulu"]["held"] == held + 12
    assert RD_LEADERS[0] in s["zulu"]["leaders_off"]


def test_rule_10_8_vp_units_move_with_infantry_after_the_hospital_is_attacked() -> None:
    s = arrange("rorkes-drift", 5, "B", {"L": ["guard1", "vp1", "bromhead"], "M": ["vp2"]})
    with pytest.raises(RuleError, match="only once the Zulus have meleed"):
        act(s, "british", move(["guard1", "vp1"], ["P"]))
    s["hospital_melee"] = True
    with pytest.raises(RuleError, match="needs at least 1 infantry SP"):
        act(s, "british", move(["bromhead", "vp1"], ["P"]))
    assert "escort.L.P" in keys(s, "british", "move")
    s2 = act(s, "british", move(["guard1", "vp1"], ["P"]))
    assert s2["units"]["vp1"]["zone"] == "P"
    s["hospital_melee"] = False
    s["hospital_fire"] = 1
    act(s, "british", move(["guard1", "vp1"], ["P"]))


def test_rule_2_1_british_stay_in_lettered_zones() -> None:
    s = arrange("rorkes-drift", 2, "B", {"P": ["b1"]})
    with pytest.raises(RuleError, match="may not enter zone 5"):
        act(s, "british", move(["b1"], ["5"]))


def test_rule_2_1_entry_next_to_a_shield_zone_the_british_hold() -> None:
    s = arrange("isandlwana", 3, "C", {"2": ["raw"]})
    entry = {k.split(".")[1] for k in keys(s, "zulu", "enter")}
    assert entry == {"X", "Y", "1", "3", "5"}
    with pytest.raises(RuleError, match="may enter this turn at"):
        act(s, "zulu", {"type": "enter", "path": ["2"], "sp": 5, "counters": 1, "leaders": []})
    s = act(s, "zulu", {"type": "enter", "path": ["3"], "sp": 5, "counters": 1, "leaders": []})
    assert s["zulu"]["zones"]["3"]["sp"] == 5


def test_rule_2_2_limits_apply_where_moves_end() -> None:
    s = arrange("isandlwana", 2, "B", {"15": ["f1", "f2", "f3", "f4", "pulleine"],
                                       "16": ["h1", "h2", "h3", "h4"]})  # fmt: skip
    s = act(s, "british", move(["f1", "f2", "f3", "f4", "pulleine"], ["16"]))
    assert len(s["stacks"]["16"]) == 9, "16 SP and a leader: at the limit"
    with pytest.raises(RuleError, match="at most 16 British SP"):
        act(arrange("isandlwana", 2, "B", {"15": ["f1", "f2", "f3", "f4", "g1"],
                                            "16": ["h1", "h2", "h3", "h4"]}),
            "british", move(["f1", "f2", "f3", "f4", "g1"], ["16"]))  # fmt: skip
    z = arrange("isandlwana", 3, "C", {"15": ["h1"]}, {"20": (20, 2, []), "26": (15, 2, [])})
    with pytest.raises(RuleError, match="at most 30 Zulu warrior SP"):
        act(z, "zulu", zmove("26", ["20"], 15, 2, []))
    rd = arrange("rorkes-drift", 3, "C", {"I": ["b1"]}, {"12": (20, 2, [])})
    with pytest.raises(RuleError, match="at most 8 Zulu warrior SP"):
        act(rd, "zulu", zmove("12", ["L"], 9, 1, []))
    with pytest.raises(RuleError, match="may not enter zone H"):
        act(arrange("rorkes-drift", 3, "C", {"I": ["b1"]}, {"F": (5, 1, [])}), "zulu",
            zmove("F", ["H"], 5, 1, []))  # fmt: skip


def test_rule_3_5_1_example_a_10_sp_unit_broken_down() -> None:
    s = arrange("isandlwana", 3, "C", {"15": ["h1"]}, {"20": (10, 1, [])})
    for counters in (2, 5, 10):
        assert f"regroup.20.{counters}" in keys(s, "zulu", "regroup")
        s2 = act(s, "zulu", {"type": "regroup", "zone": "20", "counters": counters})
        assert s2["zulu"]["zones"]["20"] == {**s["zulu"]["zones"]["20"], "counters": counters}
    with pytest.raises(RuleError, match="fit on 1 to 10 counters"):
        act(s, "zulu", {"type": "regroup", "zone": "20", "counters": 11})
    b = arrange("isandlwana", 3, "B", {"15": ["h1", "h2"]})
    assert not [k for k in keys(b, "british") if k.startswith("regroup")]
    with pytest.raises(RuleError, match="regroup counters during their move"):
        act(b, "british", {"type": "regroup", "zone": "15", "counters": 1})


def test_rule_3_3_a_split_never_takes_the_map_past_the_counter_mix() -> None:
    """Splitting 3 SP off a lone 10-SP counter leaves a 7 behind: the map would then need 45
    of the mix's 43 counters, so the move is refused; moving the whole counter is not."""
    s = arrange("isandlwana", 3, "C", {"15": ["h1"]},
                {"4": (10, 1, []), "2": (29, 24, []), "5": (21, 18, [])})  # fmt: skip
    with pytest.raises(RuleError, match="43 warrior counters"):
        act(s, "zulu", zmove("4", ["1"], 3, 3, []))
    with pytest.raises(RuleError, match="43 warrior counters"):
        act(s, "zulu", zmove("4", ["1"], 3, 1, []))
    assert "zmove.4.1" in keys(s, "zulu", "move")
    after = act(s, "zulu", zmove("4", ["1"], 10, 1, []))
    assert sum(z["counters"] for z in after["zulu"]["zones"].values()) == 43


@pytest.mark.parametrize("path", [["nowhere"], ["G", "ZZ" * 40], ["off", "I"], ["ü", "off"]])
def test_rule_10_1_a_typed_path_through_no_zone_is_refused_in_words(path: list[str]) -> None:
    """A hand-made path names zones of the map, leaving the board only as its last step."""
    s = arrange("rorkes-drift", 2, "D", {"I": ["b1"]})
    with pytest.raises(RuleError, match="no zone"):
        act(s, "british", move(["b1"], path))
