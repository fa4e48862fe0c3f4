"""The turn (5.0): phases in order, who acts, what each order does, and how the game ends."""

from __future__ import annotations

from games.core.dice import Dice
from games.core.errors import NotYourTurn, RuleError, UnknownAction
from games.last_stand import ai, combat, movement, report, setup
from games.last_stand.board import board
from games.last_stand.state import (
    JSON,
    LAST_TURN,
    PHASE_TITLES,
    PHASES,
    STACK_LIMIT,
    british_by_hex,
    clone,
    colours_hex,
    combat_units_at,
    fresh_done,
    massacred,
    name,
    phase_kind,
    rules,
    stack_strength,
    zulus_by_hex,
)

BRITISH, ZULU = "british", "zulu"
ZULU_PHASES = ("zulu_move", "zulu_attack", "sniping", "leaders")


def to_act(state: JSON) -> str | None:
    """The phasing side, unless a pending choice belongs to the other one (6.2)."""
    if state["result"]:
        return None
    pending = state["pending"]
    if pending and pending.get("side"):
        return str(pending["side"])
    return ZULU if state["phase"] in ZULU_PHASES else BRITISH


def apply(state: JSON, side: str, action: JSON, dice: Dice) -> tuple[JSON, list[str]]:
    """Check and carry out one order; the original state is never changed."""
    if state["result"]:
        raise RuleError("The game is over; start a new game to play on.")
    if side != to_act(state):
        raise NotYourTurn(
            f"It is the {to_act(state)} player's {PHASE_TITLES[state['phase']]} phase; "
            "wait for it to end."
        )
    state = clone(state)
    events: list[str] = []
    kind = action.get("type")
    handler = HANDLERS.get(phase_kind(state), {}).get(kind)
    if handler is None:
        what = ORDER_WORDS.get(str(kind), "That order")
        raise UnknownAction(
            f"{what} is not open in the {PHASE_TITLES[state['phase']]} phase. "
            f"Now you can {OPEN_NOW[phase_kind(state)]}."
        )
    pending = state["pending"]
    if pending and kind not in PENDING_ORDERS[pending["kind"]]:
        raise RuleError(PENDING_HINTS[pending["kind"]])
    handler(state, action, dice, events)
    check_victory(state, events)
    return state, events


# -- handlers -------------------------------------------------------------------------


