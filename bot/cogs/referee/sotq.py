"""``/sotq``: every Soldiers of the Queen table as a command, showing its working.

Dice options are for referees rolling real dice; left out, the bot rolls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from discord import app_commands
from discord.app_commands import Choice, Range

from bot.cogs.referee import choices as C
from bot.cogs.referee import sotq_answers as answers
from bot.cogs.referee.answers import complete_choices
from bot.cogs.referee.armies import army_embeds, batches, notes_embeds
from bot.cogs.referee.base import Interaction, RefereeCog
from bot.cogs.referee.dice import Roller
from games.core.errors import LaagerError
from games.tables import sotq

if TYPE_CHECKING:
    from bot.app import LaagerBot

D10 = Range[int, 1, 10]
D6 = Range[int, 1, 6]
AVERAGE = Range[int, 2, 5]
OFFICER = Range[int, -5, 5]
FIGURES = Range[int, 1, 1000]
PERCENT = Range[int, 0, 100]
INCHES = Range[float, 0.0, 1000.0]

DICE_HELP = {
    "d10": "Your D10 (1-10; 0 reads as 10); leave out and the bot rolls",
    "d6": "Your D6; leave out and the bot rolls",
    "plus_die": "Your plus average die (2-5); leave out and the bot rolls",
    "minus_die": "Your minus average die (2-5); leave out and the bot rolls",
    "fraction_d10": "Your D10 for the casualty points left over; leave out and the bot rolls",
}


class SotqCog(RefereeCog):
    """Soldiers of the Queen lookups."""

    sotq = app_commands.Group(name="sotq", description="Soldiers of the Queen tables, worked out")
    check = app_commands.Group(
        name="check", description="Single D10 tests: jams, officers, rockets, fires", parent=sotq
    )
    transport = app_commands.Group(
        name="transport", description="Boats, balloons and trains", parent=sotq
    )
    points = app_commands.Group(name="points", description="Points values", parent=sotq)

    def __init__(self, bot: LaagerBot) -> None:
        super().__init__(bot, "referee tables: sotq")

    # -- autocomplete --------------------------------------------------------------------------

    async def _fire_factors(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, C.FIRE_FACTORS)

    async def _morale_factors(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, C.MORALE_FACTORS)

    async def _penalties(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        troop = getattr(interaction.namespace, "troop_type", None)
        skirmish = bool(getattr(interaction.namespace, "skirmish_order", False))
        try:
            allowed = C.named(sotq.movement_penalties(str(troop), skirmish_order=skirmish))
        except LaagerError:
            allowed = C.PENALTIES
        return complete_choices(current, allowed)

    async def _melee_factors(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, C.MELEE_FACTORS)

    async def _shifts(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, C.SPOTTING_SHIFTS)

    async def _traits(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, C.TRAITS)

    async def _arms(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, C.FIREARMS)

    async def _army_options(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        conflict = getattr(interaction.namespace, "list", None)
        try:
            options = sotq.army_options(str(conflict))
        except LaagerError:
            return []
        return [Choice(name=o, value=o) for o in options if o.startswith(current.strip())][:25]

    # -- Table 1 ---------------------------------------------------------------------------------

    @sotq.command(name="officer", description="Table 1: roll an officer's modifier (rule 7)")
    @app_commands.describe(
        native_officer="A native officer takes 1 off the roll", d10=DICE_HELP["d10"]
    )
    async def officer(
        self, interaction: Interaction, native_officer: bool = False, d10: D10 | None = None
    ) -> None:
        await self.answer(
            interaction,
            "/sotq officer",
            lambda roll, tables: answers.officer(
                roll, tables, native_officer=native_officer, d10=d10
            ),
        )

    @sotq.command(name="reaction", description="Table 1: reaction time, or fire range if charged")
    @app_commands.describe(
        reaction_class="The unit's reaction class",
        column="What the unit reacts to",
        officer_modifier="Officer's modifier, as he applies it (negative to subtract)",
        impetuous="The unit is impetuous (counts on column 5)",
        d10=DICE_HELP["d10"],
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
            "/sotq reaction",
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

    # -- Table 2 ---------------------------------------------------------------------------------

    @sotq.command(name="fire", description="Table 2 and 6: a unit's fire and the casualties")
    @app_commands.describe(
        weapon="The weapon fired",
        figures="Figures firing (officers do not fire)",
        range_inches="Range in inches (or give range_band)",
        range_band="Range band, e.g. from Table 1 column 2 when charged",
        fire_class="The firers' fire class",
        officer_modifier="Officer directing the fire",
        factors="Tactical factors, comma-separated (autocomplete completes the last)",
        repeater="Repeating weapons",
        quick_firing="Quick-firing gun",
        counts_as="How many figures each firer counts as (crews, marksmen)",
        half_effect="Firing at half effect (moved)",
        into_melee="Firing into a melee",
        fraction_d10=DICE_HELP["fraction_d10"],
    )
    @app_commands.choices(
        weapon=C.WEAPONS,
        range_band=C.RANGE_BANDS,
        fire_class=C.FIRE_CLASSES,
        counts_as=C.MULTIPLIERS,
    )
    @app_commands.autocomplete(factors=_fire_factors)
    async def fire(
        self,
        interaction: Interaction,
        weapon: str,
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
            "/sotq fire",
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

    @sotq.command(name="pinning", description="Rule 11k: is a unit that took casualties pinned?")
    @app_commands.describe(
        percent_lost="Percent lost this turn (of the strength at the turn's start)",
        pipers="Pipers with the unit (each offsets some loss)",
        d10=DICE_HELP["d10"],
    )
    async def pinning(
        self,
        interaction: Interaction,
        percent_lost: PERCENT,
        pipers: Range[int, 0, 5] = 0,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq pinning",
            lambda roll, tables: answers.pinning(
                roll, tables, percent_lost=percent_lost, pipers=pipers, d10=d10
            ),
        )

    # -- Table 3 ---------------------------------------------------------------------------------

    @sotq.command(name="morale", description="Table 3: a morale test and what the result means")
    @app_commands.describe(
        morale_number="The unit's morale number",
        factors="Table 3 factors, comma-separated; repeat friend_routing per friend",
        officer_modifier="Officer's modifier",
        casualty_percent="Percent lost this turn",
        pipers="Pipers with the unit",
        natives="Natives, who may go impetuous",
        routing="The unit is routing (reads the routers' results)",
        plus_die=DICE_HELP["plus_die"],
        minus_die=DICE_HELP["minus_die"],
    )
    @app_commands.autocomplete(factors=_morale_factors)
    async def morale(
        self,
        interaction: Interaction,
        morale_number: Range[int, 1, 15],
        factors: str | None = None,
        officer_modifier: OFFICER = 0,
        casualty_percent: PERCENT = 0,
        pipers: Range[int, 0, 5] = 0,
        natives: bool = False,
        routing: bool = False,
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq morale",
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

    # -- Table 4 ---------------------------------------------------------------------------------

    @sotq.command(name="move", description="Table 4: distance moved after penalties and dice")
    @app_commands.describe(
        troop_type="Troop type",
        charge="Moving at charge speed",
        skirmish_order="In skirmish (open) order",
        penalties="Penalties, comma-separated (autocomplete)",
        on_road="On a road (a negative dice score is ignored)",
        routing="Routing (charge speed, no dice)",
        plus_die=DICE_HELP["plus_die"],
        minus_die=DICE_HELP["minus_die"],
    )
    @app_commands.choices(troop_type=C.TROOP_TYPES)
    @app_commands.autocomplete(penalties=_penalties)
    async def move(
        self,
        interaction: Interaction,
        troop_type: str,
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
            "/sotq move",
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

    # -- Table 5 ---------------------------------------------------------------------------------

    @sotq.command(name="melee", description="Table 5: a melee fought out once, with casualties")
    @app_commands.describe(
        first_name="Name of the first side",
        first_score="Its morale score from the test (rule 13d)",
        first_weapon="Its melee weapon",
        second_name="Name of the second side",
        second_score="Its morale score",
        second_weapon="Its melee weapon",
        attacker="Which side charged",
        first_mounted="First side mounted",
        second_mounted="Second side mounted",
        first_factors="First side's Table 5 factors, comma-separated",
        second_factors="Second side's Table 5 factors, comma-separated",
        first_in_square="First side in square",
        second_in_square="Second side in square",
        figures="Figures the smaller side has in contact (for casualties)",
        first_fraction_d10="Your D10 for the first side's left-over casualty points",
        second_fraction_d10="Your D10 for the second side's left-over casualty points",
    )
    @app_commands.choices(
        first_weapon=C.MELEE_WEAPONS, second_weapon=C.MELEE_WEAPONS, attacker=C.SIDES
    )
    @app_commands.autocomplete(first_factors=_melee_factors, second_factors=_melee_factors)
    async def melee(
        self,
        interaction: Interaction,
        first_name: Range[str, 1, 40],
        first_score: Range[int, -20, 40],
        first_weapon: str,
        second_name: Range[str, 1, 40],
        second_score: Range[int, -20, 40],
        second_weapon: str,
        attacker: str = "first",
        first_mounted: bool = False,
        second_mounted: bool = False,
        first_factors: str | None = None,
        second_factors: str | None = None,
        first_in_square: bool = False,
        second_in_square: bool = False,
        figures: FIGURES | None = None,
        first_fraction_d10: D10 | None = None,
        second_fraction_d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq melee",
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
                figures=figures,
                first_fraction_d10=first_fraction_d10,
                second_fraction_d10=second_fraction_d10,
            ),
        )

    # -- Table 6, percentages -------------------------------------------------------------------

    @sotq.command(name="casualties", description="Table 6: casualty points and figures removed")
    @app_commands.describe(
        factor="Casualty factor",
        figures="Figures inflicting casualties",
        melee="Melee casualties (doubled)",
        fraction_d10=DICE_HELP["fraction_d10"],
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
            "/sotq casualties",
            lambda roll, tables: answers.casualties(
                roll, tables, factor=factor, figures=figures, melee=melee, fraction_d10=fraction_d10
            ),
        )

    @sotq.command(name="percentage", description="Rule 4: percentage of a unit lost")
    @app_commands.describe(strength="Figures at the start of the turn", lost="Figures lost")
    async def percentage(
        self, interaction: Interaction, strength: Range[int, 1, 1000], lost: Range[int, 0, 1000]
    ) -> None:
        await self.answer(
            interaction,
            "/sotq percentage",
            lambda roll, tables: answers.percentage(roll, tables, strength=strength, lost=lost),
        )

    # -- Table 7 ---------------------------------------------------------------------------------

    @sotq.command(name="spot", description="Table 7: spotting hidden troops in a zone")
    @app_commands.describe(
        terrain="Terrain of the spotting zone",
        distance_inches="Distance to the nearest point of the zone",
        shifts="Column shifts, comma-separated (autocomplete)",
        d10="The hidden side's D10; leave out and the bot rolls",
    )
    @app_commands.choices(terrain=C.SPOTTING_TERRAIN)
    @app_commands.autocomplete(shifts=_shifts)
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
            "/sotq spot",
            lambda roll, tables: answers.spot(
                roll,
                tables,
                terrain=terrain,
                distance_inches=distance_inches,
                shifts=shifts,
                d10=d10,
            ),
        )

    @sotq.command(name="sight", description="Table 7: how far a figure sees into terrain")
    @app_commands.describe(terrain="Terrain looked into or along")
    @app_commands.choices(terrain=C.SIGHT_TERRAIN)
    async def sight(self, interaction: Interaction, terrain: str) -> None:
        await self.answer(
            interaction,
            "/sotq sight",
            lambda roll, tables: answers.sight(roll, tables, terrain=terrain),
        )

    # -- army lists, indirect fire --------------------------------------------------------------

    @sotq.command(name="army", description="An army list: both forces of one option, with notes")
    @app_commands.rename(conflict="list")
    @app_commands.describe(conflict="The conflict", option="The option: 1-10 or A (Boxers 1-15)")
    @app_commands.choices(conflict=C.CONFLICTS)
    @app_commands.autocomplete(option=_army_options)
    async def army(self, interaction: Interaction, conflict: str, option: Range[str, 1, 3]) -> None:
        tables = await self.tables(interaction)
        answer = answers.army(Roller(self.dice), tables, conflict=conflict, option=option)
        groups = batches(army_embeds(answer))
        await interaction.response.send_message(embeds=groups[0])
        for group in groups[1:]:
            await interaction.followup.send(embeds=group)

    @sotq.command(name="army-notes", description="The notes for every army list: units, types")
    async def army_notes(self, interaction: Interaction) -> None:
        tables = await self.tables(interaction)
        groups = batches(notes_embeds(sotq.army_notes(tables)))
        await interaction.response.send_message(embeds=groups[0])
        for group in groups[1:]:
            await interaction.followup.send(embeds=group)

    @sotq.command(name="indirect", description="Indirect artillery fire: fall of shot, Table A")
    @app_commands.describe(
        gun_models="Heavy gun models firing",
        figures_in_area="Figures inside the blast circle",
        plus_die=DICE_HELP["plus_die"],
        minus_die=DICE_HELP["minus_die"],
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
            "/sotq indirect",
            lambda roll, tables: answers.indirect(
                roll,
                tables,
                gun_models=gun_models,
                figures_in_area=figures_in_area,
                plus_die=plus_die,
                minus_die=minus_die,
            ),
        )

    # -- single D10 checks ------------------------------------------------------------------------

    @check.command(name="jam", description="Rule 11i: does a machine gun that fired jam?")
    @app_commands.describe(gun="The machine gun", d10=DICE_HELP["d10"])
    @app_commands.choices(gun=C.MACHINE_GUNS)
    async def jam(self, interaction: Interaction, gun: str, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq check jam",
            lambda roll, tables: answers.jam(roll, tables, gun=gun, d10=d10),
        )

    @check.command(name="clear-jam", description="Rule 11i: is a jammed gun cleared?")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def clear_jam(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq check clear-jam",
            lambda roll, tables: answers.clear_jam(roll, tables, d10=d10),
        )

    @check.command(name="officer", description="Rule 11j: is the officer of a unit hit killed?")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def officer_casualty(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq check officer",
            lambda roll, tables: answers.officer_casualty(roll, tables, d10=d10),
        )

    @check.command(name="marksman", description="Rule 12d: is a marksman beside a unit hit killed?")
    @app_commands.describe(
        chance_percent="The marksman's chance of being hit, in percent",
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
            "/sotq check marksman",
            lambda roll, tables: answers.marksman(
                roll, tables, chance_percent=chance_percent, tens_d10=tens_d10, units_d10=units_d10
            ),
        )

    @check.command(name="rocket", description="Rule 11s: a rocket launch")
    @app_commands.describe(
        range_inches="Range in inches", officer_modifier="Officer's modifier", d10=DICE_HELP["d10"]
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
            "/sotq check rocket",
            lambda roll, tables: answers.rocket(
                roll, tables, range_inches=range_inches, officer_modifier=officer_modifier, d10=d10
            ),
        )

    @check.command(name="melee-ends", description="Rule 18 option: does a melee end this turn?")
    @app_commands.describe(
        duration="The melee's duration from Table 5",
        turns_fought="Turns fought so far, this one included",
        d6=DICE_HELP["d6"],
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
            "/sotq check melee-ends",
            lambda roll, tables: answers.melee_ends(
                roll, tables, duration=duration, turns_fought=turns_fought, d6=d6
            ),
        )

    @check.command(name="building-fire", description="Rule 9l: set a building alight or put it out")
    @app_commands.describe(
        building="Kind of building",
        action="Start a fire, or put out an inch of it",
        engineers="Engineers doing it",
        d10=DICE_HELP["d10"],
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
            "/sotq check building-fire",
            lambda roll, tables: answers.building_fire(
                roll, tables, building=building, action=action, engineers=engineers, d10=d10
            ),
        )

    @check.command(name="engineering", description="Rule 16: an engineering attempt")
    @app_commands.describe(
        previous_turns="Turns already spent on the work without a break",
        engineers="Specialist engineers",
        d10=DICE_HELP["d10"],
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
            "/sotq check engineering",
            lambda roll, tables: answers.engineering(
                roll, tables, previous_turns=previous_turns, engineers=engineers, d10=d10
            ),
        )

    @check.command(name="terrain", description="Army lists: a region's set and diced terrain")
    @app_commands.describe(region="The region", d6=DICE_HELP["d6"])
    @app_commands.choices(region=C.REGIONS)
    async def terrain(self, interaction: Interaction, region: str, d6: D6 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq check terrain",
            lambda roll, tables: answers.terrain(roll, tables, region=region, d6=d6),
        )

    # -- transport --------------------------------------------------------------------------------

    @transport.command(name="current", description="A river's current (balloons drift alike)")
    @app_commands.describe(plus_die=DICE_HELP["plus_die"], minus_die=DICE_HELP["minus_die"])
    async def current(
        self,
        interaction: Interaction,
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq transport current",
            lambda roll, tables: answers.current(
                roll, tables, plus_die=plus_die, minus_die=minus_die
            ),
        )

    @transport.command(name="grounding", description="Does a boat that strikes land run aground?")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def grounding(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq transport grounding",
            lambda roll, tables: answers.grounding(roll, tables, d10=d10),
        )

    @transport.command(name="refloat", description="Does a grounded boat float off?")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def refloat(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq transport refloat",
            lambda roll, tables: answers.refloat(roll, tables, d10=d10),
        )

    @transport.command(name="embark", description="Does a unit (not foot) get aboard or off?")
    @app_commands.describe(previous_attempts="Earlier attempts", d10=DICE_HELP["d10"])
    async def embark(
        self,
        interaction: Interaction,
        previous_attempts: Range[int, 0, 20] = 0,
        d10: D10 | None = None,
    ) -> None:
        await self.answer(
            interaction,
            "/sotq transport embark",
            lambda roll, tables: answers.embark(
                roll, tables, previous_attempts=previous_attempts, d10=d10
            ),
        )

    @transport.command(name="balloon-launch", description="Does a balloon go up or come down?")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def balloon_launch(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq transport balloon-launch",
            lambda roll, tables: answers.balloon_launch(roll, tables, d10=d10),
        )

    @transport.command(name="balloon-fire", description="A balloon fired on")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def balloon_fire(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq transport balloon-fire",
            lambda roll, tables: answers.balloon_fire(roll, tables, d10=d10),
        )

    @transport.command(name="train-stop", description="A train stopped dead: does it derail?")
    @app_commands.describe(d10=DICE_HELP["d10"])
    async def train_stop(self, interaction: Interaction, d10: D10 | None = None) -> None:
        await self.answer(
            interaction,
            "/sotq transport train-stop",
            lambda roll, tables: answers.train_stop(roll, tables, d10=d10),
        )

    # -- points ---------------------------------------------------------------------------------

    @points.command(name="unit", description="Points a figure and a unit are worth")
    @app_commands.describe(
        morale="Morale number",
        reaction_class="Reaction class",
        fire_class="Fire class",
        traits="Troop traits, comma-separated (autocomplete)",
        arms="Weapons, comma-separated (autocomplete)",
        cover="Cover the unit brings",
        cover_inches="Inches of that cover",
        figures="Figures in the unit",
    )
    @app_commands.choices(
        reaction_class=C.REACTION_CLASSES, fire_class=C.FIRE_CLASSES, cover=C.COVER
    )
    @app_commands.autocomplete(traits=_traits, arms=_arms)
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
            "/sotq points unit",
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
    @app_commands.describe(cover="Soft or hard cover", perimeter_inches="Perimeter in inches")
    @app_commands.choices(cover=C.COVER)
    async def points_works(
        self, interaction: Interaction, cover: str, perimeter_inches: Range[float, 0.0, 1000.0]
    ) -> None:
        await self.answer(
            interaction,
            "/sotq points works",
            lambda roll, tables: answers.points_works(
                roll, tables, cover=cover, perimeter_inches=perimeter_inches
            ),
        )

    @points.command(name="defender", description="The defender's points in an attack game")
    @app_commands.describe(attacker_points="The attacker's points")
    async def points_defender(
        self, interaction: Interaction, attacker_points: Range[float, 0.0, 100000.0]
    ) -> None:
        await self.answer(
            interaction,
            "/sotq points defender",
            lambda roll, tables: answers.points_defender(
                roll, tables, attacker_points=attacker_points
            ),
        )


async def setup(bot: LaagerBot) -> None:
    await bot.add_cog(SotqCog(bot))
