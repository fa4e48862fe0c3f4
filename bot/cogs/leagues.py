"""Leagues: a server's players of one two-player system meet in rounds, round robin or Swiss
(bot.play.league_rules), each pairing's game in a thread of the league's channel with the
league's turn deadline, so the bot stands in for a late player and every game ends.

``/league new`` (Manage Server or the referee role) opens a league for sign-ups with
``/league join``; the organiser's ``/league next`` starts it and, in a league run by the
organiser, opens each next round. A league run as-ready opens its next round by itself once
every game of the round has ended. ``/league standings`` shows the table and ``/league
leave`` takes a player out (their games still to play are forfeited). A loop keeps running
leagues moving after a restart: it makes the games a stopped process left unmade and opens
rounds that are due.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import tasks

from bot.cogs.common import LaagerCog, stop_loop
from bot.cogs.seeking import two_player_system, two_player_systems
from bot.play import errors
from bot.play.engine_work import printable
from bot.play.league_rules import (
    BYE,
    DRAW,
    LOSS,
    WIN,
    Played,
    round_count,
    round_robin,
    sided,
    standings,
    swiss,
)
from bot.play.service import Actor, Place, Update
from bot.posting.announce import COLOUR, post_unprompted
from bot.posting.interactions import Interaction, holds_role, place_of
from bot.posting.text_fit import CONTENT, DESCRIPTION, fit
from bot.posting.threads import NOT_TEXT, open_thread
from bot.storage.leagues import (
    MAX_PLAYERS,
    LeagueRecord,
    Leagues,
    Member,
    NewPairing,
    PairingRecord,
)
from games.core.engine import GameSystem

if TYPE_CHECKING:
    from bot.posting.host import Host

log = logging.getLogger(__name__)

MIN_PLAYERS = 3
NOT_HERE = "Leagues belong to a server that has added Laager; use one of its channels."
FORMATS = {"round-robin": "round robin", "swiss": "Swiss"}
SCHEDULES = {
    "as-ready": "each round opens once every game of the last has ended",
    "by-organiser": "the organiser opens each round with `/league next`",
}
SHOWN_WORDS = {"played": "", "aborted": " (aborted: a draw)", "forfeit": " (forfeit)"}


def utcnow() -> datetime:
    return datetime.now(UTC)


def people_mode(system: GameSystem) -> str:
    """The mode that leaves both sides to people."""
    for mode_id, mode in system.modes.items():
        if mode.bot_sides == ():
            return mode_id
    raise errors.BadInput(f"{system.title} has no mode for two people.")


def may_organise(interaction: Interaction, referee_role: int | None) -> bool:
    """Manage Server, or the server's referee role."""
    return bool(interaction.permissions.manage_guild) or holds_role(interaction, referee_role)


def server_of(interaction: Interaction) -> int:
    """The server a league command is given in, where Laager is a member."""
    if interaction.guild_id is None or place_of(interaction).replies_only:
        raise errors.BadInput(NOT_HERE)
    return interaction.guild_id


def score_line(p: PairingRecord) -> str:
    """A decided pairing in words."""
    if p.second_id is None:
        return f"<@{p.first_id}> has a bye (1 point)"
    words = SHOWN_WORDS.get(p.how or "", "")
    if p.score == DRAW:
        return f"<@{p.first_id}> and <@{p.second_id}> drew{words}"
    winner, loser = (p.first_id, p.second_id) if p.score == WIN else (p.second_id, p.first_id)
    return f"<@{winner}> beat <@{loser}>{words}"


def pairing_line(p: PairingRecord) -> str:
    if p.score is not None:
        return score_line(p)
    where = f" in <#{p.thread_id}>" if p.thread_id else " (its thread is being opened)"
    return f"<@{p.first_id}> against <@{p.second_id}>{where}"


