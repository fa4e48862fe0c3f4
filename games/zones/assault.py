"""The strong Zulus of the zone game: an assault massed on one British zone at a time.

The built-in Zulus (``policy``) move every force a step nearer the closest British zone, so
they reach the British a few at a time and are shot down piecemeal in the fire phase that
follows their move. These pick one British zone to break each turn, the one whose fall is
worth most for the fewest British counters seen there, and bring every force that is not
already fighting into the zones beside it (or as near them as a move goes), entering from
the board edge nearest it. Melee, advances, random fire and the hospital fire are the
built-in Zulus'. They choose on what the Zulu player sees: British zones and counters, and
the ground's VP, never what lies under a stack's top.
"""

from __future__ import annotations

from games.core.engine import JSON, Order
from games.zones import policy
from games.zones.board import Board
from games.zones.limits import may_enter
from games.zones.orders import legal
from games.zones.state import ZULU, State, board_of

FAR = 10**6


def choose(s: State) -> JSON:
    orders = legal(s, ZULU)
    if s["phase"] == "C" and not s["pending"]:
        found = _massing(s, orders)
        if found is not None:
            return found.action
    return policy.choose_from(s, ZULU, orders)


def target(s: State) -> str | None:
    """The British zone to break: worth most (its VP, and each side beside it the Zulus may
    stand on) for the fewest British counters seen in it."""
    board = board_of(s)
    best: tuple[float, str] | None = None
    for zone, stack in sorted(s["stacks"].items()):
        around = _around(s, board, zone)
        if not around:
            continue
        objective = board.objective_of(zone)
        worth = (objective.vp if objective else 0) + len(around)
        score = worth / len(stack)
        if best is None or score > best[0]:
            best = (score, zone)
    return None if best is None else best[1]


def _around(s: State, board: Board, zone: str) -> list[str]:
    """The zones beside ``zone`` the Zulus may stand on to melee into it."""
    return [n for n in board.neighbours(zone) if n not in s["stacks"] and may_enter(s, ZULU, n)]


def _fighting(s: State, board: Board, zone: str) -> bool:
    return any(n in s["stacks"] for n in board.neighbours(zone))


def _massing(s: State, orders: list[Order]) -> Order | None:
    """An entry or move that brings Zulus into, or nearer, the zones beside the target."""
    aim = target(s)
    if aim is None:
        return None
    board = board_of(s)
    around = _around(s, board, aim)

    def distance(zone: str) -> int:
        found = board.steps(zone, around)
        return FAR if found is None else found

    entries = [o for o in orders if o.kind == "enter"]
    if entries:
        return min(entries, key=lambda o: (distance(o.action["path"][-1]), -o.action["sp"]))
    best: tuple[tuple[int, int], Order] | None = None
    for order in orders:
        if order.kind != "move" or order.action["path"][-1] == "off":
            continue
        origin, dest = order.action["from"], order.action["path"][-1]
        if origin in around or _fighting(s, board, origin):
            continue
        if distance(dest) >= distance(origin):
            continue
        key = (distance(dest), -order.action["sp"])
        if best is None or key < best[0]:
            best = (key, order)
    return None if best is None else best[1]
