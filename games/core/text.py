"""Fitting words into a fixed space without cutting one in half."""

from __future__ import annotations

ELLIPSIS = "…"


def shorten(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else as many whole words as fit and '…'.

    A single word longer than the limit is the only thing ever cut inside a word.
    """
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    cut = text[: room + 1].rstrip()
    if len(cut) > room:
        space = cut.rfind(" ", 0, room + 1)
        cut = cut[:space].rstrip() if space > 0 else cut[:room]
    return cut.rstrip(" ,;:-") + ELLIPSIS


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and the noun in the form that number takes: "1 counter", "2 counters"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
