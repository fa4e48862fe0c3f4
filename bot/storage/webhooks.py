"""Servers' webhooks and the deliveries owed to them.

A server has at most one hook. Its deliveries go out oldest first, one at a time across
processes: a process claims the hook (one conditional UPDATE of its row; on PostgreSQL the
candidates are picked FOR UPDATE SKIP LOCKED) while the hook's oldest pending delivery is
due, sends that delivery, then records how it went and frees the hook in one transaction.
A process that dies holding a hook holds it until its lease runs out; the delivery is then
sent again, so a receiver may see one twice and should tell them apart by their id.

A failed attempt is tried again after ``WEBHOOK_RETRY_SECONDS`` (10 by default), each
wait twice the one before, never more than an hour; the ``MAX_ATTEMPTS``-th failure gives
the delivery up (about three and a half hours after the first, at the default). Delivered
rows are pruned after a day, given-up rows after a week, and a delivery still pending three
days after it was queued is given up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, exists, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased

from bot.storage.models import Webhook, WebhookDelivery, WebhookGame
from bot.storage.upserts import upsert_into

PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"
MAX_ATTEMPTS = 12
LONGEST_WAIT = timedelta(hours=1)
LEASE = timedelta(seconds=60)
"""How long a process holds a hook while it delivers: well past a delivery's timeout."""
KEEP_DELIVERED = timedelta(days=1)
KEEP_FAILED = timedelta(days=7)
EXPIRE_PENDING = timedelta(days=3)
EXPIRED = "still undelivered three days after it was queued"
ERROR_LENGTH = 200


def retry_delay(first_seconds: float, attempts: int) -> timedelta:
    """The wait after a delivery's ``attempts``-th failed attempt: ``first_seconds``,
    doubled after each failure, at most an hour."""
    doubled = first_seconds * 2 ** min(attempts - 1, 40)
    return min(timedelta(seconds=doubled), LONGEST_WAIT)


@dataclass(frozen=True, slots=True)
class Hook:
    guild_id: int
    url: str
    secret: str = field(repr=False)
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewDelivery:
    """An event to queue. ``key`` names what it tells, unique for the hook; an event
    ``on_new_phase`` is queued only when the game's public phase differs from the one the
    hook was last told."""

    key: str
    event: str
    body: str
    game_id: int | None = None
    on_new_phase: bool = False


@dataclass(frozen=True, slots=True)
class DeliveryRecord:
    id: int
    guild_id: int
    key: str
    game_id: int | None
    event: str
    body: str = field(repr=False)
    status: str
    attempts: int
    created_at: datetime
    due_at: datetime | None
    finished_at: datetime | None
    last_error: str | None


@dataclass(frozen=True, slots=True)
class Claimed:
    """A hook this process holds until ``lease_until``, and the delivery to send it."""

    guild_id: int
    url: str
    secret: str = field(repr=False)
    lease_until: datetime
    delivery: DeliveryRecord


def _record(row: WebhookDelivery) -> DeliveryRecord:
    return DeliveryRecord(
        id=row.id,
        guild_id=row.guild_id,
        key=row.key,
        game_id=row.game_id,
        event=row.event,
        body=row.body,
        status=row.status,
        attempts=row.attempts,
        created_at=row.created_at,
        due_at=row.due_at,
        finished_at=row.finished_at,
        last_error=row.last_error,
    )


def _oldest_pending(delivery: Any) -> ColumnElement[bool]:
    """The condition that ``delivery`` is the oldest pending one of its hook."""
    older = aliased(WebhookDelivery)
    return ~exists().where(
        older.guild_id == delivery.guild_id, older.status == PENDING, older.id < delivery.id
    )


def _free(now: datetime) -> ColumnElement[bool]:
    """The condition that a hook is held by no process (or by one whose lease ran out)."""
    return or_(Webhook.lease_until.is_(None), Webhook.lease_until < now)


