"""6.0 The Action Phase: Put Forth, the Reserve Platoon, barricades, fires, ammo and Volleys."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.ramparts.actions import check, legal
from games.ramparts.defense import refresh
from games.ramparts.state import Ctx
from games.ramparts.volleys import fire, outcome_words, targets

from .helpers import Scripted, act, arrange, fresh, move_card, to_step

FAR = {
    "uThulwana": ("right_horn", 0),
    "uDloko": ("left_horn", 0),
    "inDlondo": ("chest", 0),
    "inDluyengwe": ("loins", 0),
}


def game(**where):
    s = fresh()
    arrange(s, **{**FAR, **where})
    s["turn"] = 1
    to_step(s, "action")
    return s


def kinds(s):
    return {a["type"] for a in legal(s)}


def test_put_forth_costs_the_action_62() -> None:
    """6.2: Putting Forth costs the turn's one Action; afterwards only free orders remain."""
    s = game()
    dice = Scripted()
    act(s, dice, {"type": "forth", "card": 3})
    assert s["tableau"] == [3]
    assert s["step"] == "action" and s["turn_flags"]["actions"] == 0
    assert {"type": "forth", "card": 4} not in legal(s)


def test_chard_sacrifice_gives_two_actions_62_example() -> None:
    """6.2 example: Put Forth Chard, discard him for two Actions, build and hand out ammo."""
    s = game(uThulwana=("right_horn", 3), uDloko=("left_horn", 3), inDlondo=("chest", 3))
    move_card(s, 4, "tableau")
    move_card(s, 13, "tableau")
    dice = Scripted()
    act(s, dice, {"type": "forth", "card": 3})
    act(s, dice, {"type": "ability", "card": 3, "ability": "chard-sacrifice"})
    assert 3 in s["discard"] and s["turn_flags"]["actions"] == 2
    act(s, dice, {"type": "build", "card": 4})
    act(s, dice, {"type": "ammo", "card": 13})
    assert s["barricade"] == {"steps": 1, "builder": 4}
    assert not s["ammo_low"] and 13 in s["hand"]


