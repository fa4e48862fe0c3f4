"""``/game undo`` on Discord: the request in the channel, with buttons only the opponent may
answer, and the position posted again once an order is taken back."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot.play import errors, undo
from bot.posting.announce import post_update
from bot.posting.interactions import (
    ANSWER_BUDGET,
    Interaction,
    actor_of,
    answering,
    defer_or_settle,
    place_of,
    within_budget,
)
from bot.posting.text_fit import CONTENT, fit

CONSENT_ID = r"lgu:(?P<game>\d+):(?P<ask>\d+):(?P<answer>[yn])"
ALLOW, REFUSE = "Allow undo", "Refuse"


class ConsentButton(discord.ui.DynamicItem[discord.ui.Button], template=CONSENT_ID):
    """The opponent's answer to a request to take an order back; it names the request by its
    place in the game's log, so it still works after a restart."""

    def __init__(self, game_id: int, ask_seq: int, allow: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=ALLOW if allow else REFUSE,
                style=discord.ButtonStyle.success if allow else discord.ButtonStyle.danger,
                custom_id=f"lgu:{game_id}:{ask_seq}:{'y' if allow else 'n'}",
            )
        )
        self.game_id, self.ask_seq, self.allow = game_id, ask_seq, allow

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> ConsentButton:
        return cls(int(match["game"]), int(match["ask"]), match["answer"] == "y")

    async def callback(self, interaction: Interaction) -> Any:
        await answered(interaction, self.game_id, self.ask_seq, self.allow)


async def ask(interaction: Interaction) -> None:
    """``/game undo``: an order taken back is followed by the position posted again; a request
    is posted with the opponents' buttons, pinging those who keep their pings on."""
    service = interaction.client.service
    actor = await actor_of(interaction)
    found = await within_budget(interaction, undo.ask(service, place_of(interaction), actor))
    if not isinstance(found, undo.Asked):
        await post_update(interaction, found)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(ConsentButton(found.game_id, found.ask_seq, True))
    view.add_item(ConsentButton(found.game_id, found.ask_seq, False))
    quiet = await interaction.client.store.quiet_players(found.opponents)
    pinged = [discord.Object(u) for u in found.opponents if u not in quiet]
    kwargs: dict = {
        "content": fit(found.text, CONTENT),
        "view": view,
        "allowed_mentions": discord.AllowedMentions(users=pinged),
    }
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


@answering
async def answered(interaction: Interaction, game_id: int, ask_seq: int, allow: bool) -> None:
    """An answer to a request: the request's buttons are retired and it says who decided; an
    allowed undo posts the position again. Rebuilding the position replays the log, so a long
    game acknowledges the press first and edits the request once it is done."""
    service = interaction.client.service
    actor = await actor_of(interaction)
    work = asyncio.ensure_future(
        undo.answer(service, place_of(interaction), actor, game_id, ask_seq, allow)
    )
    done, _ = await asyncio.wait({work}, timeout=ANSWER_BUDGET)
    if not done:
        await defer_or_settle(interaction, work)
    try:
        update, said = await work
    except undo.AlreadyAnswered:
        raise
    except (errors.GameMovedOn, errors.GameFinished):
        await settle(interaction, LAPSED)
        raise
    await settle(interaction, said)
    if allow:
        await post_update(interaction, update)


LAPSED = "This request lapsed: the game moved on before it was answered."


async def settle(interaction: Interaction, said: str) -> None:
    """Take the buttons off a request and say under it how it ended."""
    request = interaction.message.content if interaction.message else ""
    edit: dict[str, Any] = {
        "content": f"{fit(request, CONTENT - len(said) - 8)}\n**{said}**",
        "view": None,
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    if interaction.response.is_done():
        await interaction.edit_original_response(**edit)
    else:
        await interaction.response.edit_message(**edit)
