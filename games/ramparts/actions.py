"""Every order the player can give, by step: what is legal now and what it does (6.0-9.0).

Orders are small dicts such as ``{"type": "volley", "card": 19, "target": "uThulwana"}``.
``legal`` lists them for the current step; ``perform`` carries one out and names
the phase to run next (None to stay in the same step).

Choices where the rules are silent: identical Volley cards are offered once (the
lowest-numbered copy); Commit Reserve Platoon leaves the platoon formed, so the
second copy can follow; a barricade's builder may be withdrawn and the work
resumed later with a new one, which costs an Action and adds a step.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from games.core.errors import RuleError
from games.ramparts import fires
from games.ramparts.catalog import CARD, REYNOLDS_FATE, USED_IN
from games.ramparts.cup import is_advance
from games.ramparts.deck import draw_one, insert_middle
from games.ramparts.defense import drop, refresh
from games.ramparts.movement import retreat
from games.ramparts.state import (
    CLOSE_FROM,
    Ctx,
    State,
    active,
    is_lieutenant,
    is_sergeant,
)
from games.ramparts.volleys import fire, in_sight, targets

Action = dict[str, Any]
GO: Action = {"type": "go"}


def _unique(numbers: list[int]) -> list[int]:
    """One card per name, the lowest number, so twin Volley cards are one choice."""
    return _unique_of(tuple(numbers))


@cache
def _unique_of(numbers: tuple[int, ...]) -> list[int]:
    seen: dict[str, int] = {}
    for n in sorted(numbers):
        seen.setdefault(CARD[n].name, n)
    return sorted(seen.values())


def workers(s: State) -> list[int]:
    """Available cards that may do the work of 6.3-6.6 (not white-titled)."""
    return [n for n in s["tableau"] if CARD[n].can_work]


def ammo_removable(s: State) -> bool:
    """The marker can be cleared unless dawn has come in the Morning Attack (12.4.3)."""
    return s["ammo_low"] and not s["dawn"]


def close_targets(s: State) -> list[str]:
    return [n for n in active(s) if s["ibuthos"][n]["pos"] >= CLOSE_FROM]


def restriction_met(s: State, number: int) -> bool:
    rule = CARD[number].raw.get("restriction")
    if rule is None:
        return True
    if rule == "reserve_platoon":
        return bool(s["reserve"])
    if rule == "barricade_started":
        return s["barricade"]["steps"] > 0 and s["victory"] < 7
    if rule == "building_on_fire":
        return bool(s["fires"])
    if rule == "ibutho_close_or_medium":
        return any(s["ibuthos"][n]["pos"] >= 3 for n in active(s))
    raise ValueError(rule)


def legal(s: State) -> list[Action]:
    """Every order open now, the plain 'go on' first where there is one."""
    step = s["step"]
    if step == "over":
        return []
    if step == "fire_choice":
        return [{"type": "fire_out", "building": b} for b in s["fires"]]
    if step == "discard":
        return [{"type": "discard", "card": n} for n in sorted(set(s["hand"]))]
    found = [GO]
    if step == "impi":
        _ability_orders(s, "impi", found)
    elif step == "action":
        _action(s, found)
    elif step == "draw":
        _ability_orders(s, "draw", found)
    elif step == "hero":
        found += _hero(s)
    elif step == "reynolds":
        found += _reynolds(s)
    return found


def decision_open(ctx: Ctx) -> bool:
    """Whether this step offers more than moving on; keeps the orders found on the context."""
    s = ctx.s
    if s["step"] == "action" and s["turn_flags"]["actions"] > 0:
        if any(CARD[n].is_hero for n in s["hand"]):
            return True
    found = legal(s)
    ctx.offered = found
    return len(found) > 1 or (bool(found) and found[0] is not GO)


def _ability_orders(s: State, phase: str, out: list[Action], sight: Any = None) -> None:
    no_volleys = s["turn_flags"]["no_volleys"]
    able = USED_IN[phase]
    for number in s["tableau"]:
        if number not in able:
            continue
        for ab in CARD[number].used_in(phase):
            effect = ab.effect
            if effect == "volley":
                if not no_volleys:
                    sight = sight or in_sight(s)
                    out += [
                        {"type": "ability", "card": number, "ability": ab.id, "target": t}
                        for t in targets(s, number, sight)
                    ]
            elif effect == "retreat_close":
                out += [
                    {"type": "ability", "card": number, "ability": ab.id, "target": t}
                    for t in close_targets(s)
                ]
            elif _ability_open(s, effect, ab.params):
                out.append({"type": "ability", "card": number, "ability": ab.id})


def _ability_open(s: State, effect: str, params: dict[str, Any]) -> bool:
    if effect == "extra_actions":
        return True
    if effect == "free_ammo":
        return ammo_removable(s)
    if effect == "barricade_step":
        return s["barricade"]["builder"] is not None and s["victory"] < 7
    if effect == "put_forth_all":
        return any(CARD[n].is_hero for n in s["hand"])
    if effect == "banner":
        return True
    if effect == "cancel_chit":
        return bool(s["drawn"])
    if effect == "slow_advance":
        return bool(s["drawn"]) and is_advance(s["drawn"][-1])
    if effect == "extra_draws":
        return s["turn_flags"]["hand_at_draw"] <= params["max_hand"] and bool(s["deck"])
    return False


def _action(s: State, out: list[Action]) -> None:
    flags = s["turn_flags"]
    acts = flags["actions"]
    hand = _unique(s["hand"])
    sight = None
    if acts > 0 or flags["free_forth"] > 0:
        out += [{"type": "forth", "card": n} for n in hand if CARD[n].is_hero]
    if acts > 0:
        _work_orders(s, out)
    for number in hand:
        card = CARD[number]
        if card.is_hero or not restriction_met(s, number):
            continue
        if acts <= 0 and not card.free:
            continue
        if card.kind == "volley":
            if not flags["no_volleys"]:
                sight = sight or in_sight(s)
                out += [
                    {"type": "volley", "card": number, "target": t}
                    for t in targets(s, number, sight)
                ]
        elif card.kind == "event":
            out.append({"type": "play", "card": number})
    _ability_orders(s, "action", out, sight)
    if s["reserve"]:
        out.append({"type": "disband"})
    if s["barricade"]["builder"] is not None:
        out.append({"type": "stop_building"})


def _work_orders(s: State, out: list[Action]) -> None:
    able = workers(s)
    lts = [n for n in able if is_lieutenant(s, n)]
    leads = [n for n in able if n in lts or is_sergeant(n)]
    if lts and not s["reserve"]:
        pairs = {(min(a, b), max(a, b)) for a in lts for b in leads if a != b}
        out += [{"type": "reserve", "cards": list(p)} for p in sorted(pairs)]
    if s["victory"] < 7:
        if s["barricade"]["builder"] is not None:
            out.append({"type": "build"})
        else:
            out += [{"type": "build", "card": n} for n in leads]
    if s["fires"]:
        out += [{"type": "fight_fire", "card": n} for n in able]
    if ammo_removable(s):
        out += [{"type": "ammo", "card": n} for n in able]


def _hero(s: State) -> Iterator[Action]:
    flags = s["turn_flags"]
    for number in _unique(s["hand"]):
        card = CARD[number]
        if not card.is_hero:
            continue
        if (
            not flags["hero_main"]
            or (flags["hero_pair"] and card.private)
            or card.raw.get("bonus") == "always_free"
        ):
            yield {"type": "forth", "card": number}


def _reynolds(s: State) -> Iterator[Action]:
    if 10 not in s["tableau"] or s["turn_flags"]["reynolds"]:
        return
    for n in _unique(s["discard"]):
        if CARD[n].is_hero:
            yield {"type": "ability", "card": 10, "ability": "reynolds-tend", "pick": n}


def check(s: State, action: Action) -> None:
    """Refuse an order that is not legal here, saying what is."""
    allowed = legal(s)
    if action in allowed:
        return
    if not allowed:
        raise RuleError("The game is over; start a new game to play on.")
    kinds = sorted({a["type"] for a in allowed})
    raise RuleError("That order is not open now. At this step you may: " + ", ".join(kinds) + ".")


# --- carrying orders out -------------------------------------------------------------------


def leave_tableau(s: State, number: int) -> None:
    s["tableau"].remove(number)
    drop(s, number)


def put_forth(ctx: Ctx, number: int, how: str) -> None:
    s = ctx.s
    s["hand"].remove(number)
    s["tableau"].append(number)
    ctx.say(f"{CARD[number].name} is Put Forth ({how}).")
    refresh(ctx)


def spend(ctx: Ctx) -> None:
    ctx.s["turn_flags"]["actions"] -= 1


def perform(ctx: Ctx, action: Action) -> str | None:
    s = ctx.s
    kind = action["type"]
    step = s["step"]
    if kind == "go":
        return {
            "impi": "ibutho",
            "action": "draw",
            "draw": "hero",
            "hero": "housekeeping",
            "reynolds": "hand_limit",
        }[step]
    if kind == "fire_out":
        fires.extinguish(ctx, action["building"])
        resume = s.pop("resume")
        if resume == "action":
            s["step"] = "action"
            return _stay(ctx)
        return resume
    if kind == "discard":
        s["hand"].remove(action["card"])
        s["discard"].append(action["card"])
        name = CARD[action["card"]].short
        ctx.say(f"You discard {name} face up ({len(s['hand'])} left in hand).")
        return "turn" if len(s["hand"]) <= 5 else None
    if kind == "forth":
        return _forth(ctx, action["card"])
    if kind == "ability":
        return _ability(ctx, action)
    if kind == "volley":
        number = action["card"]
        if not CARD[number].raw.get("free"):
            spend(ctx)
        s["hand"].remove(number)
        s["discard"].append(number)
        fire(ctx, number, action["target"], "from your hand")
        if CARD[number].raw.get("ammo_low_after") and not s["ammo_low"]:
            s["ammo_low"] = True
            ctx.say("The Ammunition / Water Low marker returns to the map.")
        return _stay(ctx)
    if kind == "play":
        return _play(ctx, action["card"])
    return _work(ctx, action)


def _stay(ctx: Ctx) -> str | None:
    """After an Action Phase order: carry on, or move on if nothing is left to decide."""
    if not decision_open(ctx):
        return "draw"
    return None


def _forth(ctx: Ctx, number: int) -> str | None:
    s = ctx.s
    flags = s["turn_flags"]
    card = CARD[number]
    if s["step"] == "action":
        if flags["free_forth"] > 0:
            flags["free_forth"] -= 1
            put_forth(ctx, number, "free")
        else:
            spend(ctx)
            put_forth(ctx, number, "your Action")
        return _stay(ctx)
    if card.raw.get("bonus") == "always_free":
        put_forth(ctx, number, "free: Dick may always come forward in the Hero Phase")
    elif flags["hero_main"]:
        flags["hero_pair"] = False
        put_forth(ctx, number, "the second of a pair of Privates")
    else:
        flags["hero_main"] = True
        flags["hero_pair"] = card.raw.get("bonus") == "private_pair"
        put_forth(ctx, number, "Hero Phase")
    return None if decision_open(ctx) else "housekeeping"


def _work(ctx: Ctx, action: Action) -> str | None:
    s = ctx.s
    kind = action["type"]
    if kind == "disband":
        ctx.say("The Reserve Platoon breaks up; its two leaders go back to your hand.")
        s["hand"] += s["reserve"]
        s["reserve"] = []
        return _stay(ctx)
    if kind == "stop_building":
        builder = s["barricade"]["builder"]
        s["hand"].append(builder)
        s["barricade"]["builder"] = None
        ctx.say("The builder stops work and goes back to your hand.")
        ctx.tell(f"{CARD[builder].name} is back in your hand.")
        return _stay(ctx)
    spend(ctx)
    if kind == "reserve":
        for number in action["cards"]:
            leave_tableau(s, number)
        s["reserve"] = list(action["cards"])
        names = " and ".join(CARD[n].name for n in action["cards"])
        ctx.say(f"{names} form the Reserve Platoon.")
        refresh(ctx)
    elif kind == "build":
        if "card" in action:
            leave_tableau(s, action["card"])
            s["barricade"]["builder"] = action["card"]
            ctx.say(f"{CARD[action['card']].name} takes charge of the barricade.")
        barricade_step(ctx)
        refresh(ctx)
    elif kind == "fight_fire":
        leave_tableau(s, action["card"])
        s["hand"].append(action["card"])
        ctx.say("A Hero fights the fire and goes back to your hand.")
        ctx.tell(f"{CARD[action['card']].name} is back in your hand.")
        if fires.resolve(ctx, "fire_fighting", "Fire fighting"):
            s["step"], s["resume"] = "fire_choice", "action"
            return None
        refresh(ctx)
    elif kind == "ammo":
        leave_tableau(s, action["card"])
        s["hand"].append(action["card"])
        s["ammo_low"] = False
        ctx.say(
            "A Hero hands out ammunition and water and goes back to your hand: the "
            "Ammunition / Water Low marker is removed."
        )
        ctx.tell(f"{CARD[action['card']].name} is back in your hand.")
    return _stay(ctx)


def barricade_step(ctx: Ctx) -> None:
    """One third of the next barricade (6.4); the third step moves the Zulu Victory marker."""
    s = ctx.s
    bar = s["barricade"]
    bar["steps"] += 1
    name = "Inner Barricade (-1)" if s["victory"] == 5 else "Final Redoubt (-2)"
    if bar["steps"] < 3:
        ctx.say(f"The {name} is {bar['steps']}/3 built.")
        return
    bar["steps"] = 0
    s["victory"] += 1
    ctx.say(f"The {name} is complete: the Zulu Victory marker moves back to it.")
    if bar["builder"] is not None:
        s["hand"].append(bar["builder"])
        ctx.say("The exhausted builder goes back to your hand.")
        ctx.tell(f"{CARD[bar['builder']].name} is back in your hand.")
        bar["builder"] = None


def _play(ctx: Ctx, number: int) -> str | None:
    s = ctx.s
    card = CARD[number]
    rule = card.raw.get("restriction")
    if not card.raw.get("free"):
        spend(ctx)
    s["hand"].remove(number)
    s["discard"].append(number)
    ctx.say(f"You play {card.name}.")
    if rule == "barricade_started":
        barricade_step(ctx)
    elif rule == "building_on_fire":
        if fires.resolve(ctx, "fire_fighting", card.name):
            s["step"], s["resume"] = "fire_choice", "action"
            return None
    elif rule == "ibutho_close_or_medium":
        for name in sorted(
            (n for n in active(s) if s["ibuthos"][n]["pos"] in (3, 4)),
            key=lambda n: s["ibuthos"][n]["pos"],
        ):
            retreat(ctx, name)
    else:
        s["turn_flags"]["free_forth"] += 2
        ctx.say("You may Put Forth up to two Hero cards for free this phase.")
    return _stay(ctx)


def _ability(ctx: Ctx, action: Action) -> str | None:
    s = ctx.s
    number = action["card"]
    card = CARD[number]
    ab = card.ability(action["ability"])
    if ab is None:
        raise RuleError(f"{card.name} has no such ability.")
    if ab.effect == "tend_wounded":
        return _tend(ctx, action["pick"])
    leave_tableau(s, number)
    if ab.mode == "return":
        s["hand"].append(number)
    elif ab.mode == "insert":
        insert_middle(s, number)
    else:
        s["discard"].append(number)
    if ab.mode == "return":
        ctx.say(f"A card goes back to your hand: {ab.text}")
        ctx.tell(f"{card.name} is back in your hand.")
    else:
        verb = "goes back into the Draw Pile" if ab.mode == "insert" else "is discarded"
        ctx.say(f"{card.name} {verb}: {ab.text}")
    effect = ab.effect
    if effect == "volley":
        fire(ctx, number, action["target"], f"by {card.name}")
    elif effect == "extra_actions":
        s["turn_flags"]["actions"] += ab.params["actions"]
    elif effect == "retreat_close":
        for _ in range(ab.params.get("boxes", 1)):
            retreat(ctx, action["target"])
    elif effect == "free_ammo":
        s["ammo_low"] = False
        ctx.say("The Ammunition / Water Low marker is removed.")
    elif effect == "barricade_step":
        barricade_step(ctx)
    elif effect == "put_forth_all":
        for n in [n for n in s["hand"] if CARD[n].is_hero]:
            put_forth(ctx, n, "Major Spalding's sacrifice")
    elif effect == "banner":
        s["banners"].append(ab.params["banner"])
        ctx.say(f"The {card.name} banner is placed on the map for the rest of the game.")
    elif effect == "cancel_chit":
        chit_id = s["drawn"].pop()
        s["cup"].append(chit_id)
        ctx.say("The iMpi chit goes back into the cup unused.")
        refresh(ctx)
        return "after_impi"
    elif effect == "slow_advance":
        s["turn_flags"]["slowed"] = ab.params["boxes"]
        refresh(ctx)
        return "ibutho"
    elif effect == "extra_draws":
        for _ in range(ab.params["cards"]):
            draw_one(ctx)
            if s["over"]:
                return None
        refresh(ctx)
        return None if decision_open(ctx) else "hero"
    refresh(ctx)
    return _stay(ctx)


def _tend(ctx: Ctx, pick: int) -> str | None:
    s = ctx.s
    s["turn_flags"]["reynolds"] = True
    s["discard"].remove(pick)
    s["tableau"].append(pick)
    ctx.say(f"Surgeon Reynolds tends {CARD[pick].name}, who is available again.")
    refresh(ctx)
    roll = ctx.dice.d6("Surgeon Reynolds' fate")
    if roll in REYNOLDS_FATE["discard"]:
        leave_tableau(s, 10)
        s["discard"].append(10)
        fate = "he is discarded"
    elif roll in REYNOLDS_FATE["hand"]:
        leave_tableau(s, 10)
        s["hand"].append(10)
        fate = "he goes back to your hand"
    else:
        fate = "he stays available"
    ctx.say(f"The surgeon's fate: rolled {roll} (1-2 discarded, 3-4 to hand, 5-6 stays): {fate}.")
    return "hand_limit"
