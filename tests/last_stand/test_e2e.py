"""Last Stand through Discord-in-a-box: a solo game played to its end by a scripted
British player from the buttons and the panel's menus alone, and a two-player game where
both seats act."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.components import clickable_buttons
from bot.sandbox.models import Message
from tests.e2e.conftest import bot_settings, newest_post
from tests.e2e.panel_steps import step_to

SYSTEMS: list[str] = []  # the built-in systems only
PANEL = "My orders (private)"
PREFERENCE = (
    "Fire: hit",
    "Raise the Colours",
    "Lt. A enters",
    "Place for me",
    "Finish set-up",
    "Combat first",
    "Roll for",
    "Snipe",
    "Advance",
    "End",
)


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url, SYSTEMS)) as bot:
        await sandbox.wait_ready()
        yield bot


def latest_with_buttons(sandbox: DiscordSandbox) -> Message | None:
    for message in reversed(sandbox.messages()):
        if clickable_buttons(message.components):
            return message
    return None


def pick(message: Message) -> str:
    labels = [b["label"] for b in clickable_buttons(message.components)]
    for wanted in PREFERENCE:
        for label in labels:
            if label.startswith(wanted):
                return label
    return labels[0]


async def press(
    sandbox: DiscordSandbox, user: SandboxUser, label: str, message: Message | None = None
) -> Message:
    """Click a button and wait for the bot's answer in the channel: a new post for an order
    that ends the phase or hands the game over (the pressed post loses its buttons first,
    and the map is rendered before the post goes out), or, for an order within the phase,
    the pressed post itself telling it."""
    before = len(sandbox.messages())
    pressed = message or latest_with_buttons(sandbox)
    assert pressed is not None
    told = json.dumps(pressed.embeds)
    clicked = await sandbox.click(user, pressed, label=label)
    assert not clicked.ephemeral, clicked.response.content
    for _ in range(500):
        if len(sandbox.messages()) > before:
            return sandbox.messages()[-1]
        if json.dumps(pressed.embeds) != told:
            return pressed
        await asyncio.sleep(0.02)
    raise AssertionError(f"no post after pressing {label}")


def png_of(message: Message) -> Image.Image:
    [attachment] = [a for a in message.attachments if a.filename.endswith(".png")]
    return Image.open(io.BytesIO(attachment.data))


async def fire_once(sandbox: DiscordSandbox, user: SandboxUser) -> bool:
    """Aim with /laststand fire, the shortcut, at the first target autocomplete offers."""
    targets = await sandbox.autocomplete(user, "laststand fire", {}, focused="target")
    if not targets:
        return False
    target = targets[0]["value"]
    shooters = await sandbox.autocomplete(
        user, "laststand fire", {"target": target}, focused="unit"
    )
    assert shooters, "a target is offered only when someone can hit it"
    aimed = await sandbox.slash(
        user, "laststand fire", {"target": target, "unit": shooters[0]["value"]}
    )
    assert "hit on" in aimed.messages[-1].text()
    return True


async def from_panel(sandbox: DiscordSandbox, user: SandboxUser, kind: str, said: str) -> bool:
    """Give the first order whose key begins with ``kind`` from the private panel's
    step-by-step menu, if it offers one, and see the channel's post tell it."""
    message = latest_with_buttons(sandbox)
    if message is None or not any(
        b["label"] == PANEL for b in clickable_buttons(message.components)
    ):
        return False
    panel = (await sandbox.click(user, message, label=PANEL)).response
    assert panel is not None and panel.ephemeral
    if f"o:{kind}." not in json.dumps(panel.components) and f"g:{kind}" not in json.dumps(
        panel.components
    ):
        return False
    await step_to(sandbox, user, panel, kind, first=True)
    assert any(said in m.text() for m in sandbox.messages()[-3:]), newest_post(sandbox).text()
    return True


