"""/ramparts odds: a Monte Carlo estimate that cannot see the hidden Draw Pile order."""

from __future__ import annotations

from games.core.dice import Dice, derived_seed
from games.ramparts.odds import estimate
from games.ramparts.system import SYSTEM
from games.ramparts.victory import LEVEL_NAMES


def test_estimate_counts_every_game_and_states_its_margin() -> None:
    state = SYSTEM.new("standard", {}, Dice(derived_seed("odds", 1))).state
    seen: list[int] = []
    result = estimate(state, 60, progress=seen.append, every=20)
    assert result.games == 60 and sum(result.levels.values()) == 60
    assert set(result.levels) <= set(LEVEL_NAMES)
    assert seen == [20, 40, 60]
    assert 0 < result.margin < 0.2
    assert len(result.lines()) == 6


def test_estimate_ignores_the_hidden_deck_order() -> None:
    state = SYSTEM.new("standard", {}, Dice(derived_seed("odds", 2))).state
    shuffled = {**state, "deck": list(reversed(state["deck"]))}
    assert estimate(state, 40).levels == estimate(shuffled, 40).levels
