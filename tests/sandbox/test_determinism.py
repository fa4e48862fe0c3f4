"""Same inputs, same ids: transcripts and snapshots stay reproducible."""

from __future__ import annotations

from bot.sandbox import DiscordSandbox
from bot.sandbox.snowflakes import DISCORD_EPOCH_MS, SnowflakeClock


def test_ids_come_from_a_deterministic_clock() -> None:
    first, second = DiscordSandbox(), DiscordSandbox()
    assert (first.guild_id, first.bot_user_id, first.default_channel) == (
        second.guild_id,
        second.bot_user_id,
        second.default_channel,
    )
    assert first.add_user("alice").id == second.add_user("alice").id


def test_snowflakes_increase_and_embed_their_time() -> None:
    clock = SnowflakeClock()
    a, b = clock.next_id(), clock.next_id()
    assert b > a
    assert (b >> 22) - (a >> 22) == 1
    assert (a >> 22) + DISCORD_EPOCH_MS > 0
    assert clock.timestamp_of(a).startswith("2025-01-01T00:00:00.001")
