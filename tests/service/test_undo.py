"""Undo by consent in the service: what may be taken back, by whom, and that the dice never
rewind (replay and verify still reproduce every die)."""

from __future__ import annotations

import pytest

from bot.play import errors, undo
from bot.play.service import Actor, GameService, Place, SeedSource, export_text
from bot.storage.repository import Store
from bot.systems.installed import pairings
from games.core.dice import Dice, derived_seed
from games.registry import Registry
from tests.fixtures.duel import SYSTEM
from tests.pool_jobs import watch_pool_jobs

HERE = Place(guild_id=1, channel_id=100)
ALICE, BOB, CAROL = Actor(11, interaction_id=1001), Actor(12), Actor(13)
REFEREE = Actor(99, is_referee=True)
MOST_ORDERS = 300


@pytest.fixture
def service(store: Store) -> GameService:
    return GameService(store, Registry([SYSTEM]), SeedSource("undo-tests"))


async def snapshot(store: Store) -> tuple:
    game = await store.latest_game(HERE.channel_id)
    assert game is not None
    return (game.version, game.state, game.dice_cursor, await store.event_count(game.id))


async def two_player(service: GameService) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="two-player")
    await service.join(HERE, BOB)


async def verified(service: GameService) -> None:
    """Abort (which reveals the seed), then replay the whole log against the stored state."""
    await service.abort(HERE, REFEREE)
    game, report = await service.verify(HERE)
    assert report is not None and report.ok, report.problem
    assert report.state == game.state


async def test_a_solo_order_that_showed_nothing_is_taken_back_at_once(
    service: GameService, store: Store
) -> None:
    start = await service.new_game(HERE, ALICE, "duel", mode="solo")
    await service.act(HERE, ALICE, {"type": "tally"})
    update = await undo.ask(service, HERE, ALICE)
    assert not isinstance(update, undo.Asked)
    assert update.game.state == start.game.state
    assert update.game.dice_cursor == start.game.dice_cursor
    assert "taken back" in update.lines[0] and "red tallies (1)" in update.lines[0]
    kinds = [e.kind for e in await store.events(update.game.id)]
    assert kinds[-2:] == ["action", "undo"]  # the log keeps the undone order
    await verified(service)


async def test_a_solo_order_that_rolled_dice_stands(service: GameService, store: Store) -> None:
    await service.new_game(HERE, ALICE, "duel", mode="solo")
    await service.act(HERE, ALICE, {"type": "strike"})
    before = await snapshot(store)
    with pytest.raises(errors.NotAllowed, match=r"rolled dice.*free second try"):
        await undo.ask(service, HERE, ALICE)
    assert await snapshot(store) == before


@pytest.mark.parametrize(
    ("setup", "who", "error", "words"),
    [
        ("none", ALICE, errors.NoGame, "no game in this channel"),
        ("fresh", ALICE, errors.BadInput, "nothing to take back"),
        ("tally", CAROL, errors.NotSeated, "no seat"),
        ("undone", ALICE, errors.BadInput, "already been taken back"),
        ("finished", ALICE, errors.GameFinished, "finished"),
    ],
)
async def test_hostile_requests_are_refused_in_words_and_store_nothing(
    service: GameService, store: Store, setup: str, who: Actor, error: type, words: str
) -> None:
    if setup != "none":
        scenario = "short" if setup == "finished" else "standard"
        await service.new_game(HERE, ALICE, "duel", scenario=scenario, mode="solo")
    if setup in ("tally", "undone"):
        await service.act(HERE, ALICE, {"type": "tally"})
    if setup == "undone":
        await undo.ask(service, HERE, ALICE)
    while setup == "finished" and not (await service.act(HERE, ALICE, {"type": "strike"})).result:
        pass
    before = await snapshot(store) if setup != "none" else None
    with pytest.raises(error, match=words):
        await undo.ask(service, HERE, who)
    if before is not None:
        assert await snapshot(store) == before


