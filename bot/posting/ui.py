"""Components whose custom ids carry everything needed, so they work after a restart.
Pressing one hands the order to the bot (``Host.choose``), which applies and announces it.

Orders reach players two ways. Orders that name nothing secret are buttons and menus
under the channel's post. Orders that would name a secret (a card in the hand) go on the
player's own panel, an ephemeral message opened by the post's **My orders** button and
updated in place as the player gives orders; the channel never sees them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.play.service import Update
from bot.posting.interactions import refuse
from bot.posting.steps import Amounts, Step, step_select
from games.core.engine import Order, Viewer, hidden_from, readable_by
from games.core.text import shorten

if TYPE_CHECKING:
    pass

Interaction = discord.Interaction["Host"]

ROWS, PER_ROW, OPTIONS = 5, 5, 25
"""Discord allows five rows of five buttons, or a menu per row of 25 options."""
BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER = 80, 100, 150
FEW = 5
"""Up to this many orders are shown as buttons; more are grouped into menus by kind."""

ACTION_ID = r"lg(?P<own>o?):(?P<game>\d+):(?P<position>[0-9a-f]+):(?P<key>[\w.-]+)"
SELECT_ID = r"lgs(?P<own>o?):(?P<game>\d+):(?P<position>[0-9a-f]+):(?P<group>\w+)"
PANEL_ID = r"lgp:(?P<game>\d+)"
PANEL_LABEL = "My orders (private)"


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=ACTION_ID):
    """A legal order of a position; stale once the game moves on from that position.

    ``own`` buttons sit on a player's private panel, which they update in place.
    """

    def __init__(
        self,
        game_id: int,
        position: str,
        key: str,
        label: str = "Order",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        own: bool = False,
    ) -> None:
        prefix = "lgo" if own else "lg"
        super().__init__(
            discord.ui.Button(
                label=shorten(label, BUTTON_LABEL),
                style=style,
                custom_id=f"{prefix}:{game_id}:{position}:{key}",
            )
        )
        self.game_id, self.position, self.key, self.own = game_id, position, key, own

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ActionButton:
        label = item.label or "Order"
        own = bool(match["own"])
        return cls(int(match["game"]), match["position"], match["key"], label, item.style, own)

    async def callback(self, interaction: Interaction) -> Any:
        await interaction.client.choose(
            interaction, self.game_id, self.position, self.key, own=self.own
        )


class OrderSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_ID):
    """A menu of orders of one kind; each option's value is an order key."""

    def __init__(
        self,
        game_id: int,
        position: str,
        group: str,
        placeholder: str = "Choose",
        options: list[discord.SelectOption] | None = None,
        own: bool = False,
    ) -> None:
        prefix = "lgso" if own else "lgs"
        super().__init__(
            discord.ui.Select(
                placeholder=shorten(placeholder, PLACEHOLDER),
                custom_id=f"{prefix}:{game_id}:{position}:{group}",
                options=options or [discord.SelectOption(label="-", value="go")],
            )
        )
        self.game_id, self.position, self.own = game_id, position, own

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> OrderSelect:
        return cls(
            int(match["game"]),
            match["position"],
            match["group"],
            item.placeholder or "",
            own=bool(match["own"]),
        )

    async def callback(self, interaction: Interaction) -> Any:
        values = self.item.values
        if not values:
            await refuse(interaction, "Pick one of the orders in the menu.")
            return
        await interaction.client.choose(
            interaction, self.game_id, self.position, str(values[0]), own=self.own
        )