def test_return_insert_discard_622_624() -> None:
    s = game()
    move_card(s, 4, "tableau")
    move_card(s, 9, "tableau")
    dice = Scripted()
    act(s, dice, {"type": "ability", "card": 4, "ability": "bromhead-action"})
    assert 4 in s["hand"] and s["turn_flags"]["actions"] == 2
    size = len(s["deck"])
    act(s, dice, {"type": "ability", "card": 9, "ability": "windridge-effort"})
    assert s["deck"][size // 2] == 9 and s["turn_flags"]["actions"] == 3


def test_reserve_platoon_63() -> None:
    """6.3: a Lieutenant and a Sergeant (or two Lieutenants) form it; break up for free."""
    s = game()
    for n in (3, 8, 12):
        move_card(s, n, "tableau")
    orders = [a for a in legal(s) if a["type"] == "reserve"]
    assert orders == [{"type": "reserve", "cards": [3, 8]}], "a Private cannot serve"
    dice = Scripted()
    act(s, dice, {"type": "reserve", "cards": [3, 8]})
    assert s["reserve"] == [3, 8] and s["tableau"] == [12]
    assert {"type": "disband"} in legal(s)
    act(s, dice, {"type": "disband"})
    assert s["reserve"] == [] and {3, 8} <= set(s["hand"])


def test_commit_reserve_platoon_needs_the_platoon_627() -> None:
    """6.2.7 Restriction: Commit Reserve Platoon only while the platoon is formed."""
    s = game(uThulwana=("right_horn", 2))
    move_card(s, 26, "hand")
    assert not [a for a in legal(s) if a.get("card") == 26]
    s["reserve"] = [3, 4]
    s["hand"] = [n for n in s["hand"] if n not in (3, 4)]
    s["ammo_low"] = False
    dice = Scripted(1, 1, 1, 1)
    act(s, dice, {"type": "volley", "card": 26, "target": "uThulwana"})
    assert s["ammo_low"], "the marker returns after Commit Reserve Platoon (6.6)"
    assert s["reserve"] == [3, 4]


def test_adendorff_is_no_lieutenant_under_officers_125() -> None:
    s = fresh({"officers": True})
    to_step(s, "action")
    move_card(s, 11, "tableau")
    move_card(s, 8, "tableau")
    assert not [a for a in legal(s) if a["type"] == "reserve"]
    s2 = game()
    move_card(s2, 11, "tableau")
    move_card(s2, 8, "tableau")
    assert [a for a in legal(s2) if a["type"] == "reserve"]


def test_barricade_three_steps_64() -> None:
    """6.4: three Actions build a barricade; the Zulu Victory marker moves back; builder home."""
    s = game()
    move_card(s, 8, "tableau")
    dice = Scripted()
    act(s, dice, {"type": "build", "card": 8})
    assert s["barricade"] == {"steps": 1, "builder": 8}
    for _ in range(2):
        to_step(s, "action")
        act(s, dice, {"type": "build"})
    assert s["victory"] == 6 and s["barricade"] == {"steps": 0, "builder": None}
    assert 8 in s["hand"]


def test_stop_building_keeps_progress_64() -> None:
    s = game()
    move_card(s, 8, "tableau")
    move_card(s, 3, "tableau")
    dice = Scripted()
    act(s, dice, {"type": "build", "card": 8})
    act(s, dice, {"type": "stop_building"})
    assert 8 in s["hand"] and s["barricade"]["steps"] == 1
    to_step(s, "action")
    act(s, dice, {"type": "build", "card": 3})
    assert s["barricade"] == {"steps": 2, "builder": 3}


def test_white_titles_cannot_work_62() -> None:
    s = game()
    move_card(s, 10, "tableau")
    assert "ammo" not in kinds(s)


def test_fight_fire_65() -> None:
    """6.5: a Hero goes back to hand and rolls on the Fire Fighting column."""
    s = game()
    s["fires"] = ["storehouse"]
    move_card(s, 8, "tableau")
    act(s, Scripted(4), {"type": "fight_fire", "card": 8})
    assert s["fires"] == [] and 8 in s["hand"]
    s2 = game()
    s2["fires"] = ["storehouse"]
    move_card(s2, 8, "tableau")
    act(s2, Scripted(3), {"type": "fight_fire", "card": 8})
    assert s2["fires"] == ["storehouse"]


def test_distribute_ammo_66() -> None:
    s = game()
    move_card(s, 7, "tableau")
    act(s, Scripted(), {"type": "ammo", "card": 7})
    assert not s["ammo_low"] and 7 in s["hand"]


# --- Volleys (6.7) ---------------------------------------------------------------------------


def test_ranges_671() -> None:
    """6.7.1: Long is the 3 box, Medium the 2 box, Close the 1 box and inside; not the 4 box."""
    s = game(uThulwana=("right_horn", 1), uDloko=("left_horn", 2), inDlondo=("chest", 3))
    assert targets(s, 19) == ["uDloko", "inDlondo"]
    assert targets(s, 24) == [], "Fix bayonets has dice only at Close range"
    arrange(s, inDlondo=("chest", 4))
    assert targets(s, 24) == ["inDlondo"]


def test_outside_groups_reach_the_four_box_671() -> None:
    s = game(uThulwana=("right_horn", 1), uDloko=("left_horn", 5))
    s["victory"] = 6
    assert targets(s, 42) == ["uThulwana"], "NNH fires at 3 and 4 and ignores the must-target rule"
    assert targets(s, 19) == ["uDloko"]


def test_must_target_the_deepest_interior_ibutho_671() -> None:
    """6.7.1 Zulus on the Ramparts!: the lowest interior box must be the target."""
    s = game(uThulwana=("right_horn", 4), uDloko=("left_horn", 5), inDlondo=("chest", 6))
    s["victory"] = 7
    assert targets(s, 19) == ["inDlondo"]


def test_no_fire_beyond_a_burning_building_671() -> None:
    s = game(uThulwana=("right_horn", 3), uDloko=("left_horn", 3))
    s["fires"] = ["storehouse"]
    assert targets(s, 19) == ["uDloko"]
    arrange(s, uThulwana=("right_horn", 4))
    assert "uThulwana" in targets(s, 19)


def test_volley_card_from_hand_costs_action_672() -> None:
    s = game(uThulwana=("right_horn", 3))
    s["ammo_low"] = False
    move_card(s, 19, "hand")
    act(s, Scripted(1, 1), {"type": "volley", "card": 19, "target": "uThulwana"})
    assert 19 in s["discard"] and s["turn_flags"]["actions"] == 0


def test_here_they_come_is_free_61() -> None:
    """6.1: #05 "Here they come..." is fired without spending the Action."""
    s = game(uThulwana=("right_horn", 2))
    act(s, Scripted(1, 1, 1), {"type": "volley", "card": 5, "target": "uThulwana"})
    assert s["turn_flags"]["actions"] == 1


def test_hero_volley_is_a_free_sacrifice_672() -> None:
    s = game(uThulwana=("right_horn", 4))
    s["ammo_low"] = False
    move_card(s, 12, "tableau")
    act(s, Scripted(6, 6), {"type": "ability", "card": 12, "ability": "12-volley",
                            "target": "uThulwana"})  # fmt: skip
    assert 12 in s["discard"] and s["turn_flags"]["actions"] == 1
    assert s["ibuthos"]["uThulwana"]["markers"] == 2


def test_hits_before_retreats_674() -> None:
    """6.7.4: apply all Hits, then all Retreats."""
    s = game(uThulwana=("right_horn", 4))
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(6, 5, 5, 2)), 21, "uThulwana", "test")
    b = s["ibuthos"]["uThulwana"]
    assert b["markers"] == 3 and b["pos"] == 2


