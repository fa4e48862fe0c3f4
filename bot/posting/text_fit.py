"""Fitting text into Discord's limits at line or word boundaries, never inside a word.

``fit`` shortens with a visible marker when the rest is available elsewhere; ``pieces``
splits a long text into parts that each fit, losing nothing.
"""

from __future__ import annotations

from games.core.text import ELLIPSIS, shorten

CONTENT = 2000
"""Discord's limit on a message's content."""
DESCRIPTION = 4096
"""Discord's limit on an embed's description."""
FIELD = 1024
"""Discord's limit on an embed field's value."""
EMBEDS_TOTAL = 6000
"""Discord's limit on the characters of all the embeds of one message."""


def fit(text: str, limit: int, marker: str = ELLIPSIS) -> str:
    """``text`` in ``limit`` characters: whole lines while at least half the room is used,
    else whole words, then ``marker``."""
    if len(text) <= limit:
        return text
    room = limit - len(marker)
    lines = text[: room + 1].split("\n")
    if len(lines) > 1:
        whole = "\n".join(lines[:-1]).rstrip()
        if len(whole) >= room // 2:
            return whole + marker
    return shorten(text, limit, marker)


def pieces(text: str, limit: int) -> list[str]:
    """``text`` split into parts of at most ``limit`` characters, at line breaks where it can
    and at spaces otherwise; joined back with line breaks they hold every word."""
    parts: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            space = line.rfind(" ", 1, limit + 1)
            head = line[:space] if space > 0 else line[:limit]
            line = line[len(head) :].removeprefix(" ")
            if current:
                parts.append(current)
                current = ""
            parts.append(head)
        joined = f"{current}\n{line}" if current else line
        if len(joined) <= limit:
            current = joined
        else:
            parts.append(current)
            current = line
    if current or not parts:
        parts.append(current)
    return parts


def fields_of(name: str, text: str) -> list[tuple[str, str]]:
    """``text`` as embed fields (name, value) of at most ``FIELD`` characters each, every word
    kept: the first under ``name``, the rest under "``name`` (continued)"."""
    name = shorten(name, 200)
    return [
        (name if index == 0 else f"{name} (continued)", part or "-")
        for index, part in enumerate(pieces(text, FIELD))
    ]
