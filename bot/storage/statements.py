"""The statements of an order's hot path, built once as Core and run on the session's
connection.

Through the ORM each statement paid for an identity map, a unit of work, events and a cache
key computed afresh from its values: about five times what the database took for it. Built
once with bound parameters, a statement's cache key is computed once for the process, and
run on the connection it skips the ORM; the rows come back as plain rows. An UPDATE's SET
clause is whatever columns its parameters name (the ``b_`` parameters are the WHERE
clause's), so one statement serves every set of changes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    CursorResult,
    Executable,
    Text,
    bindparam,
    cast,
    func,
    insert,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Deadline, Event, Game, Outbox, Seat, SeenPosition
from bot.storage.upserts import INSERTS, for_backend

GAMES, EVENTS, SEATS = Game.__table__, Event.__table__, Seat.__table__
OUTBOX, SEEN, DEADLINES = Outbox.__table__, SeenPosition.__table__, Deadline.__table__


async def run(
    session: AsyncSession, statement: Executable, parameters: Any = None
) -> CursorResult[Any]:
    """Run a Core statement on the session's connection, inside its transaction if any."""
    connection = await session.connection()
    return await connection.execute(statement, parameters)


ACTIVE_GAME = (
    select(GAMES)
    .where(GAMES.c.channel_id == bindparam("b_channel"), GAMES.c.status == "active")
    .order_by(GAMES.c.id.desc())
    .limit(1)
)
GAME_SEATS = (
    select(SEATS)
    .where(SEATS.c.game_id == bindparam("b_game"))
    .order_by(SEATS.c.joined_at, SEATS.c.side)
)
CONTRIBUTIONS = (
    select(EVENTS.c.contributions)
    .where(EVENTS.c.game_id == bindparam("b_game"), EVENTS.c.contributions.is_not(None))
    .order_by(EVENTS.c.seq)
)


def _game_in_full(dialect: str) -> Executable:
    """The channel's active game with its seats and dice contributions, in one statement:
    each as a JSON array of arrays, in the backend's own aggregate (ordered in Python)."""
    seats, events = SEATS.alias("s"), EVENTS.alias("e")
    if dialect == "postgresql":
        aggregate, row = func.json_agg, func.json_build_array
    else:
        aggregate, row = func.json_group_array, func.json_array
    seated = (
        select(aggregate(row(seats.c.side, seats.c.user_id, seats.c.is_bot, seats.c.joined_at)))
        .where(seats.c.game_id == GAMES.c.id)
        .correlate(GAMES)
        .scalar_subquery()
    )
    given = events.c.contributions if dialect == "postgresql" else func.json(events.c.contributions)
    mixed = (
        select(aggregate(row(events.c.seq, given)))
        .where(events.c.game_id == GAMES.c.id, events.c.contributions.is_not(None))
        .correlate(GAMES)
        .scalar_subquery()
    )
    return (
        select(
            GAMES,
            type_coerce(seated, JSON).label("seated"),
            type_coerce(mixed, JSON).label("mixed"),
        )
        .where(GAMES.c.channel_id == bindparam("b_channel"), GAMES.c.status == "active")
        .order_by(GAMES.c.id.desc())
        .limit(1)
    )


GAME_IN_FULL = {name: _game_in_full(name) for name in INSERTS}
"""Per backend: an order's one read (:meth:`bot.storage.repository.Store.game_in_full`)."""


VERSION_OF = select(GAMES.c.version).where(GAMES.c.id == bindparam("b_game"))
POST_OF = select(GAMES.c.post_id, GAMES.c.post_picture).where(GAMES.c.id == bindparam("b_game"))

_ADVANCED = (
    select(func.coalesce(func.max(EVENTS.c.seq), -1))
    .where(EVENTS.c.game_id == GAMES.c.id)
    .correlate(GAMES)
    .scalar_subquery()
    .label("last_seq"),
    select(DEADLINES.c.hours)
    .where(DEADLINES.c.game_id == GAMES.c.id)
    .correlate(GAMES)
    .scalar_subquery()
    .label("deadline_hours"),
)
_MOVE_ON = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_game"), GAMES.c.version == bindparam("b_version"))
    .values(version=GAMES.c.version + 1)
)
ADVANCE = _MOVE_ON.returning(*GAMES.columns, *_ADVANCED)
"""A game's versioned UPDATE, returning the game with its last log seq and its turn
deadline's length, which the rest of the change needs."""


def _advance_encoded(dialect: str) -> Executable:
    """:data:`ADVANCE` storing a state already encoded as JSON text (``b_state``), and
    returning every column but the state, which its caller holds."""
    text = bindparam("b_state", type_=Text)
    state = cast(text, JSON) if dialect == "postgresql" else text
    kept = [column for column in GAMES.columns if column.name != "state"]
    return _MOVE_ON.values(state=state).returning(*kept, *_ADVANCED)


ADVANCE_ENCODED = {name: _advance_encoded(name) for name in INSERTS}
"""Per backend: an order's UPDATE, its state encoded by the engine's worker."""
INSERT_EVENTS = insert(EVENTS)
ADD_OWED = insert(OUTBOX).returning(OUTBOX.c.id)
RESTART_TURN = update(DEADLINES).where(DEADLINES.c.game_id == bindparam("b_game"))
NOTE_POST = update(GAMES).where(
    GAMES.c.id == bindparam("b_game"),
    or_(GAMES.c.post_version.is_(None), GAMES.c.post_version <= bindparam("b_version")),
)
"""A post noted as the game's, unless the game's noted post shows a newer position (a post
noted late, after a newer one). The trigger ``outbox_posted`` holds to the same."""
MARK_SENT = update(OUTBOX).where(OUTBOX.c.id == bindparam("b_id"), OUTBOX.c.sent_at.is_(None))
MARK_POSTED = update(OUTBOX).where(OUTBOX.c.id == bindparam("b_id"))
"""A row marked sent with the post that was all it owed (``post_id``, ``post_picture``): the
trigger ``outbox_posted`` notes that post on the game, showing the row's position, unless
the game's noted post shows a newer one. Whoever marked the row before, the post is noted."""


def _seen_upsert(insert_into: Any) -> Executable:
    statement = insert_into(SEEN)
    return statement.on_conflict_do_update(
        index_elements=[SEEN.c.game_id, SEEN.c.user_id],
        set_={name: statement.excluded[name] for name in ("version", "position", "seen_at")},
        where=SEEN.c.version <= statement.excluded.version,
    )


NOTE_SEEN = {name: _seen_upsert(insert_into) for name, insert_into in INSERTS.items()}
"""Per backend: a person shown a position, an older version never overwriting a newer."""


def note_seen(session: AsyncSession) -> Executable:
    """The upsert of a shown position, in the session's backend's own words."""
    return for_backend(session, NOTE_SEEN)
