"""Application commands the bot registered, and looking them up by their typed path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.sandbox.models import JSON, SandboxError
from bot.sandbox.snowflakes import SnowflakeClock

CHAT_INPUT = 1
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2


@dataclass
class RegisteredCommand:
    """One command as the bot registered it, plus the id and version Discord assigns."""

    id: int
    application_id: int
    guild_id: int | None
    version: int
    definition: JSON

    @property
    def name(self) -> str:
        return str(self.definition["name"])

    @property
    def type(self) -> int:
        return int(self.definition.get("type", CHAT_INPUT))

    def payload(self) -> JSON:
        payload: JSON = {
            "default_member_permissions": None,
            "description": "",
            "type": CHAT_INPUT,
            "nsfw": False,
        }
        payload |= {key: value for key, value in self.definition.items() if value is not None}
        payload |= {
            "id": str(self.id),
            "application_id": str(self.application_id),
            "version": str(self.version),
        }
        if self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
        return payload


@dataclass(frozen=True)
class CommandTarget:
    """A slash command path resolved to its command and the option definitions it takes."""

    command: RegisteredCommand
    nesting: tuple[tuple[int, str], ...]
    """(option type, name) of the subcommand group and/or subcommand below the command."""
    options: tuple[JSON, ...]

    @property
    def path(self) -> str:
        return " ".join([self.command.name, *(name for _, name in self.nesting)])

    def wrap(self, options: list[JSON]) -> list[JSON]:
        """Nest leaf options inside the subcommand (group) options Discord sends."""
        for kind, name in reversed(self.nesting):
            options = [{"type": kind, "name": name, "options": options}]
        return options


class CommandRegistry:
    """Global and guild command lists, overwritten and edited the way Discord does."""

    def __init__(self, clock: SnowflakeClock, application_id: int) -> None:
        self._clock = clock
        self._application_id = application_id
        self._scopes: dict[int | None, list[RegisteredCommand]] = {}
        self.sync_count = 0

    def overwrite(self, guild_id: int | None, definitions: list[JSON]) -> list[RegisteredCommand]:
        """Bulk overwrite; a command keeps its id when one of the same name and type exists."""
        existing = {(c.name, c.type): c for c in self._scopes.get(guild_id, [])}
        commands = []
        for definition in definitions:
            previous = existing.get((definition["name"], definition.get("type", CHAT_INPUT)))
            commands.append(self._register(guild_id, definition, previous))
        self._scopes[guild_id] = commands
        self.sync_count += 1
        return commands

    def upsert(self, guild_id: int | None, definition: JSON) -> RegisteredCommand:
        commands = self._scopes.setdefault(guild_id, [])
        key = (definition["name"], definition.get("type", CHAT_INPUT))
        previous = next((c for c in commands if (c.name, c.type) == key), None)
        command = self._register(guild_id, definition, previous)
        if previous is not None:
            commands[commands.index(previous)] = command
        else:
            commands.append(command)
        self.sync_count += 1
        return command

    def edit(self, command: RegisteredCommand, changes: JSON) -> RegisteredCommand:
        command.definition = command.definition | changes
        command.version = self._clock.next_id()
        return command

    def delete(self, command: RegisteredCommand) -> None:
        self._scopes[command.guild_id].remove(command)

    def in_scope(self, guild_id: int | None) -> list[RegisteredCommand]:
        return list(self._scopes.get(guild_id, []))

    def get(self, guild_id: int | None, command_id: str) -> RegisteredCommand | None:
        return next((c for c in self._scopes.get(guild_id, []) if str(c.id) == command_id), None)

    def chat_commands(self, guild_id: int | None) -> list[RegisteredCommand]:
        """Commands usable in the guild (guild ones shadow global ones) or, with None, in DMs."""
        found = {c.name: c for c in self.in_scope(None) if c.type == CHAT_INPUT}
        if guild_id is not None:
            found |= {c.name: c for c in self.in_scope(guild_id) if c.type == CHAT_INPUT}
        return list(found.values())

    def paths(self, guild_id: int | None) -> list[str]:
        paths: list[str] = []
        for command in self.chat_commands(guild_id):
            paths.extend(_leaf_paths(command.name, command.definition.get("options") or []))
        return sorted(paths)

    def resolve(self, path: str, guild_id: int | None) -> CommandTarget:
        """Find "cmd", "cmd sub" or "cmd group sub"; fail loudly listing what exists."""
        words = path.strip().lstrip("/").split()
        if not words:
            raise SandboxError("empty command path")
        command = next((c for c in self.chat_commands(guild_id) if c.name == words[0]), None)
        if command is None:
            raise SandboxError(self._unknown(path, guild_id))
        options: list[JSON] = command.definition.get("options") or []
        nesting: list[tuple[int, str]] = []
        for word in words[1:]:
            child = next(
                (
                    o
                    for o in options
                    if o.get("name") == word and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if child is None:
                raise SandboxError(self._unknown(path, guild_id))
            nesting.append((int(child["type"]), word))
            options = child.get("options") or []
        if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options):
            raise SandboxError(
                f"/{' '.join(words)} needs a subcommand; registered: "
                + ", ".join(p for p in self.paths(guild_id) if p.startswith(f"/{words[0]} "))
            )
        return CommandTarget(command, tuple(nesting), tuple(options))

    def _register(
        self, guild_id: int | None, definition: JSON, previous: RegisteredCommand | None
    ) -> RegisteredCommand:
        command_id = previous.id if previous is not None else self._clock.next_id()
        return RegisteredCommand(
            id=command_id,
            application_id=self._application_id,
            guild_id=guild_id,
            version=self._clock.next_id(),
            definition=dict(definition),
        )

    def _unknown(self, path: str, guild_id: int | None) -> str:
        known = ", ".join(self.paths(guild_id)) or "none"
        return f"unknown command /{path.strip().lstrip('/')}; registered commands: {known}"


def _leaf_paths(prefix: str, options: list[Any]) -> list[str]:
    subs = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not subs:
        return [f"/{prefix}"]
    paths: list[str] = []
    for sub in subs:
        paths.extend(_leaf_paths(f"{prefix} {sub['name']}", sub.get("options") or []))
    return paths
