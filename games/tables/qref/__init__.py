"""Lookups for the Isandlwana miniatures quick reference: rally, movement dice, melee, scouting,
fire and Zulu morale. Die values are arguments; results carry their working."""

from .d6_tables import QuickResult
from .fire import (
    QuickFireResult,
    carbine_fire,
    gatling_fire,
    infantry_fire,
    native_rifle_fire,
    rocket_fire,
)
from .melee import (
    MeleeDiceResult,
    PostMeleeResult,
    british_types,
    melee_cases,
    melee_dice,
    post_melee,
    pre_melee_morale,
    pre_melee_types,
)
from .morale import zulu_morale
from .movement import MoveDiceResult, movement_dice, movement_troop_types
from .rally import rally, rally_states
from .scouting import (
    AppearanceResult,
    CountResult,
    ScoutingResult,
    scouting,
    spear_sighting,
    zulu_appearance,
    zulu_riflemen,
)

__all__ = [
    "AppearanceResult",
    "CountResult",
    "MeleeDiceResult",
    "MoveDiceResult",
    "PostMeleeResult",
    "QuickFireResult",
    "QuickResult",
    "ScoutingResult",
    "british_types",
    "carbine_fire",
    "gatling_fire",
    "infantry_fire",
    "melee_cases",
    "melee_dice",
    "movement_dice",
    "movement_troop_types",
    "native_rifle_fire",
    "post_melee",
    "pre_melee_morale",
    "pre_melee_types",
    "rally",
    "rally_states",
    "rocket_fire",
    "scouting",
    "spear_sighting",
    "zulu_appearance",
    "zulu_morale",
    "zulu_riflemen",
]
