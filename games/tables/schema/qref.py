"""Schemas of the Isandlwana miniatures quick reference sheet."""

from typing import Literal

from pydantic import model_validator

from .common import Note, Sourced, Strict, TableFile, Value

OutcomeId = Literal[
    "rout", "fall_back", "prone", "stand", "rally", "stand_up", "rush_forward", "disperse"
]


class D6Result(Sourced):
    """One line of a 1d6 table: the scores, what happens, and any distance to roll."""

    low: int
    high: int
    outcome: OutcomeId
    move: str | None = None


def _covers_d6(results: list[D6Result], what: str) -> None:
    for face in range(1, 7):
        if sum(line.low <= face <= line.high for line in results) != 1:
            raise ValueError(f"{what}: face {face} must appear in exactly one line")


class D6Table(Strict):
    name: str
    results: list[D6Result]

    @model_validator(mode="after")
    def _complete(self) -> "D6Table":
        _covers_d6(self.results, self.name)
        return self


class SourcedD6Table(Sourced):
    name: str
    results: list[D6Result]

    @model_validator(mode="after")
    def _complete(self) -> "SourcedD6Table":
        _covers_d6(self.results, self.name)
        return self


class Outcome(Sourced):
    text: str


class OutcomesFile(TableFile):
    outcomes: dict[OutcomeId, Outcome]
    chips: Sourced


class RallyFile(TableFile):
    who: Sourced
    states: dict[str, D6Table]


class MoveDice(Sourced):
    name: str
    dice: int


class Divisor(Sourced):
    divisor: int


class MovementFile(TableFile):
    troop_types: dict[str, MoveDice]
    difficult_terrain: Divisor
    rules: list[Note]


class PreMeleeFile(TableFile):
    who: Sourced
    troop_types: dict[str, SourcedD6Table]


class MeleeCase(Sourced):
    name: str
    figures_per_group: int
    odd_figures_count_from: int
    dice_per_group: int


class MeleeFile(TableFile):
    cases: dict[str, MeleeCase]
    hits: Sourced


class BritishType(Sourced):
    name: str
    stands_on_tie: bool


class PostMeleeFile(TableFile):
    broken_contact: Sourced
    contact: Sourced
    ties: Sourced
    british_types: dict[str, BritishType]


class ScoutingBand(Sourced):
    low: int
    high: int | None = None
    faces: tuple[int, ...] = ()
    automatic: bool = False


class Direction(Sourced):
    low: int
    high: int
    direction: str


class Appearance(Sourced):
    directions: list[Direction]


class DistanceDice(Sourced):
    british_in_cover: int
    british_in_open: int


class Riflemen(Sourced):
    dice: int
    frontage_inches: float


class SpearSighting(Sourced):
    dice_open: int
    dice_cover: int
    per_pip_open: int
    per_pip_cover: int


class CoverRolls(Sourced):
    cover_radius_inches: float


class ScoutingFile(TableFile):
    bands: list[ScoutingBand]
    reading: Sourced
    broken_unit_bonus: Value
    difficult_terrain_bonus: Value
    rolls: CoverRolls
    appearance: Appearance
    distance_dice: DistanceDice
    riflemen: Riflemen
    spear_sighting: SpearSighting
    persistence: Sourced

    @model_validator(mode="after")
    def _bands_contiguous(self) -> "ScoutingFile":
        expected = 0
        for band in self.bands:
            if band.low != expected:
                raise ValueError(f"scouting bands leave a gap before {band.low}")
            expected = (band.high or 0) + 1
        if not self.bands[-1].automatic or self.bands[-1].high is not None:
            raise ValueError("the last scouting band must be open-ended and automatic")
        return self


class Rockets(Sourced):
    hit_faces: list[int]


class GatlingMode(Sourced):
    dice: int
    jam: Literal["doubles"] | None = None
    jam_faces: tuple[int, ...] = ()


class Gatling(Sourced):
    range_inches: float
    upright: GatlingMode
    prone: GatlingMode


class InfantryBand(Sourced):
    low: float
    high: float
    prone: bool
    figures_per_group: int
    odd_figures_count_from: int


class Infantry(Sourced):
    bands: list[InfantryBand]
    boundary: Sourced


class CarbineBand(Sourced):
    low: float
    high: float
    prone: bool
    hit_from: int


class Carbine(Sourced):
    bands: list[CarbineBand]
    dice: Sourced


class RifleBand(Sourced):
    min_figures: int
    hit_from: int
    covered_hit_from: int | None


class NativeRifle(Sourced):
    bands: list[RifleBand]
    too_few: Sourced
    dice: Sourced


class FireFile(TableFile):
    depth: Sourced
    rockets: Rockets
    gatling: Gatling
    infantry: Infantry
    carbine: Carbine
    native_rifle: NativeRifle


class ZuluMoraleFile(TableFile):
    who: Sourced
    situations: dict[str, D6Table]
    british: Sourced
