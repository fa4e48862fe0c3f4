"""Guild settings: defaults until changed, partial updates afterwards."""

from datetime import timedelta

from bot.storage.repository import Store
from tests.storage.builders import GUILD_ID, T0


async def test_unconfigured_guild_gets_defaults(store: Store) -> None:
    settings = await store.guild_settings(GUILD_ID)

    assert settings.guild_id == GUILD_ID
    assert settings.referee_role_id is None
    assert settings.reminder_hours is None
    assert settings.updated_at is None


async def test_update_changes_only_the_given_settings(store: Store) -> None:
    created = await store.update_guild_settings(GUILD_ID, referee_role_id=42, now=T0)

    assert (created.referee_role_id, created.reminder_hours, created.updated_at) == (42, None, T0)

    later = T0 + timedelta(days=1)
    updated = await store.update_guild_settings(GUILD_ID, reminder_hours=6.5, now=later)

    assert (updated.referee_role_id, updated.reminder_hours, updated.updated_at) == (42, 6.5, later)
    assert await store.guild_settings(GUILD_ID) == updated


async def test_referee_role_can_be_cleared(store: Store) -> None:
    await store.update_guild_settings(GUILD_ID, referee_role_id=42)

    cleared = await store.update_guild_settings(GUILD_ID, referee_role_id=None)

    assert cleared.referee_role_id is None
    assert (await store.guild_settings(GUILD_ID)).referee_role_id is None
    assert (await store.guild_settings(GUILD_ID + 1)).updated_at is None
