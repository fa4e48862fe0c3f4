"""Turning the values a test or script gives into slash command options, as Discord would.

Values are checked the way Discord's client checks them before sending (types, choices,
ranges, required options), so a typo in a test fails loudly instead of silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.sandbox import payloads
from bot.sandbox.commands import CommandTarget
from bot.sandbox.models import JSON, SandboxChannel, SandboxError, SandboxRole, SandboxUser
from bot.sandbox.state import SandboxState

STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
TRUE_WORDS = {"true", "yes", "on", "1"}
FALSE_WORDS = {"false", "no", "off", "0"}


def offered_locally(target: CommandTarget, focused: str, typed: Any) -> list[JSON] | None:
    """What Discord's client shows, without asking the bot, while `focused` is typed.

    Discord sends autocomplete requests only for options registered with autocomplete; an
    option with fixed choices is filtered by the client itself (choices whose name contains
    the typed text), and any other option offers nothing to pick. None means ask the bot."""
    definition = next((d for d in target.options if d.get("name") == focused), None)
    if definition is None:
        raise SandboxError(f"/{target.path} has no option {focused!r} to autocomplete")
    if definition.get("autocomplete") and not definition.get("choices"):
        return None
    if not definition.get("choices"):
        raise SandboxError(
            f"option {focused!r} of /{target.path} has neither choices nor autocomplete; "
            "Discord offers nothing while it is typed"
        )
    needle = str(typed).casefold()
    return [
        {"name": c["name"], "value": c["value"]}
        for c in definition["choices"]
        if needle in str(c["name"]).casefold()
    ]


class OptionBuilder:
    """Converts {name: value} into Discord's option list plus the `resolved` objects."""

    def __init__(self, state: SandboxState, channel: SandboxChannel, user: SandboxUser) -> None:
        self._state = state
        self._channel = channel
        self._user = user
        self.resolved: dict[str, dict[str, JSON]] = {}

    def build(
        self, target: CommandTarget, values: Mapping[str, Any], *, focused: str | None = None
    ) -> list[JSON]:
        definitions = {str(d["name"]): d for d in target.options}
        unknown = [name for name in values if name not in definitions]
        if unknown:
            known = ", ".join(definitions) or "none"
            raise SandboxError(
                f"/{target.path} has no option {', '.join(map(repr, unknown))}; options: {known}"
            )
        if focused is not None and focused not in definitions:
            raise SandboxError(f"/{target.path} has no option {focused!r} to autocomplete")
        options: list[JSON] = []
        for name, definition in definitions.items():
            if name == focused:
                raw = values.get(name, "")
                options.append(
                    {"type": definition["type"], "name": name, "value": str(raw), "focused": True}
                )
            elif name in values:
                value = self._convert(target, definition, values[name])
                options.append({"type": definition["type"], "name": name, "value": value})
            elif definition.get("required") and focused is None:
                raise SandboxError(f"/{target.path} needs option {name!r}")
        return options

    def _convert(self, target: CommandTarget, definition: JSON, raw: Any) -> Any:
        kind = int(definition["type"])
        where = f"option {definition['name']!r} of /{target.path}"
        if definition.get("choices"):
            return _pick_choice(definition["choices"], raw, where)
        if kind == STRING:
            value: Any = str(raw)
            _check_length(definition, value, where)
        elif kind in (INTEGER, NUMBER):
            value = _to_number(raw, kind, where)
            _check_range(definition, value, where)
        elif kind == BOOLEAN:
            value = _to_bool(raw, where)
        elif kind == USER:
            value = self._resolve_user(raw)
        elif kind == ROLE:
            value = self._resolve_role(raw)
        elif kind == MENTIONABLE:
            value = self._resolve_mentionable(raw, where)
        elif kind == CHANNEL:
            value = self._resolve_channel(raw, definition, where)
        elif kind == ATTACHMENT:
            value = self._resolve_attachment(raw, where)
        else:
            raise SandboxError(f"{where} has unsupported option type {kind}")
        return value

    def resolve_select_value(self, select: JSON, raw: Any) -> str:
        """A value for a user, role, mentionable or channel select, recorded in `resolved`."""
        kind = int(select["type"])
        where = f"select {select.get('placeholder') or select.get('custom_id')!r}"
        if kind == USER_SELECT:
            return self._resolve_user(raw)
        if kind == ROLE_SELECT:
            return self._resolve_role(raw)
        if kind == MENTIONABLE_SELECT:
            return self._resolve_mentionable(raw, where)
        return self._resolve_channel(raw, select, where)

    def _resolve_user(self, raw: Any) -> str:
        user = self._state.user(raw)
        key = str(user.id)
        self.resolved.setdefault("users", {})[key] = payloads.user_payload(user)
        member = self._state.members.get(user.id)
        if member is not None:
            entry = payloads.member_payload(member, with_user=False)
            entry["permissions"] = str(self._state.member_permissions(user))
            self.resolved.setdefault("members", {})[key] = entry
        return key

    def _resolve_role(self, raw: Any) -> str:
        role = self._state.role(raw)
        self.resolved.setdefault("roles", {})[str(role.id)] = payloads.role_payload(role)
        return str(role.id)

    def _resolve_mentionable(self, raw: Any, where: str) -> str:
        if isinstance(raw, SandboxRole):
            return self._resolve_role(raw)
        if isinstance(raw, SandboxUser):
            return self._resolve_user(raw)
        try:
            return self._resolve_user(raw)
        except SandboxError:
            try:
                return self._resolve_role(raw)
            except SandboxError:
                raise SandboxError(f"{where}: no user or role {raw!r}") from None

    def _resolve_channel(self, raw: Any, definition: JSON, where: str) -> str:
        channel = self._state.channel(raw)
        allowed = definition.get("channel_types")
        if allowed and int(channel.type) not in allowed:
            raise SandboxError(f"{where} does not accept channel #{channel.name}")
        entry = payloads.interaction_channel_payload(self._state, channel, self._user)
        self.resolved.setdefault("channels", {})[str(channel.id)] = entry
        return str(channel.id)

    def _resolve_attachment(self, raw: Any, where: str) -> str:
        if isinstance(raw, Path):
            filename, data = raw.name, raw.read_bytes()
        elif isinstance(raw, tuple) and len(raw) == 2:
            filename, data = str(raw[0]), bytes(raw[1])
        else:
            raise SandboxError(f"{where} needs (filename, bytes) or a Path")
        attachment = self._state.new_attachment(filename, data)
        entry = payloads.attachment_payload(self._state, self._channel.id, attachment)
        self.resolved.setdefault("attachments", {})[str(attachment.id)] = entry
        return str(attachment.id)


