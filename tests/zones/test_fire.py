"""Fire combat (11.1-11.6, 14.3) and the worked examples 19.0, 20.0 and 21.0."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.zones.fire import fire_targets, hit_number, volley_targets
from games.zones.system import SYSTEM
from tests.zones.helpers import Scripted, act, arrange, keys, warriors

END = {"type": "end"}
IS_LEADERS = ["ntshingwayo", "mavumengwana", "unokhenke", "ingobamakhosi"]
GARRISON = {"A": ["b10", "details"], "B": ["b7", "b8", "b9"]}
"""Enough British SP elsewhere that no test ends by the 10-SP victory check."""


def fire(units: list[str], target: str) -> dict:
    return {"type": "fire", "units": units, "target": target}


def test_rule_11_1_example_one_die_per_sp_and_three_times_for_a_volley() -> None:
    s = arrange("rorkes-drift", 2, "D", {"I": ["chard", "b1"], **GARRISON}, {"J": (10, 1, [])})
    dice = Scripted()
    act(s, "british", fire(["b1"], "J"), dice)
    assert [r.purpose for r in dice.rolls] == ["British fire from I at J"] * 2
    dice = Scripted()
    act(s, "british", {"type": "volley", "leader": "chard", "units": ["b1"], "target": "J"}, dice)
    assert len(dice.rolls) == 9, "(2 SP + Chard) x 3"


def test_rule_11_1_native_infantry_never_fire() -> None:
    s = arrange("isandlwana", 2, "D", {"16": ["nnc-1-1-a", "f1"]}, {"17": (5, 1, [])})
    with pytest.raises(RuleError, match="never fires"):
        act(s, "british", fire(["nnc-1-1-a"], "17"))
    assert [o for o in keys(s, "british", "fire")] == ["fire.16.17"]


def test_rule_11_2_one_fire_per_zone_pair_units_once_and_volleys_never_split() -> None:
    s = arrange("isandlwana", 2, "D", {"16": ["f1", "f2", "f3"], "18": ["h1"]},
                {"17": (20, 2, []), "11": (20, 2, [])})  # fmt: skip
    s = act(s, "british", fire(["f1"], "17"), Scripted(2, 2))
    with pytest.raises(RuleError, match="cannot fire at zone 17 now"):
        act(s, "british", fire(["f2"], "17"))
    with pytest.raises(RuleError, match="it has fired"):
        act(s, "british", fire(["f1"], "11"))
    s = act(s, "british", fire(["f2"], "11"), Scripted(2, 2))
    s = act(s, "british", fire(["h1"], "17"), Scripted(2, 2))
    assert s["fired"] == [["16", "17"], ["16", "11"], ["18", "17"]]
    v = arrange("rorkes-drift", 2, "D", {"I": ["chard", "b1", "b2"], **GARRISON},
                {"J": (10, 1, []), "K": (10, 1, [])})  # fmt: skip
    with pytest.raises(RuleError, match="at one target zone"):
        act(
            v,
            "british",
            {"type": "volley", "leader": "chard", "units": ["b1"], "target": ["J", "K"]},
        )


def test_rule_11_2_1_example_ranges_from_P() -> None:
    zones = ("4", "5", "13", "14", "19", "20")
    s = arrange("rorkes-drift", 2, "D", {"P": ["b3"], **GARRISON},
                {z: (3, 1, []) for z in zones} | {"K": (3, 1, [])})  # fmt: skip
    faces = dict(fire_targets(s, "P"))
    assert faces == {"K": 3, "4": 3, "5": 3, "13": 4, "14": 4, "19": 5, "20": 5}


def test_rule_11_2_2_hits_on_5_6_at_range_3_4_6_at_2_and_3_6_at_1() -> None:
    s = arrange("isandlwana", 2, "D", {"16": ["f1", "f2", "f3", "f4"]},
                {"17": (20, 2, []), "12": (20, 2, []), "8": (20, 2, [])})  # fmt: skip
    assert [hit_number(s, "16", z) for z in ("17", "12", "8")] == [3, 4, 5]
    s = act(s, "british", fire(["f1", "f2"], "8"), Scripted(4, 5, 6, 6))
    assert s["zulu"]["zones"]["8"]["sp"] == 17 and s["zulu"]["loss"] == 3


def test_rule_11_2_2_zulus_choose_losses_warriors_first_then_leaders() -> None:
    s = arrange("isandlwana", 2, "D", {"16": ["f1", "f2"]}, {"17": (2, 1, IS_LEADERS[:1])})
    s = act(s, "british", fire(["f1", "f2"], "17"), Scripted(3, 4, 5, 6))
    assert "17" not in s["zulu"]["zones"]
    assert s["zulu"]["loss"] == 2 and s["zulu"]["leaders_dead"] == IS_LEADERS[:1]
    assert warriors(s) == 90


def test_rule_3_4_the_zulu_player_alone_is_told_the_strength_left_after_losses() -> None:
    """Losses are public (the loss track), the strength left is not: it goes to the Zulu
    player's private text and never into the public text."""
    s = arrange("isandlwana", 2, "D", {"16": ["f1", "f2"]}, {"17": (7, 1, [])})
    outcome = SYSTEM.apply(s, "british", fire(["f1", "f2"], "17"), Scripted(6, 6))
    [event] = outcome.events
    assert "The Zulus in zone 17 lose 2 SP." in event.text
    assert "5 SP" not in event.text
    assert "zone 17 5 SP (was 7 SP)" in event.private["zulu"]
    assert "Zulu strengths" not in event.private.get("british", "")


