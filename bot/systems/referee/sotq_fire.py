"""``/sotq-fire``: Soldiers of the Queen fire and its losses (rules 4, 11, 19; Tables 2, 6, A)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import Range

from bot.systems.referee import autocomplete as complete
from bot.systems.referee import choices as C
from bot.systems.referee import sotq_answers as answers
from bot.systems.referee.base import Interaction, RefereeCog
from bot.systems.referee.sotq_options import (
    AVERAGE,
    D10,
    D10_ROLL,
    ENTRY,
    FIGURES,
    INCHES,
    LEFT_OVER,
    MINUS_DIE,
    OFFICER,
    PERCENT,
    PIPERS,
    PLUS_DIE,
)

if TYPE_CHECKING:
    from bot.posting.host import Host


class SotqFireCog(RefereeCog):
    """Fire, casualties, losses and pinning."""

    fire = app_commands.Group(
        name="sotq-fire", description="Soldiers of the Queen: fire, casualties and losses"
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: sotq fire")

    @fire.command(name="shoot", description="Table 2 and 6: a unit's fire and the casualties")
    @app_commands.describe(
        weapon="The weapon fired",
        figures="Figures firing; officers do not fire",
        range_inches="Or give range_band",
        range_band="E.g. from Table 1 column 2 when charged",
        fire_class="The firers' class: 0 or i-iv",
        officer_modifier="Officer directing the fire",
        factors="Comma-separated; autocomplete completes the last",
        repeater="Repeating weapons",
        quick_firing="A quick-firing gun",
        counts_as="How many figures each firer counts as (crews, marksmen)",
        half_effect="The firers moved",
        into_melee="Fire into a melee",
        fraction_d10=LEFT_OVER,
    )
    @app_commands.choices(
        range_band=C.RANGE_BANDS, fire_class=C.FIRE_CLASSES, counts_as=C.MULTIPLIERS
    )
    @app_commands.autocomplete(weapon=complete.weapons, factors=complete.fire_factors)
    async def shoot(
        self,
        interaction: Interaction,
        weapon: ENTRY,
        figures: FIGURES,
        range_inches: INCHES | None = None,
        range_band: str | None = None,
        fire_class: str = "0",
        officer_modifier: OFFICER = 0,
        factors: str | None = None,
        repeater: bool = False,
        quick_firing: bool = False,
        counts_as: str = "figures",
        half_effect: bool = False,
        into_melee: bool = False,
        fraction_d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-fire shoot",
            lambda roll, tables: answers.fire(
                roll,
                tables,
                weapon=weapon,
                figures=figures,
                range_inches=range_inches,
                range_band=range_band,
                fire_class=fire_class,
                officer_modifier=officer_modifier,
                factors=factors,
                repeater=repeater,
                quick_firing=quick_firing,
                counts_as=counts_as,
                half_effect=half_effect,
                into_melee=into_melee,
                fraction_d10=fraction_d10,
            ),
        )

    @fire.command(name="casualties", description="Table 6: casualty points and figures removed")
    @app_commands.describe(
        factor="The casualty factor",
        figures="Figures inflicting casualties",
        melee="Melee casualties (doubled)",
        fraction_d10=LEFT_OVER,
    )
    async def casualties(
        self,
        interaction: Interaction,
        factor: Range[int, -20, 40],
        figures: FIGURES,
        melee: bool = False,
        fraction_d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-fire casualties",
            lambda roll, tables: answers.casualties(
                roll, tables, factor=factor, figures=figures, melee=melee, fraction_d10=fraction_d10
            ),
        )

    @fire.command(name="percentage", description="Rule 4: percentage of a unit lost")
    @app_commands.describe(strength="Figures at the start of the turn", lost="Figures lost")
    async def percentage(
        self, interaction: Interaction, strength: Range[int, 1, 1000], lost: Range[int, 0, 1000]
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-fire percentage",
            lambda roll, tables: answers.percentage(roll, tables, strength=strength, lost=lost),
        )

    @fire.command(name="pinning", description="Rule 11k: is a unit that took casualties pinned?")
    @app_commands.describe(
        percent_lost="Of the strength at the turn's start",
        pipers="Each offsets some loss",
        d10=D10_ROLL,
    )
    async def pinning(
        self,
        interaction: Interaction,
        percent_lost: PERCENT,
        pipers: PIPERS = 0,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-fire pinning",
            lambda roll, tables: answers.pinning(
                roll, tables, percent_lost=percent_lost, pipers=pipers, d10=d10
            ),
        )

    @fire.command(name="indirect", description="Indirect artillery fire: fall of shot, Table A")
    @app_commands.describe(
        gun_models="Heavy gun models firing",
        figures_in_area="Figures inside the blast circle",
        plus_die=PLUS_DIE,
        minus_die=MINUS_DIE,
    )
    async def indirect(
        self,
        interaction: Interaction,
        gun_models: Range[int, 1, 20],
        figures_in_area: Range[int, 0, 1000],
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-fire indirect",
            lambda roll, tables: answers.indirect(
                roll,
                tables,
                gun_models=gun_models,
                figures_in_area=figures_in_area,
                plus_die=plus_die,
                minus_die=minus_die,
            ),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(SotqFireCog(bot))
