"""``/sotq-move``: Soldiers of the Queen movement, spotting and sight
(rules 14, 20; Tables 4, 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.systems.referee import autocomplete as complete
from bot.systems.referee import choices as C
from bot.systems.referee import sotq_answers as answers
from bot.systems.referee.base import Interaction, RefereeCog
from bot.systems.referee.sotq_options import AVERAGE, D10, ENTRY, INCHES, MINUS_DIE, PLUS_DIE

if TYPE_CHECKING:
    from bot.posting.host import Host


class SotqMoveCog(RefereeCog):
    """How far troops move and what they see."""

    move = app_commands.Group(
        name="sotq-move", description="Soldiers of the Queen: movement, spotting and sight"
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: sotq move")

    @move.command(name="distance", description="Table 4: distance moved after penalties and dice")
    @app_commands.describe(
        troop_type="The Table 4 row",
        charge="At charge speed",
        skirmish_order="In skirmish (open) order",
        penalties="Comma-separated; autocomplete offers this troop type's",
        on_road="A negative dice score is ignored",
        routing="Charge speed, no dice",
        plus_die=PLUS_DIE,
        minus_die=MINUS_DIE,
    )
    @app_commands.autocomplete(troop_type=complete.troop_types, penalties=complete.penalties)
    async def distance(
        self,
        interaction: Interaction,
        troop_type: ENTRY,
        charge: bool = False,
        skirmish_order: bool = False,
        penalties: str | None = None,
        on_road: bool = False,
        routing: bool = False,
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-move distance",
            lambda roll, tables: answers.move(
                roll,
                tables,
                troop_type=troop_type,
                charge=charge,
                skirmish_order=skirmish_order,
                penalties=penalties,
                on_road=on_road,
                routing=routing,
                plus_die=plus_die,
                minus_die=minus_die,
            ),
        )

    @move.command(name="spot", description="Table 7: spotting hidden troops in a zone")
    @app_commands.describe(
        terrain="Of the spotting zone",
        distance_inches="To the nearest point of the zone",
        shifts="Column shifts, comma-separated",
        d10="The hidden side's D10; leave out and the bot rolls",
    )
    @app_commands.choices(terrain=C.SPOTTING_TERRAIN)
    @app_commands.autocomplete(shifts=complete.spotting_shifts)
    async def spot(
        self,
        interaction: Interaction,
        terrain: str,
        distance_inches: INCHES,
        shifts: str | None = None,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-move spot",
            lambda roll, tables: answers.spot(
                roll,
                tables,
                terrain=terrain,
                distance_inches=distance_inches,
                shifts=shifts,
                d10=d10,
            ),
        )

    @move.command(name="sight", description="Table 7: how far a figure sees into terrain")
    @app_commands.describe(terrain="Looked into or along")
    @app_commands.autocomplete(terrain=complete.sight_terrain)
    async def sight(self, interaction: Interaction, terrain: ENTRY) -> None:
        await self.answer(
            interaction,
            "/sotq-move sight",
            lambda roll, tables: answers.sight(roll, tables, terrain=terrain),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(SotqMoveCog(bot))
