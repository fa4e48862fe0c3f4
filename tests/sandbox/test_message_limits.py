"""The sandbox refuses message bodies Discord refuses, on every route that carries one.

Each limit is planted one over (refused, at Discord's error path) and exactly at the limit
(accepted); then every route that takes content is driven by a real discord.py bot.
"""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
from PIL import Image

from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.message_limits import MessageRules, embed_size, message_errors
from tests.sandbox.demo_bot import DemoBot, ProbeView

Body = dict[str, Any]


def button(custom_id: str, label: str = "Go") -> Body:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(custom_id: str, options: int = 2) -> Body:
    choices = [{"label": f"o{i}", "value": f"o{i}"} for i in range(options)]
    return {"type": 3, "custom_id": custom_id, "options": choices}


def row(*children: Body) -> Body:
    return {"type": 1, "components": list(children)}


def rows(count: int) -> list[Body]:
    return [row(button(f"b{i}")) for i in range(count)]


def embed(**parts: Any) -> Body:
    return {"type": "rich", **parts}


def fields(count: int, name: str = "n", value: str = "v") -> list[Body]:
    return [{"name": name, "value": value} for _ in range(count)]


# (what, over the limit, exactly at it, the error path Discord reports)
LIMITS: list[tuple[str, Body, Body, tuple[str, ...]]] = [
    ("content", {"content": "x" * 2001}, {"content": "x" * 2000}, ("content",)),
    ("10 embeds", {"embeds": [embed()] * 11}, {"embeds": [embed()] * 10}, ("embeds",)),
    (
        "title",
        {"embeds": [embed(title="t" * 257)]},
        {"embeds": [embed(title="t" * 256)]},
        ("embeds", "0", "title"),
    ),
    (
        "description",
        {"embeds": [embed(description="d" * 4097)]},
        {"embeds": [embed(description="d" * 4096)]},
        ("embeds", "0", "description"),
    ),
    (
        "25 fields",
        {"embeds": [embed(fields=fields(26))]},
        {"embeds": [embed(fields=fields(25))]},
        ("embeds", "0", "fields"),
    ),
    (
        "field name",
        {"embeds": [embed(fields=fields(1, name="n" * 257))]},
        {"embeds": [embed(fields=fields(1, name="n" * 256))]},
        ("embeds", "0", "fields", "0", "name"),
    ),
    (
        "field value",
        {"embeds": [embed(fields=fields(1, value="v" * 1025))]},
        {"embeds": [embed(fields=fields(1, value="v" * 1024))]},
        ("embeds", "0", "fields", "0", "value"),
    ),
    (
        "footer",
        {"embeds": [embed(footer={"text": "f" * 2049})]},
        {"embeds": [embed(footer={"text": "f" * 2048})]},
        ("embeds", "0", "footer", "text"),
    ),
    (
        "author",
        {"embeds": [embed(author={"name": "a" * 257})]},
        {"embeds": [embed(author={"name": "a" * 256})]},
        ("embeds", "0", "author", "name"),
    ),
    (
        "6,000 in one embed",
        {"embeds": [embed(description="d" * 4096, fields=fields(2, value="v" * 952))]},
        {"embeds": [embed(description="d" * 4096, fields=fields(2, value="v" * 950))]},
        ("embeds",),
    ),
    (
        "6,000 across embeds",
        {"embeds": [embed(description="d" * 3000), embed(description="d" * 3001)]},
        {"embeds": [embed(description="d" * 3000), embed(description="d" * 3000)]},
        ("embeds",),
    ),
    ("5 action rows", {"components": rows(6)}, {"components": rows(5)}, ("components",)),
    (
        "5 buttons a row",
        {"components": [row(*(button(f"b{i}") for i in range(6)))]},
        {"components": [row(*(button(f"b{i}") for i in range(5)))]},
        ("components", "0"),
    ),
    (
        "a select fills its row",
        {"components": [row(select("s"), button("b"))]},
        {"components": [row(select("s")), row(button("b"))]},
        ("components", "0"),
    ),
    (
        "25 select options",
        {"components": [row(select("s", options=26))]},
        {"components": [row(select("s", options=25))]},
        ("components", "0", "0", "options"),
    ),
    (
        "custom id",
        {"components": [row(button("c" * 101))]},
        {"components": [row(button("c" * 100))]},
        ("components", "0", "components", "0", "custom_id"),
    ),
    (
        "button label",
        {"components": [row(button("b", label="l" * 81))]},
        {"components": [row(button("b", label="l" * 80))]},
        ("components", "0", "0", "label"),
    ),
    (
        "duplicate custom ids",
        {"components": [row(button("same")), row(button("other"), button("same"))]},
        {"components": [row(button("same")), row(button("other"), button("unique"))]},
        ("components", "1", "components", "1", "custom_id"),
    ),
]


