"""``/roster``: the referee's units in this channel, tested with their own factors.

Fire and melee remove casualties in one step and say which tests the losses call for;
pinning, morale and officer tests set the unit's state, and ``next-turn`` moves the clock.
Only the referee changes the roster; anyone may look at it.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.play import workers
from bot.posting.alt_text import alt_of
from bot.posting.announce import COLOUR, clip
from bot.posting.interactions import place_of
from bot.posting.text_fit import fit
from bot.systems.referee import autocomplete as complete
from bot.systems.referee import choices as C
from bot.systems.referee.answers import Answer, answer_embed, parse_choice, parse_choices
from bot.systems.referee.base import Interaction, RefereeCog
from bot.systems.referee.dice import Roller
from bot.systems.referee.sotq_answers import reaction_uses
from games.referee import roster as R
from games.referee.roster import CasualtyReport, Hint, Roster, RosterError
from games.tables import Tables, sotq
from renderers.roster import roster_pages

if TYPE_CHECKING:
    from bot.posting.host import Host

D10 = Range[int, 0, 10]
AVERAGE = Range[int, 2, 5]
NAME = Range[str, 1, 40]
ENTRY = Range[str, 1, 100]
FORMATIONS = [Choice(name=name, value=key) for key, name in R.FORMATIONS.items()]
COVERS = [Choice(name=name, value=key) for key, name in R.COVERS.items()]
OFFICER_USE = [
    Choice(name="add his modifier", value="add"),
    Choice(name="subtract his modifier", value="subtract"),
    Choice(name="leave it out", value="none"),
]


@dataclass(frozen=True)
class Change:
    """A roster order's outcome: the new roster, the lookup it made, and what to say."""

    roster: Roster
    title: str
    answer: Answer | None = None
    lines: tuple[str, ...] = ()


def command(hint: Hint) -> str:
    """The roster command that gives the order a hint names."""
    unit = f" unit:{hint.unit}" if hint.unit else ""
    return f"`/roster {hint.order}{unit}`"


def casualty_lines(report: CasualtyReport) -> list[str]:
    """A loss in words: the unit's percentage this turn, then each test it calls for."""
    head = (
        f"**{report.unit}** loses {report.lost} figure{'s' if report.lost != 1 else ''}: "
        f"{report.figures_left} left, {report.lost_this_turn} lost this turn = {report.percent}% "
        "of its strength at the start of the turn."
    )
    calls = [
        f"{call.text}: {command(call.hint)}" if call.hint else call.text for call in report.calls
    ]
    return [head, *(f"- {call}" for call in calls)]


def report_lines(reports: Sequence[CasualtyReport]) -> tuple[str, ...]:
    return tuple(line for report in reports for line in casualty_lines(report))


def _weapon(typed: str | None) -> str | None:
    """A weapon offered by autocomplete, checked (it may have been typed instead)."""
    return None if typed is None else parse_choice(typed, C.WEAPONS, "weapon")


