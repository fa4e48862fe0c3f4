"""5.0 The iButho Phase: every iMpi chit, movement, blocking and the Zulu Victory marker."""

from __future__ import annotations

from games.ramparts.cup import implement, washing
from games.ramparts.defense import refresh
from games.ramparts.movement import advance, move_order
from games.ramparts.state import Ctx

from .helpers import Scripted, act, arrange, chit, fresh, move_card, start_turn, to_step

ALL_FIVE = {
    "uThulwana": ("right_horn", 0),
    "uDloko": ("left_horn", 0),
    "inDlondo": ("chest", 0),
    "inDluyengwe": ("loins", 0),
}


def game(**where):
    s = fresh()
    arrange(s, **{**ALL_FIVE, **where})
    return s


def test_advance_chit_moves_its_group_and_is_discarded_51() -> None:
    """5.1: the Advance chit moves its iButho toward the marker, then is discarded."""
    s = game()
    dice = Scripted(chit(s, "adv-right_horn-2-4"))
    start_turn(s, dice)
    assert s["ibuthos"]["uThulwana"]["pos"] == 2
    assert "adv-right_horn-2-4" in s["chits_used"]
    assert s["step"] == "action"


def test_routed_ibutho_ignores_advance_51() -> None:
    """5.1: a routed iButho ignores Advance results; no other chit is drawn."""
    s = game()
    s["ibuthos"]["uThulwana"]["status"] = "routed"
    dice = Scripted(chit(s, "adv-right_horn-2-4"))
    start_turn(s, dice)
    assert s["ibuthos"]["uThulwana"]["pos"] == 0
    assert len(s["cup"]) == 33


def test_move_order_512() -> None:
    """5.1.2: closest first; then the strongest now; then the higher printed strength."""
    s = game(
        uThulwana=("right_horn", 2, 2),
        uDloko=("left_horn", 2, 2),
        inDlondo=("chest", 3, 1),
        inDluyengwe=("loins", 2, 2),
    )
    order = move_order(s, list(s["ibuthos"]))
    assert order[0] == "inDlondo"
    assert order[1] == "uThulwana"
    assert order[2:] == ["uDloko", "inDluyengwe"]


def test_interior_blocking_and_one_box_at_a_time_512_514() -> None:
    """5.1.2 / 5.1.4: one iButho per interior box; others wait in the box before it."""
    s = game(uDloko=("left_horn", 4), inDluyengwe=("loins", 4))
    s["victory"] = 7
    ctx = Ctx(s, Scripted())
    advance(ctx, ["uDloko", "inDluyengwe"], 2)
    spots = {n: s["ibuthos"][n]["pos"] for n in ("uDloko", "inDluyengwe")}
    assert spots == {"uDloko": 6, "inDluyengwe": 4}, "the stronger (4 v 3) moves first"
    assert any("blocked" in line for line in ctx.log)
    assert not s["over"]


def test_zulu_victory_515() -> None:
    """5.1.5 / 11.0: entering the box of the Zulu Victory marker loses at once."""
    s = game(uThulwana=("right_horn", 4))
    dice = Scripted(chit(s, "adv-right_horn-1-1"))
    start_turn(s, dice)
    assert s["over"]["how"] == "defeat"
    assert s["step"] == "over"


def test_heroic_defense_stops_513() -> None:
    """5.1.3: Hook's marker in the Hospital stops an iButho on a 4 or 5."""
    s = game(uDloko=("left_horn", 3))
    move_card(s, 12, "tableau")
    refresh(Ctx(s, Scripted()))
    assert s["markers"] == {"12": "hospital"}
    ctx = Ctx(s, Scripted(5))
    advance(ctx, ["uDloko"], 2)
    assert s["ibuthos"]["uDloko"]["pos"] == 3
    assert 12 in s["tableau"]


def test_heroic_defense_fails_513() -> None:
    """5.1.3: on another roll the iButho enters; the marker goes and Hook returns to hand."""
    s = game(uDloko=("left_horn", 3))
    move_card(s, 12, "tableau")
    refresh(Ctx(s, Scripted()))
    ctx = Ctx(s, Scripted(6))
    advance(ctx, ["uDloko"], 1)
    assert s["ibuthos"]["uDloko"]["pos"] == 4
    assert 12 in s["hand"] and not s["markers"]


def test_burning_building_stops_movement_513() -> None:
    """5.1.3 / 5.3.1: entering a burning building ends that iButho's move."""
    s = game(uDloko=("left_horn", 3))
    s["fires"] = ["hospital"]
    advance(Ctx(s, Scripted()), ["uDloko"], 3)
    assert s["ibuthos"]["uDloko"]["pos"] == 4


