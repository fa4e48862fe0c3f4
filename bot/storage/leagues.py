"""Leagues, their players and the pairings of each round.

A round is opened by one compare-and-set on the league's round number, in the transaction
that writes its pairings, so two processes (or two organisers at once) never pair a round
twice. Making a pairing's thread and game is claimed for a while by the process doing it,
and noted step by step (the thread, then the game), so a restart midway finishes the work
in the same thread rather than starting another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import League, LeagueGame, LeaguePlayer

MAX_PLAYERS = 32
CLAIM = timedelta(minutes=2)
"""How long a process may take to make a pairing's thread and game before another may."""


@dataclass(frozen=True, slots=True)
class LeagueRecord:
    id: int
    guild_id: int
    channel_id: int
    name: str
    system: str
    scenario: str | None
    format: str
    schedule: str
    rounds: int | None
    deadline_hours: int
    round: int
    status: str
    organiser_id: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Member:
    user_id: int
    joined_at: datetime
    left_at: datetime | None


@dataclass(frozen=True, slots=True)
class PairingRecord:
    id: int
    league_id: int
    round: int
    first_id: int
    second_id: int | None
    thread_id: int | None
    game_id: int | None
    score: float | None
    how: str | None


@dataclass(frozen=True, slots=True)
class NewPairing:
    first_id: int
    second_id: int | None
    score: float | None = None
    """Set for a pairing decided as it is made: a bye, or a forfeit."""
    how: str | None = None


def _league(row: League) -> LeagueRecord:
    return LeagueRecord(
        row.id,
        row.guild_id,
        row.channel_id,
        row.name,
        row.system,
        row.scenario,
        row.format,
        row.schedule,
        row.rounds,
        row.deadline_hours,
        row.round,
        row.status,
        row.organiser_id,
        row.created_at,
    )


def _pairing(row: LeagueGame) -> PairingRecord:
    return PairingRecord(
        row.id,
        row.league_id,
        row.round,
        row.first_id,
        row.second_id,
        row.thread_id,
        row.game_id,
        row.score,
        row.how,
    )


