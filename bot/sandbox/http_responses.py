"""Responses in the exact shapes discord.py expects, including Discord's JSON errors."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_INTERACTION = 10062
UNKNOWN_APPLICATION_COMMAND = 10063
UNKNOWN_ROLE = 10011
UNKNOWN_MEMBER = 10007
UNKNOWN_WEBHOOK = 10015
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS_MESSAGE = 50005
CANNOT_SEND_TO_USER = 50007
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
MAX_APPLICATION_COMMANDS = 30032
INVALID_JSON = 50109
ALREADY_ACKNOWLEDGED = 40060


def json_response(data: Any, status: int = 200) -> web.Response:
    """discord.py only decodes JSON when Content-Type is exactly application/json."""
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(status=status, body=body, content_type="application/json")


def no_content() -> web.Response:
    return web.Response(status=204)


def discord_error(
    status: int,
    code: int,
    message: str,
    details: list[str] | None = None,
    *,
    errors: dict[str, Any] | None = None,
) -> web.Response:
    """Discord's error body; details appear to discord.py users as "In <field>: <reason>".

    errors is Discord's own nested object (field paths as keys), used instead of details.
    """
    payload: dict[str, Any] = {"message": message, "code": code}
    if errors:
        payload["errors"] = errors
    elif details:
        payload["errors"] = {
            "sandbox": {"_errors": [{"code": code, "message": line} for line in details]}
        }
    return json_response(payload, status=status)


def not_found(code: int, what: str) -> web.Response:
    return discord_error(404, code, f"Unknown {what}")
