"""What a press costs the database through the whole bot: the order's one read and its one
commit (which also says which post is the game's now), then, once the post is up, one
statement: its outbox row marked done with the post, which the database notes on the game
with the position it shows. A command that changes nothing reads once and commits nothing."""

from __future__ import annotations

import asyncio

import pytest

import bot.posting.announce
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from tests.service.test_order_statements import counted

A_PRESS = ["select", "update", "insert", "insert", "commit"]
AFTER_ITS_POST = ["update", "commit"]
"""The row marked with the post (the trigger outbox_posted notes it on the game). Which post
is the game's came back with the order's own commit."""


async def test_a_press_commits_twice_and_help_never(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    with counted(laager.engine) as kinds:
        await sandbox.click(alice, label="Tally")
        await asyncio.sleep(0.2)
    assert kinds == A_PRESS + AFTER_ITS_POST, kinds
    assert await laager.outbox.depth() == 0
    game = await laager.store.active_game(sandbox.default_channel)
    assert game is not None
    newest = sandbox.messages()[-1]
    assert (await laager.store.post_of(game.id))[0] == newest.id, "the post is the game's"
    posted = await laager.store.posted(game.id)
    assert posted is not None and posted.version == game.version
    with counted(laager.engine) as kinds:
        await sandbox.slash(alice, "game help")
    assert kinds == ["select"], "help reads the game, its seats and all, once"


async def test_a_post_that_owes_more_is_marked_done_after_it(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted: an order whose update owes DMs marks its row on its own, after them, and not
    with the post: the row is still owed once the post is noted."""
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    owing: list[int] = []
    real = bot.posting.announce.remember_post

    async def noted(*args: object, settles: int | None = None) -> None:
        await real(*args, settles=settles)
        owing.append(await laager.outbox.depth())

    monkeypatch.setattr(bot.posting.announce, "remember_post", noted)
    monkeypatch.setattr(bot.posting.announce, "settles_with_post", lambda *_: None)
    with counted(laager.engine) as kinds:
        await sandbox.click(alice, label="Tally")
        await asyncio.sleep(0.2)
    assert owing == [1] and await laager.outbox.depth() == 0
    assert kinds.count("commit") == 3, kinds
