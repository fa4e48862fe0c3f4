"""Translation between ORM rows and the plain records handed to callers."""

from datetime import UTC, datetime
from typing import Any

from bot.operations.log_guard import known
from bot.storage.models import Event, Game, GuildSettings, Roll, Seat
from bot.storage.records import (
    EventRecord,
    GameRecord,
    GuildSettingsRecord,
    NewEvent,
    RollRecord,
    SeatRecord,
)


def game_record(row: Game | Any, state: dict[str, Any] | None = None) -> GameRecord:
    """The game (an ORM row, or a Core row of the games table) as a record, holding
    ``state`` if given (a row returned without it); its seed is now in memory, so the log
    learns to redact it."""
    known.remember(row.seed)
    return GameRecord(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        system=row.system,
        scenario=row.scenario,
        mode=row.mode,
        options=row.options,
        status=row.status,
        state=row.state if state is None else state,
        version=row.version,
        seed=row.seed,
        seed_commitment=row.seed_commitment,
        dice_cursor=row.dice_cursor,
        creator_id=row.creator_id,
        result=row.result,
        created_at=row.created_at,
        updated_at=row.updated_at,
        last_action_at=row.last_action_at,
        reminded_at=row.reminded_at,
        post_id=row.post_id,
        post_picture=row.post_picture,
    )


def seat_record(row: Seat) -> SeatRecord:
    return SeatRecord(
        game_id=row.game_id,
        side=row.side,
        user_id=row.user_id,
        is_bot=row.is_bot,
        joined_at=row.joined_at,
    )


def seat_from_json(game_id: int, entry: list[Any]) -> SeatRecord:
    """A seat as an aggregate read it ([side, user, is_bot, joined_at]): SQLite gives the
    flag as 0 or 1 and the time without its zone, PostgreSQL as true or false and in ISO."""
    side, user_id, is_bot, joined_at = entry
    joined = datetime.fromisoformat(joined_at)
    joined = joined.replace(tzinfo=UTC) if joined.tzinfo is None else joined.astimezone(UTC)
    return SeatRecord(
        game_id=game_id, side=side, user_id=user_id, is_bot=bool(is_bot), joined_at=joined
    )


def in_full(row: Any) -> tuple[GameRecord, list[SeatRecord], list[str]]:
    """The row of a game read with its seats and contributions as JSON aggregates: the game,
    its seats in the order taken, and its dice contributions in log order."""
    seated = sorted(
        (seat_from_json(row.id, entry) for entry in row.seated or ()),
        key=lambda seat: (seat.joined_at, seat.side),
    )
    mixed = sorted(row.mixed or (), key=lambda entry: entry[0])
    return game_record(row), seated, [item for _, given in mixed for item in given or ()]


def event_record(row: Event) -> EventRecord:
    return EventRecord(
        game_id=row.game_id,
        seq=row.seq,
        kind=row.kind,
        actor_id=row.actor_id,
        side=row.side,
        action=row.action,
        dice=row.dice,
        public_text=row.public_text,
        private=row.private,
        created_at=row.created_at,
        contributions=list(row.contributions or []),
    )


def event_row(game_id: int, seq: int, event: NewEvent, created_at: datetime) -> Event:
    return Event(**event_values(game_id, seq, event, created_at))


def event_values(game_id: int, seq: int, event: NewEvent, created_at: datetime) -> dict[str, Any]:
    """The columns of a log entry, for an INSERT of the events table."""
    return {
        "game_id": game_id,
        "seq": seq,
        "kind": event.kind,
        "actor_id": event.actor_id,
        "side": event.side,
        "action": dict(event.action),
        "dice": [dict(die) for die in event.dice],
        "public_text": event.public_text,
        "private": None if event.private is None else dict(event.private),
        "created_at": created_at,
        "contributions": list(event.contributions) or None,
    }


def guild_settings_record(row: GuildSettings) -> GuildSettingsRecord:
    return GuildSettingsRecord(
        guild_id=row.guild_id,
        referee_role_id=row.referee_role_id,
        reminder_hours=row.reminder_hours,
        updated_at=row.updated_at,
        ratings=bool(row.ratings),
    )


def roll_record(row: Roll) -> RollRecord:
    return RollRecord(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        user_id=row.user_id,
        expression=row.expression,
        result_text=row.result_text,
        total=row.total,
        created_at=row.created_at,
    )
