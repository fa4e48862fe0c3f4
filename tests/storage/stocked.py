"""A database stocked with a row in every table: the stored fixture games of every system
(each in a channel of its own, split between two servers) and the rolls, settings,
rosters, decks, house rules and campaigns of both servers."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from sqlalchemy import Table, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.db import create_engine, session_factory
from bot.storage.models import (
    Campaign,
    CampaignBattle,
    CommandSync,
    Deadline,
    EventDeck,
    Follower,
    Fork,
    Game,
    GuildSettings,
    HouseRule,
    League,
    LeagueGame,
    LeaguePlayer,
    Outbox,
    PlayerSettings,
    Rating,
    RatingChange,
    RefereeRoster,
    Roll,
    Seek,
    SeenPosition,
    StandIn,
    Webhook,
    WebhookDelivery,
    WebhookGame,
)
from bot.systems.installed import installed
from tests.fixtures.make_stored_games import DUEL
from tests.fixtures.stored_games import Row, fixture_files, load, read
from tests.storage.builders import T0

REGISTRY = installed([DUEL])
GUILDS = (3001, 3002)
FIRST_CHANNEL = 7000
ALICE, BOB, CAROL = 4001, 4002, 4003
"""Alice made every stored game; Bob sits beside her in the two-player ones."""
HOOK_SECRET = "5ec2e7" * 10 + "hook"
"""The signing secret of the first server's webhook, which no export may hold."""


def stored_games() -> list[Row]:
    """Every stored fixture game, each in a channel of its own, alternately in each server."""
    games = []
    for number, stored in enumerate(g for path in fixture_files() for g in read(path)):
        copy = deepcopy(stored)
        copy["label"] = f"{number}: {stored['label']}"
        copy["game"]["channel_id"] = FIRST_CHANNEL + number
        copy["game"]["guild_id"] = GUILDS[number % 2]
        games.append(copy)
    return games


def _table(model: Any) -> Table:
    table: Table = model.__table__
    return table


def other_rows(guild_id: int) -> list[tuple[Table, dict[str, Any]]]:
    """One server's rows outside the games, with rolls and a house rule by Alice and Bob,
    and Bob and Carol looking for a game."""
    channel = FIRST_CHANNEL + 100 + guild_id % 10
    return [
        (
            _table(GuildSettings),
            {"guild_id": guild_id, "referee_role_id": 55, "reminder_hours": 12.5, "updated_at": T0},
        ),
        *(
            (
                _table(Roll),
                {
                    "guild_id": guild_id,
                    "channel_id": channel,
                    "user_id": user,
                    "expression": "2d6",
                    "result_text": "2d6 (3, 4) = 7",
                    "total": 7,
                    "created_at": T0,
                },
            )
            for user in (ALICE, BOB, CAROL)
        ),
        *(
            (
                _table(Seek),
                {
                    "guild_id": guild_id,
                    "user_id": user,
                    "system": "duel",
                    "side": side,
                    "created_at": T0,
                    "lapses_at": T0,
                },
            )
            for user, side in ((BOB, None), (CAROL, "red"))
        ),
        (
            _table(RefereeRoster),
            {
                "channel_id": channel,
                "guild_id": guild_id,
                "state": {"units": [{"name": "1/24th", "strength": 6}]},
                "version": 3,
                "updated_at": T0,
            },
        ),
        (
            _table(EventDeck),
            {
                "channel_id": channel,
                "guild_id": guild_id,
                "state": {"order": [3, 1, 2], "discards": []},
                "version": 1,
                "updated_at": T0,
            },
        ),
        (
            _table(HouseRule),
            {
                "guild_id": guild_id,
                "key": "fire.range",
                "value": {"long": 7},
                "set_by": BOB,
                "updated_at": T0,
            },
        ),
        (
            _table(HouseRule),
            {
                "guild_id": guild_id,
                "key": "melee.bonus",
                "value": 1,
                "set_by": CAROL,
                "updated_at": T0,
            },
        ),
    ]


def timer_rows(game_id: int) -> list[tuple[Table, dict[str, Any]]]:
    """A game's turn deadline, its reminder sent and its expiry claimed, and a seat the bot
    stands in for."""
    return [
        (
            _table(Deadline),
            {
                "game_id": game_id,
                "hours": 48,
                "due_at": T0,
                "remind_at": T0,
                "reminded_at": T0,
                "claimed_until": T0,
            },
        ),
        (_table(StandIn), {"game_id": game_id, "side": "british", "since": T0}),
    ]


