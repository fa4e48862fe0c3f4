"""``/qref``: the Isandlwana miniatures quick reference, one command per table.

Dice options take the referee's own dice ("3,5,6" for several); left out, the bot rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import Range

from bot.systems.referee import autocomplete as complete
from bot.systems.referee import choices as C
from bot.systems.referee import qref_answers as answers
from bot.systems.referee.base import Interaction, RefereeCog

if TYPE_CHECKING:
    from bot.posting.host import Host

D6 = Range[int, 1, 6]
INCHES = Range[float, 0.0, 1000.0]
FIGURES = Range[int, 0, 1000]
DICE = Range[str, 1, 200]
ENTRY = Range[str, 1, 100]
D6_HELP = "Your D6; leave out and the bot rolls"
DICE_HELP = "Your d6s, comma-separated (e.g. 3,5,6); leave out and the bot rolls"


class QrefCog(RefereeCog):
    """Isandlwana quick-reference lookups."""

    qref = app_commands.Group(name="qref", description="Isandlwana quick reference, worked out")

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee tables: qref")

    @qref.command(name="rally", description="I: a routing or prone unit's rally roll")
    @app_commands.describe(state="The unit's chip", d6=D6_HELP)
    @app_commands.choices(state=C.RALLY_STATES)
    async def rally(self, interaction: Interaction, state: str, d6: D6 | None = None) -> None:
        await self.answer(
            interaction,
            "/qref rally",
            lambda roll, tables: answers.rally(roll, tables, state=state, d6=d6),
        )

    @qref.command(name="move", description="II: movement dice by troop type")
    @app_commands.describe(
        troop_type="Who moves, and in what order",
        difficult_terrain="Costs double",
        dice=DICE_HELP,
    )
    @app_commands.autocomplete(troop_type=complete.qref_troop_types)
    async def move(
        self,
        interaction: Interaction,
        troop_type: ENTRY,
        difficult_terrain: bool = False,
        dice: DICE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref move",
            lambda roll, tables: answers.move(
                roll, tables, troop_type=troop_type, difficult_terrain=difficult_terrain, dice=dice
            ),
        )

    @qref.command(name="pre-melee", description="III.A: morale of a unit an enemy charge reaches")
    @app_commands.describe(troop_type="The unit charged", d6=D6_HELP)
    @app_commands.autocomplete(troop_type=complete.pre_melee_types)
    async def pre_melee(
        self, interaction: Interaction, troop_type: ENTRY, d6: D6 | None = None
    ) -> None:
        await self.answer(
            interaction,
            "/qref pre-melee",
            lambda roll, tables: answers.pre_melee(roll, tables, troop_type=troop_type, d6=d6),
        )

    @qref.command(name="melee", description="III.B: melee dice for one side")
    @app_commands.describe(case="Who fights whom", figures="Fighting on this side", dice=DICE_HELP)
    @app_commands.autocomplete(case=complete.melee_cases)
    async def melee(
        self, interaction: Interaction, case: ENTRY, figures: FIGURES, dice: DICE | None = None
    ) -> None:
        await self.answer(
            interaction,
            "/qref melee",
            lambda roll, tables: answers.melee(roll, tables, case=case, figures=figures, dice=dice),
        )

    @qref.command(name="post-melee", description="III.C: who retreats after a melee, and how far")
    @app_commands.describe(
        british_type="The British unit", zulu_d6="The Zulus' D6", british_d6="The British D6"
    )
    @app_commands.choices(british_type=C.BRITISH_TYPES)
    async def post_melee(
        self,
        interaction: Interaction,
        british_type: str,
        zulu_d6: D6 | None = None,
        british_d6: D6 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref post-melee",
            lambda roll, tables: answers.post_melee(
                roll, tables, british_type=british_type, zulu_d6=zulu_d6, british_d6=british_d6
            ),
        )

    @qref.command(name="scout", description="IV: does this scouting roll find Zulus?")
    @app_commands.describe(
        british_figures="British figures at the start",
        broken_zulu_units="Zulu units already broken",
        entering_difficult_terrain="First entry into difficult terrain",
        d6=D6_HELP,
    )
    async def scout(
        self,
        interaction: Interaction,
        british_figures: FIGURES,
        broken_zulu_units: Range[int, 0, 50] = 0,
        entering_difficult_terrain: bool = False,
        d6: D6 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref scout",
            lambda roll, tables: answers.scout(
                roll,
                tables,
                british_figures=british_figures,
                broken_zulu_units=broken_zulu_units,
                entering_difficult_terrain=entering_difficult_terrain,
                d6=d6,
            ),
        )

    @qref.command(name="appear", description="IV.3-5: where found Zulus appear")
    @app_commands.describe(
        british_in_cover="The British are in cover",
        found_in_cover="The Zulus were found in cover (they appear there)",
        direction_d6="Your D6 for direction",
        distance_dice="Your d6s for distance, comma-separated",
    )
    async def appear(
        self,
        interaction: Interaction,
        british_in_cover: bool,
        found_in_cover: bool = False,
        direction_d6: D6 | None = None,
        distance_dice: DICE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref appear",
            lambda roll, tables: answers.appear(
                roll,
                tables,
                british_in_cover=british_in_cover,
                found_in_cover=found_in_cover,
                direction_d6=direction_d6,
                distance_dice=distance_dice,
            ),
        )

    @qref.command(name="riflemen", description="IV.6: how many Zulu riflemen appear first")
    @app_commands.describe(dice=DICE_HELP)
    async def riflemen(self, interaction: Interaction, dice: DICE | None = None) -> None:
        await self.answer(
            interaction,
            "/qref riflemen",
            lambda roll, tables: answers.riflemen(roll, tables, dice=dice),
        )

    @qref.command(name="spearmen", description="IV.7-8: are the spearmen seen, and how many?")
    @app_commands.describe(
        distance_inches="Distance to the Zulus",
        zulus_in_cover="The Zulus are in cover",
        dice=DICE_HELP,
    )
    async def spearmen(
        self,
        interaction: Interaction,
        distance_inches: INCHES,
        zulus_in_cover: bool,
        dice: DICE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref spearmen",
            lambda roll, tables: answers.spearmen(
                roll,
                tables,
                distance_inches=distance_inches,
                zulus_in_cover=zulus_in_cover,
                dice=dice,
            ),
        )

    @qref.command(name="rockets", description="V.1: a rocket battery's fire")
    @app_commands.describe(hit_d6="Your D6 to hit", hits_d6="Your D6 for hits")
    async def rockets(
        self, interaction: Interaction, hit_d6: D6 | None = None, hits_d6: D6 | None = None
    ) -> None:
        await self.answer(
            interaction,
            "/qref rockets",
            lambda roll, tables: answers.rockets(roll, tables, hit_d6=hit_d6, hits_d6=hits_d6),
        )

    @qref.command(name="gatling", description="V.1: a Gatling's fire, and whether it jams")
    @app_commands.describe(
        range_inches="To the target", target_prone="The Zulus are prone", dice=DICE_HELP
    )
    async def gatling(
        self,
        interaction: Interaction,
        range_inches: INCHES,
        target_prone: bool = False,
        dice: DICE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref gatling",
            lambda roll, tables: answers.gatling(
                roll, tables, range_inches=range_inches, target_prone=target_prone, dice=dice
            ),
        )

    @qref.command(name="infantry", description="V.2: British infantry volleys")
    @app_commands.describe(
        figures="Figures firing",
        range_inches="To the target",
        target_prone="The Zulus are prone",
        dice=DICE_HELP,
    )
    async def infantry(
        self,
        interaction: Interaction,
        figures: Range[int, 1, 1000],
        range_inches: INCHES,
        target_prone: bool = False,
        dice: DICE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref infantry",
            lambda roll, tables: answers.infantry(
                roll,
                tables,
                figures=figures,
                range_inches=range_inches,
                target_prone=target_prone,
                dice=dice,
            ),
        )

    @qref.command(name="carbines", description="V.3: British carbines, one die a figure")
    @app_commands.describe(
        figures="Figures firing",
        range_inches="To the target",
        target_prone="The target is prone",
        dice=DICE_HELP,
    )
    async def carbines(
        self,
        interaction: Interaction,
        figures: Range[int, 1, 60],
        range_inches: INCHES,
        target_prone: bool = False,
        dice: DICE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref carbines",
            lambda roll, tables: answers.carbines(
                roll,
                tables,
                figures=figures,
                range_inches=range_inches,
                target_prone=target_prone,
                dice=dice,
            ),
        )

    @qref.command(name="rifles", description="V.4: Zulu or NNC rifle fire")
    @app_commands.describe(
        figures="Figures firing",
        target_mounted_or_covered="The target is mounted or in cover",
        d6=D6_HELP,
    )
    async def rifles(
        self,
        interaction: Interaction,
        figures: FIGURES,
        target_mounted_or_covered: bool = False,
        d6: D6 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/qref rifles",
            lambda roll, tables: answers.rifles(
                roll,
                tables,
                figures=figures,
                target_mounted_or_covered=target_mounted_or_covered,
                d6=d6,
            ),
        )

    @qref.command(name="zulu-morale", description="VI: Zulu morale after taking fire")
    @app_commands.describe(in_contact="The Zulus are in contact", d6=D6_HELP)
    async def zulu_morale(
        self, interaction: Interaction, in_contact: bool = False, d6: D6 | None = None
    ) -> None:
        await self.answer(
            interaction,
            "/qref zulu-morale",
            lambda roll, tables: answers.zulu_morale(roll, tables, in_contact=in_contact, d6=d6),
        )


async def setup(bot: Host) -> None:
    await bot.add_cog(QrefCog(bot))
