"""The strong British of the zone game: a commander who plays with intent.

The built-in British (``policy``) hold their ground, fire at the first target listed and
leave a building to advance after every melee. These keep a plan:

- *Drawn in* (bot revision 2, ``HOLD_SINCE_2`` and ``POSTS``). At Rorke's Drift both
  leaders set up with the foot of J and C in the yard F, in front of the storehouse, and it
  is held as a strongpoint. F touches the redoubt D, the storehouse G and its roof H: Zulus
  left to stand there may melee 8 SP into each of the three every turn (12.5), and no fire
  keeps a zone that any number may fill from filling again. Held, F is attacked across
  walls from B, 8 and 9, and the volleys meet whatever comes through E. At Isandlwana the
  camp gives up its salient 17 and holds 15, 16 and 23. Against the strong Zulus the strong
  British then won 48% of 200 games at Rorke's Drift, where they had won none, and 42% at
  Isandlwana, where they had won 4% (``tests.bench.balance``).
- *Strongpoints.* Each battle names the zones worth holding and how many foot SP to keep
  there (``HOLD``): at Rorke's Drift the water cart J (5 VP for good once lost by day),
  where both leaders stand ready to volley into I and K, the redoubt D (10 VP), the
  storehouse G (replacements, and nobody fires into it) and its roof H; at Isandlwana the
  camp under the mountain. Foot in no strongpoint (at Rorke's Drift the men posted in
  front of the storehouse, C), or in one above its share, moves into or towards the one
  that lacks most; the leaders stay with their volley groups. The water cart keeps 6 SP
  of foot, fewer than the roof with its leaders counted: the Zulus' random fire hits J on
  5-6 (11.3.1), and a garrison of 4 or 8 lost more games (measured with
  ``tests.bench.balance``, 200 games a row).
- *Healing.* A reduced unit goes into the storehouse, since only units that start a turn
  there take replacements (9.3.1); when it is full, a whole unit steps out to take the
  reduced one's place first.
- *The wounded.* Once 10.8 lets VP units move, their escort takes them, one zone a turn,
  towards the keep (the strongpoints without a building's cap), only into a zone fewer
  Zulus stand next to.
- *Fire.* Each zone fires at the target where its dice are likely to do the most, counting
  Zulu counters next to British zones double, since those attack next.
- *Melee.* Every British attack is made, since the Zulus have already rolled theirs and an
  attack costs nothing more (12.2); a unit advances after melee only to retake ground worth
  VP, and never out of a building or the redoubt.
- *Bayonet charges* only into a lone Zulu counter without a leader next to a strongpoint,
  with at least 3 SP behind the leader, since a leader hit is lost for good (14.5).

It reads only what the British may see: Zulu counters and leaders, never their strengths.
"""

from __future__ import annotations

from games.core.engine import JSON, Order
from games.zones import fire
from games.zones.charts import load_charts
from games.zones.melee import BUILDINGS
from games.zones.options import BOT_OPTION
from games.zones.orders import legal
from games.zones.state import BRITISH, State, board_of, british_in, unit_data, zulu_present

HOLD: dict[str, dict[str, int]] = {
    "rorkes-drift": {"J": 6, "D": 8, "G": 8, "H": 8},
    "isandlwana": {"16": 16, "15": 16, "17": 16, "23": 12},
}
"""Foot SP to keep in each strongpoint, by battle, most important first. At Isandlwana the
camp's three VP zones under the mountain (15, 16, 17: 12 of the 18 VP) and the wagon park
that closes them. A strongpoint never gives up men below its share to one more important:
at Rorke's Drift, thinning the storehouse to refill the water cart lost more games than it
saved (measured)."""

HOLD_SINCE_2: dict[str, dict[str, int]] = {
    "rorkes-drift": {**HOLD["rorkes-drift"], "F": 8},
    "isandlwana": {"16": 16, "15": 16, "23": 16},
}
"""Strongpoints from bot revision 2. At Rorke's Drift the yard F joins them. At Isandlwana
the camp draws in to the three zones that touch one another, 15, 16 and the wagon park 23,
and gives up 17, the salient towards the road: held, it let Zulus from five more zones (12,
18, 21, 22, 28) melee the camp every turn. 11, 12 and 17 give the Zulus 10 VP; to reach 14
they must take 15 or 16 (23 is worth none)."""

YARD = ("chard", "bromhead", "bourne", "dalton", "sick2", "nnc")
POSTS: dict[str, dict[str, str]] = {"rorkes-drift": dict.fromkeys(YARD, "F")}
"""From bot revision 2, where units set up instead of their suggested posts (5.1 lets the
British set up in any lettered zone): the two leaders, the two foot who stood with them in
the water cart J and the two in front of the storehouse C, all in the yard F."""

