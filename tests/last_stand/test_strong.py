"""The strong British of ``games.last_stand.strong`` gives only orders the engine accepts.

It is used by the balance script only, never by bot games, so its orders are checked by the
engine's own refusals (7.x movement, 7.7 squares, 8.2-8.5 fire) over whole seeded games.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON
from games.core.errors import RuleError
from games.last_stand import strong
from games.last_stand.state import phase_kind
from games.last_stand.system import SYSTEM

Policy = Callable[[JSON, Dice], JSON]


def first_refusal(policy: Policy, seed: int) -> str | None:
    """Play a game with ``policy`` as the British and the 9.2 Zulus; the engine's words
    refusing the first British order it will not take, or None if it took them all."""
    dice = Dice(derived_seed("strong-legal", seed))
    state = SYSTEM.new("historical", SYSTEM.modes["bots"].options, dice).state
    while not SYSTEM.result(state):
        side = SYSTEM.to_act(state)[0]
        if side == "british":
            try:
                state = SYSTEM.apply(state, side, policy(state, dice), dice).state
            except RuleError as refused:
                return str(refused)
        else:
            state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
        dice.take_rolls()
    return None


def test_strong_british_orders_are_all_accepted() -> None:
    for seed in range(3):
        assert first_refusal(strong.british_action, seed) is None


def test_a_planted_illegal_fire_is_caught() -> None:
    """St. Iz never fires (7.9): slipped into the first massed fire, it must be refused."""

    def with_stiz(state: JSON, dice: Dice) -> JSON:
        order = strong.british_action(state, dice)
        if phase_kind(state) == "british_combat" and order["type"] == "aim":
            return {**order, "shots": {**order["shots"], "stiz": 1}}
        return order

    assert "St. Iz never fires" in (first_refusal(with_stiz, 0) or "")
