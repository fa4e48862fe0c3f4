"""Every order a side may give in a position: buttons for the phase's few choices, and
the moves, shots and attacks given through commands, each listed so the bot can offer
exactly the legal ones."""

from __future__ import annotations

from games.core.engine import JSON, Order
from games.last_stand import combat, movement, setup
from games.last_stand.ai import menace
from games.last_stand.state import (
    PHASE_TITLES,
    RECYCLED,
    UNITS,
    name,
    phase_kind,
    strength_text,
)

STACK = "stack"
"""Prefix of a mover that stands for every movable unit in one hex (``stack1008``)."""


def legal(state: JSON) -> list[Order]:
    """The phase's buttons, then every move, shot or attack open to the side to act."""
    found = phase_buttons(state)
    if state["pending"]:
        return found
    kind = phase_kind(state)
    if kind == "setup":
        found += placements(state)
    elif kind == "british_move":
        found += british_moves(state)
    elif kind == "zulu_move":
        found += zulu_moves(state)
    elif kind in ("reaction", "british_combat"):
        found += shots(state, reaction=kind == "reaction")
    elif kind == "zulu_attack":
        found += attacks(state)
    return found


def placements(state: JSON) -> list[Order]:
    return [
        Order(
            f"place.{unit}.{hex_}",
            f"Place {name(unit)} in {hex_}",
            {"type": "place", "unit": unit, "hex": hex_},
            kind="place",
            button=False,
        )
        for unit in setup.to_place(state)
        for hex_ in setup.setup_hexes(state, unit)
    ]


def movers(state: JSON) -> dict[str, list[str]]:
    """Who can move now: each unit (and the wagon) alone, and each hex's movable stack."""
    found: dict[str, list[str]] = {}
    by_hex: dict[str, list[str]] = {}
    for unit in [*UNITS, "wagon"]:
        if movement.unit_can_move(state, unit):
            found[unit] = [unit]
            where = state["wagon"] if unit == "wagon" else state["british"][unit]["hex"]
            by_hex.setdefault(where, []).append(unit)
    for hex_, group in sorted(by_hex.items()):
        if len(group) > 1:
            found[f"{STACK}{hex_}"] = group
    return found


def british_moves(state: JSON) -> list[Order]:
    found = []
    for mover, units in movers(state).items():
        who = f"the stack in {mover[len(STACK) :]}" if mover.startswith(STACK) else _named(mover)
        for hex_ in movement.british_destinations(state, units):
            found.append(
                Order(
                    f"mv.{mover}.{hex_}",
                    f"Move {who} to {hex_}",
                    {"type": "move", "units": units, "to": hex_},
                    kind="move",
                    button=False,
                )
            )
    return found


def zulu_moves(state: JSON) -> list[Order]:
    found = []
    for origin in sorted(set(state["zulus"].values())):
        if not movement.unmoved_zulu(state, origin):
            continue
        where = "regrouping" if origin in RECYCLED else f"in {origin}"
        for hex_ in movement.zulu_destinations(state, origin):
            found.append(
                Order(
                    f"zm.{origin}.{hex_}",
                    f"Move a Zulu {where} to {hex_}",
                    {"type": "move", "from": origin, "to": hex_},
                    kind="move",
                    button=False,
                )
            )
    return found


def shots(state: JSON, *, reaction: bool) -> list[Order]:
    """Each unit that can fire at each target, with all it has left, and all of them together."""
    found = []
    for target in combat.fire_targets(state, reaction=reaction):
        able = [u for u in UNITS if combat.can_fire_at(state, u, target, reaction=reaction)]
        left = {u: state["british"][u]["strength"] - state["done"]["fired"].get(u, 0) for u in able}
        for unit in able:
            found.append(
                Order(
                    f"aim.{target}.{unit}",
                    f"Aim {strength_text(state, unit)} at the Zulu in {target}",
                    {"type": "aim", "target": target, "shots": {unit: left[unit]}},
                    kind="aim",
                    button=False,
                )
            )
        if len(able) > 1:
            found.append(
                Order(
                    f"aim.{target}.all",
                    f"Aim all that can at the Zulu in {target}",
                    {"type": "aim", "target": target, "shots": left},
                    kind="aim",
                    button=False,
                )
            )
    return found


def attacks(state: JSON) -> list[Order]:
    return [
        Order(
            f"atk.{origin}.{unit}",
            f"The Zulu in {origin} attacks {strength_text(state, unit)}",
            {"type": "attack", "from": origin, "target": unit},
            kind="attack",
            button=False,
        )
        for origin, units in sorted(combat.zulu_attackers(state).items())
        for unit in units
    ]


def _named(unit: str) -> str:
    return "the ammunition wagon" if unit == "wagon" else name(unit)


