"""Channel etiquette, counted: pings, posts and maps per game turn of whole solo games."""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator

import pytest

import bot.posting.announce
from bot.play.service import Place, Update
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from tests.e2e.conftest import bot_settings
from tests.e2e.etiquette import measure, measure_solo
from tests.e2e.leak_audit import Player, bots_order


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        yield bot


WHOLE_GAMES = [
    ("last-stand", "solo", None),
    ("last-stand", "two-player", None),
    ("ramparts", "solo", None),
    ("zones", "two-player", "rorkes-drift"),
    ("zones", "solo", "isandlwana"),
]
"""A whole game of every system, and two-player games, played from the components alone."""


@pytest.mark.slow
@pytest.mark.parametrize(("system_id", "mode", "scenario"), WHOLE_GAMES, ids=str)
async def test_a_whole_game_from_the_components_alone_and_its_counts(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    system_id: str,
    mode: str,
    scenario: str | None,
) -> None:
    """Played to its end from buttons, menus and panels, with only /game new and /game join
    typed; per turn, at most one post a phase (and one more for each hand-over within one),
    a map only with a post, and no more DMs than phases."""
    typed: list[str] = []
    real = sandbox.slash

    async def slash(user: SandboxUser, path: str, *args: object, **kwargs: object) -> object:
        typed.append(path)
        return await real(user, path, *args, **kwargs)

    monkeypatch.setattr(sandbox, "slash", slash)
    system = laager.registry.get(system_id)
    people = [alice, bob] if mode == "two-player" else [alice] * len(system.sides)
    seats = dict(zip(system.sides, people, strict=False))
    options = {"scenario": scenario} if scenario else None
    measured = await measure(sandbox, laager, system_id, seats, mode, options=options)
    print(f"\n{system_id} {mode} {scenario or ''}\n{measured.per_turn()}")
    assert measured.over
    assert set(typed) <= {"game new", "game join"}, typed
    assert measured.within_bound() == [], "one post per phase"
    for turn, traffic in measured.turns.items():
        phases = len(measured.phases[turn])
        assert traffic.maps <= traffic.posts + 1 and traffic.dms <= phases, (turn, traffic)
    if mode == "solo":
        assert measured.total.pings == measured.handed_back, (
            "one ping each time the bot hands the game back in a new phase"
        )
        assert set(measured.total.pinged) <= {alice.id}


