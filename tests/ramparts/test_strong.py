"""The look-ahead policy of ``games.ramparts.strong`` gives only orders from the legal list,
and never draws from the game's own dice while it looks ahead."""

from __future__ import annotations

from collections.abc import Callable

from games.core.dice import Dice, derived_seed
from games.ramparts import strong
from games.ramparts.actions import Action, legal
from games.ramparts.state import State
from games.ramparts.system import SYSTEM

Policy = Callable[[State, Dice], Action]


def first_illegal(policy: Policy, seed: int) -> Action | str | None:
    """Play a game under ``policy``: the first order not among the legal ones, a complaint
    if the policy drew from the game's dice, or None if neither happened."""
    dice = Dice(derived_seed("strong-legal", seed))
    state = SYSTEM.new("standard", {}, dice).state
    while not state["over"]:
        drawn = dice.cursor
        order = policy(state, dice)
        if dice.cursor != drawn:
            return "drew from the game's dice"
        if order not in legal(state):
            return order
        state = SYSTEM.apply(state, "british", order, dice).state
    return None


def test_strong_orders_are_all_legal() -> None:
    for seed in range(2):
        assert first_illegal(strong.choose, seed) is None


def test_a_planted_illegal_order_is_caught() -> None:
    """A Volley from a card not in the Tableau is not among the legal orders."""

    def stray(state: State, dice: Dice) -> Action:
        order = strong.choose(state, dice)
        if state["step"] == "action":
            return {"type": "volley", "card": 999, "target": "none"}
        return order

    assert first_illegal(stray, 0) == {"type": "volley", "card": 999, "target": "none"}


def test_a_planted_draw_from_the_game_dice_is_caught() -> None:
    def peeking(state: State, dice: Dice) -> Action:
        dice.d6("a look at the next roll")
        return strong.choose(state, dice)

    assert first_illegal(peeking, 0) == "drew from the game's dice"
