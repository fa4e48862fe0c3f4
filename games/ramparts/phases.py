"""The Sequence of Play (4.0): six phases a turn, pausing only where the player must decide.

Each phase function does the automatic work and names the phase to run next,
or returns None when the position now waits for an order (``s["step"]``).
"""

from __future__ import annotations

from collections.abc import Callable

from games.ramparts import actions, cup
from games.ramparts.deck import draw_one
from games.ramparts.state import Ctx
from games.ramparts.victory import all_out, finish


def fresh_flags() -> dict:
    return {
        "drm_from": [],
        "no_volleys": False,
        "actions": 0,
        "free_forth": 0,
        "hand_at_draw": 0,
        "hero_main": False,
        "hero_pair": False,
        "reynolds": False,
        "skip": False,
        "slowed": 0,
    }


def wait(ctx: Ctx, step: str, otherwise: str) -> str | None:
    """Pause at ``step`` if it offers a real decision; else move straight on."""
    ctx.s["step"] = step
    return None if actions.decision_open(ctx) else otherwise


def turn(ctx: Ctx) -> str | None:
    s = ctx.s
    s["turn"] += 1
    s["turn_flags"] = fresh_flags()
    ctx.say(f"**Turn {s['turn']}** ({'Night' if s['night'] else 'Day'}).")
    return "impi"


def impi(ctx: Ctx) -> str | None:
    """iMpi Phase: draw a chit (or mount the Final Assault, 12.4)."""
    s = ctx.s
    if cup.final_assault_due(s):
        cup.final_assault(ctx)
        return "after_impi"
    if s["final_assault"]:
        cup.assault_draws(ctx)
        return "after_impi"
    chit_id = cup.draw(ctx)
    if chit_id is None:
        ctx.say("The iMpi cup is empty; the Zulus do nothing this turn.")
        return "after_impi"
    s["drawn"].append(chit_id)
    ctx.say(f"iMpi chit: {cup.chit_name(chit_id)}.")
    return wait(ctx, "impi", "ibutho")


def ibutho(ctx: Ctx) -> str | None:
    """iButho Phase: carry out the chit just drawn (5.0)."""
    s = ctx.s
    chit_id = s["drawn"].pop()
    if cup.implement(ctx, chit_id, s["turn_flags"]["slowed"]):
        s["resume"] = "after_impi"
        s["step"] = "fire_choice"
        return None
    return "after_impi"


def after_impi(ctx: Ctx) -> str | None:
    s = ctx.s
    if s["turn_flags"]["skip"]:
        return "turn"
    s["turn_flags"]["actions"] = 1
    return wait(ctx, "action", "draw")


def draw(ctx: Ctx) -> str | None:
    """Card Draw Phase (7.0)."""
    s = ctx.s
    s["turn_flags"]["hand_at_draw"] = len(s["hand"])
    draw_one(ctx)
    if s["over"]:
        return None
    return wait(ctx, "draw", "hero")


def hero(ctx: Ctx) -> str | None:
    """Hero Phase (8.0)."""
    return wait(ctx, "hero", "housekeeping")


def housekeeping(ctx: Ctx) -> str | None:
    """Housekeeping (9.0): a Military Victory, then Reynolds, then the hand limit."""
    s = ctx.s
    if all_out(s):
        ctx.say("No iButho is left in the fight.")
        s["over"] = {"how": "victory"}
        return None
    return wait(ctx, "reynolds", "hand_limit")


def hand_limit(ctx: Ctx) -> str | None:
    s = ctx.s
    if 8 in s["tableau"] or len(s["hand"]) <= 5:
        return "turn"
    s["step"] = "discard"
    ctx.say(f"You hold {len(s['hand'])} cards: discard down to five.")
    return None


PHASES: dict[str, Callable[[Ctx], str | None]] = {
    "turn": turn,
    "impi": impi,
    "ibutho": ibutho,
    "after_impi": after_impi,
    "draw": draw,
    "hero": hero,
    "housekeeping": housekeeping,
    "hand_limit": hand_limit,
}


def run(ctx: Ctx, phase: str | None) -> None:
    """Play on through phases until an order is needed or the game ends."""
    s = ctx.s
    while phase and not s["over"]:
        ctx.offered = None
        phase = PHASES[phase](ctx)
    if s["over"] and s["step"] != "over":
        s["step"] = "over"
        finish(s)