def standings_embed(
    league: LeagueRecord, members: list[Member], pairings: list[PairingRecord]
) -> discord.Embed:
    """The table, best first, with the tie-breaks the README names."""
    players = [m.user_id for m in members]
    left = {m.user_id for m in members if m.left_at}
    history = [Played(p.round, p.first_id, p.second_id, p.score) for p in pairings]
    lines = []
    for place, s in enumerate(standings(players, history, left), start=1):
        gone = " · left" if s.left else ""
        lines.append(
            f"{place}. <@{s.user_id}> **{s.points:g}** · {s.wins}W {s.draws}D {s.losses}L"
            f"{f' {s.byes} bye' if s.byes else ''} · SB {s.sonneborn_berger:g} · "
            f"Bh {s.buchholz:g}{gone}"
        )
    total = round_count(league.format, len(players), league.rounds) if players else 0
    state = {
        "open": f"Signing up: {len(players)} of at most {MAX_PLAYERS}.",
        "running": f"Round {league.round} of {total}.",
        "finished": f"Finished after {league.round} rounds.",
    }[league.status]
    body = "\n".join([state, *lines]) if lines else f"{state} Nobody has joined yet."
    embed = discord.Embed(
        title=f"{league.name} · standings", description=fit(body, DESCRIPTION), colour=COLOUR
    )
    embed.set_footer(text="Points, then Sonneborn-Berger (SB), then Buchholz (Bh), then wins.")
    return embed


