"""What every referee cog shares: house-ruled tables, dice, refusals and posting answers."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import discord

from bot.cogs.common import LaagerCog
from bot.posting.interactions import actor_of
from bot.posting.text_fit import fit
from bot.systems.referee.answers import Answer, answer_embed, given_options
from bot.systems.referee.dice import Roller
from games.core.dice import Dice, derived_seed, new_seed
from games.core.errors import LaagerError
from games.tables import TableError, Tables, apply_overrides, load_tables

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

Interaction = discord.Interaction["Host"]


class NotReferee(LaagerError):
    """Only the referee may change the roster, the deck or the house rules."""


@lru_cache(maxsize=64)
def _ruled(frozen: tuple[tuple[str, str], ...]) -> Tables:
    return apply_overrides(load_tables(), {key: json.loads(value) for key, value in frozen})


def house_ruled(rules: dict[str, Any]) -> Tables:
    """The book's tables with a guild's house rules applied (cached by their content)."""
    if not rules:
        return load_tables()
    frozen = tuple(sorted((key, json.dumps(value)) for key, value in rules.items()))
    try:
        return _ruled(frozen)
    except TableError as error:
        raise TableError(
            f"This server's house rules no longer fit the tables ({error.message}); "
            "a referee can list them with `/house-rules list` and clear the bad one."
        ) from error


class RefereeCog(LaagerCog):
    """Base of the referee cogs: refusals are ephemeral and specific, and nothing is stored."""

    def __init__(self, bot: Host, stream: str) -> None:
        self.bot = bot
        master = bot.settings.seed
        self.dice = Dice(derived_seed(master, stream) if master else new_seed())

    async def tables(self, interaction: Interaction) -> Tables:
        if interaction.guild_id is None:
            return load_tables()
        rules = await self.bot.referee.house_rules(interaction.guild_id)
        return house_ruled({rule.key: rule.value for rule in rules})

    async def require_referee(self, interaction: Interaction, what: str) -> None:
        actor = await actor_of(interaction)
        if not actor.is_referee:
            raise NotReferee(
                f"Only the referee (Manage Channels, or the server's referee role) may {what}; "
                "anyone may look."
            )

    async def answer(
        self,
        interaction: Interaction,
        command: str,
        lookup: Callable[[Roller, Tables], Answer],
    ) -> None:
        """Run a lookup with house-ruled tables and the bot's dice, then post it publicly.

        Bot-rolled dice go to the channel's roll log with the answer's working.
        """
        tables = await self.tables(interaction)
        roller = Roller(self.dice)
        answer = lookup(roller, tables)
        if roller.rolled:
            await self.bot.store.record_roll(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                user_id=interaction.user.id,
                expression=command,
                result_text=fit(answer.result.explain(), 1000),
                total=int(answer.result.total or 0),
            )
        given = given_options(interaction.data or {})
        embed = answer_embed(answer, roller.rolled, tables, given)
        await interaction.response.send_message(embed=embed)