class PanelButton(discord.ui.DynamicItem[discord.ui.Button], template=PANEL_ID):
    """Opens the presser's own order panel for the game's current position."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=PANEL_LABEL, style=discord.ButtonStyle.success, custom_id=f"lgp:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> PanelButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> Any:
        await interaction.client.open_panel(interaction, self.game_id)


Layout = Callable[[int, str, list[Order], bool], list[discord.ui.Item]]
"""Lays out orders as components: (game id, position, orders, on a private panel)."""


def button_layout(game_id: int, position: str, orders: list[Order], own: bool) -> list:
    """One button per order, as many as fit."""
    return [order_button(game_id, position, o, own) for o in orders[: ROWS * PER_ROW]]


def menu_layout(placeholders: Mapping[str, str]) -> Layout:
    """Buttons when few orders are open; otherwise the 'go' orders as buttons and a menu per
    kind, named by ``placeholders``, merging the smallest menus until they fit the rows."""

    def layout(game_id: int, position: str, orders: list[Order], own: bool) -> list:
        if len(orders) <= FEW:
            return button_layout(game_id, position, orders, own)
        items: list[discord.ui.Item] = [
            order_button(game_id, position, o, own) for o in orders if o.kind == "go"
        ][:PER_ROW]
        menus = []
        for kind, placeholder in [*placeholders.items(), ("", "More orders")]:
            members = (
                [o for o in orders if o.kind != "go" and (o.kind or "") == kind]
                if kind
                else [o for o in orders if o.kind != "go" and o.kind not in placeholders]
            )
            for start in range(0, len(members), OPTIONS):
                menus.append((placeholder, members[start : start + OPTIONS]))
        menus = [m for m in menus if m[1]]
        rows = ROWS - (1 if items else 0)
        while len(menus) > rows:
            first, second = sorted(sorted(range(len(menus)), key=lambda i: len(menus[i][1]))[:2])
            merged = menus[first][1] + menus[second][1]
            if len(merged) > OPTIONS:
                break
            menus[first] = ("More orders", merged)
            del menus[second]
        for index, (placeholder, members) in enumerate(menus[:rows]):
            options = [
                discord.SelectOption(label=shorten(o.label, OPTION_LABEL), value=o.key)
                for o in members
            ]
            items.append(OrderSelect(game_id, position, f"m{index}", placeholder, options, own))
        return items

    return layout


def order_button(game_id: int, position: str, order: Order, own: bool = False) -> ActionButton:
    """A button for one order; moving on is drawn quieter than the orders themselves."""
    style = discord.ButtonStyle.secondary if order.kind == "go" else discord.ButtonStyle.primary
    return ActionButton(game_id, position, order.key, order.label, style, own)


def acting_sides(update: Update) -> list[str]:
    """The sides held by people that the game waits for now."""
    if update.result:
        return []
    human = {s.side for s in update.seats if s.user_id}
    return [s for s in update.system.to_act(update.game.state) if s in human]


def has_secrets(update: Update, side: str) -> bool:
    """Whether ``side`` knows something the channel does not (so it gets a private panel).

    This depends only on what the channel may know, never on the secret's value.
    """
    secrets = hidden_from(update.system, update.game.state, Viewer.public())
    return any(readable_by(s, Viewer.of_side(side)) for s in secrets)


def public_view(update: Update, layout: Layout) -> discord.ui.View | None:
    """The channel post's components: the orders that reveal nothing, and the panel button
    for a side that knows a secret or has an order to give only on its panel (a British hit
    to allocate when no stack hides anything still names a unit privately)."""
    sides = acting_sides(update)
    orders = [
        _tagged(o, side) if len(sides) > 1 else o
        for side in sides
        for o in update.orders(side)
        if o.button and not o.private
    ]
    view = discord.ui.View(timeout=None)
    items = layout(update.game.id, update.position, orders, False) if orders else []
    panel = any(
        has_secrets(update, side) or any(o.private or not o.button for o in update.orders(side))
        for side in sides
    )
    for item in _fit(items, room_for_panel=panel):
        view.add_item(item)
    if panel:
        view.add_item(PanelButton(update.game.id))
    return view if view.children else None


def panel_view(
    update: Update,
    sides: list[str],
    layout: Layout,
    step: Step | None = None,
    amounts: Amounts | None = None,
) -> discord.ui.View:
    """A player's own panel: the orders of theirs that fit on buttons and menus, and a menu
    that reaches every other one step by step (see bot.posting.steps). While a player is
    stepping through that menu (``step``), it is the panel's only component."""
    orders = [o for side in sides for o in update.orders(side)]
    many = [o for o in orders if not o.button]
    view = discord.ui.View(timeout=None)
    game, position = update.game.id, update.position
    if step is None:
        items = layout(game, position, [o for o in orders if o.button], True)
        for item in _within(items, ROWS - 1 if many else ROWS):
            view.add_item(item)
    if many:
        view.add_item(step_select(game, position, many, step or Step(), amounts))
    return view


def _within(items: list[discord.ui.Item], rows: int) -> list[discord.ui.Item]:
    """The menus first, then the buttons, as many as ``rows`` rows hold."""
    menus = [i for i in items if not isinstance(i, ActionButton)][:rows]
    buttons = [i for i in items if isinstance(i, ActionButton)]
    return [*buttons[: (rows - len(menus)) * PER_ROW], *menus]


def _tagged(order: Order, side: str) -> Order:
    return Order(order.key, f"{side}: {order.label}", order.action, order.kind, order.button)


def _fit(items: list[discord.ui.Item], *, room_for_panel: bool) -> list[discord.ui.Item]:
    """Drop trailing buttons so the panel button still fits in the last row."""
    if not room_for_panel:
        return items
    buttons = [i for i in items if isinstance(i, ActionButton)]
    menus = [i for i in items if not isinstance(i, ActionButton)]
    room = (ROWS - len(menus)) * PER_ROW - 1
    return [*buttons[: max(room, 0)], *menus]
