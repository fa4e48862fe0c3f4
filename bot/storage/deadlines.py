"""Turn deadlines in the database: each game's deadline, the due time of the turn now running,
and the seats the bot stood in for. The timers live here, not in a process, so they survive
restarts; an expiry or a reminder is claimed by one conditional UPDATE, so two processes
watching the same database never both act on it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, bindparam, delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import Deadline, Game, Seat, StandIn
from bot.storage.runners import Runner, SessionRunner
from bot.storage.statements import RESTART_TURN

_STOOD_IN_FOR = (
    select(StandIn.side)
    .join(Game, Game.id == StandIn.game_id)
    .join(Seat, and_(Seat.game_id == StandIn.game_id, Seat.side == StandIn.side))
    .where(
        Game.channel_id == bindparam("channel_id"),
        Game.status == "active",
        Seat.user_id == bindparam("user_id"),
    )
    .limit(1)
)
"""A side of the user's that the bot stands in for in the channel's active game, if any."""

CLAIM_LEASE = timedelta(minutes=5)
"""How long a claimed expiry is held; a process that dies meanwhile leaves it to another."""


@dataclass(frozen=True, slots=True)
class Turn:
    """When a turn runs out and when its player is reminded; both None while nobody is awaited."""

    hours: int
    due_at: datetime | None
    remind_at: datetime | None

    @classmethod
    def starting(cls, hours: int, now: datetime, awaited: bool) -> Turn:
        """A turn starting ``now``: its player is reminded when a quarter of it is left."""
        if not awaited:
            return cls(hours, None, None)
        length = timedelta(hours=hours)
        return cls(hours, now + length, now + length * 3 / 4)


@dataclass(frozen=True, slots=True)
class DeadlineRecord:
    game_id: int
    hours: int
    due_at: datetime | None
    remind_at: datetime | None
    reminded_at: datetime | None
    claimed_until: datetime | None


def add_deadline(session: AsyncSession, game_id: int, turn: Turn) -> None:
    """Store a new game's deadline in the transaction that creates the game."""
    session.add(Deadline(game_id=game_id, **_times(turn)))


async def replace_deadline(session: AsyncSession, game_id: int, turn: Turn | None) -> None:
    """Give the game this deadline, the turn now running restarting under it; None takes the
    deadline away. Runs in the transaction that logs the change."""
    await session.execute(delete(Deadline).where(Deadline.game_id == game_id))
    if turn is not None:
        add_deadline(session, game_id, turn)


async def restart_in(
    runner: Runner, game_id: int, hours: int, awaited: bool, now: datetime
) -> None:
    """Start a new turn of the game's ``hours``-long deadline in the transaction that commits
    the change of the game: its timer runs from ``now`` (or stops while nobody is awaited),
    its reminder is owed again and any claim on the last expiry is dropped."""
    turn = Turn.starting(hours, now, awaited)
    await runner.run(RESTART_TURN, {"b_game": game_id, **_times(turn)})


async def stand_in_for(
    session: AsyncSession, game_id: int, sides: Sequence[str], now: datetime
) -> None:
    """Record that the bot now plays these seats, in the transaction of its first orders."""
    for side in sides:
        await session.merge(StandIn(game_id=game_id, side=side, since=now))


def _times(turn: Turn) -> dict[str, object]:
    return {
        "hours": turn.hours,
        "due_at": turn.due_at,
        "remind_at": turn.remind_at,
        "reminded_at": None,
        "claimed_until": None,
    }


def _record(row: Deadline) -> DeadlineRecord:
    return DeadlineRecord(
        row.game_id, row.hours, row.due_at, row.remind_at, row.reminded_at, row.claimed_until
    )


