"""Heroic Defense markers (5.1.3, 6.2.1): placed while their Hero is ready, lost to fire or foes.

The marker of an available card sits in its box unless that box is burning or
an iButho holds that box or one further in. Losing a marker that was on the map
sends its card back to the hand; a card Put Forth under threat simply waits
without a marker until the box is clear again.
"""

from __future__ import annotations

from games.ramparts.catalog import CARD, DEFENSE_BOXES, ZERO_OF
from games.ramparts.state import CLOSE_FROM, ZERO, Ctx, State


def defense_of(number: int) -> tuple[str, list[int]] | None:
    ability = CARD[number].effect("heroic_defense")
    if ability is None:
        return None
    return ability.params["box"], ability.params["numbers"]


DEFENDERS: dict[int, str] = {
    n: ab.params["box"] for n, c in CARD.items() if (ab := c.effect("heroic_defense"))
}
"""Cards with a Heroic Defense marker, and the box each guards."""


def threatened(s: State, key: str) -> bool:
    if key in s["fires"]:
        return True
    spot = DEFENSE_BOXES[key]
    for b in s["ibuthos"].values():
        if b["status"] != "active":
            continue
        pos = b["pos"]
        if key == "perimeter":
            if pos >= ZERO:
                return True
            continue
        track = spot["track"]
        if pos > ZERO:
            return True
        if b["track"] == track and pos >= CLOSE_FROM:
            return True
        if pos == ZERO and ZERO_OF[b["track"]] == ZERO_OF[track]:
            return True
    return False


def guard(s: State, track: str, pos: int) -> int | None:
    """The card whose marker guards the box an iButho on ``track`` would enter at ``pos``."""
    for number, key in s["markers"].items():
        if key == "perimeter":
            if pos == ZERO:
                return int(number)
            continue
        spot = DEFENSE_BOXES[key]
        if spot["track"] == track and pos == CLOSE_FROM:
            return int(number)
    return None


def drop(s: State, number: int) -> None:
    s["markers"].pop(str(number), None)


def refresh(ctx: Ctx) -> None:
    """Bring every marker in line with the position (6.2.1)."""
    s = ctx.s
    for number in [n for n in s["tableau"] if n in DEFENDERS]:
        key = DEFENDERS[number]
        present = str(number) in s["markers"]
        if threatened(s, key):
            if present:
                drop(s, number)
                s["tableau"].remove(number)
                s["hand"].append(number)
                ctx.say("A defender falls back to your hand; the marker leaves the map.")
                ctx.tell(f"{CARD[number].name} is back in your hand.")
        elif not present:
            s["markers"][str(number)] = key
