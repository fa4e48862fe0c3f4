"""The game service: seats, orders, the bot's replies, refusals that store nothing, verify."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update as sql_update

from bot.play import errors
from bot.play.log_replay import replay_steps
from bot.play.service import Actor, GameService, Place, SeedSource, Update, export_text
from bot.storage.db import create_engine
from bot.storage.models import Game
from bot.storage.repository import Store
from games.core.dice import commitment
from games.core.errors import NotYourTurn, UnknownAction
from games.core.replay import replay
from games.registry import Registry, UnknownSystem
from tests.fixtures.duel import SYSTEM

HERE = Place(guild_id=1, channel_id=100)
ALICE, BOB, CAROL = Actor(11), Actor(12), Actor(13)


@pytest.fixture
def service(store: Store) -> GameService:
    return GameService(store, Registry([SYSTEM]), SeedSource("service-tests"))


async def snapshot(store: Store) -> tuple:
    """Everything a refused command must leave untouched."""
    game = await store.latest_game(HERE.channel_id)
    if game is None:
        return (None,)
    return (game.version, game.state, await store.event_count(game.id), await store.seats(game.id))


async def test_new_game_seats_the_creator_and_publishes_the_commitment(
    service: GameService,
) -> None:
    update = await service.new_game(HERE, ALICE, "duel", mode="two-player")
    game = update.game
    assert [(s.side, s.user_id) for s in update.seats] == [("red", ALICE.user_id)]
    assert game.seed_commitment == commitment(game.seed)
    assert "hidden reserve" in update.private[ALICE.user_id][0]
    public = "\n".join(update.public_view().lines)
    assert "reserve" not in public
    assert update.waiting_for == [ALICE.user_id]


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"system_id": "chess"}, UnknownSystem, "no game system called `chess`"),
        ({"system_id": "duel", "scenario": "long"}, errors.BadInput, "no scenario `long`"),
        ({"system_id": "duel", "mode": "team"}, errors.BadInput, "no mode `team`"),
        ({"system_id": "duel", "side": "green"}, errors.BadInput, "no side `green`"),
        ({"system_id": "duel", "mode": "solo", "side": "blue"}, errors.BadInput, "bot plays"),
    ],
)
async def test_bad_new_game_options_are_refused_and_store_nothing(
    service: GameService, store: Store, kwargs: dict, error: type, words: str
) -> None:
    with pytest.raises(error, match=words):
        await service.new_game(HERE, ALICE, **kwargs)
    assert await store.latest_game(HERE.channel_id) is None


async def test_second_game_in_a_busy_channel_is_refused(service: GameService, store: Store) -> None:
    await service.new_game(HERE, ALICE, "duel")
    before = await snapshot(store)
    with pytest.raises(errors.ChannelBusy, match="already running"):
        await service.new_game(HERE, BOB, "duel")
    assert await snapshot(store) == before


async def test_commands_without_a_game_say_how_to_start_one(service: GameService) -> None:
    with pytest.raises(errors.NoGame, match="/game new"):
        await service.act(HERE, ALICE, {"type": "strike"})
    with pytest.raises(errors.NoGame):
        await service.join(HERE, ALICE)


async def test_only_the_seated_player_may_act_and_only_in_turn(
    service: GameService, store: Store
) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)
    before = await snapshot(store)
    with pytest.raises(errors.NotSeated, match="no seat"):
        await service.act(HERE, CAROL, {"type": "strike"})
    with pytest.raises(NotYourTurn, match="red's turn"):
        await service.act(HERE, BOB, {"type": "strike"})
    with pytest.raises(errors.NotSeated, match="not red"):
        await service.act(HERE, BOB, {"type": "strike"}, side="red")
    with pytest.raises(UnknownAction, match="not an order"):
        await service.act(HERE, ALICE, {"type": "dance"})
    with pytest.raises(errors.BadInput, match="not one of your choices"):
        await service.act(HERE, ALICE, key="dance")
    assert await snapshot(store) == before
    update = await service.act(HERE, ALICE, key="strike")
    assert update.waiting_for == [BOB.user_id]
    assert "red strikes" in update.lines[0]


async def test_solo_bot_answers_in_the_same_commit(service: GameService, store: Store) -> None:
    update = await service.new_game(HERE, ALICE, "duel", mode="solo")
    events_before = await store.event_count(update.game.id)
    update = await service.act(HERE, ALICE, {"type": "strike"})
    assert update.game.version == 2
    assert await store.event_count(update.game.id) == events_before + 2
    assert len(update.lines) == 2 and update.lines[1].startswith("blue")
    assert update.waiting_for == [ALICE.user_id]


async def test_bot_against_bot_plays_to_the_end_at_creation(
    service: GameService, store: Store
) -> None:
    update = await service.new_game(HERE, ALICE, "duel", scenario="short", mode="bots")
    assert update.result is not None
    assert update.game.status == "finished"
    assert await store.active_game(HERE.channel_id) is None


async def test_a_finished_game_refuses_orders_and_verifies(
    service: GameService, store: Store
) -> None:
    await service.new_game(HERE, ALICE, "duel", scenario="short", mode="solo")
    update = None
    for _ in range(50):
        update = await service.act(HERE, ALICE, {"type": "strike"})
        if update.result:
            break
    assert update is not None and update.result is not None
    assert update.game.status == "finished"
    with pytest.raises(errors.GameFinished, match="finished"):
        await service.act(HERE, ALICE, {"type": "strike"})
    game, report = await service.verify(HERE)
    assert report is not None and report.ok, report
    assert report.state == game.state
    assert report.rolls == sum(len(e.dice) for e in await store.events(game.id))


async def test_verify_of_a_running_game_only_shows_the_commitment(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "duel")
    game, report = await service.verify(HERE)
    assert report is None and game.status == "active"


async def test_a_stale_button_is_refused(service: GameService, store: Store) -> None:
    update = await service.new_game(HERE, ALICE, "duel", mode="solo")
    old = update.position
    await service.act(HERE, ALICE, key="strike", position=old, game_id=update.game.id)
    before = await snapshot(store)
    with pytest.raises(errors.GameMovedOn, match="moved on"):
        await service.act(HERE, ALICE, key="strike", position=old, game_id=update.game.id)
    assert await snapshot(store) == before


async def test_an_update_works_out_its_orders_and_fingerprint_once(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A post asks for them several times (buttons, panel, turn line, its record). The
    orders of the side to act come back from the engine's worker with the new position, so
    the event loop works out only the other side's."""
    update = await service.new_game(HERE, ALICE, "duel", mode="solo")
    asked: list[str] = []
    legal = SYSTEM.legal_orders

    def counted(state: dict, side: str) -> list:
        asked.append(side)
        return legal(state, side)

    monkeypatch.setattr(SYSTEM, "legal_orders", counted)
    fingerprints = []
    monkeypatch.setattr(
        "bot.play.service.fingerprint", lambda game: fingerprints.append(game.id) or "f" * 12
    )
    assert update.orders("red") == update.orders("red") != []
    assert update.orders("blue") == update.orders("blue")
    assert asked == ["blue"]
    assert update.position == update.position == "f" * 12
    assert len(fingerprints) == 1


