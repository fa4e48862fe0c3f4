"""Schema of the points value calculator."""

from typing import Literal

from .common import Sourced, TableFile, Value

Loading = Literal["breech", "muzzle", "none"]


class Trait(Sourced):
    name: str
    value: int


class Firearm(Sourced):
    name: str
    value: int
    loading: Loading


class PointsFile(TableFile):
    reaction: dict[Literal["A", "B", "C"], Value]
    troop_traits: dict[str, Trait]
    cover_per_inch: dict[Literal["soft", "hard"], Value]
    fire_classes: dict[Literal["0", "i", "ii", "iii", "iv"], Value]
    fire_class_ignored: Sourced
    firearms: dict[str, Firearm]
    loading_multiplier: dict[Loading, Value]
    whole_building: Sourced
    defender_ratio: Value
