"""12.0 Optional Rules: melee, the optional cards and their penalties, the Zulu Morning Attack."""

from __future__ import annotations

from games.ramparts.actions import legal
from games.ramparts.cup import final_assault_due
from games.ramparts.state import Ctx
from games.ramparts.volleys import dice_count, fire

from .helpers import Scripted, act, arrange, chit, fresh, move_card, start_turn, to_step

FAR = {
    "uThulwana": ("right_horn", 0),
    "uDloko": ("left_horn", 0),
    "inDlondo": ("chest", 0),
    "inDluyengwe": ("loins", 0),
}


def game(options=None, **where):
    s = fresh(options or {})
    arrange(s, **{**FAR, **where})
    s["turn"] = 1
    to_step(s, "action")
    return s


def test_melee_ignores_night_at_close_range_122() -> None:
    s = game({"melee": True}, uThulwana=("right_horn", 4))
    s["night"] = True
    s["ammo_low"] = False
    fire(Ctx(s, Scripted(6)), 24, "uThulwana", "test")
    assert s["ibuthos"]["uThulwana"]["markers"] == 3
    s2 = game({}, uThulwana=("right_horn", 4))
    s2["night"] = True
    s2["ammo_low"] = False
    fire(Ctx(s2, Scripted(6)), 24, "uThulwana", "test")
    assert s2["ibuthos"]["uThulwana"]["markers"] == 4


def draw_card(s, number):
    if number in s["deck"]:
        s["deck"].remove(number)
    s["deck"].append(number)
    act(s, Scripted(), {"type": "go"})


def test_random_event_cards_wasted_after_first_volley_123() -> None:
    """12.3.1-12.3.3: NNC, Spalding and NNH drawn after your first Volley leave play."""
    for number in (40, 41, 42):
        s = game({"cards": ["random_events"]})
        s["volleys_fired"] = 1
        draw_card(s, number)
        assert number in s["removed"] and number not in s["hand"]
        s2 = game({"cards": ["random_events"]})
        draw_card(s2, number)
        assert number in s2["hand"]


def test_g_company_only_by_night_1234() -> None:
    s = game({"cards": ["random_events"]})
    draw_card(s, 43)
    assert 43 in s["removed"]
    s2 = game({"cards": ["random_events"]})
    s2["night"] = True
    draw_card(s2, 43)
    assert 43 in s2["hand"]


def test_nnc_guards_both_zero_boxes_and_banner_1231() -> None:
    s = game({"cards": ["random_events"]}, uThulwana=("right_horn", 4))
    s["victory"] = 6
    move_card(s, 40, "hand")
    act(s, Scripted(), {"type": "forth", "card": 40})
    assert s["markers"] == {"40": "perimeter"}
    from games.ramparts.movement import advance

    advance(Ctx(s, Scripted(6)), ["uThulwana"], 1)
    assert s["ibuthos"]["uThulwana"]["pos"] == 4, "stopped on a 6"
    to_step(s, "action")
    act(s, Scripted(), {"type": "ability", "card": 40, "ability": "nnc-banner"})
    assert s["banners"] == ["nnc"] and not s["markers"]
    assert dice_count(s, 19, "uThulwana") == 3
    s["over"] = {"how": "relief"}
    from games.ramparts.victory import breakdown

    assert breakdown(s)["NNC banner"] == -7


def test_nnh_banner_adds_a_die_at_range_1233() -> None:
    s = game({"cards": ["random_events"]}, uThulwana=("right_horn", 3), uDloko=("left_horn", 4))
    s["banners"] = ["nnh"]
    assert dice_count(s, 19, "uThulwana") == 3
    assert dice_count(s, 19, "uDloko") == 2


def test_spalding_puts_forth_everyone_1232() -> None:
    s = game({"cards": ["random_events"]})
    s["hand"] = [3, 4, 5, 12]
    move_card(s, 41, "tableau")
    act(s, Scripted(), {"type": "ability", "card": 41, "ability": "spalding-sacrifice"})
    assert set(s["tableau"]) == {3, 4, 12} and s["hand"] == [5]


def test_movie_cards_123() -> None:
    s = game({"cards": ["movie"]}, uThulwana=("right_horn", 3), uDloko=("left_horn", 4))
    for n in (49, 50):
        move_card(s, n, "hand")
    act(s, Scripted(), {"type": "play", "card": 49})
    assert s["ibuthos"]["uThulwana"]["pos"] == 2 and s["ibuthos"]["uDloko"]["pos"] == 3
    act(s, Scripted(), {"type": "play", "card": 50})
    act(s, Scripted(), {"type": "forth", "card": 3})
    act(s, Scripted(), {"type": "forth", "card": 4})
    assert s["turn_flags"]["actions"] == 1, "the two were free"


def morning(**where):
    s = game({"morning_attack": True}, **where)
    s["step"] = "hero"
    return s


def test_final_assault_1241() -> None:
    """12.4.1: with only Rifles Overheat and Zulu Snipers left, the Zulus mount the assault."""
    s = morning(uThulwana=("right_horn", 4, 2), uDloko=("left_horn", 1))
    s["ibuthos"]["inDlondo"]["status"] = "routed"
    s["night"] = True
    keep = ["overheat", "snipers"]
    s["chits_used"] = [c for c in s["cup"] if c not in keep]
    s["cup"] = list(keep)
    assert final_assault_due(s)
    act(s, Scripted(), {"type": "go"})
    ib = s["ibuthos"]
    assert all(b["pos"] == 2 and b["status"] == "active" for b in ib.values())
    assert ib["uThulwana"]["markers"] == 3, "the R result regroups it"
    assert all(c.startswith("adv-") for c in s["cup"]) and len(s["cup"]) == 23
    assert set(s["chits_removed"]) >= {"overheat", "snipers", "regroup-1", "washing"}
    assert not s["night"] and s["dawn"]
    assert s["turn_flags"]["no_volleys"]
    assert s["drawn"] == []


def test_here_they_come_again_example_1242() -> None:
    """12.4.2 example: Right Horn 1, then All 2 (total 3), then Chest 1: drawing stops at 4."""
    s = morning()
    s["final_assault"] = 1
    s["cup"] = [c for c in s["cup"] if c.startswith("adv-")]
    s["chits_used"] = []
    s["chits_removed"] = [c for c in ("regroup-1", "regroup-2", "regroup-3", "ablaze-1",
                          "ablaze-2", "indluyengwe", "dabulamanzi", "overheat", "seniority",
                          "washing", "snipers")]  # fmt: skip
    s["step"] = "hero"
    dice = Scripted(chit(s, "adv-right_horn-1-1"), chit(s, "adv-all-2-3"), chit(s, "adv-chest-1-1"))
    act(s, dice, {"type": "go"})
    ib = s["ibuthos"]
    assert ib["uThulwana"]["pos"] == 3
    assert ib["uDloko"]["pos"] == 2 and ib["inDluyengwe"]["pos"] == 2
    assert ib["inDlondo"]["pos"] == 3
    assert len(s["chits_used"]) == 3


def test_ammunition_shortage_1243() -> None:
    s = game({"morning_attack": True})
    s["dawn"] = True
    move_card(s, 7, "tableau")
    move_card(s, 13, "tableau")
    assert not [a for a in legal(s) if a["type"] == "ammo" or a.get("ability") == "hitch-ammo"]


def test_start_turn_helper_with_morning_attack() -> None:
    s = fresh({"morning_attack": True})
    arrange(s, **FAR)
    dice = Scripted(chit(s, "adv-chest-1-1"))
    start_turn(s, dice)
    assert s["ibuthos"]["inDlondo"]["pos"] == 1
