"""The two zone maps as frozen records, with the questions an engine asks of a map.

The JSON files in ``data/`` are validated by :mod:`games.zones.schema` on load and then turned
into plain frozen dataclasses, so the engine never touches raw dictionaries. Everything here is
pure: the same map id always gives the same board.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, cast, get_args

from games.zones.schema import Barrier, Battle, Kind, MapModel, Role, WallKind, ZoneModel

FILES: Mapping[str, str] = MappingProxyType(
    {"isandlwana": "isandlwana.json", "rorkes-drift": "rorkes_drift.json"}
)
EARLIER: Mapping[str, tuple[int, str]] = MappingProxyType(
    {"rorkes-drift": (3, "rorkes_drift_before_3.json")}
)
"""A battle's map as read before a revision of the readings: the revision that replaced it,
and the file of the zones (and suggested posts) it had until then. Games begun under an
earlier revision keep the map they began on, so they play on and replay unchanged."""


def map_of(battle: Battle, revision: int) -> str:
    """The id of the map a game of ``battle`` is played on under readings ``revision``: the
    battle's own id, or ``battle@n`` for the map of revisions up to n."""
    found = EARLIER.get(battle)
    return f"{battle}@{found[0] - 1}" if found and revision < found[0] else battle


def battle_of_map(map_id: str) -> Battle:
    return cast(Battle, map_id.partition("@")[0])


def earlier(battle: Battle) -> dict[str, Any]:
    """The data of ``battle``'s earlier map: its changed zones and suggested posts."""
    return cast(dict[str, Any], json.loads(read_data(EARLIER[battle][1])))