def test_elimination_ignores_excess_hits_674() -> None:
    s = game(uThulwana=("right_horn", 4, 1))
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(6, 6, 6, 5)), 21, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["status"] == "eliminated"
    assert s["ibuthos"]["uThulwana"]["pos"] == 4


def test_rout_beyond_the_five_box_674() -> None:
    s = game(uThulwana=("right_horn", 2))
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(5, 5, 5, 1)), 21, "uThulwana", "test")
    b = s["ibuthos"]["uThulwana"]
    assert b["status"] == "routed" and b["pos"] == 0 and b["markers"] == 4


def test_displacement_674() -> None:
    """6.7.4: retreating into an occupied 0 box displaces its occupant first."""
    s = game(uThulwana=("right_horn", 6), inDlondo=("chest", 5))
    s["victory"] = 7
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(5, 1, 1, 1)), 21, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["pos"] == 5
    assert s["ibuthos"]["inDlondo"]["pos"] == 4


def test_burning_building_retreats_on_four_531() -> None:
    s = game(uThulwana=("right_horn", 4))
    s["fires"] = ["storehouse"]
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(4, 1)), 19, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["pos"] == 3


def test_drm_example_675() -> None:
    """6.7.5 example: Ammo Low and Night (no fire): -1 on each of the two highest dice.

    Four dice 6, 5, 3, 1 become 5, 4, 3, 1: no Hits and one Retreat.
    """
    s = game(uThulwana=("right_horn", 4))
    s["night"] = True
    ctx = Ctx(s, Scripted(6, 5, 3, 1))
    fire(ctx, 21, "uThulwana", "test")
    b = s["ibuthos"]["uThulwana"]
    assert b["markers"] == 4 and b["pos"] == 3
    assert "-1 Ammunition / Water Low, -1 Night" in ctx.log[0]
    assert "-> 5, 4, 3, 1" in ctx.log[0]


