"""Optional rules (17.1.1, 17.1.3, 17.1.4, 17.1.5, 17.2.1, 17.2.2, 17.2.3, 17.3)."""

from __future__ import annotations

import pytest

from games.core.dice import Dice
from games.core.errors import RuleError
from games.zones.fire import random_fire_dice
from games.zones.flow import end_phase
from games.zones.melee import british_face, fresh
from games.zones.orders import has_orders
from games.zones.setup import new_state
from games.zones.state import Log
from games.zones.system import SYSTEM
from tests.zones.helpers import SEED, Scripted, act, arrange, warriors


def with_options(s: dict, **chosen: object) -> dict:
    s["options"] = {**s["options"], **chosen}
    return s


def test_options_are_checked_with_what_is_allowed() -> None:
    with pytest.raises(RuleError, match="Unknown option colour"):
        SYSTEM.new("isandlwana", {"colour": True}, Dice(SEED))
    with pytest.raises(RuleError, match="from 0 to 10"):
        SYSTEM.new("isandlwana", {"more_zulus": 11}, Dice(SEED))
    with pytest.raises(RuleError, match="belongs to the isandlwana-free scenario"):
        SYSTEM.new("isandlwana", {"laager": True}, Dice(SEED))
    with pytest.raises(RuleError, match="on or off"):
        SYSTEM.new("rorkes-drift", {"more_fire": "yes"}, Dice(SEED))


def test_rule_17_1_1_dalton_and_bourne_move_as_leaders() -> None:
    s = arrange("rorkes-drift", 2, "B", {"E": ["bourne", "b6", "b1"], **{"A": ["b10"]}})
    with pytest.raises(RuleError, match="unless a leader"):
        act(s, "british", {"type": "move", "units": ["bourne", "b6"], "path": ["C", "D"]})
    s = with_options(s, dalton_bourne_lead=True)
    s = act(s, "british", {"type": "move", "units": ["bourne", "b6"], "path": ["C", "D"]})
    assert s["stacks"]["D"] == ["bourne", "b6"]


def victory_check(s: dict) -> dict:
    s["phase"] = "H" if s["battle"] == "rorkes-drift" else "G"
    end_phase(s, Log(), has_orders)
    return s


def test_rule_17_1_3_and_17_1_4_harder_or_no_vp_victory() -> None:
    zones = {z: (10, 1, []) for z in ("11", "12", "15", "16")}
    base = arrange("isandlwana", 6, "G", {"14": ["h1", "h2", "h3", "h4", "f1"]}, zones)
    assert victory_check(base)["result"]["winner"] == "zulu"
    harder = with_options(arrange("isandlwana", 6, "G", {"14": ["h1", "h2", "h3", "h4", "f1"]},
                                  zones), extra_vp=1)  # fmt: skip
    assert victory_check(harder)["result"] is None
    none = with_options(arrange("isandlwana", 6, "G", {"14": ["h1", "h2", "h3", "h4", "f1"]},
                                zones), no_vp_win=True)  # fmt: skip
    assert victory_check(none)["result"] is None


def test_rule_17_1_5_laager_no_ammunition_loss_and_plus_1_in_melee() -> None:
    s = arrange("isandlwana-free", 4, "D", {"14": ["f1", "f2"], "15": ["h1", "h2", "h3"]},
                {"13": (10, 1, [])})  # fmt: skip
    assert british_face(s, "14", "13") == 5
    s = with_options(s, laager=True)
    assert british_face(s, "14", "13") == 4
    s = act(s, "british", {"type": "fire", "units": ["f1", "f2"], "target": "13"},
            Scripted(1, 1, 1, 1, 1, 1))  # fmt: skip
    assert s["units"]["f1"]["ammo"] is None and s["pending"] is None


def test_rule_17_2_1_more_zulus_are_held_off_board() -> None:
    s = SYSTEM.new("rorkes-drift", {"more_zulus": 10}, Dice(SEED)).state
    assert s["zulu"]["held"] == 100 and warriors(s) == s["zulu"]["force"] == 100


def test_rule_17_2_2_zulu_leaders_carry_15() -> None:
    s = arrange("isandlwana", 4, "C", {"15": ["h1"]}, {"20": (15, 2, ["ntshingwayo"])})
    move = {"type": "zmove", "from": "20", "path": ["26", "13"], "sp": 15, "counters": 2,
            "leaders": ["ntshingwayo"]}  # fmt: skip
    with pytest.raises(RuleError, match="carry at most 10"):
        act(s, "zulu", move)
    act(with_options(s, leaders_carry_15=True), "zulu", move)


