"""An order that shows the channel nothing adds no line to the phase's post: no "-" stands in
for the words it does not have (a solitaire Zulu turn showed one at the top of the post)."""

from __future__ import annotations

import random

from games.core.dice import Dice
from games.zones.system import SYSTEM


def test_no_order_of_a_random_game_puts_a_placeholder_in_the_channel() -> None:
    texts = []
    for number, (battle, options) in enumerate(
        [("rorkes-drift", {"solitaire": True}), ("isandlwana", {})]
    ):
        rng = random.Random(number)
        state = SYSTEM.new(battle, dict(options), Dice("ef" * 16)).state
        for step in range(200):
            sides = SYSTEM.to_act(state)
            if not sides:
                break
            side = rng.choice(sides)
            orders = SYSTEM.legal_orders(state, side)
            dice = Dice("ef" * 16, step + 1, [str(number)])
            action = rng.choice(orders).action if orders else SYSTEM.bot_action(state, side, dice)
            outcome = SYSTEM.apply(state, side, action, dice)
            texts += [event.text for event in outcome.events]
            state = outcome.state
    assert texts and all(line.strip() != "-" for text in texts for line in text.split("\n"))
    assert "" in texts, "some orders show the channel nothing, and say nothing"
