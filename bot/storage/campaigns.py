"""Campaigns and their battles in the database: one active campaign per channel, each battle
linked to its game and, once the game ends, holding its result and points."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import Campaign, CampaignBattle


class _NoLongerActive(Exception):
    """Rolls back a battle's result when its campaign ended meanwhile."""


class CampaignBusy(Exception):
    """The channel already runs a campaign (the one-active-per-channel index said no)."""


@dataclass(frozen=True)
class Fought:
    """A battle of a campaign as the ledger shows it; ``outcome`` None while it is fought."""

    number: int
    game_id: int
    outcome: str | None
    summary: str | None
    points: int | None


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    id: int
    guild_id: int | None
    channel_id: int
    user_id: int
    preset: str
    side: str
    status: str
    created_at: datetime


def _record(row: Campaign) -> CampaignRecord:
    return CampaignRecord(
        row.id,
        row.guild_id,
        row.channel_id,
        row.user_id,
        row.preset,
        row.side,
        row.status,
        row.created_at,
    )


def _fought(row: CampaignBattle) -> Fought:
    return Fought(row.number, row.game_id, row.outcome, row.summary, row.points)


class Campaigns:
    """Each call runs in its own transaction and hands back plain records."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def start(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        preset: str,
        side: str,
        first_game_id: int,
        now: datetime,
    ) -> CampaignRecord:
        """A new active campaign with its first battle, in one transaction."""
        async with self._sessions.begin() as session:
            row = Campaign(
                guild_id=guild_id,
                channel_id=channel_id,
                user_id=user_id,
                preset=preset,
                side=side,
                status="active",
                created_at=now,
                updated_at=now,
            )
            session.add(row)
            try:
                await session.flush()
            except IntegrityError as error:
                raise CampaignBusy(channel_id) from error
            session.add(CampaignBattle(campaign_id=row.id, number=1, game_id=first_game_id))
            return _record(row)

    async def active_in(self, channel_id: int) -> CampaignRecord | None:
        async with self._sessions() as session:
            row = await session.scalar(
                select(Campaign).where(
                    Campaign.channel_id == channel_id, Campaign.status == "active"
                )
            )
            return None if row is None else _record(row)

    async def latest_in(self, channel_id: int) -> CampaignRecord | None:
        """The channel's newest campaign, whatever became of it."""
        async with self._sessions() as session:
            row = await session.scalar(
                select(Campaign)
                .where(Campaign.channel_id == channel_id)
                .order_by(Campaign.id.desc())
                .limit(1)
            )
            return None if row is None else _record(row)

    async def battles(self, campaign_id: int) -> list[Fought]:
        async with self._sessions() as session:
            rows = await session.scalars(
                select(CampaignBattle)
                .where(CampaignBattle.campaign_id == campaign_id)
                .order_by(CampaignBattle.number)
            )
            return [_fought(row) for row in rows]

    async def of_game(self, game_id: int) -> tuple[CampaignRecord, Fought] | None:
        """The campaign a game was fought for, and its battle, if it was."""
        async with self._sessions() as session:
            found = (
                await session.execute(
                    select(Campaign, CampaignBattle)
                    .join(CampaignBattle, CampaignBattle.campaign_id == Campaign.id)
                    .where(CampaignBattle.game_id == game_id)
                )
            ).first()
            return None if found is None else (_record(found[0]), _fought(found[1]))

    async def end_battle(
        self,
        campaign_id: int,
        number: int,
        outcome: str,
        summary: str,
        points: int,
        status: str,
        now: datetime,
    ) -> bool:
        """Write a battle's result and the campaign's status after it, once: False, and
        nothing written, if the battle was already ended or the campaign is no longer active."""
        try:
            async with self._sessions.begin() as session:
                written = await session.execute(
                    update(CampaignBattle)
                    .where(
                        CampaignBattle.campaign_id == campaign_id,
                        CampaignBattle.number == number,
                        CampaignBattle.outcome.is_(None),
                    )
                    .values(outcome=outcome, summary=summary, points=points, finished_at=now)
                )
                if written.rowcount != 1:
                    return False
                ended = await session.execute(
                    update(Campaign)
                    .where(Campaign.id == campaign_id, Campaign.status == "active")
                    .values(status=status, updated_at=now)
                )
                if ended.rowcount != 1:
                    raise _NoLongerActive
        except _NoLongerActive:
            return False
        return True

    async def add_battle(self, campaign_id: int, number: int, game_id: int) -> None:
        async with self._sessions.begin() as session:
            await session.execute(
                insert(CampaignBattle).values(
                    campaign_id=campaign_id, number=number, game_id=game_id
                )
            )

    async def abandon(self, campaign_id: int, now: datetime) -> bool:
        """Mark an active campaign abandoned; False if it had already ended."""
        async with self._sessions.begin() as session:
            done = await session.execute(
                update(Campaign)
                .where(Campaign.id == campaign_id, Campaign.status == "active")
                .values(status="abandoned", updated_at=now)
            )
            return done.rowcount == 1
