"""Building blocks shared by every table schema: provenance, fractions and die ranges."""

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, model_validator

Source = Literal["rules", "default", "reconstruction"]
"""Where a value comes from: the printed rules, a project default for a lost number,
or the project's reading of damaged or ambiguous text."""


def _fraction_text(text: str) -> str:
    Fraction(text)
    return text


FractionText = Annotated[str, AfterValidator(_fraction_text)]
"""A fraction written as text ("1/2", "3/4", "0", "4"), so the JSON keeps the book's notation."""


class Strict(BaseModel):
    """A frozen model that rejects unknown keys, so typos in data files fail loudly."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(Strict):
    """An entry that says where it comes from; anything not printed in the rules must say why."""

    ref: str
    source: Source
    note: str | None = None

    @model_validator(mode="after")
    def _explained(self) -> "Sourced":
        if self.source != "rules" and not self.note:
            raise ValueError(f"a {self.source} entry ({self.ref}) needs a note giving its reason")
        return self


class TableFile(Sourced):
    """The top level of every data file."""

    id: str
    title: str


class Scores(Strict):
    """An inclusive range of die scores."""

    low: int
    high: int

    def holds(self, score: int) -> bool:
        return self.low <= score <= self.high


class Value(Sourced):
    """A single sourced number."""

    value: int | float


class Limits(Sourced):
    """The printed range of a table axis, with what happens beyond it in the note."""

    low: int
    high: int


class Note(Sourced):
    """A rule or list note, in the project's words."""

    text: str
