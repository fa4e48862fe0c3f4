"""DiscordSandbox: a local Discord (gateway + REST) that a real discord.py bot connects to.

Tests and the `laager sandbox` command drive the bot through it the way players do:
slash commands, button clicks, selects, autocomplete and modals, then read back what the
bot posted in channels, in DMs and ephemerally. Each driver call returns once the bot has
answered, finished any deferral, and its REST traffic has settled: a bot in the same process
has finished the tasks the interaction set off, one elsewhere has been quiet for `quiet` seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from bot.sandbox import components, installs, payloads, permissions
from bot.sandbox.activity import ActivityMonitor
from bot.sandbox.backend import Backend
from bot.sandbox.bot_work import BotWork
from bot.sandbox.command_limits import RegistrationRules
from bot.sandbox.command_options import OptionBuilder, offered_locally
from bot.sandbox.commands import CHAT_INPUT, CommandRegistry
from bot.sandbox.dispatch import InteractionDispatcher
from bot.sandbox.gateway import GUILD_MEMBERS, GUILDS, Gateway
from bot.sandbox.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionBook,
    SandboxInteraction,
)
from bot.sandbox.message_limits import MessageRules
from bot.sandbox.models import (
    JSON,
    Message,
    MessageEvent,
    SandboxChannel,
    SandboxError,
    SandboxRole,
    SandboxTimeout,
    SandboxUser,
    Violation,
)
from bot.sandbox.rate_limits import RateLimiter
from bot.sandbox.rest_server import TrafficGuard
from bot.sandbox.server import SandboxServer
from bot.sandbox.shards import shard_for
from bot.sandbox.snowflakes import SnowflakeClock
from bot.sandbox.spec_validation import SpecValidator
from bot.sandbox.state import ChannelRef, RoleRef, SandboxState, UserRef

DEFAULT_TOKEN = "sandbox.bot.token"
DEFAULT_QUIET = 0.15
DEFAULT_TIMEOUT = 10.0


class DiscordSandbox:
    """Guilds (one by default), one bot application, any number of players; see the module
    docstring."""

    def __init__(
        self,
        spec_path: Path | None = None,
        *,
        token: str = DEFAULT_TOKEN,
        bot_name: str = "Laager",
        quiet: float | None = DEFAULT_QUIET,
        timeout: float = DEFAULT_TIMEOUT,
        check_responses: bool = False,
        rate_scale: float = 1.0,
    ) -> None:
        """quiet: how long REST must be idle before a driver call returns (None: it returns
        once the bot answered and finished any deferral, for many players at once); timeout: the
        longest a driver call waits. check_responses also validates the sandbox's own answers
        against the spec (into response_violations), which keeps the sandbox honest in tests.
        rate_scale multiplies the windows of Discord's rate limits (0.1: ten times shorter,
        for a suite that must stay quick; the limits are never switched off).
        """
        self.token = token
        self.quiet = quiet
        self.timeout = timeout
        self.violations: list[Violation] = []
        """Bot requests that broke the API spec, that Discord would refuse (such as commands
        over its registration limits or messages over its message limits), interactions left
        unanswered, or requests that hit routes the sandbox lacks."""
        self.response_violations: list[Violation] = []
        self.state = SandboxState(SnowflakeClock(), bot_name=bot_name)
        activity = ActivityMonitor()
        self.rate_limits = RateLimiter(scale=rate_scale, clock=activity.now)
        """Discord's per-route and global limits on this bot token (``refusals`` lists its 429s)."""
        self._backend = Backend(
            state=self.state,
            commands=CommandRegistry(self.state.clock, self.state.application_id),
            gateway=Gateway(
                self.state,
                token=token,
                resume_url=lambda: self.gateway_url,
                on_change=activity.touch,
            ),
            interactions=InteractionBook(self.state),
            activity=activity,
            violations=self.violations,
        )
        guard = TrafficGuard(
            validator=SpecValidator(spec_path),
            rules=(RegistrationRules(self._backend.commands), MessageRules()),
            activity=activity,
            token=token,
            violations=self.violations,
            response_violations=self.response_violations if check_responses else None,
            limits=self.rate_limits,
        )
        self._server = SandboxServer(self._backend, guard)
        self._bot_work = BotWork(activity)
        self._dispatcher = InteractionDispatcher(self._backend)

    # lifecycle and addresses

    async def start(self) -> None:
        """Serve REST and the gateway on 127.0.0.1 at a free port, and follow the work of a
        bot started in this process afterwards (bot_work.py)."""
        self._bot_work.install()
        await self._server.start()

    async def stop(self) -> None:
        """Close gateway connections and the server (stop the bot first)."""
        await self._server.stop()
        self._bot_work.uninstall()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        """What discord.http.Route.BASE must be set to, e.g. http://127.0.0.1:PORT/api/v10."""
        return self._server.api_base

    @property
    def gateway_url(self) -> str:
        return self._server.gateway_url

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def bot_user_id(self) -> int:
        return self.state.bot_user.id

    @property
    def guild_id(self) -> int:
        return self.state.guild_id

    @property
    def default_channel(self) -> int:
        """The id of #general, where commands run unless a channel is given."""
        return self.state.default_channel.id

    @property
    def session_count(self) -> int:
        """Gateway sessions that are connected and have received the guild."""
        return len(self._backend.gateway.live_sessions())

    async def wait_ready(
        self,
        timeout: float | None = None,  # noqa: ASYNC109 - the limit is named in the error raised
        *,
        sessions: int = 1,
        commands: bool = True,
    ) -> None:
        """Wait until `sessions` bots identified and got the guild, and commands were synced."""
        registry, gateway, activity = (
            self._backend.commands,
            self._backend.gateway,
            self._backend.activity,
        )

        def ready() -> bool:
            synced = registry.sync_count > 0 or not commands
            return len(gateway.live_sessions()) >= sessions and synced

        limit = self.timeout if timeout is None else timeout
        deadline = activity.now() + limit
        if not await activity.wait_for(ready, deadline):
            raise SandboxTimeout(
                f"timed out after {limit:g} s waiting for the bot: "
                f"{len(gateway.live_sessions())}/{sessions} gateway session(s) ready, "
                f"commands synced: {'yes' if registry.sync_count else 'no'}"
            )
        await activity.wait_quiet(self.quiet or 0.0, deadline)

    async def request_reconnect(self) -> None:
        """Send RECONNECT to every session, as Discord does, and wait until all resumed."""
        resumed = self._backend.gateway.request_reconnect()
        activity = self._backend.activity
        if not await activity.wait_for(resumed, activity.now() + self.timeout):
            raise SandboxTimeout(f"the bot did not resume within {self.timeout:g} s")

    # the guild

    def add_user(self, name: str) -> SandboxUser:
        user = self.state.add_user(name)
        self._announce_member("GUILD_MEMBER_ADD", user)
        return user

    def user(self, ref: UserRef) -> SandboxUser:
        """A user by name, id or object."""
        return self.state.user(ref)

    def add_role(self, name: str, manage_channels: bool = False, **grants: bool) -> SandboxRole:
        """A role granting named permissions (discord.py's names, e.g. manage_guild=True)."""
        granted = permissions.apply_grants(0, {"manage_channels": manage_channels, **grants})
        role = self.state.add_role(name, granted=granted)
        data = {"guild_id": str(self.guild_id), "role": payloads.role_payload(role)}
        self._backend.gateway.broadcast("GUILD_ROLE_CREATE", data, GUILDS)
        return role

    def roles_of(self, user: UserRef) -> list[SandboxRole]:
        """The member's roles (besides @everyone), including ones the bot gave."""
        member = self.state.members[self.state.user(user).id]
        return [self.state.roles[role_id] for role_id in member.role_ids]

    def give_role(self, user: UserRef, role: RoleRef) -> None:
        self.state.give_role(user, role)
        self._announce_member("GUILD_MEMBER_UPDATE", self.state.user(user))

    def set_permissions(self, user: UserRef, **grants: bool) -> None:
        """Grant (True) or revoke (False) named permissions on the member itself, on top of
        their roles, e.g. set_permissions(alice, manage_channels=True)."""
        member = self.state.members[self.state.user(user).id]
        member.granted = permissions.apply_grants(member.granted, grants)

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> int:
        """Add the bot to another guild (its GUILD_CREATE goes to the owning shard) and
        return the id of the guild's #general. ``shard=(shard_id, shard_count)`` picks an id
        that Discord's formula routes to that shard."""
        if shard is not None:
            shard_id, count = shard
            if not 0 <= shard_id < count:
                raise SandboxError(f"shard {shard_id} is not one of {count} shards")
            while shard_for(self.state.clock.peek_id(), count) != shard_id:
                self.state.clock.next_id()
        guild_id = self.state.add_guild(name)
        self._backend.gateway.join_guild(guild_id)
        return self.state.guild_defaults[guild_id].id

    def guild_of(self, channel: ChannelRef) -> int | None:
        """The id of the guild a channel is in (None for a DM)."""
        return self.state.channel(channel).guild_id

    def shard_sessions(self) -> dict[int, int]:
        """How many connected, ready sessions hold each shard id."""
        held: dict[int, int] = {}
        for session in self._backend.gateway.live_sessions():
            held[session.shard_id] = held.get(session.shard_id, 0) + 1
        return held

    @property
    def command_syncs(self) -> int:
        """How many times the bot registered (overwrote or created) its commands."""
        return self._backend.commands.sync_count

    @property
    def sessions_started(self) -> int:
        """IDENTIFYs accepted so far (a RESUME starts no session)."""
        return self._backend.gateway.session_starts.used

    @property
    def max_guilds_per_shard(self) -> int | None:
        return self._backend.gateway.max_guilds_per_shard

    @max_guilds_per_shard.setter
    def max_guilds_per_shard(self, limit: int | None) -> None:
        """Lower Discord's 2,500 guilds per shard, to see 4011 (Sharding required)."""
        self._backend.gateway.max_guilds_per_shard = limit

    async def drop_connection(self, shard_id: int) -> None:
        """Cut the gateway connection of the sessions holding a shard, as a network fault
        would, and wait until the bot has reconnected and resumed them."""
        try:
            resumed = await self._backend.gateway.drop(shard_id)
        except ValueError as error:
            raise SandboxError(str(error)) from None
        activity = self._backend.activity
        if not await activity.wait_for(resumed, activity.now() + self.timeout):
            raise SandboxTimeout(f"shard {shard_id} did not resume within {self.timeout:g} s")

    def process_killed(self, shards: set[int] | None = None) -> None:
        """Tell the sandbox that the driver killed the bot process holding these shards (None:
        every bot process). The interactions it held go unanswered, as on Discord, without
        counting as the bot's violations: the crash was planted, and what a crash costs the
        conversation is measured by the test that plants it."""
        sessions = self._backend.gateway.sessions
        indexes = None if shards is None else {s.index for s in sessions if s.shard_id in shards}
        self._backend.interactions.orphan(indexes)

    def add_channel(self, name: str, *, guild_id: int | None = None) -> int:
        """A text channel in the default guild, or in ``guild_id``."""
        if guild_id is not None and guild_id not in self.state.guilds:
            raise SandboxError(f"no such guild: {guild_id}")
        channel = self.state.add_channel(name, guild_id=guild_id)
        data = payloads.channel_payload(self.state, channel)
        self._backend.gateway.broadcast("CHANNEL_CREATE", data, GUILDS)
        return channel.id

    def hide_channel(self, channel_id: ChannelRef, user: UserRef) -> None:
        """Deny the member View Channel in a text channel by an overwrite of their own."""
        channel = self.state.channel(channel_id)
        if channel.is_thread or channel.guild_id is None:
            raise SandboxError("only a server's text channel takes a permission overwrite here")
        channel.hidden_from.add(self.state.user(user).id)
        data = payloads.channel_payload(self.state, channel)
        self._backend.gateway.broadcast("CHANNEL_UPDATE", data, GUILDS)

    def add_thread(self, parent_id: ChannelRef, name: str) -> int:
        thread = self.state.add_thread(parent_id, name)
        data = payloads.channel_payload(self.state, thread) | {"newly_created": True}
        self._backend.gateway.broadcast("THREAD_CREATE", data, GUILDS)
        return thread.id

    def dm_channel(self, user: UserRef) -> int:
        """The id of the bot's DM channel with a user (to run commands in DMs)."""
        return self.state.dm_channel(self.state.user(user)).id

    def install_app(self, user: UserRef) -> None:
        """The user adds the app to their own account: its user-install commands follow them
        into group DMs and servers that have not added the bot."""
        self.state.user_installs.add(self.state.user(user).id)

    def uninstall_app(self, user: UserRef) -> None:
        self.state.user_installs.discard(self.state.user(user).id)

    def add_group_dm(self, name: str, *members: UserRef) -> int:
        """A group DM among users (the bot is never in one); returns its channel id."""
        return self.state.add_group_dm(name, [self.state.user(m) for m in members]).id

    def add_outside_channel(self, name: str, *, server: str = "Elsewhere") -> int:
        """A channel of a server that has not added the bot; the bot gets no event of it."""
        return self.state.add_outside_channel(server, name).id

    def pass_time(self, seconds: float) -> None:
        """Let time pass for interaction tokens (their 15 minutes for follow-ups), without
        waiting for it."""
        self._backend.interactions.skipped += seconds

    def close_dms(self, user: UserRef) -> None:
        """The user blocks DMs: the bot's posts to their DM channel fail with code 50007."""
        self.state.closed_dms.add(self.state.user(user).id)

    def open_dms(self, user: UserRef) -> None:
        self.state.closed_dms.discard(self.state.user(user).id)

    def _announce_member(self, event: str, user: SandboxUser) -> None:
        member = payloads.member_payload(self.state.members[user.id])
        data = member | {"guild_id": str(self.guild_id)}
        self._backend.gateway.broadcast(event, data, GUILD_MEMBERS)

    # what players see

    @property
    def transcript(self) -> list[Message]:
        """Every message that still exists, in the order it was first posted."""
        return [m for m in self.state.messages.values() if not m.deleted]

    @property
    def events(self) -> list[MessageEvent]:
        """Every creation, edit and deletion, in order (a cursor into it shows what's new)."""
        return self.state.events

    def messages(self, channel: ChannelRef | None = None) -> list[Message]:
        """Public messages in a guild channel or thread (the default channel if omitted)."""
        target = self.state.channel(channel if channel is not None else self.default_channel)
        return [m for m in self.transcript if m.channel_id == target.id and not m.ephemeral]

    def public_in(self, channel: ChannelRef) -> list[Message]:
        """Non-ephemeral messages anywhere: a group DM, or a server that has not added the bot."""
        target = self.state.channel(channel)
        return [m for m in self.transcript if m.channel_id == target.id and not m.ephemeral]

    def dms(self, user: UserRef) -> list[Message]:
        channel_id = self.state.dm_channels.get(self.state.user(user).id)
        return [m for m in self.transcript if m.channel_id == channel_id]

    def ephemerals(self, user: UserRef) -> list[Message]:
        who = self.state.user(user)
        return [m for m in self.transcript if m.ephemeral and m.visible_to(who)]

    def visible_to(self, user: UserRef) -> list[Message]:
        """Everything a user can see (channels, their DMs, their ephemerals), newest first."""
        who = self.state.user(user)
        return [m for m in reversed(self.transcript) if m.visible_to(who)]

    def command_paths(self) -> list[str]:
        """Every slash command path players can type in the guild, e.g. "/game new"."""
        return self._backend.commands.paths(self.guild_id)

    def registered_commands(self, *, guild: bool = False) -> list[JSON]:
        """The command definitions as registered (globally, or for the guild)."""
        scope = self.guild_id if guild else None
        return [c.payload() for c in self._backend.commands.in_scope(scope)]

    async def wait_for(self, condition: Callable[[], bool], within: float | None = None) -> bool:
        """Wait until condition() holds, at most ``within`` seconds (the driver's timeout by
        default): for what the bot sends after an interaction went quiet, such as a DM that
        follows its channel post on a loaded machine."""
        activity = self._backend.activity
        return await activity.wait_for(condition, activity.now() + (within or self.timeout))

    # driving the bot

    async def slash(
        self,
        user: UserRef,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: ChannelRef | None = None,
        via: int | None = None,
    ) -> SandboxInteraction:
        """Run "cmd", "cmd sub" or "cmd group sub"; options are converted to their types."""
        who, where = self._participants(user, channel)
        path, data = self._command_data(who, where, command, options or {}, focused=None)
        return await self._send(APPLICATION_COMMAND, who, where, f"/{path}", data, via=via)

    async def autocomplete(
        self,
        user: UserRef,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        channel: ChannelRef | None = None,
        via: int | None = None,
    ) -> list[JSON]:
        """The choices ({"name", "value"}) offered while `focused` is being typed: the bot's
        for an autocomplete option; for fixed choices the client's own filtering, since
        Discord sends the bot no request for them."""
        who, where = self._participants(user, channel)
        target = self._backend.commands.resolve(command, self._scope(where))
        self._check_offered(target.command.definition, where, who)
        local = offered_locally(target, focused, (options or {}).get(focused, ""))
        if local is not None:
            return local
        path, data = self._command_data(who, where, command, options or {}, focused=focused)
        label = f"autocomplete /{path} {focused}"
        interaction = await self._send(AUTOCOMPLETE, who, where, label, data, via=via)
        return interaction.choices or []

    async def click(
        self,
        user: UserRef,
        message: Message | None = None,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        via: int | None = None,
    ) -> SandboxInteraction:
        """Press an enabled button (by label or custom_id) on `message`, else on the newest
        message the user can see that shows one."""
        if label is None and custom_id is None:
            raise SandboxError("click needs a label or a custom_id")
        who = self.state.user(user)
        wanted = f"[{label}]" if custom_id is None else f"custom_id {custom_id!r}"
        candidates = self._candidates(who, message)
        found = components.find_component(
            candidates,
            lambda m: [
                b
                for b in components.clickable_buttons(m.components)
                if components.matches_button(b, label, custom_id)
            ],
        )
        if found is None:
            buttons = [b for m in candidates for b in components.clickable_buttons(m.components)]
            raise SandboxError(
                f"no enabled button {wanted} visible to {who.name}; "
                f"clickable buttons: {components.describe_buttons(buttons)}"
            )
        source, button = found
        data = {"custom_id": button["custom_id"], "component_type": components.BUTTON}
        channel = self.state.channel(source.channel_id)
        label_text = f"click {wanted}"
        return await self._send(
            MESSAGE_COMPONENT, who, channel, label_text, data, source=source, via=via
        )

    async def select(
        self,
        user: UserRef,
        message: Message | None = None,
        values: Sequence[Any] = (),
        *,
        placeholder: str | None = None,
        custom_id: str | None = None,
        via: int | None = None,
    ) -> SandboxInteraction:
        """Choose values in a select (found like click's buttons): string options by value or
        label; users, roles or channels for those kinds of select."""
        who = self.state.user(user)
        found = components.find_component(
            self._candidates(who, message),
            lambda m: [
                s
                for s in components.usable_selects(m.components)
                if components.matches_select(s, placeholder, custom_id)
            ],
        )
        if found is None:
            wanted = repr(placeholder or custom_id or "any select")
            raise SandboxError(f"no usable select {wanted} visible to {who.name}")
        source, select = found
        channel = self.state.channel(source.channel_id)
        data: JSON = {"custom_id": select["custom_id"], "component_type": select["type"]}
        if select["type"] == components.STRING_SELECT:
            data["values"] = components.string_select_values(select, [str(v) for v in values])
        else:
            components.check_value_count(select, values)
            builder = OptionBuilder(self.state, channel, who)
            data["values"] = [builder.resolve_select_value(select, v) for v in values]
            data["resolved"] = builder.resolved
        label = f"select {components.describe_select(select)}"
        return await self._send(
            MESSAGE_COMPONENT, who, channel, label, data, source=source, via=via
        )

    async def submit_modal(
        self,
        user: UserRef,
        values: Mapping[str, str | Sequence[str]],
        *,
        opened_by: SandboxInteraction | None = None,
        via: int | None = None,
    ) -> SandboxInteraction:
        """Fill in and submit the modal the bot showed (the user's latest one by default);
        values are keyed by input label or custom_id."""
        who = self.state.user(user)
        origin = opened_by or self._dispatcher.latest_modal(who)
        if origin is None or origin.modal is None:
            raise SandboxError(f"the bot has not shown {who.name} a modal")
        modal = origin.modal
        data = {
            "custom_id": modal["custom_id"],
            "components": components.modal_submission(modal, values),
        }
        label = f"submit modal {modal.get('title')!r}"
        return await self._send(
            MODAL_SUBMIT,
            who,
            origin.channel,
            label,
            data,
            source=origin.source_message,
            opened_by=origin,
            via=via,
        )

    # internals

    def _participants(
        self, user: UserRef, channel: ChannelRef | None
    ) -> tuple[SandboxUser, SandboxChannel]:
        who = self.state.user(user)
        where = self.state.channel(channel if channel is not None else self.default_channel)
        if where.is_dm and where.recipient != who:
            raise SandboxError(f"{who.name} cannot use another user's DM channel")
        if where.is_group_dm and who not in where.members:
            raise SandboxError(f"{who.name} is not in the group DM {where.name}")
        return who, where

    def _scope(self, channel: SandboxChannel) -> int | None:
        """Guild commands apply only in a server that added the bot; elsewhere only global ones."""
        guild_id = self.state.guild_of(channel)
        return guild_id if guild_id in self.state.guilds else None

    def _check_offered(self, definition: JSON, channel: SandboxChannel, user: SandboxUser) -> None:
        """Discord's client shows a command only where its contexts and installs allow."""
        reason = installs.unavailable(self.state, definition, channel, user)
        if reason is not None:
            raise SandboxError(reason)

    def _command_data(
        self,
        user: SandboxUser,
        channel: SandboxChannel,
        command: str,
        options: Mapping[str, Any],
        *,
        focused: str | None,
    ) -> tuple[str, JSON]:
        target = self._backend.commands.resolve(command, self._scope(channel))
        self._check_offered(target.command.definition, channel, user)
        builder = OptionBuilder(self.state, channel, user)
        built = builder.build(target, options, focused=focused)
        data: JSON = {
            "id": str(target.command.id),
            "name": target.command.name,
            "type": CHAT_INPUT,
            "options": target.wrap(built),
        }
        if target.command.guild_id is not None:
            data["guild_id"] = str(target.command.guild_id)
        if builder.resolved:
            data["resolved"] = builder.resolved
        return target.path, data

    def _candidates(self, user: SandboxUser, message: Message | None) -> list[Message]:
        if message is None:
            return self.visible_to(user)
        if message.deleted or not message.visible_to(user):
            raise SandboxError(f"{user.name} cannot see message {message.id} ({message.where})")
        return [message]

    async def _send(
        self,
        kind: int,
        user: SandboxUser,
        channel: SandboxChannel,
        label: str,
        data: JSON,
        *,
        source: Message | None = None,
        opened_by: SandboxInteraction | None = None,
        via: int | None = None,
    ) -> SandboxInteraction:
        return await self._dispatcher.send(
            kind,
            user,
            channel,
            label,
            data,
            quiet=self.quiet,
            limit=self.timeout,
            source=source,
            opened_by=opened_by,
            via=via,
            owners=self._owners(kind, user, channel, data, source, opened_by),
        )

    def _owners(
        self,
        kind: int,
        user: SandboxUser,
        channel: SandboxChannel,
        data: JSON,
        source: Message | None,
        opened_by: SandboxInteraction | None,
    ) -> dict[str, str]:
        """authorizing_integration_owners: a command's from its installs here; a click or a
        modal inherits those of the interaction that made its message (or opened it)."""
        if opened_by is not None:
            return dict(opened_by.owners)
        if kind == MESSAGE_COMPONENT:
            link = source.interaction if source is not None else None
            return dict(link.owners) if link is not None else self._default_owners(channel)
        target = self._backend.commands.get(
            int(data["guild_id"]) if "guild_id" in data else None, str(data["id"])
        )
        assert target is not None
        types = installs.integration_types(target.definition)
        return installs.authorizing_owners(self.state, types, channel, user)

    def _default_owners(self, channel: SandboxChannel) -> dict[str, str]:
        """For a click on a message the bot posted by itself: its server install."""
        guild_id = self.state.guild_of(channel)
        return {str(installs.GUILD_INSTALL): str(guild_id) if guild_id is not None else "0"}