def test_rule_17_2_3_more_random_fire() -> None:
    day, night = new_state("rorkes-drift"), new_state("rorkes-drift")
    night["turn"] = 9
    isl = new_state("isandlwana")
    assert [random_fire_dice(x) for x in (day, night, isl)] == [6, 4, 4]
    for x in (day, night, isl):
        with_options(x, more_fire=True)
    assert [random_fire_dice(x) for x in (day, night, isl)] == [10, 6, 6]


def test_rule_17_3_victory_levels_after_turn_16() -> None:
    for units, level in (
        (["h1", "h2", "h3", "h4", "f1", "f2", "f3", "f4", "c1", "c2", "c3", "c4", "a1", "a2"],
         "British victory"),
        (["h1", "h2", "h3", "h4", "f1", "f2", "f3", "f4", "c1", "c2"], "Zulu marginal victory"),
        (["h1", "h2", "h3", "h4", "f1"], "Zulu tactical victory"),
        (["h1"], "Zulu decisive victory"),
    ):  # fmt: skip
        s = with_options(arrange("isandlwana", 16, "G", {"14": units[:8], "15": units[8:]}),
                         survival_levels=True)  # fmt: skip
        s = victory_check(s)
        assert s["result"]["summary"].startswith(level), (units, s["result"])


def test_rule_17_0_fire_and_melee_from_the_chart_of_average_hits() -> None:
    s = with_options(arrange("isandlwana", 4, "D", {"16": ["f1", "f2", "f3", "f4"],
                                                    "15": ["h1", "h2"]},
                             {"12": (20, 2, [])}), charts=True)  # fmt: skip
    dice = Scripted()
    s = act(s, "british", {"type": "fire", "units": ["f1", "f2", "f3", "f4"], "target": "12"},
            dice)  # fmt: skip
    assert dice.rolls == [] and s["zulu"]["zones"]["12"]["sp"] == 20 - 4, "8 dice at 4-6: 4"
    assert s["pending"] is None, "no dice, so no 1s and no ammunition check"
    m = with_options(arrange("isandlwana", 4, "F", {"16": ["f1", "f2"], "15": ["h1", "h2"]},
                             {"17": (30, 3, [])}), charts=True)  # fmt: skip
    m["melee"] = fresh()
    m = act(m, "zulu", {"type": "melee", "from": "17", "target": "16", "sp": 30, "leaders": []})
    assert m["melee"]["on_british"] == {"16": 5}, "30 dice at 6: 5, as in 22.0"


def test_rule_17_1_2_bourne_leads_a_bayonet_charge() -> None:
    s = arrange("rorkes-drift", 5, "G", {"E": ["bourne", "b6"], "A": ["b10", "details"],
                                         "B": ["b7", "b8", "b9"]},
                {"7": (2, 1, [])})  # fmt: skip
    assert SYSTEM.to_act(s) == ()
    s = with_options(s, bourne_charge=True)
    assert [o.key for o in SYSTEM.legal_orders(s, "british") if o.kind == "charge"] == [
        "charge.bourne.7"
    ]
    s = act(s, "british", {"type": "charge", "leader": "bourne", "units": ["b6"], "target": "7"},
            Scripted(6, 6, 1, 1, 1, 1, 1, 1))  # fmt: skip
    assert "7" not in s["zulu"]["zones"]


def test_rule_17_4_british_leave_through_21_27_31_from_turn_13() -> None:
    units = ["f1", "f2", "f3", "f4", "h1", "h2"]
    s = arrange("isandlwana", 12, "B", {"21": units, "17": ["vause"], "15": ["c1"]},
                {"16": (10, 1, []), "11": (5, 1, []), "12": (5, 1, [])})  # fmt: skip
    exit_all = {"type": "move", "units": units, "path": ["off"]}
    with pytest.raises(RuleError, match="only with the exit option"):
        act(s, "british", exit_all)
    s = with_options(s, exit=True)
    s["turn"] = 13
    with pytest.raises(RuleError, match="only from zones 21, 27, 31"):
        act(s, "british", {"type": "move", "units": ["c1"], "path": ["off"]})
    assert "exit.21.off" in [o.key for o in SYSTEM.legal_orders(s, "british")]
    s = act(s, "british", exit_all)
    s = act(s, "british", {"type": "move", "units": ["vause"], "path": ["21", "off"]})
    assert s["exited"] == 14 and "21" not in s["stacks"]
    s = victory_check(s)
    assert s["vp"] == 5, "10 VP of ground (16, 11, 12), less 5 for the first 12 SP off"
    assert s["result"] is None, "1 British SP left, but with 17.4 that no longer loses"
