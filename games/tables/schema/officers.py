"""Schema of Table 1: officer modifiers and reaction times."""

from fractions import Fraction
from typing import Literal

from pydantic import model_validator

from .common import FractionText, Limits, Sourced, TableFile, Value

ReactionClass = Literal["A", "B", "C"]
ColumnKind = Literal["delay", "range", "pursuit"]
CELL_VALUES: dict[str, set[str]] = {
    "range": {"short", "medium", "long"},
    "pursuit": {"pursue", "halt"},
}


class ModifierBand(Sourced):
    low: int
    high: int
    modifier: int


class OfficerModifier(Sourced):
    die: str
    bands: list[ModifierBand]
    native_officer_roll_adjustment: Value
    general_modifier: Value
    roll_floor: Value


class ReactionColumn(Sourced):
    title: str
    kind: ColumnKind
    extra_delay: FractionText | None = None


class ReactionRow(Sourced):
    scores: dict[ReactionClass, tuple[int, int]]
    cells: dict[str, str]


class ColumnAdjustment(Sourced):
    value: int
    column: str


class ReactionTest(Sourced):
    situation: str
    columns: list[str]


class OfficersFile(TableFile):
    officer_modifier: OfficerModifier
    columns: dict[str, ReactionColumn]
    rows: list[ReactionRow]
    impetuous_pursuit_adjustment: ColumnAdjustment
    score_limits: Limits
    tests: dict[str, ReactionTest]

    @model_validator(mode="after")
    def _cells_fit_columns(self) -> "OfficersFile":
        for row in self.rows:
            if set(row.cells) != set(self.columns):
                raise ValueError(f"reaction row cells {sorted(row.cells)} must match columns")
            for column_id, cell in row.cells.items():
                kind = self.columns[column_id].kind
                if kind == "delay":
                    Fraction(cell)
                elif cell not in CELL_VALUES[kind]:
                    raise ValueError(f"column {column_id} cannot hold {cell!r}")
        for test in self.tests.values():
            if not set(test.columns) <= set(self.columns):
                raise ValueError(f"reaction test names unknown columns {test.columns}")
        return self
