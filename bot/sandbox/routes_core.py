"""REST routes for login, the gateway URL, application commands, users and the guild."""

from __future__ import annotations

from collections.abc import Callable

from aiohttp import web

from bot.sandbox import payloads
from bot.sandbox.backend import Backend
from bot.sandbox.commands import RegisteredCommand
from bot.sandbox.gateway import GUILD_MEMBERS
from bot.sandbox.http_responses import (
    UNKNOWN_APPLICATION_COMMAND,
    UNKNOWN_MEMBER,
    UNKNOWN_ROLE,
    UNKNOWN_USER,
    json_response,
    no_content,
    not_found,
)
from bot.sandbox.models import SandboxError
from bot.sandbox.rest_server import BODY_KEY
from bot.sandbox.shards import recommended_shards


class CoreRoutes:
    """Who the bot is, where the gateway is, and what commands it has registered."""

    def __init__(self, backend: Backend, gateway_url: Callable[[], str]) -> None:
        self._backend = backend
        self._state = backend.state
        self._gateway_url = gateway_url

    def routes(self) -> list[web.RouteDef]:
        app = "/applications/{application_id}"
        return [
            web.get("/users/@me", self.current_user),
            web.get("/oauth2/applications/@me", self.application),
            web.get("/applications/@me", self.application),
            web.get("/gateway", self.gateway),
            web.get("/gateway/bot", self.gateway_bot),
            web.get(app + "/commands", self.list_commands),
            web.put(app + "/commands", self.overwrite_commands),
            web.post(app + "/commands", self.create_command),
            web.get(app + "/commands/{command_id}", self.get_command),
            web.patch(app + "/commands/{command_id}", self.edit_command),
            web.delete(app + "/commands/{command_id}", self.delete_command),
            web.get(app + "/guilds/{guild_id}/commands/permissions", self.command_permissions),
            web.get(app + "/guilds/{guild_id}/commands", self.list_commands),
            web.put(app + "/guilds/{guild_id}/commands", self.overwrite_commands),
            web.post(app + "/guilds/{guild_id}/commands", self.create_command),
            web.get(app + "/guilds/{guild_id}/commands/{command_id}", self.get_command),
            web.patch(app + "/guilds/{guild_id}/commands/{command_id}", self.edit_command),
            web.delete(app + "/guilds/{guild_id}/commands/{command_id}", self.delete_command),
            web.get("/users/{user_id}", self.get_user),
            web.get("/guilds/{guild_id}", self.get_guild),
            web.get("/guilds/{guild_id}/channels", self.guild_channels),
            web.get("/guilds/{guild_id}/roles", self.guild_roles),
            web.get("/guilds/{guild_id}/members", self.list_members),
            web.get("/guilds/{guild_id}/members/{user_id}", self.get_member),
            web.put("/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.add_member_role),
            web.delete(
                "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.remove_member_role
            ),
        ]

    # login and gateway

    async def current_user(self, request: web.Request) -> web.Response:
        return json_response(payloads.current_user_payload(self._state.bot_user))

    async def application(self, request: web.Request) -> web.Response:
        bot = payloads.user_payload(self._state.bot_user)
        return json_response(
            {
                "id": str(self._state.application_id),
                "name": self._state.bot_user.name,
                "icon": None,
                "description": "Discord sandbox application",
                "type": None,
                "bot": bot,
                "bot_public": False,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "flags_new": "0",
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "owner": payloads.user_payload(self._state.owner),
                "approximate_guild_count": 1,
                "approximate_user_install_count": 0,
                "approximate_user_authorization_count": 0,
                "explicit_content_filter": 0,
                "team": None,
                "eligible_oauth2_scopes": ["bot", "applications.commands"],
                "rpc_origins": [],
                "tags": [],
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self._gateway_url()})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """The gateway URL, the recommended shard count and the session start budget."""
        return json_response(
            {
                "url": self._gateway_url(),
                "shards": recommended_shards(len(self._state.guilds)),
                "session_start_limit": self._backend.gateway.session_starts.payload(),
            }
        )

    # application commands

    def _scope(self, request: web.Request) -> int | web.Response | None:
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if not guild_id.isdigit() or int(guild_id) not in self._state.guilds:
            return not_found(10004, "Guild")
        return int(guild_id)

    async def list_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        return json_response([c.payload() for c in self._backend.commands.in_scope(scope)])

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        definitions = request[BODY_KEY].data or []
        commands = self._backend.commands.overwrite(scope, definitions)
        return json_response([c.payload() for c in commands])

    async def create_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        command = self._backend.commands.upsert(scope, request[BODY_KEY].fields)
        return json_response(command.payload(), status=201)

    def _command(self, request: web.Request) -> RegisteredCommand | web.Response:
        scope = self._scope(request)
        if isinstance(scope, web.Response):
            return scope
        command = self._backend.commands.get(scope, request.match_info["command_id"])
        if command is None:
            return not_found(UNKNOWN_APPLICATION_COMMAND, "application command")
        return command

    async def get_command(self, request: web.Request) -> web.Response:
        command = self._command(request)
        return command if isinstance(command, web.Response) else json_response(command.payload())

    async def edit_command(self, request: web.Request) -> web.Response:
        command = self._command(request)
        if isinstance(command, web.Response):
            return command
        edited = self._backend.commands.edit(command, request[BODY_KEY].fields)
        return json_response(edited.payload())

    async def delete_command(self, request: web.Request) -> web.Response:
        command = self._command(request)
        if isinstance(command, web.Response):
            return command
        self._backend.commands.delete(command)
        return no_content()

    async def command_permissions(self, request: web.Request) -> web.Response:
        return json_response([])

    # users and the guild

    async def get_user(self, request: web.Request) -> web.Response:
        user = self._state.users.get(int(request.match_info["user_id"]))
        if user is None:
            return not_found(UNKNOWN_USER, "User")
        return json_response(payloads.user_payload(user))

    async def get_guild(self, request: web.Request) -> web.Response:
        guild_id = request.match_info["guild_id"]
        if not guild_id.isdigit() or int(guild_id) not in self._state.guilds:
            return not_found(10004, "Guild")
        guild = payloads.guild_create_payload(self._state, int(guild_id))
        for key in ("channels", "threads", "members", "presences", "voice_states", "joined_at"):
            guild.pop(key, None)
        return json_response(guild)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild_id = request.match_info["guild_id"]
        channels = self._state.guild_channels(int(guild_id)) if guild_id.isdigit() else []
        return json_response([payloads.channel_payload(self._state, c) for c in channels])

    async def guild_roles(self, request: web.Request) -> web.Response:
        return json_response([payloads.role_payload(r) for r in self._state.roles.values()])

    async def list_members(self, request: web.Request) -> web.Response:
        limit = int(request.query.get("limit", "1"))
        after = int(request.query.get("after", "0"))
        members = [m for m in self._state.members.values() if m.user.id > after][:limit]
        return json_response([payloads.member_payload(m) for m in members])

    async def get_member(self, request: web.Request) -> web.Response:
        member = self._state.members.get(int(request.match_info["user_id"]))
        if member is None:
            return not_found(UNKNOWN_MEMBER, "Member")
        return json_response(payloads.member_payload(member))

    async def add_member_role(self, request: web.Request) -> web.Response:
        return self._change_role(request, add=True)

    async def remove_member_role(self, request: web.Request) -> web.Response:
        return self._change_role(request, add=False)

    def _change_role(self, request: web.Request, *, add: bool) -> web.Response:
        member = self._state.members.get(int(request.match_info["user_id"]))
        if member is None:
            return not_found(UNKNOWN_MEMBER, "Member")
        try:
            role = self._state.role(request.match_info["role_id"])
        except SandboxError:
            return not_found(UNKNOWN_ROLE, "Role")
        if add and role.id not in member.role_ids:
            member.role_ids.append(role.id)
        elif not add and role.id in member.role_ids:
            member.role_ids.remove(role.id)
        update = payloads.member_payload(member) | {"guild_id": str(self._state.guild_id)}
        self._backend.gateway.broadcast("GUILD_MEMBER_UPDATE", update, GUILD_MEMBERS)
        return no_content()
