"""Schema of rule 9 (terrain, buildings, fires), list terrain tables, rule 16 (engineering)."""

from pydantic import model_validator

from .common import Note, Sourced, Strict, TableFile, Value


class CoverType(Sourced):
    name: str
    examples: list[str]


class TerrainEffect(Sourced):
    id: str
    text: str
    moves: str | None = None
    breach_inches: float | None = None
    inches: float | None = None
    close_inches: float | None = None
    open_inches: float | None = None


class Building(Sourced):
    name: str
    inflammability: int


class Fires(Strict):
    """The fire rules of 9l; each part carries its own provenance."""

    buildings: dict[str, Building]
    engineer_modifier: Value
    spread_inches: Value
    figures_per_extinguish_roll: Value


class Region(Sourced):
    name: str
    set: str
    diced: dict[int, str]

    @model_validator(mode="after")
    def _every_face(self) -> "Region":
        if sorted(self.diced) != [1, 2, 3, 4, 5, 6]:
            raise ValueError(f"{self.name} needs a result for each D6 face")
        return self


class TerrainFile(TableFile):
    cover: dict[str, CoverType]
    effects: list[TerrainEffect]
    fires: Fires
    regions: dict[str, Region]
    pieces: Sourced


class EngineeringFile(TableFile):
    target: Value
    per_continuous_turn: Value
    engineer_bonus: Value
    who: Sourced
    uses: list[Note]
