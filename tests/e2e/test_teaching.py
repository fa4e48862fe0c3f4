"""``/game help`` teaches the game in the channel at the phase it is in, and ``/game rules``
gives a system's guide by topic; both answer the asker alone."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from tests.e2e.conftest import alice, bob, carol, laager, sandbox, sqlite_url

__all__ = ["alice", "bob", "carol", "laager", "sandbox", "sqlite_url"]


def said(answer: object) -> str:
    message = answer.response  # type: ignore[attr-defined]
    assert message is not None and message.ephemeral, "teaching answers the asker alone"
    return message.text()


async def test_help_names_the_phase_and_what_the_asker_may_order_now(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    await sandbox.slash(
        alice, "zones new", {"battle": "rorkes-drift", "mode": "two-player", "side": "british"}
    )
    await sandbox.slash(bob, "game join", {"side": "zulu"})
    british = said(await sandbox.slash(alice, "game help"))
    assert "how to play now" in british and "rules 4.1" in british.replace(
        "rules 4.1,", "rules 4.1"
    )
    assert "Your orders now" in british and "**place**" in british
    assert "My orders" in british, "how to give them"
    zulu = said(await sandbox.slash(bob, "game help"))
    assert "The game waits for: british" in zulu and "Your orders now" not in zulu
    watcher = said(await sandbox.slash(carol, "game help"))
    assert "no seat in this game" in watcher and "`/game join`" in watcher
    assert "`/game new`" in watcher, "the commands follow the game's help"


async def test_rules_by_topic_for_the_game_here_or_a_named_system(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    refused = said(await sandbox.slash(alice, "game rules"))
    assert "There is no game in this channel" in refused and "`zones`" in refused
    guide = said(await sandbox.slash(alice, "game rules", {"system": "last-stand", "topic": "map"}))
    assert "Last Stand at Isandlwana: map" in guide
    await sandbox.slash(alice, "game new", {"system": "ramparts", "mode": "solo"})
    here = said(await sandbox.slash(alice, "game rules", {"topic": "Winning "}))
    assert "Zulus on the Ramparts" in here and ": winning" in here
    unknown = said(await sandbox.slash(alice, "game rules", {"topic": "x" * 90}))
    assert "There is no topic" in unknown and ": sequence" in unknown
    offered = await sandbox.autocomplete(alice, "game rules", {"system": "zones"}, focused="topic")
    assert {"sequence", "winning", "combat", "units", "map"} <= {c["value"] for c in offered}


async def test_a_first_game_panel_says_what_the_phase_is_for_until_turned_off(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "ramparts", "mode": "solo"})
    panel = said(await sandbox.click(alice, sandbox.messages()[-1], label="My orders (private)"))
    assert "*Hint: Action Phase:" in panel and "`/game hints off`" in panel
    off = said(await sandbox.slash(alice, "game hints", {"choice": "off"}))
    assert "No more hints" in off
    again = said(await sandbox.click(alice, sandbox.messages()[-1], label="My orders (private)"))
    assert "Hint:" not in again
