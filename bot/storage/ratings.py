"""Ratings by server, person, system and side, and the record of every rated game.

A game is rated in the transaction that finishes it (``Store.commit_action``), so a game
that has ended is rated or is not to be rated, whatever the process does next: in a server
that rates games, between two different people at its two seats (no bot's seat), both of
whom chose to be rated, and not a what-if game forked from another (it starts from a position
one side may have been handed). Its changes are written with the new ratings, in the order games are
rated, and that record is what a rebuild replays. The arithmetic is the caller's
(:class:`Rater`); storage only keeps the numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.storage.models import (
    Fork,
    Game,
    GuildSettings,
    PlayerSettings,
    Rating,
    RatingChange,
    Seat,
)
from bot.storage.upserts import upsert_into

NOBODY = 0
"""The person of a forgotten player's rated games (see bot.storage.forget)."""

Skill = tuple[float, float]
"""A rating's mu and sigma."""


class Rater(Protocol):
    """The rating model: where a new player starts, and what a game does to its players."""

    def initial(self) -> Skill: ...

    def rate(self, before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
        """The players' ratings after a game, given theirs before and their places (1 the
        winner; equal places a draw)."""
        ...


@dataclass(frozen=True, slots=True)
class RatingRecord:
    user_id: int
    system: str
    side: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class RatingChangeRecord:
    user_id: int
    system: str
    side: str
    before: Skill
    after: Skill


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What a rebuild replayed, and how many stored numbers it found different."""

    games: int
    ratings: int
    differed: int


def ranks_of(sides: Sequence[str], winner: str | None) -> list[int]:
    """Each side's place: the winner first, the other second; a draw puts both first."""
    return [1 if winner is None or side == winner else 2 for side in sides]


class Ratings:
    """The opt-ins, the standings, and their rebuild from the record."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def changes(self, game_id: int) -> list[RatingChangeRecord]:
        async with self._sessions() as session:
            return await _changes(session, game_id)

    async def of_member(self, guild_id: int, user_id: int) -> list[RatingRecord]:
        """The person's ratings in the server, by system and side."""
        statement = (
            select(Rating)
            .where(Rating.guild_id == guild_id, Rating.user_id == user_id, Rating.games > 0)
            .order_by(Rating.system, Rating.side)
        )
        async with self._sessions() as session:
            return [_record(row) for row in (await session.execute(statement)).scalars()]

    async def standings(
        self, guild_id: int, system: str, side: str | None, *, offset: int, limit: int
    ) -> tuple[int, list[RatingRecord]]:
        """How many are rated in the server's system (and side), and a page of them, best
        first by the conservative estimate mu - 3 sigma."""
        where = [Rating.guild_id == guild_id, Rating.system == system, Rating.games > 0]
        if side is not None:
            where.append(Rating.side == side)
        count = select(func.count()).select_from(Rating).where(*where)
        page = (
            select(Rating)
            .where(*where)
            .order_by((Rating.mu - 3 * Rating.sigma).desc(), Rating.games.desc(), Rating.user_id)
            .offset(offset)
            .limit(limit)
        )
        async with self._sessions() as session:
            total = (await session.execute(count)).scalar_one()
            rows = [_record(row) for row in (await session.execute(page)).scalars()]
        return total, rows

    async def rebuild(self, rater: Rater, now: datetime) -> Rebuilt:
        """Replay every rated game in the order it was rated, from every player's first
        rating, and store what that gives: the ratings and each game's changes. A forgotten
        player's rating before each game is taken as recorded, since their history is gone."""
        async with self._sessions.begin() as session:
            rows = (
                await session.execute(
                    select(RatingChange, Game.result)
                    .join(Game, Game.id == RatingChange.game_id)
                    .order_by(RatingChange.id)
                )
            ).all()
            by_game: dict[int, list[tuple[RatingChange, str | None]]] = {}
            for change, result in rows:
                winner = (result or {}).get("winner")
                by_game.setdefault(change.game_id, []).append((change, winner))
            kept: dict[tuple[int, int, str, str], tuple[float, float, int]] = {}
            differed = 0
            for changes in by_game.values():
                before = []
                for change, _ in changes:
                    key = (change.guild_id, change.user_id, change.system, change.side)
                    if change.user_id == NOBODY:
                        before.append((change.mu_before, change.sigma_before))
                    else:
                        mu, sigma, _games = kept.get(key, (*rater.initial(), 0))
                        before.append((mu, sigma))
                winner = changes[0][1]
                after = rater.rate(before, ranks_of([c.side for c, _ in changes], winner))
                for (change, _), old, new in zip(changes, before, after, strict=True):
                    recorded = (change.mu_before, change.sigma_before)
                    if (recorded, (change.mu_after, change.sigma_after)) != (old, new):
                        differed += 1
                        change.mu_before, change.sigma_before = old
                        change.mu_after, change.sigma_after = new
                    if change.user_id != NOBODY:
                        key = (change.guild_id, change.user_id, change.system, change.side)
                        kept[key] = (*new, kept.get(key, (0.0, 0.0, 0))[2] + 1)
            stored = {
                (r.guild_id, r.user_id, r.system, r.side): (r.mu, r.sigma, r.games)
                for r in (await session.execute(select(Rating))).scalars()
            }
            differed += sum(
                1 for key in stored.keys() | kept.keys() if stored.get(key) != kept.get(key)
            )
            await session.execute(delete(Rating))
            for (guild_id, user_id, system, side), (mu, sigma, games) in kept.items():
                session.add(
                    Rating(
                        guild_id=guild_id,
                        user_id=user_id,
                        system=system,
                        side=side,
                        mu=mu,
                        sigma=sigma,
                        games=games,
                        updated_at=now,
                    )
                )
        return Rebuilt(games=len(by_game), ratings=len(kept), differed=differed)


def _record(row: Rating) -> RatingRecord:
    return RatingRecord(row.user_id, row.system, row.side, row.mu, row.sigma, row.games)


async def _changes(session: AsyncSession, game_id: int) -> list[RatingChangeRecord]:
    statement = (
        select(RatingChange).where(RatingChange.game_id == game_id).order_by(RatingChange.id)
    )
    return [
        RatingChangeRecord(
            r.user_id, r.system, r.side, (r.mu_before, r.sigma_before), (r.mu_after, r.sigma_after)
        )
        for r in (await session.execute(statement)).scalars()
    ]


async def rate_game(
    session: AsyncSession, game_id: int, rater: Rater, now: datetime
) -> list[RatingChangeRecord]:
    """Rate a game that has just finished, within the transaction that finished it (which
    holds the game's row), if it is to be rated; the changes made (none when it is not).
    The players' ratings are locked in one order, so two games sharing a player, finishing
    at once, are rated one after the other."""
    game = await session.get(Game, game_id)
    if game is None or game.status != "finished" or game.result is None or game.guild_id is None:
        return []
    server = await session.get(GuildSettings, game.guild_id)
    if not (server and server.ratings) or await session.get(Fork, game_id) is not None:
        return []
    seats = (
        (await session.execute(select(Seat).where(Seat.game_id == game_id).order_by(Seat.side)))
        .scalars()
        .all()
    )
    people = [s.user_id for s in seats if s.user_id is not None and not s.is_bot]
    if len(seats) != 2 or len(set(people)) != 2:
        return []
    opted = await session.execute(
        select(func.count())
        .select_from(PlayerSettings)
        .where(PlayerSettings.user_id.in_(people), PlayerSettings.rated.is_(True))
    )
    if opted.scalar_one() != 2:
        return []
    mu, sigma = rater.initial()
    for seat in seats:
        await session.execute(
            upsert_into(session, Rating)
            .values(
                guild_id=game.guild_id,
                user_id=seat.user_id,
                system=game.system,
                side=seat.side,
                mu=mu,
                sigma=sigma,
                games=0,
                updated_at=now,
            )
            .on_conflict_do_nothing()
        )
    mine = [and_(Rating.user_id == seat.user_id, Rating.side == seat.side) for seat in seats]
    rows = (
        (
            await session.execute(
                select(Rating)
                .where(Rating.guild_id == game.guild_id, Rating.system == game.system, or_(*mine))
                .order_by(Rating.user_id, Rating.side)
                .with_for_update()
            )
        )
        .scalars()
        .all()
    )
    current = {(r.user_id, r.side): r for r in rows}
    before = [(current[s.user_id, s.side].mu, current[s.user_id, s.side].sigma) for s in seats]
    after = rater.rate(before, ranks_of([s.side for s in seats], game.result.get("winner")))
    changes = []
    for seat, old, new in zip(seats, before, after, strict=True):
        await session.execute(
            update(Rating)
            .where(
                Rating.guild_id == game.guild_id,
                Rating.user_id == seat.user_id,
                Rating.system == game.system,
                Rating.side == seat.side,
            )
            .values(mu=new[0], sigma=new[1], games=Rating.games + 1, updated_at=now)
        )
        session.add(
            RatingChange(
                game_id=game_id,
                guild_id=game.guild_id,
                user_id=seat.user_id,
                system=game.system,
                side=seat.side,
                mu_before=old[0],
                sigma_before=old[1],
                mu_after=new[0],
                sigma_after=new[1],
                created_at=now,
            )
        )
        changes.append(RatingChangeRecord(seat.user_id, game.system, seat.side, old, new))
    await session.flush()
    return changes