def read_data(name: str) -> str:
    return resources.files("games.zones.data").joinpath(name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class FireLine:
    """One shortest line of fire: the zones it passes, and at Rorke's Drift the wall it crosses.

    ``zone_before_wall``: a zone lies between the firer and that wall, so 11.4.4 takes one
    from the dice.
    """

    through: tuple[str, ...]
    wall: WallKind | None
    zone_before_wall: bool


@dataclass(frozen=True)
class FireTarget:
    target: str
    range: int
    lines: tuple[FireLine, ...]
    from_rules: bool


@dataclass(frozen=True)
class Facing:
    """18.1.4.1: the neighbours straight ahead, left and right, facing the focal point."""

    ahead: str | None
    left: str | None
    right: str | None


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    kind: Kind
    roles: frozenset[Role]
    edge: bool
    entry_turn: int | None
    british: bool
    zulu: bool
    limit_british: int | None
    limit_zulu: int | None
    facing: Facing


@dataclass(frozen=True)
class Objective:
    """Zones worth VP to the Zulus: all of ``zones`` must be held at once when ``needs_all``."""

    id: str
    zones: tuple[str, ...]
    vp: int
    needs_all: bool
    night_vp_from_turn_record: bool
    kept_once_won: bool


@dataclass(frozen=True)
class Board:
    battle: Battle
    title: str
    width: int
    height: int
    diagonal_fire: bool
    focal: tuple[str, ...]
    zones: Mapping[str, Zone]
    areas: Mapping[str, tuple[tuple[int, int, int, int], ...]]
    objectives: tuple[Objective, ...]
    _sides: Mapping[str, Mapping[str, Barrier]]
    _corners: Mapping[str, tuple[str, ...]]
    _fire: Mapping[str, Mapping[str, FireTarget]]

    def zone(self, zone_id: str) -> Zone:
        try:
            return self.zones[zone_id]
        except KeyError:
            known = ", ".join(self.zones)
            raise KeyError(f"{self.title} has no zone {zone_id!r}; its zones are {known}") from None

    def neighbours(self, zone_id: str) -> tuple[str, ...]:
        """Zones sharing a side: the only ones a unit may move or melee into (10.1, 12.1)."""
        self.zone(zone_id)
        return tuple(self._sides[zone_id])

    def is_adjacent(self, a: str, b: str) -> bool:
        """True only for a shared side; a shared corner is not adjacency (10.1)."""
        self.zone(a)
        self.zone(b)
        return b in self._sides[a]

    def corners(self, zone_id: str) -> tuple[str, ...]:
        """Zones touching only at a corner: no movement or melee; range 1 fire at Isandlwana."""
        self.zone(zone_id)
        return self._corners[zone_id]

    def barrier(self, a: str, b: str) -> Barrier:
        """What lies on the side between two adjacent zones: a wall kind, "ridge" or "none"."""
        if not self.is_adjacent(a, b):
            raise ValueError(
                f"zones {a} and {b} share no side, so no wall or ridge lies between them"
            )
        return self._sides[a][b]

    def wall_between(self, a: str, b: str) -> WallKind | None:
        """The kind of wall on the shared side of two adjacent zones, or None for an open side."""
        found = self.barrier(a, b)
        return cast(WallKind, found) if found in get_args(WallKind) else None

    def crosses_ridge(self, a: str, b: str) -> bool:
        return self.barrier(a, b) == "ridge"

    def fire_targets(self, zone_id: str) -> tuple[FireTarget, ...]:
        """The zone's printed fire list: each target with its range and shortest lines."""
        self.zone(zone_id)
        return tuple(self._fire[zone_id].values())

    def fire_target(self, firer: str, target: str) -> FireTarget | None:
        """The entry for ``target`` in the list of ``firer``, or None when it is not listed."""
        self.zone(firer)
        self.zone(target)
        return self._fire[firer].get(target)

    def entry_zones(self, turn: int) -> tuple[str, ...]:
        """Board-edge zones the Zulus may enter on ``turn`` (2.1 shields; any edge zone at RD)."""
        return tuple(
            z.id for z in self.zones.values() if z.entry_turn is not None and z.entry_turn <= turn
        )

    def limit(self, zone_id: str, side: str) -> int | None:
        """SP a side may have in the zone (2.2), None for no limit; 0 where it may not go."""
        zone = self.zone(zone_id)
        if side == "british":
            return zone.limit_british if zone.british else 0
        if side == "zulu":
            return zone.limit_zulu if zone.zulu else 0
        raise ValueError(f"side must be 'british' or 'zulu', not {side!r}")

    def with_role(self, role: Role) -> tuple[str, ...]:
        return tuple(z.id for z in self.zones.values() if role in z.roles)

    def objective_of(self, zone_id: str) -> Objective | None:
        self.zone(zone_id)
        return next((o for o in self.objectives if zone_id in o.zones), None)

    def facing(self, zone_id: str) -> Facing:
        return self.zone(zone_id).facing

    def steps(self, start: str, goals: Iterable[str]) -> int | None:
        """Fewest side-to-side steps from ``start`` to any of ``goals`` through enterable zones.

        Units are ignored; impassable zones (Mt. Isandlwana) are gone round. None when no way
        exists. Used for the ammunition distance to zone 15 (11.2.2) and for "closest".
        """
        targets = set(goals)
        for goal in targets | {start}:
            self.zone(goal)
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here in targets:
                return seen[here]
            for there in self._sides[here]:
                if there not in seen and (self.zones[there].zulu or self.zones[there].british):
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return None


def zone_order(zone_id: str) -> tuple[bool, int, str]:
    """Letters first, then numbers in numeric order: the order players read a zone list in."""
    return (zone_id.isdigit(), int(zone_id) if zone_id.isdigit() else 0, zone_id)


def parse_map(text: str) -> Board:
    """A board from the text of a map file, validated first (raises pydantic's ValidationError)."""
    return _board(MapModel.model_validate_json(text))


def _board(model: MapModel) -> Board:
    zones = {z.id: _zone(z) for z in model.zones}
    return Board(
        battle=model.id,
        title=model.title,
        width=model.width,
        height=model.height,
        diagonal_fire=model.diagonal_fire,
        focal=model.focal,
        zones=MappingProxyType(zones),
        areas=MappingProxyType({z.id: z.area for z in model.zones}),
        objectives=tuple(
            Objective(
                o.id, o.zones, o.vp, o.needs_all, o.night_vp_from_turn_record, o.kept_once_won
            )
            for o in model.objectives
        ),
        _sides=MappingProxyType(
            {
                z.id: MappingProxyType(
                    {s.zone: s.barrier for s in sorted(z.sides, key=lambda s: zone_order(s.zone))}
                )
                for z in model.zones
            }
        ),
        _corners=MappingProxyType(
            {z.id: tuple(sorted((c.zone for c in z.corners), key=zone_order)) for z in model.zones}
        ),
        _fire=MappingProxyType({z.id: MappingProxyType(_fire(z)) for z in model.zones}),
    )


def _zone(model: ZoneModel) -> Zone:
    return Zone(
        id=model.id,
        name=model.name,
        kind=model.kind,
        roles=frozenset(model.roles),
        edge=model.edge,
        entry_turn=model.entry_turn,
        british=model.british,
        zulu=model.zulu,
        limit_british=model.limit_british,
        limit_zulu=model.limit_zulu,
        facing=Facing(model.ahead, model.left, model.right),
    )


def _fire(model: ZoneModel) -> dict[str, FireTarget]:
    return {
        f.target: FireTarget(
            target=f.target,
            range=f.range,
            lines=tuple(FireLine(ln.through, ln.wall, ln.zone_before_wall) for ln in f.lines),
            from_rules=f.src.startswith("rules"),
        )
        for f in model.fire
    }


@cache
def load_board(map_id: str) -> Board:
    """The board of a map (``map_of``: "isandlwana", "rorkes-drift" or an earlier map such
    as "rorkes-drift@2"), loaded and checked once."""
    battle, _, before = map_id.partition("@")
    if battle not in FILES:
        raise ValueError(f"no map for {battle!r}; the battles are {', '.join(FILES)}")
    if not before:
        return parse_map(read_data(FILES[battle]))
    if battle not in EARLIER or before != str(EARLIER[battle][0] - 1):
        raise ValueError(f"no earlier map {map_id!r}")
    raw = json.loads(read_data(FILES[battle]))
    replaced = {zone["id"]: zone for zone in earlier(cast(Battle, battle))["zones"]}
    raw["zones"] = [replaced.get(zone["id"], zone) for zone in raw["zones"]]
    return parse_map(json.dumps(raw))
