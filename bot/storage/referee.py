"""Storage for the referee toolkit: channel rosters and event decks, and guild house rules.

Rosters and decks are JSON documents guarded by a version, like games: a write names the
version it read, and a writer that lost the race gets ``DocumentMoved`` with nothing stored.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import EventDeck, HouseRule, RefereeRoster
from games.core.errors import LaagerError

Document = type[RefereeRoster] | type[EventDeck]


class DocumentMoved(LaagerError):
    """Someone else changed the roster or deck between reading and writing it."""


@dataclass(frozen=True, slots=True)
class ChannelDocument:
    """A channel's roster or deck as stored; version 0 means there is none yet."""

    channel_id: int
    guild_id: int | None
    state: dict[str, Any]
    version: int
    updated_at: datetime | None


@dataclass(frozen=True, slots=True)
class HouseRuleRecord:
    guild_id: int
    key: str
    value: Any
    set_by: int
    updated_at: datetime


def _utcnow() -> datetime:
    return datetime.now(UTC)


def _document(row: RefereeRoster | EventDeck) -> ChannelDocument:
    return ChannelDocument(
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        state=row.state,
        version=row.version,
        updated_at=row.updated_at,
    )


def _house_rule(row: HouseRule) -> HouseRuleRecord:
    return HouseRuleRecord(
        guild_id=row.guild_id,
        key=row.key,
        value=row.value,
        set_by=row.set_by,
        updated_at=row.updated_at,
    )


class RefereeStore:
    """Each call runs in its own transaction and returns plain records."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    # -- rosters and decks --------------------------------------------------------------

    async def roster(self, channel_id: int) -> ChannelDocument | None:
        return await self._get(RefereeRoster, channel_id)

    async def save_roster(
        self,
        channel_id: int,
        guild_id: int | None,
        state: Mapping[str, Any],
        expected_version: int,
        *,
        now: datetime | None = None,
    ) -> ChannelDocument:
        """Store the roster if it is still at ``expected_version`` (0: none yet)."""
        return await self._save(RefereeRoster, channel_id, guild_id, state, expected_version, now)

    async def delete_roster(self, channel_id: int) -> bool:
        return await self._delete(RefereeRoster, channel_id)

    async def deck(self, channel_id: int) -> ChannelDocument | None:
        return await self._get(EventDeck, channel_id)

    async def save_deck(
        self,
        channel_id: int,
        guild_id: int | None,
        state: Mapping[str, Any],
        expected_version: int,
        *,
        now: datetime | None = None,
    ) -> ChannelDocument:
        """Store the deck if it is still at ``expected_version`` (0: none yet)."""
        return await self._save(EventDeck, channel_id, guild_id, state, expected_version, now)

    async def delete_deck(self, channel_id: int) -> bool:
        return await self._delete(EventDeck, channel_id)

    # -- house rules ---------------------------------------------------------------------

    async def house_rules(self, guild_id: int) -> list[HouseRuleRecord]:
        """The guild's overrides, by key."""
        statement = select(HouseRule).where(HouseRule.guild_id == guild_id).order_by(HouseRule.key)
        async with self._sessions() as session:
            return [_house_rule(row) for row in await session.scalars(statement)]

    async def set_house_rule(
        self, guild_id: int, key: str, value: Any, set_by: int, *, now: datetime | None = None
    ) -> HouseRuleRecord:
        """Add or replace one override; the caller has already validated it."""
        row = HouseRule(
            guild_id=guild_id, key=key, value=value, set_by=set_by, updated_at=now or _utcnow()
        )
        async with self._sessions.begin() as session:
            merged = await session.merge(row)
            await session.flush()
            return _house_rule(merged)

    async def clear_house_rule(self, guild_id: int, key: str) -> bool:
        """Remove one override; False if the guild had none by that key."""
        statement = delete(HouseRule).where(HouseRule.guild_id == guild_id, HouseRule.key == key)
        async with self._sessions.begin() as session:
            result = await session.execute(statement)
            return bool(result.rowcount)  # type: ignore[attr-defined]

    # -- internals -----------------------------------------------------------------------

    async def _get(self, model: Document, channel_id: int) -> ChannelDocument | None:
        async with self._sessions() as session:
            row = await session.get(model, channel_id)
            return None if row is None else _document(row)

    async def _save(
        self,
        model: Document,
        channel_id: int,
        guild_id: int | None,
        state: Mapping[str, Any],
        expected_version: int,
        now: datetime | None,
    ) -> ChannelDocument:
        now = now or _utcnow()
        values = {"guild_id": guild_id, "state": dict(state), "updated_at": now}
        async with self._sessions.begin() as session:
            if expected_version == 0:
                statement = (
                    insert(model)
                    .values(channel_id=channel_id, version=1, **values)
                    .returning(model)
                )
                try:
                    row = (await session.execute(statement)).scalar_one()
                except IntegrityError as error:
                    raise _moved(model) from error
                return _document(row)
            statement = (
                update(model)
                .where(model.channel_id == channel_id, model.version == expected_version)
                .values(version=model.version + 1, **values)
                .returning(model)
            )
            row = await session.scalar(statement)
            if row is None:
                raise _moved(model)
            return _document(row)

    async def _delete(self, model: Document, channel_id: int) -> bool:
        statement = delete(model).where(model.channel_id == channel_id)
        async with self._sessions.begin() as session:
            result = await session.execute(statement)
            return bool(result.rowcount)  # type: ignore[attr-defined]


def _moved(model: Document) -> DocumentMoved:
    what = "roster" if model is RefereeRoster else "event deck"
    return DocumentMoved(
        f"The {what} changed while you were giving that command; nothing of yours was saved. "
        "Look again and repeat it."
    )
