"""Sending an interaction to one bot session and waiting until the bot is done with it."""

from __future__ import annotations

from bot.sandbox.backend import Backend
from bot.sandbox.interactions import (
    ANSWER_WITHIN,
    AUTOCOMPLETE,
    DEFERRED_MESSAGE,
    NOT_ANSWERED,
    OPTIONS_NOT_LOADED,
    SandboxInteraction,
    interaction_create_payload,
)
from bot.sandbox.models import (
    JSON,
    Message,
    SandboxChannel,
    SandboxError,
    SandboxTimeout,
    SandboxUser,
    Violation,
)


class InteractionDispatcher:
    """Round-robins interactions over the sessions of the shard that owns the channel's
    guild, and settles each before returning it."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._modals: dict[int, SandboxInteraction] = {}

    def latest_modal(self, user: SandboxUser) -> SandboxInteraction | None:
        """The interaction whose answer was the modal this user has open, if any."""
        return self._modals.get(user.id)

    async def send(
        self,
        kind: int,
        user: SandboxUser,
        channel: SandboxChannel,
        label: str,
        data: JSON,
        *,
        quiet: float | None,
        limit: float,
        source: Message | None = None,
        opened_by: SandboxInteraction | None = None,
        via: int | None = None,
        owners: dict[str, str],
    ) -> SandboxInteraction:
        gateway = self._backend.gateway
        session = gateway.pick_session(via, channel.guild_id)
        if session is None:
            connected = [s.index for s in gateway.live_sessions()]
            missing = (
                f"with index {via} holds the shard of {channel.guild_id or 'DMs'} "
                f"(connected: {connected})"
                if via is not None
                else f"holding the shard of {channel.guild_id or 'DMs'} is connected"
            )
            raise SandboxError(f"cannot send {label}: no bot session {missing}")
        if opened_by is not None:
            self._modals.pop(user.id, None)
        book = self._backend.interactions
        interaction = book.new(
            kind,
            user,
            channel,
            label,
            session.index,
            source,
            opened_by,
            owners=owners,
            now=self._backend.activity.now(),
        )
        payload = interaction_create_payload(self._backend.state, interaction, data)
        interaction.answer_by = self._backend.activity.now() + ANSWER_WITHIN
        work = self._backend.activity.bot_work
        interaction.work_mark = work.started if work is not None else None
        session.dispatch("INTERACTION_CREATE", payload)
        self._backend.activity.touch()
        try:
            await self._settle(interaction, quiet, limit)
        finally:
            book.close(interaction)
        if interaction.modal is not None:
            self._modals[user.id] = interaction
        return interaction

    async def _settle(
        self, interaction: SandboxInteraction, quiet: float | None, limit: float
    ) -> None:
        """Return once the bot answered, finished any deferral, and REST went quiet (without
        ``quiet``, at once: many players acting together never leave REST quiet).

        An interaction not answered within three seconds fails as on Discord (its token is
        refused from then on) and is recorded as a violation, as is a "thinking" deferral
        that never becomes an answer, unless the driver killed the bot process holding it
        (:meth:`DiscordSandbox.process_killed`)."""
        activity = self._backend.activity
        deadline = activity.now() + limit
        who = f"{interaction.label} by {interaction.user.name}"
        assert interaction.answer_by is not None
        if not await activity.wait_for(lambda: interaction.acknowledged, interaction.answer_by):
            seen = OPTIONS_NOT_LOADED if interaction.type == AUTOCOMPLETE else NOT_ANSWERED
            interaction.failure = seen
            reason = f"no interaction response within {ANSWER_WITHIN:g} s; {who} saw {seen!r}"
            self._record(interaction, reason)
            raise SandboxTimeout(f"{who}: {seen} (no response within {ANSWER_WITHIN:g} s)")
        if interaction.deferred and not await activity.wait_for(
            lambda: interaction.completed, deadline
        ):
            if interaction.callback_type == DEFERRED_MESSAGE:
                interaction.failure = NOT_ANSWERED
                self._record(
                    interaction,
                    f'{who}: deferred ("thinking") but never edited the original response '
                    f"or sent a follow-up within {limit:g} s",
                )
            raise SandboxTimeout(
                f"{who}: the bot deferred but sent no follow-up, edit or message within {limit:g} s"
            )
        if quiet is not None and not await activity.wait_quiet(
            quiet, deadline, interaction.work_mark
        ):
            raise SandboxTimeout(f"{who}: the bot's REST traffic did not settle within {limit:g} s")

    def _record(self, interaction: SandboxInteraction, reason: str) -> None:
        if interaction.orphaned:
            return
        self._backend.violations.append(
            Violation("INTERACTION", interaction.label, reason, "interaction")
        )
