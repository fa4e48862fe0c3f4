"""The bot's orders: a plain policy for either side, from the legal orders only.

British: take hits and ammunition marks as suggested, replace what can be replaced, hold
their ground, and fire the biggest volley or fire group at the first target listed. Zulus:
bring on as much as may enter, leaders first, fire at the zone with the most British SP
(as the solitaire rule 18.1.2 does) and otherwise end the phase.
"""

from __future__ import annotations

from games.core.engine import JSON, Order
from games.zones.orders import legal
from games.zones.state import State, british_in, victory_sp


def choose(s: State, side: str) -> JSON:
    orders = legal(s, side)
    if not orders:
        raise ValueError(f"the {side} player has no orders in this position")
    by_kind: dict[str, list[Order]] = {}
    for order in orders:
        by_kind.setdefault(order.kind, []).append(order)
    for kind in ("solo", "hits", "ammo", "replace", "volley", "fire"):
        if kind in by_kind:
            return by_kind[kind][0].action
    if "enter" in by_kind:
        return max(
            by_kind["enter"], key=lambda o: (len(o.action["leaders"]), o.action["sp"])
        ).action
    if "random-fire" in by_kind:
        return max(by_kind["random-fire"], key=lambda o: _british_sp(s, o)).action
    return by_kind["end"][0].action


def _british_sp(s: State, order: Order) -> int:
    zone = next(iter(order.action["shots"]))
    return sum(victory_sp(s, u) for u in british_in(s, zone))