FIRST = ("hits", "ammo", "replace")
"""Orders taken whenever they are offered, before any plan."""


def choose(s: State) -> JSON:
    return choose_from(s, legal(s, BRITISH))


def choose_from(s: State, orders: list[Order]) -> JSON:
    """The plan's pick among the British's legal ``orders``."""
    if not orders:
        raise ValueError("the british player has no orders in this position")
    by_kind: dict[str, list[Order]] = {}
    for order in orders:
        by_kind.setdefault(order.kind, []).append(order)
    for kind in FIRST:
        if kind in by_kind:
            return by_kind[kind][0].action
    post = _post(s, by_kind.get("place", []))
    if post is not None:
        return post.action
    for pick in (_escort, _heal, _garrison):
        found = pick(s, by_kind.get("move", []))
        if found is not None:
            return found.action
    shots = by_kind.get("volley", []) + by_kind.get("fire", [])
    if shots:
        return max(shots, key=lambda o: _shot_value(s, o)).action
    if "melee" in by_kind:
        return by_kind["melee"][0].action
    advance = _advance(s, by_kind.get("advance", []))
    if advance is not None:
        return advance.action
    charge = _charge(s, by_kind.get("charge", []))
    if charge is not None:
        return charge.action
    return by_kind["end"][0].action


# --------------------------------------------------------------------------- moves


def _bot_since_2(s: State) -> bool:
    """Whether the game is played by bot revision 2 or later (``options.BOT``), not to be
    confused with the rules revision of ``options.revised``."""
    return bool(s["options"][BOT_OPTION] >= 2)


def _hold(s: State) -> dict[str, int]:
    return (HOLD_SINCE_2 if _bot_since_2(s) else HOLD)[s["battle"]]


def _post(s: State, places: list[Order]) -> Order | None:
    """At set-up, a unit going to its post (``POSTS``) from the suggested one."""
    posts = POSTS.get(s["battle"], {}) if _bot_since_2(s) else {}
    for order in places:
        if posts.get(order.action["unit"]) == order.action["zone"]:
            return order
    return None


def _infantry(s: State, units: list[str]) -> list[str]:
    return [u for u in units if unit_data(s, u).kind not in ("vp", "leader")]


def _sp_in(s: State, zone: str) -> int:
    """The SP a strongpoint counts: its foot, not its leaders (who stay with their volley
    groups) nor its VP units."""
    return sum(s["units"][u]["sp"] for u in _infantry(s, british_in(s, zone)))


def _short(s: State) -> dict[str, int]:
    """Strongpoints and the SP each still lacks."""
    return {z: want - _sp_in(s, z) for z, want in _hold(s).items() if _sp_in(s, z) < want}


def _spare(s: State, zone: str, sp: int) -> bool:
    """Whether ``sp`` foot may leave ``zone``: anything outside the strongpoints but the
    wounded's escort, and a strongpoint's men above its share."""
    if any(unit_data(s, u).kind == "vp" for u in british_in(s, zone)):
        return False  # the wounded's escort stays with them (10.8)
    hold = _hold(s)
    return zone not in hold or _sp_in(s, zone) - sp >= hold[zone]


def _moving(order: Order) -> tuple[list[str], str]:
    return order.action["units"], order.action["path"][-1]


def _origin(s: State, units: list[str]) -> str:
    return s["units"][units[0]]["zone"]


def _danger(s: State, zone: str) -> int:
    """Zulu counters and leaders in the zones next to ``zone``: what may melee into it."""
    board = board_of(s)
    total = 0
    for near in board.neighbours(zone):
        found = s["zulu"]["zones"].get(near)
        if found:
            total += int(found["counters"]) + len(found["leaders"])
    return total


def _keep(s: State) -> list[str]:
    """Where the wounded are safest: the strongpoints without a building's cap."""
    return [z for z in _hold(s) if board_of(s).zone(z).kind not in BUILDINGS] or list(_hold(s))


def _escort(s: State, moves: list[Order]) -> Order | None:
    """VP units moving with their escort (10.8) out of the hospital towards the keep: into
    a zone no Zulu can melee into this turn, or at least one fewer can."""
    board = board_of(s)
    keep = _keep(s)
    best: tuple[tuple[int, int], Order] | None = None
    for order in moves:
        units, dest = _moving(order)
        if dest == "off" or not any(unit_data(s, u).kind == "vp" for u in units):
            continue
        origin = _origin(s, units)
        here = (_danger(s, origin), board.steps(origin, keep) or 0)
        there = (_danger(s, dest), board.steps(dest, keep) or 0)
        if zulu_present(s, dest) or there >= here:
            continue
        if best is None or there < best[0]:
            best = (there, order)
    return None if best is None else best[1]