def errors_at(errors: dict[str, Any], path: tuple[str, ...]) -> list[dict[str, Any]]:
    for key in path:
        errors = errors[key]
    return list(errors["_errors"])


@pytest.mark.parametrize(
    ("over", "at", "path"), [x[1:] for x in LIMITS], ids=[x[0] for x in LIMITS]
)
def test_each_limit_refuses_one_over_and_accepts_the_limit(
    over: Body, at: Body, path: tuple[str, ...]
) -> None:
    assert errors_at(message_errors(over), path)
    assert message_errors(at) == {}


def test_the_embed_total_counts_every_text_part() -> None:
    parts = embed(
        title="t" * 1,
        description="d" * 2,
        fields=[{"name": "n" * 3, "value": "v" * 4, "inline": True}],
        footer={"text": "f" * 5, "icon_url": "https://example.com/x.png"},
        author={"name": "a" * 6, "url": "https://example.com"},
        url="https://example.com/not-counted",
    )
    assert embed_size(parts) == 21


def test_the_newer_layout_flag_lifts_the_five_row_limit_but_not_unique_ids() -> None:
    v2 = 1 << 15
    assert message_errors({"flags": v2, "components": rows(6)}) == {}
    twice = {"flags": v2, "components": [row(button("x")), row(button("x"))]}
    assert errors_at(message_errors(twice), ("components", "1", "components", "0", "custom_id"))


def test_interaction_callbacks_are_checked_under_data_only_when_they_carry_a_message() -> None:
    rules = MessageRules()
    path = "/interactions/1/token/callback"
    too_long = {"content": "x" * 2001}
    refused = rules.refusal("POST", path, {"type": 4, "data": too_long})
    assert refused is not None and refused.errors == {
        "data": {
            "content": {
                "_errors": [
                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                ]
            }
        }
    }
    assert rules.refusal("POST", path, {"type": 7, "data": too_long}) is not None
    assert rules.refusal("POST", path, {"type": 5, "data": {"flags": 64}}) is None
    assert rules.refusal("GET", "/channels/1/messages", too_long) is None


# every route that takes content, driven by discord.py

OVER, AT = "x" * 2001, "x" * 2000
Send = Callable[[discord.Interaction, str], Awaitable[Any]]


