"""The shape of a game in progress and the small questions every rule asks of it.

A position is a JSON-ready dict. iButhos stand at a *position index* along their
track: 0 is the 5 box, 4 the 1 box, 5 the track's 0 box, 6 the -1 box and 7 the
-2 box. The Zulu Victory marker is kept as the index of the box it covers: 5
(both 0 boxes), 6 (-1) or 7 (-2). The draw pile is a list whose last item is
the top card.
"""

from __future__ import annotations

import json
from typing import Any

from games.core.dice import Dice
from games.ramparts.catalog import BUILDING_OF, CARD, IBUTHO, TRACK_NAME, ZERO_OF

State = dict[str, Any]

ZERO, MINUS_ONE, MINUS_TWO = 5, 6, 7
CLOSE_FROM = 4
"""Positions 4 (the 1 box) and inward are Close range."""

SIDE = "british"


def box_number(pos: int) -> int:
    """The printed number of the box at a position index."""
    return 5 - pos if pos <= ZERO else ZERO - pos


def box_id(track: str, pos: int) -> str:
    """The box an iButho occupies: shared interior boxes have one id for every track."""
    if pos < ZERO:
        return f"{track}:{5 - pos}"
    if pos == ZERO:
        return ZERO_OF[track]
    return str(box_number(pos))


def box_name(track: str, pos: int) -> str:
    building = BUILDING_OF[track]
    if pos == CLOSE_FROM and building:
        return f"{building.title()} ({TRACK_NAME[track]} 1)"
    if pos < ZERO:
        return f"{TRACK_NAME[track]} {5 - pos}"
    if pos == ZERO:
        return "upper 0 box" if ZERO_OF[track] == "0-upper" else "lower 0 box"
    return f"{box_number(pos)} box"


def copy_state(state: State) -> State:
    """A deep copy, so an order never changes the position it was given."""
    return json.loads(json.dumps(state))


class Ctx:
    """One order's working set: the position being changed, the dice and what to report."""

    __slots__ = ("dice", "log", "offered", "private", "s")

    def __init__(self, s: State, dice: Dice) -> None:
        self.s = s
        self.dice = dice
        self.log: list[str] = []
        self.private: list[str] = []
        self.offered: list[dict[str, Any]] | None = None
        """The orders open where play paused, when already worked out (spares the policy)."""

    def say(self, text: str) -> None:
        self.log.append(text)

    def tell(self, text: str) -> None:
        """Words for the player alone (the hand is hidden from the channel)."""
        self.private.append(text)


def active(s: State) -> list[str]:
    """iButhos standing on the map and fighting (neither routed nor eliminated)."""
    return [n for n, b in s["ibuthos"].items() if b["status"] == "active"]


def occupant(s: State, box: str, other_than: str | None = None) -> str | None:
    for name, b in s["ibuthos"].items():
        if name != other_than and b["status"] == "active" and box_id(b["track"], b["pos"]) == box:
            return name
    return None


def strength(s: State, name: str) -> int:
    """Standee plus Hit markers still under it."""
    b = s["ibuthos"][name]
    return 0 if b["status"] == "eliminated" else b["markers"] + 1


def start_markers(s: State, name: str) -> int:
    extra = IBUTHO[name].gold_marker if s["options"]["stronger"] else 0
    return IBUTHO[name].markers + extra


def casualty_markers(s: State) -> int:
    """Hit markers in the Zulu Casualties box."""
    return sum(start_markers(s, n) - b["markers"] for n, b in s["ibuthos"].items())


def in_burning_building(s: State, name: str) -> bool:
    b = s["ibuthos"][name]
    building = BUILDING_OF[b["track"]]
    return b["pos"] == CLOSE_FROM and building is not None and building in s["fires"]


def is_lieutenant(s: State, number: int) -> bool:
    card = CARD[number]
    if card.raw.get("lieutenant"):
        return True
    if card.rank != "lieutenant":
        return False
    return not (card.raw.get("colonial") and s["options"]["officers"])


def is_sergeant(number: int) -> bool:
    return CARD[number].rank == "sergeant"


def in_game_cards(s: State) -> list[int]:
    """Every card of this game wherever it lies (for the conservation check)."""
    zones = [s["deck"], s["hand"], s["tableau"], s["discard"], s["removed"], s["reserve"]]
    found = [n for zone in zones for n in zone]
    if s["barricade"]["builder"] is not None:
        found.append(s["barricade"]["builder"])
    return found


def in_game_chits(s: State) -> list[str]:
    return s["cup"] + s["chits_used"] + s["chits_removed"] + s["drawn"]


def spalding_present(s: State) -> bool:
    """Major Spalding counts while in hand, available or committed (12.3.2)."""
    return (
        41 in s["hand"]
        or 41 in s["tableau"]
        or 41 in s["reserve"]
        or (s["barricade"]["builder"] == 41)
    )


def describe_ibutho(s: State, name: str) -> str:
    b = s["ibuthos"][name]
    if b["status"] == "eliminated":
        return f"{name}: eliminated"
    where = box_name(b["track"], b["pos"])
    status = " (routed)" if b["status"] == "routed" else ""
    return f"{name} {where}{status}, strength {strength(s, name)}"
