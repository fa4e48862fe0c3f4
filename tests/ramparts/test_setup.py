"""3.0 Set Up and 12.0 option switches."""

from __future__ import annotations

import pytest

from games.core.dice import Dice, derived_seed
from games.core.errors import RuleError
from games.ramparts.catalog import CHIT, IBUTHO
from games.ramparts.options import normalise, vp_adjustment
from games.ramparts.system import new_state


@pytest.mark.parametrize("n", range(20))
def test_deck_built_as_step_4(n: int) -> None:
    """3.0 step 4: Relief Column in the bottom four, Night near the middle, #3-5 in hand."""
    s = new_state({}, Dice(derived_seed("deck", n)))
    deck = s["deck"]
    assert sorted(deck) == [1, 2, *range(6, 32)]
    assert 1 in deck[:4]
    night = deck.index(2)
    assert night == 4 + (len(deck) - 5) // 2
    assert s["hand"] == [3, 4, 5]


def test_ibuthos_start_in_their_five_boxes() -> None:
    """3.0 step 1: one iButho on each track, at full strength, in its 5 box."""
    s = new_state({}, Dice(derived_seed("ib", 1)))
    assert sorted(b["track"] for b in s["ibuthos"].values()) == sorted(
        ["left_horn", "right_horn", "chest", "loins"]
    )
    for name, b in s["ibuthos"].items():
        assert b["pos"] == 0 and b["status"] == "active"
        assert b["markers"] == IBUTHO[name].markers


def test_markers_and_cup_at_start() -> None:
    """3.0 steps 2-3: Ammunition Low on the map, Day, every chit in the cup."""
    s = new_state({}, Dice(derived_seed("cup", 1)))
    assert s["ammo_low"] and not s["night"] and s["victory"] == 5
    assert sorted(s["cup"]) == sorted(CHIT)


def test_stronger_ibuthos_121() -> None:
    """12.1: each iButho gets its gold-striped Hit marker; no VP adjustment."""
    s = new_state({"stronger": True}, Dice(derived_seed("s", 1)))
    assert s["ibuthos"]["uThulwana"]["markers"] == 5
    assert vp_adjustment(s["options"]) == {}


def test_officers_125_removes_seniority_debate() -> None:
    """12.5: the Seniority Debate chit leaves the cup; -2 VP."""
    s = new_state({"officers": True}, Dice(derived_seed("o", 1)))
    assert "seniority" not in s["cup"] and "seniority" in s["chits_removed"]
    assert vp_adjustment(s["options"]) == {"officers": -2}


def test_melee_122_costs_a_vp() -> None:
    assert vp_adjustment(normalise({"melee": True})) == {"melee": -1}


def test_deck_balancing_123() -> None:
    """12.3: one extra Volley for Smith, for Allen and for each complete pair of #34-39."""
    assert normalise({"cards": ["smith"]})["cards"] == [32, 44]
    assert normalise({"cards": [33, 34, 35, 36]})["cards"] == [33, 34, 35, 36, 44, 45]
    everything = normalise({"cards": "all"})
    assert everything["cards"] == list(range(32, 51))
    assert vp_adjustment(everything) == {"optional cards": -19}
    assert normalise({"cards": ["movie"]})["cards"] == [49, 50]


def test_optional_cards_in_the_deck() -> None:
    """12.3.1-12.3.2: random-event cards go into the top half (above Night)."""
    for n in range(10):
        s = new_state({"cards": "all"}, Dice(derived_seed("all", n)))
        deck = s["deck"]
        assert sorted(deck) == [1, 2, *range(6, 51)]
        night = deck.index(2)
        for top_half in (40, 41, 42):
            assert deck.index(top_half) > night


def test_unknown_option_refused() -> None:
    with pytest.raises(RuleError, match="options are"):
        normalise({"turbo": True})
    with pytest.raises(RuleError, match="not an optional card"):
        normalise({"cards": [7]})
