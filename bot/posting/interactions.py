"""Who and where an interaction comes from, and how a refusal or a failure answers it: shared
by the cogs, by the command tree and by the components whose callbacks run outside any cog."""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.operations import metrics
from bot.operations.logs import bind_interaction, shard_of
from bot.play import errors
from bot.play.service import Actor, Place, Update
from bot.posting.draining import RESTARTING
from bot.posting.reach import speaks_here
from bot.posting.text_fit import fit
from bot.storage.outbox import Seen
from bot.storage.records import GameRecord
from games.core.engine import GameSystem
from games.core.errors import LaagerError

Interaction = discord.Interaction["Host"]
T = TypeVar("T")
ANSWER_BUDGET = 2.0
"""Seconds of work before a command shows "thinking": Discord drops an interaction that is
not answered within three."""
P = ParamSpec("P")
log = logging.getLogger(__name__)
MESSAGE_LIMIT = 2000

APOLOGY = (
    "Something went wrong on my side (error `{error_id}`). Check where things stand "
    "before trying again, and if it happens again, give the server's admins that error id."
)
"""The answer to a failure that is not the player's: the id is also in the log, with the
traceback, so an admin can find it."""


def another_system(here: GameSystem, ours: GameSystem, command: str) -> errors.BadInput:
    """The refusal of a system's own command where another system's game is in play: the
    game that is here, and where to look for its choices."""
    return errors.BadInput(
        f"The game in this channel is {here.title}; `/{command}` gives orders only in "
        f"{ours.title}. Use `/game status` for this game's choices."
    )


def place_of(interaction: Interaction) -> Place:
    if interaction.channel_id is None:
        raise errors.BadInput("Games live in channels or threads; use this command in one.")
    return Place(interaction.guild_id, interaction.channel_id, not speaks_here(interaction))


async def actor_of(interaction: Interaction) -> Actor:
    """The user, whether they are a referee here (Manage Channels or the referee role), and
    the interaction's id, which the game mixes into its dice."""
    user = interaction.user
    referee = bool(interaction.permissions.manage_channels)
    if not referee and interaction.guild_id and isinstance(user, discord.Member):
        settings = await interaction.client.store.guild_settings(interaction.guild_id)
        referee = holds_role(interaction, settings.referee_role_id)
    return Actor(user.id, referee, interaction.id)


def holds_role(interaction: Interaction, role_id: int | None) -> bool:
    """Whether the member who interacted has the role (a server's referee role, say)."""
    roles = getattr(interaction.user, "roles", [])
    return role_id is not None and any(role.id == role_id for role in roles)


async def seen_by(interaction: Interaction) -> Seen | None:
    """The position of the channel's game the user was last shown, read as their command
    arrives: an order by slash command is given in it, so a repeat is refused as stale."""
    if interaction.channel_id is None:
        return None
    game = await interaction.client.store.active_game(interaction.channel_id)
    if game is None:
        return None
    return await interaction.client.outbox.last_seen(game.id, interaction.user.id)


async def act_as_seen(interaction: Interaction, actor: Actor, **order: Any) -> Update:
    """Give an order by slash command in the position its giver was last shown, read first
    thing (as the command arrives), inside the command's answer budget."""
    seen = await seen_by(interaction)
    return await interaction.client.service.act(place_of(interaction), actor, seen=seen, **order)


async def shown_to(interaction: Interaction, game: GameRecord, position: str) -> None:
    """Note that the user was shown this position of the game, privately."""
    await interaction.client.outbox.note_seen(
        game.id, [interaction.user.id], game.version, position
    )


UNSEEN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""Control characters, which a chat shows as nothing: a refusal quoting `2d6<NUL>+1` would
read `2d6+1`, a value that looks right."""


async def refuse(interaction: Interaction, message: str) -> None:
    """Answer with an ephemeral explanation, whether or not the interaction was answered; a
    refusal that quotes a long value is shortened to what a message may hold, and one that
    quotes a character no one can see shows it as �."""
    message = fit(UNSEEN.sub("\N{REPLACEMENT CHARACTER}", message), MESSAGE_LIMIT)
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


CARRIED_OUT = "it was carried out; `/game status` there shows where the game stands."


class AnswerLost(Exception):
    """Discord no longer takes an answer to the interaction: the process was too busy to
    acknowledge it within three seconds. Raised once the work was seen to its end and its
    giver was told what became of it another way, so no one tries to answer it again."""


async def within_budget(interaction: Interaction, work: Awaitable[T]) -> T:
    """The result of work that usually answers at once (its refusals privately). If it
    outlasts ANSWER_BUDGET, "thinking" is shown meanwhile, and should the work then fail,
    the placeholder is removed so that the refusal still reaches the player alone. Should
    even "thinking" come too late, the work is still seen to its end (see settle_lost)."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ANSWER_BUDGET)
    if done:
        return task.result()
    await defer_or_settle(interaction, task, thinking=True)
    try:
        return await task
    except Exception:
        await interaction.delete_original_response()
        raise


