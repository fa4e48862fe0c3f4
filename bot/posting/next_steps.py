"""How a player gives each order open now, so a post that waits for someone says what they
can do and with what: buttons, the private panel, or the slash command a system's pairing
names for orders too many for buttons."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.core.engine import Order

CommandFor = Callable[[Order], str]
"""The slash command that gives an order not offered as a button."""


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
