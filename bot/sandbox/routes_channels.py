"""REST routes for channels, threads, DMs and channel messages."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.sandbox import payloads
from bot.sandbox.backend import Backend
from bot.sandbox.gateway import GUILDS
from bot.sandbox.http_responses import (
    CANNOT_EDIT_OTHERS_MESSAGE,
    CANNOT_SEND_TO_USER,
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    discord_error,
    json_response,
    no_content,
    not_found,
)
from bot.sandbox.message_input import MessageInputError, message_changes
from bot.sandbox.models import ChannelType, Message, SandboxChannel
from bot.sandbox.rest_server import BODY_KEY

DEFAULT_HISTORY_LIMIT = 50
Handler = Callable[[web.Request], Awaitable[web.Response]]


class ChannelRoutes:
    """Channel CRUD, message CRUD, DMs (with closed-DM refusals), typing and threads."""

    def __init__(self, backend: Backend) -> None:
        self._backend = backend
        self._state = backend.state

    def routes(self) -> list[web.RouteDef]:
        channel = "/channels/{channel_id}"
        message = channel + "/messages/{message_id}"
        guarded = self._member_only
        return [
            web.post("/users/@me/channels", self.open_dm),
            web.post("/guilds/{guild_id}/channels", guarded(self.create_channel)),
            web.get(channel, guarded(self.get_channel)),
            web.patch(channel, guarded(self.edit_channel)),
            web.delete(channel, guarded(self.delete_channel)),
            web.post(channel + "/typing", guarded(self.typing)),
            web.post(channel + "/threads", guarded(self.create_thread)),
            web.post(message + "/threads", guarded(self.create_thread)),
            web.get(channel + "/messages", guarded(self.history)),
            web.post(channel + "/messages", guarded(self.create_message)),
            web.get(message, guarded(self.get_message)),
            web.patch(message, guarded(self.edit_message)),
            web.delete(message, guarded(self.delete_message)),
            web.put(message + "/reactions/{emoji}/@me", guarded(self.acknowledge)),
            web.delete(message + "/reactions/{emoji}/@me", guarded(self.acknowledge)),
            web.put(channel + "/messages/pins/{message_id}", guarded(self.acknowledge)),
            web.delete(channel + "/messages/pins/{message_id}", guarded(self.acknowledge)),
        ]

    def _member_only(self, handler: Handler) -> Handler:
        """Where the bot is no member (a group DM, a server that has not added it) Discord
        answers every channel route with 403 Missing Access: there the bot can only answer
        interactions. Such a request is a bot's mistake, so it is also recorded."""

        async def guarded(request: web.Request) -> web.Response:
            channel = self._channel(request) if "channel_id" in request.match_info else None
            guild = request.match_info.get("guild_id", "")
            outside = guild.isdigit() and int(guild) in self._state.outside_guilds
            if outside:
                where = "a server that has not added it"
            elif channel is not None and channel.bot_absent:
                where = self._state.describe_location(channel, None)
            else:
                return await handler(request)
            self._backend.refuse(
                request.method,
                request.path,
                f"403 Missing Access ({MISSING_ACCESS}): the bot is no member of {where}; "
                "it can only answer interactions there",
            )
            return discord_error(403, MISSING_ACCESS, "Missing Access")

        return guarded

    def _channel(self, request: web.Request) -> SandboxChannel | None:
        return self._state.channels.get(int(request.match_info["channel_id"]))

    def _message(self, request: web.Request) -> Message | None:
        message = self._state.message(request.match_info["message_id"])
        if message is None or str(message.channel_id) != request.match_info["channel_id"]:
            return None
        return None if message.ephemeral else message

    # channels

    async def open_dm(self, request: web.Request) -> web.Response:
        recipient = str(request[BODY_KEY].fields.get("recipient_id"))
        user = self._state.users.get(int(recipient)) if recipient.isdigit() else None
        if user is None:
            return not_found(UNKNOWN_USER, "User")
        channel = self._state.dm_channel(user)
        return json_response(payloads.channel_payload(self._state, channel))

    async def create_channel(self, request: web.Request) -> web.Response:
        fields = request[BODY_KEY].fields
        if int(fields.get("type") or 0) != ChannelType.GUILD_TEXT:
            return discord_error(400, INVALID_FORM_BODY, "Only text channels are sandboxed")
        guild_id = request.match_info["guild_id"]
        if not guild_id.isdigit() or int(guild_id) not in self._state.guilds:
            return not_found(10004, "Guild")
        channel = self._state.add_channel(str(fields["name"]), guild_id=int(guild_id))
        data = payloads.channel_payload(self._state, channel)
        self._backend.gateway.broadcast("CHANNEL_CREATE", data, GUILDS)
        return json_response(data, status=201)

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found(UNKNOWN_CHANNEL, "Channel")
        return json_response(payloads.channel_payload(self._state, channel))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None or channel.is_dm:
            return not_found(UNKNOWN_CHANNEL, "Channel")
        fields = request[BODY_KEY].fields
        if fields.get("name"):
            channel.name = str(fields["name"])
        data = payloads.channel_payload(self._state, channel)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._backend.gateway.broadcast(event, data, GUILDS)
        return json_response(data)

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None or channel.is_dm:
            return not_found(UNKNOWN_CHANNEL, "Channel")
        data = payloads.channel_payload(self._state, channel)
        del self._state.channels[channel.id]
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        self._backend.gateway.broadcast(event, data, GUILDS)
        return json_response(data)

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None or parent.is_dm or parent.is_thread:
            return not_found(UNKNOWN_CHANNEL, "Channel")
        fields = request[BODY_KEY].fields
        private = int(fields.get("type") or ChannelType.PUBLIC_THREAD) == ChannelType.PRIVATE_THREAD
        thread = self._state.add_thread(parent, str(fields["name"]), private=private)
        data = payloads.channel_payload(self._state, thread)
        self._backend.gateway.broadcast("THREAD_CREATE", data | {"newly_created": True}, GUILDS)
        return json_response(data, status=201)

    async def typing(self, request: web.Request) -> web.Response:
        return no_content() if self._channel(request) else not_found(UNKNOWN_CHANNEL, "Channel")

    async def acknowledge(self, request: web.Request) -> web.Response:
        """Reactions and pins are accepted but not modelled."""
        if self._message(request) is None:
            return not_found(UNKNOWN_MESSAGE, "Message")
        return no_content()

    # messages

    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found(UNKNOWN_CHANNEL, "Channel")
        limit = int(request.query.get("limit", DEFAULT_HISTORY_LIMIT))
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        found = [
            m
            for m in self._state.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and not m.ephemeral
            and after < m.id < before
        ]
        newest_first = sorted(found, key=lambda m: m.id, reverse=True)[:limit]
        return json_response([payloads.message_payload(self._state, m) for m in newest_first])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found(UNKNOWN_CHANNEL, "Channel")
        if channel.recipient is not None and channel.recipient.id in self._state.closed_dms:
            return discord_error(403, CANNOT_SEND_TO_USER, "Cannot send messages to this user")
        body = request[BODY_KEY]
        try:
            changes = message_changes(self._state, body, body.fields, None)
        except MessageInputError as error:
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", [str(error)])
        author = self._state.bot_user
        nonce = body.fields.get("nonce")
        enforced = nonce is not None and body.fields.get("enforce_nonce") is True
        if enforced:
            earlier = self._state.nonces.earlier(author.id, channel.id, str(nonce))
            if earlier is not None and earlier in self._state.messages:
                first = self._state.messages[earlier]
                if first.deleted:
                    return discord_error(
                        400,
                        INVALID_FORM_BODY,
                        "Invalid Form Body",
                        ["nonce: a message sent with this nonce was deleted shortly before"],
                    )
                return json_response(payloads.message_payload(self._state, first))
        message = self._state.post(channel, author, changes)
        message.nonce = None if nonce is None else str(nonce)
        if enforced:
            self._state.nonces.remember(author.id, channel.id, str(nonce), message.id)
        return json_response(payloads.message_payload(self._state, message))

    async def get_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return not_found(UNKNOWN_MESSAGE, "Message")
        return json_response(payloads.message_payload(self._state, message))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return not_found(UNKNOWN_MESSAGE, "Message")
        if message.author_id != self._state.bot_user.id:
            return discord_error(
                403, CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
            )
        body = request[BODY_KEY]
        try:
            changes = message_changes(self._state, body, body.fields, message)
        except MessageInputError as error:
            return discord_error(400, INVALID_FORM_BODY, "Invalid Form Body", [str(error)])
        self._state.edit(message, changes)
        return json_response(payloads.message_payload(self._state, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return not_found(UNKNOWN_MESSAGE, "Message")
        self._state.delete(message)
        return no_content()
