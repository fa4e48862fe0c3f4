"""Schema of the army lists (one file per conflict) and their general notes."""

import re

from pydantic import Field, model_validator

from .common import Note, Sourced, TableFile

CHARACTERISTICS = re.compile(r"^(?:(0|i|ii|iii|iv)-|--|-)([ABC])-(\d+)$")


class Troop(Sourced):
    designation: str
    label: str | None = None
    section: str | None = None
    counts: dict[str, int]
    sub_unit_options: tuple[str, ...] = ()
    points: float | None = None
    characteristics: str | None = None

    @model_validator(mode="after")
    def _characteristics(self) -> "Troop":
        if self.characteristics is not None and not CHARACTERISTICS.match(self.characteristics):
            raise ValueError(f"{self.characteristics!r} is not fire class-reaction-morale")
        return self


class OfficerRow(Sourced):
    applies_to: str
    counts: dict[str, int]


class ArmyList(Sourced):
    title: str
    side: str
    opponents: str
    options: list[str]
    troops: list[Troop]
    officers: list[OfficerRow]
    notes: list[Note]
    battles: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _counts_use_options(self) -> "ArmyList":
        options = set(self.options)
        rows: list[Troop | OfficerRow] = [*self.troops, *self.officers]
        for row in rows:
            unknown = set(row.counts) - options
            if unknown:
                raise ValueError(f"{self.title}: counts for unknown options {sorted(unknown)}")
        return self


class ArmyListFile(TableFile):
    conflict: str
    terrain_region: str
    lists: dict[str, ArmyList]
    set_up: list[Note]
    battles: dict[str, str] = Field(default_factory=dict)


class TroopType(Sourced):
    name: str
    example: str


class Highlanders(Sourced):
    pipers: int
    pipers_small_unit: int
    small_unit_figures: int
    percent_per_piper: int


class NativeOfficers(Sourced):
    roll_adjustment: int


class IrregularsAndNatives(Sourced):
    infantry_figures: tuple[int, int]
    guns: tuple[int, int]


class Prefix(Sourced):
    value: str


class Abbreviations(Sourced):
    weapons: dict[str, str]
    guns: dict[str, str]
    units: dict[str, str]


class ArmyNotesFile(TableFile):
    choosing: list[Note]
    troop_types: dict[str, TroopType]
    conspicuous_prefix: Prefix
    characteristics: Sourced
    general: Note
    regular_units: list[Note]
    highlanders: Highlanders
    native_officers: NativeOfficers
    irregulars_and_natives: IrregularsAndNatives
    set_up: Sourced
    competitions: list[Note]
    abbreviations: Abbreviations
