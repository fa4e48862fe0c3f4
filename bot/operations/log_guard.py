"""What keeps secrets out of the log: quiet body loggers, and redaction of known secrets.

At DEBUG, discord.py logs every REST request and reply body (DMs, private panels, the
revealed seed) and every gateway event; aiosqlite, which runs the migrations, logs each
statement with its parameters; SQLAlchemy logs the rows it reads (the seed column).
Those bodies are JSON or SQL, where a secret may be escaped past recognition, so these
loggers drop their DEBUG records; the engine also hides statement parameters
(``hide_parameters``) from its INFO lines and from error messages.

Everything else that reaches the bot's log handler passes :func:`redact`: the token, every
seed the process has loaded, each line of every DM body, each secret a system declares and
each webhook's signing secret are remembered as they appear (:data:`known`), and any of them
in a log line is replaced by ``[redacted]``, as is any field named like a secret. A careless
log call thus shows where a secret was, never the secret.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import MutableMapping
from typing import Any

BODY_LOGGERS = ("discord.http", "discord.gateway", "aiosqlite", "sqlalchemy.engine.Engine")
REDACTED = "[redacted]"
SECRET_FIELDS = frozenset({"token", "seed", "dm_body", "hidden", "private", "password", "secret"})
"""Structured fields whose value is a secret whatever it is."""


def drop_debug(record: logging.LogRecord) -> bool:
    """The filter on each body logger: only records above DEBUG pass."""
    return record.levelno > logging.DEBUG


def guard_logs() -> None:
    """Make the body-printing loggers drop DEBUG records (safe to call again)."""
    for name in BODY_LOGGERS:
        logging.getLogger(name).addFilter(drop_debug)


class KnownSecrets:
    """The secret strings this process has seen, the oldest forgotten past ``limit``.

    Strings shorter than ``SHORTEST`` are not kept: redacting "3" or "Yes" from every line
    would hide more than it protects, and no seed, token or DM line is that short. Secrets
    are indexed by their first ``SHORTEST`` characters, so a line is searched in one pass
    whatever the number of secrets.
    """

    SHORTEST = 6

    def __init__(self, limit: int = 20_000) -> None:
        self._limit = limit
        self._texts: OrderedDict[str, None] = OrderedDict()
        self._by_prefix: dict[str, set[str]] = {}

    def remember(self, *texts: str | None) -> None:
        """Keep each text, and each of its lines, as a secret."""
        for text in texts:
            for part in _parts(text, self.SHORTEST):
                self._texts[part] = None
                self._texts.move_to_end(part)
                self._by_prefix.setdefault(part[: self.SHORTEST], set()).add(part)
        while len(self._texts) > self._limit:
            old, _ = self._texts.popitem(last=False)
            same_start = self._by_prefix[old[: self.SHORTEST]]
            same_start.discard(old)
            if not same_start:
                del self._by_prefix[old[: self.SHORTEST]]

    def forget_all(self) -> None:
        self._texts.clear()
        self._by_prefix.clear()

    def scrub(self, text: str) -> str:
        """The text with every known secret in it replaced (the longest where two start at
        the same place)."""
        if not self._by_prefix:
            return text
        width, pieces, start, at = self.SHORTEST, [], 0, 0
        while at <= len(text) - width:
            candidates = self._by_prefix.get(text[at : at + width])
            found = max(
                (s for s in candidates or () if text.startswith(s, at)), key=len, default=None
            )
            if found is None:
                at += 1
                continue
            pieces += [text[start:at], REDACTED]
            at = start = at + len(found)
        return "".join([*pieces, text[start:]]) if pieces else text


def _parts(text: str | None, shortest: int) -> set[str]:
    if not text:
        return set()
    lines = [line.strip() for line in text.splitlines()]
    return {part for part in (text.strip(), *lines) if len(part) >= shortest}


known = KnownSecrets()
"""The process's secrets; the bot, storage and announcements feed it."""


def redact(_logger: Any, _method: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """A structlog processor, last before rendering: no known secret in any field, and no
    value at all in a field named like a secret."""
    for key, value in list(event.items()):
        if key.startswith("_"):
            continue
        if key in SECRET_FIELDS and value is not None:
            event[key] = REDACTED
        elif isinstance(value, str):
            event[key] = known.scrub(value)
        elif value is not None and not isinstance(value, int | float | bool):
            event[key] = known.scrub(str(value))
    return event
