"""Registering the slash commands at start, and saying plainly why Discord refused them.

Discord checks every command against its limits when the bot syncs them and refuses the
whole sync if one breaks a limit; the bot cannot start without its commands. Its error body
names the offending command by its index in the list sent, and the field by its path
(``In 3.options.0.description: Must be between 1 and 100 in length.``); the message here
names the command and option instead.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

SUBCOMMAND_TYPES = (1, 2)
"""Option types that are subcommands or subcommand groups, which are part of a command path."""
PROBLEM = re.compile(r"^In (\d+)(?:\.(\S+))?: (.+)$")


class CommandsRefused(Exception):
    """Discord refused the bot's slash commands, so the bot cannot start."""


async def sync_commands(tree: app_commands.CommandTree, guild: discord.Object | None) -> None:
    """Sync the tree's commands (to one guild, or globally), or raise CommandsRefused."""
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as error:
        sent = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
        raise CommandsRefused(refusal_message(error, sent)) from None


def refusal_message(error: discord.HTTPException, sent: list[dict[str, Any]]) -> str:
    """Which command broke which limit, from Discord's error and the commands as sent."""
    problems = []
    for line in error.text.splitlines():
        match = PROBLEM.match(line.strip())
        if match:
            index, path, message = match.groups()
            problems.append(f"{_where(sent, int(index), path or '')}: {message}")
    if not problems:
        problems.append(error.text.strip() or "no reason given")
    return "\n".join(
        [
            f"Discord refused the bot's slash commands (HTTP {error.status}, "
            f"error code {error.code}), so the bot cannot start:",
            *(f"- {problem}" for problem in problems),
            "Bring each command named within Discord's limits and start the bot again.",
        ]
    )


def _where(sent: list[dict[str, Any]], index: int, path: str) -> str:
    """ "/command sub, option name, field" for an error path such as ``options.2.description``."""
    if index >= len(sent):
        return f"command number {index + 1}"
    node = sent[index]
    words, option, field = [str(node.get("name"))], None, []
    parts = path.split(".") if path else []
    while parts:
        options = node.get("options") or []
        if parts[0] == "options" and len(parts) > 1 and parts[1].isdigit():
            if int(parts[1]) >= len(options):
                field = parts
                break
            node = options[int(parts[1])]
            if node.get("type") in SUBCOMMAND_TYPES:
                words.append(str(node.get("name")))
            else:
                option = str(node.get("name"))
            parts = parts[2:]
        else:
            field = parts
            break
    where = "/" + " ".join(words)
    if option:
        where += f", option {option}"
    if field:
        where += f", {'.'.join(field)}"
    return where
