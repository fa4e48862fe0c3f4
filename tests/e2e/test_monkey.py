"""A monkey at the table: seeded, bounded random walks through Discord-in-a-box in which the
players and a spectator press whatever they can see (buttons and menus on the newest posts
and on stale ones, private panels, DMs) and now and then type a random slash command, its
options filled from autocomplete or with hostile text (empty, NUL, NaN, huge numbers,
right-to-left marks, mentions), in every system and mode. Whatever is pressed or typed, the
bot answers in time and never apologises, Discord refuses nothing it sent, no secret reaches
anyone who may not know it (the leak audit, read after every step), and the stored game still
replays from its seed to the state it holds."""

from __future__ import annotations

import pytest

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.laager_offline import APOLOGISED
from bot.sandbox.models import SandboxTimeout
from tests.e2e.monkey import TABLES, Table, monkey
from tests.profiles import scaled


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.label)
async def test_a_monkey_never_meets_an_apology(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    table: Table,
) -> None:
    pressed = await monkey(sandbox, laager, [alice, bob, carol], table, 1, 25)
    print(f"{table.label}: {dict(sorted(pressed.items()))}")
    if table.mode != "bots":  # a game of bots alone is over before anyone can press
        assert pressed["buttons"] + pressed["menus"] > 0, pressed


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(scaled(2)))
@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.label)
async def test_a_long_monkey_never_meets_an_apology(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    table: Table,
    seed: int,
) -> None:
    await monkey(sandbox, laager, [alice, bob, carol], table, seed, 150)


async def test_the_monkey_catches_a_handler_that_raises(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("planted")

    monkeypatch.setattr(laager.service, "act", broken)
    with pytest.raises(AssertionError, match=APOLOGISED):
        await monkey(sandbox, laager, [alice, bob, carol], Table("duel", "two-player"), 1, 10)


async def test_the_monkey_catches_a_button_with_no_answer(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def silent(*args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(laager, "choose", silent)
    with pytest.raises(SandboxTimeout, match="did not respond"):
        await monkey(sandbox, laager, [alice, bob, carol], Table("duel", "two-player"), 1, 10)
    assert [v.source for v in sandbox.violations] == ["interaction"]
    sandbox.violations.clear()  # seen: the fixture's own check is for unplanted faults


async def test_the_monkey_catches_a_command_that_raises(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plant the fault in what typed commands read: the monkey, typing only, meets it as an
    apology, or as an autocomplete left unanswered ("Loading options failed")."""

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("planted")

    monkeypatch.setattr(laager.service, "current", broken)
    with pytest.raises((AssertionError, SandboxTimeout)) as caught:
        table = Table("duel", "two-player")
        await monkey(sandbox, laager, [alice, bob, carol], table, 1, 30, typed=1.0)
    assert APOLOGISED in str(caught.value) or "Loading options failed" in str(caught.value)
    sandbox.violations.clear()  # seen: the fixture's own check is for unplanted faults