def owed_rows(
    game_id: int, guild_id: int | None, channel_id: int
) -> list[tuple[Table, dict[str, Any]]]:
    """An order's outbox row, sent, and what the channel and a player were shown."""
    return [
        (
            _table(Outbox),
            {
                "game_id": game_id,
                "guild_id": guild_id,
                "channel_id": channel_id,
                "version": 2,
                "position": "0a1b2c3d4e5f",
                "lines": ["red strikes for 3."],
                "private": {str(ALICE): ["Your reserve is 4."]},
                "actor_id": ALICE,
                "handed_to": [BOB],
                "created_at": T0,
                "claimed_until": T0,
                "sent_at": T0,
            },
        ),
        *(
            (
                _table(SeenPosition),
                {
                    "game_id": game_id,
                    "user_id": user,
                    "version": 2,
                    "position": "0a1b2c3d4e5f",
                    "seen_at": T0,
                },
            )
            for user in (0, ALICE)
        ),
    ]


async def stock(url: str) -> dict[str, int]:
    """Fill the (migrated, empty) database at ``url``; the stored games' ids by label."""
    engine = create_engine(url)
    try:
        ids = await load(session_factory(engine), stored_games())
        async with engine.begin() as connection:
            for guild_id in GUILDS:
                for table, row in other_rows(guild_id):
                    await connection.execute(insert(table), row)
            for user in (ALICE, BOB):
                await connection.execute(
                    insert(_table(PlayerSettings)),
                    {"user_id": user, "pings": user == BOB, "updated_at": T0},
                )
            await stock_campaigns(connection, list(ids.values()))
            for scope, digest in (("global", "a" * 64), (str(GUILDS[0]), "b" * 64)):
                await connection.execute(
                    insert(_table(CommandSync)), {"scope": scope, "digest": digest, "synced_at": T0}
                )
            for table, row in timer_rows(min(ids.values())):
                await connection.execute(insert(table), row)
            for table, row in rating_rows(min(ids.values())):
                await connection.execute(insert(table), row)
            for user in (BOB, CAROL):
                await connection.execute(
                    insert(_table(Follower)),
                    {"game_id": min(ids.values()), "user_id": user, "since": T0, "told": None},
                )
            first, last = min(ids.values()), max(ids.values())
            await connection.execute(
                insert(_table(Fork)),
                {"game_id": last, "parent_id": first, "steps": 3, "label": "Turn 2 · Zulu move"},
            )
            for table, row in league_rows(first):
                await connection.execute(insert(table), row)
            for table, row in webhook_rows(first):
                await connection.execute(insert(table), row)
            games = await connection.execute(select(Game.id, Game.guild_id, Game.channel_id))
            for game_id, guild_id, channel_id in games.all():
                for table, row in owed_rows(game_id, guild_id, channel_id):
                    await connection.execute(insert(table), row)
    finally:
        await engine.dispose()
    return ids


CAMPAIGNERS = (
    (GUILDS[0], ALICE, "finished"),
    (GUILDS[1], ALICE, "active"),
    (GUILDS[0], BOB, "active"),
)
"""A campaign of Alice's in each server, and one of Bob's."""


async def stock_campaigns(connection: AsyncConnection, game_ids: list[int]) -> None:
    """Each campaign's battles are stored games of its server (the first, second, ...)."""
    games = _table(Game)
    guild_of = dict((await connection.execute(select(games.c.id, games.c.guild_id))).all())
    for number, (guild_id, user, status) in enumerate(CAMPAIGNERS):
        campaign = (
            await connection.execute(
                insert(_table(Campaign)).returning(_table(Campaign).c.id),
                {
                    "guild_id": guild_id,
                    "channel_id": FIRST_CHANNEL + 200 + number,
                    "user_id": user,
                    "preset": "rising-odds",
                    "side": "british",
                    "status": status,
                    "created_at": T0,
                    "updated_at": T0,
                },
            )
        ).scalar_one()
        theirs = [g for g in game_ids if guild_of[g] == guild_id][number * 2 : number * 2 + 2]
        for battle, game_id in enumerate(theirs, start=1):
            ended = battle < len(theirs) or status == "finished"
            await connection.execute(
                insert(_table(CampaignBattle)),
                {
                    "campaign_id": campaign,
                    "number": battle,
                    "game_id": game_id,
                    "outcome": "lost" if ended else None,
                    "summary": "Overrun." if ended else None,
                    "points": 0 if ended else None,
                    "finished_at": T0 if ended else None,
                },
            )