def test_r_chit_in_exact_order_52() -> None:
    """5.2: regroup in boxes 3-5, rally the routed, retreat from 2 and lower, no Volleys."""
    s = game(
        uThulwana=("right_horn", 1, 2),
        uDloko=("left_horn", 3, 1),
        inDlondo=("chest", 0, 1),
    )
    s["ibuthos"]["inDlondo"]["status"] = "routed"
    s["victory"] = 6
    arrange(s, inDluyengwe=("loins", 6))
    dice = Scripted(chit(s, "regroup-1"))
    start_turn(s, dice)
    ib = s["ibuthos"]
    assert ib["uThulwana"]["markers"] == 3 and ib["uThulwana"]["pos"] == 1
    assert ib["uDloko"]["markers"] == 1 and ib["uDloko"]["pos"] == 2
    assert ib["inDlondo"]["status"] == "active" and ib["inDlondo"]["markers"] == 1
    assert ib["inDlondo"]["pos"] == 0
    assert ib["inDluyengwe"]["pos"] == 5
    assert s["turn_flags"]["no_volleys"]
    assert "regroup-1" in s["chits_used"]
    assert not any(a["type"] == "volley" for a in _legal(s))


def _legal(s):
    from games.ramparts.actions import legal

    return legal(s)


def test_building_ablaze_table_531() -> None:
    """5.3.1: none burning, roll 2: the Hospital; by Day the chit returns to the cup."""
    s = game()
    dice = Scripted(chit(s, "ablaze-1"), 2)
    start_turn(s, dice)
    assert s["fires"] == ["hospital"]
    assert "ablaze-1" in s["cup"]


def test_building_ablaze_other_and_night_discard_531() -> None:
    """5.3.1: one burning, roll 1: the OTHER building; at Night the chit is discarded."""
    s = game()
    s["fires"] = ["hospital"]
    s["night"] = True
    ctx = Ctx(s, Scripted(1))
    s["cup"].remove("ablaze-2")
    implement(ctx, "ablaze-2")
    assert s["fires"] == ["hospital", "storehouse"]
    assert "ablaze-2" in s["chits_used"]


def test_one_fire_extinguished_is_your_choice_531() -> None:
    """5.3.1: both burning, roll 6: you choose which fire goes out."""
    s = game()
    s["fires"] = ["hospital", "storehouse"]
    dice = Scripted(chit(s, "ablaze-1"), 6)
    start_turn(s, dice)
    assert s["step"] == "fire_choice"
    act(s, dice, {"type": "fire_out", "building": "storehouse"})
    assert s["fires"] == ["hospital"]
    assert s["step"] == "action"


def test_fire_sends_defender_home_and_marker_returns_when_out_531_621() -> None:
    """5.3.1 / 6.2.1: fire sends Hook to hand; Put Forth again, his marker waits for the fire."""
    s = game()
    move_card(s, 12, "tableau")
    ctx = Ctx(s, Scripted(1))
    refresh(ctx)
    s["cup"].remove("ablaze-1")
    implement(ctx, "ablaze-1")
    assert s["fires"] == ["hospital"] and 12 in s["hand"] and not s["markers"]
    move_card(s, 12, "tableau")
    refresh(ctx)
    assert not s["markers"]
    from games.ramparts.fires import extinguish

    extinguish(ctx, "hospital")
    assert s["markers"] == {"12": "hospital"}


def test_indluyengwe_forward_532() -> None:
    s = game()
    dice = Scripted(chit(s, "indluyengwe"))
    start_turn(s, dice)
    assert s["ibuthos"]["inDluyengwe"]["pos"] == 2
    assert "indluyengwe" in s["chits_used"]


def test_prince_dabulamanzi_533() -> None:
    """5.3.3: roll a die, return that many discarded Advance chits (not R or events)."""
    s = game()
    for c in ("adv-chest-1-1", "adv-chest-1-2", "adv-loins-3-3", "regroup-1"):
        s["cup"].remove(c)
        s["chits_used"].append(c)
    dice = Scripted(chit(s, "dabulamanzi"), 5)
    start_turn(s, dice)
    assert s["chits_used"] == ["regroup-1"]
    assert "dabulamanzi" in s["cup"]


def test_prince_dabulamanzi_picks_at_random_when_more_533() -> None:
    s = game()
    for c in ("adv-chest-1-1", "adv-chest-1-2", "adv-loins-3-3"):
        s["cup"].remove(c)
        s["chits_used"].append(c)
    dice = Scripted(chit(s, "dabulamanzi"), 1, 2)
    start_turn(s, dice)
    assert s["chits_used"] == ["adv-chest-1-1", "adv-loins-3-3"]


def test_rifles_overheat_534() -> None:
    """5.3.4: draw again; a non-Advance goes back unused; -1 to Volleys this turn."""
    s = game()
    dice = Scripted(chit(s, "overheat"), chit(s, "washing"))
    start_turn(s, dice)
    assert "washing" in s["cup"] and "overheat" in s["cup"]
    assert s["turn_flags"]["drm_from"] == ["Rifles Overheat"]
    s2 = game()
    dice = Scripted(chit(s2, "overheat"), chit(s2, "adv-loins-3-3"))
    start_turn(s2, dice)
    assert s2["ibuthos"]["inDluyengwe"]["pos"] == 3