async def defer_or_settle(interaction: Interaction, task: Awaitable[Any], **how: bool) -> None:
    """Defer the answer to work under way. Should Discord's three seconds have run out while
    we were busy, the work is seen to its end another way (settle_lost): AnswerLost."""
    try:
        await interaction.response.defer(**how)
    except discord.NotFound as lost:
        await settle_lost(interaction, task)
        raise AnswerLost from lost


async def settle_lost(interaction: Interaction, task: Awaitable[Any]) -> None:
    """Wait for the work of an interaction that can no longer be answered, and tell its giver
    what became of it: a stored order's post is handed to the outbox sender at once (it posts
    within seconds, for everyone, the giver included); a refused or failed one, and work that
    owes no post, are told to the giver by DM, the one place still private to him."""
    try:
        outcome = await task
    except Exception as error:
        reason = in_words(error) or APOLOGY.format(error_id=logged_failure(interaction, error))
        await tell_by_dm(interaction, f"it was not carried out. {reason}")
        return
    owed = getattr(outcome, "outbox_id", None)
    if owed is not None:
        await interaction.client.outbox.release(owed)
    else:
        await tell_by_dm(interaction, CARRIED_OUT)


async def acknowledge(interaction: Interaction, update: Update, **how: bool) -> None:
    """Defer the answer to an interaction whose order is already stored. Should Discord's
    three seconds have run out meanwhile, the order stands: its post goes to the outbox
    sender where the bot may post, and its giver gets a DM elsewhere (AnswerLost)."""
    try:
        await interaction.response.defer(**how)
    except discord.NotFound as lost:
        if update.outbox_id is not None and speaks_here(interaction):
            await interaction.client.outbox.release(update.outbox_id)
        else:
            await tell_by_dm(interaction, CARRIED_OUT)
        raise AnswerLost from lost


async def tell_by_dm(interaction: Interaction, what_became: str) -> None:
    """A DM about an interaction Discord no longer lets us answer (DMs may be closed)."""
    where = f"<#{interaction.channel_id}>" if interaction.channel_id else "a DM"
    text = (
        f"Your {described(interaction)} in {where} reached me when I was too busy to answer "
        f"within Discord's three seconds: {what_became}"
    )
    try:
        await interaction.user.send(fit(text, MESSAGE_LIMIT))
    except discord.HTTPException:
        log.warning("could not tell %s by DM: %s", interaction.user.id, text)


async def thinking_first(
    interaction: Interaction, work: Callable[[], Awaitable[T]], *, ephemeral: bool = False
) -> T:
    """Show "thinking" at once, then do work that reads or writes the database: under load a
    query can wait longer than Discord's three seconds for the first answer, so nothing slow
    comes before it. Should the work fail, a public placeholder is removed, so that the
    refusal still reaches the player alone (an ephemeral one is replaced by the refusal)."""
    try:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    except discord.NotFound as lost:  # too late already: nothing was done
        await tell_by_dm(interaction, "nothing was done; give it again.")
        raise AnswerLost from lost
    try:
        return await work()
    except Exception:
        if not ephemeral:
            await interaction.delete_original_response()
        raise


