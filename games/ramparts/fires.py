"""Burning buildings: the Building Ablaze Table (5.3.1) and fire fighting (6.5)."""

from __future__ import annotations

from games.ramparts.catalog import ABLAZE
from games.ramparts.defense import refresh
from games.ramparts.state import Ctx

BUILDINGS = ("hospital", "storehouse")


def column(fires: list[str]) -> str:
    return ("none", "one", "both")[len(fires)]


def ignite(ctx: Ctx, building: str) -> None:
    if building not in ctx.s["fires"]:
        ctx.s["fires"].append(building)
        ctx.s["fires"].sort()
        ctx.say(f"The {building.title()} is on fire.")
    refresh(ctx)


def extinguish(ctx: Ctx, building: str) -> None:
    if building in ctx.s["fires"]:
        ctx.s["fires"].remove(building)
        ctx.say(f"The {building.title()} fire is put out.")
    refresh(ctx)


def resolve(ctx: Ctx, table: str, why: str) -> bool:
    """Roll on one column of the table; True when the player must pick which fire goes out."""
    s = ctx.s
    roll = ctx.dice.d6(why)
    result = ABLAZE[table][roll - 1]
    heading = {"none": "no building burning", "one": "one building burning"}.get(
        table, "both buildings burning" if table == "both" else "Fire Fighting column"
    )
    ctx.say(f"{why}: rolled {roll} on the Building Ablaze Table ({heading}): {_words(result)}.")
    if result in BUILDINGS:
        ignite(ctx, result)
    elif result == "other":
        other = next(b for b in BUILDINGS if b not in s["fires"])
        ignite(ctx, other)
    elif result.startswith("extinguish_") and result != "extinguish_one":
        extinguish(ctx, result.removeprefix("extinguish_"))
    elif result == "extinguish_one":
        if len(s["fires"]) == 2:
            return True
        if s["fires"]:
            extinguish(ctx, s["fires"][0])
    return False


def _words(result: str) -> str:
    return {
        "hospital": "Hospital ablaze",
        "storehouse": "Storehouse ablaze",
        "other": "the other building ablaze",
        "none": "no effect",
        "extinguish_hospital": "Hospital fire extinguished",
        "extinguish_storehouse": "Storehouse fire extinguished",
        "extinguish_one": "one fire extinguished",
    }[result]
