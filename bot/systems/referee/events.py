"""``/events``: a channel's deck of rule 21 event cards, kept across restarts.

Only the referee builds, draws from and reshuffles the deck; anyone may look at it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.posting.announce import COLOUR, clip
from bot.posting.interactions import place_of
from bot.storage.referee import ChannelDocument
from bot.systems.referee import autocomplete as complete
from bot.systems.referee import choices as C
from bot.systems.referee.answers import complete_choices, parse_choice, parse_choices
from bot.systems.referee.base import Interaction, RefereeCog
from games.core.dice import derived_seed, new_seed
from games.referee.deck import (
    DeckError,
    DeckState,
    EmptyDeck,
    draw,
    is_blank,
    new_deck,
    reshuffle,
)
from games.tables import Tables, sotq

if TYPE_CHECKING:
    from bot.posting.host import Host

ALL_LISTS = ",".join(sotq.event_decks(C.TABLES))
DECK_NAMES = C.named(sotq.event_decks(C.TABLES))
CARD_NAMES = {key: card.title for key, card in sotq.event_cards(tables=C.TABLES).items()}


def card_embed(card_id: str, state: DeckState, tables: Tables) -> discord.Embed:
    """A drawn card: its text, or why it counts as blank here (rule 21)."""
    left = f"{len(state.pile)} cards left, {len(state.discards)} discarded"
    if is_blank(card_id):
        embed = discord.Embed(title="Blank card", description="No event this turn.", colour=COLOUR)
        embed.set_footer(text=f"Rule 21 · {left}")
        return embed
    result = sotq.event_card(card_id, theatre=state.theatre, tables=tables)
    text = (
        result.text
        if result.applies
        else (
            f"~~{result.text}~~\n"
            f"This card does not fit {state.theatre}: it counts as blank (rule 21)."
        )
    )
    embed = discord.Embed(title=result.title, description=clip(text), colour=COLOUR)
    embed.set_footer(text=f"{result.rule} · {left}")
    if result.overrides_used:
        embed.add_field(name="House rules used (rule 22)", value=", ".join(result.overrides_used))
    return embed


THIS_WAR = "zulu_war"
"""The conflict a new deck is for unless the referee names another: this is a bot for the
Anglo-Zulu War."""
EVERY_CONFLICT = "all"
"""What the referee names for a deck of every conflict's cards."""


def describe(state: DeckState) -> str:
    lists = ", ".join(DECK_NAMES[d] for d in state.decks)
    where = C.CONFLICTS.get(state.theatre, state.theatre) if state.theatre else "every conflict"
    fits = (
        "cards for other conflicts left out"
        if state.filtering == "remove"
        else ("cards for other conflicts count as blanks")
    )
    blanks = f", {state.blanks} blank cards added" if state.blanks else ""
    return (
        f"{lists} · for {where} ({fits}{blanks}) · {len(state.pile)} to draw, "
        f"{len(state.discards)} discarded"
    )


