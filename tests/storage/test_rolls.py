"""The channel's /roll log."""

from datetime import timedelta

from bot.storage.repository import Store
from tests.storage.builders import CHANNEL_ID, GUILD_ID, T0


async def test_rolls_are_kept_per_channel_newest_first(store: Store) -> None:
    for n in range(4):
        await store.record_roll(
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            user_id=111,
            expression=f"{n + 1}d6",
            result_text=f"{n + 1}d6 (…) = {n}",
            total=n,
            now=T0 + timedelta(minutes=n),
        )
    await store.record_roll(
        guild_id=None, channel_id=5, user_id=222, expression="1d20", result_text="1d20 = 7", total=7
    )

    recent = await store.rolls(CHANNEL_ID, limit=3)

    assert [r.total for r in recent] == [3, 2, 1]
    newest = recent[0]
    assert (newest.guild_id, newest.channel_id, newest.user_id) == (GUILD_ID, CHANNEL_ID, 111)
    assert (newest.expression, newest.result_text) == ("4d6", "4d6 (…) = 3")
    assert newest.created_at == T0 + timedelta(minutes=3)
    [direct_message_roll] = await store.rolls(5)
    assert direct_message_roll.guild_id is None
    assert await store.rolls(6) == []
