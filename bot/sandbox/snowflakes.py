"""Deterministic snowflake ids and timestamps.

Ids come from a counter on a virtual clock, so a run with the same inputs yields the
same ids (and message timestamps), which keeps transcripts and snapshots reproducible.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

DISCORD_EPOCH_MS = 1_420_070_400_000
DEFAULT_START = datetime(2025, 1, 1, tzinfo=UTC)


class SnowflakeClock:
    """Hands out increasing snowflakes, one virtual millisecond apart."""

    def __init__(self, start: datetime = DEFAULT_START) -> None:
        self._start_ms = int(start.timestamp() * 1000)
        self._ticks = 0

    def next_id(self) -> int:
        """Return a fresh snowflake whose embedded time advances by one millisecond."""
        self._ticks += 1
        return (self._start_ms + self._ticks - DISCORD_EPOCH_MS) << 22

    def peek_id(self) -> int:
        """The snowflake the next call to :meth:`next_id` will return."""
        return (self._start_ms + self._ticks + 1 - DISCORD_EPOCH_MS) << 22

    @staticmethod
    def timestamp_of(snowflake: int) -> str:
        """ISO-8601 time embedded in a snowflake, as Discord formats message timestamps."""
        ms = (snowflake >> 22) + DISCORD_EPOCH_MS
        moment = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ms)
        return moment.isoformat(timespec="microseconds")

    def now(self) -> str:
        """ISO-8601 time of the most recently issued snowflake (the virtual 'now')."""
        return self.timestamp_of((self._start_ms + self._ticks - DISCORD_EPOCH_MS) << 22)
