"""An order whose work outlasts Discord's three seconds is still answered, as on Discord.

The service is slowed past the limit (as a burst of orders on one game does); without the
"thinking" shown meanwhile, the sandbox records "The application did not respond".
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.play import errors, workers
from bot.posting.announce import POSTED
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxTimeout, SandboxUser
from bot.sandbox.interactions import ANSWER_WITHIN

SLOWER_THAN_DISCORD_ALLOWS = ANSWER_WITHIN + 0.3


async def test_a_slow_order_shows_thinking_then_posts_and_answers_its_giver(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """The order's post goes to the channel (with its outbox nonce); the "thinking" shown
    meanwhile is taken away, and the giver is answered privately."""
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    tallied = await slowly(sandbox, laager, alice, {"choice": "tally"})
    assert tallied.response is not None and tallied.ephemeral
    assert POSTED in tallied.response.content
    assert any("tallies" in m.text() for m in tallied.messages if m.embeds and not m.ephemeral)
    assert not any(m.loading for m in sandbox.transcript)


async def test_a_slow_refusal_still_reaches_the_player_alone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    refused = await slowly(sandbox, laager, alice, {"choice": "no-such-order"})
    assert refused.response is not None and refused.ephemeral
    assert not any(m.loading for m in sandbox.transcript)
    assert all(m.interaction is None or m.interaction.id != refused.id for m in sandbox.messages())


async def slowly(
    sandbox: DiscordSandbox, laager: LaagerBot, user: SandboxUser, options: dict[str, str]
) -> Any:
    """Give the order with the service slowed past Discord's limit."""
    act = laager.service.act

    async def slow_act(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOWER_THAN_DISCORD_ALLOWS)
        return await act(*args, **kwargs)

    laager.service.act = slow_act  # type: ignore[method-assign]
    try:
        return await sandbox.slash(user, "game order", options)
    finally:
        laager.service.act = act  # type: ignore[method-assign]


async def test_a_press_whose_picture_is_slow_is_answered_before_it_is_drawn(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A busy render pool (a burst of pictures in many channels) makes the picture late; the
    press is acknowledged first, so the player never sees "did not respond"."""
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    run = workers.POOL.run

    async def busy(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOWER_THAN_DISCORD_ALLOWS)
        return await run(*args, **kwargs)

    monkeypatch.setattr(workers.POOL, "run", busy)
    struck = await sandbox.click(alice, started.response, label="Strike")
    assert struck.messages[0].components == []
    assert "red strikes for" in struck.messages[-1].text()
    assert not any(m.loading for m in sandbox.transcript)


async def test_a_slow_order_within_a_phase_answers_its_giver_alone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """An order that stays in its phase edits the phase's post and answers privately; when
    it was slow, the "thinking" shown in the channel is taken away, not left behind."""
    await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    choices = await sandbox.autocomplete(alice, "game order", {}, focused="choice")
    placing = next(c["value"] for c in choices if c["value"].startswith("place."))
    placed = await slowly(sandbox, laager, alice, {"choice": placing})
    assert placed.response is not None and placed.ephemeral
    assert "is placed in" in placed.response.text()
    assert not any(m.loading for m in sandbox.transcript)
    assert all(m.interaction is None or m.interaction.id != placed.id for m in sandbox.messages())


STARVED = ANSWER_WITHIN + 0.5
"""How long the event loop is blocked: past Discord's three seconds, so even "thinking"
comes too late, as on a machine too busy to run the bot for a while."""


def stalled(then: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """``then``, after the whole process stalls past Discord's limit."""

    async def stall(*args: Any, **kwargs: Any) -> Any:
        time.sleep(STARVED)  # noqa: ASYNC251 - the planted stall: the whole loop waits
        return await then(*args, **kwargs)

    return stall


async def starved(
    sandbox: DiscordSandbox,
    user: SandboxUser,
    options: dict[str, str],
    owner: object,
    name: str,
    then: Callable[..., Awaitable[Any]] | None = None,
) -> None:
    """Give the order with ``owner``'s method ``name`` stalling the process before it does
    ``then`` (its own work by default): the player sees "The application did not respond",
    as on Discord."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(owner, name, stalled(then or getattr(owner, name)))
        with pytest.raises(SandboxTimeout, match="did not respond"):
            await sandbox.slash(user, "game order", options)
    assert [v for v in sandbox.violations if "no interaction response" not in v.error] == []
    sandbox.violations.clear()  # the planted starvation's own failure, seen above


async def test_an_order_whose_answer_came_too_late_is_posted_for_everyone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """Discord gave up on the order's answer, but the order was stored: its post reaches the
    channel within seconds (from the outbox, not after the half-minute a dead process's
    claim lasts), so its giver learns what became of it with everyone else."""
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await starved(sandbox, alice, {"choice": "tally"}, laager.service, "act")

    def posted() -> bool:
        return any("tallies" in m.text() for m in sandbox.messages() if not m.ephemeral)

    assert await sandbox.wait_for(posted, within=laager.settings.outbox_check_seconds + 5)
    assert not any("too busy" in m.text() for m in sandbox.dms(alice)), "the post told her"


async def test_a_refusal_whose_answer_came_too_late_is_told_by_dm(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await starved(sandbox, alice, {"choice": "no-such-order"}, laager.service, "act")

    def told() -> bool:
        return any("not carried out" in m.text() for m in sandbox.dms(alice))

    assert await sandbox.wait_for(told, within=5)
    [dm] = [m for m in sandbox.dms(alice) if "not carried out" in m.text()]
    assert "/game order" in dm.text() and "three seconds" in dm.text(), dm.text()


async def test_an_order_stalled_after_it_was_stored_is_posted_for_everyone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """The stall comes after the order was stored, before its answer: the order stands, and
    its post comes from the outbox within seconds."""
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await starved(sandbox, alice, {"choice": "strike"}, laager.service, "update_of")

    def posted() -> bool:
        return any("red strikes for" in m.text() for m in sandbox.messages() if not m.ephemeral)

    assert await sandbox.wait_for(posted, within=laager.settings.outbox_check_seconds + 5)


async def test_a_refusal_made_only_after_three_seconds_is_told_by_dm(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """The stalled work refuses before "thinking" was even tried: its refusal cannot be
    given in place any more, and goes by DM."""
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")

    async def refusal(*args: Any, **kwargs: Any) -> Any:
        raise errors.BadInput("That order is not one of your choices now.")

    await starved(sandbox, alice, {"choice": "strike"}, laager.service, "act", refusal)

    def told() -> bool:
        return any("not carried out" in m.text() for m in sandbox.dms(alice))

    assert await sandbox.wait_for(told, within=5)