def test_rule_11_4_2_example_from_11_to_17_counting_clear_zones() -> None:
    s = arrange("isandlwana", 2, "D", {"11": ["c1"], "16": ["f1"]}, {"17": (10, 1, [])})
    assert hit_number(s, "11", "17") == 4
    s = arrange("isandlwana", 2, "D", {"11": ["c1"], "16": ["f1"], "12": ["nnc-2-3-a"]},
                {"17": (10, 1, [])})  # fmt: skip
    assert hit_number(s, "11", "17") is None


def test_rule_21_0_example_line_of_sight_with_the_ridge_and_the_donga() -> None:
    s = arrange(
        "isandlwana",
        2,
        "D",
        {
            "19": ["durnford", "vause", "henderson", "davies"],
            "13": ["h1", "curling"],
            "18": ["g1", "g2", "g3", "e3"],
            "17": ["a1", "a2"],
        },
        {"6": (10, 1, []), "20": (10, 1, [])},
    )
    assert [t for t, _ in fire_targets(s, "19")] == ["20"]
    assert [t for t, _ in fire_targets(s, "18")] == ["20"]
    assert sorted(t for t, _ in fire_targets(s, "13")) == ["20", "6"]
    assert fire_targets(s, "17") == []


def test_rule_11_4_3_example_P_cannot_fire_over_two_walls_at_E_or_F() -> None:
    s = arrange("rorkes-drift", 2, "D", {"P": ["b3"], **GARRISON}, {"E": (3, 1, []),
                                                                    "F": (3, 1, [])})  # fmt: skip
    assert fire_targets(s, "P") == []
    with pytest.raises(RuleError, match="cannot fire at zone E"):
        act(s, "british", fire(["b3"], "E"))


def test_rule_11_4_4_example_C_fires_past_E_at_7_on_5_6_and_at_15_on_6() -> None:
    s = arrange("rorkes-drift", 2, "D", {"C": ["b7"], "A": ["b10", "details"],
                                         "B": ["b8", "b9", "b1"]},
                {"7": (10, 1, []), "15": (10, 1, [])})  # fmt: skip
    assert hit_number(s, "C", "7") == 5
    assert hit_number(s, "C", "15") == 6
    s = act(s, "british", fire(["b7"], "15"), Scripted(5, 6))
    assert s["zulu"]["zones"]["15"]["sp"] == 9