class DeadlineRows:
    """The deadline part of the storage API (mixed into :class:`bot.storage.repository.Store`)."""

    _sessions: async_sessionmaker[AsyncSession]

    async def deadline(self, game_id: int) -> DeadlineRecord | None:
        async with self._sessions() as session:
            row = await session.get(Deadline, game_id)
            return None if row is None else _record(row)

    async def restart_turn(self, game_id: int, awaited: bool, now: datetime) -> None:
        """A new turn starts after a change committed on its own (see :func:`restart_in`)."""
        hours = select(Deadline.hours).where(Deadline.game_id == game_id).with_for_update()
        async with self._sessions.begin() as session:
            if (length := await session.scalar(hours)) is not None:
                await restart_in(SessionRunner(session), game_id, length, awaited, now)

    async def due_reminders(self, now: datetime) -> list[DeadlineRecord]:
        """Active games whose turn's reminder is owed now."""
        return await self._active_deadlines(
            Deadline.remind_at <= now, Deadline.reminded_at.is_(None)
        )

    async def expired(self, now: datetime) -> list[DeadlineRecord]:
        """Active games whose turn has run out and that no live claim holds."""
        return await self._active_deadlines(
            Deadline.due_at <= now,
            or_(Deadline.claimed_until.is_(None), Deadline.claimed_until <= now),
        )

    async def claim_reminder(self, game_id: int, due_at: datetime, now: datetime) -> bool:
        """Mark the reminder of the turn due at ``due_at`` sent; True for the one caller that
        does it first."""
        statement = (
            update(Deadline)
            .where(
                Deadline.game_id == game_id,
                Deadline.due_at == due_at,
                Deadline.reminded_at.is_(None),
            )
            .values(reminded_at=now)
        )
        async with self._sessions.begin() as session:
            return (await session.execute(statement)).rowcount == 1

    async def claim_expiry(self, game_id: int, due_at: datetime, now: datetime) -> bool:
        """Hold the expiry of the turn due at ``due_at`` for CLAIM_LEASE; True for the one
        caller that does it first. The stand-in's commit starts the next turn, which drops
        the claim; a claimer that dies lets the lease run out for another to take."""
        statement = (
            update(Deadline)
            .where(
                Deadline.game_id == game_id,
                Deadline.due_at == due_at,
                Deadline.due_at <= now,
                or_(Deadline.claimed_until.is_(None), Deadline.claimed_until <= now),
            )
            .values(claimed_until=now + CLAIM_LEASE)
        )
        async with self._sessions.begin() as session:
            return (await session.execute(statement)).rowcount == 1

    async def stood_in(self, game_id: int) -> list[str]:
        statement = select(StandIn.side).where(StandIn.game_id == game_id).order_by(StandIn.side)
        async with self._sessions() as session:
            return list((await session.scalars(statement)).all())

    async def stood_in_channels(self) -> set[int]:
        """The channels whose active game has a seat the bot stands in for."""
        statement = (
            select(Game.channel_id)
            .join(StandIn, StandIn.game_id == Game.id)
            .where(Game.status == "active")
            .distinct()
        )
        async with self._sessions() as session:
            return set((await session.scalars(statement)).all())

    async def hand_back(self, channel_id: int, user_id: int) -> list[str]:
        """End the stand-ins for the user's seats in the channel's active game; returns the
        sides that were stood in for, so only the first of two concurrent hand-backs has
        anything to say.

        Every command and press asks this, and the answer is nearly always "none", so a
        read (built once) comes first: the write, which on SQLite waits its turn behind
        every other writer, is made only when there is something to hand back."""
        where = {"channel_id": channel_id, "user_id": user_id}
        async with self._sessions() as session:
            if await session.scalar(_STOOD_IN_FOR, where) is None:
                return []
        game = select(Game.id).where(Game.channel_id == channel_id, Game.status == "active")
        mine = select(Seat.side).where(Seat.game_id == StandIn.game_id, Seat.user_id == user_id)
        statement = (
            delete(StandIn)
            .where(StandIn.game_id.in_(game.scalar_subquery()), StandIn.side.in_(mine))
            .returning(StandIn.side)
        )
        async with self._sessions.begin() as session:
            return sorted((await session.scalars(statement)).all())

    async def _active_deadlines(self, *conditions: object) -> list[DeadlineRecord]:
        statement = (
            select(Deadline)
            .join(Game, Game.id == Deadline.game_id)
            .where(Game.status == "active", *conditions)
            .order_by(Deadline.due_at)
        )
        async with self._sessions() as session:
            return [_record(row) for row in (await session.scalars(statement)).all()]
