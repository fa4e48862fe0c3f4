"""The position of a zone game as JSON-ready data, and the small questions asked of it.

Shape (every key always present)::

    battle, scenario      "rorkes-drift" | "isandlwana"; the scenario id (7.1 free set-up)
    options               the optional rules (games.zones.options)
    level                 how well the bot plays its sides (games.core.levels)
    turn, phase           1-16; a letter of 8.1 ("B" on turn 1 is the British set-up, 4.1)
    units                 British counters by id: zone (None once gone), sp (current face),
                          start (zone at the start of the turn), moved (this turn),
                          ammo (turn its Ammo Depleted marker went on, or None),
                          battery_moved (the battery shows its Moved side, 3.2)
    stacks                zone -> British unit ids, the top one first (3.1)
    zulu                  zones: zone -> {sp, counters, leaders, moved_sp, moved_leaders};
                          force (warrior SP in all: 90, more under 17.2.1),
                          loss (the public loss track: SP lost since the last Zulu move),
                          held (warrior SP off board and free to enter), away (SP that left
                          the board this turn, 10.7), leaders_off, leaders_away, leaders_dead
    fired                 [from, target] pairs already fired this phase (11.2)
    fired_units           British ids that fired this phase
    replaced              units that took a replacement SP this turn (9.3.1)
    hospital_melee        the Zulus have meleed into a hospital zone (10.8, 13.1)
    hospital_fire         box of the hospital fire track (Rorke's Drift), None at Isandlwana
    pending               None or a choice the British owe before play goes on
                          (ammunition marks, hits to allocate)
    british_lost          British SP lost so far (public)
    vp                    the Zulu VP total (16.1, 16.2), made of: vp_units_lost (VP units
                          killed), kept (objective -> VP won for good), terrain (VP of ground
                          held at the last turn's end) and deductions (costly turns)
    exited                British SP that left the board under 17.4 (the battery as 1)
    control               zone -> the side that last moved into or through it (16.1)
    melee                 None, or the bookkeeping of the melee phase (games.zones.melee)
    solo                  the solitaire Zulus' progress through their move (18.1.4.1)
    charge, charged       the bayonet charge under way (games.zones.charge), and the
                          leaders who have charged this turn
    result                None or {winner, summary}
    last, now             {moves: [[from, to]], losses: {zone: SP}} of the last phase that
                          had any, and of the phase under way

A Zulu zone is kept as its total and its number of counters: any split of the total into
that many counters of 1 to 10 SP (3.3, 3.5.1) stands for it, so the counters' faces are
never stored apart from the total they must add up to.
"""

from __future__ import annotations

import marshal
from math import ceil
from typing import Any

from games.zones.board import Board, load_board, map_of
from games.zones.charts import load_charts
from games.zones.forces import BritishUnit, Forces, load_forces
from games.zones.options import RULES_OPTION
from games.zones.schema import Battle

State = dict[str, Any]

BRITISH = "british"
ZULU = "zulu"
SIDES = (BRITISH, ZULU)

COUNTER_LIMIT = 43
"""Warrior counters in the mix (forces.json: 9 + 6 + 4 + 4 + 8 + 12): never more on the map."""

COUNTER_MAX = 10
"""The largest warrior counter (3.3)."""


def copy_state(s: State) -> State:
    """A fresh copy of a state, by a round trip through ``marshal``: several times quicker
    than ``copy.deepcopy``, which matters since every order copies the state, and it refuses
    anything but plain data."""
    return marshal.loads(marshal.dumps(s))


def battle_of(s: State) -> Battle:
    return s["battle"]


def map_id_of(s: State) -> str:
    """The map this game is played on: its battle's, as read under its revision."""
    return map_of(s["battle"], s["options"][RULES_OPTION])


def board_of(s: State) -> Board:
    return load_board(map_id_of(s))


def forces_of(s: State) -> Forces:
    return load_forces(s["battle"])


def unit_data(s: State, unit_id: str) -> BritishUnit:
    return load_forces(s["battle"]).unit(unit_id)


def is_night(s: State) -> bool:
    return load_charts().turn(s["battle"], s["turn"]).light == "night"


def on_board(s: State) -> list[str]:
    """Ids of British units still in play, in order of battle."""
    return [u.id for u in forces_of(s).british if s["units"][u.id]["zone"] is not None]


def british_in(s: State, zone: str) -> list[str]:
    """The British stack in ``zone``, top first."""
    return list(s["stacks"].get(zone, []))


def limit_sp(s: State, unit_id: str) -> int:
    """SP a unit counts toward zone limits: the battery 1 (3.2), leaders 0 at Isandlwana (2.2),
    1 at Rorke's Drift (notes: leaders-and-building-limits), VP units 0."""
    data = unit_data(s, unit_id)
    if data.kind == "vp":
        return 0
    if data.kind == "leader":
        return 0 if s["battle"] == "isandlwana" else 1
    if data.counts_as is not None:
        return data.counts_as
    return s["units"][unit_id]["sp"]


