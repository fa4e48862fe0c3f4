"""Thousands of random legal games of both battles, solo and two-player, checked after every
order against what no legal play may break.

Each game is seeded, so a failure names the game that reproduces it. The British pick random
legal orders (sometimes with smaller amounts or fewer units than listed); in two-player games
the Zulus do too. Either side sometimes takes the built-in policy's order instead, so that
games reach melee, charges, the burning hospital and the night turns. After every order:

- no exception, and every listed order is carried out;
- 2.1, 2.2, 10.6, 13.4: who may stand where, and no zone over its limit; 3.3: every Zulu zone
  shows 1 to 10 SP a counter, and no more counters than the mix holds; 10.2: no zone holds
  both sides;
- 3.4, 9.4, 9.4.1, 17.2.1: Zulu warriors on the board, on the loss track, held off board and
  away (10.7) add up to 90 plus the 17.2.1 increase;
- 15.3: a Zulu leader is somewhere or dead, and the dead stay dead;
- 9.3, 9.3.1: a British unit's SP only fall, except one replacement SP a unit and two a turn;
  eliminated units never return;
- 5.1, 10.2, 13.4, 16.1: the four VP units of Rorke's Drift are on the map or eliminated;
- the state survives a JSON round trip;
- now and then, no viewer is shown a secret not theirs (3.1).

Two thousand games under the full Hypothesis profile (tests/profiles.py), fewer under a
smaller one.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.core.dice import Dice, derived_seed
from games.core.engine import Order
from games.core.errors import RuleError
from games.zones import policy
from games.zones.forces import load_forces
from games.zones.orders import legal
from games.zones.state import COUNTER_LIMIT, COUNTER_MAX, State, board_of, limit_sp, place_british
from games.zones.system import SYSTEM
from tests.profiles import scaled
from tests.zones.helpers import SEED, arrange, arrange_zulus
from tests.zones.test_hidden_and_play import leaks

GAMES = scaled(2000)
"""Random games per run."""

ORDER_LIMIT = 5000
"""More orders than any game of 16 turns needs: a game still going after this many is stuck."""

WARRIORS = 90
"""3.4: the Zulu warrior SP of either battle, leaders apart."""

VP_UNITS = 4
"""5.1: the VP units of Rorke's Drift; Isandlwana has none."""

REPLACEMENTS = 2
"""9.3: replacement SP a turn at Rorke's Drift."""

LEAK_AUDITS = 0.003
"""The share of positions audited for a secret shown to a viewer who may not know it (3.1),
and for order labels and keys too long for Discord."""

ISANDLWANA_LIMITS = {"british": 16, "zulu": 30}
"""2.2: SP a side may have in any Isandlwana zone."""

BUILDING_LIMIT = 8
BUILDINGS = frozenset("LMNOGHD")
"""2.2: SP a side may have in each Rorke's Drift building and the redoubt."""


@dataclass(frozen=True)
class Config:
    mode: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.mode}:{self.scenario}" + (f":{extra}" if extra else "")


CONFIGS = [
    Config("two-player", "rorkes-drift"),
    Config(
        "two-player",
        "rorkes-drift",
        {"dalton_bourne_lead": True, "bourne_charge": True, "more_fire": True},
    ),
    Config("two-player", "rorkes-drift", {"charts": True, "more_zulus": 10, "extra_vp": 2}),
    Config("two-player", "rorkes-drift", {"survival_levels": True, "leaders_carry_15": True}),
    Config("two-player", "isandlwana"),
    Config("two-player", "isandlwana", {"exit": True, "extra_vp": 3, "leaders_carry_15": True}),
    Config("two-player", "isandlwana-free", {"laager": True, "more_fire": True}),
    Config("solo", "rorkes-drift"),
    Config("solo", "rorkes-drift", {"more_zulus": 10, "charts": True, "bourne_charge": True}),
    Config("solo", "isandlwana"),
    Config("solo", "isandlwana", {"exit": True, "more_fire": True}),
    Config("solo", "isandlwana", {"charts": True, "more_zulus": 7, "no_vp_win": True}),
    Config("solo", "isandlwana-free"),
    Config("solo", "isandlwana-free", {"laager": True, "survival_levels": True}),
]


# --------------------------------------------------------------------------- the checks


def warriors(s: State) -> int:
    zulu = s["zulu"]
    board = sum(z["sp"] for z in zulu["zones"].values())
    return board + zulu["loss"] + zulu["held"] + zulu["away"]


