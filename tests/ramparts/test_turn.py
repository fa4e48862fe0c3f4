"""7.0 Card Draw, 8.0 Hero Phase, 9.0 Housekeeping, 10.0 Night and 11.0 Victory & Defeat."""

from __future__ import annotations

from games.ramparts.actions import legal
from games.ramparts.victory import breakdown, level, score

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
    return s


def stack(s, *top_first: int) -> None:
    """Put these cards on top of the Draw Pile, the first one on top."""
    for n in reversed(top_first):
        s["deck"].remove(n)
        s["deck"].append(n)


def test_card_draw_70() -> None:
    s = game()
    to_step(s, "action")
    stack(s, 19)
    ctx = act(s, Scripted(), {"type": "go"})
    assert 19 in s["hand"]
    assert "You drew #19 Independent! Fire at Will!." in ctx.private
    assert not any("Independent" in line for line in ctx.log), "the channel never sees the card"


def test_night_fighting_begins_100() -> None:
    """10.0: the card is discarded at once (a wasted draw) and Night falls."""
    s = game()
    to_step(s, "action")
    stack(s, 2)
    act(s, Scripted(), {"type": "go"})
    assert s["night"] and 2 in s["discard"] and 2 not in s["hand"]


def test_relief_column_ends_the_game_110() -> None:
    """11.0: drawing the Relief Column is Political Face-Saving, +10 VP."""
    s = game()
    to_step(s, "action")
    stack(s, 1)
    act(s, Scripted(), {"type": "go"})
    assert s["over"]["how"] == "relief" and s["step"] == "over"
    assert s["over"]["breakdown"]["Relief Column drawn"] == 10


def test_chard_draws_when_hand_was_small_70() -> None:
    """7.0 / 13.0: Chard returns to draw one more if three or fewer cards began the phase."""
    s = game()
    move_card(s, 3, "tableau")
    to_step(s, "action")
    stack(s, 19, 7)
    act(s, Scripted(), {"type": "go"})
    assert s["step"] == "draw"
    act(s, Scripted(), {"type": "ability", "card": 3, "ability": "chard-draw"})
    assert {3, 7, 19} <= set(s["hand"])


def test_chard_cannot_draw_with_a_full_hand_70() -> None:
    s = game()
    move_card(s, 3, "tableau")
    for n in (19, 20):
        move_card(s, n, "hand")
    to_step(s, "action")
    act(s, Scripted(), {"type": "go"})
    assert not any(a.get("ability") == "chard-draw" for a in legal(s))


def test_bromhead_sacrifice_draws_two_70() -> None:
    s = game()
    move_card(s, 4, "tableau")
    to_step(s, "action")
    stack(s, 19, 20, 21)
    act(s, Scripted(), {"type": "go"})
    act(s, Scripted(), {"type": "ability", "card": 4, "ability": "bromhead-draw"})
    assert {19, 20, 21} <= set(s["hand"]) and 4 in s["discard"]


def test_hero_phase_one_free_80() -> None:
    s = game()
    s["hand"] = [3, 4, 5]
    s["step"] = "hero"
    act(s, Scripted(), {"type": "forth", "card": 3})
    assert s["tableau"] == [3]
    assert s["step"] != "hero" or {"type": "forth", "card": 4} not in legal(s)


def test_private_matters_80() -> None:
    """8.0: a Private Put Forth in the Hero Phase lets a second Private follow for free."""
    s = game()
    s["hand"] = [3, 12, 13]
    s["step"] = "hero"
    act(s, Scripted(), {"type": "forth", "card": 12})
    assert {"type": "forth", "card": 13} in legal(s)
    assert {"type": "forth", "card": 3} not in legal(s)
    act(s, Scripted(), {"type": "forth", "card": 13})
    assert s["tableau"] == [12, 13]