def victory_sp(s: State, unit_id: str) -> int:
    """SP a unit counts toward the British total of 16.1 and 16.2 (the battery as 1)."""
    data = unit_data(s, unit_id)
    return data.counts_as or s["units"][unit_id]["sp"]


def british_total(s: State) -> int:
    return sum(victory_sp(s, u) for u in on_board(s))


def zulu_zone(s: State, zone: str) -> dict[str, Any] | None:
    return s["zulu"]["zones"].get(zone)


def zulu_sp(s: State, zone: str) -> int:
    found = zulu_zone(s, zone)
    return found["sp"] if found else 0


def zulu_present(s: State, zone: str) -> bool:
    found = zulu_zone(s, zone)
    return bool(found and (found["sp"] or found["leaders"]))


def british_present(s: State, zone: str) -> bool:
    return bool(s["stacks"].get(zone))


def only_vp_units(s: State, zone: str) -> bool:
    stack = british_in(s, zone)
    return bool(stack) and all(unit_data(s, u).kind == "vp" for u in stack)


def zulu_board_sp(s: State) -> int:
    return sum(z["sp"] for z in s["zulu"]["zones"].values())


def counters_on_board(s: State) -> int:
    return sum(z["counters"] for z in s["zulu"]["zones"].values())


def fit_counters(sp: int, wanted: int) -> int:
    """The counter count nearest ``wanted`` that can show ``sp``: 1 to 10 SP each (3.3)."""
    if sp <= 0:
        return 0
    return max(ceil(sp / COUNTER_MAX), min(wanted, sp))


def counters_after(s: State, origin: str | None, dest: str | None, sp: int, counters: int) -> int:
    """Warrior counters on the map once ``sp`` SP on ``counters`` counters go from ``origin``
    (None: from off board) to ``dest`` (None: off the board), as take_zulus and add_zulus
    would show them; splitting a counter can add to the total."""
    total = counters_on_board(s)
    if origin is not None:
        here = s["zulu"]["zones"][origin]
        total += fit_counters(here["sp"] - sp, here["counters"] - counters) - here["counters"]
    if dest is not None:
        there = s["zulu"]["zones"].get(dest, {"sp": 0, "counters": 0})
        total += fit_counters(there["sp"] + sp, there["counters"] + counters) - there["counters"]
    return total


def add_zulus(s: State, zone: str, sp: int, counters: int, leaders: list[str], moved: bool) -> None:
    """Put warriors and leaders into ``zone``; those that moved cannot move again this phase."""
    entry = s["zulu"]["zones"].setdefault(
        zone, {"sp": 0, "counters": 0, "leaders": [], "moved_sp": 0, "moved_leaders": []}
    )
    entry["sp"] += sp
    entry["counters"] = fit_counters(entry["sp"], entry["counters"] + counters)
    entry["leaders"] = sorted(entry["leaders"] + leaders)
    if moved:
        entry["moved_sp"] += sp
        entry["moved_leaders"] = sorted(entry["moved_leaders"] + leaders)


def take_zulus(s: State, zone: str, sp: int, counters: int, leaders: list[str]) -> None:
    """Take warriors and leaders out of ``zone``, leaving the rest on as few or as many
    counters as still fit, and clearing the zone once it is empty."""
    entry = s["zulu"]["zones"][zone]
    entry["sp"] -= sp
    entry["counters"] = fit_counters(entry["sp"], entry["counters"] - counters)
    entry["leaders"] = [x for x in entry["leaders"] if x not in leaders]
    entry["moved_leaders"] = [x for x in entry["moved_leaders"] if x not in leaders]
    entry["moved_sp"] = min(entry["moved_sp"], entry["sp"])
    if not entry["sp"] and not entry["leaders"]:
        del s["zulu"]["zones"][zone]


def place_british(s: State, unit_id: str, zone: str | None) -> None:
    """Move a British counter to ``zone`` (None: off the map); it goes under the stack there,
    so the top the British player chose stays on top."""
    old = s["units"][unit_id]["zone"]
    if old is not None:
        s["stacks"][old].remove(unit_id)
        if not s["stacks"][old]:
            del s["stacks"][old]
    s["units"][unit_id]["zone"] = zone
    if zone is not None:
        s["stacks"].setdefault(zone, []).append(unit_id)


def note_move(s: State, origin: str, dest: str) -> None:
    pair = [origin, dest]
    if pair not in s["now"]["moves"]:
        s["now"]["moves"].append(pair)


def note_loss(s: State, zone: str, sp: int) -> None:
    if sp:
        s["now"]["losses"][zone] = s["now"]["losses"].get(zone, 0) + sp


class Log:
    """What an order did: lines for everyone, and lines for one side's eyes only."""

    def __init__(self) -> None:
        self.public: list[str] = []
        self.private: dict[str, list[str]] = {}

    def say(self, text: str) -> None:
        self.public.append(text)

    def tell(self, side: str, text: str) -> None:
        self.private.setdefault(side, []).append(text)
