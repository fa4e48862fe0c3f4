"""What Discord refuses in a message body, whichever route carries it.

The published API description is looser than Discord itself (it allows 4,000 characters of
content and 40 components, which only hold for Nitro users and the newer component
layouts), and it cannot say that the embeds of one message share 6,000 characters or that
custom ids must be unique. A bot that passes the spec check can therefore still be refused
on Discord; the sandbox checks these limits first, on every route that takes message
content, and answers as Discord does: HTTP 400, code 50035, errors nested by field path,
e.g. ``{"embeds": {"0": {"fields": {"3": {"value": {"_errors": [...]}}}}}}``.

The limits are those of Discord's message, embed and component documentation: 2,000
characters of content; 10 embeds holding at most 6,000 characters together (titles,
descriptions, field names and values, footers and author names), each with a title and
author name of 256, a description of 4,096, a footer of 2,048 and 25 fields whose names
hold 256 and values 1,024; 5 action rows of at most 5 buttons or a single select; 25
select options; custom ids of 100 characters, unique within the message; button labels
of 80.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from bot.sandbox.command_limits import Errors, Refusal, error_lines
from bot.sandbox.http_responses import INVALID_FORM_BODY
from bot.sandbox.models import JSON

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
MAX_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR = 256
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
ACTION_ROW, BUTTON = 1, 2
SELECTS = frozenset({3, 5, 6, 7, 8})
IS_COMPONENTS_V2 = 1 << 15
CALLBACKS_WITH_MESSAGE = frozenset({4, 7})
"""Interaction callbacks that carry a message: a reply and an update of the clicked one."""

MESSAGE_ROUTES = (
    ("POST", re.compile(r"^/channels/\d+/messages$")),
    ("PATCH", re.compile(r"^/channels/\d+/messages/\d+$")),
    ("POST", re.compile(r"^/webhooks/\d+/[^/]+$")),
    ("PATCH", re.compile(r"^/webhooks/\d+/[^/]+/messages/(?:\d+|@original)$")),
)
CALLBACK_ROUTE = re.compile(r"^/interactions/\d+/[^/]+/callback$")


def message_errors(message: JSON) -> Errors:
    """Everything Discord refuses in one message body, nested as Discord reports it."""
    errors: Errors = {}
    content = message.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        errors["content"] = {"_errors": _too_long(MAX_CONTENT)}
    embeds = _dicts(message.get("embeds"))
    if isinstance(message.get("embed"), dict):
        embeds = [message["embed"]]
    found = _embeds_errors(embeds)
    if found:
        errors["embeds"] = found
    components = _dicts(message.get("components"))
    found = _components_errors(components, v2=bool(_int(message.get("flags")) & IS_COMPONENTS_V2))
    if found:
        errors["components"] = found
    return errors


def embed_size(embed: JSON) -> int:
    """The characters of one embed that count against the message's 6,000."""
    total = len(_text(embed.get("title"))) + len(_text(embed.get("description")))
    for field in _dicts(embed.get("fields")):
        total += len(_text(field.get("name"))) + len(_text(field.get("value")))
    total += len(_text(_dict(embed.get("footer")).get("text")))
    return total + len(_text(_dict(embed.get("author")).get("name")))


class MessageRules:
    """Finds message bodies among REST requests and refuses what Discord refuses."""

    def refusal(self, method: str, api_path: str, data: Any) -> Refusal | None:
        if not isinstance(data, dict):
            return None
        if method == "POST" and CALLBACK_ROUTE.match(api_path):
            if _int(data.get("type")) not in CALLBACKS_WITH_MESSAGE:
                return None
            found = message_errors(_dict(data.get("data")))
            return _refusal({"data": found}) if found else None
        if any(method == verb and route.match(api_path) for verb, route in MESSAGE_ROUTES):
            found = message_errors(data)
            return _refusal(found) if found else None
        return None


def _refusal(errors: Errors) -> Refusal:
    reasons = tuple(f"message {line}" for line in error_lines(errors))
    return Refusal(INVALID_FORM_BODY, "Invalid Form Body", errors, reasons)


def _embeds_errors(embeds: list[JSON]) -> Errors:
    errors: Errors = {}
    problems: list[JSON] = []
    if len(embeds) > MAX_EMBEDS:
        problems += _too_long(MAX_EMBEDS)
    total = sum(embed_size(embed) for embed in embeds)
    if total > MAX_EMBED_TOTAL:
        message = f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL} ({total} characters)"
        problems += _problem("MAX_EMBED_SIZE_EXCEEDED", message)
    if problems:
        errors["_errors"] = problems
    for index, embed in enumerate(embeds):
        found = _embed_errors(embed)
        if found:
            errors[str(index)] = found
    return errors


