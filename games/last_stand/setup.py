"""Set-up (3.0, 10.0) and the turn-2 arrivals (5.9, 5.10)."""

from __future__ import annotations

from games.core.errors import RuleError
from games.core.levels import BOOK
from games.last_stand.board import board, order_of_battle
from games.last_stand.state import (
    BOT,
    JSON,
    RULES,
    STACK_LIMIT,
    STATIC,
    UNITS,
    combat_units_at,
    fresh_done,
    name,
    stack_strength,
    zulus_by_hex,
)

DETACHMENTS = tuple(u for u, d in UNITS.items() if d.get("kind") == "detachment")
FREE_SETUP_COLUMNS = range(10, 20)
"""10.1: east of the 09xx column and west of the 20xx column."""
ARRIVING = "lta"


def new_state(scenario: str, rules: int = RULES, level: str = BOOK, bot: int = BOT) -> JSON:
    oob = order_of_battle()
    free = scenario == "free-setup"
    british: JSON = {}
    for unit, data in UNITS.items():
        fixed = isinstance(data["setup"], str) and len(data["setup"]) == 4
        placed = fixed and (not free or unit == STATIC)
        british[unit] = {
            "hex": data["setup"] if placed else None,
            "strength": data["strength"],
            "square": False,
        }
    zulus: JSON = {}
    onrush = [*board().onrush_east, *board().onrush_west]
    per_group = oob["zulus"]["per_group"]
    for index in range(oob["zulus"]["count"]):
        zulus[f"z{index + 1:03d}"] = onrush[index // per_group]
    return {
        "scenario": scenario,
        "turn": 1,
        "phase": "setup",
        "first": None,
        "british": british,
        "wagon": oob["markers"]["wagon"]["setup"],
        "colours": "waiting",
        "zulus": zulus,
        "done": fresh_done(),
        "pending": None,
        "marks": {"before": [], "now": []},
        "result": None,
        "rules": rules,
        "level": level,
        "bot": bot,
    }


def to_place(state: JSON) -> list[str]:
    """Units the British still has to put on the map before play begins."""
    return [
        u
        for u in UNITS
        if state["british"][u]["hex"] is None
        and u != ARRIVING
        and (u in DETACHMENTS or state["scenario"] == "free-setup")
    ]


def setup_hexes(state: JSON, unit: str) -> list[str]:
    """Legal set-up hexes for ``unit`` (3.2 for detachments, 10.1 for the rest)."""
    b = board()
    strength = state["british"][unit]["strength"]
    if unit in DETACHMENTS:
        found = []
        for h in b.numbers:
            if b.terrain[h].name not in ("tent", "wagon") or h in b.onrush:
                continue
            others = [u for u in combat_units_at(state, h) if u != unit]
            if any(u not in DETACHMENTS for u in others) and h != state["wagon"]:
                continue
            if any(u in DETACHMENTS for u in others) or stack_strength(state, h) + strength > 8:
                continue
            found.append(h)
        return found
    return [
        h
        for h in b.numbers
        if int(h[:2]) in FREE_SETUP_COLUMNS
        and h not in b.onrush
        and (UNITS[unit]["leader"] or stack_strength(state, h) + strength <= STACK_LIMIT)
    ]


def place(state: JSON, unit: str, hex_: str, events: list[str]) -> None:
    if unit not in to_place(state) and not (
        unit in UNITS and state["british"][unit]["hex"] and _movable_in_setup(state, unit)
    ):
        raise RuleError(
            f"{name(unit)} is not placed at set-up. Still to place: "
            f"{', '.join(name(u) for u in to_place(state)) or 'nothing'}."
        )
    old = state["british"][unit]["hex"]
    state["british"][unit]["hex"] = None
    allowed = setup_hexes(state, unit)
    if hex_ not in allowed:
        state["british"][unit]["hex"] = old
        kind = "an empty tent or wagon hex" if unit in DETACHMENTS else "a hex in columns 10-19"
        raise RuleError(f"{name(unit)} must go in {kind} without overstacking; {hex_} is not one.")
    state["british"][unit]["hex"] = hex_
    events.append(f"{name(unit)} is placed in {hex_}.")


def _movable_in_setup(state: JSON, unit: str) -> bool:
    """Units the British placed himself may be placed again until set-up ends."""
    return unit in DETACHMENTS or (state["scenario"] == "free-setup" and unit != STATIC)


def auto_place(state: JSON, events: list[str]) -> None:
    """Put every unplaced unit in a legal hex as near its historical one as the rules allow
    (the bot's set-up, or a quick start)."""
    b = board()
    for unit in sorted(to_place(state), key=lambda u: u in DETACHMENTS):
        allowed = setup_hexes(state, unit)
        preferred = UNITS[unit]["setup"]
        if unit not in DETACHMENTS and preferred in b:
            allowed = sorted(allowed, key=lambda h: (b.distance(h, preferred), h))
        place(state, unit, allowed[0], events)


def arrival_hexes(state: JSON) -> list[str]:
    """5.9: Lt. A enters with the wagon or next to it, never among Zulus or overstacked."""
    b = board()
    centre = state["wagon"] or order_of_battle()["markers"]["wagon"]["setup"]
    zulus = zulus_by_hex(state)
    strength = state["british"][ARRIVING]["strength"]
    return [
        h
        for h in (centre, *b.neighbours[centre])
        if h not in zulus
        and h not in b.onrush
        and stack_strength(state, h) + strength <= STACK_LIMIT
    ]


def colours_decision(state: JSON, choice: str, events: list[str]) -> None:
    """5.10: the British player raises the Colours over the wagon or sends them off the field.
    With the wagon already lost they cannot be raised, but the player may still hold them
    back rather than send them away, and keep the penalty of 8.12."""
    if state["colours"] != "waiting":
        raise RuleError("The Colours have already been decided; that cannot change (5.10).")
    if choice == "show":
        if state["wagon"] is None:
            raise RuleError(
                "The wagon is lost, so the Colours cannot be raised over it: "
                "send them away or hold them back (5.10)."
            )
        state["colours"] = "shown"
        events.append(f"The Queen's Colours are raised over the wagon in {state['wagon']} (5.9).")
    elif choice == "hold":
        if state["wagon"] is not None:
            raise RuleError("Raise the Colours over the wagon or send them away (5.9, 5.10).")
        state["colours"] = "held back"
        events.append(
            "The Queen's Colours are held back off the map: the lost wagon's fire penalty "
            "stays (8.12)."
        )
    else:
        state["colours"] = "sent away"
        events.append(
            "The Queen's Colours are sent off the field (5.10): no escape victory now, "
            "and losing the wagon will cost no fire penalty."
        )


def arrive(state: JSON, hex_: str, events: list[str]) -> None:
    if state["colours"] == "waiting":
        raise RuleError("First decide the Colours: raise them or send them away.")
    allowed = arrival_hexes(state)
    if hex_ not in allowed:
        raise RuleError(f"Lt. A enters in the wagon's hex or next to it: {', '.join(allowed)}.")
    state["british"][ARRIVING]["hex"] = hex_
    events.append(f"Lt. A's breakout group arrives in {hex_} (5.9).")


def start_arrivals(state: JSON, events: list[str]) -> None:
    """At the start of turn 2; with the wagon already lost the Colours cannot be raised, and
    whether to send them away stays the player's choice (5.10)."""
    if state["wagon"] is None:
        events.append(
            "The wagon is lost, so the Queen's Colours cannot be raised: send them away "
            "(no more fire penalty for the wagon) or hold them back (5.10)."
        )
    if not arrival_hexes(state):
        state["british"][ARRIVING]["hex"] = None
        state["british"][ARRIVING]["strength"] = 0
        events.append("Every hex around the wagon is held by Zulus or full: Lt. A is cut off.")