async def test_a_post_per_order_is_caught(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: every order makes a new post, as before, instead of editing the
    phase's post; the bound on posts per phase catches it."""
    monkeypatch.setattr(bot.posting.announce, "stays_in_phase", lambda *_: False)
    measured = await measure_solo(sandbox, laager, "last-stand", alice, limit=12)
    assert measured.within_bound() != []


async def test_a_ping_after_every_click_is_caught(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: every post pings whoever the game waits for, as before."""
    monkeypatch.setattr(Update, "handed_to", property(lambda update: update.waiting_for))
    measured = await measure_solo(sandbox, laager, "last-stand", alice, limit=12)
    assert measured.total.pings > measured.handed_back


def last_post(sandbox: DiscordSandbox) -> Message:
    return next(m for m in reversed(sandbox.messages()) if m.embeds)


async def test_two_players_are_pinged_once_per_hand_over_and_can_turn_pings_off(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    assert last_post(sandbox).pinged == [], "starting a game pings nobody"
    joined = await sandbox.slash(bob, "game join")
    assert any(f"<@{bob.id}>" in m.text() for m in joined.messages), "the joiner is named"
    pinged = [u for m in joined.messages for u in m.pinged]
    assert pinged == [alice.id], "the game is handed to alice; bob just acted"

    place = Place(sandbox.guild_id, sandbox.default_channel)
    seats = {"red": alice, "blue": bob}
    player = Player(sandbox, laager, {})
    quiet = False
    for step in range(40):
        game, system = await laager.service.latest(place)
        if game.status != "active":
            if step > 6:
                break
            # The dice may end a duel before pings were turned off and on again: play on.
            await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
            await sandbox.slash(bob, "game join")
            game, system = await laager.service.latest(place)
        side = system.to_act(game.state)[0]
        actor = seats[side]
        if step == 2:
            answer = await sandbox.slash(bob, "game pings", {"choice": "off"})
            assert answer.ephemeral and "not be pinged" in answer.response.content
            quiet = True
        if step == 6:
            await sandbox.slash(bob, "game pings", {"choice": "on"})
            quiet = False
        before = len(sandbox.messages())
        await player.give(actor, bots_order(system, game.state, side, step))
        after, _ = await laager.service.latest(place)
        waiting = (
            {seats[s].id for s in system.to_act(after.state)} if after.status == "active" else set()
        )
        new = [m for m in sandbox.messages()[before:] if m.embeds]
        recaps = [m for m in new if any(a.filename.startswith("recap-") for a in m.attachments)]
        assert all(m.pinged == [] for m in recaps), "a recap pings nobody"
        posted = [m for m in new if m not in recaps]
        assert len(posted) == 1
        pinged = posted[0].pinged
        expected = sorted(waiting - {actor.id} - ({bob.id} if quiet else set()))
        assert pinged == expected, f"step {step}: {actor.name} acted, pinged {pinged}"
        if waiting - {actor.id}:
            assert all(f"<@{u}>" in posted[0].content for u in waiting), "still named"
    assert step > 6


async def test_the_counter_reads_allowed_mentions_as_discord_does(
    sandbox: DiscordSandbox, alice: SandboxUser
) -> None:
    """A mention pings unless ``allowed_mentions`` keeps it quiet; the counter sees which."""
    from bot.sandbox.message_input import pinged

    text = f"<@{alice.id}> and <@!{alice.id}>"
    assert pinged(text, None) == [alice.id], "absent, every mention pings once"
    assert pinged(text, {"parse": ["users"]}) == [alice.id]
    assert pinged(text, {"parse": []}) == []
    assert pinged(text, {"parse": [], "users": [str(alice.id)]}) == [alice.id]
    assert pinged(text, {"parse": [], "users": ["1"]}) == []


def live_posts(sandbox: DiscordSandbox) -> list[Message]:
    return [m for m in sandbox.messages() if m.components and not m.deleted]


@pytest.mark.parametrize("retire", [True, False], ids=["as-built", "planted-fault"])
async def test_only_the_newest_post_keeps_its_buttons(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    retire: bool,
) -> None:
    """Orders given by command (which press no button) and by buttons alike leave one post
    with buttons in the channel: the newest. Planted fault: the old posts keep theirs."""
    if not retire:

        async def keep(*_: object) -> None:
            return None

        monkeypatch.setattr(bot.posting.announce, "retire_previous", keep)
    await measure_solo(sandbox, laager, "last-stand", alice, limit=6)
    place = Place(sandbox.guild_id, sandbox.default_channel)
    game, system = await laager.service.latest(place)
    [order] = system.legal_orders(game.state, "british")[:1]
    await sandbox.slash(alice, "game order", {"choice": order.key})
    live = live_posts(sandbox)
    newest = [m for m in sandbox.messages() if m.embeds][-1]
    if retire:
        assert live == [newest]
    else:
        assert len(live) > 1


def maps_in_order(sandbox: DiscordSandbox) -> list[bytes | None]:
    """The map each game post carried, in posting order (None: a post without one)."""
    posts = [m for m in sandbox.messages() if m.embeds]
    return [next((a.data for a in m.attachments if a.filename == "map.png"), None) for m in posts]


@pytest.mark.parametrize("compare", [True, False], ids=["as-built", "planted-fault"])
async def test_a_new_map_only_when_the_position_changed(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    compare: bool,
) -> None:
    """With every order posted (as in a system that names no phases), aims and picks move
    nothing, so their posts carry no map and say so; every map uploaded differs from the
    one before it. Planted fault: every post uploads its map."""
    monkeypatch.setattr(bot.posting.announce, "stays_in_phase", lambda *_: False)
    if not compare:
        fresh = iter(range(10**6))
        monkeypatch.setattr(bot.posting.announce, "picture_print", lambda png: str(next(fresh)))
    await measure_solo(sandbox, laager, "last-stand", alice, limit=40)
    maps = maps_in_order(sandbox)
    uploaded = [m for m in maps if m is not None]
    repeats = sum(1 for a, b in itertools.pairwise(uploaded) if a == b)
    if not compare:
        assert repeats > 0, "the planted fault uploads the same map again"
        return
    assert repeats == 0, "a map identical to the last one was uploaded again"
    assert None in maps, "some orders moved nothing and posted no map"
    quiet = [m for m in sandbox.messages() if m.embeds and not m.attachments]
    assert all(bot.posting.announce.UNMOVED in m.text() for m in quiet)


async def test_orders_within_a_phase_edit_its_post_and_show_their_giver_the_map(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """Aims, fires and moves in one phase edit the phase's post (an edit notifies nobody);
    the channel's map waits for the next post, while the order's giver sees the new
    position privately, never the same picture twice running."""
    measured = await measure_solo(sandbox, laager, "last-stand", alice, limit=40)
    posts = [m for m in sandbox.messages() if m.embeds]
    assert len(posts) <= sum(len(phases) for phases in measured.phases.values())
    edits = [e for e in sandbox.events if e.kind == "edited" and e.message in posts]
    told = {e.message.id for e in edits if "Aiming at" in json.dumps(e.version.embeds)}
    assert told, "an aim is told on the phase's post"
    private = [
        a.data for m in sandbox.ephemerals(alice) for a in m.attachments if a.filename == "map.png"
    ]
    assert private, "the giver of an order that moved something sees the new map"
    assert all(a != b for a, b in itertools.pairwise(private))
    assert any(bot.posting.announce.BEHIND in m.text() for m in posts)


async def test_the_giver_of_an_order_sees_its_own_lines_when_the_post_summarises_them(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long phase's post shows a summary ("4 British fires: 2 hits") and attaches the
    rest; the player who pressed is answered privately with his own order's lines."""
    real = bot.posting.announce.phase_report

    def short(lines: list[str], title: str, summarize=None, limit: int = 0, name: str = "r"):
        return real(lines, title, summarize, limit=150, name=name)

    monkeypatch.setattr(bot.posting.announce, "phase_report", short)
    await measure_solo(sandbox, laager, "last-stand", alice, limit=30)
    summarised = [m for m in sandbox.messages() if "The whole report is in" in m.text()]
    assert summarised, "some post was summarised"
    pressed = [  # answers to presses of buttons and menus (type 3), not to slash commands
        m.text()
        for m in sandbox.ephemerals(alice)
        if m.interaction is not None and m.interaction.type == 3
    ]
    own = [text for text in pressed if not text.startswith(bot.posting.announce.PRIVATE_MAP)]
    assert own, pressed[-5:]


@pytest.mark.slow
async def test_a_two_player_game_posts_per_phase_and_pings_per_hand_over(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """Two people through a Last Stand turn: the Zulu player's sniping picks edit the
    sniping post (they once sent him a ping each), and each player is pinged at most once
    each time the game passes to him."""
    seats = {"british": alice, "zulu": bob}
    measured = await measure(sandbox, laager, "last-stand", seats, "two-player", limit=150)
    print(f"\ntwo-player last-stand\n{measured.per_turn()}")
    assert 2 in measured.turns, "the game reached its second turn"
    assert measured.within_bound() == []
    for user in (alice, bob):
        pings = measured.total.pinged.get(user.id, 0)
        assert 0 < pings <= measured.handed.get(user.id, 0), user.name


@pytest.mark.slow
@pytest.mark.parametrize(
    ("scenario", "people"), [("isandlwana", "two-player"), ("rorkes-drift", "solo")]
)
async def test_a_zone_game_posts_once_a_phase(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    scenario: str,
    people: str,
) -> None:
    """The zone game's entries, moves and fire within a phase edit its post, as Last Stand's
    do (an Isandlwana turn once made 18 to 32 posts, each with a map), and each player's
    news of a phase is added to one DM (the Zulu player once got one per order)."""
    options = {"scenario": scenario}
    if people == "solo":
        measured = await measure_solo(sandbox, laager, "zones", alice, options=options, limit=80)
    else:
        seats = {"british": alice, "zulu": bob}
        measured = await measure(sandbox, laager, "zones", seats, people, options=options, limit=80)
    print(f"\n{people} zones {scenario}\n{measured.per_turn()}")
    assert 2 in measured.turns, "the game reached its second turn"
    assert measured.within_bound() == [], "one post per phase, and one per hand-over in it"
    assert all(t.maps <= t.posts for t in measured.turns.values())
    phases = sum(len(found) for found in measured.phases.values())
    for user in (alice, bob):
        assert len(sandbox.dms(user)) <= phases, f"{user.name}: at most one DM a phase"
    players = 1 if people == "solo" else 2
    for turn, traffic in measured.turns.items():
        assert traffic.dms <= players * len(measured.phases[turn]), f"turn {turn}: DMs"


async def test_an_order_after_the_phase_post_was_deleted_posts_the_phase_again(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """Someone deleted the phase's post: the next order within the phase posts it anew,
    with the map of now, instead of failing to edit it."""
    await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    sandbox.state.delete(last_post(sandbox))
    place = Place(sandbox.guild_id, sandbox.default_channel)
    game, system = await laager.service.latest(place)
    placing = next(o for o in system.legal_orders(game.state, "british") if o.kind == "place")
    answer = await sandbox.slash(alice, "game order", {"choice": placing.key})
    assert answer.ephemeral and "went wrong" not in answer.response.content
    again = last_post(sandbox)
    assert not again.deleted and any(a.filename == "map.png" for a in again.attachments)
    assert "is placed in" in again.text()
    game, _ = await laager.service.latest(place)
    after = next(o for o in system.legal_orders(game.state, "british") if o.kind == "place")
    await sandbox.slash(alice, "game order", {"choice": after.key})
    assert last_post(sandbox).id == again.id, "the new post is the one edited from here on"