@pytest.mark.slow
async def test_solo_game_played_to_its_end(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    started = await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    assert png_of(started.response).size != (1216, 622)  # the area of the action, not all
    units = await sandbox.autocomplete(alice, "laststand move", {}, focused="unit")
    assert {"1BB", "RB"} <= {u["name"] for u in units}  # set-up: only units still to place
    hexes = await sandbox.autocomplete(alice, "laststand move", {"unit": "rb"}, focused="hex")
    assert "1008" in [h["value"] for h in hexes] and "1307" not in [h["value"] for h in hexes]
    placed = await sandbox.slash(alice, "laststand move", {"unit": "rb", "hex": "1008"})
    assert "RB is placed in 1008" in placed.messages[-1].text()
    refused = await sandbox.slash(alice, "laststand move", {"unit": "1bb", "hex": "1008"})
    assert refused.ephemeral and "tent or wagon" in refused.response.content
    zoom = await sandbox.slash(alice, "game map", {"zoom": "1206"})
    assert png_of(zoom.messages[-1]).size[0] < 1000
    fired = moved = False
    for _ in range(400):
        message = latest_with_buttons(sandbox)
        if message is None or "Game over" in newest_post(sandbox).text():
            break
        labels = [b["label"] for b in clickable_buttons(message.components)]
        if not fired and any(label.startswith("End British") for label in labels):
            fired = await from_panel(sandbox, alice, "aim", "hit on")
            if fired:
                continue
        if not moved and "End movement" in labels:
            moved = await from_panel(sandbox, alice, "mv", "move")
            if moved:
                continue
        await press(sandbox, alice, pick(message), message)
    assert "Game over" in newest_post(sandbox).text()
    assert fired and moved
    status = await sandbox.slash(alice, "game verify")
    assert "verified" in status.response.content


async def test_two_player_game_both_seats_act(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "two-player", "side": "british"}
    )
    await sandbox.slash(bob, "game join", {"side": "zulu"})
    await press(sandbox, alice, "Place for me")
    finished = await press(sandbox, alice, "Finish set-up")
    assert f"<@{bob.id}>" in finished.content and "`/laststand move`" in finished.content
    origins = await sandbox.autocomplete(bob, "laststand move", {}, focused="unit")
    assert "1601" in [o["value"] for o in origins]
    assert await sandbox.autocomplete(alice, "laststand move", {}, focused="unit") == []
    spots = await sandbox.autocomplete(bob, "laststand move", {"unit": "1601"}, focused="hex")
    assert "1505" in [s["value"] for s in spots]
    for hex_ in ("1505", "1503", "1403"):  # three Zulus next to C Co. in 1504
        moved = await sandbox.slash(bob, "laststand move", {"unit": "1601", "hex": hex_})
        assert f"→ {hex_}" in moved.messages[-1].text()
    wrong = await sandbox.slash(alice, "laststand end")
    assert wrong.ephemeral and "zulu player" in wrong.response.content
    await sandbox.slash(bob, "laststand end")  # answered privately; the post is the channel's
    post = sandbox.messages()[-1]
    assert "British Reaction" in post.text()
    handed = post.content  # the post says how to give the orders open now
    assert f"<@{alice.id}>" in handed and "`/laststand fire`" in handed, handed
    assert "the buttons below" in handed
    fired = await fire_once(sandbox, alice)
    assert fired
    confirmed = await press(sandbox, alice, pick(latest_with_buttons(sandbox)))
    assert "Rolled" in confirmed.text()
    await sandbox.slash(alice, "laststand end")
    attackers = await sandbox.autocomplete(bob, "laststand attack", {}, focused="zulu")
    assert attackers
    victims = await sandbox.autocomplete(
        bob, "laststand attack", {"zulu": attackers[0]["value"]}, focused="target"
    )
    attacked = await sandbox.slash(
        bob, "laststand attack", {"zulu": attackers[0]["value"], "target": victims[0]["value"]}
    )
    assert "attacks" in attacked.messages[-1].text()