def test_rule_11_4_5_roof_and_redoubt_see_over_friends_and_nobody_fires_into_buildings() -> None:
    s = arrange("rorkes-drift", 2, "D", {"H": ["b1"], "F": ["b2"], **GARRISON},
                {"8": (5, 1, []), "L": (5, 1, [])})  # fmt: skip
    assert hit_number(s, "H", "8") == 5, "F holds British, but the roof sees over them; F lies "
    "before the wall, so 11.4.4 takes one off the range-2 hit number"
    for zone in ("L", "M", "N", "O", "D", "G"):
        assert all(t != zone for t, _ in fire_targets(s, "P"))


def test_rule_11_5_at_night_range_3_becomes_2() -> None:
    s = arrange("rorkes-drift", 9, "D", {"P": ["b3"], **GARRISON},
                {"14": (3, 1, []), "20": (3, 1, [])})  # fmt: skip
    assert dict(fire_targets(s, "P")) == {"14": 4}


def test_rule_14_3_example_chard_volleys_15_dice_into_J_or_K_never_over_a_wall() -> None:
    s = arrange("rorkes-drift", 3, "D", {"I": ["chard", "b1", "b2"], **GARRISON},
                {"J": (10, 1, []), "K": (10, 1, []), "12": (10, 1, [])})  # fmt: skip
    assert volley_targets(s, "chard") == ["J", "K"]
    assert {"volley.chard.J", "volley.chard.K"} <= set(keys(s, "british", "volley"))
    dice = Scripted()
    s2 = act(
        s,
        "british",
        {"type": "volley", "leader": "chard", "units": ["b1", "b2"], "target": "K"},
        dice,
    )
    assert len(dice.rolls) == 15 and all("from I at K" in r.purpose for r in dice.rolls)
    assert s2["fired_units"] == ["chard", "b1", "b2"]
    with pytest.raises(RuleError, match="across no wall or ridge"):
        act(s, "british", {"type": "volley", "leader": "chard", "units": ["b1"], "target": "12"})
    s["units"]["b1"]["moved"] = True
    with pytest.raises(RuleError, match="began the turn with the leader"):
        act(s, "british", {"type": "volley", "leader": "chard", "units": ["b1"], "target": "J"})


def test_rule_20_0_example_fire_from_16_at_12_and_the_ammunition_check() -> None:
    s = arrange("isandlwana", 4, "D", {"16": ["pulleine", "f1", "f2", "nnc-1-3-a"],
                                       "15": ["h1", "h2", "h3"]},
                {"12": (15, 2, [])})  # fmt: skip
    assert not [k for k in keys(s, "british", "volley") if k.endswith(".12")]
    assert hit_number(s, "16", "12") == 4
    dice = Scripted(1, 1, 3, 5, 6, 1, 1)
    s = act(s, "british", fire(["pulleine", "f1", "f2"], "12"), dice)
    assert [r.value for r in dice.rolls] == [1, 1, 3, 5, 6, 1, 1]
    assert [r.purpose for r in dice.rolls][5:] == ["Ammunition check for zone 16"] * 2
    assert s["zulu"]["zones"]["12"]["sp"] == 13 and s["zulu"]["loss"] == 2
    assert s["pending"] == {"kind": "ammo", "zone": "16", "count": 2,
                            "units": ["pulleine", "f1", "f2"]}  # fmt: skip
    assert keys(s, "british") == ["ammo.pulleine", "ammo.f1", "ammo.f2"]
    with pytest.raises(RuleError, match="First mark Ammo Depleted units"):
        act(s, "british", END)
    s = act(s, "british", {"type": "ammo", "unit": "pulleine"})
    s = act(s, "british", {"type": "ammo", "unit": "f1"})
    assert s["pending"] is None
    assert [s["units"][u]["ammo"] for u in ("pulleine", "f1", "f2")] == [4, 4, None]
    one = arrange("isandlwana", 4, "D", {"16": ["f1"], "11": ["c1"], "15": ["h1", "h2", "h3"]},
                  {"12": (15, 2, [])})  # fmt: skip
    assert hit_number(one, "16", "12") == 4, "one of 11 and 17 held: still clear"
    both = arrange("isandlwana", 4, "D", {"16": ["f1"], "11": ["c1"], "17": ["a1"]},
                   {"12": (15, 2, [])})  # fmt: skip
    assert hit_number(both, "16", "12") is None


