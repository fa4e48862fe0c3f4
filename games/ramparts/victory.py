"""How the game ends and how it is scored (11.0): the VP schedule and the six Victory Levels."""

from __future__ import annotations

from games.ramparts.catalog import CARD
from games.ramparts.options import vp_adjustment
from games.ramparts.state import State, casualty_markers

LEVELS: tuple[tuple[int, str, str | None], ...] = (
    (60, "Epic Victory (Zulu Debacle)", "british"),
    (50, "Major Victory (Zulu Defeat; the historical result)", "british"),
    (40, "Minor Victory (Zulu Setback)", "british"),
    (35, "Standoff (a Draw; inconclusive)", None),
    (25, "Ignoble Defeat (Zulu Minor Victory)", "zulus"),
    (-1000, "Tragic Defeat (Zulu Major Victory)", "zulus"),
)
LEVEL_NAMES = tuple(level.split(" (")[0] for _, level, _ in LEVELS)
BANNER_VP = {"nnc": -7, "nnh": -5, "gco": -10}
"""The VP schedule's figures; 12.3.4 prints -7 for G Company, the schedule -10, which we use."""

HOW = {
    "defeat": "Military Defeat: a Zulu iButho reached the Zulu Victory marker",
    "victory": "Military Victory: no iButho is left in the fight",
    "relief": "Political Face-Saving: Lord Chelmsford's Relief Column arrived",
}


def committed(s: State) -> list[int]:
    found = list(s["reserve"])
    if s["barricade"]["builder"] is not None:
        found.append(s["barricade"]["builder"])
    return found


def breakdown(s: State) -> dict[str, int]:
    """Every line of the VP schedule that scores, by name."""
    heroes = [n for n in s["tableau"] + committed(s) if CARD[n].is_hero]
    standing = sum(1 for b in ("hospital", "storehouse") if b not in s["fires"])
    wiped = sum(1 for b in s["ibuthos"].values() if b["status"] == "eliminated")
    lines = {
        "heroes available or committed": sum(CARD[n].vp for n in heroes),
        "Zulu Hit markers in the Casualties box": 3 * casualty_markers(s),
        "buildings not burning": 4 * standing,
        "iButhos wiped out": 6 * wiped,
        "Relief Column drawn": 10 if s.get("relief") else 0,
    }
    for banner in s["banners"]:
        lines[f"{banner.upper()} banner"] = BANNER_VP[banner]
    lines.update(vp_adjustment(s["options"]))
    return {k: v for k, v in lines.items() if v}


def score(s: State) -> int:
    return sum(breakdown(s).values())


def level(vp: int) -> tuple[str, str | None]:
    for floor, name, winner in LEVELS:
        if vp >= floor:
            return name, winner
    return LEVELS[-1][1], LEVELS[-1][2]


def finish(s: State) -> None:
    """Record the final tally once one of the three endings has happened."""
    vp = score(s)
    name, winner = level(vp)
    s["over"].update({"vp": vp, "level": name, "winner": winner, "breakdown": breakdown(s)})


def all_out(s: State) -> bool:
    return all(b["status"] != "active" for b in s["ibuthos"].values())
