"""Discord-in-a-box: a local gateway and REST API for driving the bot like players do."""

from bot.sandbox.discord_client import discord_py_redirected
from bot.sandbox.interactions import SandboxInteraction
from bot.sandbox.models import (
    Attachment,
    Message,
    MessageEvent,
    SandboxError,
    SandboxTimeout,
    SandboxUser,
    Violation,
)
from bot.sandbox.sandbox import DiscordSandbox

__all__ = [
    "Attachment",
    "DiscordSandbox",
    "Message",
    "MessageEvent",
    "SandboxError",
    "SandboxInteraction",
    "SandboxTimeout",
    "SandboxUser",
    "Violation",
    "discord_py_redirected",
]
