"""``/sotq-transport``: Soldiers of the Queen boats, balloons and trains (additional rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import Range

from bot.systems.referee import sotq_answers as answers
from bot.systems.referee.base import Interaction, RefereeCog
from bot.systems.referee.sotq_options import AVERAGE, D10, D10_ROLL, MINUS_DIE, PLUS_DIE

if TYPE_CHECKING:
    from bot.posting.host import Host


class SotqTransportCog(RefereeCog):
    """Boats, balloons and trains."""

    transport = app_commands.Group(
        name="sotq-transport", description="Soldiers of the Queen: boats, balloons and trains"
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: sotq transport")

    @transport.command(name="current", description="A river's current (balloons drift alike)")
    @app_commands.describe(plus_die=PLUS_DIE, minus_die=MINUS_DIE)
    async def current(
        self,
        interaction: Interaction,
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-transport current",
            lambda roll, tables: answers.current(
                roll, tables, plus_die=plus_die, minus_die=minus_die
            ),
        )

    @transport.command(name="grounding", description="Does a boat that strikes land run aground?")
    @app_commands.describe(d10=D10_ROLL)
    async def grounding(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-transport grounding",
            lambda roll, tables: answers.grounding(roll, tables, d10=d10),
        )

    @transport.command(name="refloat", description="Does a grounded boat float off?")
    @app_commands.describe(d10=D10_ROLL)
    async def refloat(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-transport refloat",
            lambda roll, tables: answers.refloat(roll, tables, d10=d10),
        )

    @transport.command(name="embark", description="Does a unit (not foot) get aboard or off?")
    @app_commands.describe(previous_attempts="Earlier attempts", d10=D10_ROLL)
    async def embark(
        self,
        interaction: Interaction,
        previous_attempts: Range[int, 0, 20] = 0,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-transport embark",
            lambda roll, tables: answers.embark(
                roll, tables, previous_attempts=previous_attempts, d10=d10
            ),
        )

    @transport.command(name="balloon-launch", description="Does a balloon go up or come down?")
    @app_commands.describe(d10=D10_ROLL)
    async def balloon_launch(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-transport balloon-launch",
            lambda roll, tables: answers.balloon_launch(roll, tables, d10=d10),
        )

    @transport.command(name="balloon-fire", description="A balloon fired on")
    @app_commands.describe(d10=D10_ROLL)
    async def balloon_fire(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-transport balloon-fire",
            lambda roll, tables: answers.balloon_fire(roll, tables, d10=d10),
        )

    @transport.command(name="train-stop", description="A train stopped dead: does it derail?")
    @app_commands.describe(d10=D10_ROLL)
    async def train_stop(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq-transport train-stop",
            lambda roll, tables: answers.train_stop(roll, tables, d10=d10),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(SotqTransportCog(bot))
