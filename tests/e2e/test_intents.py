"""The bot asks Discord for no message events: it reads none, and each one would cost its
event loop a parse and its memory a cached message."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.gateway import DIRECT_MESSAGES, GUILD_MESSAGES


def message_events(sandbox: DiscordSandbox) -> list[str]:
    sessions = sandbox._backend.gateway.sessions
    return [p["t"] for s in sessions for p in s.sent if str(p["t"]).startswith("MESSAGE_")]


async def test_a_game_with_posts_and_dms_sends_the_bot_no_message_events(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    await sandbox.click(alice, label="Strike")
    assert sandbox.dms(alice) and len([m for m in sandbox.messages() if m.embeds]) >= 2
    assert message_events(sandbox) == []
    assert not laager.intents.guild_messages and not laager.intents.dm_messages


async def test_the_check_sees_message_events_when_the_bot_asks_for_them(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """Planted: the sessions ask for messages, as a bot on Discord's default intents does."""
    for session in sandbox._backend.gateway.sessions:
        session.intents |= GUILD_MESSAGES | DIRECT_MESSAGES
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    assert "MESSAGE_CREATE" in message_events(sandbox)
    assert not laager.cached_messages, "no message is cached even when one comes"
