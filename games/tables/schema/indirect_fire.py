"""Schema of the indirect artillery fire rules and Table A."""

from .common import Sourced, TableFile, Value


class HeavyGunRanges(Sourced):
    medium_extra: float
    long_extra: float


class BlastRow(Sourced):
    guns: int
    diameter_inches: float
    figures: int


class IndirectFireFile(TableFile):
    heavy_gun_ranges: HeavyGunRanges
    observer_inches: Value
    fire_factor: Value
    table_a: list[BlastRow]
    placement: Sourced
    breaches: Sourced
