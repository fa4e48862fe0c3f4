"""What a valid zone-game data file holds, checked by pydantic on every load.

The map check goes beyond types: every reference names a real zone, contacts and walls read
the same from both sides, the contacts match the drawn areas, and every line of fire steps
across real contacts. A player who corrects a map from a printed copy gets a plain message.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

Src = Annotated[
    str, StringConstraints(pattern=r"^(rules \d+(\.\d+)*(, \d+(\.\d+)*)*|reconstruction)$")
]
"""Where a datum comes from: "rules" with the rule numbers that state it, or "reconstruction"."""

RuleRef = Annotated[str, StringConstraints(pattern=r"^\d+(\.\d+)*$")]
Battle = Literal["isandlwana", "rorkes-drift"]
WallKind = Literal["building", "mealie-bag", "mealie-bag-wagon", "stone", "biscuit-box"]
Barrier = Literal[
    "none", "ridge", "building", "mealie-bag", "mealie-bag-wagon", "stone", "biscuit-box"
]
Kind = Literal[
    "open", "building", "roof", "redoubt", "kraal", "heights", "plateau", "donga", "mountain"
]
Role = Literal[
    "hospital",
    "storehouse",
    "replacements",
    "roof",
    "redoubt",
    "kraal",
    "water-cart",
    "mountain",
    "laager",
    "ammunition",
    "exit",
]
UnitKind = Literal["leader", "infantry", "native-infantry", "cavalry", "artillery", "vp"]
Light = Literal["day", "night"]


class Strict(BaseModel):
    """Frozen, and unknown keys are refused so a misspelt field fails loudly."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SideModel(Strict):
    zone: str
    src: Src
    barrier: Barrier
    barrier_src: Src


class CornerModel(Strict):
    zone: str
    src: Src


class LineModel(Strict):
    through: tuple[str, ...]
    wall: WallKind | None = None
    zone_before_wall: bool = False

    @model_validator(mode="after")
    def _wall_first(self) -> LineModel:
        if self.zone_before_wall and self.wall is None:
            raise ValueError("a line cannot have a zone before a wall it does not cross")
        return self


