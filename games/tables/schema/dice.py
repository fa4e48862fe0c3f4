"""Schema of the dice file: which faces each die shows."""

from typing import Literal

from .common import Sourced, TableFile

DieKind = Literal["d6", "d10", "average"]


class Die(Sourced):
    name: str
    faces: list[int]


class DiceFile(TableFile):
    dice: dict[DieKind, Die]
    plus_minus: Sourced
