"""The outbox and the positions people were last shown: what a committed order still owes
Discord, claimed atomically by whichever process sends it, and what an order by slash
command is checked against."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, or_, select, union_all, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import Game, Outbox, SeenPosition
from bot.storage.runners import Runner
from bot.storage.statements import ADD_OWED, MARK_SENT, note_seen, run


@dataclass(frozen=True, slots=True)
class Owed:
    """What an order owes, as the service knows it (it knows nothing of Discord)."""

    position: str
    lines: Sequence[str]
    private: dict[int, list[str]]
    actor_id: int | None
    handed_to: Sequence[int]


@dataclass(frozen=True, slots=True)
class OwedRecord:
    """An outbox row."""

    id: int
    game_id: int
    guild_id: int | None
    channel_id: int
    version: int
    position: str
    lines: list[str]
    private: dict[int, list[str]] = field(repr=False)
    actor_id: int | None
    handed_to: list[int]
    created_at: datetime
    sent_at: datetime | None


@dataclass(frozen=True, slots=True)
class Seen:
    """The position a person was last shown of a game, at which of its versions."""

    game_id: int
    version: int
    position: str


def _utcnow() -> datetime:
    return datetime.now(UTC)


async def add_owed(
    runner: Runner,
    game_id: int,
    guild_id: int | None,
    channel_id: int,
    version: int,
    owed: Owed,
    *,
    now: datetime,
    lease: float,
) -> int:
    """Write the row inside the order's transaction, claimed by the committing process for
    ``lease`` seconds (it sends at once; another process takes over only if it dies)."""
    values = {
        "game_id": game_id,
        "guild_id": guild_id,
        "channel_id": channel_id,
        "version": version,
        "position": owed.position,
        "lines": list(owed.lines),
        "private": {str(user): list(lines) for user, lines in owed.private.items()},
        "actor_id": owed.actor_id,
        "handed_to": list(owed.handed_to),
        "created_at": now,
        "claimed_until": now + timedelta(seconds=lease),
    }
    return int((await runner.one(ADD_OWED, values)).id)


def _record(row: Outbox) -> OwedRecord:
    return OwedRecord(
        id=row.id,
        game_id=row.game_id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        version=row.version,
        position=row.position,
        lines=list(row.lines),
        private={int(user): list(lines) for user, lines in row.private.items()},
        actor_id=row.actor_id,
        handed_to=list(row.handed_to),
        created_at=row.created_at,
        sent_at=row.sent_at,
    )


class OutboxStore:
    """Claims, marks and counts outbox rows; remembers what each person was shown."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def claim_due(
        self, lease: float, *, limit: int = 20, now: datetime | None = None
    ) -> list[OwedRecord]:
        """Claim up to ``limit`` unsent rows whose lease ran out, oldest first. The claim is
        one conditional UPDATE, so two processes never claim the same row; on PostgreSQL the
        candidates are picked FOR UPDATE SKIP LOCKED, so they do not queue on each other."""
        now = now or _utcnow()
        due = (
            select(Outbox.id)
            .where(Outbox.sent_at.is_(None), Outbox.claimed_until < now)
            .order_by(Outbox.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        statement = (
            update(Outbox)
            .where(
                Outbox.id.in_(due.scalar_subquery()),
                Outbox.sent_at.is_(None),
                Outbox.claimed_until < now,
            )
            .values(claimed_until=now + timedelta(seconds=lease))
            .returning(Outbox)
        )
        async with self._sessions.begin() as session:
            rows = (await session.scalars(statement)).all()
            return sorted((_record(row) for row in rows), key=lambda r: r.id)

    async def take_over(
        self,
        started: datetime,
        lease: float,
        shards: tuple[list[int], int] | None = None,
        *,
        now: datetime | None = None,
    ) -> int:
        """Free the claims that a process which held this one's shards made before it died
        (they run out as of ``started``), so their rows go out now rather than when the dead
        claims would have run out; returns how many.
        A claim made before ``started`` runs out by ``started + lease``: a later one is this
        process's own. ``shards`` (held ids, count) limits it to the guilds of those shards
        (a DM's row, with no guild, to shard 0's); None takes every claim, as the one process
        on its database (SQLite's, or an unsharded one's) may."""
        now = now or _utcnow()
        held = update(Outbox).where(
            Outbox.sent_at.is_(None),
            Outbox.claimed_until > now,
            Outbox.claimed_until <= started + timedelta(seconds=lease),
        )
        if shards is not None:
            ids, count = shards
            shard = Outbox.guild_id // 2**22 % count  # Discord's (guild_id >> 22) % count
            guildless = [Outbox.guild_id.is_(None)] if 0 in ids else []
            held = held.where(or_(shard.in_(ids), *guildless))
        async with self._sessions.begin() as session:
            done = await session.execute(held.values(claimed_until=started))
            return int(done.rowcount or 0)

    async def release(self, outbox_id: int, *, now: datetime | None = None) -> None:
        """Give up this process's claim on a row it cannot send itself (its interaction can
        no longer be answered): the sender's next look takes it up, in any process."""
        async with self._sessions.begin() as session:
            await session.execute(
                update(Outbox)
                .where(Outbox.id == outbox_id, Outbox.sent_at.is_(None))
                .values(claimed_until=now or _utcnow())
            )

    async def mark_sent(self, outbox_id: int, *, now: datetime | None = None) -> None:
        """Mark the row done: every message it owed was sent."""
        async with self._sessions.begin() as session:
            await run(session, MARK_SENT, {"b_id": outbox_id, "sent_at": now or _utcnow()})

    async def depth(self) -> int:
        """How many rows are owed and unsent."""
        statement = select(func.count()).select_from(Outbox).where(Outbox.sent_at.is_(None))
        async with self._sessions() as session:
            return (await session.execute(statement)).scalar_one()

    async def owed(self, game_id: int) -> list[OwedRecord]:
        """The game's unsent rows, oldest first."""
        statement = (
            select(Outbox)
            .where(Outbox.game_id == game_id, Outbox.sent_at.is_(None))
            .order_by(Outbox.id)
        )
        async with self._sessions() as session:
            return [_record(row) for row in await session.scalars(statement)]

    async def all_rows(self, game_id: int) -> list[OwedRecord]:
        """Every row of the game, sent or not, oldest first."""
        statement = select(Outbox).where(Outbox.game_id == game_id).order_by(Outbox.id)
        async with self._sessions() as session:
            return [_record(row) for row in await session.scalars(statement)]

    # -- what people were shown ----------------------------------------------------------

    async def note_seen(
        self,
        game_id: int,
        user_ids: Sequence[int],
        version: int,
        position: str,
        *,
        now: datetime | None = None,
    ) -> None:
        """Remember that these people were shown the position at ``version`` privately (the
        channel's is the game's post, :meth:`bot.storage.repository.Store.note_post`); an
        older version never overwrites a newer one. One statement, whoever was shown it
        before."""
        if not user_ids:
            return
        now = now or _utcnow()
        shown = {"game_id": game_id, "version": version, "position": position, "seen_at": now}
        async with self._sessions.begin() as session:
            rows = [{**shown, "user_id": user_id} for user_id in dict.fromkeys(user_ids)]
            await run(session, note_seen(session), rows)

    async def last_seen(self, game_id: int, user_id: int) -> Seen | None:
        """The newest position the person was shown: privately (noted here), or in the
        channel, where the game's current post shows what everyone saw once it went up."""
        mine = select(SeenPosition.version, SeenPosition.position).where(
            SeenPosition.game_id == game_id, SeenPosition.user_id == user_id
        )
        posted = select(Game.post_version, Game.post_position).where(
            Game.id == game_id, Game.post_version.is_not(None), Game.post_position.is_not(None)
        )
        either = union_all(mine, posted).subquery()
        newest = select(either).order_by(either.c.version.desc()).limit(1)
        async with self._sessions() as session:
            row = (await session.execute(newest)).one_or_none()
            return None if row is None else Seen(game_id, row.version, row.position)