def _place(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    setup.place(state, str(action.get("unit")), str(action.get("hex")), events)


def _auto_place(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    setup.auto_place(state, events)


def _end_setup(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    left = setup.to_place(state)
    if left:
        raise RuleError(f"Place every unit first; still to place: {', '.join(map(name, left))}.")
    events.append("The British are in position; the Zulus wait at the seven onrush hexes.")
    enter_phase(state, "zulu_move", dice, events)


def _colours(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    if action.get("hold"):
        choice = "hold"
    else:
        choice = "show" if action.get("show") else "away"
    setup.colours_decision(state, choice, events)
    _arrivals_done(state, dice, events)


def _arrive(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    setup.arrive(state, str(action.get("hex")), events)
    _arrivals_done(state, dice, events)


def _arrivals_done(state: JSON, dice: Dice, events: list[str]) -> None:
    lta = state["british"][setup.ARRIVING]
    if state["colours"] != "waiting" and (lta["hex"] or not lta["strength"]):
        enter_phase(state, "zulu_move", dice, events)


def _zulu_move(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    captures: list[str] = []
    events.append(
        movement.move_zulu(state, str(action.get("from")), str(action.get("to")), captures)
    )
    events += captures


def _zulu_moves(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    """Several Zulu moves in one order (how the bot moves a whole phase at once)."""
    moves = action.get("moves") or []
    if not all(isinstance(m, list | tuple) and len(m) == 2 for m in moves):
        raise RuleError("Give moves as pairs of hexes: [from, to].")
    quiet: list[str] = []
    for origin, to in moves:
        movement.move_zulu(state, str(origin), str(to), quiet)
    if moves:
        events.append(_moves_summary(moves))
    events += quiet
    if action.get("end"):
        end_phase(state, dice, events)


def _moves_summary(moves: list[list[str]]) -> str:
    """Every move, grouped by the hex the Zulus left (``report.grouped_moves``)."""
    return report.grouped_moves([(str(a), str(b)) for a, b in moves])


def _british_move(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    units = [str(u) for u in action.get("units") or []]
    movement.move_british(state, units, str(action.get("to")), events)


def _square(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    movement.toggle_square(state, str(action.get("unit")), events)


def _announce(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    first = action.get("first")
    if first not in ("move", "combat"):
        raise RuleError("Announce `move` or `combat` for Phase IV (5.6).")
    state["first"] = first
    second = "combat" if first == "move" else "movement"
    events.append(
        f"The British announce {'movement' if first == 'move' else 'combat'} for Phase IV; "
        f"Phase V will be {second} (5.6)."
    )
    _skip_if_idle(state, dice, events)


def _aim(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    reaction = state["phase"] == "reaction"
    target = str(action.get("target"))
    raw = action.get("shots") or {}
    shots = {str(u): int(s) for u, s in raw.items()}
    if reaction:
        shots = {
            u: state["british"][u]["strength"] if u in state["british"] else s
            for u, s in shots.items()
        }
    zulu = combat.check_fire(state, target, shots, reaction=reaction)
    number, working = combat.fire_working(state, shots, target, reaction=reaction)
    state["pending"] = {
        "kind": "fire",
        "target": target,
        "zulu": zulu,
        "shots": shots,
        "hit": number,
        "working": working,
    }
    events.append(f"Aiming at {target}: {working}. Confirm to roll, or cancel.")


def _confirm(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    pending = state["pending"]
    if not pending:
        raise RuleError("Nothing is aimed; aim a fire first.")
    state["pending"] = None
    combat.resolve_fire(state, pending, dice, events)
    _skip_if_idle(state, dice, events)


def _cancel(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    if not state["pending"]:
        raise RuleError("Nothing is aimed.")
    state["pending"] = None
    events.append("The fire is called off; nothing was rolled.")


def _fire(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    """Aim and roll in one order (for the bot and scripted play)."""
    _aim(state, action, dice, events)
    _confirm(state, action, dice, events)


def _attack(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    combat.zulu_attack(state, str(action.get("from")), str(action.get("target")), dice, events)
    if not state["pending"]:
        _skip_if_idle(state, dice, events)


def _advance(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    combat.advance(state, str(action.get("from")), events)
    _skip_if_idle(state, dice, events)


def _casualty(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    unit = action.get("unit")
    combat.casualty(state, str(unit) if unit else None, events)
    _skip_if_idle(state, dice, events)


def _hold(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    combat.advance(state, None, events)
    _skip_if_idle(state, dice, events)


def _snipe(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    targets = combat.snipe_targets(state)
    roll = dice.d6("Zulu sniping")
    bonus = 3 if state["turn"] >= 3 else 0
    total = roll + bonus
    said = f"rolled {roll}" + (" + 3 (turn 3 on)" if bonus else "") + f" = {total} hits"
    if total >= len(targets):
        events.append(
            f"Zulu sniping: {said}; {_count(len(targets), 'British unit')} exposed, "
            "each loses a step (5.7)."
        )
        for unit in targets:
            if state["british"][unit]["hex"]:
                events.append(combat.take_step(state, unit, events) + ".")
        if not state["pending"]:
            end_phase(state, dice, events)
    else:
        state["pending"] = {"kind": "snipe", "left": total, "hit": []}
        events.append(
            f"Zulu sniping: {said} among {_count(len(targets), 'exposed unit')}; "
            "the Zulu picks which lose a step, one each (5.7)."
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _snipe_hit(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    pending = state["pending"]
    unit = str(action.get("unit"))
    allowed = [u for u in combat.snipe_targets(state) if u not in pending["hit"]]
    if unit not in allowed:
        raise RuleError(f"Pick one of: {', '.join(name(u) for u in allowed)}.")
    pending["hit"] = [*pending["hit"], unit]
    pending["left"] -= 1
    events.append("Sniped: " + combat.take_step(state, unit, events) + ".")
    done = pending["left"] <= 0 or not [
        u for u in combat.snipe_targets(state) if u not in pending["hit"]
    ]
    if state["pending"] is not pending:  # a stranded leader's refuge is asked first (8.6)
        if done:
            state["pending"]["resume"] = None
        return
    if done:
        state["pending"] = None
        end_phase(state, dice, events)


def _refuge(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    """8.6: the British player sends a stranded leader to one of the equally near British
    hexes; without a hex, the dice pick one for him."""
    pending = state["pending"]
    choice = pending["choices"][0]
    emptied = sorted({c["from"] for c in pending["choices"]})
    to = action.get("to")
    if to is None:
        to = ai.refuge_choice(state, dice)
    if to not in choice["to"]:
        raise RuleError(
            f"{name(choice['leader'])} can make for {', '.join(choice['to'])}, "
            "the nearest British hexes (8.6)."
        )
    pending["choices"] = pending["choices"][1:]
    combat.send_leader(state, choice["leader"], str(to), events)
    combat.next_refuge(state, events)
    if state["pending"] and state["pending"]["kind"] == "refuge":
        return
    if phase_kind(state) == "zulu_attack":
        for hex_ in emptied:
            if not state["pending"]:
                combat.offer_advance(state, hex_, events)
        _skip_if_idle(state, dice, events)
    elif not state["pending"]:
        end_phase(state, dice, events)


def _fatalities(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    combat.fatalities(state, dice, events)
    end_phase(state, dice, events)


def _end(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    end_phase(state, dice, events)


def _displace(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    """6.2: the Zulu player picks the hex an overstacked unit displaces to; without a hex,
    the solitaire choice (the open hex with the most Zulus next to it) is made for him."""
    pending = state["pending"]
    to = action.get("to")
    if to is None:
        to = ai.displace_choice(state, dice)
    if to not in pending["to"]:
        raise RuleError(
            f"{name(pending['unit'])} can displace from {pending['from']} only to "
            f"{', '.join(pending['to'])} (6.2)."
        )
    state["pending"] = None
    displace(state, pending["unit"], pending["from"], str(to), events)
    end_phase(state, dice, events)


def _zulu_auto_move(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    """The Zulu player hands the phase's movement to the solitaire rules (9.2)."""
    _zulu_moves(state, {"moves": ai.plan_moves(state, dice), "end": True}, dice, events)


def _zulu_auto_attack(state: JSON, action: JSON, dice: Dice, events: list[str]) -> None:
    """Every remaining attack and advance as the solitaire rules would make them (9.2)."""
    while state["phase"] == "zulu_attack" and not state["result"]:
        if to_act(state) != ZULU:
            return
        order = ai.zulu_action(state, dice)
        if order["type"] == "end":
            end_phase(state, dice, events)
            return
        HANDLERS["zulu_attack"][order["type"]](state, order, dice, events)
        check_victory(state, events)


HANDLERS = {
    "setup": {"place": _place, "auto": _auto_place, "end": _end_setup},
    "arrivals": {"colours": _colours, "arrive": _arrive},
    "zulu_move": {"move": _zulu_move, "moves": _zulu_moves, "auto": _zulu_auto_move, "end": _end},
    "reaction": {"aim": _aim, "confirm": _confirm, "cancel": _cancel, "fire": _fire, "end": _end},
    "zulu_attack": {
        "attack": _attack,
        "advance": _advance,
        "hold": _hold,
        "casualty": _casualty,
        "refuge": _refuge,
        "auto": _zulu_auto_attack,
        "end": _end,
    },
    "announce": {"order": _announce},
    "british_move": {
        "move": _british_move,
        "square": _square,
        "end": _end,
        "displace": _displace,
    },
    "british_combat": {
        "aim": _aim,
        "confirm": _confirm,
        "cancel": _cancel,
        "fire": _fire,
        "end": _end,
    },
    "sniping": {"snipe": _snipe, "hit": _snipe_hit, "refuge": _refuge},
    "leaders": {"fatalities": _fatalities},
}

ORDER_WORDS = {
    "place": "Placing a unit",
    "auto": "Leaving it to the bot",
    "end": "Ending the phase",
    "colours": "Deciding on the Queen's Colours",
    "arrive": "Bringing on Lt. A's group",
    "move": "Moving",
    "moves": "Moving",
    "aim": "Firing",
    "confirm": "Firing",
    "cancel": "Cancelling a fire",
    "fire": "Firing",
    "attack": "Attacking",
    "advance": "Advancing",
    "hold": "Holding back",
    "casualty": "Picking which unit takes a hit",
    "refuge": "Picking a refuge for a leader",
    "order": "Announcing movement or combat",
    "square": "Forming square",
    "displace": "Displacing a unit",
    "snipe": "Sniping",
    "hit": "Picking a sniping target",
    "fatalities": "Rolling for leader fatalities",
}
"""Each order in the words a player uses, for refusing one given in the wrong phase."""

OPEN_NOW = {
    "setup": "place units, or leave the placing to the bot, then finish the set-up",
    "arrivals": "decide on the Queen's Colours and bring on Lt. A's group",
    "zulu_move": "move Zulus, or end the phase",
    "reaction": "fire, or end the phase",
    "zulu_attack": "attack, or end the phase",
    "announce": "announce movement or combat first",
    "british_move": "move, form square, or end the phase",
    "british_combat": "fire, or end the phase",
    "sniping": "roll for sniping",
    "leaders": "roll for leader fatalities",
}
"""What each phase lets its player do, in the words a player uses (the bot adds how)."""

PENDING_ORDERS = {
    "fire": ("confirm", "cancel"),
    "advance": ("advance", "hold"),
    "casualty": ("casualty",),
    "snipe": ("hit",),
    "displace": ("displace",),
    "refuge": ("refuge",),
}
PENDING_HINTS = {
    "refuge": "First the British player picks where the stranded leader goes (8.6).",
    "displace": "First the Zulu player picks where the overstacked unit displaces to (6.2).",
    "fire": "A fire is aimed: confirm it or cancel it first.",
    "advance": "First decide the advance after combat: advance a Zulu into the hex, or hold.",
    "snipe": "First pick the British units that lose a step to sniping.",
    "casualty": "First pick which unit of the stack takes the hit (8.3.2).",
}


# -- phase changes ----------------------------------------------------------------------


def end_phase(state: JSON, dice: Dice, events: list[str]) -> None:
    if state["pending"]:
        raise RuleError(PENDING_HINTS[state["pending"]["kind"]])
    kind = phase_kind(state)
    if kind == "zulu_move":
        crowded = sorted(
            h for h, zs in zulus_by_hex(state).items() if len(zs) > 1 and h not in board().onrush
        )
        if crowded:
            raise RuleError(f"Zulus may not end the phase stacked (6.4): {', '.join(crowded)}.")
    if kind == "british_move" and state["turn"] == 1:
        resolve_overstacks(state, events)
        if state["pending"]:
            return
    phase = state["phase"]
    if state["result"]:
        return
    if phase == "leaders":
        if state["turn"] == LAST_TURN:
            if massacred(state) and rules(state) >= 2:
                finish(state, ZULU, "No British combat unit or leader is left on the map (4.3).")
            else:
                finish(
                    state, BRITISH, "British units still hold the field at the end of turn 6 (4.2)."
                )
            return
        state["turn"] += 1
        state["first"] = None
        events.append(f"Turn {state['turn']} begins.")
        if state["turn"] == 2:
            enter_phase(state, "arrivals", dice, events)
            return
        enter_phase(state, "zulu_move", dice, events)
        return
    enter_phase(state, PHASES[PHASES.index(phase) + 1], dice, events)


def enter_phase(state: JSON, phase: str, dice: Dice, events: list[str]) -> None:
    state["phase"] = phase
    state["done"] = fresh_done()
    state["pending"] = None
    state["marks"] = {"before": state["marks"]["now"], "now": []}
    if phase == "arrivals":
        setup.start_arrivals(state, events)
        _arrivals_done(state, dice, events)
        return
    _skip_if_idle(state, dice, events)


def _skip_if_idle(state: JSON, dice: Dice, events: list[str]) -> None:
    """Pass over a phase (or end it) when nobody in it has anything left to do."""
    if state["result"] or state["pending"]:
        return
    kind = phase_kind(state)
    idle = {
        "reaction": lambda: not combat.fire_targets(state, reaction=True),
        "zulu_attack": lambda: not combat.zulu_attackers(state),
        "british_combat": lambda: not combat.fire_targets(state, reaction=False),
        "sniping": lambda: not combat.snipe_targets(state),
        "leaders": lambda: not combat.exposed_leaders(state),
    }.get(kind)
    if idle and idle():
        if not state["done"]["shot"] and not state["done"]["attacked"]:
            events.append(f"{PHASE_TITLES[state['phase']]}: nothing in reach; the phase passes.")
        end_phase(state, dice, events)


def resolve_overstacks(state: JSON, events: list[str]) -> None:
    """6.2: at the end of the first British movement, excess units displace or are lost.

    The weakest units leave first. A unit with one open neighbour goes there; with several,
    the Zulu player is asked to pick, and the phase ends once every hex is put right.
    """
    for hex_ in sorted(british_by_hex(state)):
        while stack_strength(state, hex_) > STACK_LIMIT:
            unit = min(
                combat_units_at(state, hex_), key=lambda u: (state["british"][u]["strength"], u)
            )
            open_ = displace_hexes(state, hex_, unit)
            if not open_:
                state["british"][unit].update(hex=None, strength=0, square=False)
                events.append(f"{name(unit)}, overstacked in {hex_} and hemmed in, is lost (6.2).")
                continue
            if len(open_) > 1:
                state["pending"] = {
                    "kind": "displace",
                    "side": ZULU,
                    "unit": unit,
                    "from": hex_,
                    "to": open_,
                }
                events.append(
                    f"{name(unit)} must leave overstacked {hex_}; the Zulu player picks where "
                    f"it goes: {', '.join(open_)} (6.2)."
                )
                return
            displace(state, unit, hex_, open_[0], events)


def displace_hexes(state: JSON, hex_: str, unit: str) -> list[str]:
    """Neighbours free of Zulus where the unit fits without overstacking them (6.2)."""
    b = board()
    zulus = zulus_by_hex(state)
    strength = state["british"][unit]["strength"]
    return sorted(
        n
        for n in b.neighbours[hex_]
        if n not in zulus
        and n not in b.onrush
        and stack_strength(state, n) + strength <= STACK_LIMIT
    )


def displace(state: JSON, unit: str, hex_: str, to: str, events: list[str]) -> None:
    state["british"][unit]["hex"] = to
    state["marks"]["now"].append({"k": "m", "s": "b", "p": [hex_, to]})
    events.append(f"{name(unit)} displaces from overstacked {hex_} to {to} (6.2).")


def check_victory(state: JSON, events: list[str]) -> None:
    if state["result"]:
        return
    if state["colours"] == "shown" and state["wagon"] in board().escape:
        if combat_units_at(state, state["wagon"]) and colours_hex(state):
            finish(
                state,
                BRITISH,
                f"A combat unit, the wagon and the Colours escape at "
                f"{state['wagon']} toward Rorke's Drift (4.1).",
            )
            return
    if massacred(state) and state["phase"] != "setup":
        finish(state, ZULU, "No British combat unit or leader is left on the map (4.3).")


def finish(state: JSON, winner: str, summary: str) -> None:
    state["result"] = {"winner": winner, "summary": summary}
    state["phase"] = "over"
    state["pending"] = None
