"""The iMpi cup and what each chit does in the iButho Phase (5.1-5.3, 12.4).

Choices where the rules are silent: Zulu Snipers draws at random among the
Advance chits left in the cup (the same odds as drawing and throwing back the
rest); Dalton's cancelled chit goes back into the cup; in the Final Assault
every surviving iButho, routed or not, is stood up on its 3 box before the "R"
result is applied.
"""

from __future__ import annotations

from games.ramparts.catalog import CARD, CHIT, GROUP
from games.ramparts.defense import drop
from games.ramparts.fires import column, resolve
from games.ramparts.movement import advance, retreat
from games.ramparts.state import Ctx, State, active, spalding_present, start_markers

SENIORITY_CARDS = (3, 4, 6, 8, 9)
"""Chard, Bromhead, Dalton, Bourne and Windridge (5.3.5)."""

NAMES = {
    "regroup": '"R" (Regroup, Rally, Retreat, Rest)',
    "building_ablaze": "Building Ablaze",
    "indluyengwe_forward": "inDluyengwe Forward!",
    "dabulamanzi": "Prince Dabulamanzi",
    "rifles_overheat": "Rifles Overheat",
    "seniority_debate": "Seniority Debate",
    "washing_of_the_spears": "Washing of the Spears",
    "zulu_snipers": "Zulu Snipers",
}
GROUP_NAME = {
    "left_horn": "Left Horn",
    "right_horn": "Right Horn",
    "both_horns": "Both Horns",
    "chest": "Chest",
    "loins": "Loins",
    "all": "All iButhos",
}


def chit_name(chit_id: str) -> str:
    chit = CHIT[chit_id]
    if chit.kind == "advance":
        return f"{GROUP_NAME[chit.group or 'all']} Advance {chit.boxes}"
    return NAMES[chit.kind]


def is_advance(chit_id: str) -> bool:
    return CHIT[chit_id].kind == "advance"


def draw(ctx: Ctx, why: str = "draw an iMpi chit") -> str | None:
    s = ctx.s
    if not s["cup"]:
        return None
    index = ctx.dice.roll(len(s["cup"]), why) - 1 if len(s["cup"]) > 1 else 0
    return s["cup"].pop(index)


def dispose(ctx: Ctx, chit_id: str) -> None:
    """Back to the cup or onto the used pile, as the chit says, by day or by night."""
    after = CHIT[chit_id].after
    if after == "cup" or (after == "cup_by_day" and not ctx.s["night"]):
        ctx.s["cup"].append(chit_id)
    else:
        ctx.s["chits_used"].append(chit_id)


def movers(s: State, chit_id: str) -> list[str]:
    tracks = GROUP[CHIT[chit_id].group or "all"]
    return [n for n in active(s) if s["ibuthos"][n]["track"] in tracks]


def implement(ctx: Ctx, chit_id: str, slowed: int = 0) -> bool:
    """Carry out a chit; True if the player must now pick which fire goes out."""
    s = ctx.s
    chit = CHIT[chit_id]
    kind = chit.kind
    if kind == "advance":
        boxes = max(0, chit.boxes - slowed)
        dispose(ctx, chit_id)
        names = movers(s, chit_id)
        if not names:
            ctx.say(
                f"{chit_name(chit_id)}: no iButho of that group is in the fight; nothing moves."
            )
        elif boxes:
            advance(ctx, names, boxes)
        return False
    if kind == "rifles_overheat":
        overheat(ctx)
        dispose(ctx, chit_id)
        return False
    dispose(ctx, chit_id)
    if kind == "regroup":
        regroup(ctx)
    elif kind == "building_ablaze":
        return resolve(ctx, column(s["fires"]), "Building Ablaze")
    elif kind == "indluyengwe_forward":
        advance(ctx, [n for n in active(s) if n == "inDluyengwe"], chit.boxes)
    elif kind == "dabulamanzi":
        dabulamanzi(ctx)
    elif kind == "seniority_debate":
        seniority(ctx)
    elif kind == "washing_of_the_spears":
        washing(ctx)
    elif kind == "zulu_snipers":
        s["turn_flags"]["drm_from"].append("Zulu Snipers")
        advances = [c for c in s["cup"] if is_advance(c)]
        if not advances:
            ctx.say("Zulu Snipers: no Advance chit is left in the cup, so every iButho advances 1.")
            advance(ctx, active(s), 1)
            return False
        pick = ctx.dice.choice(advances, "Zulu Snipers: draw until an Advance chit")
        s["cup"].remove(pick)
        ctx.say(f"Zulu Snipers draws on until {chit_name(pick)}.")
        return implement(ctx, pick)
    return False


def overheat(ctx: Ctx) -> None:
    """5.3.4: a -1 on Volleys this turn, and one more chit drawn: an Advance is carried out,
    anything else goes back unused. The Overheat marker itself is still out of the cup while
    it draws, so it can never draw itself."""
    s = ctx.s
    s["turn_flags"]["drm_from"].append("Rifles Overheat")
    extra = draw(ctx, "Rifles Overheat: draw another iMpi chit")
    if extra is None:
        return
    if is_advance(extra):
        ctx.say(f"Rifles Overheat draws {chit_name(extra)}.")
        implement(ctx, extra)
        return
    s["cup"].append(extra)
    ctx.say(f"Rifles Overheat draws {chit_name(extra)}; it goes back into the cup unused.")


