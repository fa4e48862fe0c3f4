"""The sandbox refuses command registrations that Discord refuses, as Discord answers them."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from bot.sandbox import DiscordSandbox
from bot.sandbox.command_limits import command_size
from bot.sandbox.models import JSON

STRING, SUB_COMMAND, SUB_COMMAND_GROUP = 3, 1, 2


def sized(name: str, total: int) -> JSON:
    """A slash command whose counted characters come to exactly ``total``."""
    command: JSON = {"name": name, "description": "Padded", "options": []}
    left = total - command_size(command)
    while left > 20:
        option: JSON = {
            "type": STRING,
            "name": f"pad{len(command['options'])}",
            "description": "Padding",
            "choices": [],
        }
        command["options"].append(option)
        left -= command_size(option)
        while left > 1 and len(option["choices"]) < 25:
            chunk = min(left, 200)
            chunk -= left - chunk == 1
            option["choices"].append(
                {"name": "n" * (chunk - chunk // 2), "value": "v" * (chunk // 2)}
            )
            left -= chunk
    command["description"] += "." * left
    assert command_size(command) == total
    return command


def option(name: str, kind: int = STRING, **fields: Any) -> JSON:
    return {"type": kind, "name": name, "description": f"The {name}", **fields}


def chat(name: str, **fields: Any) -> JSON:
    return {"type": 1, "name": name, "description": f"The {name} command", **fields}


async def register(
    sandbox: DiscordSandbox, method: str, body: Any, path: str = "/commands"
) -> tuple[int, JSON]:
    url = f"{sandbox.api_base}/applications/{sandbox.application_id}{path}"
    headers = {"Authorization": f"Bot {sandbox.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.request(method, url, json=body, headers=headers) as response:
            return response.status, await response.json()


def test_the_size_counts_names_descriptions_and_values_at_every_depth() -> None:
    command = {
        "name": "abc",  # 3
        "description": "Four",  # 4
        "description_localizations": {"fr": "Quatre!", "de": "Vier"},  # longest: 7, not 4
        "options": [
            {
                "type": SUB_COMMAND,
                "name": "sub",  # 3
                "description": "Sub",  # 3
                "options": [
                    option("pick", choices=[{"name": "One", "value": "1"}], required=True),
                ],  # 4 + 8 ("The pick") + 3 + 1
            }
        ],
        "id": "123456789",
        "default_member_permissions": "8",
    }
    assert command_size(command) == 3 + 7 + 3 + 3 + 4 + 8 + 3 + 1


async def test_a_command_of_8000_characters_registers_and_one_of_8001_is_refused(
    sandbox: DiscordSandbox,
) -> None:
    status, body = await register(sandbox, "PUT", [chat("small"), sized("big", 8000)])
    assert status == 200 and [c["name"] for c in body] == ["small", "big"]

    status, body = await register(sandbox, "PUT", [chat("small"), sized("big", 8001)])
    assert status == 400
    assert body == {
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {
            "1": {
                "_errors": [
                    {
                        "code": "APPLICATION_COMMAND_TOO_LARGE",
                        "message": "Command exceeds maximum size (8000)",
                    }
                ]
            }
        },
    }
    assert [c["name"] for c in sandbox.registered_commands()] == ["small", "big"]
    [violation] = sandbox.violations
    assert violation.method == "PUT" and violation.source == "request"
    assert "command 1 /big (8001 characters): Command exceeds maximum size (8000)" in (
        violation.error
    )
    sandbox.violations.clear()


async def test_a_description_of_101_characters_is_refused_and_100_accepted(
    sandbox: DiscordSandbox,
) -> None:
    fits = chat("roll", options=[option("dice", description="d" * 100)])
    status, _ = await register(sandbox, "PUT", [fits])
    assert status == 200

    too_long = chat("roll", options=[option("dice", description="d" * 101)])
    status, body = await register(sandbox, "PUT", [chat("ok"), too_long])
    assert status == 400 and body["code"] == 50035
    assert body["errors"] == {
        "1": {
            "options": {
                "0": {
                    "description": {
                        "_errors": [
                            {
                                "code": "BASE_TYPE_BAD_LENGTH",
                                "message": "Must be between 1 and 100 in length.",
                            }
                        ]
                    }
                }
            }
        }
    }
    [violation] = sandbox.violations
    assert "command 1 /roll" in violation.error
    assert "options.0.description: Must be between 1 and 100 in length." in violation.error
    sandbox.violations.clear()


@pytest.mark.parametrize(
    ("command", "where", "code"),
    [
        (chat("roll", description=""), ["description"], "BASE_TYPE_BAD_LENGTH"),
        (chat("roll", description="d" * 101), ["description"], "BASE_TYPE_BAD_LENGTH"),
        (
            chat("roll", description_localizations={"fr": "d" * 101}),
            ["description_localizations", "fr"],
            "BASE_TYPE_BAD_LENGTH",
        ),
        (chat("Roll"), ["name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (chat("roll dice"), ["name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (chat("roll!"), ["name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (chat("r" * 33), ["name"], "BASE_TYPE_BAD_LENGTH"),
        (
            chat("roll", name_localizations={"de": "Würfeln"}),
            ["name_localizations", "de"],
            "APPLICATION_COMMAND_INVALID_NAME",
        ),
        (chat("roll", options=[option("Dice")]), ["options", "0", "name"], None),
        (
            chat("roll", options=[option(f"o{n}") for n in range(26)]),
            ["options", "_errors"],
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            chat(
                "roll",
                options=[option("sub", SUB_COMMAND, options=[option(f"o{n}") for n in range(26)])],
            ),
            ["options", "0", "options", "_errors"],
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            chat(
                "roll",
                options=[
                    option("dice", choices=[{"name": f"c{n}", "value": f"{n}"} for n in range(26)])
                ],
            ),
            ["options", "0", "choices"],
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            chat(
                "roll",
                options=[
                    option(
                        "outer",
                        SUB_COMMAND_GROUP,
                        options=[option("inner", SUB_COMMAND_GROUP, options=[])],
                    )
                ],
            ),
            ["options", "0", "options", "0", "_errors"],
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        ),
        (
            chat("roll", options=[option("group", SUB_COMMAND_GROUP, options=[option("dice")])]),
            ["options", "0", "options", "0", "_errors"],
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        ),
        (
            chat(
                "roll",
                options=[option("sub", SUB_COMMAND, options=[option("deeper", SUB_COMMAND)])],
            ),
            ["options", "0", "options", "0", "_errors"],
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        ),
        (
            chat("roll", options=[option("sub", SUB_COMMAND), option("dice")]),
            ["options", "1", "_errors"],
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        ),
    ],
)
async def test_what_discord_refuses_is_refused_at_the_field_discord_names(
    sandbox: DiscordSandbox, command: JSON, where: list[str], code: str | None
) -> None:
    status, body = await register(sandbox, "PUT", [chat("fine"), command])
    assert status == 400 and body["code"] == 50035
    found: Any = body["errors"]["1"]
    for key in where:
        found = found[key]
    problems = found if isinstance(found, list) else found.get("_errors", [])
    assert problems and (code is None or problems[0]["code"] == code), body
    assert sandbox.registered_commands() == []
    assert len(sandbox.violations) == 1
    sandbox.violations.clear()


@pytest.mark.parametrize(
    "command",
    [
        chat("roll-dice_now"),
        chat("o'clock"),
        chat("नमस्ते"),
        chat("สวัสดี"),
        chat("straße"),
        chat("roll", name_localizations={"de": "würfeln"}),
        {"type": 2, "name": "Show Profile", "description": ""},
        chat(
            "roll",
            options=[
                option("group", SUB_COMMAND_GROUP, options=[option("sub", SUB_COMMAND)]),
                option("plain", SUB_COMMAND, options=[option(f"o{n}") for n in range(25)]),
            ],
        ),
    ],
)
async def test_what_discord_accepts_is_accepted(sandbox: DiscordSandbox, command: JSON) -> None:
    status, body = await register(sandbox, "PUT", [command])
    assert status == 200, body


async def test_more_than_100_slash_commands_are_refused(sandbox: DiscordSandbox) -> None:
    hundred = [chat(f"c{n}") for n in range(100)]
    menus = [{"type": 2, "name": f"Menu {n}", "description": ""} for n in range(5)]
    status, _ = await register(sandbox, "PUT", hundred + menus)
    assert status == 200
    status, body = await register(sandbox, "PUT", [*hundred, chat("one-more")])
    assert status == 400
    assert body == {
        "message": "Maximum number of application commands reached (100)",
        "code": 30032,
    }
    assert len(sandbox.registered_commands()) == 105
    status, body = await register(sandbox, "POST", chat("one-more"))
    assert status == 400 and body["code"] == 30032
    status, _ = await register(sandbox, "POST", chat("c7", description="Replaced"))
    assert status == 201
    assert "101 slash commands in one scope" in sandbox.violations[0].error
    assert len(sandbox.violations) == 2
    sandbox.violations.clear()


async def test_single_creates_and_edits_are_held_to_the_same_limits(
    sandbox: DiscordSandbox,
) -> None:
    guild = f"/guilds/{sandbox.guild_id}/commands"
    status, body = await register(sandbox, "POST", sized("big", 8001), guild)
    assert status == 400
    assert body["errors"] == {
        "_errors": [
            {
                "code": "APPLICATION_COMMAND_TOO_LARGE",
                "message": "Command exceeds maximum size (8000)",
            }
        ]
    }
    status, created = await register(sandbox, "POST", sized("big", 8000), guild)
    assert status == 201
    edit = f"{guild}/{created['id']}"
    longer = {"description": created["description"] + "!"}
    status, body = await register(sandbox, "PATCH", longer, edit)
    assert status == 400 and body["errors"]["_errors"][0]["code"] == "APPLICATION_COMMAND_TOO_LARGE"
    status, body = await register(sandbox, "PATCH", {"description": "Short"}, edit)
    assert status == 200 and body["description"] == "Short"
    assert len(sandbox.violations) == 2
    sandbox.violations.clear()