def test_rifles_overheat_goes_back_to_the_cup_only_after_its_draw_534() -> None:
    """5.3.4: with one Advance chit left besides it, Overheat's extra draw can only be that
    Advance (no die is needed); the Overheat marker is back in the cup afterwards."""
    s = game()
    keep = ["overheat", "adv-chest-1-2"]
    for c in [c for c in s["cup"] if c not in keep]:
        s["cup"].remove(c)
        s["chits_used"].append(c)
    ctx = Ctx(s, Scripted())
    implement(ctx, s["cup"].pop(s["cup"].index("overheat")))
    assert [r.purpose for r in ctx.dice.rolls] == []
    assert s["cup"] == ["overheat"] and "adv-chest-1-2" in s["chits_used"]


def test_seniority_debate_535() -> None:
    """5.3.5: available leaders go back to hand; the rest of the turn is skipped."""
    s = game()
    for n in (3, 6, 12):
        move_card(s, n, "tableau")
    s["reserve"] = []
    dice = Scripted(chit(s, "seniority"), chit(s, "adv-chest-1-1"))
    start_turn(s, dice)
    assert s["step"] == "impi", "Dalton may react to the chit first"
    ctx = act(s, dice, {"type": "go"})
    assert 3 in s["hand"] and 6 in s["hand"] and 12 in s["tableau"]
    assert any("Seniority Debate" in line for line in ctx.log)
    assert s["turn"] == 2, "the rest of turn 1 is skipped"
    assert s["ibuthos"]["inDlondo"]["pos"] == 1


def test_seniority_debate_ignored_with_spalding_1232() -> None:
    s = game()
    move_card(s, 3, "tableau")
    s["hand"].append(41)
    dice = Scripted(chit(s, "seniority"))
    start_turn(s, dice)
    assert 3 in s["tableau"] and s["turn"] == 1 and s["step"] == "action"


def test_washing_of_the_spears_example_536() -> None:
    """5.3.6 example: inDlondo and uThulwana in their 1 boxes both fall back to 2."""
    s = game(
        inDlondo=("chest", 4), uThulwana=("right_horn", 4), uDloko=("left_horn", 2),
        inDluyengwe=("loins", 1),
    )  # fmt: skip
    dice = Scripted(chit(s, "washing"))
    start_turn(s, dice)
    ib = s["ibuthos"]
    assert ib["inDlondo"]["pos"] == 3 and ib["uThulwana"]["pos"] == 3
    assert ib["uDloko"]["pos"] == 2 and ib["inDluyengwe"]["pos"] == 1


def test_washing_in_minus_one_displaces_536() -> None:
    """5.3.6: from -1 into an occupied 0 box, the occupant is displaced first."""
    s = game(uDloko=("left_horn", 6), inDluyengwe=("loins", 5))
    s["victory"] = 7
    washing(Ctx(s, Scripted()))
    assert s["ibuthos"]["uDloko"]["pos"] == 5
    assert s["ibuthos"]["inDluyengwe"]["pos"] == 4


def test_washing_never_past_five_536() -> None:
    s = game()
    washing(Ctx(s, Scripted()))
    assert all(b["pos"] == 0 and b["status"] == "active" for b in s["ibuthos"].values())


def test_zulu_snipers_537() -> None:
    """5.3.7: draw until an Advance; -1 to Volleys; Snipers goes back in the cup."""
    s = game()
    dice = Scripted(chit(s, "snipers"), lambda sides, _: 1)
    start_turn(s, dice)
    assert s["turn_flags"]["drm_from"] == ["Zulu Snipers"]
    assert "snipers" in s["cup"]
    assert sum(b["pos"] for b in s["ibuthos"].values()) > 0


def test_zulu_snipers_without_advances_537() -> None:
    """5.3.7: no Advance chit in the cup: every iButho advances one."""
    s = game()
    for c in [c for c in s["cup"] if c.startswith("adv-")]:
        s["cup"].remove(c)
        s["chits_used"].append(c)
    dice = Scripted(chit(s, "snipers"))
    start_turn(s, dice)
    assert all(b["pos"] == 1 for b in s["ibuthos"].values())


def test_dalton_cancels_the_chit() -> None:
    """Dalton's Heroic Sacrifice: ignore the chit; it goes back into the cup."""
    s = game()
    move_card(s, 6, "tableau")
    dice = Scripted(chit(s, "adv-all-2-3"))
    start_turn(s, dice)
    assert s["step"] == "impi"
    act(s, dice, {"type": "ability", "card": 6, "ability": "dalton-cancel"})
    assert "adv-all-2-3" in s["cup"] and 6 in s["discard"]
    assert all(b["pos"] == 0 for b in s["ibuthos"].values())
    assert s["step"] == "action"


def test_schiess_slows_the_advance() -> None:
    s = game()
    move_card(s, 7, "tableau")
    dice = Scripted(chit(s, "adv-loins-3-3"))
    start_turn(s, dice)
    act(s, dice, {"type": "ability", "card": 7, "ability": "schiess-slow"})
    assert s["ibuthos"]["inDluyengwe"]["pos"] == 2 and 7 in s["hand"]


def test_to_step_helper_is_harmless() -> None:
    s = game()
    to_step(s, "action", 2)
    assert s["turn_flags"]["actions"] == 2