class Webhooks:
    """Servers' hooks, and the deliveries queued, claimed and recorded for them."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    # -- the hooks ---------------------------------------------------------------------

    async def set_hook(self, guild_id: int, url: str, secret: str, now: datetime) -> None:
        """Set or replace the server's hook. What is still pending goes to the new address
        at once, with its attempts counted afresh."""
        values = {"guild_id": guild_id, "url": url, "secret": secret, "created_at": now}
        async with self._sessions.begin() as session:
            insert = upsert_into(session, Webhook).values(**values, lease_until=None)
            await session.execute(
                insert.on_conflict_do_update(
                    index_elements=[Webhook.guild_id],
                    set_={"url": url, "secret": secret, "created_at": now},
                )
            )
            await session.execute(
                update(WebhookDelivery)
                .where(WebhookDelivery.guild_id == guild_id, WebhookDelivery.status == PENDING)
                .values(due_at=now, attempts=0)
            )

    async def hook(self, guild_id: int) -> Hook | None:
        async with self._sessions() as session:
            row = await session.get(Webhook, guild_id)
            return None if row is None else Hook(row.guild_id, row.url, row.secret, row.created_at)

    async def remove(self, guild_id: int) -> bool:
        """Remove the server's hook with every delivery owed to it; False if it had none."""
        async with self._sessions.begin() as session:
            gone = await session.execute(delete(Webhook).where(Webhook.guild_id == guild_id))
        return bool(gone.rowcount)

    async def hooked_guilds(self) -> set[int]:
        async with self._sessions() as session:
            return set((await session.execute(select(Webhook.guild_id))).scalars())

    # -- queueing ----------------------------------------------------------------------

    async def queue(
        self,
        guild_id: int,
        deliveries: Sequence[NewDelivery],
        now: datetime,
        *,
        game_id: int | None = None,
        phase: str | None = None,
    ) -> int | None:
        """Queue what is not queued already (by key), in one transaction with the game's
        public ``phase`` noted (None: the game is over, and its note goes); the number
        queued, or None if the server has no hook."""
        try:
            async with self._sessions.begin() as session:
                moved = game_id is not None and await _phase_moved(
                    session, guild_id, game_id, phase
                )
                rows = [
                    {
                        "guild_id": guild_id,
                        "key": d.key,
                        "game_id": d.game_id,
                        "event": d.event,
                        "body": d.body,
                        "status": PENDING,
                        "attempts": 0,
                        "created_at": now,
                        "due_at": now,
                    }
                    for d in deliveries
                    if moved or not d.on_new_phase
                ]
                if not rows:
                    return 0
                statement = (
                    upsert_into(session, WebhookDelivery)
                    .values(rows)
                    .on_conflict_do_nothing(
                        index_elements=[WebhookDelivery.guild_id, WebhookDelivery.key]
                    )
                    .returning(WebhookDelivery.id)
                )
                return len((await session.execute(statement)).all())
        except IntegrityError:  # the hook, or the game, was removed meanwhile
            return None if await self.hook(guild_id) is None else 0

    # -- delivering --------------------------------------------------------------------

    async def claim(self, now: datetime, *, limit: int = 20) -> list[Claimed]:
        """Claim up to ``limit`` free hooks whose oldest pending delivery is due, each with
        that delivery, for :data:`LEASE`."""
        head = aliased(WebhookDelivery)
        due = exists().where(
            head.guild_id == Webhook.guild_id,
            head.status == PENDING,
            head.due_at <= now,
            _oldest_pending(head),
        )
        free = _free(now)
        candidates = (
            select(Webhook.guild_id)
            .where(free, due)
            .order_by(Webhook.guild_id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        until = now + LEASE
        statement = (
            update(Webhook)
            .where(Webhook.guild_id.in_(candidates.scalar_subquery()), free)
            .values(lease_until=until)
            .returning(Webhook.guild_id, Webhook.url, Webhook.secret)
        )
        async with self._sessions.begin() as session:
            hooks = {row.guild_id: row for row in (await session.execute(statement)).all()}
            if not hooks:
                return []
            heads = await session.scalars(
                select(WebhookDelivery).where(
                    WebhookDelivery.guild_id.in_(hooks),
                    WebhookDelivery.status == PENDING,
                    _oldest_pending(WebhookDelivery),
                )
            )
            return [
                Claimed(
                    row.guild_id,
                    hooks[row.guild_id].url,
                    hooks[row.guild_id].secret,
                    until,
                    _record(row),
                )
                for row in heads
            ]

    async def record(
        self, claim: Claimed, error: str | None, now: datetime, first_retry: float
    ) -> str:
        """Record an attempt (``error`` None: delivered) and free the hook, in one
        transaction; the delivery's status now."""
        attempts = claim.delivery.attempts + 1
        values: dict = {"attempts": attempts, "last_error": error and error[:ERROR_LENGTH]}
        if error is None:
            values |= {"status": DELIVERED, "due_at": None, "finished_at": now}
        elif attempts >= MAX_ATTEMPTS:
            values |= {"status": FAILED, "due_at": None, "finished_at": now}
        else:
            values |= {"due_at": now + retry_delay(first_retry, attempts)}
        async with self._sessions.begin() as session:
            await session.execute(
                update(WebhookDelivery)
                .where(WebhookDelivery.id == claim.delivery.id, WebhookDelivery.status == PENDING)
                .values(**values)
            )
            await session.execute(
                update(Webhook)
                .where(Webhook.guild_id == claim.guild_id, Webhook.lease_until == claim.lease_until)
                .values(lease_until=None)
            )
        return str(values.get("status", PENDING))

    async def next_due(self, now: datetime | None = None) -> datetime | None:
        """When to look for deliveries again: the soonest a free hook's oldest pending
        delivery is due, or a held hook's lease runs out (its holder may have died); None
        when nothing is pending."""
        now = now or datetime.now(UTC)
        head = and_(
            WebhookDelivery.guild_id == Webhook.guild_id,
            WebhookDelivery.status == PENDING,
            _oldest_pending(WebhookDelivery),
        )
        due = select(func.min(WebhookDelivery.due_at)).where(head, _free(now))
        held = select(func.min(Webhook.lease_until)).where(
            Webhook.lease_until >= now, exists().where(head)
        )
        statement = select(due.scalar_subquery(), held.scalar_subquery())
        async with self._sessions() as session:
            found = (await session.execute(statement)).one()
        times = [time for time in found if time is not None]
        return min(times, default=None)

    async def prune(self, now: datetime) -> int:
        """Give up deliveries pending too long, and delete those finished long enough ago;
        how many rows were given up or deleted."""
        async with self._sessions.begin() as session:
            expired = await session.execute(
                update(WebhookDelivery)
                .where(
                    WebhookDelivery.status == PENDING,
                    WebhookDelivery.created_at < now - EXPIRE_PENDING,
                )
                .values(status=FAILED, due_at=None, finished_at=now, last_error=EXPIRED)
            )
            old = await session.execute(
                delete(WebhookDelivery).where(
                    or_(
                        and_(
                            WebhookDelivery.status == DELIVERED,
                            WebhookDelivery.finished_at < now - KEEP_DELIVERED,
                        ),
                        and_(
                            WebhookDelivery.status == FAILED,
                            WebhookDelivery.finished_at < now - KEEP_FAILED,
                        ),
                    )
                )
            )
        return int(expired.rowcount or 0) + int(old.rowcount or 0)

    async def latest(self, guild_id: int, limit: int = 5) -> list[DeliveryRecord]:
        """The server's newest deliveries, newest first."""
        statement = (
            select(WebhookDelivery)
            .where(WebhookDelivery.guild_id == guild_id)
            .order_by(WebhookDelivery.id.desc())
            .limit(limit)
        )
        async with self._sessions() as session:
            return [_record(row) for row in await session.scalars(statement)]

    async def deliveries(self, guild_id: int) -> list[DeliveryRecord]:
        """Every delivery the server's hook holds, oldest first."""
        statement = (
            select(WebhookDelivery)
            .where(WebhookDelivery.guild_id == guild_id)
            .order_by(WebhookDelivery.id)
        )
        async with self._sessions() as session:
            return [_record(row) for row in await session.scalars(statement)]


async def _phase_moved(
    session: AsyncSession, guild_id: int, game_id: int, phase: str | None
) -> bool:
    """Note the game's public phase for the hook; whether it differs from the one noted
    before (a first note counts as a change). None forgets the game."""
    where = and_(WebhookGame.guild_id == guild_id, WebhookGame.game_id == game_id)
    if phase is None:
        await session.execute(delete(WebhookGame).where(where))
        return False
    prior = await session.scalar(select(WebhookGame.phase).where(where))
    if prior == phase:
        return False
    await session.execute(
        upsert_into(session, WebhookGame)
        .values(guild_id=guild_id, game_id=game_id, phase=phase)
        .on_conflict_do_update(
            index_elements=[WebhookGame.guild_id, WebhookGame.game_id], set_={"phase": phase}
        )
    )
    return True


class HookedGuilds:
    """Which servers have a hook, known without asking the database on every post: read
    once, at the first question after a start, then kept as hooks are set and removed. A
    server's commands and its games' posts all reach the one process holding its shard."""

    def __init__(self, webhooks: Webhooks) -> None:
        self._webhooks = webhooks
        self._guilds: set[int] | None = None

    async def has(self, guild_id: int | None) -> bool:
        return guild_id is not None and guild_id in await self._known()

    async def any(self) -> bool:
        return bool(await self._known())

    async def add(self, guild_id: int) -> None:
        (await self._known()).add(guild_id)

    def discard(self, guild_id: int) -> None:
        if self._guilds is not None:
            self._guilds.discard(guild_id)

    async def _known(self) -> set[int]:
        if self._guilds is None:
            self._guilds = await self._webhooks.hooked_guilds()
        return self._guilds
