"""Orders too many for buttons, chosen step by step on a player's own panel.

A position can hold hundreds of orders (every hex a unit may reach, every zone an impi may
enter). The panel offers them as one menu that narrows by the parts of the orders' keys:
first what kind, then from where, then where to, and for an order with an amount, how many.
Each menu option carries the step it leads to, so nothing is remembered between presses and
an old panel still works after a restart (or is brought up to date once the game moved on).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.posting.interactions import Interaction
from games.core.engine import Order
from games.core.text import shorten

STEP_ID = r"lgn:(?P<game>\d+):(?P<position>[0-9a-f]+)"
OPTIONS = 25
OPTION_LABEL, PLACEHOLDER = 100, 150
PAGE = OPTIONS - 2
"""Options of one page of a long menu: room is left to go back and to see the next page."""
BACK = "↩ Back"

AMOUNT = "@"
Amounts = Callable[[Order], list[Order]]
"""The order at each amount a player may give it with, largest first: the order itself (its
label saying how many), then each smaller amount (fewer warriors), keyed with the order's
key, ``AMOUNT`` and the amount. One entry or none: the order has no amount to choose."""


@dataclass(frozen=True)
class Step:
    """Where a player is in choosing: the orders under ``prefix``, from ``page``; or, with
    ``amount_of``, how many for that order."""

    prefix: str = ""
    page: int = 0
    amount_of: str | None = None

    @property
    def value(self) -> str:
        if self.amount_of is not None:
            return f"a:{self.amount_of}"
        return f"g:{self.prefix}:{self.page}"


@dataclass(frozen=True)
class Choice:
    label: str
    value: str
    """``o:key`` gives an order; ``g:prefix:page`` or ``a:key`` goes to another step."""


def parse(value: str) -> Step | str:
    """The step an option leads to, or the key of the order it gives."""
    kind, _, rest = value.partition(":")
    if kind == "o":
        return rest
    if kind == "a":
        return Step(amount_of=rest)
    prefix, _, page = rest.rpartition(":")
    return Step(prefix, int(page) if page.isdigit() else 0)


def under(orders: Sequence[Order], prefix: str) -> list[Order]:
    """The orders whose keys begin with ``prefix``, counted in whole parts of the key."""
    if not prefix:
        return list(orders)
    return [o for o in orders if o.key == prefix or o.key.startswith(prefix + ".")]


def common_words(labels: Sequence[str]) -> str:
    """The words every label begins with ("Move from C to D", "Move from C to E": "Move
    from C to")."""
    split = [label.split() for label in labels]
    shared: list[str] = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words):
            break
        shared.append(words[0])
    return " ".join(shared)


def choices(orders: Sequence[Order], step: Step, amounts: Amounts | None = None) -> list[Choice]:
    """The options of one step: the orders themselves when they fit one menu, else a group
    for each next part of their keys; a page at a time, with a way back."""
    if step.amount_of is not None:
        found = [o for o in orders if o.key == step.amount_of]
        listed = amounts(found[0]) if found and amounts else found
        back = Choice(BACK, listing(orders, step.amount_of).value)
        return [back, *(Choice(shorten(o.label, OPTION_LABEL), f"o:{o.key}") for o in listed)]
    prefix = descended(orders, step.prefix)
    members = under(orders, prefix)
    up = parent(orders, Step(prefix))
    above = len(under(orders, up.prefix)) != len(members)
    back = [Choice(BACK, up.value)] if above else []
    if len(members) + len(back) <= OPTIONS:
        entries = [_order_choice(o, amounts) for o in members]
    else:
        entries = [_group_choice(prefix, group, amounts) for group in _groups(members, prefix)]
    if len(back) + len(entries) <= OPTIONS:
        return back + entries
    start = step.page * PAGE
    if step.page:
        back = [Choice(BACK, Step(prefix, step.page - 1).value)]
    left = len(entries) - start - PAGE
    more = Choice(f"More… ({left} after these)", Step(prefix, step.page + 1).value)
    return back + entries[start : start + PAGE] + ([more] if left > 0 else [])


