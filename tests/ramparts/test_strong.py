"""The stronger British policy of ``games.ramparts.strong``: exact Volley chances, threat read
from the iMpi cup, only legal orders, the same game from the same dice, and more VP than the
built-in policy on the same seeded games."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

from games.core.dice import Dice, derived_seed
from games.core.engine import Viewer
from games.core.errors import RuleError
from games.ramparts import policy, strong
from games.ramparts.actions import legal
from games.ramparts.state import SIDE, State
from games.ramparts.system import SYSTEM
from games.ramparts.volleys import Modifiers, modify, tally

Choose = Callable[[State], dict]


def brute_force(dice: int, minus: int, plus: int, burning: bool) -> tuple[float, float, float]:
    """Expected Hits and Retreats and the chance of a Hit, over every face of every die."""
    hits = retreats = any_hit = Fraction(0)
    weight = Fraction(1, 6**dice)
    for rolls in product(range(1, 7), repeat=dice):
        h, r = tally(modify(list(rolls), Modifiers(minus, plus, []), burning), burning)
        hits += weight * h
        retreats += weight * r
        any_hit += weight * (h > 0)
    return float(hits), float(retreats), float(any_hit)


@pytest.mark.parametrize("dice", [1, 2, 4])
@pytest.mark.parametrize(("minus", "plus"), [(0, 0), (1, 0), (2, 0), (0, 1)])
@pytest.mark.parametrize("burning", [False, True])
def test_volley_chances_match_every_face_counted(
    dice: int, minus: int, plus: int, burning: bool
) -> None:
    """Including G Company's +1, which can turn a 3 into a Retreat in a burning building."""
    assert strong.expected(dice, minus, plus, burning) == pytest.approx(
        brute_force(dice, minus, plus, burning)
    )


def test_one_drm_turns_a_lone_six_into_a_retreat() -> None:
    """6.7.5: the -1 falls on the highest die, so one die can no longer Hit."""
    hits, retreats, any_hit = strong.expected(1, 1, 0, False)
    assert hits == 0 and any_hit == 0 and retreats == pytest.approx(1 / 6)


def opening(seed: int = 1) -> State:
    return SYSTEM.new("standard", {}, Dice(derived_seed("strong", seed))).state


def test_rates_come_from_the_advance_chits_left_in_the_cup() -> None:
    s = opening()
    s["cup"] = ["adv-loins-3-3", "adv-chest-2-5", "adv-all-1-1", "regroup-1"]
    found = strong.rates(s)
    assert found["loins"] == pytest.approx((3 + 1) / 4)
    assert found["chest"] == pytest.approx((2 + 1) / 4)
    assert found["left_horn"] == pytest.approx(1 / 4)


def test_the_nearer_ibutho_on_the_faster_track_is_the_greater_threat() -> None:
    s = opening()
    tracks = {n: b["track"] for n, b in s["ibuthos"].items()}
    near, far = (n for n in tracks if tracks[n] in ("chest", "left_horn"))
    s["ibuthos"][near]["pos"], s["ibuthos"][far]["pos"] = 4, 2
    rate = dict.fromkeys(strong.GROUP["all"], 0.3)
    assert strong.threat(s, near, rate) > strong.threat(s, far, rate)
    rate[tracks[far]] = 3.0
    assert strong.threat(s, far, rate) > strong.threat(s, near, rate)


def play(choose: Choose, seed: int) -> State:
    """A whole game through the engine's ``apply``, which refuses any illegal order."""
    dice = Dice(derived_seed("balance/standard", seed))
    state = SYSTEM.new("standard", SYSTEM.modes["bots"].options, dice).state
    while not SYSTEM.result(state):
        state = SYSTEM.apply(state, "british", choose(state), dice).state
        dice.take_rolls()
    return state


def test_strong_orders_are_all_accepted_and_repeat_from_the_same_dice() -> None:
    for seed in range(4):
        first, again = play(strong.choose, seed), play(strong.choose, seed)
        assert first == again


def test_a_planted_illegal_volley_is_caught() -> None:
    """A Volley at an iButho out of range must be refused, or the test above proves nothing."""

    def wild(state: State) -> dict:
        order = strong.choose(state)
        if state["step"] == "action" and order["type"] == "volley":
            far = next(n for n, b in state["ibuthos"].items() if b["pos"] == 0)
            return {**order, "target": far}
        return order

    with pytest.raises(RuleError, match="not open now"):
        for seed in range(10):
            play(wild, seed)


def test_strong_scores_more_than_the_built_in_policy_on_the_same_games() -> None:
    """Same seeds, same dice: the stronger policy's mean VP is clearly higher."""
    seeds = range(150)
    strong_vp = sum(play(strong.choose, n)["over"]["vp"] for n in seeds) / len(seeds)
    builtin_vp = sum(play(policy.choose, n)["over"]["vp"] for n in seeds) / len(seeds)
    assert strong_vp > builtin_vp + 3


def test_the_strong_british_decide_on_what_the_player_may_see() -> None:
    """Every value hidden from the player (the Draw Pile's order) is drawn afresh and the
    strong policy asked again: it gives the same order. A policy planted to read the next
    card of the Draw Pile is caught by the same check."""

    checked = []

    def peeks(chooser: Choose) -> bool:
        viewer = Viewer.of_side(SIDE)
        for game in range(5):
            dice = Dice(derived_seed("ramparts/strong/sees", game))
            state = SYSTEM.new("standard", {"level": "strong"}, dice).state
            for step in range(400):
                if SYSTEM.result(state):
                    break
                wanted = chooser(state)
                checked.append(step)
                for redraw in range(3):
                    seen = SYSTEM.sample_hidden(
                        state, viewer, Dice(derived_seed("r", step), redraw)
                    )
                    if chooser(seen) != wanted:
                        return True
                state = SYSTEM.apply(state, SIDE, wanted, dice).state
                dice.take_rolls()
        return False

    def peeking(state: State) -> dict:
        options = legal(state)
        if state["deck"] and state["deck"][0] % 2 and len(options) > 1:
            return options[-1] if options[-1] != strong.choose(state) else options[0]
        return strong.choose(state)

    assert not peeks(strong.choose)
    assert len(checked) > 200, "whole games were checked"
    assert peeks(peeking)
