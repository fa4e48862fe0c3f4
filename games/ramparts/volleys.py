"""Volleys (6.7): who may be targeted, how many dice, the DRMs of 6.7.5 and what the dice do.

Reading of the lost die faces (data/tracks.json): 1-3 miss, 4 misses unless the
target is in a burning building (then it retreats), 5 retreats, 6 hits. Where
G Company's +1 applies, it goes on the die where it does the most good: a 5
becomes a Hit, else a 4 becomes a Retreat, else (in a burning building) a 3.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ramparts.catalog import BUILDING_OF, CARD
from games.ramparts.movement import retreat
from games.ramparts.state import (
    CLOSE_FROM,
    ZERO,
    Ctx,
    State,
    box_name,
    in_burning_building,
    strength,
)

RANGE_OF_POS = {1: "far", 2: "long", 3: "medium", 4: "close", 5: "close", 6: "close"}
RANGE_WORD = {
    "far": "the 4 box",
    "long": "Long range",
    "medium": "Medium range",
    "close": "Close range",
}


def range_of(s: State, name: str) -> str | None:
    return RANGE_OF_POS.get(s["ibuthos"][name]["pos"])


def dice_count(s: State, number: int, target: str) -> int:
    """Dice for this card at the target's range, with banners' extra dice; 0 if it cannot fire."""
    rng = range_of(s, target)
    if rng is None:
        return 0
    base = CARD[number].dice.get(rng, 0)
    if not base:
        return 0
    if rng == "close" and "nnc" in s["banners"]:
        base += 1
    if rng != "close" and "nnh" in s["banners"]:
        base += 1
    return base


def in_sight(s: State) -> tuple[list[tuple[str, int, str]], int | None]:
    """Every iButho a Volley could reach, with its range, and the deepest interior position.

    Computed once per position so each card's targets are a quick filter (6.7.1).
    """
    fires = s["fires"]
    seen = []
    deepest = None
    for name, b in s["ibuthos"].items():
        if b["status"] != "active":
            continue
        pos = b["pos"]
        if pos >= ZERO and (deepest is None or pos > deepest):
            deepest = pos
        rng = RANGE_OF_POS.get(pos)
        if rng is None or (pos < CLOSE_FROM and BUILDING_OF[b["track"]] in fires):
            continue
        seen.append((name, pos, rng))
    return seen, deepest


def targets(
    s: State, number: int, sight: tuple[list[tuple[str, int, str]], int | None] | None = None
) -> list[str]:
    """iButhos this card may fire at now (6.7.1): range, fire in the way, the must-target rule."""
    card = CARD[number]
    dice = card.dice
    seen, deepest = sight or in_sight(s)
    must = deepest is not None and not card.outside
    return [n for n, pos, rng in seen if dice.get(rng) and not (must and pos != deepest)]


@dataclass
class Modifiers:
    minus: int
    plus: int
    reasons: list[str]


def modifiers(s: State, number: int, target: str) -> Modifiers:
    """The DRMs of 6.7.5, each named."""
    reasons = []
    minus = 0
    if s["ammo_low"]:
        minus += 1
        reasons.append("-1 Ammunition / Water Low")
    melee_exempt = (
        s["options"]["melee"] and CARD[number].raw.get("melee") and range_of(s, target) == "close"
    )
    if s["night"] and not s["fires"] and not melee_exempt:
        minus += 1
        reasons.append("-1 Night")
    for chit in s["turn_flags"]["drm_from"]:
        minus += 1
        reasons.append(f"-1 {chit}")
    plus = 0
    if "gco" in s["banners"] and s["ibuthos"][target]["pos"] <= CLOSE_FROM:
        plus = 1
        reasons.append("+1 G Company")
    if plus and minus:
        plus, minus = 0, minus - 1
        reasons.append("(+1 and one -1 cancel)")
    return Modifiers(minus, plus, reasons)


def modify(rolls: list[int], mods: Modifiers, burning: bool) -> list[int]:
    """Take one off each of the ``minus`` highest dice; put a +1 where it helps most."""
    final = sorted(rolls, reverse=True)
    for i in range(min(mods.minus, len(final))):
        final[i] -= 1
    if mods.plus:
        for want in (5, 4, 3) if burning else (5, 4):
            if want in final:
                final[final.index(want)] += 1
                break
    return final


def tally(final: list[int], burning: bool) -> tuple[int, int]:
    hits = sum(1 for v in final if v >= 6)
    retreats = sum(1 for v in final if v == 5 or (burning and v == 4))
    return hits, retreats


def outcome_words(hits: int, retreats: int, burning: bool) -> str:
    """What a Volley did, plainly, with the faces that did it (a 6 hits; a 5, or a 4 on a
    target in a burning building, makes it retreat)."""
    if not hits and not retreats:
        return "no 6s or 5s, so no effect" if not burning else "no 6s, 5s or 4s, so no effect"
    said = []
    if hits:
        said.append(f"{hits} hit{'s' if hits != 1 else ''} (the 6s)")
    if retreats:
        faces = "the 5s and 4s: it stands in a burning building" if burning else "the 5s"
        said.append(f"{retreats} retreat{'s' if retreats != 1 else ''} ({faces})")
    return " and ".join(said)


def fire(ctx: Ctx, number: int, target: str, source: str) -> None:
    """Roll and apply one Volley: all Hits first, then all Retreats (6.7.4, 6.7.6)."""
    s = ctx.s
    card = CARD[number]
    n = dice_count(s, number, target)
    rng = range_of(s, target) or "close"
    b = s["ibuthos"][target]
    where = box_name(b["track"], b["pos"])
    rolls = [ctx.dice.d6(f"Volley {card.name} at {target}") for _ in range(n)]
    burning = in_burning_building(s, target)
    mods = modifiers(s, number, target)
    final = modify(rolls, mods, burning)
    hits, retreats = tally(final, burning)
    s["volleys_fired"] += 1
    drm = "; DRMs " + ", ".join(mods.reasons) if mods.reasons else "; no DRMs"
    shown = ", ".join(map(str, sorted(rolls, reverse=True)))
    after = ", ".join(map(str, final))
    ctx.say(
        f"Volley {source}: {card.name} at {target} in the {where} ({RANGE_WORD[rng]}), "
        f"{n} dice: {shown}{drm} -> {after}: {outcome_words(hits, retreats, burning)}."
    )
    for _ in range(hits):
        if b["markers"]:
            b["markers"] -= 1
            ctx.say(f"{target} loses a Hit marker (strength {strength(s, target)}).")
        else:
            b["status"] = "eliminated"
            ctx.say(f"{target} is wiped out to the last man.")
            return
    for _ in range(retreats):
        if b["status"] != "active":
            return
        retreat(ctx, target)