def descended(orders: Sequence[Order], prefix: str) -> str:
    """The deepest prefix holding the same orders as ``prefix``: a menu of one group is a
    step for nothing."""
    members = under(orders, prefix)
    while len(members) > OPTIONS:
        groups = _groups(members, prefix)
        if len(groups) != 1:
            break
        prefix = _prefix_of(groups[0], prefix)
    return prefix


def listing(orders: Sequence[Order], key: str) -> Step:
    """A step that lists the order ``key`` among others: the way back from its amounts."""
    prefix = key
    while prefix and len(under(orders, prefix)) < 2:
        prefix = prefix.rpartition(".")[0]
    return Step(prefix)


def parent(orders: Sequence[Order], step: Step) -> Step:
    """The step a menu goes back to: the nearest shorter prefix that shows something else."""
    members = under(orders, step.prefix)
    prefix = step.prefix
    while prefix:
        prefix = prefix.rpartition(".")[0]
        if len(under(orders, prefix)) != len(members):
            break
    return Step(prefix)


def _groups(members: list[Order], prefix: str) -> list[list[Order]]:
    grouped: dict[str, list[Order]] = {}
    for order in members:
        grouped.setdefault(_prefix_of([order], prefix), []).append(order)
    return list(grouped.values())


def _prefix_of(group: list[Order], prefix: str) -> str:
    """The key of ``group`` one part longer than ``prefix``."""
    depth = len(prefix.split(".")) if prefix else 0
    return ".".join(group[0].key.split(".")[: depth + 1])


def _group_choice(prefix: str, group: list[Order], amounts: Amounts | None) -> Choice:
    if len(group) == 1:
        return _order_choice(group[0], amounts)
    key = _prefix_of(group, prefix)
    words = common_words([o.label for o in group]) or key
    return Choice(shorten(f"{words} … ({len(group)} choices)", OPTION_LABEL), Step(key).value)


def _order_choice(order: Order, amounts: Amounts | None) -> Choice:
    if amounts and len(amounts(order)) > 1:
        label = shorten(f"{order.label}: choose how many", OPTION_LABEL)
        return Choice(label, Step(amount_of=order.key).value)
    return Choice(shorten(order.label, OPTION_LABEL), f"o:{order.key}")


def placeholder(step: Step, orders: Sequence[Order]) -> str:
    """What the menu asks for at this step."""
    if step.amount_of is not None:
        return "How many?"
    prefix = descended(orders, step.prefix)
    if not prefix:
        return "More orders, step by step"
    return shorten(f"{common_words([o.label for o in under(orders, prefix)])} …", PLACEHOLDER)


class StepSelect(discord.ui.DynamicItem[discord.ui.Select], template=STEP_ID):
    """The panel's step-by-step menu: an option either gives an order or shows the next
    step on the same panel."""

    def __init__(
        self,
        game_id: int,
        position: str,
        placeholder: str = "Choose",
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=shorten(placeholder, PLACEHOLDER),
                custom_id=f"lgn:{game_id}:{position}",
                options=options or [discord.SelectOption(label="-", value="g::0")],
            )
        )
        self.game_id, self.position = game_id, position

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> StepSelect:
        return cls(int(match["game"]), match["position"], item.placeholder or "")

    async def callback(self, interaction: Interaction) -> Any:
        value = self.item.values[0] if self.item.values else ""
        await interaction.client.step(interaction, self.game_id, self.position, value)


def step_select(
    game_id: int, position: str, orders: Sequence[Order], step: Step, amounts: Amounts | None
) -> StepSelect:
    """The menu for ``step`` among ``orders``."""
    options = [
        discord.SelectOption(label=c.label, value=c.value) for c in choices(orders, step, amounts)
    ]
    return StepSelect(game_id, position, placeholder(step, orders), options)