def test_dick_always_free_80() -> None:
    s = fresh({"cards": ["privates"]})
    arrange(s, **FAR)
    s["hand"] = [3, 4, 39]
    s["deck"] = [n for n in s["deck"] if n not in (39,)]
    s["step"] = "hero"
    act(s, Scripted(), {"type": "forth", "card": 3})
    act(s, Scripted(), {"type": "forth", "card": 39})
    assert s["tableau"] == [3, 39]


def test_discard_down_to_five_90() -> None:
    s = game()
    s["hand"] = [3, 4, 5, 19, 20, 21, 22]
    for n in (19, 20, 21, 22):
        s["deck"].remove(n)
    s["step"] = "hero"
    act(s, Scripted(), {"type": "go"})
    assert s["step"] == "discard"
    act(s, Scripted(), {"type": "discard", "card": 22})
    act(s, Scripted(), {"type": "discard", "card": 21})
    assert len(s["hand"]) == 5 and s["turn"] == 2


def test_bourne_lifts_the_hand_limit_90() -> None:
    s = game()
    move_card(s, 8, "tableau")
    s["hand"] = [3, 4, 5, 19, 20, 21, 22]
    for n in (19, 20, 21, 22):
        s["deck"].remove(n)
    s["step"] = "hero"
    act(s, Scripted(), {"type": "go"})
    assert len(s["hand"]) == 7 and s["turn"] == 2


def test_reynolds_example_90() -> None:
    """9.0 example: Bourne was sacrificed; Reynolds brings him back, so seven cards are kept."""
    s = game()
    move_card(s, 10, "tableau")
    move_card(s, 8, "discard")
    s["hand"] = [3, 4, 5, 19, 20, 21, 22]
    for n in (19, 20, 21, 22):
        s["deck"].remove(n)
    s["step"] = "hero"
    dice = Scripted(5)
    act(s, dice, {"type": "go"})
    assert s["step"] == "reynolds"
    ctx = act(s, dice, {"type": "ability", "card": 10, "ability": "reynolds-tend", "pick": 8})
    assert 8 in s["tableau"] and 10 in s["tableau"]
    assert len(s["hand"]) == 7 and s["turn"] == 2
    assert any("The surgeon's fate: rolled 5" in line for line in ctx.log)


def test_military_victory_in_housekeeping_110() -> None:
    """9.0 / 11.0: every iButho routed or eliminated at Housekeeping wins."""
    s = game()
    for b in s["ibuthos"].values():
        b["status"] = "routed"
    s["ibuthos"]["uThulwana"]["status"] = "eliminated"
    s["ibuthos"]["uThulwana"]["markers"] = 0
    s["step"] = "hero"
    act(s, Scripted(), {"type": "go"})
    assert s["over"]["how"] == "victory"
    assert s["over"]["breakdown"]["iButhos wiped out"] == 6
    assert s["over"]["breakdown"]["Zulu Hit markers in the Casualties box"] == 12


def test_vp_schedule_110() -> None:
    s = game()
    s["tableau"] = [3, 9]
    s["hand"] = [4, 5]
    s["reserve"] = [11, 8]
    s["fires"] = ["hospital"]
    s["banners"] = ["nnh"]
    s["ibuthos"]["uDloko"]["markers"] = 1
    lines = breakdown(s)
    assert lines["heroes available or committed"] == 2 + 1 + 1 + 2
    assert lines["buildings not burning"] == 4
    assert lines["Zulu Hit markers in the Casualties box"] == 6
    assert lines["NNH banner"] == -5
    assert score(s) == 6 + 4 + 6 - 5


def test_victory_levels_110() -> None:
    assert level(24)[0].startswith("Tragic Defeat")
    assert level(25)[0].startswith("Ignoble Defeat")
    assert level(35)[0].startswith("Standoff") and level(35)[1] is None
    assert level(40)[0].startswith("Minor Victory")
    assert level(59)[0].startswith("Major Victory")
    assert level(60) == ("Epic Victory (Zulu Debacle)", "british")
