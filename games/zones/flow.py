"""The sequence of play (8.1): 16 turns of phases A to J, and what happens between them.

Phase A (British replacements) and H (hospital) belong to Rorke's Drift only. Phases in
which the side to act has nothing to do pass by themselves, so play never waits on an
empty phase. On turn 1 phase B is the British set-up (4.1) and there is no melee at
Isandlwana (6.3).

"""

from __future__ import annotations

from collections.abc import Callable

from games.zones import charge, hospital, melee, solitaire, victory
from games.zones.charts import load_charts
from games.zones.state import BRITISH, ZULU, Log, State

LAST_TURN = 16

PHASE_NAMES = {step.step: step.name for step in load_charts().sequence}


def phases(s: State) -> list[str]:
    return [step.step for step in load_charts().sequence if s["battle"] in step.battles]


def phase_title(s: State) -> str:
    if s["turn"] == 1 and s["phase"] == "B":
        return "B British set-up"
    return f"{s['phase']} {PHASE_NAMES[s['phase']]}"


def no_melee(s: State) -> bool:
    """6.3: no melee, and so no bayonet charge, on turn 1 at Isandlwana."""
    return s["battle"] == "isandlwana" and s["turn"] == 1


def actor(s: State) -> str | None:
    """The side whose orders the current phase waits for."""
    if s["result"]:
        return None
    if s["pending"]:
        return BRITISH
    if s["phase"] == "F":
        return melee.actor(s) if s["melee"] else None
    if s["phase"] == "G":
        if no_melee(s):
            return None
        return BRITISH if s["charge"] or charge.leaders_ready(s) else None
    if s["phase"] == "H":
        return ZULU if hospital.burning(s) else None
    return {"A": BRITISH, "B": BRITISH, "C": ZULU, "D": BRITISH, "E": ZULU}.get(s["phase"])


def end_phase(s: State, log: Log, has_orders: Callable[[State], bool]) -> None:
    """Leave the current phase and run on until a phase with something to do, or the end."""
    _leave(s)
    while True:
        order = phases(s)
        at = order.index(s["phase"])
        if at + 1 == len(order):
            _end_turn(s, log)
            if s["result"]:
                return
            s["phase"] = order[0]
        else:
            s["phase"] = order[at + 1]
        _enter(s, log)
        if s["result"]:
            return
        if actor(s) is not None and has_orders(s):
            return
        _leave(s)


def _enter(s: State, log: Log) -> None:
    if s["phase"] == "C":
        s["solo"] = solitaire.fresh() if s["options"]["solitaire"] else None
        returned = s["zulu"]["loss"]
        s["zulu"]["held"] += returned
        s["zulu"]["loss"] = 0
        for zone in s["zulu"]["zones"].values():
            zone["moved_sp"] = 0
            zone["moved_leaders"] = []
        if returned:
            log.say(f"{returned} Zulu SP leave the loss track to come back as replacements.")
    elif s["phase"] in ("D", "E"):
        s["fired"] = []
        s["fired_units"] = []
    elif s["phase"] == "F":
        s["melee"] = None if no_melee(s) else melee.fresh()
    elif s["phase"] == "G":
        s["charged"] = []
    elif s["phase"] == "I":
        victory.check(s, log)


def _leave(s: State) -> None:
    """Close a phase: its moves and losses become the record the map shows."""
    if s["now"]["moves"] or s["now"]["losses"]:
        s["last"] = s["now"]
    s["now"] = {"moves": [], "losses": {}}
    s["melee"] = None
    s["charge"] = None
    if s["phase"] == "D":
        for unit in s["units"].values():
            if unit["ammo"] is not None and unit["ammo"] < s["turn"]:
                unit["ammo"] = None


def _start_turn(s: State) -> None:
    s["replaced"] = []
    for unit in s["units"].values():
        unit["start"] = unit["zone"]
        unit["moved"] = False
        unit["battery_moved"] = False
    zulu = s["zulu"]
    zulu["held"] += zulu["away"]
    zulu["away"] = 0
    zulu["leaders_off"] = sorted(zulu["leaders_off"] + zulu["leaders_away"])
    zulu["leaders_away"] = []


def _end_turn(s: State, log: Log) -> None:
    if s["turn"] == LAST_TURN:
        s["result"] = victory.end_of_game(s)
        log.say(s["result"]["summary"])
        return
    s["turn"] += 1
    _start_turn(s)
    light = "night" if load_charts().turn(s["battle"], s["turn"]).light == "night" else "day"
    log.say(f"Turn {s['turn']} begins ({light}).")
