"""The recap as a post: built in the render pool (:mod:`bot.posting.recap`) and sent as the
summary with its animation, then the chart.

Apart from the building, so the workers that build recaps import nothing of Discord.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord

from bot.play import workers
from bot.posting.alt_text import alt_of
from bot.posting.recap import NotRecappable, Recap, build, replay_page
from bot.posting.recap_measures import FALLBACK
from bot.storage.records import GameRecord
from games.core.text import counted

if TYPE_CHECKING:
    from bot.posting.host import Host

CHART_TITLE = "Strength and victory, phase by phase"


async def send_recap(
    interaction: discord.Interaction[Host],
    game: GameRecord,
    colour: discord.Colour,
) -> None:
    """Build a finished game's recap in the render pool and post it in the channel as a
    follow-up of ``interaction`` (which must already be answered or deferred)."""
    await interaction.followup.send(**await recap_message(interaction.client, game, colour))


async def recap_message(bot: Host, game: GameRecord, colour: discord.Colour) -> dict[str, Any]:
    """A finished game's recap, built in the render pool, as a message to send."""
    pairing = bot.pairings[game.system]
    events = await bot.store.events(game.id)
    recap = await workers.draw(
        build,
        pairing.system,
        pairing.render,
        pairing.measures or FALLBACK,
        game,
        events,
        pairing.reel,
    )
    return message(recap, colour)


async def replay_of(bot: Host, game: GameRecord) -> str | None:
    """The game so far as a web page, built in the render pool (None: no picture to show);
    a game whose log no longer replays gets none rather than a wrong one."""
    pairing = bot.pairings[game.system]
    events = await bot.store.events(game.id)
    try:
        return await workers.draw(
            replay_page,
            pairing.system,
            pairing.render,
            pairing.measures or FALLBACK,
            game,
            events,
            pairing.reel,
        )
    except NotRecappable:
        return None


def phases_of(count: int) -> str:
    """ "its only phase", "each of its 12 phases": a game may end in its first phase."""
    return "its only phase" if count == 1 else f"each of its {counted(count, 'phase')}"


def message(recap: Recap, colour: discord.Colour) -> dict[str, Any]:
    """The recap as a message: the summary with the animation, then the chart."""
    charted_words = alt_of(f"Chart: {CHART_TITLE.lower()}, {recap.title}. {recap.summary}")
    files = [
        discord.File(
            io.BytesIO(recap.chart), filename=recap.chart_name(), description=charted_words
        )
    ]
    summary = discord.Embed(title=recap.title, description=recap.summary, colour=colour)
    if recap.animation is not None:
        frames = f"the map at the end of {phases_of(len(recap.phases))}"
        played = alt_of(f"Animation of {recap.title}: {frames}. {recap.summary}")
        shown = discord.File(
            io.BytesIO(recap.animation), filename=recap.animation_name(), description=played
        )
        files.insert(0, shown)
        summary.set_image(url=f"attachment://{recap.animation_name()}")
        summary.set_footer(text=f"{frames[0].upper()}{frames[1:]}, as the channel saw it.")
    charted = discord.Embed(title=CHART_TITLE, colour=colour)
    charted.set_image(url=f"attachment://{recap.chart_name()}")
    if recap.page is not None:
        files.append(page_file(recap.page, recap.page_name(), recap.title))
        charted.set_footer(text=f"{recap.page_name()}: the game phase by phase, in any browser.")
    return {"embeds": [summary, charted], "files": files}


def page_file(page: str, name: str, title: str) -> discord.File:
    """The replay page as an attachment: it opens in any browser, offline."""
    words = alt_of(f"{title}: a web page that steps through the game phase by phase.")
    return discord.File(io.BytesIO(page.encode()), filename=name, description=words)
