"""Set-up (4.1, 5.1, 5.2, 6.1, 6.2, 6.3, 7.1), the sequence of play (8.1), stacks (3.1) and the
Zulu force of 90 SP (3.4)."""

from __future__ import annotations

import pytest

from games.core.dice import Dice
from games.core.errors import RuleError
from games.zones.flow import phases
from games.zones.forces import load_forces
from games.zones.setup import new_state
from games.zones.state import is_night
from games.zones.system import SYSTEM
from tests.zones.helpers import SEED, act, arrange, keys, warriors

END = {"type": "end"}


@pytest.mark.parametrize("scenario", ["rorkes-drift", "isandlwana", "isandlwana-free"])
def test_rule_4_1_full_strength_no_zulus_and_set_up_is_the_first_british_move(
    scenario: str,
) -> None:
    s = SYSTEM.new(scenario, {}, Dice(SEED)).state
    battle = s["battle"]
    for unit in load_forces(battle).british:
        assert s["units"][unit.id]["sp"] == unit.sp
        assert s["units"][unit.id]["zone"] == unit.setup
    assert s["zulu"]["zones"] == {}
    assert s["zulu"]["held"] == 90 and len(s["zulu"]["leaders_off"]) == 4
    assert (s["turn"], s["phase"]) == (1, "B")
    assert SYSTEM.to_act(s) == ("british",)
    assert not keys(s, "british", "move"), "no ordinary moves on turn 1: set-up is the move"


def test_rule_5_1_one_vp_unit_in_each_hospital_zone_and_lettered_zones_only() -> None:
    s = new_state("rorkes-drift")
    vp = {u: s["units"][u]["zone"] for u in ("vp1", "vp2", "vp3", "vp4")}
    assert sorted(vp.values()) == ["L", "M", "N", "O"]
    assert "place.vp1.M" not in keys(s, "british")
    s = act(s, "british", {"type": "place", "unit": "b1", "zone": "D"})
    assert s["units"]["b1"]["zone"] == "D"
    with pytest.raises(RuleError, match="allowed zones: A, B"):
        act(s, "british", {"type": "place", "unit": "b1", "zone": "12"})


def test_rule_2_2_building_limit_of_8_sp_at_the_set_up_counts_leaders() -> None:
    s = arrange("rorkes-drift", 1, "B", {"D": ["b1", "b2", "b3"], "I": ["b4", "chard"]})
    s = act(s, "british", {"type": "place", "unit": "chard", "zone": "D"})
    with pytest.raises(RuleError, match="at most 8 British SP"):
        act(s, "british", {"type": "place", "unit": "b4", "zone": "D"})


def test_rule_6_1_the_standard_isandlwana_set_up_is_fixed() -> None:
    s = new_state("isandlwana")
    assert sorted(s["stacks"]["19"]) == sorted(
        ["durnford", "vause", "henderson", "davies", "nnc-1-1-a", "nnc-1-1-b"]
    )
    assert not keys(s, "british", "place")
    with pytest.raises(RuleError, match="fixed"):
        act(s, "british", {"type": "place", "unit": "h1", "zone": "14"})


def test_rule_7_1_free_set_up_not_in_X_Y_or_a_donga_and_horsemen_stay() -> None:
    s = new_state("isandlwana-free")
    s = act(s, "british", {"type": "place", "unit": "h1", "zone": "15"})
    s = act(s, "british", {"type": "place", "unit": "pulleine", "zone": "15"})
    s = act(s, "british", {"type": "place", "unit": "curling", "zone": "14"})
    assert s["units"]["curling"]["zone"] == "14"
    for zone in ("X", "Y", "19", "25"):
        with pytest.raises(RuleError, match="cannot be set up"):
            act(s, "british", {"type": "place", "unit": "h2", "zone": zone})
    for unit in ("vause", "durnford"):
        with pytest.raises(RuleError, match="keeps its set-up zone"):
            act(s, "british", {"type": "place", "unit": unit, "zone": "15"})


def test_rule_3_1_the_british_choose_the_top_of_each_stack() -> None:
    s = new_state("isandlwana")
    assert s["stacks"]["16"][0] == "pulleine"
    s = act(s, "british", {"type": "top", "zone": "16", "unit": "f3"})
    assert s["stacks"]["16"][0] == "f3"
    assert "top.16.pulleine" in keys(s, "british", "stack")
    with pytest.raises(RuleError, match="No British unit"):
        act(s, "british", {"type": "top", "zone": "16", "unit": "h1"})


def test_rules_5_2_and_6_2_the_zulus_enter_on_turn_1_as_their_first_move() -> None:
    s = act(new_state("isandlwana"), "british", END)
    assert (s["turn"], s["phase"]) == (1, "C")
    enter = [k for k in keys(s, "zulu", "enter")]
    assert {k.split(".")[1] for k in enter} == {"X", "Y"}
    s = act(s, "zulu", {"type": "enter", "path": ["Y", "20"], "sp": 20, "counters": 2,
                        "leaders": ["ntshingwayo", "mavumengwana"]})  # fmt: skip
    assert s["zulu"]["zones"]["20"]["sp"] == 20 and s["zulu"]["held"] == 70
    with pytest.raises(RuleError, match="carry at most 10 SP"):
        act(s, "zulu", {"type": "enter", "path": ["X", "7"], "sp": 11, "counters": 2,
                        "leaders": ["unokhenke"]})  # fmt: skip
    rd = act(new_state("rorkes-drift"), "british", END)
    entry = {k.split(".")[1] for k in keys(rd, "zulu", "enter")}
    assert {"17", "18", "19", "20", "21", "22", "23", "24"} <= entry
    assert not entry & set("ABCDEFGHIJKLMNOP")


def test_rule_8_1_sixteen_turns_in_the_order_A_to_J() -> None:
    rd, isl = new_state("rorkes-drift"), new_state("isandlwana")
    assert phases(rd) == list("ABCDEFGHIJ")
    assert phases(isl) == list("BCDEFGIJ")
    nights = []
    for turn in range(1, 17):
        rd["turn"] = isl["turn"] = turn
        nights.append(is_night(rd))
        assert not is_night(isl)
    assert nights == [False] * 8 + [True] * 8


def test_rule_8_1_a_turn_runs_B_to_E_and_the_next_starts_with_A_at_rorkes_drift() -> None:
    s = act(new_state("rorkes-drift"), "british", END)
    assert s["phase"] == "C"
    s = act(s, "zulu", END)
    assert s["phase"] == "E", "nothing to fire at, so D passes by itself"
    s = act(s, "zulu", END)
    assert (s["turn"], s["phase"]) == (2, "B"), "nothing to replace, so A passes by itself"
    assert SYSTEM.result(s) is None


def test_rule_3_4_the_zulu_force_is_90_warrior_sp_with_leaders_outside_it() -> None:
    s = arrange("isandlwana", 2, "C", zulus={"20": (30, 3, ["ntshingwayo"]), "Y": (25, 3, [])})
    assert warriors(s) == 90 and s["zulu"]["held"] == 35
    with pytest.raises(RuleError, match="Only 35 SP wait off board"):
        act(s, "zulu", {"type": "enter", "path": ["X"], "sp": 36, "counters": 4, "leaders": []})
