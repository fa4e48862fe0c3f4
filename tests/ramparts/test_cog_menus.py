"""The cog's buttons and menus: every legal order is reachable and Discord's limits hold."""

from __future__ import annotations

import random
from types import SimpleNamespace

import discord

from bot.cogs.ramparts import orders_view
from games.core.dice import Dice, derived_seed
from games.ramparts.policy import choose
from games.ramparts.system import SYSTEM


def offered(view: discord.ui.View) -> set[str]:
    keys = set()
    for child in view.children:
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Select):
            keys |= {option.value for option in item.options}
            assert len(item.options) <= 25
        else:
            keys.add(item.custom_id.rsplit(":", 1)[1])
    return keys


async def test_every_order_is_on_a_button_or_in_a_menu() -> None:
    """Positions from games played by the policy and at random, with every optional card."""
    for game in range(24):
        chooser = random.Random(game) if game % 2 else None
        dice = Dice(derived_seed("menus", game))
        state = SYSTEM.new("standard", {"cards": "all"}, dice).state
        while not SYSTEM.result(state):
            update = SimpleNamespace(
                result=None, system=SYSTEM, game=SimpleNamespace(id=game + 1, state=state)
            )
            view = orders_view(update)
            assert view is not None, "adding more than Discord allows would have raised"
            menus = [c for c in view.children if isinstance(c.item, discord.ui.Select)]
            assert len(menus) <= 4 and len(view.children) - len(menus) <= 5
            choices = {c.key: c.action for c in SYSTEM.choices(state, "british")}
            assert offered(view) == set(choices)
            action = choices[chooser.choice(sorted(choices))] if chooser else choose(state)
            state = SYSTEM.apply(state, "british", action, dice).state
