"""Melee (12.1-12.8, 6.3), the hospital (13.1-13.4) and victory (16.1, 16.2), with 22.0."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.zones.flow import end_phase
from games.zones.melee import british_face, fresh
from games.zones.orders import has_orders
from games.zones.state import Log
from games.zones.system import SYSTEM
from tests.zones.helpers import Scripted, act, arrange, keys, warriors

END = {"type": "end"}
GARRISON = {"A": ["b10", "details"], "B": ["b7", "b8", "b9"]}
IS_LEADERS = ["ntshingwayo", "mavumengwana", "unokhenke", "ingobamakhosi"]


def zmelee(origin: str, target: str, sp: int, leaders: list[str] | None = None) -> dict:
    return {"type": "melee", "from": origin, "target": target, "sp": sp,
            "leaders": leaders or []}  # fmt: skip


def bmelee(units: list[str], target: str) -> dict:
    return {"type": "melee", "units": units, "target": target}


def test_rule_22_0_example_pulleine_holds_zone_16() -> None:
    s = arrange(
        "isandlwana",
        5,
        "F",
        {"16": ["pulleine", "f1", "f2", "nnc-1-1-a", "nnc-1-1-b"], "15": ["h1", "h2", "h3"]},
        {"11": (17, 2, []), "17": (13, 2, [])},
    )
    s["units"]["f2"]["ammo"] = 4
    s["melee"] = fresh()
    assert SYSTEM.to_act(s) == ("zulu",)
    zulu_dice = [6] * 5 + [1] * 25
    s = act(s, "zulu", zmelee("11", "16", 17), Scripted(*zulu_dice[:17]))
    s = act(s, "zulu", zmelee("17", "16", 13), Scripted(*zulu_dice[17:]))
    assert s["melee"]["on_british"] == {"16": 5}
    assert [u for u in s["stacks"]["16"]] == ["pulleine", "f1", "f2", "nnc-1-1-a", "nnc-1-1-b"]
    s = act(s, "zulu", END)
    assert SYSTEM.to_act(s) == ("british",)
    assert british_face(s, "16", "11") == 5
    dice = Scripted(5, 6, 5, 6, 5, 1, 2, 3, 4)
    s = act(s, "british", bmelee(["pulleine", "f1", "f2", "nnc-1-1-a", "nnc-1-1-b"], "11"), dice)
    assert len(dice.rolls) == 9, "Pulleine 1 + two infantry 4 + two NNC 4"
    assert s["zulu"]["zones"]["11"]["sp"] == 17, "no loss is taken before both sides roll"
    s = act(s, "british", END)
    assert s["zulu"]["zones"]["11"]["sp"] == 12 and s["zulu"]["zones"]["17"]["sp"] == 13
    assert s["pending"] == {"kind": "hits", "zones": [{"zone": "16", "hits": 5}]}
    for unit in ("nnc-1-1-a", "nnc-1-1-a", "nnc-1-1-b", "nnc-1-1-b", "f2"):
        s = act(s, "british", {"type": "hit", "unit": unit})
    assert s["stacks"]["16"] == ["pulleine", "f1", "f2"]
    assert s["units"]["f2"]["sp"] == 1 and s["units"]["f1"]["sp"] == 2
    assert s["phase"] != "F" and warriors(s) == 90


def test_rule_12_1_example_melee_only_across_a_side() -> None:
    s = arrange("rorkes-drift", 4, "F", {"K": ["b4", "b5"], "E": ["b6"], "P": ["b3"], **GARRISON},
                {"6": (10, 1, [])})  # fmt: skip
    s["melee"] = fresh()
    assert keys(s, "zulu", "melee") == ["melee.6.K"]
    for target in ("E", "P"):
        with pytest.raises(RuleError, match="share none"):
            act(s, "zulu", zmelee("6", target, 5))
    s = act(s, "zulu", zmelee("6", "K", 4), Scripted(1, 1, 1, 1))
    with pytest.raises(RuleError, match="Only 6 SP"):
        act(s, "zulu", zmelee("6", "K", 7))


def test_rule_12_3_example_two_zones_into_K_and_K_splits_into_6_and_P() -> None:
    s = arrange("rorkes-drift", 4, "F", {"K": ["b4", "b5"], **GARRISON},
                {"6": (10, 1, []), "P": (5, 1, [])})  # fmt: skip
    s["melee"] = fresh()
    s = act(s, "zulu", zmelee("6", "K", 10), Scripted(*[1] * 10))
    s = act(s, "zulu", zmelee("P", "K", 5), Scripted(*[1] * 5))
    s = act(s, "zulu", END)
    s = act(s, "british", bmelee(["b4"], "6"), Scripted(1, 1))
    s = act(s, "british", bmelee(["b5"], "P"), Scripted(1, 1))
    with pytest.raises(RuleError, match="has meleed this phase"):
        act(s, "british", bmelee(["b5"], "6"))


def test_rule_12_5_example_8_sp_a_zone_into_a_building_and_plus_1_across_walls() -> None:
    s = arrange("rorkes-drift", 4, "F", {"L": ["guard1", "b1", "b2", "b3"], **GARRISON},
                {"12": (20, 2, []), "P": (20, 2, [])})  # fmt: skip
    s["melee"] = fresh()
    with pytest.raises(RuleError, match="At most 8 SP may melee from zone 12"):
        act(s, "zulu", zmelee("12", "L", 9))
    s = act(s, "zulu", zmelee("12", "L", 8), Scripted(*[1] * 8))
    s = act(s, "zulu", zmelee("P", "L", 8), Scripted(*[1] * 8))
    assert s["hospital_melee"]
    s = act(s, "zulu", END)
    assert british_face(s, "L", "12") == 4
    assert british_face(arrange("rorkes-drift", 4, "F"), "I", "J") == 5
    s = act(
        s, "british", bmelee(["guard1", "b1", "b2", "b3"], "12"), Scripted(4, 4, 1, 1, 1, 1, 1, 1)
    )
    assert s["melee"]["on_zulu"] == {"12": 2}
    big = arrange("rorkes-drift", 4, "F", {"G": ["b1", "b2", "b3", "b4"], **GARRISON},
                  {"2": (5, 1, [])})  # fmt: skip
    big["melee"] = fresh()
    big = act(big, "zulu", END)
    big["units"]["b4"]["sp"] = 2
    assert [o.action["units"] for o in SYSTEM.legal_orders(big, "british") if o.kind == "melee"]


def test_rule_6_3_no_melee_on_turn_1_at_isandlwana() -> None:
    s = arrange("isandlwana", 1, "E", {"16": ["f1", "f2", "f3", "f4", "pulleine"], "15": ["h1"]},
                {"17": (10, 1, [])})  # fmt: skip
    s = act(s, "zulu", END)
    assert s["turn"] == 2, "F passes with no melee, and so does the rest of turn 1"


def test_rule_12_6_the_battery_melees_with_1_sp() -> None:
    s = arrange("isandlwana", 4, "F", {"13": ["curling"], "15": ["h1", "h2", "h3", "h4", "f1"]},
                {"14": (5, 1, [])})  # fmt: skip
    s["melee"] = fresh()
    s = act(s, "zulu", END)
    dice = Scripted(1)
    act(s, "british", bmelee(["curling"], "14"), dice)
    assert len(dice.rolls) == 1


def test_rule_12_7_the_victor_may_advance_into_a_zone_melee_emptied() -> None:
    s = arrange("isandlwana", 4, "F", {"16": ["f1", "f2", "f3", "f4"], "15": ["h1", "h2"]},
                {"17": (2, 1, [])})  # fmt: skip
    s["melee"] = fresh()
    s = act(s, "zulu", END)
    s = act(s, "british", bmelee(["f1", "f2"], "17"), Scripted(6, 6, 1, 1))
    s = act(s, "british", END)
    assert "17" not in s["zulu"]["zones"]
    assert keys(s, "british", "advance") == ["advance.16.17"]
    with pytest.raises(RuleError, match="only attackers"):
        act(s, "british", {"type": "advance", "units": ["h1"], "to": "17"})
    s = act(s, "british", {"type": "advance", "units": ["f1", "f2"], "to": "17"})
    assert s["stacks"]["17"] == ["f1", "f2"] and s["phase"] != "F"


def test_rules_13_1_to_13_4_the_hospital_catches_fire_and_burns_down() -> None:
    s = arrange("rorkes-drift", 4, "H", {"L": ["guard1", "vp1"], "J": ["b1"], **GARRISON},
                {"M": (6, 1, ["dabulamanzi"]), "12": (3, 1, [])})  # fmt: skip
    assert s["phase"] == "H" and SYSTEM.to_act(s) == ()
    s["hospital_melee"] = True
    assert keys(s, "zulu") == ["burn", "end"]
    s2 = act(s, "zulu", {"type": "burn"}, Scripted(1))
    assert s2["hospital_fire"] == 0
    s["hospital_fire"] = 2
    s2 = act(s, "zulu", {"type": "burn"}, Scripted(6))
    assert s2["hospital_fire"] == 5
    assert s2["units"]["guard1"]["zone"] is None and s2["units"]["vp1"]["zone"] is None
    assert "M" not in s2["zulu"]["zones"] and s2["zulu"]["loss"] == 6
    assert "dabulamanzi" in s2["zulu"]["leaders_dead"]
    assert s2["kept"] == {"hospital": 6} and s2["vp"] == 7
    s2["turn"], s2["phase"] = 5, "C"
    with pytest.raises(RuleError, match="may not enter zone L"):
        act(s2, "zulu", {"type": "zmove", "from": "12", "path": ["L"], "sp": 1, "counters": 1,
                         "leaders": []})  # fmt: skip


def test_rule_16_1_rorkes_drift_vp_kraal_redoubt_and_the_water_cart_at_night() -> None:
    s = arrange("rorkes-drift", 10, "H", {"I": ["b1", "b2", "b3", "b4", "b5"]},
                {"A": (5, 1, []), "B": (5, 1, []), "J": (5, 1, [])})  # fmt: skip
    end_phase(s, Log(), has_orders)
    assert s["kept"] == {"water-cart": 4} and s["terrain"] == 4 and s["vp"] == 8
    s["zulu"]["zones"].pop("B")
    s["control"]["B"] = "british"
    s["phase"] = "H"
    end_phase(s, Log(), has_orders)
    assert s["kept"] == {"water-cart": 4} and s["terrain"] == 0 and s["vp"] == 4


def test_rule_16_2_isandlwana_vp_the_47_sp_deduction_and_the_10_sp_collapse() -> None:
    s = arrange("isandlwana", 6, "G", {"14": ["h1", "h2", "h3", "h4", "f1"]},
                {"15": (10, 1, []), "16": (10, 1, [])})  # fmt: skip
    s["zulu"]["loss"] = 47
    s["zulu"]["held"] -= 47
    end_phase(s, Log(), has_orders)
    assert s["terrain"] == 8 and s["deductions"] == 1 and s["vp"] == 7
    assert SYSTEM.result(s) is None
    s = arrange("isandlwana", 6, "G", {"14": ["h1", "h2", "h3", "h4"]})
    end_phase(s, Log(), has_orders)
    assert SYSTEM.result(s) is not None and SYSTEM.result(s).winner == "zulu"
    s = arrange("isandlwana", 6, "G", {"14": ["h1", "h2", "h3", "h4", "f1"]},
                {z: (10, 1, []) for z in ("11", "12", "15", "16")})  # fmt: skip
    end_phase(s, Log(), has_orders)
    assert s["vp"] == 14 and SYSTEM.result(s).winner == "zulu"


def charge(leader: str, units: list[str], target: str) -> dict:
    return {"type": "charge", "leader": leader, "units": units, "target": target}


def test_rule_14_4_bayonet_charge_rounds_until_one_side_is_gone_or_the_british_stop() -> None:
    s = arrange("isandlwana", 5, "G", {"16": ["pulleine", "f1", "f2", "f3"], "15": ["h1", "h2"]},
                {"17": (3, 1, [])})  # fmt: skip
    assert keys(s, "british", "charge") == ["charge.pulleine.17"]
    with pytest.raises(RuleError, match="up to 4 SP"):
        act(s, "british", charge("pulleine", ["f1", "f2", "f3"], "17"))
    dice = Scripted(5, 1, 1, 1, 1, 6, 1)
    s = act(s, "british", charge("pulleine", ["f1", "f2"], "17"), dice)
    assert len(dice.rolls) == 8, "5 British dice, then 3 for the Zulus in 17: they all roll"
    assert s["zulu"]["zones"]["17"]["sp"] == 2
    assert s["pending"]["zones"] == [{"zone": "16", "hits": 1, "units": ["pulleine", "f1", "f2"]}]
    with pytest.raises(RuleError, match="Give the hit"):
        act(s, "british", {"type": "hit", "unit": "f3"})
    s = act(s, "british", {"type": "hit", "unit": "f1"})
    assert keys(s, "british") == ["charge.on", "charge.stop", "end"]
    s = act(s, "british", {"type": "charge_on"}, Scripted(6, 6, 1, 1, 1, 1, 1))
    assert "17" not in s["zulu"]["zones"]
    assert keys(s, "british")[0] == "charge.advance"
    s = act(s, "british", {"type": "charge_advance"})
    assert s["stacks"]["17"] == ["pulleine", "f1", "f2"] and s["stacks"]["16"] == ["f3"]
    assert s["phase"] != "G", "Pulleine has charged this turn; nothing else can"


def test_rule_14_5_a_leader_hit_in_a_charge_is_gone_and_the_british_may_stop() -> None:
    s = arrange("rorkes-drift", 5, "G", {"I": ["chard", "b1"], **GARRISON}, {"J": (6, 1, [])})
    s = act(s, "british", charge("chard", ["b1"], "J"), Scripted(1, 1, 1, 6, 1, 1, 1, 1, 1))
    s = act(s, "british", {"type": "hit", "unit": "chard"})
    assert s["units"]["chard"]["zone"] is None
    s = act(s, "british", {"type": "charge_stop"})
    assert s["charge"] is None and s["phase"] != "G"


def test_rule_12_7_an_advance_is_made_once_and_only_by_the_side_that_attacked() -> None:
    s = arrange("isandlwana", 4, "F", {"18": ["g1"], "15": ["h1", "h2", "h3", "h4", "f1"]},
                {"19": (13, 2, [])})  # fmt: skip
    s["units"]["g1"]["sp"] = 1
    s["melee"] = fresh()
    s = act(s, "zulu", zmelee("19", "18", 13), Scripted(6, *[1] * 12))
    s = act(s, "zulu", END)
    s = act(s, "british", bmelee(["g1"], "19"), Scripted(1))
    s = act(s, "british", END)
    s = act(s, "british", {"type": "hit", "unit": "g1"})
    assert SYSTEM.to_act(s) == ("zulu",) and keys(s, "zulu", "advance") == ["advance.19.18"]
    s = act(s, "zulu", {"type": "advance", "from": "19", "to": "18", "sp": 13, "counters": 2})
    assert s["zulu"]["zones"]["18"]["sp"] == 13 and s["phase"] != "F", "no advance back into 19"


def test_rule_3_3_an_advance_never_takes_the_map_past_the_counter_mix() -> None:
    """12.7 with 3.3: 13 SP on 2 counters may all advance, but sending 3 SP on 2 counters
    would leave a third counter behind when the map already shows all 43 of the mix."""
    s = arrange("isandlwana", 4, "F", {"18": ["g1"], "15": ["h1", "h2", "h3", "h4", "f1"]},
                {"19": (13, 2, []), "2": (29, 24, []), "5": (21, 17, [])})  # fmt: skip
    s["units"]["g1"]["sp"] = 1
    s["melee"] = fresh()
    s = act(s, "zulu", zmelee("19", "18", 13), Scripted(6, *[1] * 12))
    s = act(s, "zulu", END)
    s = act(s, "british", END)
    s = act(s, "british", {"type": "hit", "unit": "g1"})
    assert keys(s, "zulu", "advance") == ["advance.19.18"]
    with pytest.raises(RuleError, match="43 warrior counters"):
        act(s, "zulu", {"type": "advance", "from": "19", "to": "18", "sp": 3, "counters": 2})
    s = act(s, "zulu", {"type": "advance", "from": "19", "to": "18", "sp": 13, "counters": 2})
    assert sum(z["counters"] for z in s["zulu"]["zones"].values()) == 43


def test_rule_12_7_with_10_2_zulus_advance_over_wounded_left_alone() -> None:
    """A melee that kills a zone's last fighting unit empties it for the Zulus (12.7) even
    with VP units left: Zulus may enter a zone held by VP units alone, overrunning them (10.2)."""
    s = arrange("rorkes-drift", 4, "F", {"L": ["guard1", "vp1"], "J": ["b1"], **GARRISON},
                {"M": (6, 1, [])})  # fmt: skip
    s["units"]["guard1"]["sp"] = 1
    s["melee"] = fresh()
    s = act(s, "zulu", zmelee("M", "L", 6), Scripted(6, 1, 1, 1, 1, 1))
    s = act(s, "zulu", END)
    s = act(s, "british", END)
    s = act(s, "british", {"type": "hit", "unit": "guard1"})
    assert s["stacks"]["L"] == ["vp1"]
    assert SYSTEM.to_act(s) == ("zulu",) and keys(s, "zulu", "advance") == ["advance.M.L"]
    [order] = [o for o in SYSTEM.legal_orders(s, "zulu") if o.key == "advance.M.L"]
    assert order.label == "Advance from M into L, overrunning the wounded there"
    lost = s["vp_units_lost"]
    s = act(s, "zulu", order.action)
    assert "L" not in s["stacks"] or not s["stacks"]["L"]
    assert s["units"]["vp1"]["zone"] is None and s["vp_units_lost"] == lost + 1
    assert s["zulu"]["zones"]["L"]["sp"] == 6 and s["control"]["L"] == "zulu"


def test_rule_14_4_with_12_7_part_of_a_charging_group_may_advance() -> None:
    """The British *may* advance into a zone a charge emptied: each unit of the group may
    stay behind to hold the zone it charged from."""
    s = arrange("isandlwana", 5, "G", {"16": ["pulleine", "f1", "f2", "f3"], "15": ["h1", "h2"]},
                {"17": (1, 1, [])})  # fmt: skip
    s = act(s, "british", charge("pulleine", ["f1", "f2"], "17"), Scripted(6, 1, 1, 1, 1, 1))
    assert "17" not in s["zulu"]["zones"]
    assert keys(s, "british", "charge") == [
        "charge.advance", "charge.advance.pulleine", "charge.advance.f1", "charge.advance.f2",
        "charge.stop",
    ]  # fmt: skip
    [order] = [o for o in SYSTEM.legal_orders(s, "british") if o.key == "charge.advance.f2"]
    assert order.label.startswith("Advance into 17, ") and order.label.endswith(" staying in 16")
    with pytest.raises(RuleError, match="one or more of the charging group"):
        act(s, "british", {"type": "charge_advance", "units": ["f3"]})
    with pytest.raises(RuleError, match="one or more of the charging group"):
        act(s, "british", {"type": "charge_advance", "units": []})
    s = act(s, "british", order.action)
    assert s["stacks"]["17"] == ["pulleine", "f1"] and s["stacks"]["16"] == ["f2", "f3"]
    assert s["charge"] is None
