"""Leagues on both databases: a round opened once however many try at once, a pairing's
game made by one process at a time (and by another once the first has stopped), sign-ups
only before the start, and an outcome decided once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.storage.leagues import CLAIM, MAX_PLAYERS, LeagueRecord, Leagues, NewPairing
from bot.storage.repository import Store

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def league(name: str = "Spring") -> LeagueRecord:
    return LeagueRecord(
        0, 1, 50, name, "duel", None, "round-robin", "as-ready", None, 48, 0, "open", 9, NOW
    )


async def test_a_round_opens_once_however_many_open_it_at_once(store: Store) -> None:
    leagues = Leagues(store._sessions)
    made = await leagues.create(league())
    assert made is not None and await leagues.create(league("spring")) is None
    for user in (1, 2, 3, 4):
        assert await leagues.join(made.id, user, NOW) == "joined"
    pairs = [NewPairing(1, 2), NewPairing(3, 4)]
    opened = await asyncio.gather(*(leagues.open_round(made.id, 0, pairs) for _ in range(6)))
    assert opened.count(True) == 1
    assert len(await leagues.pairings(made.id)) == 2, "one round's pairings, written once"
    assert await leagues.join(made.id, 5, NOW) == "closed"
    assert not await leagues.open_round(made.id, 0, pairs), "round 1 is open already"
    assert await leagues.open_round(made.id, 1, []), "a round with nobody left to play"
    assert len(await leagues.pairings(made.id)) == 2


async def test_a_pairing_is_claimed_by_one_and_taken_over_once_the_claim_lapses(
    store: Store,
) -> None:
    leagues = Leagues(store._sessions)
    made = await leagues.create(league())
    assert made is not None
    await leagues.open_round(made.id, 0, [NewPairing(1, 2), NewPairing(3, None, 1.0, "bye")])
    claims = await asyncio.gather(*(leagues.unmade(made.id, NOW) for _ in range(4)))
    assert sorted(len(c) for c in claims) == [0, 0, 0, 1], "a bye has no game to make"
    assert await leagues.unmade(made.id, NOW + CLAIM / 2) == []
    [taken] = await leagues.unmade(made.id, NOW + CLAIM + timedelta(seconds=1))
    await leagues.note_thread(taken.id, 777)
    [again] = await leagues.unmade(made.id, NOW + 3 * CLAIM)
    assert again.thread_id == 777, "the next process goes on in the same thread"
    assert await leagues.decide(taken.id, 1.0, "played") is not None
    assert await leagues.decide(taken.id, 0.0, "played") is None, "decided once"
    assert await leagues.unmade(made.id, NOW + 9 * CLAIM) == []


async def test_sign_ups_stop_at_the_limit_and_leaving_depends_on_the_start(store: Store) -> None:
    leagues = Leagues(store._sessions)
    made = await leagues.create(league())
    assert made is not None
    for user in range(1, MAX_PLAYERS + 1):
        assert await leagues.join(made.id, user, NOW) == "joined"
    assert await leagues.join(made.id, 999, NOW) == "full"
    assert await leagues.join(made.id, 1, NOW) == "already"
    assert await leagues.leave(made.id, 1, NOW) == "withdrawn"
    assert await leagues.leave(made.id, 1, NOW) == "not in"
    await leagues.open_round(made.id, 0, [NewPairing(2, 3)])
    assert await leagues.leave(made.id, 2, NOW) == "left"
    [member] = [m for m in await leagues.members(made.id) if m.user_id == 2]
    assert member.left_at is not None
