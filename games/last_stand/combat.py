"""Combat (8.0): British fire, Zulu attacks, hits and step losses, sniping, leader fatalities."""

from __future__ import annotations

from collections import deque

from games.core.dice import Dice
from games.core.errors import RuleError
from games.last_stand.board import board
from games.last_stand.movement import capture
from games.last_stand.state import (
    JSON,
    LAST_TURN,
    STATIC,
    UNITS,
    ZULU_STRENGTH,
    british_by_hex,
    colours_hex,
    combat_units_at,
    name,
    rolled_as,
    rules,
    zulus_by_hex,
)

ADVANCE_FROM_TARGET = 2
"""The rules revision from which only a Zulu that attacked the emptied hex advances (8.7)."""
CASUALTY_CHOICE = 2
"""The rules revision from which the Zulu player picks which unit of a stack a hit falls on
(8.3.2); the first revision gave it to the unit the attack named."""

MAX_RANGE = 3
MAX_DEFENCE = 6


def hits(roll: int, number: int) -> bool:
    """8.6: a roll at or under the hit number hits; 1 always hits and 6 always misses."""
    return roll == 1 or (roll != 6 and roll <= number)


def hit_on(number: int) -> str:
    """The hit number in words, kept on the die: a 1 always hits and a 6 always misses (8.6),
    so a number below 1 or above 5 is said as the roll that really decides."""
    if number <= 1:
        return "hit on 1 (a 1 always hits)" if number < 1 else "hit on 1"
    if number >= 6:
        return "hit on 5 or less (a 6 always misses)"
    return f"hit on {number} or less"


def fire_modifiers(state: JSON, unit: str, target: str, *, reaction: bool) -> list[tuple[str, int]]:
    """The named modifiers to one British unit's strength firing at ``target`` (8.3.1)."""
    b = board()
    here = state["british"][unit]["hex"]
    found: list[tuple[str, int]] = []
    reach = b.distance(here, target)
    if reach == 1:
        found.append(("range 1", 1))
    elif reach == 3:
        found.append(("range 3", -1))
    if state["british"][unit].get("square"):
        found.append(("in square", -1))
    if state["turn"] == LAST_TURN:
        wagon = state["wagon"]
        if not wagon or (here != wagon and here not in b.neighbours[wagon]):
            found.append(("turn 6 ammunition shortage", -1))
    if state["wagon"] is None and state["colours"] != "sent away":
        found.append(("ammunition wagon captured", -1))
    if not reaction and colours_hex(state) == here:
        found.append(("with the Queen's Colours", 1))
    if state["colours"] == "captured":
        found.append(("Queen's Colours captured", -1))
    return found


def fire_working(
    state: JSON, shots: dict[str, int], target: str, *, reaction: bool
) -> tuple[int, str]:
    """The hit number of a British fire and the sum that makes it, in words."""
    parts = []
    total = 0
    for unit, strength in shots.items():
        mods = fire_modifiers(state, unit, target, reaction=reaction)
        value = max(1, strength + sum(m for _, m in mods))
        total += value
        said = "".join(f" {'+' if m > 0 else '-'} {abs(m)} {why}" for why, m in mods)
        floor = " (never below 1)" if strength + sum(m for _, m in mods) < 1 else ""
        parts.append(f"{name(unit)} {strength}{said} = {value}{floor}")
    terrain = board().terrain[target]
    number = total - terrain.defence
    text = (
        "; ".join(parts)
        + f". Total {total} - {terrain.defence} defence ({terrain.name} {target}) = {number}: "
        + hit_on(number)
    )
    return number, text


