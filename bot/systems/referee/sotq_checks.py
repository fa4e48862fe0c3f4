"""``/sotq-check``: Soldiers of the Queen tests settled by one roll: jams, officers hit,
marksmen, rockets, melee duration, fires and engineering (rules 9, 11, 12, 16, 18)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from discord import app_commands
from discord.app_commands import Range

from bot.systems.referee import choices as C
from bot.systems.referee import sotq_answers as answers
from bot.systems.referee.base import Interaction, RefereeCog
from bot.systems.referee.sotq_options import D6, D10, D10_ROLL, INCHES, OFFICER, PERCENT, ROLL

if TYPE_CHECKING:
    from bot.posting.host import Host


class SotqChecksCog(RefereeCog):
    """Single-roll tests."""

    check = app_commands.Group(
        name="sotq-check",
        description="Soldiers of the Queen: one-roll tests: jams, officers, rockets, fires",
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: sotq checks")

    @check.command(name="jam", description="Rule 11i: does a machine gun that fired jam?")
    @app_commands.describe(gun="The machine gun", d10=D10_ROLL)
    @app_commands.choices(gun=C.MACHINE_GUNS)
    async def jam(self, interaction: Interaction, gun: str, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-check jam",
            lambda roll, tables: answers.jam(roll, tables, gun=gun, d10=d10),
        )

    @check.command(name="clear-jam", description="Rule 11i: is a jammed gun cleared?")
    @app_commands.describe(d10=D10_ROLL)
    async def clear_jam(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-check clear-jam",
            lambda roll, tables: answers.clear_jam(roll, tables, d10=d10),
        )

    @check.command(name="officer", description="Rule 11j: is the officer of a unit hit killed?")
    @app_commands.describe(d10=D10_ROLL)
    async def officer_casualty(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-check officer",
            lambda roll, tables: answers.officer_casualty(roll, tables, d10=d10),
        )

    @check.command(name="marksman", description="Rule 12d: is a marksman beside a unit hit killed?")
    @app_commands.describe(
        chance_percent="His chance of being hit",
        tens_d10="Your tens D10",
        units_d10="Your units D10",
    )
    async def marksman(
        self,
        interaction: Interaction,
        chance_percent: PERCENT,
        tens_d10: D10 | None = None,
        units_d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-check marksman",
            lambda roll, tables: answers.marksman(
                roll, tables, chance_percent=chance_percent, tens_d10=tens_d10, units_d10=units_d10
            ),
        )

    @check.command(name="rocket", description="Rule 11s: a rocket launch")
    @app_commands.describe(
        range_inches="To the target", officer_modifier="The officer's modifier", d10=D10_ROLL
    )
    async def rocket(
        self,
        interaction: Interaction,
        range_inches: INCHES,
        officer_modifier: OFFICER = 0,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-check rocket",
            lambda roll, tables: answers.rocket(
                roll, tables, range_inches=range_inches, officer_modifier=officer_modifier, d10=d10
            ),
        )

    @check.command(name="melee-ends", description="Rule 18 option: does a melee end this turn?")
    @app_commands.describe(
        duration="From Table 5",
        turns_fought="So far, this one included",
        d6=ROLL,
    )
    async def melee_ends(
        self,
        interaction: Interaction,
        duration: Range[int, 1, 10],
        turns_fought: Range[int, 1, 30],
        d6: D6 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-check melee-ends",
            lambda roll, tables: answers.melee_ends(
                roll, tables, duration=duration, turns_fought=turns_fought, d6=d6
            ),
        )

    @check.command(name="building-fire", description="Rule 9l: set a building alight or put it out")
    @app_commands.describe(
        building="Kind of building",
        action="Start a fire, or put out an inch of it",
        engineers="Engineers do it",
        d10=D10_ROLL,
    )
    @app_commands.choices(building=C.BUILDINGS, action=C.FIRE_ACTIONS)
    async def building_fire(
        self,
        interaction: Interaction,
        building: str,
        action: Literal["start", "extinguish"] = "start",
        engineers: bool = False,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-check building-fire",
            lambda roll, tables: answers.building_fire(
                roll, tables, building=building, action=action, engineers=engineers, d10=d10
            ),
        )

    @check.command(name="engineering", description="Rule 16: an engineering attempt")
    @app_commands.describe(
        previous_turns="Turns already spent on the work without a break",
        engineers="Specialist engineers do it",
        d10=D10_ROLL,
    )
    async def engineering(
        self,
        interaction: Interaction,
        previous_turns: Range[int, 0, 50] = 0,
        engineers: bool = False,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-check engineering",
            lambda roll, tables: answers.engineering(
                roll, tables, previous_turns=previous_turns, engineers=engineers, d10=d10
            ),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(SotqChecksCog(bot))
