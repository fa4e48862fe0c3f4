"""Interactions the sandbox sent to the bot, and what the bot answered to each."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.sandbox import installs, payloads
from bot.sandbox.models import (
    JSON,
    InteractionMetadata,
    Message,
    MessageEvent,
    SandboxChannel,
    SandboxUser,
)
from bot.sandbox.state import SandboxState

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
ANSWER_WITHIN = 3.0
"""Seconds Discord gives a bot to send the initial response before the token dies."""
NOT_ANSWERED = "The application did not respond"
OPTIONS_NOT_LOADED = "Loading options failed"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction token works for follow-ups and edits of its messages."""


@dataclass(eq=False)
class SandboxInteraction:
    """One slash command, click, select, autocomplete or modal submit, and its outcome."""

    id: int
    token: str
    type: int
    user: SandboxUser
    channel: SandboxChannel
    label: str
    """What the player did, e.g. "/game new" or "click [Fire]"; used in errors and logs."""
    session_index: int
    source_message: Message | None = None
    """For components: the message the button or select sits on."""
    opened_by: SandboxInteraction | None = None
    """For modal submits: the interaction whose response was the modal."""
    callback_type: int | None = None
    original: Message | None = None
    """The message @original refers to (the reply, the thinking placeholder, or the source)."""
    responses: list[Message] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    """Every message created or edited while this interaction was being handled, in order."""
    choices: list[JSON] | None = None
    modal: JSON | None = None
    completed: bool = False
    """A "thinking" deferral is complete once the original response is edited or the first
    follow-up arrives; a deferred update once anything visible follows it."""
    answer_by: float | None = None
    """The event-loop time after which an initial response is refused."""
    work_mark: int | None = None
    """How many tasks the bot in this process had started when this was sent (bot_work.py)."""
    answered_at: float | None = None
    """The event-loop time the initial response (or deferral) arrived."""
    failure: str | None = None
    """What the player saw instead of an answer, e.g. "The application did not respond"."""
    context: int = installs.GUILD
    owners: dict[str, str] = field(default_factory=dict)
    """authorizing_integration_owners: the installations that allowed the interaction."""
    opened_at: float = 0.0
    """When it was sent, on the book's clock (which passing time moves on)."""
    orphaned: bool = False
    """Its bot process was killed while it was open: if it goes unanswered, the player still
    sees the failure, but the planted crash caused it, so it is not the bot's violation."""

    @property
    def expired(self) -> bool:
        return self.failure is not None

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def deferred(self) -> bool:
        return self.callback_type in (DEFERRED_MESSAGE, DEFERRED_UPDATE)

    @property
    def response(self) -> Message | None:
        """The first message the player saw in answer (reply, edit, update or follow-up)."""
        return self.responses[0] if self.responses else None

    @property
    def ephemeral(self) -> bool:
        return self.response is not None and self.response.ephemeral

    def note_response(self, message: Message) -> None:
        if message not in self.responses:
            self.responses.append(message)
        self.note_message(message)

    def note_message(self, message: Message) -> None:
        if not message.loading and message not in self.messages:
            self.messages.append(message)

    def metadata(self, *, followup: bool = False) -> InteractionMetadata:
        """What messages produced by this interaction say about it."""
        original = self.original if followup else None
        is_component = self.type == MESSAGE_COMPONENT
        return InteractionMetadata(
            id=self.id,
            type=self.type,
            user=self.user,
            interacted_message_id=self.source_message.id
            if is_component and self.source_message
            else None,
            original_response_message_id=original.id if original is not None else None,
            triggering=self.opened_by.metadata() if self.opened_by is not None else None,
            owners=dict(self.owners),
        )

    def __repr__(self) -> str:
        return (
            f"<SandboxInteraction {self.label} by {self.user.name} callback={self.callback_type}>"
        )


