"""``/roll`` and ``/rolls``: free dice for referees and players, kept in the channel's log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.cogs.common import LaagerCog
from bot.posting.announce import COLOUR, clip
from games.core.dice import Dice, derived_seed, new_seed
from games.core.expressions import roll_expression

if TYPE_CHECKING:
    from bot.posting.host import Host

CHOICE_LIMIT = 100
"""The longest name or value Discord takes for an offered choice."""
EXAMPLES = ("2d6", "d10", "avg", "2avg+1", "pm", "pm-1", "4d6kh3", "d100")


class RollCog(LaagerCog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        master = bot.settings.seed
        self.dice = Dice(derived_seed(master, "free rolls") if master else new_seed())

    async def _examples(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = [current] if 0 < len(current) <= CHOICE_LIMIT else []
        return [app_commands.Choice(name=e, value=e) for e in (*typed, *EXAMPLES)][:25]

    @app_commands.command(name="roll", description="Roll dice: 2d6+1, d10, avg, 2avg+1, pm, pm-1")
    @app_commands.describe(
        expression="Dice to roll; avg = average die (2,3,3,4,4,5); pm = plus/minus average pair",
        reason="What the roll is for (shown with it)",
    )
    @app_commands.autocomplete(expression=_examples)
    async def roll(
        self,
        interaction: discord.Interaction[Host],
        expression: app_commands.Range[str, 1, 200],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        result = roll_expression(expression, self.dice)
        label = f" for *{reason}*" if reason else ""
        text = clip(f"<@{interaction.user.id}> rolls{label}: {result.working}", 1900)
        await self.bot.store.record_roll(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            user_id=interaction.user.id,
            expression=expression if not reason else f"{expression} ({reason})",
            result_text=result.working,
            total=result.total,
        )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="rolls", description="The latest free rolls made in this channel")
    @app_commands.describe(count="How many (1-25)")
    async def rolls(
        self,
        interaction: discord.Interaction[Host],
        count: app_commands.Range[int, 1, 25] = 10,
    ) -> None:
        records = await self.bot.store.rolls(interaction.channel_id or 0, limit=count)
        lines = [
            f"{format_dt(r.created_at, 'R')} <@{r.user_id}> `{r.expression}`: " + r.result_text
            for r in records
        ]
        embed = discord.Embed(
            title="Rolls in this channel",
            description=clip("\n".join(lines)) or "No rolls here yet.",
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(RollCog(bot))
