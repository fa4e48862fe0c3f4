"""iButhos advancing (5.1.2-5.1.5) and being driven back (6.7.4, 5.2, 5.3.6).

Choices where the rules are silent: an iButho blocked by an occupied interior
box stops for the rest of that chit's movement, as does one turned back by a
Heroic Defense or one that enters a burning building.
"""

from __future__ import annotations

from games.ramparts.catalog import CARD, IBUTHO
from games.ramparts.defense import defense_of, drop, guard, refresh
from games.ramparts.state import ZERO, Ctx, State, box_id, box_name, in_burning_building, occupant

LAST = 7


def move_order(s: State, names: list[str]) -> list[str]:
    """Closest first, then the strongest now, then the strongest as printed, then list order."""

    def rank(name: str) -> tuple[int, int, int, int]:
        b = s["ibuthos"][name]
        ib = IBUTHO[name]
        return (-b["pos"], -b["markers"], -ib.strength, ib.order)

    return sorted(names, key=rank)


def advance(ctx: Ctx, names: list[str], boxes: int) -> None:
    """Move the named iButhos ``boxes`` boxes, one box at a time each (5.1.4)."""
    s = ctx.s
    moving = [n for n in names if s["ibuthos"][n]["status"] == "active"]
    for _ in range(boxes):
        if not moving or s["over"]:
            return
        still = []
        for name in move_order(s, moving):
            if s["over"]:
                return
            if step_in(ctx, name):
                still.append(name)
        moving = still


def step_in(ctx: Ctx, name: str) -> bool:
    """Try to move one box inward; True if it may carry on moving this chit."""
    s = ctx.s
    b = s["ibuthos"][name]
    target = b["pos"] + 1
    if target > LAST:
        return False
    where = box_name(b["track"], target)
    if target >= ZERO:
        blocker = occupant(s, box_id(b["track"], target), other_than=name)
        if blocker:
            ctx.say(f"{name} is blocked: {blocker} already holds the {where}.")
            return False
    keeper = guard(s, b["track"], target)
    if keeper is not None:
        _, numbers = defense_of(keeper) or ("", [])
        roll = ctx.dice.d6(f"{CARD[keeper].name}'s Heroic Defense against {name}")
        shown = ", ".join(map(str, numbers))
        if roll in numbers:
            ctx.say(
                f"{CARD[keeper].name} defends the {where}: rolled {roll} (stops on {shown}); "
                f"{name} is held in the {box_name(b['track'], b['pos'])}."
            )
            return False
        ctx.say(
            f"{CARD[keeper].name} defends the {where}: rolled {roll} (stops on {shown}); "
            f"the defence fails and {CARD[keeper].name} falls back to your hand."
        )
        drop(s, keeper)
        s["tableau"].remove(keeper)
        s["hand"].append(keeper)
    b["pos"] = target
    if target >= s["victory"]:
        ctx.say(f"{name} storms into the {where}, where the Zulu Victory marker stands.")
        s["over"] = {"how": "defeat", "by": name}
        return False
    ctx.say(f"{name} advances to the {where}.")
    refresh(ctx)
    if in_burning_building(s, name):
        ctx.say(f"{name} must stop in the burning building.")
        return False
    return True


def retreat(ctx: Ctx, name: str, *, may_rout: bool = True) -> None:
    """Drive an iButho back one box, displacing an interior occupant first (6.7.4)."""
    s = ctx.s
    b = s["ibuthos"][name]
    if b["status"] != "active":
        return
    if b["pos"] == 0:
        if may_rout:
            b["status"] = "routed"
            ctx.say(f"{name} is driven beyond its 5 box and routs.")
        return
    target = b["pos"] - 1
    if target >= ZERO:
        blocker = occupant(s, box_id(b["track"], target), other_than=name)
        if blocker:
            ctx.say(f"{blocker} is displaced to clear the way.")
            retreat(ctx, blocker, may_rout=may_rout)
    b["pos"] = target
    ctx.say(f"{name} falls back to the {box_name(b['track'], target)}.")
    refresh(ctx)
