"""Schema of Table 4 and rules 14-15: movement rates, penalties and the movement dice."""

from typing import Literal

from .common import FractionText, Note, Sourced, Strict, TableFile, Value

Mover = Literal["oxen", "skirmishers", "others"]


class TroopType(Sourced):
    name: str
    normal: float
    charge: float | None = None
    mounted: bool = False
    regular: bool = False
    oxen: bool = False


class PenaltyCell(Strict):
    """One cell of the penalty table: a slower speed, time spent, nothing, or not allowed."""

    kind: Literal["speed", "time", "none", "not_applicable", "prohibited", "reaction"]
    fraction: FractionText | None = None
    moves: FractionText | None = None
    column: str | None = None


class Penalty(Sourced):
    name: str
    oxen: PenaltyCell
    skirmishers: PenaltyCell
    others: PenaltyCell
    horse: PenaltyCell | None = None
    disorders: bool = False
    foot_only: bool = False

    def cell(self, mover: Mover, mounted: bool) -> PenaltyCell:
        if mounted and self.horse is not None:
            return self.horse
        return {"oxen": self.oxen, "skirmishers": self.skirmishers, "others": self.others}[mover]


class MovementFile(TableFile):
    troop_types: dict[str, TroopType]
    penalties: dict[str, Penalty]
    disorder_exemption: Sourced
    movement_dice: Sourced
    road: Sourced
    unmodified_moves: Sourced
    artillery: Sourced
    minimum_distance: Value
    disorder_causes: list[Note]