def regroup(ctx: Ctx) -> None:
    """The four steps of "R", in order (5.2)."""
    s = ctx.s
    for name in active(s):
        b = s["ibuthos"][name]
        if b["pos"] <= 2 and b["markers"] < start_markers(s, name):
            b["markers"] += 1
            ctx.say(f"Regroup: {name} recovers a Hit marker.")
    for name, b in s["ibuthos"].items():
        if b["status"] == "routed":
            b["status"] = "active"
            b["pos"] = 0
            ctx.say(f"Rally: {name} stands again in its 5 box.")
    closing = sorted(
        (n for n in active(s) if s["ibuthos"][n]["pos"] >= 3), key=lambda n: s["ibuthos"][n]["pos"]
    )
    for name in closing:
        retreat(ctx, name, may_rout=False)
    s["turn_flags"]["no_volleys"] = True
    ctx.say("Rest the Lads: the Zulus have gone to ground; no Volleys this turn.")


def dabulamanzi(ctx: Ctx) -> None:
    s = ctx.s
    roll = ctx.dice.d6("Prince Dabulamanzi")
    used = [c for c in s["chits_used"] if is_advance(c)]
    back = []
    if len(used) <= roll:
        back = used
    else:
        pool = list(used)
        for _ in range(roll):
            pick = ctx.dice.choice(pool, "Prince Dabulamanzi: pick a discarded Advance chit")
            pool.remove(pick)
            back.append(pick)
    for chit_id in back:
        s["chits_used"].remove(chit_id)
        s["cup"].append(chit_id)
    ctx.say(
        f"Prince Dabulamanzi: rolled {roll}; {len(back)} discarded Advance chit(s) go back into "
        "the cup."
    )


def seniority(ctx: Ctx) -> None:
    s = ctx.s
    if spalding_present(s):
        ctx.say("Seniority Debate: Major Spalding is in command, so nothing happens.")
        return
    back = [n for n in SENIORITY_CARDS if n in s["tableau"]]
    for number in back:
        drop(s, number)
        s["tableau"].remove(number)
        s["hand"].append(number)
    heroes = f"{len(back)} Hero{'es' if len(back) != 1 else ''}" if back else "no Hero"
    ctx.say(
        f"Seniority Debate: {heroes} of the Tableau go back to your hand, and the rest of this "
        "turn is lost (Housekeeping included)."
    )
    if back:
        ctx.tell("Back in your hand: " + ", ".join(CARD[n].name for n in back) + ".")
    s["turn_flags"]["skip"] = True


def washing(ctx: Ctx) -> None:
    """Every iButho in the lowest-numbered occupied box falls back one, never past its 5 box."""
    s = ctx.s
    names = active(s)
    if not names:
        return
    deepest = max(s["ibuthos"][n]["pos"] for n in names)
    hit = [n for n in names if s["ibuthos"][n]["pos"] == deepest]
    ctx.say("Washing of the Spears: " + ", ".join(hit) + " fall back to purify themselves.")
    for name in hit:
        retreat(ctx, name, may_rout=False)


def final_assault_due(s: State) -> bool:
    """12.4.1: only Rifles Overheat and Zulu Snipers (or nothing) are left in the cup."""
    return s["options"]["morning_attack"] and all(
        CHIT[c].kind in ("rifles_overheat", "zulu_snipers") for c in s["cup"]
    )


def final_assault(ctx: Ctx) -> None:
    """The Zulus' dawn attack (12.4.1)."""
    s = ctx.s
    for chit_id in list(s["cup"]):
        s["cup"].remove(chit_id)
        s["chits_removed"].append(chit_id)
    for chit_id in list(s["chits_used"]):
        s["chits_used"].remove(chit_id)
        if is_advance(chit_id):
            s["cup"].append(chit_id)
        else:
            s["chits_removed"].append(chit_id)
    s["final_assault"] += 1
    s["dawn"] = True
    s["night"] = False
    ctx.say(
        "The Final Assault: the cup is spent, so the Zulus mass for a dawn attack. Every Advance "
        "chit goes back into the cup, every other chit leaves play, and Day returns."
    )
    for b in s["ibuthos"].values():
        if b["status"] != "eliminated":
            b["status"] = "active"
            b["pos"] = 2
    ctx.say("Every surviving iButho stands on its 3 box.")
    regroup(ctx)


def assault_draws(ctx: Ctx) -> None:
    """12.4.2: keep drawing Advance chits until their numbers total 4 or more."""
    total = 0
    while total < 4 and not ctx.s["over"]:
        chit_id = draw(ctx, "Final Assault: draw an iMpi chit")
        if chit_id is None:
            ctx.say("The cup is empty.")
            return
        ctx.say(f"iMpi chit: {chit_name(chit_id)}.")
        if is_advance(chit_id):
            total += CHIT[chit_id].boxes
        implement(ctx, chit_id)
