"""The sandbox's moving parts, shared by the REST routes and the driver API."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.sandbox import payloads
from bot.sandbox.activity import ActivityMonitor
from bot.sandbox.commands import CommandRegistry
from bot.sandbox.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, Gateway
from bot.sandbox.interactions import InteractionBook
from bot.sandbox.models import MessageEvent, Violation
from bot.sandbox.state import SandboxState


@dataclass
class Backend:
    """State, registered commands, gateway sessions, interactions and traffic tracking."""

    state: SandboxState
    commands: CommandRegistry
    gateway: Gateway
    interactions: InteractionBook
    activity: ActivityMonitor
    violations: list[Violation] = field(default_factory=list)
    """Where the sandbox records what Discord would refuse (shared with the REST guard)."""

    def __post_init__(self) -> None:
        self.state.listeners.append(self._publish_message_event)

    def _publish_message_event(self, event: MessageEvent) -> None:
        """Mirror message changes to the bot as gateway events (never for ephemerals)."""
        self.activity.touch()
        message = event.message
        if message.ephemeral or message.loading:
            return
        channel = self.state.channels.get(message.channel_id)
        if channel is not None and channel.bot_absent:
            return  # the bot is no member of a group DM or of a server without it
        intent = GUILD_MESSAGES if message.guild_id is not None else DIRECT_MESSAGES
        if event.kind == "deleted":
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self.gateway.broadcast("MESSAGE_DELETE", data, intent)
            return
        data = payloads.gateway_message_payload(self.state, message)
        event_name = "MESSAGE_CREATE" if event.kind == "created" else "MESSAGE_UPDATE"
        self.gateway.broadcast(event_name, data, intent)

    def refuse(self, method: str, path: str, reason: str) -> None:
        """Record a request Discord answers with an error a correct bot never provokes."""
        self.violations.append(Violation(method, path, reason))
