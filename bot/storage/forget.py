"""Deleting what the bot keeps about a server or a person, on their request.

A server: every row carrying its guild id (games, rolls, settings, rosters, decks, house
rules, campaigns, its webhook and what the hook was owed) and every row hanging off those
games, found generically through the models' guild_id columns and foreign keys, so tables
added later are covered.

A person: their own rows go (settings, rolls, seats, campaigns with their battles, what
they were shown, the outbox rows of every game they played), and so do the games only they
took part in. A game shared with someone else stays, because the other players' log and its
proof depend on it, but loses every link to the person: their seat is emptied as if they had
left, every message owed or sent to them (the outbox's payloads) goes, and so does every
webhook event that names them; their log entries lose their author, mentions of them in the
public log read "A former player", and a game or house rule they made is marked as made by
nobody (0). The values they typed into the dice stay, anonymous: the game's dice depend on
them. So do the numbers of their rated games, by nobody (0): their opponents' ratings were
worked out from them, and a rebuild works them out again. Their own ratings go. Their
sign-ups to leagues go; the pairings they played stay, by nobody (0), since the other
players' standings depend on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import (
    ColumnElement,
    Select,
    Table,
    and_,
    delete,
    exists,
    false,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.dump import tables
from bot.storage.models import Event, Game, Outbox, Seat, WebhookDelivery

NOBODY = 0
"""Stands for a forgotten person in a column that must hold someone; no Discord id is 0."""

FORMER_PLAYER = "A former player"

PERSON_COLUMN_NAMES = frozenset(
    {"user_id", "actor_id", "creator_id", "set_by", "organiser_id", "first_id", "second_id"}
)
"""Columns that hold a person's Discord id; a table's rows whose person column holds the
forgotten person are deleted unless ANONYMISED says otherwise."""

ANONYMISED = {
    ("games", "creator_id"): NOBODY,
    ("events", "actor_id"): None,
    ("house_rules", "set_by"): NOBODY,
    ("rating_changes", "user_id"): NOBODY,
    ("leagues", "organiser_id"): NOBODY,
    ("league_games", "first_id"): NOBODY,
    ("league_games", "second_id"): NOBODY,
}
"""Person columns kept in rows that stay, with the value that replaces the person."""


@dataclass
class ForgetSummary:
    """Rows deleted per table and values anonymised per column."""

    deleted: dict[str, int] = field(default_factory=dict)
    anonymised: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        rows = [f"  delete {n} row(s) of {name}" for name, n in self.deleted.items() if n]
        rows += [f"  anonymise {n} value(s) of {name}" for name, n in self.anonymised.items() if n]
        return rows or ["  nothing: no row mentions them"]


async def forget_guild(connection: AsyncConnection, guild_id: int) -> ForgetSummary:
    """Delete every row of the server ``guild_id``, within the caller's transaction."""
    doomed = _with_dependants(
        {table.name: table.c.guild_id == guild_id for table in tables() if "guild_id" in table.c}
    )
    summary = ForgetSummary()
    await _delete(connection, doomed, summary)
    return summary


async def forget_user(connection: AsyncConnection, user_id: int) -> ForgetSummary:
    """Delete or anonymise every row about the person ``user_id``, within the caller's
    transaction (see the module's description for which)."""
    # Found before anything is deleted: deleting their seats would hide which games are theirs.
    alone = (await connection.execute(_games_of_only(user_id))).scalars().all()
    own_rows: dict[str, ColumnElement[bool]] = {Game.__tablename__: Game.id.in_(alone)}
    for table in tables():
        mine = [
            table.c[column] == user_id
            for column in _person_columns(table)
            if (table.name, column) not in ANONYMISED
        ]
        if mine:
            own_rows[table.name] = or_(own_rows.get(table.name, false()), *mine)
    # What is owed to a game's players names them in its DMs and hand-overs: a game they
    # sat at or acted in loses its outbox rows, sent or not.
    own_rows[Outbox.__tablename__] = or_(
        own_rows.get(Outbox.__tablename__, false()), Outbox.game_id.in_(_games_of(user_id))
    )
    own_rows[Outbox.__tablename__] = or_(
        own_rows[Outbox.__tablename__], Outbox.id.in_(await _owed_to(connection, user_id))
    )
    # A webhook's events name the seats of their game (ids as JSON strings, so a quoted id
    # matches no longer one): those naming the person go, whatever game they tell of.
    own_rows[WebhookDelivery.__tablename__] = or_(
        WebhookDelivery.game_id.in_(_games_of(user_id)),
        WebhookDelivery.body.contains(f'"{user_id}"', autoescape=True),
    )
    summary = ForgetSummary()
    await _delete(connection, _with_dependants(own_rows), summary)
    await _anonymise(connection, user_id, summary)
    return summary