def check_fire(state: JSON, target: str, shots: dict[str, int], *, reaction: bool) -> str:
    """Refuse an illegal fire (5.4, 8.2-8.5); return the Zulu unit that would be hit."""
    b = board()
    if target not in b:
        raise RuleError(f"{target} is not a hex on the map.")
    if not shots:
        raise RuleError("Name at least one unit to fire.")
    zulus = [z for z in zulus_by_hex(state).get(target, []) if z not in state["done"]["shot"]]
    if not zulus:
        raise RuleError(f"There is no Zulu in {target} that has not already been fired on.")
    for unit, strength in shots.items():
        data = state["british"].get(unit)
        if not data or not data["hex"] or UNITS[unit]["leader"]:
            raise RuleError(f"{name(unit)} is not a British combat unit on the map.")
        if unit == STATIC:
            raise RuleError("St. Iz never fires; it only defends (7.9).")
        used = state["done"]["fired"].get(unit, 0)
        if reaction:
            if used:
                raise RuleError(f"{name(unit)} has already fired this phase.")
            if strength != data["strength"]:
                raise RuleError("Reaction fire cannot be split: each unit fires its full strength.")
            if b.distance(data["hex"], target) != 1:
                raise RuleError(
                    f"Reaction fire is adjacent only; {target} is not next to "
                    f"{name(unit)} in {data['hex']}."
                )
        else:
            if strength < 1 or used + strength > data["strength"]:
                raise RuleError(
                    f"{name(unit)} has {data['strength'] - used} strength left to fire this phase."
                )
            reach = b.distance(data["hex"], target)
            if reach > MAX_RANGE:
                raise RuleError(f"{target} is {reach} hexes from {name(unit)}; range is 3.")
            if not b.line_of_sight(data["hex"], target):
                raise RuleError(f"Heights block the line from {data['hex']} to {target} (8.5).")
    return min(zulus)


def shooter_ready(state: JSON, unit: str, *, reaction: bool) -> bool:
    """A British combat unit on the map with strength left to fire this phase."""
    data = state["british"][unit]
    if not data["hex"] or UNITS[unit]["leader"] or unit == STATIC:
        return False
    used = state["done"]["fired"].get(unit, 0)
    return not (reaction and used) and data["strength"] - used >= 1


def can_fire_at(state: JSON, unit: str, target: str, *, reaction: bool) -> bool:
    if not shooter_ready(state, unit, reaction=reaction):
        return False
    here = state["british"][unit]["hex"]
    reach = board().distance(here, target)
    if reaction:
        return reach == 1
    return reach <= MAX_RANGE and board().line_of_sight(here, target)


def fire_targets(state: JSON, *, reaction: bool, unit: str | None = None) -> list[str]:
    """Hexes holding a Zulu not yet fired on that some (or the named) unit can hit."""
    b = board()
    shot = set(state["done"]["shot"])
    live = {h for h, zs in zulus_by_hex(state).items() if any(z not in shot for z in zs)}
    shooters = [unit] if unit else list(state["british"])
    found: set[str] = set()
    for shooter in shooters:
        if not shooter_ready(state, shooter, reaction=reaction):
            continue
        here = state["british"][shooter]["hex"]
        near = b.neighbours[here] if reaction else b.near(here, MAX_RANGE)
        found.update(h for h in near if h in live and (reaction or b.line_of_sight(here, h)))
    return sorted(found)


def resolve_fire(state: JSON, pending: JSON, dice: Dice, events: list[str]) -> None:
    target, zulu, number = pending["target"], pending["zulu"], pending["hit"]
    for unit, strength in pending["shots"].items():
        state["done"]["fired"][unit] = state["done"]["fired"].get(unit, 0) + strength
    state["done"]["shot"].append(zulu)
    roll = dice.d6(f"British fire at {target}")
    shooters = ", ".join(name(u) for u in pending["shots"])
    if hits(roll, number):
        kill_zulu(state, zulu)
        state["marks"]["now"].append({"k": "h", "s": "z", "x": target})
        verdict = "hit: the Zulu unit is eliminated and goes back to its onrush hexes (8.8)"
    else:
        state["marks"]["now"].append({"k": "x", "s": "z", "x": target})
        verdict = "miss"
    events.append(f"{shooters} fire at {target}: {pending['working']}. Rolled {roll}: {verdict}.")