def in_words(error: BaseException) -> str | None:
    """The sentence for a failure the player can act on, or None for the bot's own fault."""
    original = getattr(error, "original", None) or error
    if isinstance(original, LaagerError):
        return original.message
    if isinstance(error, Undeclared | Unavailable):
        return error.message
    if isinstance(error, app_commands.TransformerError):
        return f"I could not read `{error.value}` for that option; check it and try again."
    if isinstance(error, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
        return "That command has changed since Discord showed it to you; try it again."
    return None


async def answer_failure(interaction: Interaction, error: BaseException) -> None:
    """Answer any failure: a refusal in words, or an apology whose error id is logged with
    the traceback. The answer itself may fail (an expired interaction); that is logged."""
    if isinstance(getattr(error, "original", None) or error, AnswerLost):
        log.warning("%s came too late to be answered", described(interaction))
        counted(interaction, "lost")
        return
    message = in_words(error)
    if message is None:
        message = APOLOGY.format(error_id=logged_failure(interaction, error))
    counted(interaction, "refused" if in_words(error) else "error")
    try:
        await refuse(interaction, message)
    except discord.NotFound:  # too late to answer in place: the giver still learns of it
        await tell_by_dm(interaction, f"it was not carried out. {message}")
    except discord.HTTPException:
        log.warning("could not answer interaction %s: %s", interaction.id, message)


def described(interaction: Interaction) -> str:
    """The command or the press, as a log line or a DM names it."""
    if interaction.command:
        return f"`/{interaction.command.qualified_name}`"
    return f"press of `{(interaction.data or {}).get('custom_id', '?')}`"


def logged_failure(interaction: Interaction, error: BaseException) -> str:
    """Log a failure that is the bot's own, with its traceback; the id the apology quotes."""
    error_id = secrets.token_hex(4)
    original = getattr(error, "original", None) or error
    log.error("error %s: %s failed", error_id, described(interaction), exc_info=original)
    return error_id


def answering(
    handler: Callable[Concatenate[Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[Interaction, P], Awaitable[None]]:
    """Wrap a component handler so that whatever it raises still gets an answer (discord.py
    only logs a failing dynamic button or menu, leaving the player with no reply)."""

    @functools.wraps(handler)
    async def answered(interaction: Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        bind_interaction(interaction)
        shard = shard_of(interaction.client, interaction.guild_id)
        metrics.command_started(interaction.extras, f"component:{handler.__name__}", shard)
        if interaction.client.handlers.draining:
            await answer_failure(interaction, Unavailable(RESTARTING))
            return
        interaction.client.handlers.hold()
        try:
            await handler(interaction, *args, **kwargs)
        except Exception as error:
            await answer_failure(interaction, error)
        else:
            counted(interaction, "ok")

    return answered


def counted(interaction: Interaction, outcome: str) -> None:
    """Count and time a handled command once, and log it with what it concerned."""
    seconds = metrics.command_finished(interaction.extras, outcome)
    if seconds is not None:
        log.info(
            "command %s",
            outcome,
            extra={
                "command": interaction.extras.get("metrics_command"),
                "outcome": outcome,
                "ms": round(seconds * 1000, 1),
            },
        )


class Undeclared(app_commands.AppCommandError):
    """An option value outside the choices, range or length its command declares. Discord's
    clients keep to them, but a client with stale commands, or anyone calling the API, need
    not, and discord.py passes such values on unchecked."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class AnsweringTree(app_commands.CommandTree):
    """The bot's command tree: every failing slash command is answered (see answer_failure),
    and options outside what their command declares are refused before it runs."""

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        bind_interaction(interaction)
        if interaction.type is discord.InteractionType.application_command:
            if interaction.command is not None:
                name = interaction.command.qualified_name
                shard = shard_of(interaction.client, interaction.guild_id)
                metrics.command_started(interaction.extras, name, shard)
            if interaction.client.handlers.draining:
                raise Unavailable(RESTARTING)
            interaction.client.handlers.hold()
            data = interaction.data or {}
            command = interaction.command
            if data.get("type", 1) == 1 and isinstance(command, app_commands.Command):
                check_declared(command, given_options(dict(data)))
        return True

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        await answer_failure(interaction, error)


class Unavailable(app_commands.CheckFailure):
    """The bot cannot take commands now (it is stopping); the message says when to retry."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


SUBCOMMAND_TYPES = (1, 2)
"""Option types that are a subcommand or a subcommand group: part of the command's path."""


def given_options(data: dict) -> list[dict]:
    """The options given to the command itself, below its subcommand group and subcommand."""
    options: list[dict] = data.get("options") or []
    while options and options[0].get("type") in SUBCOMMAND_TYPES:
        options = options[0].get("options") or []
    return options


def check_declared(command: app_commands.Command, options: list[dict]) -> None:
    """Raise :class:`Undeclared` for the first option outside its declared bounds."""
    parameters = {p.display_name: p for p in command.parameters}
    for option in options:
        parameter = parameters.get(option.get("name", ""))
        if parameter is None or "value" not in option:
            continue
        value, name = option["value"], f"`{parameter.display_name}`"
        allowed = [choice.value for choice in parameter.choices]
        if allowed and value not in allowed:
            listing = ", ".join(f"`{choice.value}` ({choice.name})" for choice in parameter.choices)
            raise Undeclared(f"{name} must be one of {fit(listing, 1500)}.")
        low, high = parameter.min_value, parameter.max_value
        if isinstance(value, str):
            if not _within(len(value), low, high):
                raise Undeclared(f"{name} takes {_bounds(low, high)} characters.")
        elif isinstance(value, int | float) and not isinstance(value, bool):
            if not _within(value, low, high):
                raise Undeclared(f"{name} must be {_bounds(low, high)}.")


def _within(value: float, low: float | None, high: float | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"from {low:g} to {high:g}"
    return f"at least {low:g}" if low is not None else f"at most {high:g}"
