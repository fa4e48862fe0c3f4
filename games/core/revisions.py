"""Revisions of a system's readings of its rules and of its strong bot, named in a game's
options so that a stored game plays on, and its log replays, as it began."""

from __future__ import annotations

from games.core.engine import JSON
from games.core.errors import RuleError


def known_revision(options: JSON, key: str, first: int, newest: int, what: str) -> int:
    """The revision ``options`` name under ``key`` (the newest when none), refused in words
    when this code does not know it: a whole number, not ``True`` or ``2.0``, which Python
    would count as 1 and 2."""
    revision = options.get(key, newest)
    if type(revision) is not int or revision not in range(first, newest + 1):
        raise RuleError(f"Unknown {what} revision {revision!r}: this bot knows 1 to {newest}.")
    return revision
