"""The hospital phase at Rorke's Drift (13.1-13.4).

From the turn of the first Zulu melee into a hospital zone the Zulu player rolls one die
each hospital phase (13.1); the marker moves along the fire track (13.2) and the hospital
has burned down in box 5 (13.3). Everyone still inside then dies: British counters for
good, Zulu warriors onto the loss track, Zulu leaders for good (13.4, 15.3). No one may
enter the burned hospital again (13.4, applied in :mod:`games.zones.limits`).
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.errors import RuleError
from games.zones.charts import load_charts
from games.zones.state import (
    Log,
    State,
    board_of,
    note_loss,
    place_british,
    unit_data,
    victory_sp,
)


def burning(s: State) -> bool:
    """Whether the hospital phase has a roll to make this turn."""
    track = load_charts().fire_track
    return (
        s["battle"] == "rorkes-drift"
        and s["hospital_melee"]
        and s["hospital_fire"] < track.burned_at
    )


def check_roll(s: State) -> None:
    if s["phase"] != "H" or not burning(s):
        raise RuleError(
            "The fire die is rolled in the hospital phase, once the Zulus have meleed into "
            "the hospital and until it has burned down (rule 13.1)."
        )


def roll(s: State, dice: Dice, log: Log) -> None:
    check_roll(s)
    track = load_charts().fire_track
    die = dice.d6("Hospital fire")
    before = s["hospital_fire"]
    s["hospital_fire"] = track.after(before, die)
    log.say(f"Hospital fire die: {die}; the fire track goes from {before} to {s['hospital_fire']}.")
    if s["hospital_fire"] >= track.burned_at:
        _burn_down(s, log)


def _burn_down(s: State, log: Log) -> None:
    log.say("The hospital has burned down: no one may enter it again (rule 13.4).")
    for zone in board_of(s).with_role("hospital"):
        for unit_id in list(s["stacks"].get(zone, [])):
            data = unit_data(s, unit_id)
            if data.kind == "vp":
                s["vp_units_lost"] += 1
            else:
                lost = victory_sp(s, unit_id)
                s["british_lost"] += lost
                note_loss(s, zone, lost)
            place_british(s, unit_id, None)
            log.say(f"{data.name} dies in the flames.")
        here = s["zulu"]["zones"].pop(zone, None)
        if here:
            s["zulu"]["loss"] += here["sp"]
            s["zulu"]["leaders_dead"] += here["leaders"]
            note_loss(s, zone, here["sp"])
            log.say(f"The Zulus in zone {zone} die in the flames.")
