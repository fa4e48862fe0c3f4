"""Schema of Table 5 and rule 18: melee factors, the result grid and what its codes mean."""

import re

from pydantic import field_validator

from .common import Sourced, Strict, TableFile

CODE = re.compile(r"^([A-G])(-?\d+)$")


class MeleeWeapon(Sourced):
    name: str
    foot: int | None = None
    horse: int | None = None
    mounted_use: bool = True


class MeleeFactor(Sourced):
    name: str
    value: int
    mounted_only: bool = False
    foot_only: bool = False


class MeleeColumn(Sourced):
    name: str
    winner_mounted: bool
    loser_mounted: bool


class MeleeCell(Strict):
    duration: int
    win: str
    lose: str

    @field_validator("win", "lose")
    @classmethod
    def _code(cls, value: str) -> str:
        if not CODE.match(value):
            raise ValueError(f"{value!r} is not a result letter A-G followed by a casualty factor")
        return value


class MeleeRow(Sourced):
    low: int
    high: int
    cells: dict[str, MeleeCell]


class Text(Sourced):
    text: str


class RandomDuration(Sourced):
    die: str
    step: int


class MeleeFile(TableFile):
    weapons: dict[str, MeleeWeapon]
    factors: dict[str, MeleeFactor]
    columns: dict[str, MeleeColumn]
    column_reading: Sourced
    rows: list[MeleeRow]
    overflow: Sourced
    codes: dict[str, Text]
    outcomes: dict[str, Text]
    figures: Sourced
    random_duration: RandomDuration
    pursuit_avoidance: Sourced


def split_code(code: str) -> tuple[str, int]:
    """A result code such as "E-1" as its letter and casualty factor."""
    match = CODE.match(code)
    if match is None:
        raise ValueError(f"{code!r} is not a melee result code")
    return match.group(1), int(match.group(2))
