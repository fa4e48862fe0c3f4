"""Control of ground and the Zulu victory points (16.1, 16.2).

A zone is held by the side with units in it; an empty zone by the side that last moved
into or through it (16.1). Terrain scores at the end of each turn (phase I). At Rorke's
Drift the hospital (all four zones, or burned down) and the water cart are kept once won;
the kraal needs A and B at once; the redoubt D is worth 10. The water cart keeps the value
of the turn at whose end the Zulus first held it (notes: water-cart-at-night). Each VP unit
killed is 1 VP. A turn with 47 or more Zulu SP lost costs 1 VP; at Rorke's Drift only when
the Zulus have VP, never going below 0; at Isandlwana the total may go negative.
"""

from __future__ import annotations

from games.zones.charts import load_charts
from games.zones.state import (
    BRITISH,
    ZULU,
    Log,
    State,
    board_of,
    british_present,
    british_total,
    zulu_present,
)

WIN_VP = 14
FALLING = 10
COSTLY_TURN = 47
EXIT_VP, EXIT_SP = 5, 12
"""17.4: VP off the Zulu total for every 12 British SP taken off the board."""
LEVELS = (
    (28, BRITISH, "British victory"),
    (19, ZULU, "Zulu marginal victory"),
    (10, ZULU, "Zulu tactical victory"),
    (0, ZULU, "Zulu decisive victory"),
)
"""17.3: the least British SP for each level at the end of the game."""


def end_of_game(s: State) -> dict[str, str]:
    """The result after turn 16: survival (16.1, 16.2), or the level of 17.3."""
    if not s["options"]["survival_levels"]:
        return {"winner": BRITISH, "summary": "The British held out to the end of turn 16."}
    total = british_total(s)
    _, winner, name = next(level for level in LEVELS if total >= level[0])
    return {"winner": winner, "summary": f"{name}: {total} British SP survive (rule 17.3)."}


def holder(s: State, zone: str) -> str | None:
    if british_present(s, zone):
        return BRITISH
    if zulu_present(s, zone):
        return ZULU
    return s["control"].get(zone)


def terrain(s: State) -> int:
    """VP for ground the Zulus hold now, the kept objectives apart."""
    total = 0
    for objective in board_of(s).objectives:
        if objective.kept_once_won:
            continue
        if all(holder(s, z) == ZULU for z in objective.zones):
            total += objective.vp
    return total


def keep(s: State, log: Log) -> None:
    """Objectives won for good at this turn's end: the hospital and the water cart."""
    for objective in board_of(s).objectives:
        if not objective.kept_once_won or objective.id in s["kept"]:
            continue
        burned = objective.id == "hospital" and s["hospital_fire"] >= 5
        if burned or all(holder(s, z) == ZULU for z in objective.zones):
            vp = objective.vp
            if objective.night_vp_from_turn_record:
                vp = load_charts().turn(s["battle"], s["turn"]).water_cart_vp or 0
            s["kept"][objective.id] = vp
            log.say(f"The Zulus win the {objective.id.replace('-', ' ')} for good: {vp} VP.")


def refresh(s: State) -> None:
    """The VP total as the chart shows it."""
    earned = sum(s["kept"].values()) + s["terrain"] + s["vp_units_lost"]
    total = earned - s["deductions"] - EXIT_VP * (s["exited"] // EXIT_SP)
    s["vp"] = max(0, total) if s["battle"] == "rorkes-drift" else total


def check(s: State, log: Log) -> None:
    """Phase I: score the turn, then the two Zulu ways to win (16.1, 16.2)."""
    keep(s, log)
    s["terrain"] = terrain(s)
    refresh(s)
    if s["zulu"]["loss"] >= COSTLY_TURN and (s["battle"] == "isandlwana" or s["vp"] >= 1):
        s["deductions"] += 1
        refresh(s)
        log.say(f"The Zulus lost {s['zulu']['loss']} SP this turn: 1 VP is taken off.")
    options = s["options"]
    if options["survival_levels"]:
        return
    total = british_total(s)
    needed = WIN_VP + options["extra_vp"]
    if total < FALLING and not options["exit"]:
        summary = f"The British are down to {total} SP, below {FALLING}: the Zulus win."
    elif not options["no_vp_win"] and s["vp"] >= needed:
        summary = f"The Zulus have {s['vp']} VP: they win."
    else:
        return
    s["result"] = {"winner": ZULU, "summary": summary}
    log.say(summary)
