"""Members looking for a game, and the server's games with a side free.

A request is one row per server, member and system: asking again replaces it (a new side, a
new lapse). Answering takes the rows out in the statement that reads them, so two processes
starting games of one system at once never ping one member twice.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import and_, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import Deadline, Game, Seat, Seek
from bot.storage.upserts import upsert_into


@dataclass(frozen=True, slots=True)
class SeekRecord:
    user_id: int
    system: str
    side: str | None
    lapses_at: datetime


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """An active game of the server, with who holds which side: what decides its free sides."""

    game_id: int
    channel_id: int
    system: str
    scenario: str
    mode: str
    held: frozenset[str]
    """Sides a person or the bot holds; the system's other sides are free."""
    deadline_hours: int | None
    created_at: datetime


class Seeks:
    """Requests to be pinged for a game, and the games a member could join."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def seek(
        self,
        guild_id: int,
        user_id: int,
        system: str,
        side: str | None,
        *,
        now: datetime,
        lapses_at: datetime,
    ) -> None:
        """Note the request, replacing the member's earlier one for this system here."""
        values = {"side": side, "created_at": now, "lapses_at": lapses_at}
        async with self._sessions.begin() as session:
            statement = (
                upsert_into(session, Seek)
                .values(guild_id=guild_id, user_id=user_id, system=system, **values)
                .on_conflict_do_update(
                    index_elements=[Seek.guild_id, Seek.user_id, Seek.system], set_=values
                )
            )
            await session.execute(statement)

    async def withdraw(self, guild_id: int, user_id: int, system: str | None) -> int:
        """Drop the member's requests here (for one system, or all); how many there were."""
        condition = and_(Seek.guild_id == guild_id, Seek.user_id == user_id)
        if system is not None:
            condition = and_(condition, Seek.system == system)
        async with self._sessions.begin() as session:
            return (await session.execute(delete(Seek).where(condition))).rowcount or 0

    async def of_member(self, guild_id: int, user_id: int, now: datetime) -> list[SeekRecord]:
        """The member's requests here that have not lapsed, by system."""
        statement = (
            select(Seek.user_id, Seek.system, Seek.side, Seek.lapses_at)
            .where(Seek.guild_id == guild_id, Seek.user_id == user_id, Seek.lapses_at > now)
            .order_by(Seek.system)
        )
        async with self._sessions() as session:
            return [SeekRecord(*row) for row in (await session.execute(statement)).all()]

    async def answer(
        self,
        guild_id: int,
        system: str,
        free: Collection[str],
        *,
        creator_id: int,
        now: datetime,
        limit: int,
    ) -> list[SeekRecord]:
        """Take out and return the live requests a new game of ``system`` with the sides
        ``free`` answers (any side, or one of those), at most ``limit``, oldest first; the
        server's lapsed requests for the system go too. The game's creator is not answered.
        A request another process answers first is not returned here."""
        wanted = and_(
            Seek.guild_id == guild_id,
            Seek.system == system,
            Seek.user_id != creator_id,
            Seek.lapses_at > now,
            or_(Seek.side.is_(None), Seek.side.in_(list(free))),
        )
        lapsed = and_(Seek.guild_id == guild_id, Seek.system == system, Seek.lapses_at <= now)
        async with self._sessions.begin() as session:
            await session.execute(delete(Seek).where(lapsed))
            if not free:
                return []
            oldest = (
                select(Seek.user_id)
                .where(wanted)
                .order_by(Seek.created_at, Seek.user_id)
                .limit(limit)
            )
            users = list((await session.execute(oldest)).scalars())
            if not users:
                return []
            taken = await session.execute(
                delete(Seek)
                .where(wanted, Seek.user_id.in_(users))
                .returning(Seek.user_id, Seek.system, Seek.side, Seek.lapses_at, Seek.created_at)
            )
            rows = sorted(taken.all(), key=lambda row: (row.created_at, row.user_id))
        return [SeekRecord(r.user_id, r.system, r.side, r.lapses_at) for r in rows]

    async def seated_games(self, guild_id: int) -> list[SeatedGame]:
        """The server's active games, oldest first, with the sides held in each."""
        statement = (
            select(
                Game.id,
                Game.channel_id,
                Game.system,
                Game.scenario,
                Game.mode,
                Game.created_at,
                Deadline.hours,
                Seat.side,
                Seat.user_id,
                Seat.is_bot,
            )
            .outerjoin(Deadline, Deadline.game_id == Game.id)
            .outerjoin(Seat, Seat.game_id == Game.id)
            .where(Game.guild_id == guild_id, Game.status == "active")
            .order_by(Game.created_at, Game.id)
        )
        async with self._sessions() as session:
            rows = (await session.execute(statement)).all()
        games: dict[int, SeatedGame] = {}
        held: dict[int, set[str]] = {}
        for row in rows:
            if row.id not in games:
                games[row.id] = SeatedGame(
                    row.id,
                    row.channel_id,
                    row.system,
                    row.scenario,
                    row.mode,
                    frozenset(),
                    row.hours,
                    row.created_at,
                )
                held[row.id] = set()
            if row.side is not None and (row.user_id is not None or row.is_bot):
                held[row.id].add(row.side)
        return [replace(game, held=frozenset(held[game.game_id])) for game in games.values()]
