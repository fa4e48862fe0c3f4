"""How a player gives each order open now, so a post that waits for someone says what they
can do and with what: buttons, the private panel (which also offers, step by step, the
orders too many for buttons), or the slash command a system's pairing names for those, as a
shortcut."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.core.engine import Order

CommandFor = Callable[[Order], str]
"""The slash command that gives an order not offered as a button."""


def ways(orders: Iterable[Order], command_for: CommandFor | None) -> str:
    """The ways to give these orders: the buttons, then the private panel, then the slash
    commands that are shortcuts to what the panel offers; empty when there is no order."""
    orders = list(orders)
    found = []
    if any(o.button and not o.private for o in orders):
        found.append("the buttons below")
    if any(o.private or not o.button for o in orders):
        found.append("**My orders** (private)")
    commands = sorted(
        {f"`{command_for(o)}`" for o in orders if not o.button and command_for is not None}
    )
    if any(not o.button for o in orders) and command_for is None:
        commands = ["`/game order`"]
    found += commands
    if len(found) < 2:
        return "".join(found)
    return ", ".join(found[:-1]) + " or " + found[-1]
