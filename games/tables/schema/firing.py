"""Schema of Table 2 and rules 11-12: weapons, fire factors, jams, pinning, marksmen and rockets."""

from typing import Literal

from pydantic import model_validator

from .common import FractionText, Sourced, Strict, TableFile

RangeBand = Literal["short", "medium", "long"]
BAND_ORDER: tuple[RangeBand, ...] = ("short", "medium", "long")
FireClass = Literal["0", "i", "ii", "iii", "iv"]


class RangeFactor(Sourced):
    factor: int


class HalfEffectMove(Strict):
    """How far a unit firing at half effect may move: part of its move, or a fixed distance."""

    fraction: FractionText | None = None
    repeater_fraction: FractionText | None = None
    mounted_fraction: FractionText | None = None
    inches: float | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> "HalfEffectMove":
        if (self.fraction is None) == (self.inches is None):
            raise ValueError("a half-effect move is a fraction of a move or a number of inches")
        return self


class Weapon(Sourced):
    name: str
    ranges: dict[RangeBand, float]
    half_effect_move: HalfEffectMove
    fires: Literal["every_turn", "alternate_turns", "every_turn_if_close_or_charged"]
    may_repeat: bool = False
    may_be_quick_firing: bool = False
    implied_factors: tuple[str, ...] = ()


class FullEffectMove(Sourced):
    inches: float
    repeater_or_qf_inches: float


class FireFactor(Sourced):
    name: str
    value: int | None
    selectable: bool
    group: str | None = None


class ClassValue(Sourced):
    value: int


class CasualtyFraction(Sourced):
    casualty_fraction: FractionText


class MachineGun(Sourced):
    name: str
    jams: tuple[int, int]


class ScoreCheck(Sourced):
    scores: tuple[int, int]


class PiperAllowance(Sourced):
    percent: int


class Pinning(Sourced):
    multiplier: int
    piper_allowance: PiperAllowance


class Marksmen(Sourced):
    figures: int
    weapon: str


class Rockets(Sourced):
    range_weapon: str
    hit_factor: int
    explodes_on: int
    crew: int
    manhandle_inches: float


class FiringFile(TableFile):
    range_bands: dict[RangeBand, RangeFactor]
    weapons: dict[str, Weapon]
    full_effect_move: FullEffectMove
    factors: dict[str, FireFactor]
    fire_classes: dict[FireClass, ClassValue]
    half_effect: CasualtyFraction
    into_melee: CasualtyFraction
    machine_guns: dict[str, MachineGun]
    clear_jam: ScoreCheck
    officer_casualty: ScoreCheck
    pinning: Pinning
    marksmen: Marksmen
    rockets: Rockets

    @model_validator(mode="after")
    def _references_resolve(self) -> "FiringFile":
        for weapon in self.weapons.values():
            unknown = set(weapon.implied_factors) - set(self.factors)
            if unknown:
                raise ValueError(f"{weapon.name} implies unknown factors {sorted(unknown)}")
            limits = [weapon.ranges[band] for band in BAND_ORDER if band in weapon.ranges]
            if limits != sorted(limits):
                raise ValueError(f"{weapon.name} ranges must grow from short to long")
        if not {self.marksmen.weapon, self.rockets.range_weapon} <= set(self.weapons):
            raise ValueError("marksmen and rockets must name weapons in the table")
        return self
