"""``/house-rules``: a server's own table entries and defaults (rule 22).

A rule names an existing entry by its dotted key (``sotq_firing.weapons.blr.ranges.long``)
and gives a JSON value. It is checked by applying it, with the server's other rules, to the
tables and their schemas; a bad key or value is refused with the reason. Every answer that
reads an overridden entry lists it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.posting.announce import COLOUR, clip
from bot.systems.referee.base import Interaction, RefereeCog
from games.tables import TableError, apply_overrides, load_tables

if TYPE_CHECKING:
    from bot.posting.host import Host

MAX_RULES = 100


def parse_value(text: str) -> Any:
    """JSON when it reads as JSON (numbers, true, lists), otherwise the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def book_value(key: str) -> Any:
    """The entry a key names in the book's tables, or None if there is no such entry."""
    file_id, _, rest = key.partition(".")
    if file_id not in load_tables().files:
        return None
    node: Any = load_tables()[file_id].model_dump(mode="json")
    for part in rest.split(".") if rest else []:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isascii() and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def key_choices(current: str) -> list[Choice[str]]:
    """Completes a dotted key one level at a time, showing scalar values as it goes."""
    parent, _, partial = current.rpartition(".")
    if not parent:
        names: list[str] = [f for f in load_tables().files if f.startswith(partial)]
        return [Choice(name=n, value=n) for n in sorted(names)][:25]
    node = book_value(parent)
    if isinstance(node, dict):
        children = [str(k) for k in node]
    elif isinstance(node, list):
        children = [str(i) for i in range(len(node))]
    else:
        return []
    offers = []
    for child in children:
        if not child.startswith(partial):
            continue
        key = f"{parent}.{child}"
        value = book_value(key)
        shown = key if isinstance(value, dict | list) else f"{key} = {json.dumps(value)}"
        if len(key) <= 100:
            offers.append(Choice(name=clip(shown, 100), value=key))
    return offers[:25]


class HouseRulesCog(RefereeCog):
    """Per-server overrides of table entries and defaults."""

    house = app_commands.Group(
        name="house-rules", description="This server's house rules for the tables (rule 22)"
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee house rules")

    async def _keys(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return key_choices(current.strip())

    async def _set_keys(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        if interaction.guild_id is None:
            return []
        rules = await self.bot.referee.house_rules(interaction.guild_id)
        return [Choice(name=r.key, value=r.key) for r in rules if current in r.key][:25]

    def _guild(self, interaction: Interaction) -> int:
        if interaction.guild_id is None:
            raise TableError("House rules belong to a server; use this command in one.")
        return interaction.guild_id

    @house.command(name="set", description="Override one table entry or default for this server")
    @app_commands.describe(
        key="Dotted key of the entry, e.g. sotq_firing.weapons.blr.ranges.long (autocomplete)",
        value='New value as JSON: 26, 1.5, true, "text", [1, 2]',
    )
    @app_commands.autocomplete(key=_keys)
    async def set_rule(
        self, interaction: Interaction, key: Range[str, 1, 200], value: Range[str, 1, 500]
    ) -> None:
        guild_id = self._guild(interaction)
        await self.require_referee(interaction, "set house rules")
        current = {r.key: r.value for r in await self.bot.referee.house_rules(guild_id)}
        if key not in current and len(current) >= MAX_RULES:
            raise TableError(f"A server may keep {MAX_RULES} house rules; clear one first.")
        parsed = parse_value(value)
        apply_overrides(load_tables(), {**current, key: parsed})
        await self.bot.referee.set_house_rule(guild_id, key, parsed, interaction.user.id)
        book = book_value(key)
        await interaction.response.send_message(
            f"House rule set: `{key}` = `{json.dumps(parsed)}` (the book has "
            f"`{json.dumps(book)}`). Answers that use it will say so."
        )

    @house.command(
        name="clear", description="Remove one house rule: the book's entry applies again"
    )
    @app_commands.describe(key="The house rule to remove")
    @app_commands.autocomplete(key=_set_keys)
    async def clear_rule(self, interaction: Interaction, key: Range[str, 1, 200]) -> None:
        guild_id = self._guild(interaction)
        await self.require_referee(interaction, "clear house rules")
        if not await self.bot.referee.clear_house_rule(guild_id, key):
            rules = [r.key for r in await self.bot.referee.house_rules(guild_id)]
            listed = ", ".join(f"`{k}`" for k in rules) or "none"
            raise TableError(f"There is no house rule `{key}` here; this server has: {listed}.")
        await interaction.response.send_message(f"House rule `{key}` cleared; the book applies.")

    @house.command(name="list", description="This server's house rules next to the book's values")
    async def list_rules(self, interaction: Interaction) -> None:
        guild_id = self._guild(interaction)
        rules = await self.bot.referee.house_rules(guild_id)
        lines = [
            f"`{r.key}` = `{json.dumps(r.value)}` (book: `{json.dumps(book_value(r.key))}`)"
            for r in rules
        ]
        embed = discord.Embed(
            title="House rules (rule 22)",
            description=clip("\n".join(lines)) or "None: every table is as the book prints it.",
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(HouseRulesCog(bot))
