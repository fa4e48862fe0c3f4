"""The referee tests reuse the end-to-end fixtures: the sandbox, its users, a SQLite file."""

from tests.e2e.conftest import alice, bob, bot_settings, sandbox, sqlite_url

__all__ = ["alice", "bob", "bot_settings", "sandbox", "sqlite_url"]