def kill_zulu(state: JSON, zulu: str) -> None:
    """8.8: an eliminated Zulu returns through the onrush hexes of its part of the map."""
    state["zulus"][zulu] = board().side_of(state["zulus"][zulu])


# -- hits on the British -------------------------------------------------------


def take_step(state: JSON, unit: str, events: list[str]) -> str:
    """One step off a British unit (8.6); returns the words for what became of it."""
    data = state["british"][unit]
    hex_ = data["hex"]
    data["strength"] -= 1
    state["marks"]["now"].append({"k": "h", "s": "b", "x": hex_})
    if data["strength"] > 0:
        return f"{name(unit)} drops to {data['strength']}"
    data.update(hex=None, strength=0, square=False)
    if not combat_units_at(state, hex_):
        leaders_left_alone(state, hex_, events)
    return f"{name(unit)} is eliminated"


def leaders_left_alone(state: JSON, hex_: str, events: list[str]) -> None:
    """8.6: leaders without combat units go to the nearest British hex, if a way is open.

    Where several British hexes are equally near, the British player picks (a pending
    choice that waits behind any other, and holds the hex until it is made).
    """
    leaders = [u for u, d in state["british"].items() if d["hex"] == hex_ and UNITS[u]["leader"]]
    for leader in leaders:
        refuge = _nearest_refuges(state, hex_)
        if len(refuge) > 1:
            ask_refuge(state, leader, hex_, refuge, events)
        else:
            send_leader(state, leader, refuge[0] if refuge else None, events)


def ask_refuge(state: JSON, leader: str, hex_: str, refuge: list[str], events: list[str]) -> None:
    choice = {"leader": leader, "from": hex_, "to": refuge}
    pending = state["pending"]
    if pending and pending["kind"] == "refuge":
        pending["choices"] = [*pending["choices"], choice]
    else:
        state["pending"] = {
            "kind": "refuge",
            "side": "british",
            "choices": [choice],
            "resume": pending,
        }
    events.append(
        f"{name(leader)}, left alone in {hex_}, may make for {', '.join(refuge)}, all equally "
        "near: the British player picks (8.6)."
    )


def send_leader(state: JSON, leader: str, to: str | None, events: list[str]) -> None:
    """Move a stranded leader to his refuge, or lose him when none is open (8.6)."""
    where = state["british"][leader]["hex"]
    state["british"][leader]["hex"] = to
    if to:
        events.append(f"{name(leader)}, left alone in {where}, makes his way to {to} (8.6).")
    else:
        events.append(f"{name(leader)}, left alone in {where} and cut off, is killed (8.6).")


def next_refuge(state: JSON, events: list[str]) -> None:
    """Settle the waiting refuge choices that no longer need the player; stop at one that does.

    Each is looked at again, since hexes may have been emptied since it was asked.
    """
    pending = state["pending"]
    while pending["choices"]:
        choice = pending["choices"][0]
        refuge = _nearest_refuges(state, choice["from"])
        if len(refuge) > 1:
            pending["choices"][0] = {**choice, "to": refuge}
            return
        pending["choices"] = pending["choices"][1:]
        send_leader(state, choice["leader"], refuge[0] if refuge else None, events)
    state["pending"] = pending["resume"]


def _nearest_refuges(state: JSON, start: str) -> list[str]:
    b = board()
    zulus = zulus_by_hex(state)
    held = {h for h, units in british_by_hex(state).items() if combat_units_at(state, h)}
    seen = {start: 0}
    queue = deque([start])
    found: list[str] = []
    while queue:
        here = queue.popleft()
        if found and seen[here] >= seen[found[0]]:
            break
        for there in b.neighbours[here]:
            if there in seen or there in zulus or there in b.onrush:
                continue
            seen[there] = seen[here] + 1
            if there in held:
                found.append(there)
            queue.append(there)
    return sorted(found)