def _zones(s: State) -> list[str]:
    """2.1, 2.2, 3.3, 10.2, 10.6 and 13.4 for every occupied zone."""
    found = []
    board = board_of(s)
    rorke = s["battle"] == "rorkes-drift"
    burned = s["hospital_fire"] is not None and s["hospital_fire"] >= 5
    for zone, here in s["zulu"]["zones"].items():
        data = board.zone(zone)
        sp, counters = here["sp"], here["counters"]
        if not sp and not here["leaders"]:
            found.append(f"an empty Zulu zone {zone} is kept")
        if not 0 <= here["moved_sp"] <= sp:
            found.append(f"zone {zone}: moved SP {here}")
        if not math.ceil(sp / COUNTER_MAX) <= counters <= sp:
            found.append(f"3.3: {sp} SP cannot show on {counters} counters in {zone}")
        if not data.zulu or data.kind == "mountain":
            found.append(f"2.2, 10.6: Zulus in zone {zone}")
        if burned and "hospital" in data.roles:
            found.append(f"13.4: Zulus in burned {zone}")
        if s["stacks"].get(zone):
            found.append(f"10.2: both sides in zone {zone}")
        if (rorke and zone in BUILDINGS and sp > BUILDING_LIMIT) or (
            not rorke and sp > ISANDLWANA_LIMITS["zulu"]
        ):
            found.append(f"2.2: {sp} Zulu SP in {zone}")
    counters = sum(z["counters"] for z in s["zulu"]["zones"].values())
    if counters > COUNTER_LIMIT:
        found.append(f"3.3: {counters} Zulu counters on the map")
    for zone, stack in s["stacks"].items():
        data = board.zone(zone)
        if not stack:
            found.append(f"an empty British stack in {zone} is kept")
        if not data.british or data.kind == "mountain":
            found.append(f"2.1, 10.6: British in zone {zone}")
        if burned and "hospital" in data.roles:
            found.append(f"13.4: British in burned {zone}")
        total = sum(limit_sp(s, u) for u in stack)
        if (rorke and zone in BUILDINGS and total > BUILDING_LIMIT) or (
            not rorke and total > ISANDLWANA_LIMITS["british"]
        ):
            found.append(f"2.2: {total} British SP in {zone}")
    return found


def _british(s: State, before: State) -> list[str]:
    """The stacks match the units; SP only fall but for 9.3's replacements; the dead stay dead.
    Units the order left alone were checked when they last changed."""
    found = []
    placed = {u: zone for zone, stack in s["stacks"].items() for u in stack}
    if len(placed) != sum(len(stack) for stack in s["stacks"].values()):
        found.append("a unit stands in two stacks")
    zones = {u: unit["zone"] for u, unit in s["units"].items() if unit["zone"] is not None}
    if placed != zones:
        found.append(
            f"the stacks and the units disagree: {set(placed.items()) ^ set(zones.items())}"
        )
    replaced = s["replaced"]
    if not len(replaced) == len(set(replaced)) <= REPLACEMENTS:
        found.append(f"9.3: replaced {replaced}")
    new_turn = s["turn"] != before["turn"]
    for unit in load_forces(s["battle"]).british:
        now, then = s["units"][unit.id], before["units"][unit.id]
        if now == then and before is not s:
            continue
        if then["zone"] is None and now["zone"] is not None:
            found.append(f"{unit.id} came back")
        if unit.kind == "vp":
            if now["sp"]:
                found.append(f"VP unit {unit.id} has SP")
            continue
        if now["zone"] is not None and now["sp"] not in (unit.sp, unit.reduced or unit.sp):
            found.append(f"3.2: {unit.id} shows {now['sp']} SP")
        gained = now["sp"] - then["sp"]
        fresh = unit.id in replaced and (new_turn or unit.id not in before["replaced"])
        if gained > 0 and not (gained == 1 and fresh):
            found.append(f"9.3.1: {unit.id} went from {then['sp']} to {now['sp']} SP")
    return found


def _zulu(s: State, before: State) -> list[str]:
    """3.4, 9.4.1, 17.2.1: the warrior total; 15.3: every leader once, the dead for good."""
    found = []
    zulu = s["zulu"]
    force = WARRIORS + s["options"]["more_zulus"]
    if zulu["force"] != force:
        found.append(f"17.2.1: the force is {zulu['force']}, not {force}")
    found += [f"{where} is {zulu[where]}" for where in ("loss", "held", "away") if zulu[where] < 0]
    total = warriors(s)
    if total != force:
        found.append(f"3.4: {total} Zulu warrior SP in all, not {force}")
    leaders = [x for z in zulu["zones"].values() for x in z["leaders"]]
    leaders += zulu["leaders_off"] + zulu["leaders_away"] + zulu["leaders_dead"]
    if sorted(leaders) != sorted(x.id for x in load_forces(s["battle"]).zulu.leaders):
        found.append(f"15.3: Zulu leaders {sorted(leaders)}")
    if set(before["zulu"]["leaders_dead"]) - set(zulu["leaders_dead"]):
        found.append("15.3: dead Zulu leaders came back")
    return found