def _pick_choice(choices: list[JSON], raw: Any, where: str) -> Any:
    for choice in choices:
        if choice["value"] == raw or str(choice["value"]) == str(raw):
            return choice["value"]
    for choice in choices:
        if str(choice["name"]).casefold() == str(raw).casefold():
            return choice["value"]
    offered = ", ".join(f"{c['name']} ({c['value']!r})" for c in choices)
    raise SandboxError(f"{where}: {raw!r} is not one of the choices: {offered}")


def _to_number(raw: Any, kind: int, where: str) -> int | float:
    try:
        if kind == INTEGER:
            if isinstance(raw, float) and not raw.is_integer():
                raise ValueError(raw)
            return int(raw)
        return float(raw)
    except (TypeError, ValueError):
        expected = "an integer" if kind == INTEGER else "a number"
        raise SandboxError(f"{where} needs {expected}, got {raw!r}") from None


def _to_bool(raw: Any, where: str) -> bool:
    if isinstance(raw, bool):
        return raw
    word = str(raw).casefold()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise SandboxError(f"{where} needs true or false, got {raw!r}")


def _check_range(definition: JSON, value: float, where: str) -> None:
    low, high = definition.get("min_value"), definition.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise SandboxError(f"{where} must be between {low} and {high}, got {value}")


def _check_length(definition: JSON, value: str, where: str) -> None:
    low, high = definition.get("min_length"), definition.get("max_length")
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        raise SandboxError(f"{where} must be {low}..{high} characters long, got {len(value)}")
