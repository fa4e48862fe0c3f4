"""The bot's orders: a plain policy for either side, from the legal orders only.

British: take hits and ammunition marks as suggested, replace what can be replaced, hold
their ground, fire the biggest volley or fire group at the first target listed, and melee
and advance where they can. Zulus: bring on as much as may enter, leaders first, move each
force one step nearer the closest British zone, melee and advance wherever possible, roll
the hospital fire, and fire at the zone with the most British SP (as 18.1.2 does). In a
solitaire game the Zulus' only order is ``solo``.
"""

from __future__ import annotations

from games.core.engine import JSON, Order
from games.zones.orders import legal
from games.zones.state import BRITISH, State, board_of, british_in, victory_sp

FIRST = ("solo", "hits", "ammo", "replace", "volley", "fire", "melee", "advance", "burn")


def choose(s: State, side: str) -> JSON:
    return choose_from(s, side, legal(s, side))


def choose_from(s: State, side: str, orders: list[Order]) -> JSON:
    """The policy's pick among ``orders``, the legal orders of ``side`` already listed."""
    if not orders:
        raise ValueError(f"the {side} player has no orders in this position")
    by_kind: dict[str, list[Order]] = {}
    for order in orders:
        by_kind.setdefault(order.kind, []).append(order)
    for kind in FIRST:
        if kind in by_kind:
            return by_kind[kind][0].action
    if "enter" in by_kind:
        return max(
            by_kind["enter"], key=lambda o: (len(o.action["leaders"]), o.action["sp"])
        ).action
    if side != BRITISH and "move" in by_kind:
        closer = _closer_moves(s, by_kind["move"])
        if closer:
            return closer[0].action
    if "random-fire" in by_kind:
        return max(by_kind["random-fire"], key=lambda o: _british_sp(s, o)).action
    return by_kind["end"][0].action


def _closer_moves(s: State, moves: list[Order]) -> list[Order]:
    """Zulu moves that end nearer the closest British zone than they start, nearest first."""
    board = board_of(s)
    british = list(s["stacks"])
    if not british:
        return []

    def distance(zone: str) -> int:
        found = board.steps(zone, british)
        return 10**6 if found is None else found

    found = [
        (distance(o.action["path"][-1]), o)
        for o in moves
        if o.action["path"][-1] != "off"
        and distance(o.action["path"][-1]) < distance(o.action["from"])
    ]
    return [o for _, o in sorted(found, key=lambda pair: pair[0])]


def _british_sp(s: State, order: Order) -> int:
    zone = next(iter(order.action["shots"]))
    return sum(victory_sp(s, u) for u in british_in(s, zone))