class InteractionBook:
    """Finds interactions by token and credits new messages to the ones being handled."""

    def __init__(self, state: SandboxState) -> None:
        self._state = state
        self._by_token: dict[str, SandboxInteraction] = {}
        self.open: list[SandboxInteraction] = []
        self.skipped = 0.0
        """Seconds the driver made pass (pass_time) on top of the event loop's clock."""
        state.listeners.append(self._on_message_event)

    def _seen_by(self, interaction: SandboxInteraction, message: Message) -> bool:
        """Whether the interaction's player sees the message: in its channel (unless it is
        someone else's ephemeral), or in their DMs."""
        if message.recipient is not None and message.recipient.id != interaction.user.id:
            return False
        if message.channel_id == interaction.channel.id:
            return True
        return message.channel_id == self._state.dm_channels.get(interaction.user.id)

    def new(
        self,
        kind: int,
        user: SandboxUser,
        channel: SandboxChannel,
        label: str,
        session_index: int,
        source_message: Message | None = None,
        opened_by: SandboxInteraction | None = None,
        *,
        owners: dict[str, str],
        now: float,
    ) -> SandboxInteraction:
        interaction_id = self._state.clock.next_id()
        interaction = SandboxInteraction(
            id=interaction_id,
            token=f"sandbox-interaction-{interaction_id}",
            type=kind,
            user=user,
            channel=channel,
            label=label,
            session_index=session_index,
            source_message=source_message,
            opened_by=opened_by,
            context=installs.context_of(channel),
            owners=owners,
            opened_at=now + self.skipped,
        )
        self._by_token[interaction.token] = interaction
        self.open.append(interaction)
        return interaction

    def by_token(self, token: str) -> SandboxInteraction | None:
        return self._by_token.get(token)

    def token_expired(self, interaction: SandboxInteraction, now: float) -> bool:
        """Whether the interaction's 15 minutes for follow-ups and edits are over."""
        return now + self.skipped - interaction.opened_at > TOKEN_LIFETIME

    def orphan(self, session_indexes: set[int] | None) -> None:
        """Mark the open interactions sent to these sessions (None: to any) as orphaned."""
        for interaction in self.open:
            if session_indexes is None or interaction.session_index in session_indexes:
                interaction.orphaned = True

    def close(self, interaction: SandboxInteraction) -> None:
        if interaction in self.open:
            self.open.remove(interaction)

    def _on_message_event(self, event: MessageEvent) -> None:
        if event.kind == "deleted" or event.message.loading:
            return
        for interaction in self.open:
            interaction.note_message(event.message)
            if interaction.callback_type == DEFERRED_UPDATE and self._seen_by(
                interaction, event.message
            ):
                # A deferred update shows no placeholder, so anything its player sees after
                # it (an edit of the clicked message, a follow-up, a post in its channel or a
                # DM to them) completes it; what other channels see does not. A "thinking"
                # deferral is completed only by its own routes, as on Discord.
                interaction.completed = True
                if event.message is interaction.original:
                    interaction.note_response(event.message)


def interaction_create_payload(
    state: SandboxState, interaction: SandboxInteraction, data: JSON
) -> JSON:
    """INTERACTION_CREATE as Discord sends it for a channel of the bot's server, its DMs, a
    group DM or a server that has not added the bot (the last two through a user install)."""
    channel, user = interaction.channel, interaction.user
    payload: JSON = {
        "id": str(interaction.id),
        "application_id": str(state.application_id),
        "type": interaction.type,
        "data": data,
        "token": interaction.token,
        "version": 1,
        "channel_id": str(channel.id),
        "channel": payloads.interaction_channel_payload(state, channel, user),
        "locale": "en-US",
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        "app_permissions": str(installs.app_permissions(state, channel)),
        "authorizing_integration_owners": dict(interaction.owners),
        "context": interaction.context,
    }
    guild_id = state.guild_of(channel)
    if guild_id is None:
        payload["user"] = payloads.user_payload(user)
    else:
        outside = channel.outside_guild_id is not None
        payload |= {
            "guild_id": str(guild_id),
            "guild": {"id": str(guild_id), "locale": "en-US", "features": []},
            "guild_locale": "en-US",
            "member": payloads.interaction_member_payload(state, user, outside=outside),
        }
    if interaction.source_message is not None:
        payload["message"] = payloads.message_payload(state, interaction.source_message)
    return payload