def _vp_units(s: State) -> list[str]:
    """5.1, 10.2, 13.4: Rorke's Drift's four VP units are on the map or counted eliminated."""
    if s["battle"] != "rorkes-drift":
        return [] if s["vp_units_lost"] == 0 else ["VP units lost at Isandlwana"]
    vp = [u.id for u in load_forces(s["battle"]).british if u.kind == "vp"]
    on_map = sum(1 for u in vp if s["units"][u]["zone"] is not None)
    if len(vp) != VP_UNITS or on_map + s["vp_units_lost"] != VP_UNITS:
        return [f"{on_map} VP units on the map and {s['vp_units_lost']} eliminated"]
    return []


LEAVES = frozenset({str, int, bool, type(None)})


def json_exact(value: Any) -> bool:
    """Whether ``value`` comes back equal from a JSON round trip: only dicts with string keys,
    lists, strings, whole numbers, finite floats, booleans and None. The walk is several times
    quicker than the round trip it stands for, which the last state of each game also gets."""
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str or not (type(item) in LEAVES or json_exact(item)):
                return False
        return True
    if kind is list:
        for item in value:
            if not (type(item) in LEAVES or json_exact(item)):
                return False
        return True
    if kind is float:
        return math.isfinite(value)
    return kind in LEAVES


def check(s: State, before: State) -> None:
    """Every invariant of the module docstring, for the position ``s`` reached from ``before``."""
    found = _zones(s) + _british(s, before) + _zulu(s, before) + _vp_units(s)
    if not json_exact(s):
        found.append("the state does not survive JSON")
    if found:
        raise AssertionError("; ".join(found))


# --------------------------------------------------------------------------- the players


def _some(rng: random.Random, items: list[Any]) -> list[Any]:
    """A non-empty random selection of ``items`` in their order (all of them when only one)."""
    if len(items) <= 1:
        return list(items)
    chosen = [x for x in items if rng.random() < 0.6]
    return chosen or [rng.choice(items)]


