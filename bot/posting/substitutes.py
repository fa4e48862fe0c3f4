"""``/game substitute``: a player hands their seat to another member, who must agree with a
button only they can press. The request names everything in its buttons' ids, so it still
works after a restart, and lapses after SUBSTITUTE_MINUTES."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from typing import Any

import discord
from discord.utils import format_dt

from bot.play import errors
from bot.play.service import GameService, Place, Update, _list, hidden_lines, moved_on
from bot.posting.announce import send_private
from bot.posting.interactions import Interaction, answering, place_of
from bot.posting.text_fit import CONTENT, fit
from bot.storage.errors import StaleVersion
from bot.storage.records import NewEvent, NewSeat

SUBSTITUTE_MINUTES = 15
"""How long a member has to answer; then the request's buttons are retired."""
REQUEST_ID = r"lgs:(?P<game>\d+):(?P<giver>\d+):(?P<taker>\d+):(?P<until>\d+):(?P<answer>[yn])"
ACCEPT, DECLINE = "Take the seat", "Decline"
LAPSED = "This request lapsed: it was not answered in time, or the game moved on."


async def sides_to_hand(
    service: GameService, place: Place, giver: int, taker: discord.User | discord.Member
) -> tuple[int, list[str]]:
    """The game and the giver's sides, or a refusal saying why this member cannot have them."""
    game, _, seats = await service.current(place)
    mine = [s.side for s in seats if s.user_id == giver]
    if not mine:
        raise errors.NotSeated("You have no seat in this game, so there is none to hand over.")
    if taker.id == giver:
        raise errors.BadInput("You already hold your seat; name another member to take it.")
    if taker.bot:
        raise errors.BadInput(
            "A bot cannot take a seat. To let Laager play your side, use `/game leave`."
        )
    if not isinstance(taker, discord.Member):
        raise errors.BadInput(
            f"{taker.name} is not a member of this server; only its members can take a seat."
        )
    theirs = [s.side for s in seats if s.user_id == taker.id]
    if theirs:
        raise errors.SeatTaken(f"<@{taker.id}> already plays {_list(theirs)} in this game.")
    return game.id, mine


async def hand_over(
    service: GameService, place: Place, game_id: int, giver: int, taker: int
) -> Update:
    """Give the giver's seats to the taker, checked again now: the game or the seats may have
    changed while the request waited."""
    async with service.lock(place.channel_id):
        game, system = await service.game_here(place)
        seats = await service.store.seats(game.id)
        mine = [s.side for s in seats if s.user_id == giver]
        if game.id != game_id or not mine or any(s.user_id == taker for s in seats):
            raise errors.GameMovedOn(LAPSED)
        event = NewEvent(
            kind="substitute",
            actor_id=taker,
            side=mine[0],
            action={"from": giver, "to": taker},
            public_text=f"<@{taker}> takes over {_list(mine)} from <@{giver}>.",
        )
        try:
            for number, side in enumerate(mine):
                game = await service.store.set_seat(
                    game.id,
                    game.version,
                    NewSeat(side=side, user_id=taker),
                    events=[event] if number == 0 else (),
                    now=service.clock(),
                )
        except StaleVersion:
            raise moved_on() from None
        await service.store.hand_back(place.channel_id, giver)  # the bot stands in no more
        update = await service.update_of(game, system, [event], None)
        for side in mine:
            secret = hidden_lines(system, update.game.state, side)
            if secret:
                update.private.setdefault(taker, []).extend(secret)
        return update


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button], template=REQUEST_ID):
    """The asked member's answer to a request for a substitute."""

    def __init__(self, game: int, giver: int, taker: int, until: int, accept: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=ACCEPT if accept else DECLINE,
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=f"lgs:{game}:{giver}:{taker}:{until}:{'y' if accept else 'n'}",
            )
        )
        self.game, self.giver, self.taker, self.until = game, giver, taker, until
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> AnswerButton:
        return cls(
            int(match["game"]),
            int(match["giver"]),
            int(match["taker"]),
            int(match["until"]),
            match["answer"] == "y",
        )

    async def callback(self, interaction: Interaction) -> Any:
        await answered(interaction, self)


async def ask(interaction: Interaction, member: discord.User | discord.Member) -> None:
    """Post the request, pinging the member it waits for, and retire it if unanswered."""
    service = interaction.client.service
    place = place_of(interaction)
    game_id, sides = await sides_to_hand(service, place, interaction.user.id, member)
    deadline = service.clock() + timedelta(minutes=SUBSTITUTE_MINUTES)
    until = int(deadline.timestamp())
    view = discord.ui.View(timeout=None)
    for accept in (True, False):
        view.add_item(AnswerButton(game_id, interaction.user.id, member.id, until, accept))
    quiet = await interaction.client.store.quiet_players([member.id])
    await interaction.response.send_message(
        f"<@{member.id}>, <@{interaction.user.id}> asks you to take over {_list(sides)} in "
        f"game {game_id}. Only you can answer, until {format_dt(deadline, 't')} "
        f"({format_dt(deadline, 'R')}).",
        view=view,
        allowed_mentions=discord.AllowedMentions(
            users=[] if member.id in quiet else [discord.Object(member.id)]
        ),
    )
    request = await interaction.original_response()
    asyncio.get_running_loop().call_later(SUBSTITUTE_MINUTES * 60, start_lapse, request)


LAPSING: set[asyncio.Task[None]] = set()
"""Lapses under way, held so none is collected before it is done."""


def start_lapse(request: discord.InteractionMessage) -> None:
    task = asyncio.ensure_future(lapse(request))
    LAPSING.add(task)
    task.add_done_callback(LAPSING.discard)


async def lapse(request: discord.InteractionMessage) -> None:
    """Retire an unanswered request's buttons; one already answered has none left."""
    try:
        fresh = await request.fetch()
        if fresh.components:
            await fresh.edit(
                content=f"{fit(fresh.content, CONTENT - len(LAPSED) - 8)}\n**{LAPSED}**",
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
    except discord.HTTPException:
        pass  # deleted, or Discord would not have it; nothing is left to press


@answering
async def answered(interaction: Interaction, button: AnswerButton) -> None:
    """Only the asked member may answer; the request's buttons go and it says how it ended."""
    if interaction.user.id != button.taker:
        raise errors.NotAllowed(f"Only <@{button.taker}> can answer this request.")
    service = interaction.client.service
    if service.clock().timestamp() > button.until:
        await settle(interaction, LAPSED)
        return
    if not button.accept:
        await settle(interaction, f"<@{button.taker}> declined; <@{button.giver}> keeps the seat.")
        return
    try:
        update = await hand_over(
            service, place_of(interaction), button.game, button.giver, button.taker
        )
    except (errors.GameMovedOn, errors.GameFinished, errors.NoGame):
        await settle(interaction, LAPSED)
        return
    await settle(interaction, "\n".join(update.lines))
    await send_private(interaction, update)


async def settle(interaction: Interaction, said: str) -> None:
    """Take the buttons off the request and say under it how it ended."""
    request = interaction.message.content if interaction.message else ""
    await interaction.response.edit_message(
        content=f"{fit(request, CONTENT - len(said) - 8)}\n**{said}**",
        view=None,
        allowed_mentions=discord.AllowedMentions.none(),
    )