async def test_join_and_leave(service: GameService, store: Store) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    with pytest.raises(errors.BadInput, match="already play"):
        await service.join(HERE, ALICE)
    with pytest.raises(errors.SeatTaken, match="not free"):
        await service.join(HERE, BOB, "red")
    with pytest.raises(errors.SeatTaken, match="no side `green`"):
        await service.join(HERE, BOB, "green")
    update = await service.join(HERE, BOB)
    assert {(s.side, s.user_id) for s in update.seats} == {("red", 11), ("blue", 12)}
    assert "hidden reserve" in update.private[BOB.user_id][0]
    with pytest.raises(errors.SeatTaken, match="already has a player"):
        await service.join(HERE, CAROL)
    await service.leave(HERE, BOB)
    with pytest.raises(errors.NotSeated, match="nothing to leave"):
        await service.leave(HERE, BOB)
    update = await service.join(HERE, CAROL)
    assert ("blue", CAROL.user_id) in {(s.side, s.user_id) for s in update.seats}


async def test_abort_is_for_the_creator_or_a_referee(service: GameService, store: Store) -> None:
    await service.new_game(HERE, ALICE, "duel")
    before = await snapshot(store)
    with pytest.raises(errors.NotAllowed, match="referee"):
        await service.abort(HERE, BOB)
    assert await snapshot(store) == before
    update = await service.abort(HERE, Actor(BOB.user_id, is_referee=True))
    assert update.game.status == "aborted"
    _, report = await service.verify(HERE)
    assert report is not None and report.ok


async def test_export_hides_the_seed_until_the_end(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="solo")
    await service.act(HERE, ALICE, {"type": "strike"})
    _, data = await service.export(HERE)
    assert "seed" not in data and "final_state" not in data
    assert all("dice" not in e for e in data["events"])
    await service.abort(HERE, ALICE)
    _, data = await service.export(HERE)
    assert commitment(data["seed"]) == data["seed_commitment"]
    assert data["events"][1]["dice"]


async def test_idle_games_remind_the_player_to_move_once(store: Store) -> None:
    clock = [datetime(2026, 1, 1, tzinfo=UTC)]
    service = GameService(store, Registry([SYSTEM]), SeedSource("idle"), clock=lambda: clock[0])
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    clock[0] += timedelta(hours=2)
    assert await service.idle_reminders(default_hours=3) == []
    clock[0] += timedelta(hours=2)
    reminders = await service.idle_reminders(default_hours=3)
    assert [users for _, users in reminders] == [[ALICE.user_id]]
    assert await service.idle_reminders(default_hours=3) == []


# -- dice that prove themselves ---------------------------------------------------


def by_button(actor: Actor, interaction_id: int) -> Actor:
    """The actor as a Discord interaction brings them: with the interaction's id."""
    return Actor(actor.user_id, actor.is_referee, interaction_id)


