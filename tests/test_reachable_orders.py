"""Every legal order of every system can be given from components alone: the channel post's
buttons and menus, the private panel's, and the panel's step-by-step menu, walked option by
option as a player would (bot.posting.steps). Positions are sampled from random games.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord
import pytest

from bot.play.service import Update
from bot.posting import steps
from bot.posting.pairing import Pairing
from bot.posting.steps import AMOUNT, OPTIONS, PAGE, Step, choices, parse
from bot.posting.ui import ActionButton, OrderSelect, panel_view, public_view
from bot.systems.installed import pairings
from games.core.engine import Order
from tests.sampled_positions import GAMES, sampled, update_of

SEEDS = 3
"""Games played from each scenario."""


@dataclass
class Reached:
    keys: set[str]
    amounts: dict[str, set[str]]
    """For each order offered with smaller amounts, the keys of those amounts."""
    menus: int = 0


def reached(pairing: Pairing, update: Update, side: str) -> Reached:
    """The order keys a player holding ``side`` can give from components."""
    found = Reached(set(), {})
    view = public_view(update, pairing.layout)
    _collect(view, found)
    panel = panel_view(update, [side], pairing.layout, None, pairing.amounts)
    _collect(panel, found)
    many = [o for o in update.orders(side) if not o.button]
    seen: set[Step] = set()
    pending = [Step()] if many else []
    while pending:
        step = pending.pop()
        if step in seen:
            continue
        seen.add(step)
        view = panel_view(update, [side], pairing.layout, step, pairing.amounts)
        found.menus += 1
        _within_discord(view)
        for choice in choices(many, step, pairing.amounts):
            went = parse(choice.value)
            if isinstance(went, Step):
                pending.append(went)
            elif AMOUNT in went:
                found.amounts.setdefault(went.partition(AMOUNT)[0], set()).add(went)
            else:
                found.keys.add(went)
    return found


def _collect(view: discord.ui.View | None, found: Reached) -> None:
    if view is None:
        return
    _within_discord(view)
    for item in view.children:
        owner = getattr(item, "_dynamic_parent", None) or item
        if isinstance(owner, ActionButton):
            found.keys.add(owner.key)
        elif isinstance(owner, OrderSelect):
            found.keys.update(o.value for o in owner.item.options)


def _within_discord(view: discord.ui.View) -> None:
    """What Discord would refuse: more than 25 options, or more than five rows."""
    for item in view.children:
        if isinstance(item, discord.ui.Select):
            assert 1 <= len(item.options) <= OPTIONS
            assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in item.options)
    assert len(view.to_components()) <= 5


@pytest.mark.parametrize("system_id", sorted(GAMES))
def test_every_legal_order_is_reachable_from_components(system_id: str) -> None:
    pairing = pairings()[system_id]
    positions = orders = menus = 0
    for scenario, mode in GAMES[system_id]:
        for state in (s for seed in range(SEEDS) for s in sampled(pairing, scenario, mode, seed)):
            update = update_of(pairing, state)
            for side in pairing.system.to_act(state):
                legal = update.orders(side)
                found = reached(pairing, update, side)
                missing = [o.key for o in legal if o.key not in found.keys]
                assert not missing, (
                    f"{system_id} {scenario}: {len(missing)} unreachable: {missing[:5]}"
                )
                for key, lesser in found.amounts.items():
                    order = next(o for o in legal if o.key == key)
                    assert pairing.amounts is not None
                    every = pairing.amounts(order)
                    assert every[0].key == key and every[0].action == order.action
                    assert lesser == {o.key for o in every[1:]}
                positions += 1
                orders += len(legal)
                menus += found.menus
    print(
        f"{system_id}: {positions} positions, {orders} orders, {menus} menus walked, 100% reachable"
    )
    assert positions >= 10 and orders >= positions


def _orders(keys: list[str], label: str = "Move {key}") -> list[Order]:
    return [Order(k, label.format(key=k), {}, kind="move", button=False) for k in keys]


def test_a_menu_too_long_for_one_page_pages_on_and_back() -> None:
    many = _orders([f"zm.{origin:02d}.x" for origin in range(60)])
    first = choices(many, Step())
    assert len(first) == PAGE + 1 and first[-1].label.startswith("More… (37")
    second = choices(many, parse(first[-1].value))  # type: ignore[arg-type]
    assert second[0].label == "↩ Back" and parse(second[0].value) == Step("zm", 0)


def test_a_menu_that_drops_a_group_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant the fault the walk exists for: the step menu loses its last group of orders."""
    pairing = pairings()["zones"]
    dropping = steps._groups
    monkeypatch.setattr(steps, "_groups", lambda members, prefix: dropping(members, prefix)[:-1])
    caught = 0
    for state in sampled(pairing, "isandlwana", "two-player", 1):
        update = update_of(pairing, state)
        for side in pairing.system.to_act(state):
            found = reached(pairing, update, side)
            caught += any(o.key not in found.keys for o in update.orders(side))
    assert caught