async def _owed_to(connection: AsyncConnection, user_id: int) -> list[int]:
    """Outbox rows that name the person inside their payloads (handed to them, a DM for
    them), whatever game they belong to: read and matched here, since the two databases
    search JSON differently and a text search would match one id inside a longer one."""
    rows = await connection.execute(select(Outbox.id, Outbox.handed_to, Outbox.private))
    return [
        row_id
        for row_id, handed, private in rows.all()
        if user_id in (handed or []) or str(user_id) in (private or {})
    ]


def _person_columns(table: Table) -> list[str]:
    return [column.name for column in table.columns if column.name in PERSON_COLUMN_NAMES]


def _games_of(user_id: int) -> Select[tuple[int]]:
    """Games the person sat at or acted in, with others or not."""
    return (
        select(Seat.game_id)
        .where(Seat.user_id == user_id)
        .union(select(Event.game_id).where(Event.actor_id == user_id))
    )


def _games_of_only(user_id: int) -> Select[tuple[int]]:
    """Games the person took part in (made, sat at, or acted in) with no one else."""
    seat_of = select(Seat.game_id).where(Seat.user_id == user_id)
    acted_in = select(Event.game_id).where(Event.actor_id == user_id)
    other_seat = exists().where(
        Seat.game_id == Game.id, Seat.user_id.is_not(None), Seat.user_id != user_id
    )
    other_actor = exists().where(
        Event.game_id == Game.id, Event.actor_id.is_not(None), Event.actor_id != user_id
    )
    other_creator = and_(Game.creator_id != user_id, Game.creator_id != NOBODY)
    return select(Game.id).where(
        or_(Game.creator_id == user_id, Game.id.in_(seat_of), Game.id.in_(acted_in)),
        ~or_(other_creator, other_seat, other_actor),
    )


def _with_dependants(
    doomed: dict[str, ColumnElement[bool]],
) -> dict[str, ColumnElement[bool]]:
    """Extend the rows to delete with every row that refers to one of them by foreign key."""
    extended = dict(doomed)
    for table in tables():  # parents come first, so their conditions are complete
        conditions = [extended[table.name]] if table.name in extended else []
        conditions += [
            key.parent.in_(select(key.column).where(extended[key.column.table.name]))
            for key in table.foreign_keys
            if key.column.table.name in extended
        ]
        if conditions:
            extended[table.name] = or_(*conditions)
    return extended


async def _delete(
    connection: AsyncConnection, doomed: dict[str, ColumnElement[bool]], summary: ForgetSummary
) -> None:
    for table in reversed(tables()):  # children before the rows they refer to
        if table.name in doomed:
            result = await connection.execute(delete(table).where(doomed[table.name]))
            summary.deleted[table.name] = result.rowcount


async def _anonymise(connection: AsyncConnection, user_id: int, summary: ForgetSummary) -> None:
    by_name = {table.name: table for table in tables()}
    for (table_name, column), replacement in ANONYMISED.items():
        table = by_name[table_name]
        result = await connection.execute(
            update(table).where(table.c[column] == user_id).values({column: replacement})
        )
        summary.anonymised[f"{table_name}.{column}"] = result.rowcount
    mention = f"<@{user_id}>"
    result = await connection.execute(
        update(Event)
        .where(Event.public_text.contains(mention, autoescape=True))
        .values(public_text=func.replace(Event.public_text, mention, FORMER_PLAYER))
    )
    summary.anonymised["events.public_text"] = result.rowcount