class FireModel(Strict):
    target: str
    range: int = Field(ge=1, le=3)
    src: Src
    lines: tuple[LineModel, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _lengths(self) -> FireModel:
        for line in self.lines:
            if len(line.through) != self.range - 1:
                raise ValueError(
                    f"a line to {self.target} at range {self.range} must pass "
                    f"{self.range - 1} zones, not {len(line.through)}"
                )
        return self


Rect = tuple[int, int, int, int]


class ZoneModel(Strict):
    id: str = Field(min_length=1)
    name: str
    src: Src
    area: tuple[Rect, ...] = Field(min_length=1)
    kind: Kind
    kind_src: Src
    roles: tuple[Role, ...]
    roles_src: Src | None
    edge: bool
    entry_turn: int | None = Field(ge=1, le=16)
    entry_src: Src
    british: bool
    zulu: bool
    presence_src: Src
    limit_british: int | None = Field(ge=0)
    limit_zulu: int | None = Field(ge=0)
    limit_src: Src
    sides: tuple[SideModel, ...]
    corners: tuple[CornerModel, ...]
    fire: tuple[FireModel, ...]
    ahead: str | None
    left: str | None
    right: str | None
    solitaire_src: Src

    @model_validator(mode="after")
    def _consistent(self) -> ZoneModel:
        if bool(self.roles) != (self.roles_src is not None):
            raise ValueError(f"zone {self.id}: roles and roles_src go together")
        if self.entry_turn is not None and not self.edge:
            raise ValueError(f"zone {self.id}: only a board-edge zone can be an entry zone")
        for x0, y0, x1, y1 in self.area:
            if x0 >= x1 or y0 >= y1:
                raise ValueError(f"zone {self.id}: the rectangle {[x0, y0, x1, y1]} is empty")
        return self

    def cells(self) -> set[tuple[int, int]]:
        return {
            (x, y) for x0, y0, x1, y1 in self.area for x in range(x0, x1) for y in range(y0, y1)
        }


class ObjectiveModel(Strict):
    id: str
    zones: tuple[str, ...] = Field(min_length=1)
    vp: int = Field(ge=1)
    needs_all: bool
    night_vp_from_turn_record: bool
    kept_once_won: bool
    src: Src
    note: str | None


class MapModel(Strict):
    id: Battle
    title: str
    src: Src
    note: str
    width: int = Field(ge=1)
    height: int = Field(ge=1)
    diagonal_fire: bool
    diagonal_fire_src: Src
    focal: tuple[str, ...] = Field(min_length=1)
    focal_src: Src
    objectives: tuple[ObjectiveModel, ...]
    zones: tuple[ZoneModel, ...]

    @model_validator(mode="after")
    def _integrity(self) -> MapModel:
        problems = _map_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self


def _map_problems(board: MapModel) -> list[str]:
    """Every way the map contradicts itself, in plain words (an empty list when sound)."""
    ids = [z.id for z in board.zones]
    dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
    if dupes:
        return [f"zone ids used twice: {', '.join(dupes)}"]
    zones = {z.id: z for z in board.zones}
    problems = _reference_problems(board, zones)
    if problems:
        return problems
    return (
        _contact_problems(zones)
        + _area_problems(board, zones)
        + _fire_problems(board, zones)
        + _facing_problems(zones)
    )


def _reference_problems(board: MapModel, zones: dict[str, ZoneModel]) -> list[str]:
    problems = []
    for zone in board.zones:
        named = [s.zone for s in zone.sides] + [c.zone for c in zone.corners]
        named += [f.target for f in zone.fire]
        named += [t for f in zone.fire for ln in f.lines for t in ln.through]
        named += [n for n in (zone.ahead, zone.left, zone.right) if n is not None]
        problems += [f"zone {zone.id} names an unknown zone {n}" for n in named if n not in zones]
    for objective in board.objectives:
        problems += [
            f"objective {objective.id} names an unknown zone {n}"
            for n in objective.zones
            if n not in zones
        ]
    problems += [f"focal point names an unknown zone {n}" for n in board.focal if n not in zones]
    return problems


def _contact_problems(zones: dict[str, ZoneModel]) -> list[str]:
    problems = []
    for zone in zones.values():
        sides = {s.zone: s for s in zone.sides}
        corners = {c.zone for c in zone.corners}
        if len(sides) != len(zone.sides) or len(corners) != len(zone.corners):
            problems.append(f"zone {zone.id} lists a contact twice")
        if zone.id in sides or zone.id in corners:
            problems.append(f"zone {zone.id} lists itself as a contact")
        for other in sorted(set(sides) & corners):
            problems.append(f"zones {zone.id} and {other} cannot share both a side and a corner")
        for other, side in sides.items():
            back = {s.zone: s for s in zones[other].sides}.get(zone.id)
            if back is None:
                problems.append(f"{zone.id} lists {other} as a side neighbour but not the reverse")
            elif back.barrier != side.barrier:
                problems.append(
                    f"the side between {zone.id} and {other} is {side.barrier} from one side "
                    f"and {back.barrier} from the other"
                )
        for other in corners:
            if zone.id not in {c.zone for c in zones[other].corners}:
                problems.append(f"{zone.id} lists {other} as a corner contact but not the reverse")
    return problems


def _area_problems(board: MapModel, zones: dict[str, ZoneModel]) -> list[str]:
    owner: dict[tuple[int, int], str] = {}
    problems = []
    for zone in zones.values():
        for cell in zone.cells():
            x, y = cell
            if not (0 <= x < board.width and 0 <= y < board.height):
                problems.append(f"zone {zone.id} reaches off the {board.width}x{board.height} grid")
                return problems
            if cell in owner:
                problems.append(f"zones {owner[cell]} and {zone.id} overlap at cell {x},{y}")
                return problems
            owner[cell] = zone.id
    if len(owner) != board.width * board.height:
        return [f"{board.width * board.height - len(owner)} grid cells belong to no zone"]
    sides, touches = _drawn_contacts(owner, board.width, board.height)
    for zone in zones.values():
        listed_sides = {s.zone for s in zone.sides}
        listed_corners = {c.zone for c in zone.corners}
        drawn_sides = sides.get(zone.id, set())
        drawn_corners = touches.get(zone.id, set()) - drawn_sides
        if listed_sides != drawn_sides:
            problems.append(
                f"zone {zone.id}: the side neighbours listed ({', '.join(sorted(listed_sides))}) "
                f"differ from those drawn ({', '.join(sorted(drawn_sides))})"
            )
        if listed_corners != drawn_corners:
            problems.append(
                f"zone {zone.id}: the corner contacts listed ({', '.join(sorted(listed_corners))}) "
                f"differ from those drawn ({', '.join(sorted(drawn_corners))})"
            )
    return problems


def _drawn_contacts(
    owner: dict[tuple[int, int], str], width: int, height: int
) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Side contacts (a shared cell edge) and every contact (edge or corner) of the drawn zones."""
    sides: dict[str, set[str]] = {}
    touches: dict[str, set[str]] = {}
    for y in range(height):
        for x in range(width):
            here = owner[(x, y)]
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < width and ny < height and owner[(nx, ny)] != here:
                    there = owner[(nx, ny)]
                    sides.setdefault(here, set()).add(there)
                    sides.setdefault(there, set()).add(here)
            if x + 1 < width and y + 1 < height:
                block = {owner[(x, y)], owner[(x + 1, y)], owner[(x, y + 1)], owner[(x + 1, y + 1)]}
                for a in block:
                    touches.setdefault(a, set()).update(block - {a})
    return sides, touches


def _fire_problems(board: MapModel, zones: dict[str, ZoneModel]) -> list[str]:
    problems = []
    for zone in zones.values():
        targets = [f.target for f in zone.fire]
        if len(set(targets)) != len(targets):
            problems.append(f"zone {zone.id} lists a fire target twice")
        for entry in zone.fire:
            if entry.target == zone.id:
                problems.append(f"zone {zone.id} lists itself as a fire target")
            for line in entry.lines:
                steps = (zone.id, *line.through, entry.target)
                if len(set(steps)) != len(steps):
                    problems.append(f"a line from {zone.id} to {entry.target} passes a zone twice")
                for a, b in pairwise(steps):
                    if not _steps(zones[a], b, board.diagonal_fire):
                        how = "side or corner" if board.diagonal_fire else "side"
                        problems.append(
                            f"the line from {zone.id} to {entry.target} steps from {a} to {b}, "
                            f"which share no {how}"
                        )
    return problems


def _steps(zone: ZoneModel, other: str, diagonal: bool) -> bool:
    if any(s.zone == other for s in zone.sides):
        return True
    return diagonal and any(c.zone == other for c in zone.corners)


def _facing_problems(zones: dict[str, ZoneModel]) -> list[str]:
    problems = []
    for zone in zones.values():
        sides = {s.zone for s in zone.sides}
        for way, other in (("ahead", zone.ahead), ("left", zone.left), ("right", zone.right)):
            if other is not None and other not in sides:
                problems.append(f"zone {zone.id}: {way} is {other}, which is not a side neighbour")
    return problems


SHORT_LABEL = 6
"""The most characters a unit's map label may have, so it fits on its counter in the
narrowest zone (our labels, not the rules')."""


class UnitModel(Strict):
    id: str
    name: str
    short: str = Field(min_length=1, max_length=SHORT_LABEL)
    kind: UnitKind
    sp: int = Field(ge=0)
    reduced: int | None = Field(ge=1)
    setup: str | None
    src: Src
    setup_src: Src
    note: str | None = None
    counts_as: int | None = Field(default=None, ge=1)
    moved_side: bool = False
    optional_leader: bool = False
    optional_charge: bool = False

    @model_validator(mode="after")
    def _sides(self) -> UnitModel:
        if self.reduced is not None and self.reduced >= self.sp:
            raise ValueError(f"unit {self.id}: its reduced side must be weaker than its full side")
        if (self.kind == "vp") != (self.sp == 0):
            raise ValueError(f"unit {self.id}: VP units, and only they, have no SP")
        return self


class LeaderModel(Strict):
    id: str
    name: str
    src: Src


class CounterModel(Strict):
    sp: int = Field(ge=1, le=10)
    count: int = Field(ge=1)


class ZuluModel(Strict):
    warrior_sp: int = Field(ge=1)
    warrior_sp_src: Src
    leaders: tuple[LeaderModel, ...]
    leaders_src: Src
    counters: tuple[CounterModel, ...]
    counters_src: Src
    note: str


class ForceModel(Strict):
    battle: Battle
    british: tuple[UnitModel, ...]
    zulu: ZuluModel

    @model_validator(mode="after")
    def _unique(self) -> ForceModel:
        ids = [u.id for u in self.british] + [leader.id for leader in self.zulu.leaders]
        dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
        if dupes:
            raise ValueError(f"{self.battle}: unit ids used twice: {', '.join(dupes)}")
        return self


class ForcesFile(Strict):
    battles: tuple[ForceModel, ...]


class StepModel(Strict):
    step: str = Field(pattern=r"^[A-J]$")
    name: str
    battles: tuple[Battle, ...] = Field(min_length=1)


class SequenceModel(Strict):
    src: Src
    steps: tuple[StepModel, ...]


class TurnModel(Strict):
    turn: int = Field(ge=1, le=16)
    light: Light
    water_cart_vp: int | None = Field(ge=0)
    src: Src


class TurnRecordModel(Strict):
    note: str
    battles: dict[Battle, tuple[TurnModel, ...]]


class LightRowModel(Strict):
    random_fire_dice: int = Field(ge=1)
    max_range: int = Field(ge=1, le=3)


class LightModel(Strict):
    day: LightRowModel
    night: LightRowModel | None = None
    src: Src


class HitNumbersModel(Strict):
    by_range: dict[str, int]
    src: Src
    note: str


class FireTrackModel(Strict):
    boxes: tuple[int, ...]
    start: int
    burned_at: int
    advance: dict[str, int]
    src: Src
    note: str


class LossTrackModel(Strict):
    first: int
    last: int
    src: Src
    note: str


class AverageHitsModel(Strict):
    src: Src
    note: str
    faces: tuple[int, ...]
    rows: dict[str, tuple[int, ...]]


class RorkesDriftEntryModel(Strict):
    src: Src
    die: dict[str, str]


class EntryColumnModel(Strict):
    turns: tuple[int, int]
    die: tuple[str, str, str, str, str, str]


class IsandlwanaEntryModel(Strict):
    src: Src
    columns: tuple[EntryColumnModel, ...]


class SolitaireEntryModel(Strict):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    rorkes_drift: RorkesDriftEntryModel = Field(alias="rorkes-drift")
    isandlwana: IsandlwanaEntryModel


class ChartsFile(Strict):
    sequence: SequenceModel
    turn_record: TurnRecordModel
    light: dict[Battle, LightModel]
    hit_numbers: HitNumbersModel
    hospital_fire_track: FireTrackModel
    loss_track: LossTrackModel
    average_hits: AverageHitsModel
    solitaire_entry: SolitaireEntryModel


class NoteModel(Strict):
    id: str
    refs: tuple[RuleRef, ...] = Field(min_length=1)
    topic: str
    reading: str


class NotesFile(Strict):
    notes: tuple[NoteModel, ...]

    @model_validator(mode="after")
    def _unique(self) -> NotesFile:
        dupes = sorted(i for i, n in Counter(n.id for n in self.notes).items() if n > 1)
        if dupes:
            raise ValueError(f"note ids used twice: {', '.join(dupes)}")
        return self
