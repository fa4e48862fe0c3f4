"""What Discord refuses when a bot registers application commands, beyond the OpenAPI spec.

Discord's published API description does not encode these limits, so a command the spec
accepts can still be refused at registration, and a refused bulk sync stops a bot at start.
The sandbox checks them itself (before the spec) and answers as Discord does: HTTP 400 with
each error nested under the command's index and the field's path, e.g.
``{"3": {"options": {"0": {"description": {"_errors": [...]}}}}}``.

The limits are those of Discord's application command documentation: 8,000 characters per
command (names, descriptions and choice values, counting only the longest localization of
each), 25 options per level and 25 choices per option, names of 1-32 characters (lowercase,
letters, digits, ``-``, ``_`` and ``'`` for slash commands and options), descriptions of 1-100
characters, 100 slash commands per scope, and groups holding only subcommands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import regex

from bot.sandbox import installs
from bot.sandbox.commands import (
    CHAT_INPUT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    CommandRegistry,
    RegisteredCommand,
)
from bot.sandbox.http_responses import INVALID_FORM_BODY, MAX_APPLICATION_COMMANDS
from bot.sandbox.models import JSON

MAX_COMMAND_SIZE = 8000
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHAT_COMMANDS = 100
CHAT_NAME = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
COMMANDS_PATH = re.compile(
    r"^/applications/\d+(?:/guilds/(?P<guild>\d+))?/commands(?:/(?P<command>\d+))?$"
)

Parent = Literal["command", "group", "subcommand"]
"""What holds a list of options."""
Errors = dict[str, Any]
"""Discord's nested error object: field names and list indexes down to ``_errors`` lists."""


def command_size(definition: JSON) -> int:
    """The characters Discord counts against MAX_COMMAND_SIZE for one command: the names and
    descriptions of the command and of its options at every depth, and the names and values
    of their choices; a field with localizations counts only its longest version."""
    total = _longest(definition, "name") + _longest(definition, "description")
    for option in _dicts(definition.get("options")):
        total += command_size(option)
    for choice in _dicts(definition.get("choices")):
        total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total


def command_errors(definition: JSON) -> Errors:
    """Everything Discord refuses in one command, nested as Discord reports it (empty if none)."""
    chat = (definition.get("type") or CHAT_INPUT) == CHAT_INPUT
    errors = _text_errors(definition, "name", _chat_name if chat else _plain_name)
    errors |= installs.field_errors(definition)
    if chat:
        errors |= _text_errors(definition, "description", _description)
        options = _options_errors(_dicts(definition.get("options")), "command")
        if options:
            errors["options"] = options
    if command_size(definition) > MAX_COMMAND_SIZE:
        message = f"Command exceeds maximum size ({MAX_COMMAND_SIZE})"
        errors.setdefault("_errors", []).extend(_problem("APPLICATION_COMMAND_TOO_LARGE", message))
    return errors


@dataclass(frozen=True)
class Refusal:
    """A registration Discord would refuse: the status, code and body it answers with, and
    one plain line per problem (naming the command) for the sandbox's violation log."""

    code: int
    message: str
    errors: Errors | None
    reasons: tuple[str, ...]

    status = 400


def overwrite_refusal(definitions: list[Any]) -> Refusal | None:
    """A bulk overwrite (PUT .../commands): the whole list, errors keyed by index."""
    commands = {index: c for index, c in enumerate(definitions) if isinstance(c, dict)}
    too_many = _count_refusal(sum(1 for c in commands.values() if _is_chat(c)))
    if too_many is not None:
        return too_many
    errors = {str(i): found for i, c in commands.items() if (found := command_errors(c))}
    if not errors:
        return None
    reasons = tuple(
        f"command {index} {_described(commands[int(index)])}: {line}"
        for index, found in errors.items()
        for line in error_lines(found)
    )
    return Refusal(INVALID_FORM_BODY, "Invalid Form Body", errors, reasons)


def single_refusal(definition: JSON, others: int = 0) -> Refusal | None:
    """One command created or edited (POST or PATCH), beside ``others`` slash commands."""
    if _is_chat(definition):
        too_many = _count_refusal(others + 1)
        if too_many is not None:
            return too_many
    errors = command_errors(definition)
    if not errors:
        return None
    reasons = tuple(f"command {_described(definition)}: {line}" for line in error_lines(errors))
    return Refusal(INVALID_FORM_BODY, "Invalid Form Body", errors, reasons)


class RegistrationRules:
    """Finds command registrations among REST requests and refuses what Discord refuses."""

    def __init__(self, registry: CommandRegistry) -> None:
        self._registry = registry

    def refusal(self, method: str, api_path: str, data: Any) -> Refusal | None:
        match = COMMANDS_PATH.match(api_path)
        if match is None:
            return None
        scope = int(match["guild"]) if match["guild"] else None
        if match["command"] is None:
            if method == "PUT" and isinstance(data, list):
                return overwrite_refusal(data)
            if method == "POST" and isinstance(data, dict):
                others = [c for c in self._chat_commands(scope) if c.name != data.get("name")]
                return single_refusal(data, len(others))
            return None
        command = self._registry.get(scope, match["command"])
        if method == "PATCH" and isinstance(data, dict) and command is not None:
            others = [c for c in self._chat_commands(scope) if c.id != command.id]
            return single_refusal(command.definition | data, len(others))
        return None

    def _chat_commands(self, scope: int | None) -> list[RegisteredCommand]:
        return [c for c in self._registry.in_scope(scope) if c.type == CHAT_INPUT]


