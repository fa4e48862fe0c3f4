"""Schema of the additional rules for boats, balloons and trains."""

from .common import FractionText, Sourced, TableFile, Value


class Speed(Sourced):
    name: str
    inches: float


class SpeedChange(Sourced):
    inches: float


class ScoreCheck(Sourced):
    scores: tuple[int, int]


class Damage(Sourced):
    perimeter_fraction: FractionText
    survivor_fraction: FractionText


class Embarking(Sourced):
    target: int
    per_attempt: int


class BoatsFile(TableFile):
    speeds: dict[str, Speed]
    speed_change: SpeedChange
    current: Sourced
    grounding: ScoreCheck
    refloat: ScoreCheck
    damage: Damage
    embarking: Embarking
    firing: Sourced


class UnderFire(Sourced):
    crew_killed: tuple[int, int]
    explodes: tuple[int, int]


class Observation(Sourced):
    sighting_distance: float
    direct_fire_inches: float


class BalloonsFile(TableFile):
    crew: Value
    launch_or_land: ScoreCheck
    drift: Sourced
    shoot_down_men: Value
    under_fire: UnderFire
    targeting: Sourced
    observation: Observation


class EmergencyStop(Sourced):
    derail: tuple[int, int]
    casualty_percent: int


class Load(Sourced):
    name: str


class TrainDamage(Sourced):
    stops_inches: float
    destroyed_inches: float


class TrainsFile(TableFile):
    max_speed: SpeedChange
    speed_change: SpeedChange
    emergency_stop: EmergencyStop
    length_inches: Value
    loads: dict[str, Load]
    damage: TrainDamage
    boarding: Sourced
