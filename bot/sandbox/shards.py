"""Discord's sharding model: which shard gets a guild, what IDENTIFY may ask for, and the
budget of session starts that GET /gateway/bot reports.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count`` and DMs to
shard 0; a shard outside ``0 <= id < count`` is closed with 4010, and a session that would
hold more guilds than one shard may is closed with 4011.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from bot.sandbox.models import JSON

INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011
MAX_GUILDS_PER_SHARD = 2500
"""Discord's limit: a session over it is refused with 4011 (Sharding required)."""
GUILDS_PER_RECOMMENDED_SHARD = 1000
"""Discord recommends about one shard per 1,000 guilds in GET /gateway/bot."""
SESSION_STARTS_PER_DAY = 1000
DAY_MS = 24 * 60 * 60 * 1000


def shard_for(guild_id: int, shard_count: int) -> int:
    """The shard Discord routes a guild's events to."""
    return (guild_id >> 22) % shard_count


def recommended_shards(guild_count: int) -> int:
    return max(1, math.ceil(guild_count / GUILDS_PER_RECOMMENDED_SHARD))


def shard_refusal(shard: object, guild_ids: list[int], max_guilds: int) -> tuple[int, str] | None:
    """The close code and reason Discord would end this IDENTIFY's ``shard`` with, or None."""
    if shard is None:
        count, shard_id = 1, 0
    elif (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(part, int) and not isinstance(part, bool) for part in shard)
    ):
        shard_id, count = shard
    else:
        return INVALID_SHARD, "Invalid shard."
    if count < 1 or not 0 <= shard_id < count:
        return INVALID_SHARD, "Invalid shard."
    held = sum(1 for guild_id in guild_ids if shard_for(guild_id, count) == shard_id)
    if held > max_guilds:
        return SHARDING_REQUIRED, "Sharding required."
    return None


@dataclass
class SessionStartLimit:
    """How many IDENTIFYs are left in the current day-long window (RESUMEs are free)."""

    total: int = SESSION_STARTS_PER_DAY
    max_concurrency: int = 1
    used: int = 0
    window_start: float = field(default_factory=time.monotonic)

    def _roll(self) -> None:
        if (time.monotonic() - self.window_start) * 1000 >= DAY_MS:
            self.used, self.window_start = 0, time.monotonic()

    def start_session(self) -> None:
        self._roll()
        self.used += 1

    def payload(self) -> JSON:
        self._roll()
        elapsed_ms = int((time.monotonic() - self.window_start) * 1000)
        return {
            "total": self.total,
            "remaining": max(0, self.total - self.used),
            "reset_after": DAY_MS - elapsed_ms,
            "max_concurrency": self.max_concurrency,
        }
