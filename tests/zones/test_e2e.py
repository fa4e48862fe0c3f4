"""The zone game through Discord-in-a-box: a solo Rorke's Drift and a two-player Isandlwana,
each played to its end.

Every order is the one the built-in policy would give, given through the bot's own means
only: a ``/zones`` subcommand whose autocomplete offers it, or a button or menu on the
player's private panel. The Zulu strengths reach the Zulu player by DM and nobody else.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play import workers
from bot.play.errors import BadInput
from bot.play.service import Place
from bot.posting.announce import POSTED, UPDATED
from bot.posting.steps import BACK
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from bot.systems.zones.cog import with_amounts
from games.core.engine import Order
from games.zones import policy, setup
from games.zones.hidden import zulu_strengths
from games.zones.state import BRITISH, ZULU
from games.zones.system import SYSTEM
from tests.e2e.conftest import (
    alice,
    bob,
    bot_settings,
    is_recap,
    newest_post,
    sandbox,
    sqlite_url,
)
from tests.e2e.etiquette import measure
from tests.e2e.panel_steps import step_labels, step_menu, step_to
from tests.zones.test_strength_dms import play_until_advance

__all__ = ["alice", "bob", "sandbox", "sqlite_url"]
"""Discord-in-a-box fixtures shared with tests/e2e."""

SYSTEMS: list[str] = []  # the built-in systems only
PANEL = "My orders (private)"
STEP_LIMIT = 3000
COMMAND = {
    "move": "move",
    "place": "move",
    "enter": "enter",
    "regroup": "regroup",
    "stack": "stack",
    "replace": "replace",
    "fire": "fire",
    "volley": "volley",
    "random-fire": "randomfire",
    "melee": "melee",
    "advance": "advance",
    "charge": "charge",
    "hits": "losses",
    "ammo": "losses",
}
"""The ``/zones`` subcommand that gives each kind of order not offered as a button."""

STRENGTH = re.compile(r"\b\d+ SP\b")
ZULU_STRENGTH = re.compile(r"You (?:bring|move) \d+ SP")
"""How the Zulu player's private messages state the strength of a force."""


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url, SYSTEMS)) as bot:
        await sandbox.wait_ready()
        yield bot


def find(message: Message, key: str) -> tuple[str, str | None]:
    """The custom id of the button, or of the menu and option, that gives this order."""
    for row in message.components:
        for item in row.get("components", []):
            if item["type"] == 2 and item["custom_id"].endswith(f":{key}"):
                return item["custom_id"], None
            if item["type"] == 3 and any(o["value"] == key for o in item["options"]):
                return item["custom_id"], key
    raise AssertionError(f"order {key} is not offered on {message.text()}")


def latest_post(sandbox: DiscordSandbox) -> Message:
    """The newest channel post with buttons or menus: the one carrying the open orders."""
    return next(m for m in reversed(sandbox.messages()) if m.components)


async def give(
    sandbox: DiscordSandbox, user: SandboxUser, order: Order, *, typed: bool = False
) -> None:
    """Give one order as a player would: a button under the map or on the private panel
    (for orders naming a secret), the panel's step-by-step menu for the orders too many for
    buttons, or (``typed``) the subcommand for its kind with the value its autocomplete
    offers."""
    if order.button or not typed:
        where = latest_post(sandbox)
        if order.private or not order.button:
            opened = await sandbox.click(user, where, label=PANEL)
            where = opened.response
            assert where is not None and where.ephemeral
        if not order.button:
            await step_to(sandbox, user, where, order.key)
            return
        custom_id, value = find(where, order.key)
        if value is None:
            await sandbox.click(user, where, custom_id=custom_id)
        else:
            await sandbox.select(user, where, [value], custom_id=custom_id)
        return
    command = "zones escort" if order.key.startswith("escort.") else f"zones {COMMAND[order.kind]}"
    offered = await sandbox.autocomplete(user, command, {"order": order.key}, focused="order")
    assert order.key in [c["value"] for c in offered], (command, order.key, offered)
    done = await sandbox.slash(user, command, {"order": order.key})
    answer = done.response  # an order is answered privately, its post being the channel's
    said = "" if answer is None else answer.text()
    assert answer is None or not answer.ephemeral or POSTED in said or UPDATED in said, said


