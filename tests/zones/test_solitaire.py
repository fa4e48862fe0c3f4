"""The solitaire Zulus (18.1, 18.1.2, 18.1.3, 18.1.4, 18.1.4.1, 18.1.5)."""

from __future__ import annotations

import random

import pytest

from games.core.dice import Dice, derived_seed
from games.core.errors import RuleError
from games.zones.system import SYSTEM
from tests.zones.helpers import SEED, Scripted, act, arrange, warriors
from tests.zones.test_hidden_and_play import leaks
from tests.zones.test_properties import check

SOLO = {"type": "solo"}


def solo(s: dict) -> dict:
    s["options"] = {**s["options"], "solitaire": True}
    if s["phase"] == "C":
        s["solo"] = {"entered": False, "todo": [], "queue": []}
    return s


def test_rule_18_1_the_rorkes_drift_entry_chart_sends_the_whole_force() -> None:
    s = solo(arrange("rorkes-drift", 1, "C"))
    assert [o.key for o in SYSTEM.legal_orders(s, "zulu")] == ["solo"]
    with pytest.raises(RuleError, match="give the order solo"):
        act(s, "zulu", {"type": "end"})
    s = act(s, "zulu", SOLO, Scripted(1))
    assert s["zulu"]["zones"]["18"]["sp"] == 90 and len(s["zulu"]["zones"]["18"]["leaders"]) == 4
    split = act(solo(arrange("rorkes-drift", 1, "C")), "zulu", SOLO, Scripted(6, 6, 2, 3))
    assert {z: split["zulu"]["zones"][z]["sp"] for z in ("19", "20")} == {"19": 45, "20": 45}


def test_rule_18_1_3_isandlwana_entry_by_turn_and_the_30_sp_zone_limit() -> None:
    s = act(solo(arrange("isandlwana", 1, "C")), "zulu", SOLO, Scripted(4))
    zones = s["zulu"]["zones"]
    assert zones["Y"]["sp"] == 30 and zones["20"]["sp"] == 30
    assert len(zones["20"]["leaders"]) == 4 and s["zulu"]["held"] == 30
    assert warriors(s) == 90


def test_rule_18_1_4_replacements_wait_until_30_sp() -> None:
    s = solo(arrange("rorkes-drift", 4, "C", {"I": ["b1", "b2", "b3", "b4", "b5"]},
                     {"10": (70, 7, [])}))  # fmt: skip
    s = act(s, "zulu", SOLO, Scripted(3))
    assert s["zulu"]["held"] == 20 and "18" not in s["zulu"]["zones"]
    s = solo(arrange("rorkes-drift", 4, "C", {"I": ["b1", "b2", "b3", "b4", "b5"]},
                     {"10": (60, 6, [])}))  # fmt: skip
    s = act(s, "zulu", SOLO, Scripted(1, 3))
    assert s["zulu"]["zones"]["18"]["sp"] == 30


def test_rule_18_1_4_1_forces_next_to_the_british_stay_and_others_roll() -> None:
    s = solo(arrange("rorkes-drift", 4, "C", {"I": ["b1", "b2", "b3", "b4", "b5"]},
                     {"12": (5, 1, []), "14": (5, 1, []), "15": (5, 1, [])}))  # fmt: skip
    s["zulu"]["held"] = 0
    s["zulu"]["loss"] = 75
    s = act(s, "zulu", SOLO, Scripted(1, 6))
    zones = s["zulu"]["zones"]
    assert zones["12"]["sp"] == 5, "12 touches I, held by the British: it stays"
    # 14 rolls 1, +1 for the Zulus in 15 on its left: 2, one zone left to 15.
    # 15 then rolls 6 with nobody beside it: one zone right, to 14.
    assert zones["15"]["sp"] == 5 and zones["14"]["sp"] == 5


def test_rules_18_1_2_and_18_1_5_doubled_random_fire_at_the_strongest_zone() -> None:
    s = solo(arrange("rorkes-drift", 4, "E", {"I": ["b1", "b2"], "A": ["b10", "details", "b7"]}))
    dice = Scripted(*[1] * 12)
    s = act(s, "zulu", SOLO, dice)
    assert len(dice.rolls) == 12 and all(r.purpose == "Zulu random fire at A" for r in dice.rolls)


@pytest.mark.parametrize("scenario", ["rorkes-drift", "isandlwana", "isandlwana-free"])
def test_solitaire_games_run_to_the_end_and_hold_every_invariant(scenario: str) -> None:
    rng = random.Random(f"solo:{scenario}")
    dice = Dice(derived_seed(SEED, "solo", scenario))
    s = SYSTEM.new(scenario, {"solitaire": True}, dice).state
    for _ in range(3000):
        if not SYSTEM.to_act(s):
            break
        side = SYSTEM.to_act(s)[0]
        orders = SYSTEM.legal_orders(s, side)
        if side == "zulu":
            assert [o.key for o in orders] == ["solo"]
        action = (
            SYSTEM.bot_action(s, side, dice) if rng.random() < 0.5 else rng.choice(orders).action
        )
        before = s
        s = act(s, side, action, dice)
        check(s, before)
        if rng.random() < 0.05:
            assert leaks(s) == []
    assert SYSTEM.result(s) is not None


def test_rule_18_1_4_1_straight_ahead_moves_the_entire_force() -> None:
    """On a 3-4 the whole force goes toward the British: each leader takes 10 SP the two
    zones a leader allows (10.5), and the rest go the one zone they may."""

    def straight_ahead(zone: str) -> dict:
        s = solo(arrange("rorkes-drift", 4, "C", {"I": ["b1", "b2", "b3", "b4", "b5"]},
                         {zone: (25, 3, ["dabulamanzi"])}))  # fmt: skip
        s["zulu"]["held"], s["zulu"]["loss"] = 0, 65
        s = act(s, "zulu", SOLO, Scripted(3))
        assert zone not in s["zulu"]["zones"], "nobody stays behind"
        assert warriors(s) == 90
        return {z: (f["sp"], f["leaders"]) for z, f in s["zulu"]["zones"].items()}

    assert straight_ahead("19") == {"12": (10, ["dabulamanzi"]), "13": (15, [])}
    # From 16 the way to the British crosses the wall between 8 and F, which no two-zone
    # move may (10.5): the whole force takes the one zone it may.
    assert straight_ahead("16") == {"8": (25, ["dabulamanzi"])}