def _heal(s: State, moves: list[Order]) -> Order | None:
    """A reduced foot unit steps into the storehouse, where replacements reach it (9.3.1);
    when the storehouse is full, a whole unit there first steps out to take its place."""
    if "G" not in _hold(s):
        return None
    reduced = {
        u
        for u in _infantry(s, list(s["units"]))
        if s["units"][u]["zone"] not in (None, "G")
        and s["units"][u]["sp"] < unit_data(s, u).sp
        and not s["units"][u]["moved"]
    }
    for order in moves:
        units, dest = _moving(order)
        if dest == "G" and len(units) == 1 and units[0] in reduced:
            return order
    wanted = {s["units"][u]["zone"] for u in reduced}
    for order in moves:
        units, dest = _moving(order)
        whole = all(s["units"][u]["sp"] == unit_data(s, u).sp for u in units)
        if _origin(s, units) == "G" and dest in wanted and len(units) == 1 and whole:
            if board_of(s).is_adjacent(dest, "G") and dest in _hold(s):
                return order
    return None


def _garrison(s: State, moves: list[Order]) -> Order | None:
    """Foot not needed where it stands moving into, or towards, the strongpoint that lacks
    most: a move that arrives first, then one that gets nearer."""
    short = _short(s)
    if not short:
        return None
    board = board_of(s)
    rank = {zone: i for i, zone in enumerate(_hold(s))}
    best: tuple[tuple[int, int, int, int], Order] | None = None
    for order in moves:
        units, dest = _moving(order)
        if dest == "off" or _infantry(s, units) != units:
            continue
        origin = _origin(s, units)
        sp = sum(s["units"][u]["sp"] for u in units)
        for target in sorted(short, key=rank.__getitem__):
            if target == origin or not _spare(s, origin, sp):
                continue
            before, after = board.steps(origin, [target]), board.steps(dest, [target])
            if before is None or after is None or after >= before:
                continue
            if after == 0 and sp > short[target] + 1:
                continue
            key = (after, rank[target], -sp, before)
            if best is None or key < best[0]:
                best = (key, order)
            break
    return None if best is None else best[1]


# --------------------------------------------------------------------------- fire


def _threat(s: State, zone: str) -> int:
    """Zulu counters in ``zone``, doubled when they stand next to British zones."""
    found = s["zulu"]["zones"].get(zone)
    if not found:
        return 0
    counters = int(found["counters"]) + len(found["leaders"])
    near = any(british_in(s, n) for n in board_of(s).neighbours(zone))
    return counters * (2 if near else 1)


def _shot_value(s: State, order: Order) -> float:
    """Expected hits of a fire or volley order, weighted by the threat of its target."""
    action = order.action
    target = action["target"]
    units = action["units"]
    origin = _origin(s, [action.get("leader", units[0])])
    if action["type"] == "volley":
        dice = fire.VOLLEY_ROUNDS * sum(s["units"][u]["sp"] for u in [action["leader"], *units])
        face = load_charts().hit_by_range[1]
    else:
        dice = sum(s["units"][u]["sp"] for u in units)
        face = fire.hit_number(s, origin, target) or 7
    chance = max(0, 7 - face) / 6
    return dice * chance * (1 + _threat(s, target))


# --------------------------------------------------------------------------- melee


def _advance(s: State, advances: list[Order]) -> Order | None:
    """Advance only from open ground into an emptied zone worth VP or into a strongpoint."""
    board = board_of(s)
    for order in advances:
        units = order.action.get("units")
        if not units:
            continue
        origin, dest = _origin(s, units), order.action["to"]
        if board.zone(origin).kind in BUILDINGS or origin in _hold(s):
            continue
        if dest in _hold(s) or board.objective_of(dest) is not None:
            return order
    return None


def _charge(s: State, charges: list[Order]) -> Order | None:
    """A charge under way stops once its zone is empty or it would go on; a new one goes
    only into a lone counter without a leader, next to a strongpoint."""
    by_type = {o.action["type"]: o for o in charges}
    if "charge_stop" in by_type:
        target = s["charge"]["target"]
        found = s["zulu"]["zones"].get(target)
        if "charge_on" in by_type and found and found["counters"] <= 1:
            return by_type["charge_on"]
        return by_type["charge_stop"]
    for order in charges:
        action = order.action
        if action["type"] != "charge" or sum(s["units"][u]["sp"] for u in action["units"]) < 3:
            continue
        found = s["zulu"]["zones"].get(action["target"])
        if not found or found["counters"] > 1 or found["leaders"]:
            continue
        if any(n in _hold(s) for n in board_of(s).neighbours(action["target"])):
            return order
    return None
