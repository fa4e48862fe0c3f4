"""/ramparts odds: a Monte Carlo estimate that knows only what the asker may know."""

from __future__ import annotations

import pytest

from games.core.dice import Dice, derived_seed
from games.core.engine import Viewer
from games.ramparts.deck import RELIEF
from games.ramparts.odds import estimate
from games.ramparts.system import SYSTEM
from games.ramparts.victory import LEVEL_NAMES

PLAYER = Viewer.of_side("british")


def opening(seed: int) -> dict:
    return SYSTEM.new("standard", {}, Dice(derived_seed("odds", seed))).state


def test_estimate_counts_every_game_and_states_its_margin() -> None:
    state = opening(1)
    seen: list[int] = []
    result = estimate(state, SYSTEM.view(state, PLAYER), 60, progress=seen.append, every=20)
    assert result.games == 60 and sum(result.outcomes.values()) == 60
    assert set(result.outcomes) <= set(LEVEL_NAMES)
    assert seen == [20, 40, 60]
    assert 0 < result.margin < 0.2
    assert len(result.lines()) == 6


def test_estimate_ignores_the_hidden_deck_order() -> None:
    state = opening(2)
    shuffled = {**state, "deck": list(reversed(state["deck"]))}
    assert (
        estimate(state, SYSTEM.view(state, PLAYER), 40).outcomes
        == estimate(shuffled, SYSTEM.view(shuffled, PLAYER), 40).outcomes
    )


def swapped_hand(state: dict) -> dict:
    """The same public position with the hand's cards exchanged for cards from the pile."""
    pile = [n for n in state["deck"] if n > 5][: len(state["hand"])]
    deck = [n for n in state["deck"] if n not in pile] + state["hand"]
    return {**state, "hand": pile, "deck": deck}


def test_a_spectators_odds_do_not_depend_on_the_hand() -> None:
    """Issue: the channel's odds must not tell anyone anything about the hand."""
    state = opening(3)
    other = swapped_hand(state)
    public = SYSTEM.view(state, Viewer.public())
    assert public == SYSTEM.view(other, Viewer.public())
    assert estimate(state, public, 40).outcomes == estimate(other, public, 40).outcomes


def test_the_player_s_odds_use_the_hand_they_hold() -> None:
    """Planted fault: the same comparison from the player's view must tell the hands apart,
    or the test above would pass on an estimate that ignores every input."""
    state = opening(3)
    other = swapped_hand(state)
    mine = estimate(state, SYSTEM.view(state, PLAYER), 200).outcomes
    theirs = estimate(other, SYSTEM.view(other, PLAYER), 200).outcomes
    assert mine != theirs


@pytest.mark.parametrize("viewer", [PLAYER, Viewer.public(), Viewer.referee()])
@pytest.mark.parametrize("hand", [0, 5])
def test_odds_from_a_draw_pile_of_only_the_relief_column(viewer: Viewer, hand: int) -> None:
    """Issue 11: the Relief Column alone in the pile has one place to lie; no die is rolled
    for it (a one-sided die would be refused)."""
    state = opening(3)
    state = {**state, "deck": [RELIEF], "hand": state["hand"][:hand]}
    result = estimate(state, SYSTEM.view(state, viewer), 20)
    assert sum(result.outcomes.values()) == 20