def rating_rows(game_id: int) -> list[tuple[Table, dict[str, Any]]]:
    """Alice's and Bob's ratings in the first server, and what one rated game did to them."""
    skills = {ALICE: (27.6, 8.1, "red"), BOB: (22.4, 8.1, "blue")}
    found: list[tuple[Table, dict[str, Any]]] = []
    for user, (mu, sigma, side) in skills.items():
        place = {"guild_id": GUILDS[0], "user_id": user, "system": "duel", "side": side}
        found.append(
            (_table(Rating), {**place, "mu": mu, "sigma": sigma, "games": 1, "updated_at": T0})
        )
        found.append(
            (
                _table(RatingChange),
                {
                    **place,
                    "game_id": game_id,
                    "mu_before": 25.0,
                    "sigma_before": 8.3,
                    "mu_after": mu,
                    "sigma_after": sigma,
                    "created_at": T0,
                },
            )
        )
    return found


def league_rows(game_id: int) -> list[tuple[Table, dict[str, Any]]]:
    """A league under way in the first server: two players, a game and a bye."""
    league = {
        "id": 1,
        "guild_id": GUILDS[0],
        "channel_id": 70,
        "name": "Spring",
        "system": "duel",
        "scenario": None,
        "format": "swiss",
        "schedule": "as-ready",
        "rounds": 2,
        "deadline_hours": 48,
        "round": 1,
        "status": "running",
        "organiser_id": ALICE,
        "created_at": T0,
    }
    players = [
        {"league_id": 1, "user_id": user, "joined_at": T0, "left_at": left}
        for user, left in ((ALICE, None), (BOB, T0), (CAROL, None))
    ]
    pairings = [
        {
            "id": 1,
            "league_id": 1,
            "round": 1,
            "first_id": ALICE,
            "second_id": BOB,
            "thread_id": 71,
            "game_id": game_id,
            "claimed_at": T0,
            "score": 0.5,
            "how": "played",
        },
        {
            "id": 2,
            "league_id": 1,
            "round": 1,
            "first_id": CAROL,
            "second_id": None,
            "thread_id": None,
            "game_id": None,
            "claimed_at": None,
            "score": 1.0,
            "how": "bye",
        },
    ]
    return [
        (_table(League), league),
        *((_table(LeaguePlayer), row) for row in players),
        *((_table(LeagueGame), row) for row in pairings),
    ]


def webhook_rows(game_id: int) -> list[tuple[Table, dict[str, Any]]]:
    """The first server's webhook (the first game is in that server): an event of that game
    naming Bob, delivered; a ping waiting; and the phase the hook was last told."""
    hook = {"guild_id": GUILDS[0]}
    body = f'{{"type":"turn.handed","data":{{"handed_to":["{BOB}"]}}}}'
    delivery = {**hook, "status": "delivered", "attempts": 1, "created_at": T0, "due_at": None}
    return [
        (
            _table(Webhook),
            {
                **hook,
                "url": "https://example.com/hook",
                "secret": HOOK_SECRET,
                "created_at": T0,
                "lease_until": None,
            },
        ),
        (
            _table(WebhookDelivery),
            {
                **delivery,
                "key": f"game:{game_id}:2:turn.handed",
                "game_id": game_id,
                "event": "turn.handed",
                "body": body,
                "finished_at": T0,
                "last_error": None,
            },
        ),
        (
            _table(WebhookDelivery),
            {
                **delivery,
                "key": "ping:1",
                "game_id": None,
                "event": "ping",
                "body": "{}",
                "status": "pending",
                "attempts": 2,
                "due_at": T0,
                "finished_at": None,
                "last_error": "HTTP 500",
            },
        ),
        (_table(WebhookGame), {**hook, "game_id": game_id, "phase": "1.move"}),
    ]
