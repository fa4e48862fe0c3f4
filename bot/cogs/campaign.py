"""``/campaign``: a player's solo battles against the bot chained into a campaign. Each
battle is an ordinary game of the channel; when one ends, its result goes into the ledger
with the points it scored, and the next battle is posted in the same channel."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.utils import format_dt

from bot.cogs.common import LaagerCog
from bot.play import errors
from bot.play.campaigns import (
    POINTS,
    PRESETS,
    Preset,
    outcome_for,
    record_line,
    status_after,
)
from bot.play.service import Actor, Place, Update
from bot.posting.announce import COLOUR, post_unprompted, post_update
from bot.posting.interactions import Interaction, actor_of, place_of
from bot.posting.pages import page_count, send_pages
from bot.posting.text_fit import DESCRIPTION, fit
from bot.storage.campaigns import CampaignBusy, CampaignRecord, Campaigns, Fought
from games.core.engine import Result
from games.core.errors import LaagerError

if TYPE_CHECKING:
    from bot.posting.host import Host

BATTLES_PER_PAGE = 5
BATTLE_LINE = 600
"""Most characters one battle's line of the ledger may take, its result's words included."""
HOW_SCORED = (
    f"Points: {POINTS['won']} for a battle won, {POINTS['drawn']} for a draw, "
    f"{POINTS['lost']} for a loss or an aborted battle."
)
STATUS_WORDS = {"active": "under way", "finished": "over", "abandoned": "abandoned"}


def now() -> datetime:
    return datetime.now(UTC)


class CampaignCog(LaagerCog):
    """Start, follow, continue and abandon a channel's campaign."""

    campaign = app_commands.Group(
        name="campaign", description="Chain solo battles against the bot, with a running score"
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.campaigns = Campaigns(bot.sessions)

    @campaign.command(name="start", description="Start a campaign here; its first battle begins")
    @app_commands.describe(preset="Which battles, in order", side="The side you take")
    @app_commands.choices(
        preset=[app_commands.Choice(name=p.title, value=p.id) for p in PRESETS.values()],
        side=[
            app_commands.Choice(name="British", value="british"),
            app_commands.Choice(name="Zulu (22 January 1879 only)", value="zulu"),
        ],
    )
    async def start(self, interaction: Interaction, preset: str, side: str | None = None) -> None:
        chosen = PRESETS[preset]
        side = chosen.side_or_default(side)
        place = place_of(interaction)
        running = await self.campaigns.active_in(place.channel_id)
        if running is not None:
            raise errors.ChannelBusy(
                f"A campaign is already running in this channel: <@{running.user_id}>'s "
                f"{PRESETS[running.preset].title}. `/campaign ledger` shows it; start yours in "
                "another channel or a thread."
            )
        actor = await actor_of(interaction)
        update = await self._battle(place, actor.user_id, chosen, side, 0)
        try:
            record = await self.campaigns.start(
                place.guild_id,
                place.channel_id,
                actor.user_id,
                chosen.id,
                side,
                update.game.id,
                now(),
            )
        except CampaignBusy:
            await self.bot.service.abort(place, actor)
            raise errors.ChannelBusy(
                "Another campaign started in this channel at the same moment; yours was not "
                "started. `/campaign ledger` shows the one running here."
            ) from None
        update.lines.insert(0, heading(record, chosen, []))
        await post_update(interaction, update)

    @campaign.command(
        name="ledger", description="This channel's campaign: each battle and the score"
    )
    async def ledger(self, interaction: Interaction) -> None:
        place = place_of(interaction)
        record = await self.campaigns.active_in(place.channel_id)
        record = record or await self.campaigns.latest_in(place.channel_id)
        if record is None:
            raise errors.NoGame(
                "No campaign has been played in this channel. Start one with `/campaign start`."
            )
        battles = await self.campaigns.battles(record.id)
        await interaction.response.defer(ephemeral=True, thinking=True)

        async def draw(page: int) -> discord.Embed:
            return ledger_page(record, battles, page)

        pages = page_count(len(PRESETS[record.preset].battles), BATTLES_PER_PAGE)
        await send_pages(interaction, pages, draw)

    @campaign.command(
        name="continue", description="Start the next battle of this channel's campaign"
    )
    async def resume(self, interaction: Interaction) -> None:
        place = place_of(interaction)
        record = await self._running(place)
        if interaction.user.id != record.user_id:
            raise errors.NotAllowed(
                f"This campaign is <@{record.user_id}>'s, so only they can start its next battle."
            )
        last = (await self.campaigns.battles(record.id))[-1]
        if last.outcome is None:
            game = await self.bot.store.get_game(last.game_id)
            if game.status == "active":
                raise errors.ChannelBusy(
                    f"Battle {last.number} of this campaign (game {game.id}) is still being "
                    "fought; the next one starts by itself when it ends."
                )
            # the bot stopped as the battle ended, before writing it: write it now
            result = Result(**game.result) if game.result else None
            status = await self._settle(record, last, game.status == "aborted", result)
            if status is not None and status != "active":
                said, embed = await self._told(record, last.number, status)
                await interaction.response.send_message(said, embed=embed)
                return
        update = await self._next(place, record, await self.campaigns.battles(record.id))
        await post_update(interaction, update)

    @campaign.command(name="abandon", description="Give up this channel's campaign (its player)")
    async def abandon(self, interaction: Interaction) -> None:
        place = place_of(interaction)
        record = await self._running(place)
        actor = await actor_of(interaction)
        if actor.user_id != record.user_id and not actor.is_referee:
            raise errors.NotAllowed(
                f"Only <@{record.user_id}>, who plays this campaign, or a referee can abandon "
                "it. Start your own with `/campaign start` in another channel or a thread."
            )
        battles = await self.campaigns.battles(record.id)
        fighting = battles[-1].outcome is None
        game = await self.bot.store.active_game(place.channel_id)
        if fighting and game is not None and game.id == battles[-1].game_id:
            # the abort's post ends the battle, and with it the campaign (see battle_ended)
            await post_update(interaction, await self.bot.service.abort(place, actor))
            return
        if not await self.campaigns.abandon(record.id, now()):
            raise errors.GameFinished("This campaign has just ended; `/campaign ledger` shows it.")
        await interaction.response.send_message(
            f"<@{actor.user_id}> abandoned the campaign {PRESETS[record.preset].title} after "
            f"{len(battles)} of {len(PRESETS[record.preset].battles)} battles. "
            f"{record_line(battles)}."
        )

    async def battle_ended(
        self, bot: Host, update: Update, interaction: Interaction | None
    ) -> None:
        """After a game's last post: if it was a campaign's battle, write its result into the
        ledger, post the ledger, and post the next battle (or the campaign's end). With no
        interaction (the bot stood in, or the outbox sent the post after a restart), the
        ledger and the next battle go to the channel as the bot's own posts."""
        found = await self.campaigns.of_game(update.game.id)
        if found is None:
            return
        record, battle = found
        aborted = update.game.status == "aborted"
        status = await self._settle(record, battle, aborted, update.result)
        if status is None:
            return  # the campaign had already ended, or this battle was already written
        channel = bot.get_partial_messageable(update.game.channel_id, guild_id=update.game.guild_id)

        async def say(text: str, embed: discord.Embed | None = None) -> None:
            if interaction is not None:
                await interaction.followup.send(
                    text, embed=embed or discord.utils.MISSING, wait=True
                )
            else:
                await channel.send(text, embed=embed)

        said, embed = await self._told(record, battle.number, status)
        await say(said, embed)
        if status != "active":
            return
        place = Place(update.game.guild_id, update.game.channel_id)
        try:
            following = await self._next(place, record, await self.campaigns.battles(record.id))
        except LaagerError as refusal:
            await say(
                f"The next battle could not start: {refusal.message} When the channel is "
                "free, its player starts it with `/campaign continue`."
            )
            return
        if interaction is not None:
            await post_update(interaction, following)
        else:
            await post_unprompted(bot, following)

    async def _settle(
        self, record: CampaignRecord, battle: Fought, aborted: bool, result: Result | None
    ) -> str | None:
        """Write an ended battle's result and points; the campaign's status after it, or None
        if another process or command wrote it first."""
        preset = PRESETS[record.preset]
        outcome = outcome_for(result, record.side, aborted)
        status = status_after(preset, battle.number, aborted)
        summary = result.summary if result else "Aborted."
        written = await self.campaigns.end_battle(
            record.id, battle.number, outcome, summary, POINTS[outcome], status, now()
        )
        return status if written else None

    async def _told(
        self, record: CampaignRecord, number: int, status: str
    ) -> tuple[str, discord.Embed]:
        """What the channel is told once battle ``number`` is written: a line and the ledger
        page holding that battle."""
        battles = await self.campaigns.battles(record.id)
        said = {
            "abandoned": f"Battle {number} was aborted, so the campaign ends here.",
            "finished": f"The campaign is over. Final {record_line(battles).lower()}.",
            "active": f"Battle {number} is over; battle {number + 1} follows.",
        }[status]
        page = (number - 1) // BATTLES_PER_PAGE
        return said, ledger_page(record, battles, page, status)

    async def _running(self, place: Place) -> CampaignRecord:
        record = await self.campaigns.active_in(place.channel_id)
        if record is None:
            raise errors.NoGame(
                "No campaign is running in this channel. Start one with `/campaign start`; "
                "`/campaign ledger` shows the last one played here."
            )
        return record

    async def _next(self, place: Place, record: CampaignRecord, battles: list[Fought]) -> Update:
        """Start the campaign's next battle and link it; the update carries the heading."""
        preset = PRESETS[record.preset]
        update = await self._battle(place, record.user_id, preset, record.side, len(battles))
        await self.campaigns.add_battle(record.id, len(battles) + 1, update.game.id)
        update.lines.insert(0, heading(record, preset, battles))
        return update

    async def _battle(
        self, place: Place, user_id: int, preset: Preset, side: str, index: int
    ) -> Update:
        """A new game for battle ``index`` (from 0), the player seated, the bot opposite."""
        battle = preset.battles[index]
        return await self.bot.service.new_game(
            place,
            Actor(user_id),
            battle.system,
            battle.scenario,
            preset.modes[side],
            side,
            battle.options,
            bot_sides=preset.bot_sides[side],
        )


def heading(record: CampaignRecord, preset: Preset, battles: list[Fought]) -> str:
    """The first line of a battle's post: which campaign, which battle, the score so far."""
    number = len(battles) + 1
    battle = preset.battles[number - 1]
    said = (
        f"**Campaign {preset.title}**, battle {number} of {len(preset.battles)}: "
        f"{battle.title}. <@{record.user_id}> plays the {record.side}."
    )
    return f"{said} {record_line(battles)}." if battles else said


def ledger_page(
    record: CampaignRecord, battles: list[Fought], page: int, status: str | None = None
) -> discord.Embed:
    """One page of a campaign's ledger: its player and score, then each battle's result in
    the game's own words and the points it scored, and the battles still to come."""
    preset = PRESETS[record.preset]
    status = status or record.status
    lines = [
        f"<@{record.user_id}> plays the {record.side} · {STATUS_WORDS[status]} · started "
        f"{format_dt(record.created_at, 'd')}",
        f"**{record_line(battles)}**",
        "",
    ]
    first = page * BATTLES_PER_PAGE
    for number in range(first + 1, min(first + BATTLES_PER_PAGE, len(preset.battles)) + 1):
        title = preset.battles[number - 1].title
        fought = battles[number - 1] if number <= len(battles) else None
        if fought is None:
            lines.append(
                f"{number}. {title}: " + ("to come" if status == "active" else "not fought")
            )
        elif fought.outcome is None:
            lines.append(f"{number}. {title} (game {fought.game_id}): being fought")
        else:
            lines.append(
                fit(
                    f"{number}. {title} (game {fought.game_id}): **{fought.outcome}**, "
                    f"{fought.points} point{'s' if fought.points != 1 else ''}. {fought.summary}",
                    BATTLE_LINE,
                )
            )
    embed = discord.Embed(
        title=f"Campaign: {preset.title}",
        description=fit("\n".join(lines), DESCRIPTION),
        colour=COLOUR,
    )
    pages = page_count(len(preset.battles), BATTLES_PER_PAGE)
    where = f" · Page {page + 1} of {pages}" if pages > 1 else ""
    embed.set_footer(text=f"{HOW_SCORED}{where}")
    return embed


async def setup(bot: Host) -> None:
    cog = CampaignCog(bot)
    bot.game_ended.append(cog.battle_ended)
    await bot.add_cog(cog)