class EventsCog(RefereeCog):
    """The channel's event deck."""

    events = app_commands.Group(name="events", description="Rule 21 event cards for this channel")

    def __init__(self, bot: Host) -> None:
        super().__init__(bot, "referee event decks")

    async def _lists(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        return complete_choices(current, DECK_NAMES)

    async def _conflicts(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        every = Choice(name="Every conflict", value=EVERY_CONFLICT)
        offered = await complete.conflicts(interaction, current)
        shown = current.strip().lower() in f"{EVERY_CONFLICT} every conflict"
        return ([every] if shown else []) + offered[:24]

    async def _cards(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        needle = current.lower()
        return [
            Choice(name=clip(f"{title} ({key})", 100), value=key)
            for key, title in CARD_NAMES.items()
            if needle in (key + " " + title).lower()
        ][:25]

    async def _deck(self, interaction: Interaction) -> tuple[ChannelDocument, DeckState]:
        place = place_of(interaction)
        document = await self.bot.referee.deck(place.channel_id)
        if document is None:
            raise DeckError(
                "There is no event deck in this channel; the referee makes one with `/events new`."
            )
        return document, DeckState.from_json(document.state)

    async def _save(self, interaction: Interaction, state: DeckState, version: int) -> None:
        place = place_of(interaction)
        await self.bot.referee.save_deck(place.channel_id, place.guild_id, state.to_json(), version)

    @events.command(name="new", description="Shuffle a new event deck for this channel")
    @app_commands.describe(
        lists="Card lists, comma-separated (default: all three)",
        conflict="Only this conflict's cards count (rule 21): the Zulu War unless named; all: any",
        others="Cards for other conflicts: left out, or kept in as blanks",
        blanks="Blank cards to add, so events come every few turns",
    )
    @app_commands.autocomplete(lists=_lists, conflict=_conflicts)
    async def new(
        self,
        interaction: Interaction,
        lists: Range[str, 1, 100] = ALL_LISTS,
        conflict: Range[str, 1, 100] = THIS_WAR,
        others: Literal["remove", "blank"] = "remove",
        blanks: Range[int, 0, 100] = 0,
    ) -> None:
        place = place_of(interaction)
        await self.require_referee(interaction, "make the event deck")
        tables = await self.tables(interaction)
        chosen = parse_choices(lists, sotq.event_decks(tables), "card list")
        every = conflict.strip().casefold() == EVERY_CONFLICT
        theatre = None if every else parse_choice(conflict, C.CONFLICTS, "conflict")
        existing = await self.bot.referee.deck(place.channel_id)
        version = existing.version if existing else 0
        master = self.bot.settings.seed
        seed = (
            derived_seed(master, "event deck", place.channel_id, version) if master else new_seed()
        )
        state = new_deck(
            seed, tables, decks=chosen, theatre=theatre, filtering=others, blanks=blanks
        )
        if not state.pile:
            raise DeckError("No card fits those choices; choose more lists or add blanks.")
        await self._save(interaction, state, version)
        replaced = " It replaces the old deck." if existing else ""
        await interaction.response.send_message(f"New event deck: {describe(state)}.{replaced}")

    @events.command(name="draw", description="Draw the top event card (turn step a)")
    async def draw_card(self, interaction: Interaction) -> None:
        await self.require_referee(interaction, "draw event cards")
        document, state = await self._deck(interaction)
        try:
            state, card_id = draw(state)
        except EmptyDeck:
            raise DeckError(
                "The deck is empty; `/events reshuffle` puts the discards back."
            ) from None
        await self._save(interaction, state, document.version)
        tables = await self.tables(interaction)
        await interaction.response.send_message(embed=card_embed(card_id, state, tables))

    @events.command(name="discards", description="The cards drawn so far, newest first")
    async def discards(self, interaction: Interaction) -> None:
        _, state = await self._deck(interaction)
        lines = [
            "Blank card" if is_blank(card) else f"{CARD_NAMES.get(card, card)}"
            for card in reversed(state.discards)
        ]
        embed = discord.Embed(
            title="Event cards drawn",
            description=clip("\n".join(f"{len(lines) - i}. {line}" for i, line in enumerate(lines)))
            or "None yet.",
            colour=COLOUR,
        )
        embed.set_footer(text=describe(state))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @events.command(name="reshuffle", description="Put the discards back and shuffle the deck")
    async def reshuffle_deck(self, interaction: Interaction) -> None:
        await self.require_referee(interaction, "reshuffle the event deck")
        document, state = await self._deck(interaction)
        state = reshuffle(state)
        await self._save(interaction, state, document.version)
        await interaction.response.send_message(f"Event deck reshuffled: {describe(state)}.")

    @events.command(name="status", description="What this channel's event deck holds")
    async def status(self, interaction: Interaction) -> None:
        _, state = await self._deck(interaction)
        await interaction.response.send_message(f"Event deck: {describe(state)}.", ephemeral=True)

    @events.command(name="card", description="Read any event card")
    @app_commands.describe(card="The card (autocomplete by title)")
    @app_commands.autocomplete(card=_cards)
    async def card(self, interaction: Interaction, card: Range[str, 1, 100]) -> None:
        tables = await self.tables(interaction)
        card = known_card(card)
        result = sotq.event_card(card, tables=tables)
        theatres = ", ".join(sotq.event_cards(tables=tables)[card].theatres)
        embed = discord.Embed(title=result.title, description=result.text, colour=COLOUR)
        embed.set_footer(text=f"{result.rule} · fits: {theatres}")
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(EventsCog(bot))


def known_card(typed: str) -> str:
    """The card named by id or title (any case), or a short refusal that points to the
    autocomplete and suggests up to three titles sharing a word with what was typed."""
    wanted = typed.strip().casefold()
    for key, title in CARD_NAMES.items():
        if wanted in (key.casefold(), title.casefold()):
            return key
    words = [word for word in wanted.split() if len(word) > 2]
    near = [
        title for title in CARD_NAMES.values() if any(word in title.casefold() for word in words)
    ][:3]
    hint = f" Perhaps: {'; '.join(near)}." if near else ""
    raise DeckError(
        f"There is no event card called '{clip(typed.strip(), 40)}'. Start typing a title and "
        f"pick the card from the list that opens.{hint}"
    )
