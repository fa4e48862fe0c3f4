"""Members following games they do not play, and which phase each was last told of.

Telling is claimed in the statement that marks it, so two processes posting the same phase
(a restart's outbox and the process before it) DM a follower once.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import Follower, Game
from bot.storage.upserts import upsert_into

FOLLOWERS_PER_GAME = 100
"""Followers one game may have: each phase costs a DM apiece, and Discord limits how fast
a bot may send them."""


class Followers:
    """Who follows which game."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def follow(self, game_id: int, user_id: int, now: datetime) -> bool:
        """Follow the game; False when it already has as many followers as it may."""
        async with self._sessions.begin() as session:
            count = select(func.count()).select_from(Follower).where(Follower.game_id == game_id)
            if (await session.execute(count)).scalar_one() >= FOLLOWERS_PER_GAME:
                mine = await session.get(Follower, (game_id, user_id))
                return mine is not None
            await session.execute(
                upsert_into(session, Follower)
                .values(game_id=game_id, user_id=user_id, since=now, told=None)
                .on_conflict_do_nothing()
            )
        return True

    async def unfollow(self, game_id: int, user_id: int) -> bool:
        async with self._sessions.begin() as session:
            gone = await session.execute(
                delete(Follower).where(Follower.game_id == game_id, Follower.user_id == user_id)
            )
        return bool(gone.rowcount)

    async def followed_games(self) -> set[int]:
        """The active games anyone follows."""
        statement = (
            select(Follower.game_id)
            .join(Game, Game.id == Follower.game_id)
            .where(Game.status == "active")
            .distinct()
        )
        async with self._sessions() as session:
            return set((await session.execute(statement)).scalars())

    async def of_game(self, game_id: int) -> list[int]:
        """The game's followers, earliest first."""
        statement = (
            select(Follower.user_id)
            .where(Follower.game_id == game_id)
            .order_by(Follower.since, Follower.user_id)
        )
        async with self._sessions() as session:
            return list((await session.execute(statement)).scalars())

    async def due(self, game_id: int, phase: str) -> list[int]:
        """Mark ``phase`` told to the game's followers not yet told of it, and return them."""
        statement = (
            update(Follower)
            .where(
                Follower.game_id == game_id,
                or_(Follower.told.is_(None), Follower.told != phase),
            )
            .values(told=phase)
            .returning(Follower.user_id)
        )
        async with self._sessions.begin() as session:
            return sorted((await session.execute(statement)).scalars())


class FollowedGames:
    """Which games have followers, known without asking the database on every post: read
    once, on the first post after a start, then kept as members follow. A game's commands,
    its follows among them, all reach the one process holding its server's shard."""

    def __init__(self, followers: Followers) -> None:
        self._followers = followers
        self._games: set[int] | None = None

    async def has(self, game_id: int) -> bool:
        return game_id in await self._known()

    async def add(self, game_id: int) -> None:
        (await self._known()).add(game_id)

    def discard(self, game_id: int) -> None:
        if self._games is not None:
            self._games.discard(game_id)

    async def _known(self) -> set[int]:
        if self._games is None:
            self._games = await self._followers.followed_games()
        return self._games
