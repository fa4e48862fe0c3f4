"""The orders on the channel post and on the private panel: every legal order is reachable
from the panel, none that names a card in the hand is public, and Discord's limits hold."""

from __future__ import annotations

import random
from types import SimpleNamespace

import discord

from bot.play.service import Update
from bot.posting.ui import PanelButton, menu_layout, panel_view, public_view
from bot.systems.ramparts.pairing import MENUS
from games.core.dice import Dice, derived_seed
from games.ramparts.catalog import CARD
from games.ramparts.policy import choose
from games.ramparts.system import SYSTEM

LAYOUT = menu_layout(MENUS)
SEAT = SimpleNamespace(side="british", user_id=7, is_bot=False)


def offered(view: discord.ui.View) -> dict[str, str]:
    """Each order key on the components, with the words shown for it."""
    keys = {}
    for child in view.children:
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Select):
            keys |= {option.value: option.label for option in item.options}
            assert len(item.options) <= 25 and len(item.placeholder or "") <= 150
        elif not isinstance(child, PanelButton):
            keys[item.custom_id.rsplit(":", 1)[1]] = item.label
            assert len(item.label) <= 80
    return keys


def update_for(game: int, state: dict) -> Update:
    record = SimpleNamespace(id=game + 1, state=state, seed="ab" * 32)
    return Update(record, SYSTEM, [SEAT])  # type: ignore[arg-type]


async def test_every_order_is_on_the_panel_and_no_card_in_hand_is_public() -> None:
    """Positions from games played by the policy and at random, with every optional card."""
    for game in range(16):
        chooser = random.Random(game) if game % 2 else None
        dice = Dice(derived_seed("menus", game))
        state = SYSTEM.new("standard", {"cards": "all"}, dice).state
        while not SYSTEM.result(state):
            update = update_for(game, state)
            panel = panel_view(update, ["british"], LAYOUT)
            menus = [c for c in panel.children if isinstance(c.item, discord.ui.Select)]
            assert len(menus) <= 4 and len(panel.children) - len(menus) <= 5
            legal = {o.key: o.action for o in SYSTEM.legal_orders(state, "british")}
            assert set(offered(panel)) == set(legal)
            public = public_view(update, LAYOUT)
            assert public is not None and len(public.children) <= 25
            in_hand = {CARD[n].name for n in state["hand"]}
            for key, label in offered(public).items():
                assert not any(name in label for name in in_hand), label
                assert key in legal
            if state["hand"]:
                assert any(isinstance(c, PanelButton) for c in public.children)
            action = legal[chooser.choice(sorted(legal))] if chooser else choose(state)
            state = SYSTEM.apply(state, "british", action, dice).state