# -- Zulu attacks ----------------------------------------------------------------


def zulu_defence(state: JSON, unit: str) -> tuple[int, str]:
    """The modified defence of a British unit's hex against a Zulu attack (8.3.2)."""
    hex_ = state["british"][unit]["hex"]
    terrain = board().terrain[hex_]
    value, said = terrain.defence, [f"{terrain.defence} ({terrain.name} {hex_})"]
    if any(d["hex"] == hex_ for u, d in state["british"].items() if UNITS[u]["leader"]):
        value, said = value + 1, [*said, "+1 leader present"]
    if state["british"][unit].get("square"):
        value, said = value + 1, [*said, "+1 square"]
    if colours_hex(state) == hex_:
        value, said = value + 1, [*said, "+1 Queen's Colours"]
    if value > MAX_DEFENCE:
        value, said = MAX_DEFENCE, [*said, "capped at 6"]
    return value, " ".join(said)


def zulu_attackers(state: JSON) -> dict[str, list[str]]:
    """Zulu hexes that may still attack this phase, with the British units each can reach."""
    b = board()
    zulus = zulus_by_hex(state)
    targets = {
        h: [u for u in us if not UNITS[u]["leader"]] for h, us in british_by_hex(state).items()
    }
    found: dict[str, list[str]] = {}
    for hex_, here in zulus.items():
        if hex_ in b.onrush and hex_ in state["done"]["onrush"]:
            continue
        if all(z in state["done"]["attacked"] for z in here):
            continue
        reachable = [u for n in b.neighbours[hex_] for u in targets.get(n, [])]
        if reachable:
            found[hex_] = sorted(reachable)
    return found


def zulu_attack(state: JSON, origin: str, unit: str, dice: Dice, events: list[str]) -> None:
    options = zulu_attackers(state)
    if origin not in options:
        raise RuleError(
            f"No Zulu in {origin} can attack now. "
            f"Hexes that can: {', '.join(sorted(options)) or 'none'}."
        )
    if unit not in options[origin]:
        allowed = ", ".join(name(u) for u in options[origin])
        raise RuleError(f"The Zulu in {origin} can attack {allowed}; leaders are never targets.")
    zulu = min(z for z in zulus_by_hex(state)[origin] if z not in state["done"]["attacked"])
    state["done"]["attacked"].append(zulu)
    state["done"]["targets"].append(unit)
    target_hex = state["british"][unit]["hex"]
    if rules(state) >= ADVANCE_FROM_TARGET:
        state["done"].setdefault("struck", {})[zulu] = target_hex
    if origin in board().onrush:
        state["done"]["onrush"].append(origin)
    defence, said = zulu_defence(state, unit)
    number = ZULU_STRENGTH - defence
    roll = dice.d6(f"Zulu attack from {origin} on {name(unit)}")
    head = (
        f"Zulu in {origin} attacks {name(unit)} in {target_hex}: 6 - defence {said} "
        f"= {hit_on(number)}. Rolled {roll}: "
    )
    if hits(roll, number):
        stack = combat_units_at(state, target_hex)
        if rules(state) >= CASUALTY_CHOICE and len(stack) > 1:
            state["pending"] = {
                "kind": "casualty",
                "hex": target_hex,
                "unit": unit,
                "units": sorted(stack),
            }
            events.append(head + f"hit; the Zulu player picks which unit in {target_hex} takes it.")
            return
        fate = take_step(state, unit, events)
        events.append(head + f"hit, {fate}.")
        if not combat_units_at(state, target_hex):
            offer_advance(state, target_hex, events)
    else:
        state["marks"]["now"].append({"k": "x", "s": "b", "x": target_hex})
        events.append(head + "miss.")


