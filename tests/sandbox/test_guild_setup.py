"""Setting up the sandbox guild before (or while) the bot runs."""

from __future__ import annotations

import pytest

from bot.sandbox import DiscordSandbox, SandboxError
from bot.sandbox.permissions import BITS_BY_NAME


def test_permissions_are_granted_by_name() -> None:
    sandbox = DiscordSandbox()
    alice = sandbox.add_user("alice")
    manage_guild = BITS_BY_NAME["manage_guild"]
    assert not sandbox.state.member_permissions(alice) & manage_guild
    sandbox.set_permissions(alice, manage_guild=True)
    assert sandbox.state.member_permissions(alice) & manage_guild
    sandbox.set_permissions(alice, manage_guild=False)
    assert not sandbox.state.member_permissions(alice) & manage_guild
    umpire = sandbox.add_role("Umpire", manage_roles=True)
    sandbox.give_role(alice, umpire)
    assert sandbox.roles_of(alice) == [umpire]
    assert sandbox.state.member_permissions(alice) & BITS_BY_NAME["manage_roles"]
    with pytest.raises(SandboxError, match="no permission called 'fly'"):
        sandbox.set_permissions(alice, fly=True)


def test_lookups_fail_loudly() -> None:
    sandbox = DiscordSandbox()
    sandbox.add_user("alice")
    with pytest.raises(SandboxError, match="already exists"):
        sandbox.add_user("alice")
    with pytest.raises(SandboxError, match="no such user: 'zed'"):
        sandbox.user("zed")
    with pytest.raises(SandboxError, match="no such channel: '#nowhere'"):
        sandbox.messages("#nowhere")
    thread = sandbox.add_thread(sandbox.default_channel, "turn-1")
    assert sandbox.messages(thread) == sandbox.messages("turn-1") == []