def test_night_penalty_lifted_by_fire_10() -> None:
    """10.0 / 5.3.1: no Night -1 while a building burns."""
    s = game(uThulwana=("right_horn", 4))
    s["night"] = True
    s["ammo_low"] = False
    s["fires"] = ["hospital"]
    fire(Ctx(s, Scripted(6)), 24, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["markers"] == 3


def test_chit_drms_stack_675() -> None:
    """6.7.5: Snipers and Overheat each add a -1 on another of the highest dice."""
    s = game(uThulwana=("right_horn", 4))
    s["turn_flags"]["drm_from"] = ["Zulu Snipers", "Rifles Overheat"]
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(6, 6, 6, 5)), 21, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["markers"] == 3


def test_g_company_plus_one_cancels_a_minus_one_675() -> None:
    """6.7.5 / 12.3.4: +1 and -1 cancel; further -1s still apply."""
    s = game(uThulwana=("right_horn", 3))
    s["banners"] = ["gco"]
    s["night"] = True
    fire(Ctx(s, Scripted(6, 6)), 19, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["markers"] == 3, "one 6 keeps its Hit"


def test_g_company_plus_one_raises_a_die_675() -> None:
    s = game(uThulwana=("right_horn", 3))
    s["banners"] = ["gco"]
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(5, 2)), 19, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["markers"] == 3
    s2 = game(uThulwana=("right_horn", 5))
    s2["victory"] = 6
    s2["banners"] = ["gco"]
    s2["ammo_low"] = False
    fire(Ctx(s2, Scripted(5, 2)), 19, "uThulwana", "test")
    assert s2["ibuthos"]["uThulwana"]["pos"] == 4, "no +1 inside the camp (the 0 box)"


def test_repeat_volleys_676() -> None:
    """6.7.6: each Volley at the same iButho is resolved fully before the next."""
    s = game(uThulwana=("right_horn", 3))
    s["ammo_low"] = False
    move_card(s, 19, "hand")
    dice = Scripted(5, 1, 6, 1)
    act(s, dice, {"type": "volley", "card": 5, "target": "uThulwana"})
    assert s["ibuthos"]["uThulwana"]["pos"] == 2
    act(s, dice, {"type": "volley", "card": 19, "target": "uThulwana"})
    assert s["ibuthos"]["uThulwana"]["markers"] == 3


def test_no_volleys_after_r_52() -> None:
    s = game(uThulwana=("right_horn", 3))
    s["turn_flags"]["no_volleys"] = True
    assert "volley" not in kinds(s)


def test_heroic_defense_marker_leaves_when_box_or_lower_is_taken_621() -> None:
    """6.2.1: a marker leaves when its box or any box further in is occupied."""
    s = game(uDloko=("left_horn", 3))
    move_card(s, 12, "tableau")
    ctx = Ctx(s, Scripted())
    refresh(ctx)
    assert s["markers"] == {"12": "hospital"}
    arrange(s, inDluyengwe=("loins", 5))
    s["victory"] = 6
    refresh(ctx)
    assert not s["markers"] and 12 in s["hand"]


def test_illegal_order_refused_with_alternatives() -> None:
    s = game()
    with pytest.raises(RuleError, match="At this step you may"):
        check(s, {"type": "volley", "card": 21, "target": "uThulwana"})


def test_volley_outcome_said_plainly() -> None:
    """6.7.4: "6 hits, 5 retreats: 0 Hit(s), 0 Retreat(s)" read as a contradiction."""
    assert outcome_words(0, 0, False) == "no 6s or 5s, so no effect"
    assert outcome_words(2, 1, False) == "2 hits (the 6s) and 1 retreat (the 5s)"
    assert "4s" in outcome_words(0, 2, True) and "(s)" not in outcome_words(1, 1, True)
