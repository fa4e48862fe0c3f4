"""REST routes for interaction callbacks, follow-ups and the original response.

These are the webhook-style routes: they authenticate by interaction token, not bot token.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.sandbox import payloads
from bot.sandbox.backend import Backend
from bot.sandbox.http_responses import (
    ALREADY_ACKNOWLEDGED,
    INVALID_FORM_BODY,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    discord_error,
    json_response,
    no_content,
    not_found,
)
from bot.sandbox.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MODAL,
    UPDATE_MESSAGE,
    SandboxInteraction,
)
from bot.sandbox.message_input import MessageInputError, message_changes
from bot.sandbox.models import EPHEMERAL, JSON, LOADING, Message
from bot.sandbox.request_body import RequestBody
from bot.sandbox.rest_server import BODY_KEY
from bot.sandbox.state import MessageChanges

CHAT_INPUT_COMMAND_MESSAGE = 20
TRUE_QUERY_VALUES = ("1", "true", "True")


class InteractionRoutes:
    """How the bot answers interactions: callbacks, follow-ups and @original edits."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._state = backend.state

    def routes(self) -> list[web.RouteDef]:
        webhook = "/webhooks/{application_id}/{token}"
        live = self._live_token
        return [
            web.post("/interactions/{interaction_id}/{token}/callback", self.callback),
            web.post(webhook, live(self.followup)),
            web.get(webhook + "/messages/{message_id}", live(self.get_message)),
            web.patch(webhook + "/messages/{message_id}", live(self.edit_message)),
            web.delete(webhook + "/messages/{message_id}", live(self.delete_message)),
        ]

    def _live_token(
        self, handler: Callable[[web.Request], Awaitable[web.Response]]
    ) -> Callable[[web.Request], Awaitable[web.Response]]:
        """An interaction token works for follow-ups and edits for 15 minutes; after that
        Discord answers 401 Invalid Webhook Token (50027). A bot that keeps track of its
        windows never sends such a request, so it is also recorded."""

        async def checked(request: web.Request) -> web.Response:
            interaction = self._backend.interactions.by_token(request.match_info["token"])
            now = self._backend.activity.now()
            if interaction is not None and self._backend.interactions.token_expired(
                interaction, now
            ):
                self._backend.refuse(
                    request.method,
                    request.path,
                    f"401 Invalid Webhook Token ({INVALID_WEBHOOK_TOKEN}): the token of "
                    f"{interaction.label} is older than 15 minutes",
                )
                return discord_error(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
            return await handler(request)

        return checked

    # the initial callback

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._backend.interactions.by_token(request.match_info["token"])
        if interaction is None or str(interaction.id) != request.match_info["interaction_id"]:
            return not_found(UNKNOWN_INTERACTION, "interaction")
        answer_by = interaction.answer_by or float("inf")
        if interaction.expired or self._backend.activity.now() > answer_by:
            # Too late: Discord has already told the player the application did not respond.
            return not_found(UNKNOWN_INTERACTION, "interaction")
        if interaction.acknowledged:
            return discord_error(
                400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        body: RequestBody = request[BODY_KEY]
        kind = int(body.fields["type"])
        data: JSON = body.fields.get("data") or {}
        try:
            refusal = self._apply_callback(interaction, kind, body, data)
        except MessageInputError as error:
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", [str(error)])
        if refusal is not None:
            return discord_error(400, INVALID_FORM_BODY, refusal)
        interaction.callback_type = kind
        interaction.answered_at = self._backend.activity.now()
        self._backend.activity.touch()
        if request.query.get("with_response") not in TRUE_QUERY_VALUES:
            return no_content()
        return json_response(self._callback_response(interaction, kind))

    def _apply_callback(
        self, interaction: SandboxInteraction, kind: int, body: RequestBody, data: JSON
    ) -> str | None:
        """Carry out the callback; a returned string is why Discord would refuse it."""
        is_autocomplete = interaction.type == AUTOCOMPLETE
        if is_autocomplete != (kind == AUTOCOMPLETE_RESULT):
            return "Autocomplete interactions take only autocomplete results"
        if kind == CHANNEL_MESSAGE:
            changes = message_changes(self._state, body, data, None)
            message = self._reply(interaction, changes)
            interaction.original = message
            interaction.note_response(message)
        elif kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            interaction.original = self._reply(interaction, MessageChanges(flags=flags))
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            source = interaction.source_message
            if source is None:
                return "This interaction has no message to update"
            interaction.original = source
            if kind == UPDATE_MESSAGE:
                self._state.edit(source, message_changes(self._state, body, data, source))
                interaction.note_response(source)
        elif kind == AUTOCOMPLETE_RESULT:
            interaction.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            interaction.modal = data
        else:
            return f"Interaction callback type {kind} is not supported here"
        return None

    def _reply(self, interaction: SandboxInteraction, changes: MessageChanges) -> Message:
        ephemeral = bool((changes.flags or 0) & EPHEMERAL)
        is_command = interaction.type == APPLICATION_COMMAND
        return self._state.post(
            interaction.channel,
            self._state.bot_user,
            changes,
            ephemeral_to=interaction.user if ephemeral else None,
            message_type=CHAT_INPUT_COMMAND_MESSAGE if is_command else 0,
            interaction=interaction.metadata(),
            webhook_id=self._state.application_id,
        )

    def _callback_response(self, interaction: SandboxInteraction, kind: int) -> JSON:
        summary: JSON = {"id": str(interaction.id), "type": interaction.type}
        original = interaction.original
        if original is not None and kind in (CHANNEL_MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE):
            summary |= {
                "response_message_id": str(original.id),
                "response_message_loading": original.loading,
                "response_message_ephemeral": original.ephemeral,
            }
        response: JSON = {"interaction": summary}
        if original is not None and kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            message = payloads.message_payload(self._state, original)
            response["resource"] = {"type": kind, "message": message}
        return response

    # follow-ups and the original response

    def _webhook_interaction(self, request: web.Request) -> SandboxInteraction | None:
        if request.match_info["application_id"] != str(self._state.application_id):
            return None
        interaction = self._backend.interactions.by_token(request.match_info["token"])
        return interaction if interaction is not None and interaction.acknowledged else None

    def _webhook_target(
        self, request: web.Request
    ) -> tuple[SandboxInteraction, Message] | web.Response:
        """The interaction and message a webhook message route names, or the 404 to answer."""
        interaction = self._webhook_interaction(request)
        if interaction is None:
            return not_found(UNKNOWN_WEBHOOK, "Webhook")
        message = self._webhook_message(request, interaction)
        if message is None:
            return not_found(UNKNOWN_MESSAGE, "Message")
        return interaction, message

    def _webhook_message(
        self, request: web.Request, interaction: SandboxInteraction
    ) -> Message | None:
        ref = request.match_info["message_id"]
        if ref == "@original":
            message = interaction.original
        else:
            message = self._state.message(ref)
            produced = message is not None and (
                message is interaction.original
                or (message.interaction is not None and message.interaction.id == interaction.id)
            )
            message = message if produced else None
        return None if message is None or message.deleted else message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if interaction is None:
            return not_found(UNKNOWN_WEBHOOK, "Webhook")
        body: RequestBody = request[BODY_KEY]
        try:
            original = interaction.original
            if original is not None and original.loading and not original.deleted:
                # The first follow-up after a "thinking" deferral replaces the placeholder
                # (once the bot deleted the placeholder, follow-ups are new messages).
                changes = message_changes(self._state, body, body.fields, original)
                changes.flags = (changes.flags or 0) & ~LOADING
                message = self._state.edit(original, changes)
            else:
                changes = message_changes(self._state, body, body.fields, None)
                message = self._post_followup(interaction, changes)
        except MessageInputError as error:
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", [str(error)])
        interaction.completed = True
        interaction.note_response(message)
        self._backend.activity.touch()
        if request.query.get("wait") not in TRUE_QUERY_VALUES:
            return no_content()
        return json_response(payloads.message_payload(self._state, message))

    def _post_followup(self, interaction: SandboxInteraction, changes: MessageChanges) -> Message:
        ephemeral = bool((changes.flags or 0) & EPHEMERAL)
        return self._state.post(
            interaction.channel,
            self._state.bot_user,
            changes,
            ephemeral_to=interaction.user if ephemeral else None,
            interaction=interaction.metadata(followup=True),
            webhook_id=self._state.application_id,
        )

    async def get_message(self, request: web.Request) -> web.Response:
        found = self._webhook_target(request)
        if isinstance(found, web.Response):
            return found
        _, message = found
        return json_response(payloads.message_payload(self._state, message))

    async def edit_message(self, request: web.Request) -> web.Response:
        found = self._webhook_target(request)
        if isinstance(found, web.Response):
            return found
        interaction, message = found
        body: RequestBody = request[BODY_KEY]
        try:
            changes = message_changes(self._state, body, body.fields, message)
        except MessageInputError as error:
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", [str(error)])
        if message.loading:
            changes.flags = (changes.flags or 0) & ~LOADING
        self._state.edit(message, changes)
        if message is interaction.original:
            interaction.completed = True
            interaction.note_response(message)
        self._backend.activity.touch()
        return json_response(payloads.message_payload(self._state, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        found = self._webhook_target(request)
        if isinstance(found, web.Response):
            return found
        interaction, message = found
        self._state.delete(message)
        if message is interaction.original:
            interaction.completed = True
        return no_content()
