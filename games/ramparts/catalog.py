"""The game's data files, loaded once into typed records the engine can read quickly."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


def load(name: str) -> dict[str, Any]:
    with (DATA / f"{name}.json").open(encoding="utf-8") as handle:
        return json.load(handle)


@dataclass(frozen=True)
class Ability:
    id: str
    mode: str
    phase: str
    effect: str
    params: dict[str, Any]
    text: str


@dataclass(frozen=True)
class Card:
    """One card face. The flags below are worked out once at load, as the engine asks often.

    ``is_hero``: Hero and Group cards, the ones Put Forth onto the Tableau.
    ``can_work``: white-titled cards cannot form the platoon, build, fight fires or hand
    out ammunition (6.2). ``vp``: what the card scores while available or committed (11.0).
    """

    number: int
    name: str
    kind: str
    title: str
    rank: str | None
    medal: str | None
    dice: dict[str, int]
    abilities: tuple[Ability, ...]
    raw: dict[str, Any]
    is_hero: bool = False
    can_work: bool = False
    private: bool = False
    outside: bool = False
    free: bool = False
    vp: int = 1

    def ability(self, ability_id: str) -> Ability | None:
        return _BY_ID[self.number].get(ability_id)

    def effect(self, effect: str) -> Ability | None:
        return _BY_EFFECT[self.number].get(effect)

    def used_in(self, phase: str) -> tuple[Ability, ...]:
        """Abilities the player can trigger in a phase (not the continuous ones)."""
        return _BY_PHASE[self.number].get(phase, ())

    @property
    def short(self) -> str:
        return f"#{self.number} {self.name}"


@dataclass(frozen=True)
class Chit:
    id: str
    kind: str
    after: str
    group: str | None
    boxes: int


@dataclass(frozen=True)
class Ibutho:
    name: str
    strength: int
    gold_marker: int
    order: int

    @property
    def markers(self) -> int:
        """Hit markers under the standee at full strength (strength counts the standee)."""
        return self.strength - 1


def _ability(data: dict[str, Any]) -> Ability:
    return Ability(
        data["id"],
        data["mode"],
        data["phase"],
        data["effect"],
        data.get("params", {}),
        data["text"],
    )


@cache
def cards() -> dict[int, Card]:
    found = {}
    for data in load("cards")["cards"]:
        found[data["number"]] = Card(
            number=data["number"],
            name=data["name"],
            kind=data["kind"],
            title=data["title"],
            rank=data.get("rank"),
            medal=data.get("medal"),
            dice=data.get("dice", {}),
            abilities=tuple(_ability(a) for a in data.get("abilities", [])),
            raw=data,
            is_hero=data["kind"] in ("hero", "group"),
            can_work=data["kind"] in ("hero", "group") and data["title"] != "white",
            private=bool(data.get("private")),
            outside=bool(data.get("outside")),
            free=bool(data.get("free")),
            vp=2 if data.get("medal") else 1,
        )
    return found


@cache
def chits() -> dict[str, Chit]:
    return {
        c["id"]: Chit(
            c["id"], c["kind"], c.get("after", "discard"), c.get("group"), c.get("boxes", 0)
        )
        for c in load("chits")["chits"]
    }


@cache
def groups() -> dict[str, tuple[str, ...]]:
    """Which tracks each Advance group moves."""
    return {k: tuple(v) for k, v in load("chits")["groups"].items()}


@cache
def ibuthos() -> dict[str, Ibutho]:
    return {
        d["name"]: Ibutho(d["name"], d["strength"], d["gold_marker"], i)
        for i, d in enumerate(load("ibuthos")["ibuthos"])
    }


@cache
def tracks() -> dict[str, Any]:
    return load("tracks")


CARD = cards()
_BY_ID = {n: {a.id: a for a in c.abilities} for n, c in CARD.items()}
_BY_EFFECT = {n: {a.effect: a for a in reversed(c.abilities)} for n, c in CARD.items()}
_BY_PHASE: dict[int, dict[str, tuple[Ability, ...]]] = {
    n: {
        phase: tuple(a for a in c.abilities if a.phase == phase and a.mode != "while_available")
        for phase in {a.phase for a in c.abilities}
    }
    for n, c in CARD.items()
}
USED_IN: dict[str, frozenset[int]] = {
    phase: frozenset(n for n, by_phase in _BY_PHASE.items() if by_phase.get(phase))
    for phase in ("impi", "action", "draw", "housekeeping")
}
"""Which cards have an ability the player can trigger in each phase."""
CHIT = chits()
IBUTHO = ibuthos()
GROUP = groups()
TRACKS = tracks()
TRACK_IDS: tuple[str, ...] = tuple(t["id"] for t in TRACKS["tracks"])
TRACK_NAME: dict[str, str] = {t["id"]: t["name"] for t in TRACKS["tracks"]}
ZERO_OF: dict[str, str] = {t["id"]: t["zero"] for t in TRACKS["tracks"]}
BUILDING_OF: dict[str, str | None] = {t["id"]: t["building"] for t in TRACKS["tracks"]}
TRACK_OF_BUILDING: dict[str, str] = {b: t for t, b in BUILDING_OF.items() if b}
ABLAZE: dict[str, list[str]] = {
    k: TRACKS["building_ablaze"][k] for k in ("none", "one", "both", "fire_fighting")
}
VOLLEY_FACES: dict[int, str] = {int(k): v for k, v in TRACKS["dice"]["volley"].items()}
DEFENSE_BOXES: dict[str, dict[str, Any]] = TRACKS["heroic_defense_boxes"]
REYNOLDS_FATE: dict[str, list[int]] = TRACKS["reynolds_fate"]
