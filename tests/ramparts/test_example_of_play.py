"""13.0 Example of Play, turn by turn, with the draws and dice forced as the example tells them.

Two readings are needed (see data/tracks.json): the example's volley 'a 1 and a
3, the 3 a Hit' is thrown as 1 and 6, the Hit face; Dalton's defence holds on
the 4 rolled. The example also counts five cards at the end of turn 1 where its
own steps leave four (Chard, "Here they come...", Independent and Schiess); the
engine follows the steps.
"""

from __future__ import annotations

from games.ramparts.actions import legal
from games.ramparts.cup import is_advance

from .helpers import Scripted, act, arrange, chit, fresh, start_turn


def all_advance_one(s):
    """Zulu Snipers draws among the Advance chits: pick All Advance 1."""
    return lambda sides, _: [c for c in s["cup"] if is_advance(c)].index("adv-all-1-1") + 1


def test_example_of_play_130() -> None:
    s = fresh()
    arrange(
        s,
        uThulwana=("right_horn", 0),
        uDloko=("left_horn", 0),
        inDlondo=("chest", 0),
        inDluyengwe=("loins", 0),
    )
    for n in (6, 7, 19):
        s["deck"].remove(n)
        s["deck"].append(n)
    assert s["hand"] == [3, 4, 5] and s["ammo_low"] and not s["night"]
    ib = s["ibuthos"]
    dice = Scripted(chit(s, "adv-right_horn-2-4"))

    # Turn 1. Right Horn Advances 2: no Hero can react, so the iButho Phase follows.
    start_turn(s, dice)
    assert ib["uThulwana"]["pos"] == 2, "uThulwana from its 5 box to its 3 box"
    assert s["step"] == "action"
    assert {"type": "volley", "card": 5, "target": "uThulwana"} in legal(s)
    act(s, dice, {"type": "forth", "card": 3})
    act(s, dice, {"type": "go"})
    assert s["hand"] == [4, 5, 19], "drew Independent! Fire at Will!"
    assert s["step"] == "draw"
    act(s, dice, {"type": "ability", "card": 3, "ability": "chard-draw"})
    assert 7 in s["hand"] and 3 in s["hand"], "Chard back in hand, Schiess drawn"
    assert s["step"] == "hero"
    dice.push(chit(s, "snipers"), all_advance_one(s))
    act(s, dice, {"type": "forth", "card": 4})

    # Turn 2. Zulu Snipers, then All Advance 1.
    assert s["turn"] == 2
    assert s["turn_flags"]["drm_from"] == ["Zulu Snipers"]
    assert ib["uThulwana"]["pos"] == 3, "the Right Horn in its 2 box"
    assert ib["uDloko"]["pos"] == ib["inDlondo"]["pos"] == ib["inDluyengwe"]["pos"] == 1
    assert s["tableau"] == [4], "Bromhead is still available"
    act(s, dice, {"type": "forth", "card": 7})
    act(s, dice, {"type": "ability", "card": 4, "ability": "bromhead-action"})
    act(s, dice, {"type": "ammo", "card": 7})
    assert not s["ammo_low"] and 7 in s["hand"]
    act(s, dice, {"type": "go"})
    assert sorted(s["hand"]) == [3, 4, 5, 6, 7, 19], "six cards: four Heroes, two Volleys"
    dice.push(chit(s, "adv-both_horns-1-1"))
    act(s, dice, {"type": "forth", "card": 6})
    assert s["markers"] == {"6": "storehouse"}, "Dalton guards the Storehouse"

    # Turn 3. Both Horns Advance 1; Dalton could cancel it but holds.
    assert s["turn"] == 3 and len(s["hand"]) == 5
    assert s["step"] == "impi"
    dice.push(4)
    ctx = act(s, dice, {"type": "go"})
    assert ib["uDloko"]["pos"] == 2, "the Left Horn to its 3 box"
    assert ib["uThulwana"]["pos"] == 3, "stopped in its 2 box by Dalton on a 4"
    assert any("Dalton defends the Storehouse (Right Horn 1): rolled 4" in x for x in ctx.log)
    assert 6 in s["tableau"]
    dice.push(1, 6)
    ctx = act(s, dice, {"type": "volley", "card": 19, "target": "uThulwana"})
    assert ib["uThulwana"]["markers"] == 3, "first blood: three Hit markers left"
    assert "Medium range), 2 dice: 6, 1; no DRMs" in ctx.log[0]
