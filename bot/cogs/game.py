"""``/game``: the commands every game system shares (start, seats, status, log, verify)."""

from __future__ import annotations

import io
import json
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.cogs.common import LEVEL_CHOICES, LEVEL_HELP, LaagerCog
from bot.cogs.seeking import answer_seekers
from bot.play import agreements, errors
from bot.play.service import MAX_CONTRIBUTION, Update, export_text, fingerprint, hidden_lines
from bot.play.simulations import simulate
from bot.posting import substitutes, undo_buttons
from bot.posting.agreement_buttons import post_request
from bot.posting.announce import (
    COLOUR,
    clip,
    pings_for,
    post_update,
    render,
    send_private,
    turn_line,
)
from bot.posting.interactions import (
    Interaction,
    act_as_seen,
    actor_of,
    place_of,
    shown_to,
    thinking_first,
    within_budget,
)
from bot.posting.order_panel import panel_message
from bot.posting.recap import page_name
from bot.posting.recap_post import page_file, replay_of
from bot.posting.teaching import help_embed, rules_embed, topic_names
from bot.posting.text_fit import DESCRIPTION, fields_of
from bot.storage.records import GameRecord
from games.core.engine import GameSystem, Viewer, readable_by
from games.core.errors import LaagerError
from games.core.levels import LEVELS, level_of
from games.core.odds import Estimate, check_policy, run_chunk, view_seed
from games.core.replay import ReplayReport
from games.core.text import shorten

if TYPE_CHECKING:
    from bot.posting.host import Host
    from bot.posting.pairing import Pairing

log = logging.getLogger(__name__)


ODDS_GAMES = 200
MIN_ODDS_GAMES = 10
MAX_ODDS_GAMES = 5000
ODDS_CHUNK = 5
"""Games a worker plays at a time for ``/game odds``: few, so a worker is soon free again for
the commands and the estimate soon hears that the game moved on (five zone games from the
start took 0.2 to 0.5 s)."""