async def test_refused_without_consent_and_granted_with_it(
    service: GameService, store: Store
) -> None:
    await two_player(service)
    before = await snapshot(store)
    await service.act(HERE, ALICE, {"type": "strike"})
    asked = await undo.ask(service, HERE, ALICE)
    assert isinstance(asked, undo.Asked) and asked.opponents == [BOB.user_id]
    assert "rolled dice" in asked.text
    with pytest.raises(errors.BadInput, match="already asked"):
        await undo.ask(service, HERE, ALICE)
    for stranger, words in ((ALICE, "not yours to answer"), (CAROL, "Only <@12>")):
        with pytest.raises(errors.NotAllowed, match=words):
            await undo.answer(service, HERE, stranger, asked.game_id, asked.ask_seq, True)
    _, said = await undo.answer(service, HERE, BOB, asked.game_id, asked.ask_seq, False)
    assert "order stands" in said
    struck = await snapshot(store)
    assert struck[1] != before[1]
    with pytest.raises(undo.AlreadyAnswered, match="already been answered"):
        await undo.answer(service, HERE, BOB, asked.game_id, asked.ask_seq, True)
    again = await undo.ask(service, HERE, ALICE)
    assert isinstance(again, undo.Asked)
    update, said = await undo.answer(service, HERE, BOB, again.game_id, again.ask_seq, True)
    assert "taken back" in said
    assert (await snapshot(store))[1] == before[1]
    assert update.game.dice_cursor == struck[2]  # the undone die's position stays used
    await verified(service)


async def test_an_order_the_opponent_acted_after_cannot_be_taken_back(
    service: GameService, store: Store
) -> None:
    await two_player(service)
    await service.act(HERE, ALICE, {"type": "strike"})
    await service.act(HERE, BOB, {"type": "strike"})
    before = await snapshot(store)
    with pytest.raises(errors.BadInput, match="<@12>'s, given after yours"):
        await undo.ask(service, HERE, ALICE)
    assert await snapshot(store) == before


async def test_a_request_goes_stale_once_the_game_moves_on(service: GameService) -> None:
    await two_player(service)
    await service.act(HERE, ALICE, {"type": "strike"})
    asked = await undo.ask(service, HERE, ALICE)
    assert isinstance(asked, undo.Asked)
    await service.act(HERE, BOB, {"type": "tally"})
    with pytest.raises(errors.GameMovedOn, match="no longer open"):
        await undo.answer(service, HERE, BOB, asked.game_id, asked.ask_seq, True)


async def test_hidden_information_that_changed_is_sent_again(service: GameService) -> None:
    await two_player(service)
    await service.act(HERE, ALICE, {"type": "rally"})
    asked = await undo.ask(service, HERE, ALICE)
    assert isinstance(asked, undo.Asked)
    assert "reserve" not in asked.text and "hidden" not in asked.text  # nothing of the secret
    update, _ = await undo.answer(service, HERE, BOB, asked.game_id, asked.ask_seq, True)
    [dm] = update.private[ALICE.user_id]
    assert "After the undo" in dm and "Your hidden reserve" in dm
    assert BOB.user_id not in update.private  # bob's own secret did not change