class LeagueCog(LaagerCog):
    """The ``/league`` commands, the end-of-game hook and the loop that keeps leagues going."""

    league = app_commands.Group(
        name="league", description="Leagues: players meet in rounds, each game in its own thread"
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.leagues = Leagues(bot.sessions)
        self.keep_going.start()

    async def cog_unload(self) -> None:
        await stop_loop(self.keep_going)

    # -- finding the league -------------------------------------------------------

    async def _named(
        self, interaction: Interaction, name: str | None, finished: bool = False
    ) -> LeagueRecord:
        """The league a command names, or the one under way here; with ``finished``, a league
        that has ended counts too (the latest, when none is under way)."""
        guild_id = server_of(interaction)
        if name is not None:
            found = await self.leagues.named(guild_id, name.strip(), finished)
            if found is None:
                raise errors.BadInput(f"This server has no league called `{printable(name)[:64]}`.")
            return found
        running = await self.leagues.unfinished(guild_id)
        if not running and finished:
            ended = await self.leagues.latest_finished(guild_id)
            running = [ended] if ended else []
        here = [
            lg
            for lg in running
            if lg.channel_id in (interaction.channel_id, _parent_of(interaction))
        ]
        if len(here) == 1 or len(running) == 1:
            return (here or running)[0]
        if not running:
            raise errors.NoGame(
                "This server has no league under way. An organiser starts one with `/league new`."
            )
        names = ", ".join(f"`{lg.name}`" for lg in running[:10])
        raise errors.BadInput(f"Name the league: {names}.")

    async def _league_names(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        return [
            app_commands.Choice(name=lg.name, value=lg.name)
            for lg in await self.leagues.unfinished(interaction.guild_id)
            if current.casefold() in lg.name.casefold()
        ][:25]

    # -- commands -----------------------------------------------------------------

    @league.command(
        name="new", description="Open a league for sign-ups (Manage Server or referee role)"
    )
    @app_commands.describe(
        name="The league's name",
        system="Which game",
        format="Round robin (everyone meets everyone) or Swiss (paired by score)",
        deadline_hours="Hours each turn may take before the bot plays it for the late player",
        schedule="When the next round opens (default: once every game of the last has ended)",
        rounds="Swiss only: how many rounds (default: enough to leave one player unbeaten)",
        scenario="The scenario every game plays (default: the system's first)",
    )
    @app_commands.choices(
        format=[app_commands.Choice(name=v, value=k) for k, v in FORMATS.items()],
        schedule=[
            app_commands.Choice(name="As soon as a round is over", value="as-ready"),
            app_commands.Choice(name="When the organiser says", value="by-organiser"),
        ],
    )
    @app_commands.autocomplete(system=two_player_systems)
    async def new(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 64],
        system: app_commands.Range[str, 1, 64],
        format: str,
        deadline_hours: app_commands.Range[int, 1, 720] = 48,
        schedule: str = "as-ready",
        rounds: app_commands.Range[int, 1, MAX_PLAYERS] | None = None,
        scenario: app_commands.Range[str, 1, 128] | None = None,
    ) -> None:
        guild_id = server_of(interaction)
        settings = await self.bot.store.guild_settings(guild_id)
        if not may_organise(interaction, settings.referee_role_id):
            raise errors.BadInput(
                "Only a member with Manage Server or the referee role may open a league."
            )
        if format not in FORMATS or schedule not in SCHEDULES:
            raise errors.BadInput("Choose the format and schedule from the lists offered.")
        title = " ".join(printable(name).split())
        if not title:
            raise errors.BadInput("Give the league a name of letters or numbers.")
        chosen = two_player_system(self.bot, system)
        people_mode(chosen)
        if scenario is not None and scenario not in chosen.scenarios:
            listed = ", ".join(f"`{s}`" for s in chosen.scenarios)
            raise errors.BadInput(
                f"{chosen.title} has no scenario `{printable(scenario)[:40]}`; it has {listed}."
            )
        channel_id = _parent_of(interaction) or interaction.channel_id
        channel = self.bot.get_channel(channel_id) if channel_id else None
        if channel is not None and not isinstance(channel, discord.TextChannel):
            raise errors.BadInput(NOT_TEXT)
        made = await self.leagues.create(
            LeagueRecord(
                0,
                guild_id,
                channel_id or 0,
                title,
                chosen.id,
                scenario,
                format,
                schedule,
                rounds if format == "swiss" else None,
                deadline_hours,
                0,
                "open",
                interaction.user.id,
                utcnow(),
            )
        )
        if made is None:
            raise errors.BadInput(
                f"A league called `{title}` is already under way here; choose another name."
            )
        await interaction.response.send_message(
            f"**{title}**: a {FORMATS[format]} league of {chosen.title}, each turn "
            f"{deadline_hours} hours before the bot plays it for the late player; "
            f"{SCHEDULES[schedule]}. Each game is played in a thread of <#{made.channel_id}>. "
            f"`/league join` to play; <@{made.organiser_id}> starts it with `/league next`.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @league.command(name="join", description="Sign up for a league before it starts")
    @app_commands.describe(league="Which league (default: the one under way here)")
    @app_commands.autocomplete(league=_league_names)
    async def join(
        self, interaction: Interaction, league: app_commands.Range[str, 1, 64] | None = None
    ) -> None:
        found = await self._named(interaction, league)
        said = await self.leagues.join(found.id, interaction.user.id, utcnow())
        if said != "joined":
            raise errors.BadInput(
                {
                    "already": f"You are in {found.name} already.",
                    "full": f"{found.name} has its {MAX_PLAYERS} players already.",
                    "closed": f"{found.name} has begun; sign-ups are closed.",
                }[said]
            )
        count = len(await self.leagues.members(found.id))
        await interaction.response.send_message(
            f"<@{interaction.user.id}> joins **{found.name}** ({count} signed up).",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @league.command(
        name="leave", description="Leave a league; your games still to play are forfeited"
    )
    @app_commands.describe(league="Which league (default: the one under way here)")
    @app_commands.autocomplete(league=_league_names)
    async def leave(
        self, interaction: Interaction, league: app_commands.Range[str, 1, 64] | None = None
    ) -> None:
        found = await self._named(interaction, league)
        said = await self.leagues.leave(found.id, interaction.user.id, utcnow())
        if said == "not in":
            raise errors.BadInput(f"You are not playing in {found.name}.")
        await interaction.response.defer(thinking=True)
        if said == "left":
            await self.forfeit(found, interaction.user.id)
        words = "withdraws from" if said == "withdrawn" else "leaves"
        await interaction.followup.send(
            f"<@{interaction.user.id}> {words} **{found.name}**."
            + (
                " Their game under way is forfeited, and they are not paired again."
                if said == "left"
                else ""
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.advance(found.id)

    @league.command(name="standings", description="A league's table")
    @app_commands.describe(league="Which league (default: the one under way here)")
    @app_commands.autocomplete(league=_league_names)
    async def table(
        self, interaction: Interaction, league: app_commands.Range[str, 1, 64] | None = None
    ) -> None:
        found = await self._named(interaction, league, finished=True)
        await interaction.response.defer(thinking=True)
        members = await self.leagues.members(found.id)
        pairings = await self.leagues.pairings(found.id)
        await interaction.followup.send(
            embed=standings_embed(found, members, pairings),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @league.command(
        name="next", description="Start the league or its next round, or see this round's games"
    )
    @app_commands.describe(league="Which league (default: the one under way here)")
    @app_commands.autocomplete(league=_league_names)
    async def next_round(
        self, interaction: Interaction, league: app_commands.Range[str, 1, 64] | None = None
    ) -> None:
        found = await self._named(interaction, league)
        settings = await self.bot.store.guild_settings(found.guild_id)
        organiser = interaction.user.id == found.organiser_id or may_organise(
            interaction, settings.referee_role_id
        )
        pairings = await self.leagues.pairings(found.id)
        current = [p for p in pairings if p.round == found.round]
        due = found.status == "open" or (
            found.status == "running" and all(p.score is not None for p in current)
        )
        if organiser and due:  # the round's post says it all: the organiser is told alone
            await interaction.response.defer(thinking=True, ephemeral=True)
            members = await self.leagues.members(found.id)
            if found.status == "open" and len(members) < MIN_PLAYERS:
                await interaction.followup.send(
                    f"{found.name} needs at least {MIN_PLAYERS} players to start; "
                    f"{len(members)} signed up."
                )
                return
            opened = await self.open_next(found, pairings, members)
            await interaction.followup.send(opened or f"{found.name} has moved on already.")
            return
        await interaction.response.send_message(
            fit(self.round_text(found, current, interaction.user.id), CONTENT),
            ephemeral=True,
        )

    def round_text(self, league: LeagueRecord, current: list[PairingRecord], user_id: int) -> str:
        if league.status == "open":
            return (
                f"{league.name} is signing up players; its organiser <@{league.organiser_id}> "
                "starts it with `/league next`."
            )
        if league.status == "finished":
            return f"{league.name} is over; `/league standings` shows how it ended."
        mine = [p for p in current if user_id in (p.first_id, p.second_id)]
        lines = [f"**{league.name}**, round {league.round}:"]
        lines += [f"- {pairing_line(p)}" for p in current]
        waiting = sum(1 for p in current if p.score is None)
        if waiting:
            opens = SCHEDULES[league.schedule]
            lines.append(f"{waiting} game(s) still to finish; {opens}.")
        if mine and mine[0].score is None and mine[0].thread_id:
            lines.append(f"Your game: <#{mine[0].thread_id}>.")
        return "\n".join(lines)

    # -- moving a league on ------------------------------------------------------

    async def open_next(
        self, league: LeagueRecord, pairings: list[PairingRecord], members: list[Member]
    ) -> str | None:
        """Pair and open the next round, or finish the league after its last; what to say, or
        None when another process did it first."""
        players = [m.user_id for m in members]
        left = {m.user_id for m in members if m.left_at}
        total = round_count(league.format, len(players), league.rounds)
        if league.round >= total:
            if not await self.leagues.finish(league.id, league.round):
                return None
            await self.announce(league, f"**{league.name} is over.** The final standings:", members)
            return f"{league.name} is over after {league.round} rounds."
        history = [Played(p.round, p.first_id, p.second_id, p.score) for p in pairings]
        number = league.round + 1
        pairs = (
            round_robin(players, number)
            if league.format == "round-robin"
            else swiss(players, history, left)
        )
        new = []
        for a, b in pairs:
            if b is None:
                if a not in left:
                    new.append(NewPairing(a, None, BYE, "bye"))
                continue
            pairing = sided(a, b, players, history)
            assert pairing.second is not None
            out = {pairing.first, pairing.second} & left
            if out:
                score = DRAW if len(out) == 2 else LOSS if pairing.first in out else WIN
                new.append(NewPairing(pairing.first, pairing.second, score, "forfeit"))
            else:
                new.append(NewPairing(pairing.first, pairing.second))
        if not await self.leagues.open_round(league.id, league.round, new):
            return None
        league = replace(league, round=number, status="running")
        await self.make_games(league)
        made = [p for p in await self.leagues.pairings(league.id) if p.round == number]
        lines = [f"**{league.name}, round {number} of {total}:**"]
        lines += [f"- {pairing_line(p)}" for p in made]
        await self.say(league, "\n".join(lines))
        return f"Round {number} of {league.name} is open."

    async def make_games(self, league: LeagueRecord) -> None:
        for pairing in await self.leagues.unmade(league.id, utcnow()):
            try:
                await self.make_game(league, pairing)
            except Exception:
                log.exception(
                    "league %s: the game of pairing %s was not made", league.id, pairing.id
                )

    async def make_game(self, league: LeagueRecord, pairing: PairingRecord) -> None:
        """The pairing's thread, game and first post; each step noted, so a restart midway
        goes on in the same thread with the same game."""
        assert pairing.second_id is not None
        system = self.bot.registry.get(league.system)
        first, second = system.sides[0], system.sides[1]
        thread_id = pairing.thread_id
        if thread_id is None:
            names = [await self._name(u) for u in (pairing.first_id, pairing.second_id)]
            thread = await open_thread(
                self.bot,
                league.channel_id,
                f"{league.name} · round {pairing.round}: {names[0]} v {names[1]}",
            )
            thread_id = thread.id
            await self.leagues.note_thread(pairing.id, thread_id)
        place = Place(league.guild_id, thread_id)
        game = await self.bot.store.latest_game(thread_id)
        if game is None:
            made = await self.bot.service.new_game(
                place,
                Actor(pairing.first_id),
                system.id,
                league.scenario,
                people_mode(system),
                first,
                deadline_hours=league.deadline_hours,
            )
            game = made.game
        seats = await self.bot.store.seats(game.id)
        if any(s.user_id == pairing.second_id for s in seats):
            update = await self.bot.service.update_of(game, system, [], None, seats=seats)
        else:
            update = await self.bot.service.join(place, Actor(pairing.second_id), second)
        await self.leagues.note_game(pairing.id, update.game.id)
        heading = (
            f"**{league.name}**, round {pairing.round}: <@{pairing.first_id}> ({first}) against "
            f"<@{pairing.second_id}> ({second}). Each turn has {league.deadline_hours} hours; "
            "then the bot plays it for the late player."
        )
        everyone = [pairing.first_id, pairing.second_id]
        await post_unprompted(self.bot, replace(update, handed=everyone), heading)

    async def _name(self, user_id: int) -> str:
        """A player's name for a thread's title (a mention would not show there)."""
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return "a player"
        return user.display_name

    async def forfeit(self, league: LeagueRecord, user_id: int) -> None:
        """The leaver's game of this round is lost by forfeit, and ended in its thread."""
        for p in await self.leagues.pairings(league.id):
            if (
                p.round != league.round
                or p.score is not None
                or user_id not in (p.first_id, p.second_id)
            ):
                continue
            score = LOSS if p.first_id == user_id else WIN
            if await self.leagues.decide(p.id, score, "forfeit") and p.thread_id:
                try:
                    ended = await self.bot.service.abort(
                        Place(league.guild_id, p.thread_id), Actor(user_id, True)
                    )
                except errors.LaagerError:
                    continue  # no game there, or ended already
                winner = p.second_id if p.first_id == user_id else p.first_id
                ended.lines.append(
                    f"<@{user_id}> has left {league.name}: this game is a forfeit win for "
                    f"<@{winner}>."
                )
                await post_unprompted(self.bot, ended)

    async def game_ended(self, bot: Host, update: Update, interaction: Interaction | None) -> None:
        """A league game's outcome goes into its pairing, and the league moves on if due."""
        pairing = await self.leagues.of_game(update.game.id)
        if pairing is None:
            return
        if update.game.status == "aborted" or update.result is None:
            score, how = DRAW, "aborted"
        else:
            winner = update.result.winner
            sides = {s.user_id: s.side for s in update.seats}
            score = (
                DRAW if winner is None else WIN if sides.get(pairing.first_id) == winner else LOSS
            )
            how = "played"
        if await self.leagues.decide(pairing.id, score, how):
            await self.advance(pairing.league_id)

    async def advance(self, league_id: int) -> None:
        """Make what is unmade, and open the next round of an as-ready league once every
        game of this one has ended."""
        league = await self.leagues.get(league_id)
        if league is None or league.status != "running":
            return
        await self.make_games(league)
        pairings = await self.leagues.pairings(league.id)
        if league.schedule != "as-ready" or any(
            p.score is None for p in pairings if p.round == league.round
        ):
            return
        await self.open_next(league, pairings, await self.leagues.members(league.id))

    async def announce(self, league: LeagueRecord, said: str, members: list[Member]) -> None:
        """The league's end in its channel, with the final table."""
        pairings = await self.leagues.pairings(league.id)
        finished = replace(league, status="finished")
        await self.say(league, said, standings_embed(finished, members, pairings))

    async def say(
        self, league: LeagueRecord, text: str, embed: discord.Embed | None = None
    ) -> None:
        """A post in the league's channel, pinging nobody (each game's thread pings its own)."""
        channel = self.bot.get_partial_messageable(league.channel_id, guild_id=league.guild_id)
        extra = {"embed": embed} if embed else {}
        await channel.send(
            fit(text, CONTENT), allowed_mentions=discord.AllowedMentions.none(), **extra
        )

    @tasks.loop(minutes=1)
    async def keep_going(self) -> None:
        for league in await self.leagues.running():
            try:
                await self.advance(league.id)
            except Exception:
                log.exception("league %s could not be moved on", league.id)

    @keep_going.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()


def _parent_of(interaction: Interaction) -> int | None:
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else None


async def setup(bot: Host) -> None:
    cog = LeagueCog(bot)
    await bot.add_cog(cog)
    bot.game_ended.append(cog.game_ended)
