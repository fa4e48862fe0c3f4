"""``/sotq-army``: Soldiers of the Queen army lists, their notes and terrain, and points values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import Range

from bot.systems.referee import autocomplete as complete
from bot.systems.referee import choices as C
from bot.systems.referee import sotq_answers as answers
from bot.systems.referee.armies import army_embeds, batches, notes_embeds
from bot.systems.referee.base import Interaction, RefereeCog
from bot.systems.referee.dice import Roller
from bot.systems.referee.sotq_options import D6, ENTRY, FIGURES, ROLL
from games.tables import sotq

if TYPE_CHECKING:
    import discord

    from bot.posting.host import Host


class SotqArmyCog(RefereeCog):
    """Army lists, set-up terrain and points."""

    army = app_commands.Group(
        name="sotq-army", description="Soldiers of the Queen: army lists, terrain and points"
    )
    points = app_commands.Group(name="points", description="Points values", parent=army)

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: sotq army")

    async def _post(self, interaction: Interaction, embeds: list[discord.Embed]) -> None:
        """Army lists run long: as many messages as Discord's embed limits need."""
        groups = batches(embeds)
        await interaction.response.send_message(embeds=groups[0])
        for group in groups[1:]:
            await interaction.followup.send(embeds=group)

    @army.command(name="list", description="Both forces of one army list option, with notes")
    @app_commands.rename(conflict="list")
    @app_commands.describe(conflict="The conflict", option="1-10 or A (Boxers 1-15)")
    @app_commands.autocomplete(conflict=complete.conflicts, option=complete.army_options)
    async def army_list(
        self, interaction: Interaction, conflict: ENTRY, option: Range[str, 1, 3]
    ) -> None:
        tables = await self.tables(interaction)
        answer = answers.army(Roller(self.dice), tables, conflict=conflict, option=option)
        await self._post(interaction, army_embeds(answer))

    @army.command(name="notes", description="The notes for every army list: units, types")
    async def notes(self, interaction: Interaction) -> None:
        tables = await self.tables(interaction)
        await self._post(interaction, notes_embeds(sotq.army_notes(tables)))

    @army.command(name="terrain", description="A region's set and diced terrain")
    @app_commands.describe(region="Where the battle is", d6=ROLL)
    @app_commands.choices(region=C.REGIONS)
    async def terrain(self, interaction: Interaction, region: str, d6: D6 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-army terrain",
            lambda roll, tables: answers.terrain(roll, tables, region=region, d6=d6),
        )

    @points.command(name="unit", description="Points a figure and a unit are worth")
    @app_commands.describe(
        morale="The morale number",
        reaction_class="A, B or C",
        fire_class="0 or i-iv",
        traits="Comma-separated",
        arms="Weapons, comma-separated",
        cover="Cover the unit brings",
        cover_inches="Inches of that cover",
        figures="In the unit",
    )
    @app_commands.choices(
        reaction_class=C.REACTION_CLASSES, fire_class=C.FIRE_CLASSES, cover=C.COVER
    )
    @app_commands.autocomplete(traits=complete.traits, arms=complete.firearms)
    async def points_unit(
        self,
        interaction: Interaction,
        morale: Range[int, 1, 15],
        reaction_class: str,
        fire_class: str = "0",
        traits: str | None = None,
        arms: str | None = None,
        cover: str | None = None,
        cover_inches: Range[int, 0, 100] = 1,
        figures: FIGURES = 1,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-army points unit",
            lambda roll, tables: answers.points_unit(
                roll,
                tables,
                morale=morale,
                reaction_class=reaction_class,
                fire_class=fire_class,
                traits=traits,
                arms=arms,
                cover=cover,
                cover_inches=cover_inches,
                figures=figures,
            ),
        )

    @points.command(name="works", description="Points of a whole building or work")
    @app_commands.describe(cover="Soft or hard", perimeter_inches="Round the outside")
    @app_commands.choices(cover=C.COVER)
    async def points_works(
        self, interaction: Interaction, cover: str, perimeter_inches: Range[float, 0.0, 1000.0]
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-army points works",
            lambda roll, tables: answers.points_works(
                roll, tables, cover=cover, perimeter_inches=perimeter_inches
            ),
        )

    @points.command(name="defender", description="The defender's points in an attack game")
    @app_commands.describe(attacker_points="The attacker's total")
    async def points_defender(
        self, interaction: Interaction, attacker_points: Range[float, 0.0, 100000.0]
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-army points defender",
            lambda roll, tables: answers.points_defender(
                roll, tables, attacker_points=attacker_points
            ),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(SotqArmyCog(bot))