async def play_out(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    users: dict[str, SandboxUser],
    typed_every: int = 0,
) -> tuple[int, set[str], Counter[str]]:
    """Play the channel's game to its end by the policy's orders, from components alone or
    with every ``typed_every``-th order typed as its slash command; the steps taken, the
    kinds of order given and, with a Zulu player seated, the kinds that changed a Zulu
    strength, each of which must be followed by a DM to him labelled with the game."""
    place = Place(sandbox.guild_id, sandbox.default_channel)
    kinds: set[str] = set()
    changed: Counter[str] = Counter()
    zulu = users.get(ZULU)
    for step in range(STEP_LIMIT):
        game, _system = await laager.service.latest(place)
        if SYSTEM.result(game.state):
            return step, kinds, changed
        [side] = SYSTEM.to_act(game.state)
        action = policy.choose(game.state, side)
        order = next(o for o in SYSTEM.legal_orders(game.state, side) if o.action == action)
        kinds.add(order.kind)
        told = news(sandbox, zulu, game.id) if zulu else 0
        typed = bool(typed_every) and step % typed_every == 0
        await give(sandbox, users[side], order, typed=typed)
        await asyncio.sleep(0)
        after, _system = await laager.service.latest(place)
        if zulu and zulu_strengths(after.state) != zulu_strengths(game.state):
            changed[order.kind] += 1

            def told_him(game_id: int = game.id, before: int = told) -> bool:
                return news(sandbox, zulu, game_id) > before

            assert await sandbox.wait_for(told_him, 5), (order.key, sandbox.dms(zulu)[-1:])
    raise AssertionError("the game did not end")


def told_privately(sandbox: DiscordSandbox, user: SandboxUser) -> list[Message]:
    """Every message only ``user`` sees: his DMs, and the answers to his own orders."""
    return [m for m in sandbox.transcript if m.recipient is not None and m.recipient.id == user.id]


def news(sandbox: DiscordSandbox, zulu: SandboxUser, game_id: int) -> int:
    """How often the Zulu player is told privately that his strengths changed: by DM when
    the British changed them (a phase's news is added to its DM, so this counts lines, not
    messages), in the answer to his order when he did."""
    return sum(
        m.content.count("Zulu strengths changed")
        for m in told_privately(sandbox, zulu)
        if f"game {game_id}**" in m.content
    )


def channel_text(sandbox: DiscordSandbox) -> str:
    return "\n".join(m.text() for m in sandbox.messages() if m.recipient is None)


@pytest.mark.slow
async def test_solo_rorkes_drift_to_its_end(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "zones new", {"battle": "rorkes-drift", "mode": "solo"})
    post = started.response
    assert post is not None and not post.ephemeral
    assert [a.filename for a in post.attachments] == ["map.png"]
    game, _system = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    assert game.options["solitaire"], "solo mode plays the Zulus by rule 18.0"

    steps, kinds, _changed = await play_out(sandbox, laager, {BRITISH: alice})
    assert steps > 20 and {"end", "fire"} <= kinds
    last = newest_post(sandbox)
    assert "Game over" in last.text() and last.components == []
    assert [a.filename for a in last.attachments] == ["map.png"]
    assert not ZULU_STRENGTH.search(channel_text(sandbox))
    dms = "\n".join(m.content for m in sandbox.dms(alice))
    assert "Zulu stack in zone" not in dms and not ZULU_STRENGTH.search(dms)