def _embed_errors(embed: JSON) -> Errors:
    errors: Errors = {}
    for key, limit in EMBED_TEXT_LIMITS.items():
        if len(_text(embed.get(key))) > limit:
            errors[key] = {"_errors": _too_long(limit)}
    fields = _dicts(embed.get("fields"))
    field_errors: Errors = {"_errors": _too_long(MAX_FIELDS)} if len(fields) > MAX_FIELDS else {}
    for index, field in enumerate(fields):
        found: Errors = {}
        if len(_text(field.get("name"))) > MAX_FIELD_NAME:
            found["name"] = {"_errors": _too_long(MAX_FIELD_NAME)}
        if len(_text(field.get("value"))) > MAX_FIELD_VALUE:
            found["value"] = {"_errors": _too_long(MAX_FIELD_VALUE)}
        if found:
            field_errors[str(index)] = found
    if field_errors:
        errors["fields"] = field_errors
    if len(_text(_dict(embed.get("footer")).get("text"))) > MAX_FOOTER:
        errors["footer"] = {"text": {"_errors": _too_long(MAX_FOOTER)}}
    if len(_text(_dict(embed.get("author")).get("name"))) > MAX_AUTHOR:
        errors["author"] = {"name": {"_errors": _too_long(MAX_AUTHOR)}}
    return errors


def _components_errors(rows: list[JSON], *, v2: bool) -> Errors:
    """The top-level components: action rows (unless the newer layout flag is set), their
    buttons and selects, and custom ids unique across the whole message."""
    errors: Errors = {}
    if not v2 and len(rows) > MAX_ROWS:
        errors["_errors"] = _too_long(MAX_ROWS)
    for index, row in enumerate(rows):
        found = _row_errors(row) if row.get("type") == ACTION_ROW else {}
        if found:
            errors[str(index)] = found
    seen: set[str] = set()
    for path, component in _walk(rows, ()):
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            continue
        problems: list[JSON] = []
        if len(custom_id) > MAX_CUSTOM_ID:
            problems += _too_long(MAX_CUSTOM_ID)
        if custom_id in seen:
            message = f"Component custom id cannot be duplicated ({custom_id!r})"
            problems += _problem("COMPONENT_CUSTOM_ID_DUPLICATED", message)
        seen.add(custom_id)
        if problems:
            _nested(errors, (*path, "custom_id"))["_errors"] = problems
    return errors


def _row_errors(row: JSON) -> Errors:
    errors: Errors = {}
    children = _dicts(row.get("components"))
    selects = [c for c in children if c.get("type") in SELECTS]
    if selects and len(children) > 1:
        message = "The specified component exceeds the maximum width (a select fills its row)"
        errors["_errors"] = _problem("COMPONENT_LAYOUT_WIDTH_EXCEEDED", message)
    elif len(children) > MAX_ROW_BUTTONS:
        errors["_errors"] = _too_long(MAX_ROW_BUTTONS)
    for index, child in enumerate(children):
        found: Errors = {}
        if child.get("type") == BUTTON and len(_text(child.get("label"))) > MAX_BUTTON_LABEL:
            found["label"] = {"_errors": _too_long(MAX_BUTTON_LABEL)}
        if len(_dicts(child.get("options"))) > MAX_SELECT_OPTIONS:
            found["options"] = {"_errors": _too_long(MAX_SELECT_OPTIONS)}
        if found:
            errors[str(index)] = found
    return errors


def _walk(components: list[JSON], path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], JSON]]:
    """Every component at any depth with its path, in the order Discord reads them."""
    for index, component in enumerate(components):
        here = (*path, str(index))
        yield here, component
        yield from _walk(_dicts(component.get("components")), (*here, "components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield (*here, "accessory"), accessory


def _nested(errors: Errors, path: tuple[str, ...]) -> Errors:
    for key in path:
        errors = errors.setdefault(key, {})
    return errors


def _problem(code: str, message: str) -> list[JSON]:
    return [{"code": code, "message": message}]


def _too_long(limit: int) -> list[JSON]:
    """Discord says the same for a string too long and a list too long."""
    return _problem("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _dicts(value: Any) -> list[JSON]:
    return [item for item in (value if isinstance(value, list) else []) if isinstance(item, dict)]


def _dict(value: Any) -> JSON:
    return value if isinstance(value, dict) else {}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0
