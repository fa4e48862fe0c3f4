"""The storage API for the rest of the bot: games, their seats and logs, settings and rolls.

Every game change is guarded by the game's version, which serialises writers across
processes: the first to commit a version wins, everyone else gets StaleVersion and
nothing of theirs is written.
"""

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, NamedTuple, Unpack

from sqlalchemy import (
    ColumnElement,
    Executable,
    Row,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.conversions import (
    event_record,
    event_row,
    event_values,
    game_record,
    guild_settings_record,
    in_full,
    roll_record,
    seat_record,
)
from bot.storage.deadlines import (
    DeadlineRows,
    Turn,
    add_deadline,
    replace_deadline,
    restart_in,
    stand_in_for,
)
from bot.storage.driver_sql import driver_of
from bot.storage.errors import ActiveGameExists, GameNotFound, StaleVersion
from bot.storage.models import Event, Fork, Game, GuildSettings, PlayerSettings, Roll, Seat
from bot.storage.outbox import Owed, Seen, add_owed
from bot.storage.ratings import Rater, rate_game
from bot.storage.records import (
    ClosedStatus,
    EncodedState,
    EventRecord,
    ForkOrigin,
    GameRecord,
    GuildSettingsChanges,
    GuildSettingsRecord,
    NewEvent,
    NewGame,
    NewSeat,
    RollRecord,
    SeatRecord,
)
from bot.storage.runners import Runner, SessionRunner
from bot.storage.statements import (
    ACTIVE_GAME,
    ADVANCE,
    ADVANCE_ENCODED,
    CONTRIBUTIONS,
    GAME_IN_FULL,
    GAME_SEATS,
    INSERT_EVENTS,
    MARK_POSTED,
    NOTE_POST,
    POST_OF,
    VERSION_OF,
    run,
)
from bot.storage.upserts import for_backend, upsert_into


def _utcnow() -> datetime:
    return datetime.now(UTC)


class _Change(NamedTuple):
    """What :meth:`Store.commit_action` was asked to store."""

    game_id: int
    expected_version: int
    now: datetime
    changes: dict[str, Any]
    events: Sequence[NewEvent]
    awaited: bool | None
    owed: Owed | None
    lease: float


class Advanced(NamedTuple):
    """A game moved on to its next version: its row, the seq its next log entry takes, and
    its turn deadline's length in hours (None: it has none)."""

    row: Row[Any]
    next_seq: int
    deadline_hours: int | None


GUILD_SETTINGS_KEPT = 10_000
"""Guilds whose settings a process keeps in memory; past it, they are read afresh."""


class Store(DeadlineRows):
    """Runs each call in its own transaction and hands back plain records."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        rater: Rater | None = None,
        *,
        on_driver: bool = True,
    ) -> None:
        self._sessions = sessions
        self._guild_settings: dict[int, GuildSettingsRecord] = {}
        self._rater = rater
        """Rates a game in the transaction that finishes it (bot.storage.ratings); None
        rates nothing."""
        self._driver = driver_of(sessions) if on_driver else None
        """Runs an order's statements straight on the driver (bot.storage.driver_sql); None:
        they go through the sessions."""

    # -- games -------------------------------------------------------------------------

    async def create_game(
        self,
        game: NewGame,
        seats: Sequence[NewSeat],
        events: Sequence[NewEvent],
        *,
        now: datetime | None = None,
        deadline: Turn | None = None,
        fork: ForkOrigin | None = None,
    ) -> GameRecord:
        """Open a game at version 1 with its seats, log and any turn deadline, or raise
        ActiveGameExists; ``fork`` notes the finished game a what-if game starts from.

        ``events`` starts with the set-up (entry 0); any that follow are the bot's first
        orders, stored in the same transaction so a new game is never half-written.
        """
        now = now or _utcnow()
        statement = (
            insert(Game)
            .values(
                guild_id=game.guild_id,
                channel_id=game.channel_id,
                system=game.system,
                scenario=game.scenario,
                mode=game.mode,
                options=dict(game.options),
                status=game.status,
                result=None if game.result is None else dict(game.result),
                state=dict(game.state),
                version=1,
                seed=game.seed,
                seed_commitment=game.seed_commitment,
                dice_cursor=game.dice_cursor,
                creator_id=game.creator_id,
                created_at=now,
                updated_at=now,
                last_action_at=now,
            )
            .returning(Game)
        )
        async with self._sessions.begin() as session:
            try:
                row = (await session.execute(statement)).scalar_one()
            except IntegrityError as error:
                # The only constraint a fresh active game can break is one-active-per-channel.
                raise ActiveGameExists(game.channel_id) from error
            session.add_all(
                Seat(
                    game_id=row.id,
                    side=seat.side,
                    user_id=seat.user_id,
                    is_bot=seat.is_bot,
                    joined_at=now,
                )
                for seat in seats
            )
            session.add_all(event_row(row.id, seq, event, now) for seq, event in enumerate(events))
            if deadline is not None:
                add_deadline(session, row.id, deadline)
            if fork is not None:
                session.add(
                    Fork(
                        game_id=row.id,
                        parent_id=fork.parent_id,
                        steps=fork.steps,
                        label=fork.label,
                    )
                )
            return game_record(row)

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._sessions() as session:
            row = await session.get(Game, game_id)
            if row is None:
                raise GameNotFound(game_id)
            return game_record(row)

    async def game_count(self, channel_id: int) -> int:
        """How many games were ever stored in the channel, whatever their status."""
        statement = select(func.count()).select_from(Game).where(Game.channel_id == channel_id)
        async with self._sessions() as session:
            return (await session.execute(statement)).scalar_one()

    async def active_game(self, channel_id: int) -> GameRecord | None:
        async with self._sessions() as session:
            row = (await run(session, ACTIVE_GAME, {"b_channel": channel_id})).first()
            return None if row is None else game_record(row)

    async def game_in_full(
        self, channel_id: int
    ) -> tuple[GameRecord, list[SeatRecord], list[str]] | None:
        """The channel's active game with its seats and its players' dice contributions (in
        log order), read in one statement: what an order needs before the engine's work."""
        values = {"b_channel": channel_id}
        if self._driver is not None:
            row = await self._driver.one(self._driver.pick(GAME_IN_FULL), values)
        else:
            async with self._sessions() as session:
                row = (await run(session, for_backend(session, GAME_IN_FULL), values)).first()
        return None if row is None else in_full(row)

    async def active_count(self) -> int:
        """How many games are in play, across every channel (the active games gauge)."""
        statement = select(func.count()).select_from(Game).where(Game.status == "active")
        async with self._sessions() as session:
            return (await session.execute(statement)).scalar_one()

    async def active_games(self) -> list[GameRecord]:
        """Every game in play, oldest first."""
        statement = select(Game).where(Game.status == "active").order_by(Game.id)
        async with self._sessions() as session:
            return [game_record(row) for row in await session.scalars(statement)]

    async def latest_game(self, channel_id: int) -> GameRecord | None:
        """The channel's most recently created game, whatever its status."""
        return await self._first_game(Game.channel_id == channel_id)

    async def latest_finished(self, channel_id: int) -> GameRecord | None:
        """The channel's most recently created game that finished with a result."""
        return await self._first_game(Game.channel_id == channel_id, Game.status == "finished")

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        *,
        state: Mapping[str, Any] | EncodedState,
        events: Sequence[NewEvent],
        dice_cursor: int,
        status: ClosedStatus | None = None,
        result: Mapping[str, Any] | None = None,
        now: datetime | None = None,
        owed: Owed | None = None,
        lease: float = 30.0,
        awaited: bool | None = None,
        stand_ins: Sequence[str] = (),
    ) -> GameRecord:
        """Store the game's new state and log, or raise StaleVersion having written nothing.

        Passing `status` finishes or aborts the game, under the same version guard; a game
        finished is rated then too, if it is to be rated (bot.storage.ratings). What the
        change owes Discord (``owed``) goes into the outbox in the same transaction, claimed
        for ``lease`` seconds by the caller; the record returned carries its ``outbox_id``.
        A ``state`` already encoded (:class:`EncodedState`) is stored as its text.
        Passing ``awaited`` (whether the new position waits for a player) starts the next
        turn's deadline, and ``stand_ins`` records the seats the bot now plays, in that same
        transaction too: a crash never leaves a moved-on game on the old turn's timer.
        """
        now = now or _utcnow()
        encoded = state if isinstance(state, EncodedState) else None
        changes: dict[str, Any] = {"dice_cursor": dice_cursor, "last_action_at": now}
        if encoded is None:
            changes["state"] = dict(state)
        else:
            changes["b_state"] = encoded.text
        if status is not None:
            changes["status"] = status
        if result is not None:
            changes["result"] = dict(result)
        change = _Change(game_id, expected_version, now, changes, events, awaited, owed, lease)
        rated = status == "finished" and self._rater is not None
        if self._driver is not None and encoded is not None and not stand_ins and not rated:
            async with self._driver.transaction() as runner:
                return await self._move_on(runner, change, encoded)
        async with self._sessions.begin() as session:

            async def in_session() -> None:
                await stand_in_for(session, game_id, stand_ins, now)
                if rated and self._rater is not None:
                    await rate_game(session, game_id, self._rater, now)

            return await self._move_on(SessionRunner(session), change, encoded, in_session)

    async def _move_on(
        self,
        runner: Runner,
        change: _Change,
        encoded: EncodedState | None,
        in_session: Callable[[], Awaitable[None]] | None = None,
    ) -> GameRecord:
        """:meth:`commit_action`'s statements, run by ``runner`` in one transaction; those
        only a session can run (stand-ins, a rating) come from ``in_session``."""
        moving = ADVANCE if encoded is None else runner.pick(ADVANCE_ENCODED)
        game_id, now = change.game_id, change.now
        advanced = await self._advance(
            runner, game_id, change.expected_version, now, change.changes, moving
        )
        await self._append(runner, advanced, change.events, now)
        if change.awaited is not None and advanced.deadline_hours is not None:
            await restart_in(runner, game_id, advanced.deadline_hours, change.awaited, now)
        if in_session is not None:
            await in_session()
        record = game_record(advanced.row, None if encoded is None else encoded.state)
        if change.owed is None:
            return record
        outbox_id = await add_owed(
            runner,
            game_id,
            record.guild_id,
            record.channel_id,
            record.version,
            change.owed,
            now=now,
            lease=change.lease,
        )
        return replace(record, outbox_id=outbox_id)

    async def append_events(
        self,
        game_id: int,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        now: datetime | None = None,
    ) -> GameRecord:
        """Log entries that don't change the game state; still moves the version on."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            runner = SessionRunner(session)
            advanced = await self._advance(runner, game_id, expected_version, now)
            await self._append(runner, advanced, events, now)
            return game_record(advanced.row)

    async def log_deadline(
        self,
        game_id: int,
        expected_version: int,
        event: NewEvent,
        turn: Turn | None,
        *,
        now: datetime | None = None,
    ) -> GameRecord:
        """Log a change of the game's deadline and store the deadline (None: none) in one
        transaction, so neither is ever kept without the other."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            runner = SessionRunner(session)
            advanced = await self._advance(runner, game_id, expected_version, now)
            await self._append(runner, advanced, [event], now)
            await replace_deadline(session, game_id, turn)
            return game_record(advanced.row)

    async def idle_games(self, older_than: datetime) -> list[GameRecord]:
        """Active games untouched since `older_than` and not reminded since their last action."""
        statement = (
            select(Game)
            .where(
                Game.status == "active",
                Game.last_action_at < older_than,
                or_(Game.reminded_at.is_(None), Game.reminded_at < Game.last_action_at),
            )
            .order_by(Game.last_action_at, Game.id)
        )
        async with self._sessions() as session:
            return [game_record(row) for row in await session.scalars(statement)]

    async def mark_reminded(self, game_id: int, when: datetime) -> None:
        """Note a reminder; deliberately not versioned, so pending moves stay valid."""
        statement = (
            update(Game).where(Game.id == game_id).values(reminded_at=when).returning(Game.id)
        )
        async with self._sessions.begin() as session:
            if await session.scalar(statement) is None:
                raise GameNotFound(game_id)

    # -- seats -------------------------------------------------------------------------

    async def set_seat(
        self,
        game_id: int,
        expected_version: int,
        seat: NewSeat,
        *,
        events: Sequence[NewEvent] = (),
        now: datetime | None = None,
    ) -> GameRecord:
        """Give a side to a player (or the bot) and log it, as one versioned change."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            runner = SessionRunner(session)
            advanced = await self._advance(runner, game_id, expected_version, now)
            await session.merge(
                Seat(
                    game_id=game_id,
                    side=seat.side,
                    user_id=seat.user_id,
                    is_bot=seat.is_bot,
                    joined_at=now,
                )
            )
            await self._append(runner, advanced, events, now)
            return game_record(advanced.row)

    async def remove_seat(
        self,
        game_id: int,
        expected_version: int,
        side: str,
        *,
        events: Sequence[NewEvent] = (),
        now: datetime | None = None,
    ) -> GameRecord:
        """Empty a side and log it, as one versioned change."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            runner = SessionRunner(session)
            advanced = await self._advance(runner, game_id, expected_version, now)
            await session.execute(delete(Seat).where(Seat.game_id == game_id, Seat.side == side))
            await self._append(runner, advanced, events, now)
            return game_record(advanced.row)

    async def seats(self, game_id: int) -> list[SeatRecord]:
        async with self._sessions() as session:
            return [seat_record(row) for row in await run(session, GAME_SEATS, {"b_game": game_id})]

    # -- event log ---------------------------------------------------------------------

    async def events(
        self, game_id: int, *, after_seq: int | None = None, limit: int | None = None
    ) -> list[EventRecord]:
        """The game's log in order, optionally only entries after `after_seq`."""
        statement = select(Event).where(Event.game_id == game_id).order_by(Event.seq)
        if after_seq is not None:
            statement = statement.where(Event.seq > after_seq)
        if limit is not None:
            statement = statement.limit(limit)
        async with self._sessions() as session:
            return [event_record(row) for row in await session.scalars(statement)]

    async def contributions(self, game_id: int) -> list[str]:
        """Every contribution the players made to the game's dice, in log order."""
        async with self._sessions() as session:
            entries = (await run(session, CONTRIBUTIONS, {"b_game": game_id})).scalars()
            return [item for entry in entries for item in entry or ()]

    async def event_count(self, game_id: int) -> int:
        statement = select(func.count()).select_from(Event).where(Event.game_id == game_id)
        async with self._sessions() as session:
            return (await session.execute(statement)).scalar_one()

    # -- guild settings ----------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettingsRecord:
        """The guild's settings, or the defaults if it never changed any. Read once, then
        kept: every command of a member with roles asks for the referee role, and a guild's
        settings change only through its own commands, which a shard's one process
        handles and :meth:`update_guild_settings` keeps here."""
        if (kept := self._guild_settings.get(guild_id)) is not None:
            return kept
        async with self._sessions() as session:
            row = await session.get(GuildSettings, guild_id)
        record = (
            GuildSettingsRecord(
                guild_id=guild_id, referee_role_id=None, reminder_hours=None, updated_at=None
            )
            if row is None
            else guild_settings_record(row)
        )
        return self._keep_settings(record)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        now: datetime | None = None,
        **changes: Unpack[GuildSettingsChanges],
    ) -> GuildSettingsRecord:
        """Change only the given settings, creating the guild's row on first use."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            statement = (
                upsert_into(session, GuildSettings)
                .values(guild_id=guild_id, updated_at=now, **changes)
                .on_conflict_do_update(
                    index_elements=[GuildSettings.guild_id],
                    set_={**changes, "updated_at": now},
                )
                .returning(GuildSettings)
            )
            row = (await session.execute(statement)).scalar_one()
            return self._keep_settings(guild_settings_record(row))

    def _keep_settings(self, record: GuildSettingsRecord) -> GuildSettingsRecord:
        if len(self._guild_settings) >= GUILD_SETTINGS_KEPT:
            self._guild_settings.clear()
        self._guild_settings[record.guild_id] = record
        return record

    async def post_of(self, game_id: int) -> tuple[int | None, str | None]:
        """The channel post carrying the game's current buttons, and the fingerprint of the
        last map posted (either None if none was noted)."""
        async with self._sessions() as session:
            row = (await run(session, POST_OF, {"b_game": game_id})).one_or_none()
            return (row[0], row[1]) if row else (None, None)

    async def note_post(
        self,
        game_id: int,
        message_id: int,
        picture: str | None,
        shown: tuple[int, str],
        *,
        settles: int | None = None,
    ) -> None:
        """Note ``message_id`` as the game's current post, showing the position ``shown``
        (its version and fingerprint), and, when it carries a map, ``picture`` as the
        fingerprint of that map. ``settles`` is an outbox row that the post was all it owed:
        the row is marked sent with the post, and the database notes the post on the game
        from it, in one statement (the row shows the same position). A post noted after one
        showing a newer position is not the game's: the newer keeps its place.

        Noted once the post is up, the position is what everyone in the channel has been
        shown: an order by slash command is checked against it (see
        :meth:`bot.storage.outbox.OutboxStore.last_seen`)."""
        if settles is not None:
            marked = {"b_id": settles, "sent_at": _utcnow(), "post_id": message_id}
            statement, values = MARK_POSTED, {**marked, "post_picture": picture}
        else:
            version, position = shown
            statement, values = NOTE_POST, {"b_game": game_id, "b_version": version}
            values |= {"post_id": message_id, "post_version": version, "post_position": position}
            if picture is not None:
                values["post_picture"] = picture
        if self._driver is not None:
            async with self._driver.transaction() as runner:
                await runner.run(statement, values)
            return
        async with self._sessions.begin() as session:
            await run(session, statement, values)

    async def posted(self, game_id: int) -> Seen | None:
        """The position the game's current post shows, if one was noted."""
        statement = select(Game.post_version, Game.post_position).where(Game.id == game_id)
        async with self._sessions() as session:
            row = (await session.execute(statement)).one_or_none()
        if row is None or row.post_version is None or row.post_position is None:
            return None
        return Seen(game_id, row.post_version, row.post_position)

    # -- player settings ---------------------------------------------------------------

    async def quiet_players(self, user_ids: Sequence[int]) -> set[int]:
        """Those of ``user_ids`` who turned their pings off."""
        if not user_ids:
            return set()
        async with self._sessions() as session:
            rows = await session.execute(
                select(PlayerSettings.user_id).where(
                    PlayerSettings.user_id.in_(list(user_ids)), PlayerSettings.pings.is_(False)
                )
            )
            return set(rows.scalars())

    async def set_pings(self, user_id: int, on: bool, *, now: datetime | None = None) -> None:
        """Turn one person's pings on or off, creating their row on first use."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            row = await session.get(PlayerSettings, user_id)
            if row is None:
                session.add(PlayerSettings(user_id=user_id, pings=on, updated_at=now))
            else:
                row.pings, row.updated_at = on, now

    async def set_hints(
        self, user_id: int, hints: bool | None, *, now: datetime | None = None
    ) -> None:
        """One person's first-game hints: always, never, or (None) in a first game."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            row = await session.get(PlayerSettings, user_id)
            if row is None:
                session.add(
                    PlayerSettings(user_id=user_id, pings=True, hints=hints, updated_at=now)
                )
            else:
                row.hints, row.updated_at = hints, now

    async def set_rated(self, user_id: int, on: bool, *, now: datetime | None = None) -> None:
        """Whether one person's games count toward ratings (bot.storage.ratings)."""
        now = now or _utcnow()
        async with self._sessions.begin() as session:
            row = await session.get(PlayerSettings, user_id)
            if row is None:
                session.add(PlayerSettings(user_id=user_id, pings=True, rated=on, updated_at=now))
            else:
                row.rated, row.updated_at = on, now

    async def wants_hints(self, user_id: int, system: str, game_id: int) -> bool:
        """Whether to add hints for this person in this game: as they chose, or, by default,
        when they have sat at no other game of its system."""
        async with self._sessions() as session:
            row = await session.get(PlayerSettings, user_id)
            if row is not None and row.hints is not None:
                return row.hints
            other = await session.execute(
                select(Seat.game_id)
                .join(Game, Game.id == Seat.game_id)
                .where(Seat.user_id == user_id, Game.system == system, Game.id != game_id)
                .limit(1)
            )
            return other.first() is None

    # -- rolls -------------------------------------------------------------------------

    async def record_roll(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        expression: str,
        result_text: str,
        total: int,
        now: datetime | None = None,
    ) -> RollRecord:
        row = Roll(
            guild_id=guild_id,
            channel_id=channel_id,
            user_id=user_id,
            expression=expression,
            result_text=result_text,
            total=total,
            created_at=now or _utcnow(),
        )
        async with self._sessions.begin() as session:
            session.add(row)
            await session.flush()
            return roll_record(row)

    async def rolls(self, channel_id: int, limit: int = 20) -> list[RollRecord]:
        """The channel's most recent rolls, newest first."""
        statement = (
            select(Roll).where(Roll.channel_id == channel_id).order_by(Roll.id.desc()).limit(limit)
        )
        async with self._sessions() as session:
            return [roll_record(row) for row in await session.scalars(statement)]

    # -- internals ---------------------------------------------------------------------

    async def _first_game(self, *conditions: ColumnElement[bool]) -> GameRecord | None:
        statement = select(Game).where(*conditions).order_by(Game.id.desc()).limit(1)
        async with self._sessions() as session:
            row = await session.scalar(statement)
            return None if row is None else game_record(row)

    @staticmethod
    async def _advance(
        runner: Runner,
        game_id: int,
        expected_version: int,
        now: datetime,
        changes: Mapping[str, Any] | None = None,
        statement: Executable | None = None,
    ) -> Advanced:
        """Move the game to its next version if it is still at `expected_version`
        (:data:`ADVANCE`, or ``statement``, one of its kind).

        The conditional UPDATE comes first in the transaction: it takes the row lock
        (PostgreSQL) or the write lock (SQLite), so whatever follows is serialised. It
        returns, with the game, what the rest of the change needs to know (where the log
        goes on, the turn deadline's length), so nothing is read a second time.
        """
        values = {"b_game": game_id, "b_version": expected_version, "updated_at": now}
        moving = ADVANCE if statement is None else statement
        row = await runner.one(moving, {**values, **(changes or {})})
        if row is not None:
            return Advanced(row, row.last_seq + 1, row.deadline_hours)
        actual = await runner.one(VERSION_OF, {"b_game": game_id})
        if actual is None:
            raise GameNotFound(game_id)
        raise StaleVersion(game_id, expected_version, actual.version)

    @staticmethod
    async def _append(
        runner: Runner,
        advanced: Advanced,
        events: Sequence[NewEvent],
        now: datetime,
    ) -> None:
        """Add events numbered on from the game's last seq, in one INSERT; callers hold the
        game's lock (:meth:`_advance`)."""
        if not events:
            return
        game_id, first = advanced.row.id, advanced.next_seq
        rows = [event_values(game_id, first + offset, e, now) for offset, e in enumerate(events)]
        await runner.many(INSERT_EVENTS, rows)
