"""Read-only queries over finished games: a member's record and a server's tallies.

The games table already holds each game's system, channel, status, result and times, and the
seats table who played which side, so records need no table of their own. Only the columns
shown are read; a game's state and log stay in the database.
"""

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import Fork, Game, Seat


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game as a member played it."""

    game_id: int
    system: str
    scenario: str
    mode: str
    channel_id: int
    side: str
    winner: str | None
    summary: str
    finished_at: datetime
    forked_from: int | None = None
    """The game a what-if game was forked from (None: not a fork, or its origin is gone)."""
    fork: bool = False

    @property
    def outcome(self) -> str:
        """ "won", "lost" or "drawn", from this member's side."""
        if self.winner is None:
            return "drawn"
        return "won" if self.winner == self.side else "lost"


@dataclass(frozen=True, slots=True)
class SystemTally:
    """A server's games of one system: how many by status, and the winners of finished ones."""

    system: str
    by_status: dict[str, int] = field(default_factory=dict)
    winners: Counter[str | None] = field(default_factory=Counter)
    """Winning side of each finished game (None: a draw)."""

    @property
    def finished(self) -> int:
        return self.by_status.get("finished", 0)


class History:
    """Runs each query in its own session and hands back plain records."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def played_count(self, guild_id: int, user_id: int) -> int:
        statement = (
            select(func.count())
            .select_from(Game)
            .join(Seat, Seat.game_id == Game.id)
            .where(*self._played(guild_id, user_id))
        )
        async with self._sessions() as session:
            return (await session.execute(statement)).scalar_one()

    async def played(
        self, guild_id: int, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> list[PlayedGame]:
        """The member's finished games in the server, newest first."""
        statement = (
            select(
                Game.id,
                Game.system,
                Game.scenario,
                Game.mode,
                Game.channel_id,
                Seat.side,
                Game.result,
                Game.updated_at,
                Fork.game_id.label("fork"),
                Fork.parent_id,
            )
            .join(Seat, Seat.game_id == Game.id)
            .outerjoin(Fork, Fork.game_id == Game.id)
            .where(*self._played(guild_id, user_id))
            .order_by(Game.updated_at.desc(), Game.id.desc(), Seat.side)
            .offset(offset)
            .limit(limit)
        )
        async with self._sessions() as session:
            rows = (await session.execute(statement)).all()
        return [
            PlayedGame(
                row.id,
                row.system,
                row.scenario,
                row.mode,
                row.channel_id,
                row.side,
                _winner(row.result),
                _summary(row.result),
                row.updated_at,
                row.parent_id,
                row.fork is not None,
            )
            for row in rows
        ]

    async def finished_here(self, channel_id: int) -> list[int]:
        """The numbers of the channel's finished games, newest first."""
        statement = (
            select(Game.id)
            .where(Game.channel_id == channel_id, Game.status == "finished")
            .order_by(Game.id.desc())
        )
        async with self._sessions() as session:
            return list(await session.scalars(statement))

    async def tallies(self, guild_id: int) -> list[SystemTally]:
        """Every system played in the server, most played first. What-if games are left out:
        they start from wherever a player chose, so their winners say nothing of the sides."""
        counts = (
            select(Game.system, Game.status, func.count())
            .where(Game.guild_id == guild_id, ~Game.id.in_(select(Fork.game_id)))
            .group_by(Game.system, Game.status)
        )
        results = select(Game.system, Game.result).where(
            Game.guild_id == guild_id,
            Game.status == "finished",
            ~Game.id.in_(select(Fork.game_id)),
        )
        found: dict[str, SystemTally] = {}
        async with self._sessions() as session:
            for system, status, count in (await session.execute(counts)).all():
                found.setdefault(system, SystemTally(system)).by_status[status] = count
            for system, result in (await session.execute(results)).all():
                found[system].winners[_winner(result)] += 1
        return sorted(found.values(), key=lambda t: (-sum(t.by_status.values()), t.system))

    @staticmethod
    def _played(guild_id: int, user_id: int) -> tuple[Any, ...]:
        return (Game.guild_id == guild_id, Game.status == "finished", Seat.user_id == user_id)


def _winner(result: dict[str, Any] | None) -> str | None:
    winner = (result or {}).get("winner")
    return winner if isinstance(winner, str) else None


def _summary(result: dict[str, Any] | None) -> str:
    summary = (result or {}).get("summary")
    return summary if isinstance(summary, str) else ""
