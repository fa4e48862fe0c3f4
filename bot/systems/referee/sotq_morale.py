"""``/sotq-morale``: Soldiers of the Queen officers, reactions, morale and melee
(rules 7, 8, 13, 18; Tables 1, 3, 5)."""

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
    FIGURES,
    MINUS_DIE,
    OFFICER,
    PERCENT,
    PIPERS,
    PLUS_DIE,
)

if TYPE_CHECKING:
    from bot.posting.host import Host

NAME = Range[str, 1, 40]
SCORE = Range[int, -20, 40]


class SotqMoraleCog(RefereeCog):
    """Officer modifiers, reactions, morale tests and melee."""

    morale = app_commands.Group(
        name="sotq-morale",
        description="Soldiers of the Queen: officers, reactions, morale and melee",
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: sotq morale")

    @morale.command(name="officer", description="Table 1: roll an officer's modifier (rule 7)")
    @app_commands.describe(native_officer="A native officer takes 1 off the roll", d10=D10_ROLL)
    async def officer(
        self, interaction: Interaction, native_officer: bool = False, d10: D10 | None = None
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-morale officer",
            lambda roll, tables: answers.officer(
                roll, tables, native_officer=native_officer, d10=d10
            ),
        )

    @morale.command(name="reaction", description="Table 1: reaction time, or fire range if charged")
    @app_commands.describe(
        reaction_class="A, B or C",
        column="What the unit reacts to",
        officer_modifier="As the officer applies it (negative to subtract)",
        impetuous="The unit is impetuous (counts on column 5)",
        d10=D10_ROLL,
    )
    @app_commands.choices(reaction_class=C.REACTION_CLASSES, column=C.REACTION_COLUMNS)
    async def reaction(
        self,
        interaction: Interaction,
        reaction_class: str,
        column: str,
        officer_modifier: OFFICER = 0,
        impetuous: bool = False,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-morale reaction",
            lambda roll, tables: answers.reaction(
                roll,
                tables,
                reaction_class=reaction_class,
                column=column,
                officer_modifier=officer_modifier,
                impetuous=impetuous,
                d10=d10,
            ),
        )

    @morale.command(name="test", description="Table 3: a morale test and what the result means")
    @app_commands.describe(
        morale_number="The unit's morale number",
        factors="Comma-separated; repeat friend_routing per friend",
        officer_modifier="The officer's modifier",
        casualty_percent="Lost this turn",
        pipers="Pipers with the unit",
        natives="Natives, who may go impetuous",
        routing="The unit is routing (reads the routers' results)",
        plus_die=PLUS_DIE,
        minus_die=MINUS_DIE,
    )
    @app_commands.autocomplete(factors=complete.morale_factors)
    async def test(
        self,
        interaction: Interaction,
        morale_number: Range[int, 1, 15],
        factors: str | None = None,
        officer_modifier: OFFICER = 0,
        casualty_percent: PERCENT = 0,
        pipers: PIPERS = 0,
        natives: bool = False,
        routing: bool = False,
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-morale test",
            lambda roll, tables: answers.morale(
                roll,
                tables,
                morale_number=morale_number,
                factors=factors,
                officer_modifier=officer_modifier,
                casualty_percent=casualty_percent,
                pipers=pipers,
                natives=natives,
                routing=routing,
                plus_die=plus_die,
                minus_die=minus_die,
            ),
        )

    @morale.command(name="melee", description="Table 5: a melee fought out once, with casualties")
    @app_commands.describe(
        first_name="Name of the first side",
        first_score="Its morale score from the test (rule 13d)",
        first_weapon="Its melee weapon",
        second_name="Name of the second side",
        second_score="Its morale score",
        second_weapon="Its melee weapon",
        attacker="Which side charged",
        first_mounted="The first side is mounted",
        second_mounted="The second side is mounted",
        first_factors="The first side's, comma-separated",
        second_factors="The second side's, comma-separated",
        first_in_square="The first side is in square",
        second_in_square="The second side is in square",
        first_impetuous="The first side is impetuous (Table 5 key C: mounted break through)",
        second_impetuous="The second side is impetuous (Table 5 key C: mounted break through)",
        figures="Figures the smaller side has in contact (for casualties)",
        first_fraction_d10="Your D10 for the first side's left-over casualty points",
        second_fraction_d10="Your D10 for the second side's left-over casualty points",
    )
    @app_commands.choices(
        first_weapon=C.MELEE_WEAPONS, second_weapon=C.MELEE_WEAPONS, attacker=C.SIDES
    )
    @app_commands.autocomplete(
        first_factors=complete.melee_factors, second_factors=complete.melee_factors
    )
    async def melee(
        self,
        interaction: Interaction,
        first_name: NAME,
        first_score: SCORE,
        first_weapon: str,
        second_name: NAME,
        second_score: SCORE,
        second_weapon: str,
        attacker: str = "first",
        first_mounted: bool = False,
        second_mounted: bool = False,
        first_factors: str | None = None,
        second_factors: str | None = None,
        first_in_square: bool = False,
        second_in_square: bool = False,
        first_impetuous: bool = False,
        second_impetuous: bool = False,
        figures: FIGURES | None = None,
        first_fraction_d10: D10 | None = None,
        second_fraction_d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq-morale melee",
            lambda roll, tables: answers.melee(
                roll,
                tables,
                first_name=first_name,
                first_score=first_score,
                first_weapon=first_weapon,
                second_name=second_name,
                second_score=second_score,
                second_weapon=second_weapon,
                attacker=attacker,
                first_mounted=first_mounted,
                second_mounted=second_mounted,
                first_factors=first_factors,
                second_factors=second_factors,
                first_in_square=first_in_square,
                second_in_square=second_in_square,
                first_impetuous=first_impetuous,
                second_impetuous=second_impetuous,
                figures=figures,
                first_fraction_d10=first_fraction_d10,
                second_fraction_d10=second_fraction_d10,
            ),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(SotqMoraleCog(bot))
