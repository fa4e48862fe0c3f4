"""Requests that take every player's agreement (bot.play.agreements) on Discord: the request
in the channel, with buttons only the other players may press, settled in place."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import agreements, errors
from bot.posting.announce import post_update
from bot.posting.interactions import Interaction, actor_of, answering, place_of
from bot.posting.text_fit import CONTENT, fit
from bot.posting.undo_buttons import LAPSED, settle

AGREE_ID = r"lga:(?P<game>\d+):(?P<ask>\d+):(?P<answer>[yn])"
AGREE, REFUSE = "Agree", "Refuse"


class AgreeButton(discord.ui.DynamicItem[discord.ui.Button], template=AGREE_ID):
    """One of the other players' answers to a request; it names the request by its place in
    the game's log, so it still works after a restart."""

    def __init__(self, game_id: int, ask_seq: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=AGREE if yes else REFUSE,
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"lga:{game_id}:{ask_seq}:{'y' if yes else 'n'}",
            )
        )
        self.game_id, self.ask_seq, self.yes = game_id, ask_seq, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> AgreeButton:
        return cls(int(match["game"]), int(match["ask"]), match["answer"] == "y")

    async def callback(self, interaction: Interaction) -> Any:
        await answered(interaction, self.game_id, self.ask_seq, self.yes)


async def post_request(interaction: Interaction, asked: agreements.Asked) -> None:
    """Post the request with the others' buttons, pinging those who keep their pings on."""
    view = discord.ui.View(timeout=None)
    view.add_item(AgreeButton(asked.game_id, asked.ask_seq, True))
    view.add_item(AgreeButton(asked.game_id, asked.ask_seq, False))
    quiet = await interaction.client.store.quiet_players(asked.others)
    pinged = [discord.Object(u) for u in asked.others if u not in quiet]
    await interaction.followup.send(
        content=fit(asked.text, CONTENT),
        view=view,
        allowed_mentions=discord.AllowedMentions(users=pinged),
    )


@answering
async def answered(interaction: Interaction, game_id: int, ask_seq: int, yes: bool) -> None:
    """An answer: the request says who answered; once everyone has agreed its buttons are
    retired and the decision is posted, and a refusal retires them too."""
    await interaction.response.defer()
    service = interaction.client.service
    actor = await actor_of(interaction)
    try:
        update, said = await agreements.answer(
            service, place_of(interaction), actor, game_id, ask_seq, yes
        )
    except agreements.AlreadyAnswered:
        raise
    except (errors.GameMovedOn, errors.GameFinished):
        await settle(interaction, LAPSED)
        raise
    if update is None and yes:
        await _note(interaction, said)
        return
    await settle(interaction, said)
    if update is not None:
        await post_update(interaction, update)


async def _note(interaction: Interaction, said: str) -> None:
    """Add an agreement under the request, keeping its buttons for the others."""
    request = interaction.message.content if interaction.message else ""
    await interaction.edit_original_response(
        content=f"{fit(request, CONTENT - len(said) - 2)}\n{said}",
        allowed_mentions=discord.AllowedMentions.none(),
    )
