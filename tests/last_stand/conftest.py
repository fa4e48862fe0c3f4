"""Discord-in-a-box for this game's end-to-end tests: the end-to-end fixtures."""

from tests.e2e.conftest import alice, bob, carol, sandbox, sqlite_url

__all__ = ["alice", "bob", "carol", "sandbox", "sqlite_url"]
