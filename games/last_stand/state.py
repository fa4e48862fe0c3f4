"""The game state as JSON-ready data, and the questions every rule asks of it.

Shape::

    turn, phase, first ("move" | "combat" once Phase IV is announced),
    british: {id: {hex, strength, square}}   hex None = off the map (waiting or gone)
    wagon: hex | None (captured), colours: waiting | shown | sent away | held back | captured,
    zulus: {id: hex | "east" | "west"}       a part name = recycled, waiting to re-enter,
    done: what has moved or fired this phase, pending: an order awaiting a choice,
    marks: {before, now}: moves and hits of the last phase and this one, for the map,
    result: None | {winner, summary},
    rules: the rules revision the game was started under (see RULES),
    level: how well the bot plays its sides (games.core.levels),
    bot: the revision of the strong bot's play the game was started with (see BOT)
"""

from __future__ import annotations

from typing import Any

from games.last_stand.board import order_of_battle

JSON = dict[str, Any]

STACK_LIMIT = 8
BRITISH_MA = 4
ZULU_MA = 6
ZULU_STRENGTH = 6
LAST_TURN = 6
FIRST_RULES = 1
RULES = 2
"""Rules revisions: a game keeps the revision it started under, so a fix that changes what
is legal never changes a game already running, nor its replay from the log. Revision 2: only
a Zulu that attacked the emptied hex may advance into it (8.7), and the Zulu player picks
which unit of a stack takes a hit (8.3.2)."""
RULES_OPTION = "rules"
"""The game option that carries the revision into the logged set-up; a set-up logged
without it is the first revision's."""
FIRST_BOT = 1
BOT = 2
"""Revisions of the strong bot's play on either side, kept by each game like the rules
revision, so a game's log replays with the orders its bot gave. Revision 2: a leader walks
off alone from a company worn down to a few SP (``strong.walk_off``), and the strong Zulus
attack where the defence is weakest (``assault``)."""
BOT_OPTION = "bot"
"""The game option that carries the bot's revision into the logged set-up; a set-up logged
without it is the first revision's."""
PHASES = ("zulu_move", "reaction", "zulu_attack", "british_4", "british_5", "sniping", "leaders")
PHASE_TITLES = {
    "setup": "British set-up",
    "arrivals": "Turn 2 arrivals",
    "zulu_move": "I. Zulu Movement",
    "reaction": "II. British Reaction",
    "zulu_attack": "III. Zulu Attack",
    "british_4": "IV. British Movement or Combat",
    "british_5": "V. British Combat or Movement",
    "sniping": "VI. Zulu Sniping",
    "leaders": "VII. British Leader Fatalities",
    "over": "Game over",
}


def units() -> dict[str, JSON]:
    """Every British combat unit and leader from the order of battle, by id."""
    oob = order_of_battle()
    found = {u["id"]: {**u, "leader": False} for u in oob["combat_units"]}
    found.update({u["id"]: {**u, "leader": True, "strength": 0} for u in oob["leaders"]})
    return found


UNITS = units()
COMBAT_IDS = tuple(u for u, d in UNITS.items() if not d["leader"])
LEADER_IDS = tuple(u for u, d in UNITS.items() if d["leader"])
RECYCLED = ("east", "west")
"""Where eliminated Zulus wait to re-enter: not hexes, but the two parts of the map (8.8)."""
STATIC = "stiz"
"""St. Iz never moves, forms square or fires (7.9)."""


def name(unit: str) -> str:
    return UNITS[unit]["name"] if unit in UNITS else "a Zulu unit"


def rolled_as(unit: str) -> str:
    """The name a unit's rolls carry in their purpose: its name, unless a stored game's
    dice name it otherwise (the rule book's "Durnfurd")."""
    return UNITS[unit].get("rolled_as", name(unit)) if unit in UNITS else name(unit)


def clone(state: JSON) -> JSON:
    """A copy deep enough that changing it never touches the original."""
    return {
        **state,
        "british": {k: dict(v) for k, v in state["british"].items()},
        "zulus": dict(state["zulus"]),
        "done": {
            k: (dict(v) if isinstance(v, dict) else list(v)) for k, v in state["done"].items()
        },
        "marks": {"before": state["marks"]["before"], "now": list(state["marks"]["now"])},
        "pending": dict(state["pending"]) if state["pending"] else state["pending"],
    }


def fresh_done() -> JSON:
    return {
        "moved": [],
        "fired": {},
        "shot": [],
        "attacked": [],
        "onrush": [],
        "targets": [],
        "mp": {},
    }


def zulus_by_hex(state: JSON) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for zulu, where in state["zulus"].items():
        if where not in RECYCLED:
            found.setdefault(where, []).append(zulu)
    return found


def british_by_hex(state: JSON) -> dict[str, list[str]]:
    """Combat units and leaders on the map, by hex (the wagon and Colours are separate)."""
    found: dict[str, list[str]] = {}
    for unit, data in state["british"].items():
        if data["hex"]:
            found.setdefault(data["hex"], []).append(unit)
    return found


def combat_units_at(state: JSON, hex_: str) -> list[str]:
    return [u for u, d in state["british"].items() if d["hex"] == hex_ and not UNITS[u]["leader"]]


def stack_strength(state: JSON, hex_: str) -> int:
    return sum(state["british"][u]["strength"] for u in combat_units_at(state, hex_))


def colours_hex(state: JSON) -> str | None:
    return state["wagon"] if state["colours"] == "shown" else None


def massacred(state: JSON) -> bool:
    """4.3: no British combat unit or leader left on the map."""
    return not any(d["hex"] for d in state["british"].values())


def strength_text(state: JSON, unit: str) -> str:
    data = state["british"][unit]
    if UNITS[unit]["leader"]:
        return name(unit)
    square = ", in square" if data.get("square") else ""
    return f"{name(unit)} ({data['strength']}{square})"


def phase_kind(state: JSON) -> str:
    """What the current phase is about: IV and V are movement or combat as announced (5.6)."""
    phase = state["phase"]
    if phase == "british_4":
        return {"move": "british_move", "combat": "british_combat", None: "announce"}[
            state["first"]
        ]
    if phase == "british_5":
        return "british_combat" if state["first"] == "move" else "british_move"
    return phase


def rules(state: JSON) -> int:
    """The rules revision this game plays under."""
    return int(state["rules"])