def test_rule_11_2_2_ammo_depleted_units_hold_fire_until_after_the_next_fire_phase() -> None:
    s = arrange("isandlwana", 4, "D", {"16": ["f1", "f2", "f3", "f4"], "15": ["h1"]},
                {"12": (15, 2, [])})  # fmt: skip
    s["units"]["f1"]["ammo"] = 4
    s["units"]["f2"]["ammo"] = 3
    assert "fire.16.12" in keys(s, "british")
    with pytest.raises(RuleError, match="out of ammunition"):
        act(s, "british", fire(["f1"], "12"))
    s = act(s, "british", END)
    assert s["units"]["f2"]["ammo"] is None and s["units"]["f1"]["ammo"] == 4


def test_rule_11_2_2_the_battery_is_never_marked_and_dies_to_one_hit() -> None:
    s = arrange("isandlwana", 4, "D", {"13": ["curling", "h1"], "15": ["f1", "f2", "f3"]},
                {"6": (20, 2, [])})  # fmt: skip
    s = act(s, "british", fire(["curling", "h1"], "6"), Scripted(1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1))
    assert s["units"]["h1"]["ammo"] == 4 and s["units"]["curling"]["ammo"] is None
    e = arrange("isandlwana", 4, "E", {"13": ["curling"], "15": ["f1", "f2", "f3", "f4"]})
    e = act(e, "zulu", {"type": "random_fire", "shots": {"13": 4}}, Scripted(6, 1, 1, 1))
    e = act(e, "british", {"type": "hit", "unit": "curling"})
    assert e["units"]["curling"]["zone"] is None


def test_rule_11_3_1_random_fire_at_rorkes_drift_6_dice_by_day_4_at_night_5_6_on_J() -> None:
    s = arrange("rorkes-drift", 3, "E", {"J": ["b1"], "L": ["guard1"], **GARRISON})
    assert keys(s, "zulu", "random-fire") == ["rfire.A", "rfire.B", "rfire.J"]
    dice = Scripted(5, 5, 1, 1, 1, 1)
    s2 = act(s, "zulu", {"type": "random_fire", "shots": {"J": 6}}, dice)
    assert s2["pending"] == {"kind": "hits", "zones": [{"zone": "J", "hits": 2}]}
    s2 = act(s2, "british", {"type": "hit", "unit": "b1"})
    s2 = act(s2, "british", {"type": "hit", "unit": "b1"})
    assert s2["units"]["b1"]["zone"] is None and s2["british_lost"] == 2
    with pytest.raises(RuleError, match="all 6 random fire dice"):
        act(s, "zulu", {"type": "random_fire", "shots": {"J": 4}})
    with pytest.raises(RuleError, match="cannot go into zone L"):
        act(s, "zulu", {"type": "random_fire", "shots": {"L": 6}})
    night = arrange("rorkes-drift", 9, "E", {"J": ["b1"], **GARRISON})
    assert keys(night, "zulu", "random-fire")[0] == "rfire.A"
    act(night, "zulu", {"type": "random_fire", "shots": {"A": 2, "B": 2}})


def test_rule_11_3_2_random_fire_at_isandlwana_4_dice_hits_on_6() -> None:
    s = arrange("isandlwana", 3, "E", {"15": ["f1", "f2", "f3", "f4", "pulleine"]})
    s = act(s, "zulu", {"type": "random_fire", "shots": {"15": 4}}, Scripted(5, 5, 6, 1))
    assert s["pending"] == {"kind": "hits", "zones": [{"zone": "15", "hits": 1}]}
    assert keys(s, "british")[0] == "hit.f1", "the suggested hit: a full-strength foot counter"
    s = act(s, "british", {"type": "hit", "unit": "pulleine"})
    assert s["units"]["pulleine"]["zone"] is None, "a leader hit is gone for good (14.5)"
    assert s["phase"] != "E"


