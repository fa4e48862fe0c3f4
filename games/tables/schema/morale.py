"""Schema of Table 3 and rule 13: morale factors, results and their meanings."""

from typing import Literal

from pydantic import model_validator

from .common import Sourced, TableFile

ResultId = Literal["rout", "retire", "halt", "follow_orders", "impetuous", "rally"]


class MoraleFactor(Sourced):
    name: str
    value: int
    per_instance: bool = False
    group: str | None = None
    lasts_moves: int | None = None


class CasualtyFactor(Sourced):
    name: str
    value: int
    per_percent: int


class MoraleBand(Sourced):
    id: ResultId
    low: int | None = None
    high: int | None = None
    routing_id: ResultId | None = None
    natives_only: bool = False
    otherwise: ResultId | None = None

    def holds(self, score: int) -> bool:
        return (self.low is None or score >= self.low) and (self.high is None or score <= self.high)


class Meaning(Sourced):
    text: str


class ImpetuousBonus(Sourced):
    value: int


class MoraleFile(TableFile):
    factors: dict[str, MoraleFactor]
    procedure: Sourced
    officer_modifier: Sourced
    casualties: CasualtyFactor
    results: list[MoraleBand]
    meanings: dict[ResultId, Meaning]
    impetuous_bonus: ImpetuousBonus

    @model_validator(mode="after")
    def _bands_cover_every_score(self) -> "MoraleFile":
        for score in range(-30, 40):
            if sum(band.holds(score) for band in self.results) != 1:
                raise ValueError(f"morale score {score} must fall in exactly one result band")
        return self
