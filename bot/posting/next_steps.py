"""How a player gives each order open now: the slash command for orders too many for
buttons, per system, so a post that waits for someone says what they can do and with what."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.core.engine import Order

CommandFor = Callable[[Order], str]
"""The slash command that gives an order not offered as a button."""

LAST_STAND_COMMANDS = {
    "place": "/laststand move",
    "move": "/laststand move",
    "aim": "/laststand fire",
    "attack": "/laststand attack",
}


def last_stand_command(order: Order) -> str:
    return LAST_STAND_COMMANDS.get(order.kind, "/game order")


ZONES_SUBCOMMAND = {
    "place": "move",
    "hits": "losses",
    "ammo": "losses",
    "random-fire": "randomfire",
}
"""The /zones subcommand for each kind of order whose name differs from its kind."""


def zones_subcommand(order: Order) -> str:
    if order.key.startswith("escort."):
        return "escort"
    return ZONES_SUBCOMMAND.get(order.kind, order.kind)


def zones_command(order: Order) -> str:
    return f"/zones {zones_subcommand(order)}"


def ways(orders: Iterable[Order], command_for: CommandFor | None) -> str:
    """The ways to give these orders, shortest first: commands, then buttons, then the
    private panel; empty when there is no order."""
    orders = list(orders)
    found = sorted(
        {f"`{command_for(o)}`" for o in orders if not o.button and command_for is not None}
    )
    if any(o.button and not o.private for o in orders) or (
        command_for is None and any(not o.button for o in orders)
    ):
        found.append("the buttons below" if command_for else "the buttons below or `/game order`")
    if any(o.private for o in orders):
        found.append("**My orders** (private)")
    if len(found) < 2:
        return "".join(found)
    return ", ".join(found[:-1]) + " or " + found[-1]