async def reply(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(text)


async def followup(interaction: discord.Interaction, text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.send_message("answered")
    await interaction.followup.send(text)


async def edit_original(interaction: discord.Interaction, text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True)
    await interaction.edit_original_response(content=text)


async def edit_followup(interaction: discord.Interaction, text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.send_message("answered")
    sent = await interaction.followup.send("short", wait=True)
    await interaction.followup.edit_message(sent.id, content=text)


async def channel_post(interaction: discord.Interaction, text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.send_message("answered", ephemeral=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.channel.send(text)


async def channel_edit(interaction: discord.Interaction, text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.send_message("answered", ephemeral=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    posted = await interaction.channel.send("short")
    await posted.edit(content=text)


async def direct_message(interaction: discord.Interaction, text: str) -> None:
    if not interaction.response.is_done():
        await interaction.response.send_message("answered", ephemeral=True)
    await interaction.user.send(text)


ROUTES: dict[str, tuple[Send, str]] = {
    "interaction reply": (reply, r"/interactions/\d+/[^/]+/callback"),
    "follow-up": (followup, r"/webhooks/\d+/[^/]+"),
    "original response edit": (edit_original, r"/webhooks/\d+/[^/]+/messages/@original"),
    "follow-up edit": (edit_followup, r"/webhooks/\d+/[^/]+/messages/\d+"),
    "channel message": (channel_post, r"/channels/\d+/messages"),
    "channel message edit": (channel_edit, r"/channels/\d+/messages/\d+"),
    "DM": (direct_message, r"/channels/\d+/messages"),
}
"""How a bot sends the text, and the path of the request Discord refuses."""


@pytest.mark.parametrize("route", list(ROUTES))
async def test_content_over_2000_is_refused_on_every_route(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, route: str
) -> None:
    send, path = ROUTES[route]

    async def probe(interaction: discord.Interaction) -> None:
        try:
            await send(interaction, OVER)
        finally:
            await send(interaction, AT)

    bot.probe = probe
    await sandbox.slash(alice, "probe")
    [refused] = bot.refusals
    assert (refused.status, refused.code) == (400, 50035)
    assert "2000 or fewer" in str(refused)
    [violation] = sandbox.violations
    assert re.fullmatch(path, violation.path)
    assert "content: Must be 2000 or fewer in length." in violation.error
    assert any(m.content == AT for m in sandbox.visible_to(alice))
    sandbox.violations.clear()


async def test_an_update_of_the_clicked_message_is_held_to_the_same_limits(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press it", view=ProbeView())

    async def update(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.edit_message(content=OVER)
        finally:
            await interaction.response.edit_message(content=AT)

    bot.probe = post
    await sandbox.slash(alice, "probe")
    bot.probe = update
    await sandbox.click(alice, label="Probe")
    [refused] = bot.refusals
    assert refused.status == 400
    [violation] = sandbox.violations
    assert violation.path.endswith("/callback") and "data.content" in violation.error
    assert sandbox.messages()[-1].content == AT
    sandbox.violations.clear()


async def test_embeds_and_components_are_checked_on_the_way_too(
    sandbox: DiscordSandbox, bot: DemoBot
) -> None:
    channel = bot.get_channel(sandbox.default_channel)
    assert isinstance(channel, discord.TextChannel)
    big = discord.Embed(description="d" * 4000)
    for _ in range(2):
        big.add_field(name="n", value="v" * 1000)
    with pytest.raises(discord.HTTPException, match="maximum size of 6000"):
        await channel.send(embed=big)
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    with pytest.raises(discord.HTTPException, match="5 or fewer"):
        await bot.http.request(route, json={"content": "rows", "components": rows(6)})
    twice = [row(button("same")), row(button("same"))]
    with pytest.raises(discord.HTTPException, match="cannot be duplicated"):
        await bot.http.request(route, json={"content": "twice", "components": twice})
    assert len(sandbox.violations) == 3
    sandbox.violations.clear()
    big.remove_field(1)
    await channel.send(embed=big, view=ProbeView())
    await bot.http.request(route, json={"content": "rows", "components": rows(5)})
    assert sandbox.violations == []


def small_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(out, "PNG")
    return out.getvalue()


PNG_BYTES = small_png()


async def test_a_picture_keeps_its_alt_text_and_one_longer_than_discord_allows_is_refused(
    sandbox: DiscordSandbox, bot: DemoBot
) -> None:
    channel = bot.get_channel(sandbox.default_channel)
    assert isinstance(channel, discord.TextChannel)

    def picture(description: str) -> discord.File:
        return discord.File(io.BytesIO(PNG_BYTES), filename="map.png", description=description)

    with pytest.raises(discord.HTTPException, match="1024 or fewer"):
        await channel.send(file=picture("w" * 1025))
    [violation] = sandbox.violations
    assert "attachments[0].description" in violation.error
    sandbox.violations.clear()
    sent = await channel.send(file=picture("w" * 1024))
    [kept] = next(m for m in sandbox.messages() if m.id == sent.id).attachments
    assert kept.description == "w" * 1024
