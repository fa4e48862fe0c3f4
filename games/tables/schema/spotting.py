"""Schema of Table 7 and rule 20: concealment, sighting and how far figures can see."""

from typing import Literal

from pydantic import model_validator

from .common import Sourced, TableFile

Cell = Literal["A"] | int | None


class DistanceColumn(Sourced):
    high: float
    label: str


class TerrainRow(Sourced):
    name: str
    cells: list[Cell]


class Shift(Sourced):
    name: str
    side: Literal["target", "spotter"]
    columns: int


class SightDistance(Sourced):
    name: str
    inches: float


class Height(Sourced):
    into_cover_inches: float
    over_jungle_contours: int
    over_other_contours: int


class Scouts(Sourced):
    die: str


class Version(Sourced):
    used: Literal["body", "summary"]


class SpottingFile(TableFile):
    version: Version
    columns: list[DistanceColumn]
    terrain: dict[str, TerrainRow]
    shifts: dict[str, Shift]
    shift_limits: Sourced
    blank: Sourced
    sight_distances: dict[str, SightDistance]
    height: Height
    procedure: Sourced
    scouts: Scouts

    @model_validator(mode="after")
    def _rows_fit_columns(self) -> "SpottingFile":
        for row in self.terrain.values():
            if len(row.cells) != len(self.columns):
                raise ValueError(f"{row.name} needs one cell per distance column")
        return self