class Leagues:
    """Each method runs in its own transaction and hands back plain records."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def create(self, league: LeagueRecord) -> LeagueRecord | None:
        """Store a new league open for sign-ups; None if the server already has an unfinished
        league of that name."""
        async with self._sessions.begin() as session:
            if await self._named(session, league.guild_id, league.name) is not None:
                return None
            row = League(
                guild_id=league.guild_id,
                channel_id=league.channel_id,
                name=league.name,
                system=league.system,
                scenario=league.scenario,
                format=league.format,
                schedule=league.schedule,
                rounds=league.rounds,
                deadline_hours=league.deadline_hours,
                round=0,
                status="open",
                organiser_id=league.organiser_id,
                created_at=league.created_at,
            )
            session.add(row)
            await session.flush()
            return _league(row)

    async def get(self, league_id: int) -> LeagueRecord | None:
        async with self._sessions() as session:
            row = await session.get(League, league_id)
            return None if row is None else _league(row)

    async def unfinished(self, guild_id: int) -> list[LeagueRecord]:
        """The server's leagues signing up or under way, oldest first."""
        statement = (
            select(League)
            .where(League.guild_id == guild_id, League.status != "finished")
            .order_by(League.id)
        )
        async with self._sessions() as session:
            return [_league(row) for row in await session.scalars(statement)]

    async def running(self) -> list[LeagueRecord]:
        """Every league under way, for the loop that keeps them moving."""
        async with self._sessions() as session:
            rows = await session.scalars(select(League).where(League.status == "running"))
            return [_league(row) for row in rows]

    async def join(self, league_id: int, user_id: int, now: datetime) -> str:
        """Sign a member up: "joined", "already", "full" or "closed" (the league has begun)."""
        async with self._sessions.begin() as session:
            league = await session.get(League, league_id, with_for_update=True)
            if league is None or league.status != "open":
                return "closed"
            if await session.get(LeaguePlayer, (league_id, user_id)) is not None:
                return "already"
            count = await session.scalar(
                select(func.count()).where(LeaguePlayer.league_id == league_id)
            )
            if (count or 0) >= MAX_PLAYERS:
                return "full"
            session.add(LeaguePlayer(league_id=league_id, user_id=user_id, joined_at=now))
            return "joined"

    async def leave(self, league_id: int, user_id: int, now: datetime) -> str:
        """Take a member out: before the start their sign-up goes ("withdrawn"); once under
        way they stay in the standings as having left ("left"); "not in" otherwise."""
        async with self._sessions.begin() as session:
            league = await session.get(League, league_id, with_for_update=True)
            member = await session.get(LeaguePlayer, (league_id, user_id))
            if league is None or member is None or member.left_at is not None:
                return "not in"
            if league.status == "open":
                await session.delete(member)
                return "withdrawn"
            member.left_at = now
            return "left"

    async def members(self, league_id: int) -> list[Member]:
        """Everyone who joined, in the order they joined."""
        statement = (
            select(LeaguePlayer)
            .where(LeaguePlayer.league_id == league_id)
            .order_by(LeaguePlayer.joined_at, LeaguePlayer.user_id)
        )
        async with self._sessions() as session:
            return [
                Member(r.user_id, r.joined_at, r.left_at) for r in await session.scalars(statement)
            ]

    async def pairings(self, league_id: int) -> list[PairingRecord]:
        statement = (
            select(LeagueGame)
            .where(LeagueGame.league_id == league_id)
            .order_by(LeagueGame.round, LeagueGame.id)
        )
        async with self._sessions() as session:
            return [_pairing(row) for row in await session.scalars(statement)]

    async def open_round(
        self, league_id: int, current: int, pairings: Sequence[NewPairing]
    ) -> bool:
        """Open round ``current + 1`` with its pairings, if the league still stands at round
        ``current``; False when another process (or organiser) opened it first."""
        async with self._sessions.begin() as session:
            moved = await session.execute(
                update(League)
                .where(
                    League.id == league_id,
                    League.round == current,
                    League.status != "finished",
                )
                .values(round=current + 1, status="running")
            )
            if moved.rowcount != 1:
                return False
            if not pairings:  # everyone has left: the round passes with nothing to play
                return True
            await session.execute(
                insert(LeagueGame),
                [
                    {
                        "league_id": league_id,
                        "round": current + 1,
                        "first_id": p.first_id,
                        "second_id": p.second_id,
                        "score": p.score,
                        "how": p.how,
                    }
                    for p in pairings
                ],
            )
            return True

    async def finish(self, league_id: int, current: int) -> bool:
        """Close the league after its last round; False if it was closed already."""
        async with self._sessions.begin() as session:
            done = await session.execute(
                update(League)
                .where(League.id == league_id, League.round == current, League.status == "running")
                .values(status="finished")
            )
            return done.rowcount == 1

    async def unmade(self, league_id: int, now: datetime) -> list[PairingRecord]:
        """Pairings to be played that have no game yet and nobody making one, claimed now for
        the caller."""
        async with self._sessions.begin() as session:
            free = or_(LeagueGame.claimed_at.is_(None), LeagueGame.claimed_at < now - CLAIM)
            rows = (
                await session.scalars(
                    update(LeagueGame)
                    .where(
                        LeagueGame.league_id == league_id,
                        LeagueGame.game_id.is_(None),
                        LeagueGame.how.is_(None),
                        LeagueGame.second_id.is_not(None),
                        free,
                    )
                    .values(claimed_at=now)
                    .returning(LeagueGame)
                )
            ).all()
            return [_pairing(row) for row in rows]

    async def note_thread(self, pairing_id: int, thread_id: int) -> None:
        async with self._sessions.begin() as session:
            await session.execute(
                update(LeagueGame).where(LeagueGame.id == pairing_id).values(thread_id=thread_id)
            )

    async def note_game(self, pairing_id: int, game_id: int) -> None:
        async with self._sessions.begin() as session:
            await session.execute(
                update(LeagueGame).where(LeagueGame.id == pairing_id).values(game_id=game_id)
            )

    async def decide(self, pairing_id: int, score: float, how: str) -> PairingRecord | None:
        """Set a pairing's outcome, unless it has one; the pairing if this decided it."""
        async with self._sessions.begin() as session:
            row = (
                await session.scalars(
                    update(LeagueGame)
                    .where(LeagueGame.id == pairing_id, LeagueGame.score.is_(None))
                    .values(score=score, how=how)
                    .returning(LeagueGame)
                )
            ).one_or_none()
            return None if row is None else _pairing(row)

    async def of_game(self, game_id: int) -> PairingRecord | None:
        async with self._sessions() as session:
            row = await session.scalar(select(LeagueGame).where(LeagueGame.game_id == game_id))
            return None if row is None else _pairing(row)

    @staticmethod
    async def _named(
        session: AsyncSession, guild_id: int, name: str, finished: bool = False
    ) -> League | None:
        """The server's league of that name (any case) under way, or with ``finished`` also
        the latest that has ended."""
        statement = select(League).where(
            League.guild_id == guild_id, func.lower(League.name) == name.lower()
        )
        if not finished:
            statement = statement.where(League.status != "finished")
        return await session.scalar(statement.order_by(League.id.desc()).limit(1))

    async def named(self, guild_id: int, name: str, finished: bool = False) -> LeagueRecord | None:
        async with self._sessions() as session:
            row = await self._named(session, guild_id, name, finished)
            return None if row is None else _league(row)

    async def latest_finished(self, guild_id: int) -> LeagueRecord | None:
        async with self._sessions() as session:
            row = await session.scalar(
                select(League)
                .where(League.guild_id == guild_id, League.status == "finished")
                .order_by(League.id.desc())
                .limit(1)
            )
            return None if row is None else _league(row)
