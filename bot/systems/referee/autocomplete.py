"""Autocomplete for the referee commands' long lists and comma-separated factor lists.

Each offers entries of the book's tables; the answers still check what is sent, because
Discord lets a player send a typed value without picking an offer.
"""

from __future__ import annotations

from discord.app_commands import Choice

from bot.systems.referee import choices as C
from bot.systems.referee.answers import complete_choices, complete_one, parse_choice
from bot.systems.referee.base import Interaction
from games.core.errors import LaagerError
from games.tables import sotq


async def weapons(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.WEAPONS)


async def troop_types(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.TROOP_TYPES)


async def sight_terrain(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.SIGHT_TERRAIN)


async def conflicts(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.CONFLICTS)


async def qref_troop_types(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.QREF_TROOP_TYPES)


async def pre_melee_types(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.PRE_MELEE_TYPES)


async def melee_cases(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_one(current, C.MELEE_CASES)


async def fire_factors(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_choices(current, C.FIRE_FACTORS)


async def morale_factors(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_choices(current, C.MORALE_FACTORS)


async def melee_factors(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_choices(current, C.MELEE_FACTORS)


async def spotting_shifts(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_choices(current, C.SPOTTING_SHIFTS)


async def traits(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_choices(current, C.TRAITS)


async def firearms(interaction: Interaction, current: str) -> list[Choice[str]]:
    return complete_choices(current, C.FIREARMS)


async def penalties(interaction: Interaction, current: str) -> list[Choice[str]]:
    """The movement penalties of the troop type already chosen (all of them before that)."""
    troop = str(getattr(interaction.namespace, "troop_type", None))
    skirmish = bool(getattr(interaction.namespace, "skirmish_order", False))
    try:
        troop = parse_choice(troop, C.TROOP_TYPES, "troop type")
        allowed = C.named(sotq.movement_penalties(troop, skirmish_order=skirmish))
    except LaagerError:
        allowed = C.PENALTIES
    return complete_choices(current, allowed)


async def army_options(interaction: Interaction, current: str) -> list[Choice[str]]:
    """The options of the army list already chosen (none before that)."""
    conflict = str(getattr(interaction.namespace, "list", None))
    try:
        options = sotq.army_options(parse_choice(conflict, C.CONFLICTS, "army list"))
    except LaagerError:
        return []
    return [Choice(name=o, value=o) for o in options if o.startswith(current.strip())][:25]