def phase_buttons(state: JSON) -> list[Order]:
    """The orders that fit on buttons; moves and fire targets go through slash commands."""
    kind = phase_kind(state)
    pending = state["pending"]
    found: list[Order] = []

    def add(key: str, label: str, action: JSON) -> None:
        found.append(Order(key, label, action, kind=action["type"]))

    if pending and pending["kind"] == "fire":
        add("confirm", f"Fire: {combat.hit_on(pending['hit'])}", {"type": "confirm"})
        add("cancel", "Cancel this fire", {"type": "cancel"})
        return found
    if pending and pending["kind"] == "advance":
        for origin in pending["from"]:
            add(
                f"adv.{origin}",
                f"Advance {origin}→{pending['hex']}",
                {"type": "advance", "from": origin},
            )
        add("hold", "Do not advance", {"type": "hold"})
        return found
    if pending and pending["kind"] == "casualty":
        named = name(pending["unit"])
        add("cas.auto", f"Pick for me: the hit falls on {named}", {"type": "casualty"})
        for unit in pending["units"]:
            add(
                f"cas.{unit}",
                f"Hit {strength_text(state, unit)}",
                {"type": "casualty", "unit": unit},
            )
        return found
    if pending and pending["kind"] == "refuge":
        choice = pending["choices"][0]
        leader = name(choice["leader"])
        add("ref.auto", "Let the dice pick among the nearest British hexes", {"type": "refuge"})
        for hex_ in choice["to"]:
            add(f"ref.{hex_}", f"{leader} makes for {hex_}", {"type": "refuge", "to": hex_})
        return found
    if pending and pending["kind"] == "displace":
        unit = name(pending["unit"])
        add("disp.auto", "Pick for me: the hex with most Zulus next to it", {"type": "displace"})
        for hex_ in pending["to"]:
            near = menace(state, hex_)
            add(
                f"disp.{hex_}",
                f"Displace {unit} to {hex_} ({near} Zulu{'' if near == 1 else 's'} next to it)",
                {"type": "displace", "to": hex_},
            )
        return found
    if pending and pending["kind"] == "snipe":
        for unit in combat.snipe_targets(state):
            if unit not in pending["hit"]:
                add(
                    f"hit.{unit}",
                    f"Snipe {strength_text(state, unit)}",
                    {"type": "hit", "unit": unit},
                )
        return found
    if kind == "setup":
        if setup.to_place(state):
            add("auto", "Place for me", {"type": "auto"})
        else:
            add("end", "Finish set-up", {"type": "end"})
    elif kind == "arrivals":
        if state["colours"] == "waiting" and state["wagon"] is None:
            add("colours.away", "Send the Colours away", {"type": "colours", "show": False})
            add(
                "colours.hold",
                "Hold the Colours back (the wagon is lost)",
                {"type": "colours", "hold": True},
            )
        elif state["colours"] == "waiting":
            add("colours.show", "Raise the Colours", {"type": "colours", "show": True})
            add("colours.away", "Send the Colours away", {"type": "colours", "show": False})
        else:
            for hex_ in setup.arrival_hexes(state):
                add(f"arrive.{hex_}", f"Lt. A enters at {hex_}", {"type": "arrive", "hex": hex_})
    elif kind == "announce":
        add("first.move", "Movement first", {"type": "order", "first": "move"})
        add("first.combat", "Combat first", {"type": "order", "first": "combat"})
    elif kind == "british_move":
        for unit in sorted(UNITS):
            data = state["british"][unit]
            if (
                data["hex"]
                and not UNITS[unit]["leader"]
                and unit != "stiz"
                and movement.BRITISH_MA - state["done"]["mp"].get(unit, 0) >= 2
                and len(found) < 20
            ):
                verb = "Leave square" if data["square"] else "Form square"
                add(f"sq.{unit}", f"{verb}: {name(unit)}", {"type": "square", "unit": unit})
        add("end", "End movement", {"type": "end"})
    elif kind in ("zulu_move", "zulu_attack"):
        verb = "Move" if kind == "zulu_move" else "Attack"
        add("auto", f"{verb} by the solitaire rules (9.2)", {"type": "auto"})
        add("end", f"End {PHASE_TITLES[state['phase']].split('. ', 1)[-1]}", {"type": "end"})
    elif kind in ("reaction", "british_combat"):
        add("end", f"End {PHASE_TITLES[state['phase']].split('. ', 1)[-1]}", {"type": "end"})
    elif kind == "sniping":
        add("snipe", "Roll for sniping", {"type": "snipe"})
    elif kind == "leaders":
        add("fatalities", "Roll for leaders", {"type": "fatalities"})
    return found