class GameCog(LaagerCog):
    """Commands shared by every game system."""

    game = app_commands.Group(name="game", description="Start, join and follow a game here")

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.simulating: set[int] = set()
        """Channels with odds being worked out now: one estimate per channel at a time."""

    # -- autocomplete ---------------------------------------------------------

    async def _systems(self, interaction: Interaction, current: str) -> list[app_commands.Choice]:
        return [
            app_commands.Choice(name=s.title, value=s.id)
            for s in self.bot.registry
            if current.lower() in (s.id + s.title).lower()
        ][:25]

    def _chosen_system(self, interaction: Interaction) -> GameSystem | None:
        try:
            return self.bot.registry.get(interaction.namespace.system)
        except LaagerError:
            return None

    async def _scenarios(self, interaction: Interaction, current: str) -> list[app_commands.Choice]:
        system = self._chosen_system(interaction)
        if system is None:
            return []
        return [
            app_commands.Choice(name=s.title, value=s.id)
            for s in system.scenarios.values()
            if current.lower() in (s.id + s.title).lower()
        ][:25]

    async def _modes(self, interaction: Interaction, current: str) -> list[app_commands.Choice]:
        system = self._chosen_system(interaction)
        if system is None:
            return []
        return [
            app_commands.Choice(name=m.title, value=m.id)
            for m in system.modes.values()
            if current.lower() in (m.id + m.title).lower()
        ][:25]

    async def _sides(self, interaction: Interaction, current: str) -> list[app_commands.Choice]:
        system = self._chosen_system(interaction)
        if system is None:
            return []
        return [
            app_commands.Choice(name=side, value=side)
            for side in system.sides
            if current.lower() in side.lower()
        ]

    async def _free_sides(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice]:
        try:
            _, system, seats = await self.bot.service.current(place_of(interaction))
        except LaagerError:
            return []
        held = {s.side for s in seats if s.user_id or s.is_bot}
        return [
            app_commands.Choice(name=side, value=side)
            for side in system.sides
            if side not in held and current.lower() in side.lower()
        ]

    # -- commands -------------------------------------------------------------

    @game.command(name="new", description="Start a game in this channel")
    @app_commands.describe(
        system="Which game",
        scenario="Scenario (default: the first)",
        mode="Who plays whom",
        side="The side you take",
        deadline_hours="Hours each turn may take before the bot plays it (1-720; none if left out)",
        level=LEVEL_HELP,
    )
    @app_commands.autocomplete(system=_systems, scenario=_scenarios, mode=_modes, side=_sides)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def new(
        self,
        interaction: Interaction,
        system: str,
        scenario: str | None = None,
        mode: str | None = None,
        side: str | None = None,
        deadline_hours: app_commands.Range[int, 1, 720] | None = None,
        level: str | None = None,
    ) -> None:
        async def start() -> Update:
            actor = await actor_of(interaction)
            return await self.bot.service.new_game(
                place_of(interaction),
                actor,
                system,
                scenario,
                mode,
                side,
                deadline_hours=deadline_hours,
                level=level,
            )

        update = await thinking_first(interaction, start)
        await post_update(interaction, update)
        await answer_seekers(self.bot, interaction, update)

    @game.command(name="join", description="Take a free side in this channel's game")
    @app_commands.describe(
        side="The side to take (default: the first free one)",
        entropy="Any words or number of yours; every die from now on depends on it",
    )
    @app_commands.autocomplete(side=_free_sides)
    async def join(
        self,
        interaction: Interaction,
        side: str | None = None,
        entropy: app_commands.Range[str, 1, MAX_CONTRIBUTION] | None = None,
    ) -> None:
        async def sit() -> Update:
            actor = await actor_of(interaction)
            return await self.bot.service.join(place_of(interaction), actor, side, entropy)

        update = await thinking_first(interaction, sit)
        how = self.bot.pairings[update.system.id].command_for
        lines = [*update.lines, turn_line(update, how)] if update.handed_to else update.lines
        await interaction.followup.send(
            "\n".join(lines), allowed_mentions=await pings_for(self.bot, update)
        )
        await send_private(interaction, update)

    @game.command(
        name="entropy", description="Add a value of yours to the dice (players in this game)"
    )
    @app_commands.describe(
        value="Any words or number of yours; every die from now on depends on it"
    )
    async def entropy(
        self, interaction: Interaction, value: app_commands.Range[str, 1, MAX_CONTRIBUTION]
    ) -> None:
        async def add() -> Update:
            actor = await actor_of(interaction)
            return await self.bot.service.add_entropy(place_of(interaction), actor, value)

        update = await thinking_first(interaction, add)
        await interaction.followup.send("\n".join(update.lines))

    @game.command(name="leave", description="Give up your seat; someone else may take it")
    async def leave(self, interaction: Interaction) -> None:
        async def stand_up() -> Update:
            return await self.bot.service.leave(place_of(interaction), await actor_of(interaction))

        update = await thinking_first(interaction, stand_up)
        await interaction.followup.send("\n".join(update.lines))

    async def _my_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice]:
        try:
            found = await self.bot.service.orders(place_of(interaction), interaction.user.id)
        except LaagerError:
            return []
        return [
            app_commands.Choice(name=shorten(o.label, 100), value=o.key)
            for o in found
            if current.lower() in (o.key + o.label).lower()
        ][:25]

    @game.command(name="order", description="Give one of your current orders by name")
    @app_commands.describe(choice="One of the orders open to you now")
    @app_commands.autocomplete(choice=_my_choices)
    async def order(self, interaction: Interaction, choice: str) -> None:
        async def give() -> Update:
            actor = await actor_of(interaction)
            return await act_as_seen(interaction, actor, key=choice)

        update = await within_budget(interaction, give())
        await post_update(interaction, update, order=True)

    @game.command(
        name="status", description="The position, your hidden information and your choices"
    )
    async def status(self, interaction: Interaction) -> None:
        game, system, seats = await thinking_first(
            interaction, lambda: self.bot.service.current(place_of(interaction)), ephemeral=True
        )
        public = system.view(game.state, Viewer.public())
        embed = discord.Embed(
            title=f"{system.title} · game {game.id}",
            description=clip("\n".join(public.lines)),
            colour=COLOUR,
        )
        stood_in = await self.bot.store.stood_in(game.id)
        bot = f"the bot, {LEVELS[level_of(game.options or {})]}"
        seat_lines = [
            f"{s.side}: "
            + (bot if s.is_bot else f"<@{s.user_id}>" if s.user_id else "free")
            + (" (the bot stood in when the deadline ran out)" if s.side in stood_in else "")
            for s in seats
        ]
        embed.add_field(name="Seats", value="\n".join(seat_lines) or "-", inline=False)
        if await self.bot.store.deadline(game.id) is not None:
            said = await deadline_line(self.bot, game.id)
            embed.add_field(name="Turn deadline", value=said, inline=False)
        mine = [s.side for s in seats if s.user_id == interaction.user.id]
        for side in mine:
            extra = hidden_lines(system, game.state, side)
            if extra:
                for name, value in fields_of(f"Only you see ({side})", "\n".join(extra)):
                    embed.add_field(name=name, value=value, inline=False)
        waiting = system.to_act(game.state)
        embed.add_field(name="Waiting for", value=", ".join(waiting) or "nobody", inline=False)
        kwargs: dict = {"embed": embed, "ephemeral": True}
        await shown_to(interaction, game, fingerprint(game))
        if mine:
            update = Update(game, system, [s for s in seats if s.side in mine])
            if (panel := panel_message(interaction, update)["view"]) is not None:
                kwargs["view"] = panel
        await interaction.followup.send(**kwargs)

    @game.command(name="odds", description="Estimate each outcome from here, bots playing on")
    @app_commands.describe(games=f"How many games to simulate (default {ODDS_GAMES})")
    async def odds(
        self,
        interaction: Interaction,
        games: app_commands.Range[int, MIN_ODDS_GAMES, MAX_ODDS_GAMES] = ODDS_GAMES,
    ) -> None:
        place = place_of(interaction)
        game, system, seats = await self.bot.service.current(place)
        check_policy(system)
        if system.result(game.state):
            raise errors.GameFinished("This game is over, so there are no odds left to estimate.")
        if place.channel_id in self.simulating:
            raise errors.ChannelBusy(
                "Odds are already being worked out in this channel; wait for that answer, "
                "then ask again."
            )
        mine = [s.side for s in seats if s.user_id == interaction.user.id]
        viewer = Viewer.of_side(mine[0]) if mine else Viewer.public()
        self.simulating.add(place.channel_id)
        try:
            await self._simulate(interaction, game, system, viewer, games)
        finally:
            self.simulating.discard(place.channel_id)

    async def _simulate(
        self, interaction: Interaction, game: Any, system: GameSystem, viewer: Viewer, games: int
    ) -> None:
        """Play the games in the workers, editing the answer as chunks come in, and give up if
        the game moves on meanwhile. A player holding secrets gets the answer alone: his odds
        are drawn from what only he knows."""
        secret = any(readable_by(s, viewer) for s in system.secrets(game.state))
        heading = f"Simulating {games} games of {system.title} from here"
        await interaction.response.send_message(f"{heading}: 0%…", ephemeral=secret)
        message = await interaction.original_response()
        shown = {"at": 0}

        async def progress(done: int) -> None:
            percent = 100 * done // games
            if percent - shown["at"] >= 10 and percent < 100:
                shown["at"] = percent
                await message.edit(content=f"{heading}: {percent}% ({done} games)…")

        base = view_seed(system, game.state, viewer)
        found = await simulate(
            run_chunk,
            (system, game.state, viewer, base),
            games,
            ODDS_CHUNK,
            progress,
            lambda: self._moved_on(interaction, game),
        )
        result = None if found is None else Estimate(games, dict(found))
        if result is None:
            await message.edit(
                content="The game moved on before the estimate was finished, so it was "
                "stopped: odds from a position that is gone would mislead. Ask again with "
                "`/game odds`."
            )
            return
        embed = discord.Embed(
            title=f"Odds from here · game {game.id}",
            description="\n".join(result.lines()),
            colour=COLOUR,
        )
        known = (
            f"what {viewer.side} knows, every value hidden from {viewer.side} drawn afresh"
            if viewer.side
            else "what the channel sees, every hidden value drawn afresh"
        )
        embed.set_footer(
            text=f"Sample: {result.games} games played to the end by the strong bot on every side, "
            f"each from {known}. Ranges are 95% Wilson intervals."
        )
        await message.edit(content=None, embed=embed)

    async def _moved_on(self, interaction: Interaction, game: Any) -> bool:
        """Whether the position differs now; a seat taken or entropy added leaves it be."""
        try:
            now, _, _ = await self.bot.service.current(place_of(interaction))
        except LaagerError:
            return True
        return now.id != game.id or now.state != game.state

    @game.command(name="map", description="Post the current map")
    @app_commands.describe(
        zoom="Centre a close-up on this location (where the game supports it)",
        whole="Show the whole map, not only the area of the action",
    )
    async def map(
        self,
        interaction: Interaction,
        zoom: app_commands.Range[str, 1, 20] | None = None,
        whole: bool = False,
    ) -> None:
        async def look() -> tuple[GameRecord, GameSystem, str | None]:
            game, system, _ = await self.bot.service.current(place_of(interaction))
            pairing = self.bot.pairings[system.id]
            return game, system, None if zoom is None else close_up(pairing, zoom)

        game, system, spot = await thinking_first(interaction, look)
        pairing = self.bot.pairings[system.id]
        view = system.view(game.state, Viewer.public())
        picture = await render(pairing, view, {"zoom": spot, "whole": whole})
        if picture is None:
            await interaction.followup.send(f"{system.title} has no map to show.")
            return
        await interaction.followup.send(f"{system.title} · game {game.id}", file=picture)

    @game.command(name="log", description="The latest entries of this channel's game log")
    @app_commands.describe(count="How many entries (1-50)")
    async def log(
        self, interaction: Interaction, count: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        game, events = await thinking_first(
            interaction, lambda: self.bot.service.log(place_of(interaction), count), ephemeral=True
        )
        lines = [
            f"`#{e.seq}` {format_dt(e.created_at, 'R')} {e.public_text or e.kind}" for e in events
        ]
        shown = latest_that_fit(lines, DESCRIPTION - 200)
        kwargs: dict = {"ephemeral": True}
        description = "\n".join(shown) if lines else "Nothing yet."
        if len(shown) < len(lines):
            name = f"game-{game.id}-log.txt"
            description += (
                f"\n\n{len(shown)} of these {len(lines)} entries fit here (the newest); all "
                f"of them are in the attached {name}."
            ).lstrip()
            whole = "\n".join(
                f"#{e.seq} {e.created_at.isoformat()} {e.public_text or e.kind}" for e in events
            )
            kwargs["file"] = discord.File(io.BytesIO(whole.encode()), filename=name)
        kwargs["embed"] = discord.Embed(
            title=f"Log of game {game.id} ({game.status})", description=description, colour=COLOUR
        )
        await interaction.followup.send(**kwargs)

    @game.command(name="export", description="Download the game as JSON and as a readable log")
    async def export(self, interaction: Interaction) -> None:
        game, data = await thinking_first(
            interaction, lambda: self.bot.service.export(place_of(interaction)), ephemeral=True
        )
        files = [
            discord.File(
                io.BytesIO(json.dumps(data, indent=2).encode()), filename=f"game-{game.id}.json"
            ),
            discord.File(io.BytesIO(export_text(data).encode()), filename=f"game-{game.id}.txt"),
        ]
        page = await replay_of(self.bot, game)
        if page is not None:
            title = f"{self.bot.pairings[game.system].system.title} · game {game.id}"
            files.append(page_file(page, page_name(game), title))
        note = "" if game.status != "active" else " Hidden values appear once the game is over."
        await interaction.followup.send(
            f"Game {game.id}, {game.status}.{note}", files=files, ephemeral=True
        )

    @game.command(
        name="abort", description="End this game unfinished (every player agrees, or a referee)"
    )
    async def abort(self, interaction: Interaction) -> None:
        """At once for a referee or a player seated alone; otherwise a request the other
        players answer with buttons (bot.play.agreements)."""

        async def end() -> Update | agreements.Asked:
            actor = await actor_of(interaction)
            return await agreements.propose(
                self.bot.service, place_of(interaction), actor, agreements.ABORT
            )

        found = await thinking_first(interaction, end)
        if isinstance(found, agreements.Asked):
            await post_request(interaction, found)
            return
        await post_update(interaction, found)

    @game.command(name="undo", description="Ask to take back your last order")
    async def undo(self, interaction: Interaction) -> None:
        await undo_buttons.ask(interaction)

    @game.command(
        name="verify", description="Check the dice: the seed's commitment, then a full replay"
    )
    async def verify(self, interaction: Interaction) -> None:
        game, report = await thinking_first(
            interaction, lambda: self.bot.service.verify(place_of(interaction))
        )
        await interaction.followup.send(verdict(game, report))

    @game.command(name="help", description="How to play the game here now, and the commands")
    async def help(self, interaction: Interaction) -> None:
        """The game in the channel, if there is one with a guide: its phase, the asker's
        orders and what they do; then the commands and the installed games."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        embeds = []
        try:
            game, system, seats = await self.bot.service.current(place_of(interaction))
        except LaagerError:
            pass
        else:
            pairing = self.bot.pairings[system.id]
            if pairing.guide is not None:
                update = Update(game, system, seats)
                found = help_embed(update, pairing.guide, interaction.user.id, pairing.command_for)
                found.colour = COLOUR
                embeds.append(found)
        systems = "\n".join(
            f"`{s.id}` {s.title}: scenarios {', '.join(s.scenarios)}; modes {', '.join(s.modes)}"
            for s in self.bot.registry
        )
        embed = discord.Embed(title="Laager", colour=COLOUR, description=HELP)
        embed.add_field(name="Games", value=systems or "none installed", inline=False)
        await interaction.followup.send(embeds=[*embeds, embed], ephemeral=True)

    async def _topics(self, interaction: Interaction, current: str) -> list[app_commands.Choice]:
        system = self._chosen_system(interaction)
        guide = self.bot.pairings[system.id].guide if system else None
        return [
            app_commands.Choice(name=topic, value=topic)
            for topic in topic_names(guide)
            if current.lower() in topic
        ][:25]

    @game.command(name="rules", description="A short guide to a game: its turn, winning, combat")
    @app_commands.describe(
        topic="sequence, winning, combat, units or map (the sequence of play if left out)",
        system="The game to read about (the game in this channel if left out)",
    )
    @app_commands.autocomplete(topic=_topics, system=_systems)
    async def rules(
        self, interaction: Interaction, topic: str | None = None, system: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if system is None:
            try:
                _game, found, _seats = await self.bot.service.current(place_of(interaction))
            except LaagerError:
                names = ", ".join(f"`{s.id}`" for s in self.bot.registry)
                raise errors.BadInput(
                    f"There is no game in this channel; name one with `system`: {names}."
                ) from None
        else:
            found = self.bot.registry.get(system)
        guide = self.bot.pairings[found.id].guide
        if guide is None:
            raise errors.BadInput(f"{found.title} has no guide here; `/game help` lists commands.")
        embed = rules_embed(found.title, guide, topic and topic.strip().lower())
        embed.colour = COLOUR
        await interaction.followup.send(embed=embed, ephemeral=True)

    @game.command(name="pings", description="Whether the bot pings you when a game waits for you")
    @app_commands.describe(choice="on: a ping when the game is handed to you; off: never")
    @app_commands.choices(
        choice=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def pings(self, interaction: Interaction, choice: str) -> None:
        on = choice == "on"
        await thinking_first(
            interaction, lambda: self.bot.store.set_pings(interaction.user.id, on), ephemeral=True
        )
        said = (
            "You will be pinged when a game is handed to you, and games you follow "
            "(`/game watch`) send their news by DM."
            if on
            else "You will not be pinged any more, and games you follow send no DMs; posts "
            "still name you when a game waits for you. Turn pings back on with "
            "`/game pings on`."
        )
        await interaction.followup.send(said, ephemeral=True)

    @game.command(name="hints", description="Hints on your private panel: what each phase is for")
    @app_commands.describe(choice="auto: in your first game of each system; on: always; off: never")
    @app_commands.choices(
        choice=[
            app_commands.Choice(name="auto", value="auto"),
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def hints(self, interaction: Interaction, choice: str) -> None:
        chosen = {"on": True, "off": False}.get(choice)
        await thinking_first(
            interaction,
            lambda: self.bot.store.set_hints(interaction.user.id, chosen),
            ephemeral=True,
        )
        said = {
            True: "Your **My orders** panel will say what each phase is for, in every game.",
            False: "No more hints on your panel. `/game help` still explains the phase.",
            None: "Your panel will say what each phase is for during your first game of each "
            "system.",
        }[chosen]
        await interaction.followup.send(said, ephemeral=True)

    @game.command(
        name="settings",
        description="This game's turn deadline; the server's referee role and ratings",
    )
    @app_commands.describe(
        deadline_hours="Hours each turn of this channel's game may take (1-720; 0 for none)",
        referee_role="Members with this role may run admin commands such as /game abort",
        reminder_hours="Remind the player to move after this many idle hours",
        ratings="Rate finished two-player games between members who chose to be rated",
    )
    async def settings(
        self,
        interaction: Interaction,
        deadline_hours: app_commands.Range[int, 0, 720] | None = None,
        referee_role: discord.Role | None = None,
        reminder_hours: app_commands.Range[float, 0.25, 720.0] | None = None,
        ratings: bool | None = None,
    ) -> None:
        """Anyone may look; the server's settings need Manage Server, the game's deadline a
        referee's say or every seated player's agreement."""
        changes: dict = {}
        if referee_role is not None:
            changes["referee_role_id"] = referee_role.id
        if reminder_hours is not None:
            changes["reminder_hours"] = reminder_hours
        if ratings is not None:
            changes["ratings"] = ratings
        if changes:
            if interaction.guild_id is None:
                raise errors.BadInput("Server settings belong to a server; use this in one.")
            if not interaction.permissions.manage_guild:
                raise errors.NotAllowed(
                    "Only members with Manage Server can change the referee role, the "
                    "reminder interval or ratings. Players in a game can still set its "
                    "`deadline_hours`."
                )
        if deadline_hours is not None:
            place, actor = place_of(interaction), await actor_of(interaction)

            async def change() -> Update | agreements.Asked:
                proposed = agreements.deadline(deadline_hours)
                return await agreements.propose(self.bot.service, place, actor, proposed)

            found = await thinking_first(interaction, change)
            if isinstance(found, agreements.Asked):
                await post_request(interaction, found)
            else:
                await interaction.followup.send(
                    "\n".join([*found.lines, await deadline_line(self.bot, found.game.id)]),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            if not changes:
                return
        store, guild_id = self.bot.store, interaction.guild_id

        async def save() -> str:
            if changes and guild_id is not None:
                await store.update_guild_settings(guild_id, **changes)
            said = await deadline_line(self.bot, None, place_of(interaction).channel_id)
            if guild_id is not None:
                current = await store.guild_settings(guild_id)
                role = f"<@&{current.referee_role_id}>" if current.referee_role_id else "none set"
                hours = current.reminder_hours or self.bot.settings.reminder_hours
                said += f"\nReferee role: {role}. Reminders after {hours:g} idle hours."
                said += (
                    "\nRatings: on (`/stats rated on` counts a member's games)."
                    if current.ratings
                    else "\nRatings: off."
                )
            return said

        if interaction.response.is_done():
            said = await save()
        else:
            said = await thinking_first(interaction, save, ephemeral=True)
        await interaction.followup.send(said, ephemeral=True)

    @game.command(name="substitute", description="Hand your seat to another member, who must agree")
    @app_commands.describe(member="The member who takes your seat")
    async def substitute(self, interaction: Interaction, member: discord.User) -> None:
        await substitutes.ask(interaction, member)


async def deadline_line(bot: Host, game_id: int | None, channel_id: int = 0) -> str:
    """The deadline of a game (or of the channel's active game) in words, with its turn's
    due time as a Discord timestamp each reader sees in their own time zone."""
    if game_id is None:
        game = await bot.store.active_game(channel_id)
        if game is None:
            return "No game is running in this channel, so it has no turn deadline."
        game_id = game.id
    deadline = await bot.store.deadline(game_id)
    if deadline is None:
        return f"Game {game_id} has no turn deadline."
    said = f"Game {game_id}: each turn may take {deadline.hours} hours."
    if deadline.due_at is not None:
        said += f" The turn now running runs out {format_dt(deadline.due_at, 'R')}."
    return said


def latest_that_fit(entries: list[str], limit: int) -> list[str]:
    """The newest whole entries whose lines fit in ``limit`` characters, oldest first."""
    kept: list[str] = []
    used = 0
    for entry in reversed(entries):
        used += len(entry) + 1
        if used > limit:
            break
        kept.append(entry)
    return kept[::-1]


def verdict(game: GameRecord, report: ReplayReport | None) -> str:
    """``/game verify``'s answer in words: what was computed, and whether it matched."""
    if report is None:
        return (
            f"Game {game.id} is still running. Its dice commitment (SHA-256 of the secret seed) "
            f"is `{game.seed_commitment}`. The seed is revealed when the game ends; then "
            "`/game verify` hashes it, compares it with this commitment and replays every roll."
        )
    if not report.ok:
        return f"Game {game.id} did NOT verify. {report.problem}"
    what = "the ids of the players' commands and button presses, and any values they typed"
    if report.contributions == 1:
        mixed = f"1 player contribution from the log was used in the dice ({what})."
    elif report.contributions:
        mixed = (
            f"{report.contributions} player contributions from the log were used in the dice "
            f"({what})."
        )
    else:
        mixed = "The log holds no player contributions, so the dice came from the seed alone."
    return (
        f"Game {game.id} verified.\n"
        f"Commitment matches: the SHA-256 of the revealed seed `{game.seed}` is "
        f"`{game.seed_commitment}`, the digest published when the game started.\n"
        f"{mixed}\n"
        f"Replaying {report.steps} steps reproduced all {report.rolls} dice and the final "
        "position exactly."
    )


HELP = (
    "Start a game with `/game new`, then others take the free sides with `/game join`. "
    "Looking for an opponent? `/game seats` lists the server's games with a side free, and "
    "`/game seek` has you pinged when someone starts the game you want; `/game watch` "
    "follows someone else's game by DM; `/game fork` plays a finished game on from a phase "
    "of your choice. "
    "Give orders with the buttons under each update or the game's own commands. "
    "`/game status` shows the position, your hidden information and your choices (only to "
    "you); `/game map` posts the map; `/game odds` estimates each outcome from here; "
    "`/game log` and `/game export` give the record; `/game undo` asks to take back your "
    "last order. `/game settings` gives a game a turn deadline, after which the bot plays "
    "the late side's phase; `/game substitute` hands your seat to another member; "
    "`/campaign start` chains solo battles against the bot with a running score.\n\n"
    "Dice are provably fair: each game publishes a SHA-256 commitment to its secret seed, the "
    "players' commands (and any value added with `/game entropy`) are mixed in, the seed is "
    "revealed at the end, and `/game verify` checks the commitment and replays every roll."
)


async def setup(bot: Host) -> None:
    await bot.add_cog(GameCog(bot))


def close_up(pairing: Pairing, zoom: str) -> str:
    """The location a close-up centres on, or a refusal saying what ``zoom`` takes (a map
    used to be posted whole, without a word, for a location the picture does not know)."""
    title = pairing.system.title
    if pairing.close_ups is None:
        raise errors.BadInput(f"The {title} map has no close-ups; use `/game map` without `zoom`.")
    places = sorted(pairing.close_ups())
    wanted = zoom.strip()
    if wanted not in places:
        raise errors.BadInput(
            f"`{shorten(wanted, 20)}` is not a location on the {title} map; `zoom` takes one "
            f"of its locations, {places[0]} to {places[-1]}, such as {places[len(places) // 2]}."
        )
    return wanted