def rewinding(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted fault: the undo puts the dice back where they stood before the undone order."""
    commit = store.commit_action

    async def rewound(game_id: int, version: int, **kwargs: object) -> object:
        events = kwargs["events"]
        if events and events[0].kind == "undo":  # type: ignore[index]
            rolled = [e for e in await store.events(game_id) if e.dice]
            kwargs["dice_cursor"] = int(kwargs["dice_cursor"]) - len(rolled[-1].dice)  # type: ignore[call-overload]
        return await commit(game_id, version, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "commit_action", rewound)


async def undo_then_strike_again(service: GameService, store: Store) -> tuple[int, int, int]:
    """Alice strikes, the strike is taken back with Bob's consent, Alice strikes anew:
    the first position of the undone die, the position the undo logged, the new die's."""
    await two_player(service)
    first = (await snapshot(store))[2]
    await service.act(HERE, ALICE, {"type": "strike"})
    asked = await undo.ask(service, HERE, ALICE)
    assert isinstance(asked, undo.Asked)
    await undo.answer(service, HERE, BOB, asked.game_id, asked.ask_seq, True)
    update = await service.act(HERE, ALICE, {"type": "strike"})
    events = await store.events(update.game.id)
    [logged] = [e.action["cursor"] for e in events if e.kind == "undo"]
    return first, logged, update.game.dice_cursor - len(events[-1].dice)


def assert_fresh(first: int, logged: int, new: int) -> None:
    """The die after an undo comes from a place in the stream no undone die used."""
    assert logged > first, "the undo did not keep the undone die's position"
    assert new >= logged, f"the die after the undo came from position {new}, before {logged}"


@pytest.mark.parametrize("fault", [False, True], ids=["honest", "planted-rewind"])
async def test_an_undone_roll_is_never_seen_again(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch, fault: bool
) -> None:
    if fault:
        rewinding(store, monkeypatch)
    first, logged, new = await undo_then_strike_again(service, store)
    await service.abort(HERE, REFEREE)
    _, report = await service.verify(HERE)
    assert report is not None
    if not fault:
        assert_fresh(first, logged, new)
        assert report.ok, report.problem
        return
    with pytest.raises(AssertionError, match="before"):
        assert_fresh(first, logged, new)
    assert not report.ok, "verify missed it"  # replay draws from the later place
    assert "rolled" in (report.problem or ""), report.problem


@pytest.mark.parametrize("system_id", ["last-stand", "ramparts", "zones"])
async def test_every_system_takes_back_a_clean_solo_order_and_keeps_one_that_rolled(
    store: Store, system_id: str
) -> None:
    """The player's side is played by the bot's own policy; after each order the player asks
    to take it back. A clean order goes at once, leaving the position as it was; one that
    rolled dice (or showed something hidden) stands. The log, undos and all, then verifies."""
    registry = Registry(pairing.system for pairing in pairings([]).values())
    service = GameService(store, registry, SeedSource("undo-every-system"))
    update = await service.new_game(HERE, ALICE, system_id, mode="solo")
    system, [side] = update.system, [s.side for s in update.seats if s.user_id]
    taken = kept = 0
    for turn in range(MOST_ORDERS):
        before = await snapshot(store)
        game, _, _ = await service.current(HERE)
        action = system.bot_action(game.state, side, Dice(derived_seed("policy", turn)))
        await service.act(HERE, ALICE, action, side=side)
        try:
            await undo.ask(service, HERE, ALICE)
        except errors.NotAllowed as refused:
            assert "rolled dice" in refused.message or "showed you something" in refused.message
            kept += 1
        else:
            after = await snapshot(store)
            assert after[1] == before[1] and after[2] >= before[2]  # the dice never go back
            await service.act(HERE, ALICE, action, side=side)
            taken += 1
        if taken and kept:
            break
    assert taken and kept, (taken, kept)
    await verified(service)


async def test_a_solo_order_that_showed_a_hidden_card_stands(store: Store) -> None:
    """Ending the Ramparts action phase rolls nothing but turns up the next card of the pile:
    taking it back would let the player see the card and then choose otherwise."""
    registry = Registry(pairing.system for pairing in pairings([]).values())
    service = GameService(store, registry, SeedSource("undo-card"))
    await service.new_game(HERE, ALICE, "ramparts", mode="solo")
    update = await service.act(HERE, ALICE, key="go")
    assert not any(e.dice for e in await store.events(update.game.id) if e.kind == "action")
    before = await snapshot(store)
    with pytest.raises(errors.NotAllowed, match="showed you something that had been hidden"):
        await undo.ask(service, HERE, ALICE)
    assert await snapshot(store) == before


async def test_export_keeps_the_undone_order_and_the_undo(service: GameService) -> None:
    await two_player(service)
    await service.act(HERE, ALICE, {"type": "strike"})
    asked = await undo.ask(service, HERE, ALICE)
    assert isinstance(asked, undo.Asked)
    await undo.answer(service, HERE, BOB, asked.game_id, asked.ask_seq, True)
    await service.abort(HERE, REFEREE)
    _, data = await service.export(HERE)
    kinds = [e["kind"] for e in data["events"]]
    assert kinds[-4:] == ["action", "undo_ask", "undo", "abort"]
    [strike] = [e for e in data["events"] if e["kind"] == "action"]
    [undone] = [e for e in data["events"] if e["kind"] == "undo"]
    assert undone["action"]["undoes"] == [strike["seq"]] and strike["dice"]
    text = export_text(data)
    assert "[undo] red" in text and "taken back" in text


async def test_undo_and_verify_replay_the_log_in_a_worker_process(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replaying a long game takes the CPU an order does, so it runs where orders run, never
    on the event loop."""
    jobs = watch_pool_jobs(monkeypatch)
    await service.new_game(HERE, ALICE, "duel", mode="solo")
    await service.act(HERE, ALICE, {"type": "tally"})
    await undo.ask(service, HERE, ALICE)
    assert "_stretch" in jobs, jobs
    await verified(service)
    assert "audit" in jobs, jobs