class RosterCog(RefereeCog):
    """The channel's unit roster."""

    roster = app_commands.Group(name="roster", description="The referee's units in this channel")

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee roster")

    # -- plumbing ------------------------------------------------------------------------------

    async def _load(self, interaction: Interaction) -> tuple[int, Roster]:
        document = await self.bot.referee.roster(place_of(interaction).channel_id)
        if document is None:
            return 0, Roster()
        return document.version, Roster.from_json(document.state)

    async def _change(
        self,
        interaction: Interaction,
        what: str,
        order: Callable[[Roster, Tables, Roller], Change],
    ) -> None:
        """Run an order on the stored roster and store the result, or refuse having stored
        nothing; bot-rolled dice go to the channel's roll log."""
        place = place_of(interaction)
        await self.require_referee(interaction, what)
        version, roster = await self._load(interaction)
        tables = await self.tables(interaction)
        roller = Roller(self.dice)
        try:
            change = order(roster, tables, roller)
        except RosterError as error:
            if error.hint is None:
                raise
            raise RosterError(f"{error.message} Use {command(error.hint)}.") from error
        await self.bot.referee.save_roster(
            place.channel_id, place.guild_id, change.roster.to_json(), version
        )
        if roller.rolled and change.answer is not None:
            await self.bot.store.record_roll(
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                user_id=interaction.user.id,
                expression=f"/roster {change.title}",
                result_text=fit(change.answer.result.explain(), 1000),
                total=int(change.answer.result.total or 0),
            )
        await interaction.response.send_message(embed=self._embed(change, roller, tables))

    @staticmethod
    def _embed(change: Change, roller: Roller, tables: Tables) -> discord.Embed:
        if change.answer is None:
            return discord.Embed(
                title=change.title, description=clip("\n".join(change.lines)), colour=COLOUR
            )
        answer = change.answer
        if change.lines:
            extra = (*answer.extra, ("Roster", clip("\n".join(change.lines), 1024)))
            answer = Answer(answer.title, answer.result, answer.notes, extra)
        return answer_embed(answer, roller.rolled, tables)

    async def _units(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        document = await self.bot.referee.roster(interaction.channel_id or 0)
        if document is None:
            return []
        roster = Roster.from_json(document.state)
        needle = current.lower()
        return [
            Choice(name=fit(f"{u.name} ({u.figures} figures)", 100), value=u.name)
            for u in roster.units
            if needle in u.name.lower()
        ][:25]

    # -- building the roster ------------------------------------------------------------------

    @roster.command(name="add", description="Add a unit with its characteristics")
    @app_commands.describe(
        name="A short name, unique on the roster",
        figures="Officers do not count",
        troop_type="The Table 4 row",
        fire_class="0 or i-iv",
        reaction_class="A, B or C",
        morale="The morale number",
        officer="His modifier; leave out if the unit has none",
        formation="Close order unless given",
        cover="None unless given",
        weapon="The weapon it fires",
        melee_weapon="The weapon it fights with",
    )
    @app_commands.choices(
        fire_class=C.FIRE_CLASSES,
        reaction_class=C.REACTION_CLASSES,
        formation=FORMATIONS,
        cover=COVERS,
        melee_weapon=C.MELEE_WEAPONS,
    )
    @app_commands.autocomplete(troop_type=complete.troop_types, weapon=complete.weapons)
    async def add(
        self,
        interaction: Interaction,
        name: NAME,
        figures: Range[int, 1, 500],
        troop_type: ENTRY,
        fire_class: str,
        reaction_class: str,
        morale: Range[int, 1, 15],
        officer: Range[int, -5, 5] | None = None,
        formation: str = "close",
        cover: str = "none",
        weapon: ENTRY | None = None,
        melee_weapon: str | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            unit = R.new_unit(
                tables,
                name=name,
                figures=figures,
                troop_type=parse_choice(troop_type, C.TROOP_TYPES, "troop type"),
                fire_class=fire_class,
                reaction_class=reaction_class,
                morale=morale,
                officer=officer,
                formation=formation,
                cover=cover,
                weapon=_weapon(weapon),
                melee_weapon=melee_weapon,
            )
            roster = R.add_unit(roster, unit)
            row = R.roster_rows(roster, tables)[-1]
            return Change(roster, f"Added {unit.name}", lines=(f"{row.strength} · {row.details}",))

        await self._change(interaction, "add units", order)

    @roster.command(name="edit", description="Change a unit's characteristics or state")
    @app_commands.describe(
        unit="A unit on the roster",
        figures="Figures now",
        officer="His new modifier",
        no_officer="The unit has lost its officer",
        formation="Its new formation",
        cover="Its new cover",
        weapon="The weapon it fires",
        melee_weapon="The weapon it fights with",
        morale="Its new morale number",
        pinned="This turn",
        disordered="True or false",
        impetuous="True or false",
        routing="True or false",
    )
    @app_commands.choices(formation=FORMATIONS, cover=COVERS, melee_weapon=C.MELEE_WEAPONS)
    @app_commands.autocomplete(unit=_units, weapon=complete.weapons)
    async def edit(
        self,
        interaction: Interaction,
        unit: NAME,
        figures: Range[int, 0, 500] | None = None,
        officer: Range[int, -5, 5] | None = None,
        no_officer: bool = False,
        formation: str | None = None,
        cover: str | None = None,
        weapon: ENTRY | None = None,
        melee_weapon: str | None = None,
        morale: Range[int, 1, 15] | None = None,
        pinned: bool | None = None,
        disordered: bool | None = None,
        impetuous: bool | None = None,
        routing: bool | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            roster = R.edit_unit(
                roster,
                unit,
                tables,
                figures=figures,
                officer=officer,
                no_officer=no_officer,
                formation=formation,
                cover=cover,
                weapon=_weapon(weapon),
                melee_weapon=melee_weapon,
                morale=morale,
                pinned=pinned,
                disordered=disordered,
                impetuous=impetuous,
                routing=routing,
            )
            edited = roster.unit(unit)
            row = next(r for r in R.roster_rows(roster, tables) if r.name == edited.name)
            states = ", ".join(row.states) or "steady"
            return Change(roster, f"{edited.name} changed", lines=(row.details, states))

        await self._change(interaction, "edit units", order)

    @roster.command(name="remove", description="Take a unit off the roster")
    @app_commands.describe(unit="A unit on the roster")
    @app_commands.autocomplete(unit=_units)
    async def remove(self, interaction: Interaction, unit: NAME) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            name = roster.unit(unit).name
            return Change(R.remove_unit(roster, unit), f"{name} removed")

        await self._change(interaction, "remove units", order)

    @roster.command(name="clear", description="Remove every unit and start again at turn 1")
    async def clear(self, interaction: Interaction) -> None:
        await self._change(
            interaction,
            "clear the roster",
            lambda roster, tables, roll: Change(Roster(), "Roster cleared"),
        )

    # -- casualties ----------------------------------------------------------------------------

    @roster.command(name="casualties", description="Remove figures; see the tests they call for")
    @app_commands.describe(
        unit="A unit on the roster",
        figures="Lost, e.g. from a /sotq-fire or /qref answer",
        cause="Fire losses call for pinning and morale tests; melee losses do not",
    )
    @app_commands.autocomplete(unit=_units)
    async def casualties(
        self,
        interaction: Interaction,
        unit: NAME,
        figures: Range[int, 1, 500],
        cause: Literal["fire", "melee", "other"] = "fire",
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            roster, report = R.take_casualties(roster, unit, figures, tables, fire=cause == "fire")
            return Change(roster, f"Casualties: {report.unit}", lines=report_lines([report]))

        await self._change(interaction, "record casualties", order)

    @roster.command(name="fire", description="One unit fires at another; casualties are removed")
    @app_commands.describe(
        shooter="The unit firing",
        target="The unit fired at",
        weapon="Default: the shooter's own",
        range_inches="Or give range_band",
        range_band="E.g. from a reaction on Table 1 column 2",
        factors="Further ones, comma-separated (the target's order and cover count)",
        figures="Firing (default: all)",
        repeater="Repeating weapons",
        quick_firing="A quick-firing gun",
        counts_as="How many figures each firer counts as",
        half_effect="The firers moved",
        into_melee="Fire into a melee",
        fraction_d10="Your D10 for the casualty points left over",
    )
    @app_commands.choices(range_band=C.RANGE_BANDS, counts_as=C.MULTIPLIERS)
    @app_commands.autocomplete(
        shooter=_units, target=_units, weapon=complete.weapons, factors=complete.fire_factors
    )
    async def fire(
        self,
        interaction: Interaction,
        shooter: NAME,
        target: NAME,
        weapon: ENTRY | None = None,
        range_inches: Range[float, 0.0, 1000.0] | None = None,
        range_band: str | None = None,
        factors: str | None = None,
        figures: Range[int, 1, 500] | None = None,
        repeater: bool = False,
        quick_firing: bool = False,
        counts_as: str = "figures",
        half_effect: bool = False,
        into_melee: bool = False,
        fraction_d10: D10 | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            roster, result, report = R.fire(
                roster,
                shooter,
                target,
                tables,
                die=lambda purpose: roll.d10(fraction_d10, purpose),
                weapon=_weapon(weapon),
                figures=figures,
                factors=parse_choices(factors, sotq.fire_factors(tables), "fire factor"),
                range_inches=range_inches,
                range_band=range_band,
                repeater=repeater,
                quick_firing=quick_firing,
                multiplier=counts_as,
                half_effect=half_effect,
                into_melee=into_melee,
            )
            title = f"{roster.unit(shooter).name} fires at {report.unit}"
            answer = Answer(
                title, result, (f"{result.fires}; half-effect move {result.half_effect_move}",)
            )
            return Change(roster, "fire", answer, report_lines([report]))

        await self._change(interaction, "resolve fire", order)

    @roster.command(name="melee", description="Fight a charge out on Table 5; both sides' losses")
    @app_commands.describe(
        attacker="The charging unit",
        defender="The unit charged",
        attacker_factors="Attacker's further Table 5 factors, comma-separated",
        defender_factors="Defender's further Table 5 factors, comma-separated",
        attacker_weapon="Attacker's melee weapon (default: its own)",
        defender_weapon="Defender's melee weapon (default: its own)",
        figures="Figures the smaller side has in contact (default: the smaller unit)",
        attacker_d10="Your D10 for the attacker's left-over casualty points",
        defender_d10="Your D10 for the defender's left-over casualty points",
    )
    @app_commands.choices(attacker_weapon=C.MELEE_WEAPONS, defender_weapon=C.MELEE_WEAPONS)
    @app_commands.autocomplete(
        attacker=_units,
        defender=_units,
        attacker_factors=complete.melee_factors,
        defender_factors=complete.melee_factors,
    )
    async def melee(
        self,
        interaction: Interaction,
        attacker: NAME,
        defender: NAME,
        attacker_factors: str | None = None,
        defender_factors: str | None = None,
        attacker_weapon: str | None = None,
        defender_weapon: str | None = None,
        figures: Range[int, 1, 500] | None = None,
        attacker_d10: D10 | None = None,
        defender_d10: D10 | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            known = {**sotq.melee_factors(False, tables), **sotq.melee_factors(True, tables)}
            names = (roster.unit(attacker).name, roster.unit(defender).name)
            given = {names[0]: attacker_d10, names[1]: defender_d10}

            def die(purpose: str) -> int:
                owner = next(n for n in names if purpose == f"{n} casualties")
                return roll.d10(given[owner], purpose)

            roster, result, reports = R.melee(
                roster,
                attacker,
                defender,
                tables,
                die=die,
                attacker_factors=parse_choices(attacker_factors, known, "melee factor"),
                defender_factors=parse_choices(defender_factors, known, "melee factor"),
                attacker_weapon=attacker_weapon,
                defender_weapon=defender_weapon,
                figures=figures,
            )
            answer = Answer(f"Melee: {names[0]} charge {names[1]}", result)
            return Change(roster, "melee", answer, report_lines(reports))

        await self._change(interaction, "resolve melee", order)

    # -- tests ---------------------------------------------------------------------------------

    @roster.command(name="react", description="Table 1 with the unit's class, officer and impetus")
    @app_commands.describe(
        unit="The unit reacting",
        column="What it reacts to",
        officer="How its officer applies his modifier",
        d10="Your D10; leave out and the bot rolls",
    )
    @app_commands.choices(column=C.REACTION_COLUMNS, officer=OFFICER_USE)
    @app_commands.autocomplete(unit=_units)
    async def react(
        self,
        interaction: Interaction,
        unit: NAME,
        column: str,
        officer: str = "add",
        d10: D10 | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            result = R.reaction_test(
                roster, unit, column, roll.d10(d10, "reaction"), tables, officer=officer
            )
            answer = Answer(
                f"Reaction: {roster.unit(unit).name}", result, reaction_uses(column, tables)
            )
            return Change(roster, "reaction", answer)

        await self._change(interaction, "test reactions", order)

    @roster.command(name="pinning", description="Rule 11k on the unit's losses this turn")
    @app_commands.describe(
        unit="A unit on the roster",
        pipers="Pipers with the unit",
        d10="Your D10; leave out and the bot rolls",
    )
    @app_commands.autocomplete(unit=_units)
    async def pinning(
        self,
        interaction: Interaction,
        unit: NAME,
        pipers: Range[int, 0, 5] = 0,
        d10: D10 | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            roster, result = R.pinning_test(
                roster, unit, roll.d10(d10, "pinning"), tables, pipers=pipers
            )
            name = roster.unit(unit).name
            note = (
                f"{name} may not advance this turn nor fire next turn (rule 11k)."
                if result.pinned
                else f"{name} carries on."
            )
            return Change(roster, "pinning", Answer(f"Pinning: {name}", result, (note,)))

        await self._change(interaction, "test pinning", order)

    @roster.command(name="morale", description="Table 3 with the unit's own factors")
    @app_commands.describe(
        unit="A unit on the roster",
        factors="Situation factors, comma-separated (its own state, cover and losses count)",
        pipers="Pipers with the unit",
        plus_die="Your plus average die; leave out and the bot rolls",
        minus_die="Your minus average die; leave out and the bot rolls",
    )
    @app_commands.autocomplete(unit=_units, factors=complete.morale_factors)
    async def morale(
        self,
        interaction: Interaction,
        unit: NAME,
        factors: str | None = None,
        pipers: Range[int, 0, 5] = 0,
        plus_die: AVERAGE | None = None,
        minus_die: AVERAGE | None = None,
    ) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            chosen = parse_choices(
                factors, sotq.morale_factors(tables), "morale factor", repeats=True
            )
            roster, result = R.morale_test(
                roster,
                unit,
                roll.average(plus_die, "morale (plus die)"),
                roll.average(minus_die, "morale (minus die)"),
                tables,
                factors=chosen,
                pipers=pipers,
            )
            tested = roster.unit(unit)
            notes = (result.meaning, f"Melee score kept for this turn: {result.melee_score}.")
            states = ", ".join(R.unit_states(roster, tested)) or "steady"
            answer = Answer(f"Morale: {tested.name}", result, notes)
            return Change(roster, "morale", answer, (f"{tested.name} is now: {states}.",))

        await self._change(interaction, "test morale", order)

    @roster.command(name="officer", description="Rule 11j: is the unit's officer killed?")
    @app_commands.describe(unit="A unit on the roster", d10="Your D10; leave out and the bot rolls")
    @app_commands.autocomplete(unit=_units)
    async def officer(self, interaction: Interaction, unit: NAME, d10: D10 | None = None) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            roster, result = R.officer_test(roster, unit, roll.d10(d10, "officer casualty"), tables)
            name = roster.unit(unit).name
            note = (
                f"{name} has lost its officer: -1 at morale this turn and next."
                if result.happened
                else "The officer survives."
            )
            return Change(roster, "officer", Answer(f"Officer of {name}", result, (note,)))

        await self._change(interaction, "test officers", order)

    @roster.command(name="next-turn", description="Start the next turn: losses reset, states lapse")
    async def next_turn(self, interaction: Interaction) -> None:
        def order(roster: Roster, tables: Tables, roll: Roller) -> Change:
            roster, notes = R.next_turn(roster)
            return Change(roster, f"Turn {roster.turn}", lines=tuple(notes) or ("All steady.",))

        await self._change(interaction, "start the next turn", order)

    # -- looking -------------------------------------------------------------------------------

    @roster.command(name="show", description="The roster as a picture, with each unit's state")
    async def show(self, interaction: Interaction) -> None:
        _, roster = await self._load(interaction)
        tables = await self.tables(interaction)
        rows = R.roster_rows(roster, tables)
        title = f"Roster · turn {roster.turn}"
        pages = await workers.draw(roster_pages, title, rows)
        lines = [
            f"**{row.name}**: {row.strength}"
            + (f", {row.losses}" if row.losses else "")
            + (f" · {', '.join(row.states)}" if row.states else "")
            for row in rows
        ]
        embed = discord.Embed(
            title=title, description=clip("\n".join(lines)) or "No units yet.", colour=COLOUR
        )
        names = ["roster.png"] + [f"roster-{n}.png" for n in range(2, len(pages) + 1)]
        embed.set_image(url="attachment://roster.png")
        told = "; ".join(lines) or "No units yet."
        files = [
            discord.File(
                io.BytesIO(png),
                filename=name,
                description=alt_of(f"{title}, page {page}: {told}"),
            )
            for page, (png, name) in enumerate(zip(pages, names, strict=True), start=1)
        ]
        await interaction.response.send_message(embed=embed, files=files)


async def setup(bot: Host) -> None:
    await bot.add_cog(RosterCog(bot))
