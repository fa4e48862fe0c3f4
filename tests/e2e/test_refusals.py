"""Bad input through Discord: each gets a clear ephemeral answer and nothing is stored."""

from __future__ import annotations

import pytest

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser


async def stored(laager: LaagerBot, channel: int) -> tuple:
    game = await laager.store.latest_game(channel)
    if game is None:
        return (None,)
    return game.version, game.status, await laager.store.event_count(game.id)


@pytest.mark.parametrize(
    ("command", "options", "words"),
    [
        ("game new", {"system": "chess"}, "no game system called `chess`"),
        ("game new", {"system": "duel", "scenario": "epic"}, "no scenario `epic`"),
        ("game new", {"system": "duel", "mode": "solo", "side": "blue"}, "bot plays"),
        ("game status", {}, "no game in this channel"),
        ("game join", {}, "no game in this channel"),
        ("game order", {"choice": "strike"}, "no game in this channel"),
        ("game verify", {}, "No game has been played"),
        ("roll", {"expression": "2d"}, "cannot read `2d` as dice"),
        ("roll", {"expression": "900d6"}, "fewer"),
    ],
)
async def test_bad_input_without_a_game(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    command: str,
    options: dict,
    words: str,
) -> None:
    answer = await sandbox.slash(alice, command, options)
    assert answer.ephemeral, answer.response
    assert words in answer.response.content
    assert await stored(laager, sandbox.default_channel) == (None,)


async def test_bad_input_with_a_game(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    before = await stored(laager, sandbox.default_channel)
    cases = [
        (bob, "game new", {"system": "duel"}, "already running"),
        (carol, "game join", {"side": "green"}, "Every side"),
        (carol, "game order", {"choice": "strike"}, "no seat"),
        (bob, "game order", {"choice": "strike"}, "not one of your choices"),
        (alice, "game order", {"choice": "fly"}, "You can choose: `strike`"),
        (carol, "game abort", {}, "Only the players seated"),
        (alice, "game join", {}, "already play"),
    ]
    for user, command, options, words in cases:
        answer = await sandbox.slash(user, command, options)
        assert answer.ephemeral, (command, answer.response)
        assert words in answer.response.content, (command, answer.response.content)
    assert await stored(laager, sandbox.default_channel) == before


async def test_a_finished_game_refuses_orders(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    await sandbox.slash(alice, "game abort")
    before = await stored(laager, sandbox.default_channel)
    answer = await sandbox.slash(alice, "game order", {"choice": "strike"})
    assert answer.ephemeral and "is aborted" in answer.response.content
    assert await stored(laager, sandbox.default_channel) == before


async def test_a_referee_may_abort_anothers_game(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    admin = sandbox.add_user("admin")
    sandbox.set_permissions(admin, manage_guild=True)
    role = sandbox.add_role("Umpire")
    sandbox.give_role(bob, role)
    set_role = await sandbox.slash(admin, "game settings", {"referee_role": role})
    assert set_role.ephemeral and f"<@&{role.id}>" in set_role.response.content
    refused = await sandbox.slash(bob, "game settings", {"reminder_hours": 2})
    assert refused.ephemeral and "Manage Server" in refused.response.content
    await sandbox.slash(alice, "game new", {"system": "duel"})
    aborted = await sandbox.slash(bob, "game abort")
    assert not aborted.ephemeral and "aborted the game" in aborted.response.text()


@pytest.mark.parametrize(
    "choice",
    ["ẞtrïke ⚔️" * 600, "tally; DROP TABLE games", "lg:1:abc:strike", "  "],
    ids=["huge-unicode", "injection", "a-custom-id", "blank"],
)
async def test_an_order_named_wrongly_is_refused_briefly(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, choice: str
) -> None:
    """A typed order that is no legal order gets a short answer naming the ones open."""
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    before = await stored(laager, sandbox.default_channel)
    answer = await sandbox.slash(alice, "game order", {"choice": choice})
    refusal = answer.response
    assert refusal.ephemeral and "not one of your choices" in refusal.content
    assert "`strike` (Strike)" in refusal.content and len(refusal.content) < 400
    assert await stored(laager, sandbox.default_channel) == before


async def test_a_close_up_of_an_unknown_location_is_refused_in_words(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """Issue 11: `/game map zoom:banana` or `zoom:9999` posted the whole map without a word."""
    await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    for zoom in ("banana", "9999", " "):
        refused = await sandbox.slash(alice, "game map", {"zoom": zoom})
        assert refused.ephemeral and not refused.response.attachments, zoom
        assert "not a location on the" in refused.response.content
        assert "0101 to 2514, such as" in refused.response.content
    shown = await sandbox.slash(alice, "game map", {"zoom": " 1206 "})
    assert not shown.ephemeral and shown.messages[-1].attachments


async def test_a_close_up_of_a_map_without_close_ups_is_refused(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    refused = await sandbox.slash(alice, "game map", {"zoom": "1206"})
    assert refused.ephemeral and "has no close-ups" in refused.response.content


@pytest.mark.parametrize(
    ("here", "command", "options", "ours"),
    [
        ("ramparts", "laststand move", {"unit": "1BB", "hex": "1706"}, "Last Stand"),
        ("ramparts", "laststand fire", {"unit": "1BB", "target": "1706"}, "Last Stand"),
        ("ramparts", "laststand move", {"unit": "\x00", "hex": "9999"}, "Last Stand"),
        ("ramparts", "laststand attack", {"zulu": "1706", "target": "1BB"}, "Last Stand"),
        ("ramparts", "laststand end", {}, "Last Stand"),
        ("ramparts", "zones move", {"order": "x"}, "(zones)"),
        ("last-stand", "ramparts hand", {}, "Zulus on the Ramparts!"),
        ("last-stand", "ramparts odds", {}, "Zulus on the Ramparts!"),
    ],
)
async def test_a_command_of_another_system_names_the_game_that_is_here(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    here: str,
    command: str,
    options: dict,
    ours: str,
) -> None:
    await sandbox.slash(alice, "game new", {"system": here, "mode": "solo"})
    before = await stored(laager, sandbox.default_channel)
    refused = await sandbox.slash(alice, command, options)
    title = laager.registry.get(here).title
    said = refused.response.content
    assert refused.ephemeral and said.startswith(f"The game in this channel is {title}; "), said
    assert f"`/{command.split()[0]}` gives orders only in " in said and ours in said
    assert await stored(laager, sandbox.default_channel) == before, "nothing was ordered"