def casualty(state: JSON, unit: str | None, events: list[str]) -> None:
    """8.3.2: the Zulu player gives a hit on a stack to any of its combat units; without a
    choice it falls on the unit the attack named. The others keep the hex, so no advance."""
    pending = state["pending"]
    unit = unit or pending["unit"]
    if unit not in pending["units"]:
        allowed = ", ".join(name(u) for u in pending["units"])
        raise RuleError(f"The hit in {pending['hex']} can fall on {allowed} (8.3.2).")
    state["pending"] = None
    events.append(f"The hit in {pending['hex']}: {take_step(state, unit, events)}.")


def offer_advance(state: JSON, hex_: str, events: list[str]) -> None:
    """8.7: one Zulu that attacked the emptied hex may advance into it."""
    zulus = zulus_by_hex(state)
    attackers = sorted(
        n for n in board().neighbours[hex_] if n in zulus and _advancers(state, zulus[n], hex_)
    )
    if attackers and not any(d["hex"] == hex_ for d in state["british"].values()):
        state["pending"] = {"kind": "advance", "hex": hex_, "from": attackers}
        events.append(f"{hex_} is empty of British combat units; a Zulu may advance into it.")


def advance(state: JSON, origin: str | None, events: list[str]) -> None:
    pending = state["pending"]
    state["pending"] = None
    if origin is None:
        events.append(f"The Zulus hold their ground rather than advance into {pending['hex']}.")
        return
    if origin not in pending["from"]:
        state["pending"] = pending
        raise RuleError(
            f"Only a Zulu that attacked can advance: from {', '.join(pending['from'])}."
        )
    zulu = min(_advancers(state, zulus_by_hex(state)[origin], pending["hex"]))
    state["zulus"][zulu] = pending["hex"]
    state["marks"]["now"].append({"k": "m", "s": "z", "p": [origin, pending["hex"]]})
    events.append(f"A Zulu advances from {origin} into {pending['hex']}.")
    if state["wagon"] == pending["hex"]:
        capture(state, events)


def _advancers(state: JSON, here: list[str], hex_: str) -> list[str]:
    """The Zulus among ``here`` that may advance into ``hex_``: from rules revision 2 only
    those that attacked it (8.7); the first revision let any Zulu that attacked advance."""
    if rules(state) >= ADVANCE_FROM_TARGET:
        struck = state["done"].get("struck", {})
        return [z for z in here if struck.get(z) == hex_]
    return [z for z in here if z in state["done"]["attacked"]]


# -- sniping and leader fatalities ---------------------------------------------------------


def snipe_targets(state: JSON) -> list[str]:
    """5.7: British combat units next to a Zulu (leaders never suffer hits)."""
    zulus = zulus_by_hex(state)
    b = board()
    return sorted(
        u
        for u, d in state["british"].items()
        if d["hex"] and not UNITS[u]["leader"] and any(n in zulus for n in b.neighbours[d["hex"]])
    )


def exposed_leaders(state: JSON) -> list[str]:
    zulus = zulus_by_hex(state)
    b = board()
    return [
        u
        for u, d in state["british"].items()
        if d["hex"] and UNITS[u]["leader"] and any(n in zulus for n in b.neighbours[d["hex"]])
    ]


def fatalities(state: JSON, dice: Dice, events: list[str]) -> None:
    """5.8: one die per leader next to a Zulu; 1 or 2 kills him."""
    for leader in exposed_leaders(state):
        roll = dice.d6(f"fatality roll for {rolled_as(leader)}")
        where = state["british"][leader]["hex"]
        if roll <= 2:
            state["british"][leader]["hex"] = None
            state["marks"]["now"].append({"k": "h", "s": "b", "x": where})
            events.append(f"{name(leader)} in {where}: rolled {roll} (1-2 kills): he falls.")
        else:
            events.append(f"{name(leader)} in {where}: rolled {roll} (1-2 kills): he survives.")
