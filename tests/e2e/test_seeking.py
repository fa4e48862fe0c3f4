"""Finding a game through Discord-in-a-box: `/game seek` posts a request, the next `/game new`
of that system with a side free pings those it answers, once, and `/game seats` lists the
server's games with a side free, leaving out a channel the asker cannot open."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser


def pinged(sandbox: DiscordSandbox, user: SandboxUser) -> list[str]:
    return [m.content for m in sandbox.messages() if user.id in m.pinged]


async def test_a_request_is_posted_then_answered_once_by_a_new_game_with_its_side_free(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    dave = sandbox.add_user("dave")
    asked = await sandbox.slash(alice, "game seek", {"system": "last-stand", "side": "Zulu"})
    assert not asked.ephemeral, "a request is posted for the channel to see"
    text = asked.response.content
    assert f"<@{alice.id}> is looking for a game of Last Stand" in text and "zulu" in text
    assert asked.response.pinged == [], "posting a request pings nobody"
    await sandbox.slash(carol, "game seek", {"system": "last-stand", "side": "british"})
    await sandbox.slash(dave, "game seek", {"system": "last-stand"})
    mine = await sandbox.slash(alice, "game seek")
    assert mine.ephemeral and "Last Stand at Isandlwana, zulu" in mine.response.content

    await sandbox.slash(
        bob, "game new", {"system": "last-stand", "mode": "two-player", "side": "british"}
    )
    assert await sandbox.wait_for(lambda: bool(pinged(sandbox, alice)))
    [ping] = pinged(sandbox, alice)
    assert "the zulu side is free" in ping.lower() and "/game join" in ping
    assert pinged(sandbox, dave) == [ping], "any side is answered by the same post"
    assert pinged(sandbox, carol) == [], "the british side is taken: carol waits on"
    assert pinged(sandbox, bob) == [] or all("your move" in p for p in pinged(sandbox, bob))

    answered = await sandbox.slash(alice, "game seek")
    assert "You are not looking for a game here" in answered.response.content
    still = await sandbox.slash(carol, "game seek")
    assert "british" in still.response.content

    second = sandbox.add_channel("second")
    await sandbox.slash(
        bob,
        "game new",
        {"system": "last-stand", "mode": "two-player", "side": "british"},
        channel=second,
    )
    await sandbox.wait_for(lambda: len(sandbox.public_in(second)) >= 1)
    assert len(pinged(sandbox, alice)) == 1, "an answered request pings no more"

    stopped = await sandbox.slash(carol, "game seek", {"stop": True})
    assert stopped.ephemeral and "no longer looking" in stopped.response.content


async def test_the_seats_list_games_with_a_side_free_that_the_asker_can_open(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    empty = await sandbox.slash(carol, "game seats")
    assert empty.ephemeral
    assert "No game here has a side free" in empty.response.text()

    open_ = sandbox.add_channel("open-table")
    hidden = sandbox.add_channel("officers-mess")
    full = sandbox.add_channel("full-table")
    for channel in (open_, hidden, full):
        await sandbox.slash(
            alice,
            "game new",
            {"system": "zones", "mode": "two-player", "side": "british", "deadline_hours": 24},
            channel=channel,
        )
    await sandbox.slash(bob, "game join", channel=full)
    await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "solo"})
    sandbox.hide_channel(hidden, carol)

    listed = (await sandbox.slash(carol, "game seats")).response.text()
    assert f"<#{open_}>" in listed and "Free: **zulu**; 24 h a turn" in listed
    assert f"<#{hidden}>" not in listed, "a channel carol cannot open is not shown"
    assert f"<#{full}>" not in listed and f"<#{sandbox.default_channel}>" not in listed
    for_bob = (await sandbox.slash(bob, "game seats")).response.text()
    assert f"<#{open_}>" in for_bob and f"<#{hidden}>" in for_bob


async def test_outside_a_server_finding_a_game_is_refused_in_words(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    dm = sandbox.dm_channel(alice)
    for command, options in (("game seats", {}), ("game seek", {"system": "zones"})):
        answer = await sandbox.slash(alice, command, options, channel=dm)
        assert answer.ephemeral and "within a server" in answer.response.content
    for system, said in (("ramparts", "played alone against the bot"), ("nope\x00", "no game")):
        refused = await sandbox.slash(alice, "game seek", {"system": system})
        assert refused.ephemeral and said in refused.response.content
    wrong_side = await sandbox.slash(alice, "game seek", {"system": "zones", "side": "x" * 32})
    assert wrong_side.ephemeral and "its sides: `british`, `zulu`" in wrong_side.response.content
