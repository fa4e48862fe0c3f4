"""A stronger defence for Zulus on the Ramparts!, for measuring what the game allows."""

from __future__ import annotations

from games.core.dice import Dice
from games.ramparts import policy
from games.ramparts.state import State


def choose(s: State, dice: Dice) -> dict:
    return policy.choose(s)
