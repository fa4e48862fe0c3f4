"""The collector at start: paused while the bot loads, and left as it was found."""

from __future__ import annotations

import gc
from types import SimpleNamespace

import pytest

from bot.process.app import COGS, LaagerBot
from bot.process.collector import loading
from bot.systems import installed


def test_loading_pauses_the_collector_and_restores_it_even_on_an_error() -> None:
    assert gc.isenabled()
    with loading():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), loading():
        raise RuntimeError("a module that fails to load")
    assert gc.isenabled(), "a failed load left the collector off"


def test_loading_leaves_a_paused_collector_paused() -> None:
    gc.disable()
    try:
        with loading():
            pass
        assert not gc.isenabled(), "loading turned on a collector someone else had paused"
    finally:
        gc.enable()


async def test_the_cogs_load_with_the_collector_paused() -> None:
    """Every cog and the commands it builds, loaded without a collection walking them."""
    seen: dict[str, bool] = {}

    async def load_extension(name: str) -> None:
        seen[name] = gc.isenabled()

    bot = SimpleNamespace(pairings=installed.pairings(), load_extension=load_extension)
    await LaagerBot.load_cogs(bot)  # type: ignore[arg-type]
    assert set(seen) == {*COGS, *installed.cogs(bot.pairings)}
    assert not any(seen.values()), [cog for cog, on in seen.items() if on]
    assert gc.isenabled()
