"""``/game help`` for the game in the channel and ``/game rules``: what the phase under way is
for, what each order open now does, and a system's guide by topic (bot.posting.guide)."""

from __future__ import annotations

import discord

from bot.play.service import Update
from bot.posting.guide import TOPICS, Guide
from bot.posting.next_steps import CommandFor, ways
from bot.posting.text_fit import fit
from games.core.engine import Order
from games.core.text import shorten

FIELD = 1024
PHASE = 1500
"""The phase's note, kept short so the help and the commands' list fit one message's 6,000."""
KINDS_SHOWN = 12
"""Kinds of order described in one answer; each kind is a sentence or two."""


def help_embed(
    update: Update, guide: Guide, user_id: int, command_for: CommandFor | None
) -> discord.Embed:
    """The phase under way and what it is for; what the asker may order now (or who is on
    move), each kind of order in a sentence with its rule; and where to read more."""
    system, state = update.system, update.game.state
    title = f"{system.title} · game {update.game.id}: how to play now"
    embed = discord.Embed(title=shorten(title, 256))
    if update.result:
        embed.description = (
            f"The game is over: {update.result.summary} `/game rules` explains the game."
        )
        return embed
    key = guide.phase_of(state)
    phase = guide.phases.get(key)
    if phase is not None:
        embed.description = fit(f"**{phase.title}** (rules {phase.rules})\n{phase.purpose}", PHASE)
    mine = [s.side for s in update.seats if s.user_id == user_id]
    acting = [side for side in system.to_act(state) if side in mine]
    orders = [o for side in acting for o in update.orders(side)]
    if orders:
        embed.add_field(
            name="Your orders now", value=fit(_kinds(orders, guide), FIELD), inline=False
        )
        how = ways(orders, command_for).replace("the buttons below", "the buttons under its post")
        embed.add_field(name="How to give them", value=fit(how, FIELD), inline=False)
    else:
        waiting = ", ".join(system.to_act(state)) or "nobody"
        said = f"The game waits for: {waiting}."
        if not mine:
            said += " You have no seat in this game; `/game join` takes a free side."
        embed.add_field(name="On move", value=said, inline=False)
    topics = ", ".join(f"`{t}`" for t in guide.topics)
    embed.add_field(
        name="Learn the game", value=f"`/game rules` with a topic: {topics}.", inline=False
    )
    return embed


def _kinds(orders: list[Order], guide: Guide) -> str:
    """Each kind of order among ``orders``, once, with what it does."""
    seen: dict[str, int] = {}
    for order in orders:
        seen[order.kind] = seen.get(order.kind, 0) + 1
    lines = []
    for kind, count in list(seen.items())[:KINDS_SHOWN]:
        what = guide.orders.get(kind, "")
        several = f" ({count} open)" if count > 1 else ""
        lines.append(f"• **{kind or 'order'}**{several}: {what}".rstrip(": "))
    return "\n".join(lines)


def rules_embed(title: str, guide: Guide, topic: str | None) -> discord.Embed:
    """One topic of a system's guide, or, without one, the list of topics and the sequence."""
    chosen = topic if topic in guide.topics else None
    shown = chosen or "sequence"
    embed = discord.Embed(title=shorten(f"{title}: {shown}", 256), description=guide.topics[shown])
    others = ", ".join(t for t in guide.topics if t != shown)
    note = f"Other topics: {others} (/game rules topic: and its name)."
    if topic and not chosen:
        note = f"There is no topic {shorten(topic, 30)}. " + note
    embed.set_footer(text=shorten(note, 2048))
    return embed


def topic_names(guide: Guide | None) -> tuple[str, ...]:
    """The topics offered for ``/game rules`` (every guide has at least TOPICS)."""
    return tuple(guide.topics) if guide else TOPICS