def test_rule_19_0_example_turns_1_to_3() -> None:
    """Two-player play; zone 18 is emptied first, as 21.0 says its units would block 17-20."""
    s = arrange("isandlwana", 1, "B")
    for unit in ("g1", "g2", "g3", "nnc-1-3-a"):
        s["units"][unit]["zone"] = None
    del s["stacks"]["18"]
    s = act(s, "british", END)
    # Turn 1: 30 SP and 3 leaders enter Y and go on to 20; 30 SP without leaders stop in Y.
    three = IS_LEADERS[:3]
    s = act(s, "zulu", {"type": "enter", "path": ["Y", "20"], "sp": 30, "counters": 3,
                        "leaders": three})  # fmt: skip
    with pytest.raises(RuleError, match="unless a leader"):
        act(s, "zulu", {"type": "enter", "path": ["Y", "20"], "sp": 30, "counters": 3,
                        "leaders": []})  # fmt: skip
    with pytest.raises(RuleError, match="at most 30 Zulu warrior SP"):
        act(s, "zulu", {"type": "enter", "path": ["Y", "20"], "sp": 10, "counters": 1,
                        "leaders": IS_LEADERS[3:]})  # fmt: skip
    s = act(s, "zulu", {"type": "enter", "path": ["Y"], "sp": 30, "counters": 3, "leaders": []})
    while s["turn"] == 1:
        s = act(s, s_actor(s), END)
    # Turn 2: Durnford takes the NNC (bonus) and the cavalry 19 -> 18 -> 17.
    group = ["durnford", "nnc-1-1-a", "nnc-1-1-b", "vause", "henderson", "davies"]
    s = act(s, "british", {"type": "move", "units": group, "path": ["18", "17"]})
    s = act(s, "british", END)
    with pytest.raises(RuleError, match="must stop on entering zone 19"):
        act(s, "zulu", {"type": "zmove", "from": "20", "path": ["19", "26"], "sp": 30,
                        "counters": 3, "leaders": three})  # fmt: skip
    s = act(s, "zulu", {"type": "zmove", "from": "20", "path": ["19"], "sp": 30, "counters": 3,
                        "leaders": three})  # fmt: skip
    s = act(s, "zulu", {"type": "zmove", "from": "Y", "path": ["20"], "sp": 30, "counters": 3,
                        "leaders": []})  # fmt: skip
    s = act(s, "zulu", END)
    assert s["phase"] == "D"
    assert "19" not in dict(fire_targets(s, "17")), "17 is not adjacent to the donga"
    assert hit_number(s, "17", "20") == 5, "range 3; the Zulus in donga 19 do not block"
    dice = Scripted(5, 5, 6, 6, 5, 2, 3)
    s = act(s, "british", fire(["durnford", "vause", "henderson", "davies"], "20"), dice)
    assert len(dice.rolls) == 7, "Durnford and three 2-SP troops: 7 dice, no 1, no check"
    assert s["zulu"]["zones"]["20"]["sp"] == 25 and s["zulu"]["loss"] == 5
    while s["turn"] == 2:
        s = act(s, s_actor(s), END)
    # Turn 3: no British move; 30 + 3 leaders 19 -> 26 -> 25; 25 SP 20 -> 19; 5 SP come back.
    s = act(s, "british", END)
    assert s["zulu"]["loss"] == 0 and s["zulu"]["held"] == 35
    s = act(s, "zulu", {"type": "zmove", "from": "19", "path": ["26", "25"], "sp": 30,
                        "counters": 3, "leaders": three})  # fmt: skip
    s = act(s, "zulu", {"type": "zmove", "from": "20", "path": ["19"], "sp": 25, "counters": 3,
                        "leaders": []})  # fmt: skip
    s = act(s, "zulu", {"type": "enter", "path": ["Y", "20"], "sp": 5, "counters": 1,
                        "leaders": IS_LEADERS[3:]})  # fmt: skip
    zones = s["zulu"]["zones"]
    assert {z: (zones[z]["sp"], len(zones[z]["leaders"])) for z in zones} == {
        "25": (30, 3), "19": (25, 0), "20": (5, 1)
    }  # fmt: skip
    assert warriors(s) == 90


def s_actor(s: dict) -> str:
    return SYSTEM.to_act(s)[0]