def smaller(action: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The order with a smaller amount or fewer units, which the rules may refuse; None when
    it has nothing to shrink."""
    kind = action["type"]
    out = dict(action)
    if kind in ("enter", "zmove", "advance") and "sp" in action and action["sp"] > 1:
        out["sp"] = rng.randint(1, action["sp"])
        fewest = math.ceil(out["sp"] / COUNTER_MAX)
        out["counters"] = rng.randint(fewest, min(out["sp"], fewest + 5))
        if action.get("leaders"):
            out["leaders"] = [x for x in action["leaders"] if rng.random() < 0.5]
        return out
    if kind == "melee" and "sp" in action and action["sp"] > 0:
        out["sp"] = rng.randint(0, action["sp"])
        out["leaders"] = [x for x in action["leaders"] if rng.random() < 0.7]
        return out
    if kind in ("move", "fire", "melee", "advance", "charge", "volley") and "units" in action:
        if len(action["units"]) > 1:
            out["units"] = _some(rng, action["units"])
            return out
    if kind == "random_fire":
        [(zone, dice)] = action["shots"].items()
        out["shots"] = {zone: rng.randint(1, dice)}
        return out
    return None


@dataclass
class Tally:
    games: int = 0
    orders: int = 0
    refused: int = 0
    turns: Counter[int] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)


def choose(s: State, side: str, rng: random.Random, lean: float) -> tuple[dict, bool]:
    """A random legal order, or the policy's with chance ``lean``; the flag says whether it
    came straight from the listed orders (and so must be carried out). The random order
    picks a family first (move, regroup, end...), so the many ways to regroup or move do
    not crowd out the rest."""
    orders = legal(s, side)
    assert orders, f"the {side} player is to act but has no orders"
    if rng.random() < LEAK_AUDITS:
        assert all(len(o.label) <= 80 and len(o.key) <= 60 for o in orders)
    if rng.random() < lean:
        return policy.choose_from(s, side, orders), True
    by_kind: dict[str, list[Order]] = {}
    for order in orders:
        by_kind.setdefault(order.kind, []).append(order)
    action = rng.choice(by_kind[rng.choice(sorted(by_kind))]).action
    if rng.random() < 0.25:
        shrunk = smaller(action, rng)
        if shrunk is not None:
            return shrunk, False
    return action, True


def play(config: Config, game: int, tally: Tally) -> State:
    rng = random.Random(f"{config.name}:{game}")
    dice = Dice(derived_seed(SEED, config.name, game))
    options = dict(config.options, solitaire=config.mode == "solo")
    s = SYSTEM.new(config.scenario, options, dice).state
    check(s, s)
    lean = {"british": rng.uniform(0.35, 0.75), "zulu": rng.uniform(0.4, 0.9)}
    for _ in range(ORDER_LIMIT):
        acting = SYSTEM.to_act(s)
        if not acting:
            break
        [side] = acting
        action, listed = choose(s, side, rng, lean[side])
        try:
            after = SYSTEM.apply(s, side, action, dice).state
        except RuleError:
            assert not listed, f"a listed order was refused: {action}"
            tally.refused += 1
            continue
        tally.orders += 1
        tally.kinds[action["type"]] += 1
        check(after, s)
        s = after
        if rng.random() < LEAK_AUDITS:
            assert leaks(s) == [], f"game {game} of {config.name} shows a secret"
    assert SYSTEM.result(s) is not None, f"game {game} of {config.name} did not end"
    assert json.loads(json.dumps(s)) == s
    tally.games += 1
    tally.turns[s["turn"]] += 1
    return s


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
def test_random_legal_games_hold_every_invariant(config: Config) -> None:
    at = CONFIGS.index(config)
    tally = Tally()
    for game in range(at, GAMES, len(CONFIGS)):
        play(config, game, tally)
    print(f"{config.name}: {tally}")


# --------------------------------------------------------------------------- planted faults


def _rorke() -> State:
    s = arrange("rorkes-drift", 4, "C")
    for unit_id in list(s["stacks"]["D"]):  # the redoubt's garrison has fallen back
        place_british(s, unit_id, "C")
        s["units"][unit_id]["start"] = "C"
    s = arrange_zulus(s, {"13": (20, 2, ["dabulamanzi"]), "D": (6, 1, [])})
    s["zulu"]["leaders_dead"] = ["uthulwana"]
    s["zulu"]["leaders_off"].remove("uthulwana")
    s["units"]["b1"]["sp"] = 1
    return s


def _isandlwana() -> State:
    return arrange("isandlwana", 4, "C", {"15": ["h1", "h2"]}, {"20": (25, 3, [])})


def _lose_a_warrior(s: State) -> None:
    s["zulu"]["zones"]["13"]["sp"] -= 1


def _heal_without_replacement(s: State) -> None:
    s["units"]["b1"]["sp"] = 2


def _lose_a_vp_unit(s: State) -> None:
    place_british(s, "vp1", None)


def _overfill_an_isandlwana_zone(s: State) -> None:
    s["zulu"]["zones"]["20"]["sp"] += 6
    s["zulu"]["zones"]["20"]["counters"] += 1
    s["zulu"]["held"] -= 6


def _overfill_a_building(s: State) -> None:
    s["zulu"]["zones"]["D"]["sp"] += 3
    s["zulu"]["held"] -= 3


def _raise_a_dead_leader(s: State) -> None:
    s["zulu"]["leaders_dead"] = []
    s["zulu"]["leaders_off"].append("uthulwana")


def _split_past_the_mix(s: State) -> None:
    s["zulu"]["zones"]["13"]["sp"] = 44
    s["zulu"]["zones"]["13"]["counters"] = 44
    s["zulu"]["held"] -= 24


def _both_sides_in_a_zone(s: State) -> None:
    place_british(s, "b2", "13")


def _a_unit_in_two_stacks(s: State) -> None:
    s["stacks"]["J"].append("b4")


def _a_tuple(s: State) -> None:
    s["fired"] = [("1", "2")]


FAULTS = [
    (_rorke, _lose_a_warrior, "3.4: 89 Zulu warrior SP in all, not 90"),
    (_rorke, _heal_without_replacement, "9.3.1: b1 went from 1 to 2 SP"),
    (_rorke, _lose_a_vp_unit, "3 VP units on the map and 0 eliminated"),
    (_isandlwana, _overfill_an_isandlwana_zone, "2.2: 31 Zulu SP in 20"),
    (_rorke, _overfill_a_building, "2.2: 9 Zulu SP in D"),
    (_rorke, _raise_a_dead_leader, "15.3: dead Zulu leaders came back"),
    (_rorke, _split_past_the_mix, "3.3: 45 Zulu counters on the map"),
    (_rorke, _both_sides_in_a_zone, "10.2: both sides in zone 13"),
    (_rorke, _a_unit_in_two_stacks, "a unit stands in two stacks"),
    (_rorke, _a_tuple, "does not survive JSON"),
]


@pytest.mark.parametrize(
    ("position", "fault", "caught"), FAULTS, ids=[f[1].__name__ for f in FAULTS]
)
def test_a_planted_fault_is_caught(position: Any, fault: Any, caught: str) -> None:
    s = position()
    check(s, s)
    broken = copy.deepcopy(s)
    fault(broken)
    with pytest.raises(AssertionError, match=re.escape(caught)):
        check(broken, s)


def test_the_json_walk_agrees_with_a_round_trip() -> None:
    s = _rorke()
    assert json_exact(s) and json.loads(json.dumps(s)) == s
    for bad in ({1: "x"}, ("a",), float("nan"), {"a": [{"b": {2}}]}):
        assert not json_exact(bad)