def _described(definition: JSON) -> str:
    return f"/{_text(definition.get('name'))} ({command_size(definition)} characters)"


def _count_refusal(chat_commands: int) -> Refusal | None:
    if chat_commands <= MAX_CHAT_COMMANDS:
        return None
    message = f"Maximum number of application commands reached ({MAX_CHAT_COMMANDS})"
    reason = f"{chat_commands} slash commands in one scope; Discord allows {MAX_CHAT_COMMANDS}"
    return Refusal(MAX_APPLICATION_COMMANDS, message, None, (reason,))


def _options_errors(options: list[JSON], parent: Parent) -> Errors:
    """The options of a command, of a subcommand group, or of a subcommand."""
    errors: Errors = {}
    if len(options) > MAX_OPTIONS:
        errors["_errors"] = _too_many(MAX_OPTIONS)
    nested = any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options)
    for index, option in enumerate(options):
        found = _option_errors(option)
        misplaced = _nesting(option.get("type"), parent, nested)
        if misplaced:
            found.setdefault("_errors", []).extend(
                _problem("APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", misplaced)
            )
        if found:
            errors[str(index)] = found
    return errors


def _option_errors(option: JSON) -> Errors:
    errors = _text_errors(option, "name", _chat_name)
    errors |= _text_errors(option, "description", _description)
    choices = _dicts(option.get("choices"))
    if len(choices) > MAX_CHOICES:
        errors["choices"] = {"_errors": _too_many(MAX_CHOICES)}
    kind = option.get("type")
    if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
        parent: Parent = "subcommand" if kind == SUB_COMMAND else "group"
        inner = _options_errors(_dicts(option.get("options")), parent)
        if inner:
            errors["options"] = inner
    return errors


def _nesting(kind: Any, parent: Parent, nested: bool) -> str | None:
    """Why an option of this type may not stand here, if it may not."""
    subcommand = kind in (SUB_COMMAND, SUB_COMMAND_GROUP)
    if parent == "group" and kind != SUB_COMMAND:
        return "A subcommand group may contain only subcommands"
    if parent == "subcommand" and subcommand:
        return "A subcommand may not contain subcommands or subcommand groups"
    if parent == "command" and nested and not subcommand:
        return (
            "Sub-command and sub-command group option types are mutually exclusive "
            "to all other types"
        )
    return None


def _chat_name(text: str) -> list[JSON]:
    if not 1 <= len(text) <= MAX_NAME:
        return _bad_length(1, MAX_NAME)
    if not CHAT_NAME.match(text) or text.lower() != text:
        return _problem("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    return []


def _plain_name(text: str) -> list[JSON]:
    return _bad_length(1, MAX_NAME) if not 1 <= len(text) <= MAX_NAME else []


def _description(text: str) -> list[JSON]:
    return _bad_length(1, MAX_DESCRIPTION) if not 1 <= len(text) <= MAX_DESCRIPTION else []


def _text_errors(holder: JSON, field: str, check: Callable[[str], list[JSON]]) -> Errors:
    """Check a field and each of its localizations, keyed as Discord keys them."""
    errors: Errors = {}
    problems = check(_text(holder.get(field)))
    if problems:
        errors[field] = {"_errors": problems}
    localizations = holder.get(f"{field}_localizations")
    for locale, text in (localizations if isinstance(localizations, dict) else {}).items():
        problems = check(_text(text))
        if problems:
            errors.setdefault(f"{field}_localizations", {})[locale] = {"_errors": problems}
    return errors


def _longest(holder: JSON, field: str) -> int:
    return max(len(_text(text)) for text in [holder.get(field), *_localizations(holder, field)])


def _localizations(holder: JSON, field: str) -> list[Any]:
    found = holder.get(f"{field}_localizations")
    return list(found.values()) if isinstance(found, dict) else []


def _problem(code: str, message: str) -> list[JSON]:
    return [{"code": code, "message": message}]


def _bad_length(low: int, high: int) -> list[JSON]:
    return _problem("BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _too_many(limit: int) -> list[JSON]:
    return _problem("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _is_chat(definition: JSON) -> bool:
    return (definition.get("type") or CHAT_INPUT) == CHAT_INPUT


def _dicts(value: Any) -> list[JSON]:
    """The objects of a list; anything else is left for the spec check to report."""
    return [item for item in (value if isinstance(value, list) else []) if isinstance(item, dict)]


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def error_lines(errors: Errors, path: str = "") -> Iterator[str]:
    """Flatten Discord's nested errors into "path: message" lines."""
    for key, value in errors.items():
        if key == "_errors":
            for problem in value:
                yield f"{path}: {problem['message']}" if path else str(problem["message"])
        else:
            yield from error_lines(value, f"{path}.{key}" if path else key)