@pytest.mark.slow
async def test_two_player_isandlwana_to_its_end(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    started = await sandbox.slash(
        alice, "zones new", {"battle": "isandlwana", "mode": "two-player", "side": BRITISH}
    )
    assert [a.filename for a in started.response.attachments] == ["map.png"]
    joined = await sandbox.slash(bob, "game join", {"side": ZULU})
    assert not joined.response.ephemeral, joined.response.content

    users = {BRITISH: alice, ZULU: bob}
    steps, kinds, changed = await play_out(sandbox, laager, users, typed_every=3)
    assert steps > 20 and {"enter", "move", "fire", "end"} <= kinds
    assert {"enter", "move", "fire"} <= set(changed), changed
    maps = [m for m in sandbox.messages() if any(a.filename == "map.png" for a in m.attachments)]
    assert len(maps) > 10, "a map after the phases"

    zulu = "\n".join(m.content for m in told_privately(sandbox, bob))
    assert ZULU_STRENGTH.search(zulu), "the Zulu player is told his strengths"
    british = "\n".join(m.content for m in told_privately(sandbox, alice))
    assert not ZULU_STRENGTH.search(british) and "Zulu SP held off board" not in british
    public = channel_text(sandbox)
    assert not ZULU_STRENGTH.search(public) and "Zulu SP held off board" not in public


async def test_a_bad_typed_order_is_refused_with_what_is_allowed(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """A value typed instead of picked names the orders that may be given instead, an
    order of another kind is not given by the wrong command, an amount is refused where an
    order takes none, and nothing is applied."""
    await sandbox.slash(
        alice, "zones new", {"battle": "isandlwana", "mode": "two-player", "side": BRITISH}
    )
    joined = await sandbox.slash(bob, "game join", {"side": ZULU})
    handed = joined.response.content  # the British pick their stacks first: /zones stack
    assert f"<@{alice.id}>" in handed and "`/zones stack`" in handed, handed
    place = Place(sandbox.guild_id, sandbox.default_channel)
    before, _ = await laager.service.latest(place)
    none = await sandbox.slash(alice, "zones fire", {"order": "fire.Z.99"})
    assert none.response.ephemeral and "no fire orders to give now" in none.response.content
    wrong = await sandbox.slash(alice, "zones stack", {"order": "top.19.nobody"})
    text = wrong.response.content
    assert wrong.response.ephemeral and "is not one of your stack orders now. You can" in text
    assert "`top.19.vause`" in text, "the refusal names orders that may be given"
    spoof = await sandbox.slash(alice, "zones stack", {"order": "end"})
    assert spoof.response.ephemeral and "You can choose" in spoof.response.content
    [first, *_] = await sandbox.autocomplete(alice, "zones stack", {"order": ""}, focused="order")
    amount = await sandbox.slash(alice, "zones melee", {"order": first["value"], "sp": 3})
    assert amount.response.ephemeral and "no melee attacks to give" in amount.response.content
    offered = await sandbox.autocomplete(bob, "zones stack", {"order": ""}, focused="order")
    assert offered == [], "the Zulu player is offered nothing while the British set up"
    after, _ = await laager.service.latest(place)
    assert after.version == before.version


async def test_solo_from_game_new_plays_the_zulus_by_rule_18(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """The solo mode implies the solitaire rule however the game is started; the first Zulu
    order is the solitaire one, and options given at the start still apply."""
    place = Place(sandbox.guild_id, sandbox.default_channel)
    await sandbox.slash(
        alice, "game new", {"system": "zones", "scenario": "rorkes-drift", "mode": "solo"}
    )
    game, _system = await laager.service.latest(place)
    assert game.state["options"]["solitaire"]
    assert game.options == {"solitaire": True, "rules": 3, "bot": 2, "level": "book"}
    await sandbox.slash(alice, "game abort")
    await sandbox.slash(alice, "zones new", {"battle": "isandlwana", "charts": True})
    game, _system = await laager.service.latest(place)
    assert not game.state["options"]["solitaire"] and game.state["options"]["charts"]


async def test_zones_commands_in_another_game_say_which_game_is_here(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "solo"})
    refused = await sandbox.slash(alice, "zones end")
    text = refused.response.content
    assert refused.response.ephemeral and "The game in this channel is Last Stand" in text
    assert await sandbox.autocomplete(alice, "zones move", {"order": ""}, focused="order") == []


def test_fewer_warriors_are_asked_for_only_where_an_order_has_a_strength() -> None:
    """``sp`` shows the warriors on the fewest counters that hold them (ten SP a counter, as
    the orders offered do), unless ``counters`` says otherwise; an order without a strength
    refuses an amount in words instead of passing it on."""
    enter = Order(
        "enter.Z", "Enter at Z", {"type": "enter", "path": ["Z"], "sp": 30, "counters": 6}
    )
    assert with_amounts(enter, 2, None) == {"type": "enter", "path": ["Z"], "sp": 2, "counters": 1}
    assert with_amounts(enter, 12, None)["counters"] == 2
    assert with_amounts(enter, 12, 3)["counters"] == 3
    top = Order("top.19.vause", "Put Vause on top in 19", {"type": "top"})
    with pytest.raises(BadInput, match="takes no strength or counters"):
        with_amounts(top, 3, None)
    melee = Order("melee.1.2", "Melee from 1 into 2", {"type": "melee", "sp": 5})
    with pytest.raises(BadInput, match="takes no counters"):
        with_amounts(melee, None, 2)


async def test_rule_12_7_the_zulu_player_is_told_his_advance_privately_not_by_dm(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game that starts where the Zulus may advance after a melee: the advance, given with
    `/zones advance`, is answered to the Zulu player alone, labelled with the game; no DM
    tells him of his own order."""
    position = play_until_advance()
    monkeypatch.setattr(setup, "new_state", lambda scenario, options=None: position)
    # the patch holds in this process only, so the engine's work stays here too
    monkeypatch.setattr(workers.POOL, "kind", "thread")
    await sandbox.slash(
        alice, "zones new", {"battle": "isandlwana", "mode": "two-player", "side": BRITISH}
    )
    await sandbox.slash(bob, "game join", {"side": ZULU})
    place = Place(sandbox.guild_id, sandbox.default_channel)
    game, _system = await laager.service.latest(place)
    [advance, *_] = [o for o in SYSTEM.legal_orders(game.state, ZULU) if o.kind == "advance"]
    dms, told = len(sandbox.dms(bob)), len(told_privately(sandbox, bob))
    await give(sandbox, bob, advance, typed=True)
    after, _system = await laager.service.latest(place)
    assert zulu_strengths(after.state) != zulu_strengths(game.state)
    assert await sandbox.wait_for(lambda: news(sandbox, bob, game.id) > 0, 5)
    [answer] = [
        m for m in told_privately(sandbox, bob)[told:] if "Zulu strengths changed" in m.content
    ]
    assert answer.ephemeral and f"game {game.id}**" in answer.content
    assert len(sandbox.dms(bob)) == dms, "no DM about his own order"
    assert not any("Zulu strengths" in m.content for m in told_privately(sandbox, alice))


async def test_the_player_not_on_move_opens_his_orders_and_is_told_to_wait(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """The press that failed most: **My orders** by the seated player whose move it is not,
    whose panel has no buttons to show (a new message takes no empty view)."""
    await sandbox.slash(
        alice, "zones new", {"battle": "rorkes-drift", "mode": "two-player", "side": "british"}
    )
    await sandbox.slash(bob, "game join", {"side": "zulu"})
    pressed = await sandbox.click(bob, label="My orders (private)")
    panel = pressed.messages[-1]
    assert panel.ephemeral and "Something went wrong" not in panel.content
    assert "Nothing to order now" in panel.content and panel.components == []


async def test_the_zulu_player_enters_with_fewer_warriors_from_the_panel_alone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """Rule 3.5: the Zulu player brings on as many warriors as he chooses, here from the
    panel's step-by-step menu: where to enter, then how many. Going back works, and a menu
    the game has left behind is brought up to date instead of giving an order."""
    await sandbox.slash(
        alice, "zones new", {"battle": "rorkes-drift", "mode": "two-player", "side": BRITISH}
    )
    await sandbox.slash(bob, "game join", {"side": ZULU})
    await sandbox.click(alice, latest_post(sandbox), label="End phase B")
    opened = await sandbox.click(bob, latest_post(sandbox), label=PANEL)
    panel = opened.response
    assert panel is not None and panel.ephemeral
    first = panel.components[-1]["components"][0]
    assert first["placeholder"] == "Enter at …", first
    assert all("choices)" in o["label"] for o in first["options"]), "grouped by entry zone"
    other = (await sandbox.click(bob, latest_post(sandbox), label=PANEL)).response
    assert other is not None, "a second panel, left behind by the order given from the first"

    used = await step_to(sandbox, bob, panel, "enter.17", amount=25)
    assert used == 3, "the zone, then how many, then the order"
    game, _system = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    assert game.state["zulu"]["zones"]["17"]["sp"] == 25
    assert game.state["zulu"]["zones"]["17"]["counters"] == 3, "ten SP a counter at the most"
    answers = "\n".join(m.content for m in told_privately(sandbox, bob) if m.ephemeral)
    assert "You bring 25 SP on at 17" in answers
    assert "You bring" not in "\n".join(m.content for m in sandbox.dms(bob)), "no DM of it"
    assert "25 SP" not in channel_text(sandbox), "the amount stays private"

    again = await sandbox.click(bob, latest_post(sandbox), label=PANEL)
    fresh = again.response
    assert fresh is not None
    assert "Show the warriors in 17 on … (" in step_labels(fresh), "now he can regroup too"
    await sandbox.select(bob, fresh, ["g:enter:0"], custom_id=step_menu(fresh))
    await sandbox.select(bob, fresh, ["g:enter.18:0"], custom_id=step_menu(fresh))
    assert "Enter at 18 and go on to" in step_labels(fresh)
    await sandbox.select(bob, fresh, [BACK], custom_id=step_menu(fresh))
    assert "Enter at 18 … (" in step_labels(fresh), "back among the entry zones"
    await sandbox.select(bob, fresh, [BACK], custom_id=step_menu(fresh))
    assert "Show the warriors in 17 on … (" in step_labels(fresh), "back at the start"

    await sandbox.select(bob, other, ["g:enter.19:0"], custom_id=step_menu(other))
    assert "moved on" in other.content, other.content
    after, _system = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    assert after.state["zulu"]["held"] == game.state["zulu"]["held"], "the old menu gave nothing"


@pytest.mark.slow
async def test_a_solo_rorkes_drift_from_the_revised_posts_by_strong_play(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, tmp_path: Path
) -> None:
    """A person plays the British of a solo Rorke's Drift against the 18.0 Zulus from the
    buttons, menus and panel alone, giving every order the strong British would, from the
    revised posts; the game ends, with a recap, and what the channel got is counted."""
    measured = await measure(
        sandbox, laager, SYSTEM.id, {BRITISH: alice, ZULU: alice}, "solo",
        options={"scenario": "rorkes-drift"}, level="strong",
    )  # fmt: skip
    print(f"\nsolo Rorke's Drift, strong British orders\n{measured.per_turn()}")
    game, _system = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    assert measured.over and game.state["options"]["rules"] == 3
    print(game.result["summary"] if game.result else "")
    recap = [m for m in sandbox.messages() if is_recap(m)]
    assert recap, "a finished game is recapped"
    for attachment in recap[-1].attachments:
        (tmp_path / attachment.filename).write_bytes(attachment.data)
        print("recap:", tmp_path / attachment.filename)
