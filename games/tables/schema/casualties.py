"""Schema of Table 6, rule 19 and the percentage loss table."""

from pydantic import model_validator

from .common import Limits, Sourced, TableFile, Value


class Multiplier(Sourced):
    name: str
    value: int


class LargeUnits(Sourced):
    divisors: list[int]


class PercentageLoss(Sourced):
    rows: dict[int, list[int]]
    large_units: LargeUnits
    beyond_table: Sourced


class CasualtiesFile(TableFile):
    table_ref: str
    columns: int
    table: dict[int, list[int]]
    beyond_columns: Sourced
    factor_limits: Limits
    points_per_figure: Value
    melee_multiplier: Value
    multipliers: dict[str, Multiplier]
    percentage_loss: PercentageLoss

    @model_validator(mode="after")
    def _shapes(self) -> "CasualtiesFile":
        if sorted(self.table) != list(range(self.factor_limits.low, self.factor_limits.high + 1)):
            raise ValueError("Table 6 needs one row per factor between its limits")
        if any(len(row) != self.columns for row in self.table.values()):
            raise ValueError(f"every Table 6 row needs {self.columns} columns")
        for strength, row in self.percentage_loss.rows.items():
            if len(row) != min(strength, self.columns):
                raise ValueError(f"percentage row {strength} has the wrong number of cells")
        return self