async def finish_solo(service: GameService, first_id: int = 5000) -> Update:
    await service.new_game(HERE, ALICE, "duel", scenario="short", mode="solo")
    for n in range(50):
        update = await service.act(HERE, by_button(ALICE, first_id + n), {"type": "strike"})
        if update.result:
            return update
    raise AssertionError("the duel did not end")


async def tamper(database_url: str, **columns: str) -> None:
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.execute(sql_update(Game).values(**columns))
    finally:
        await engine.dispose()


async def test_verify_recomputes_the_commitment_and_counts_the_contributions(
    service: GameService, store: Store
) -> None:
    await service.new_game(HERE, ALICE, "duel", scenario="short", mode="two-player")
    await service.join(HERE, by_button(BOB, 7001), entropy="  bob's lucky number 7 ")
    await service.add_entropy(HERE, by_button(ALICE, 7002), "alice was here")
    for n in range(50):
        side = (await service.current(HERE))[0].state["next"]
        actor = by_button(ALICE if side == "red" else BOB, 7100 + n)
        if (await service.act(HERE, actor, {"type": "strike"})).result:
            break
    game, report = await service.verify(HERE)
    assert report is not None and report.ok, report
    orders = [e for e in await store.events(game.id) if e.kind == "action"]
    assert report.contributions == 4 + len(orders)
    assert await store.contributions(game.id) == [
        "7001",
        "bob's lucky number 7",
        "7002",
        "alice was here",
        *(e.contributions[0] for e in orders),
    ]


async def test_a_tampered_commitment_or_seed_fails_verify_in_words(
    service: GameService, database_url: str
) -> None:
    update = await finish_solo(service)
    honest = update.game.seed_commitment
    forged = commitment("00" * 32)
    await tamper(database_url, seed_commitment=forged)
    _, report = await service.verify(HERE)
    assert report is not None and not report.ok
    assert report.problem == (
        f"The commitment does not match: the revealed seed's SHA-256 is `{honest}`, "
        f"but the commitment published at the start is `{forged}`."
    )
    await tamper(database_url, seed_commitment=honest, seed="zz" * 32)
    _, report = await service.verify(HERE)
    assert report is not None and "not a string of hex digits" in (report.problem or "")
    await tamper(database_url, seed=update.game.seed)
    _, report = await service.verify(HERE)
    assert report is not None and report.ok


async def test_the_dice_depend_on_every_logged_contribution(
    service: GameService, store: Store
) -> None:
    update = await finish_solo(service)
    events = await store.events(update.game.id)
    assert all(e.contributions for e in events if e.kind == "action")
    assert not any(e.contributions for e in events if e.kind in ("create", "bot"))
    steps = replay_steps(events)
    assert replay(SYSTEM, update.game.seed, steps).ok
    without = [replace(step, contributions=()) for step in steps]
    assert not replay(SYSTEM, update.game.seed, without).ok


async def test_a_game_without_contributions_still_verifies(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "duel", scenario="short", mode="bots")
    _, report = await service.verify(HERE)
    assert report is not None and report.ok and report.contributions == 0


@pytest.mark.parametrize(
    "value", ["", "   ", "x" * 101, "two\nlines", "no `code` please", "tab\there"]
)
async def test_bad_entropy_is_refused_in_words_and_stores_nothing(
    service: GameService, store: Store, value: str
) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    before = await snapshot(store)
    with pytest.raises(errors.BadInput, match="1 to 100 characters on one line"):
        await service.add_entropy(HERE, ALICE, value)
    with pytest.raises(errors.BadInput, match="but no backticks"):
        await service.join(HERE, BOB, entropy=value)
    assert await snapshot(store) == before


async def test_only_seated_players_add_entropy(service: GameService, store: Store) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    before = await snapshot(store)
    with pytest.raises(errors.NotSeated, match="Only the players seated"):
        await service.add_entropy(HERE, CAROL, "let me in")
    assert await snapshot(store) == before
    added = await service.add_entropy(HERE, ALICE, "mine")
    assert added.lines == [
        f"<@{ALICE.user_id}> adds `mine` to the dice; every die from now on depends on it."
    ]


async def test_reproducible_seeds_never_repeat_in_a_channel_across_restarts(store: Store) -> None:
    seeds = []
    for _restart in range(3):
        service = GameService(store, Registry([SYSTEM]), SeedSource("restarts"))
        update = await service.new_game(HERE, ALICE, "duel")
        await service.abort(HERE, ALICE)
        seeds.append(update.game.seed)
    assert len(set(seeds)) == 3
    again = GameService(store, Registry([SYSTEM]), SeedSource("restarts"))
    assert (await again.new_game(Place(1, 200), ALICE, "duel")).game.seed not in seeds


async def test_export_publishes_the_whole_commitment_and_the_contributions(
    service: GameService,
) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, by_button(BOB, 42), entropy="bob")
    game, data = await service.export(HERE)
    assert data["seed_commitment"] == game.seed_commitment and len(game.seed_commitment) == 64
    assert data["events"][1]["contributions"] == ["42", "bob"]
    text = export_text(data)
    assert f"Dice commitment (SHA-256 of the seed): {game.seed_commitment}\n" in text
    assert "    added to the dice: 42, bob\n" in text
