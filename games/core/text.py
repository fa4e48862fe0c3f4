"""Fitting words into a fixed space without cutting one in half."""

from __future__ import annotations

ELLIPSIS = "…"


def shorten(text: str, limit: int, marker: str = ELLIPSIS) -> str:
    """``text`` if it fits in ``limit`` characters, else as many whole words as fit and
    ``marker``. Spaces and line breaks alike end a word.

    A single word longer than the limit is the only thing ever cut inside a word.
    """
    if len(text) <= limit:
        return text
    room = limit - len(marker)
    if room <= 0:
        return marker[:limit]
    if text[room].isspace():
        cut = text[:room]
    else:
        head = text[:room]
        space = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
        cut = head[:space] if space > 0 else head
    return cut.rstrip().rstrip(" ,;:-") + marker


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and the noun in the form that number takes: "1 counter", "2 counters"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def faces_from(face: int, sides: int = 6) -> str:
    """The faces of a die that score when ``face`` or more is needed: "6", "5-6", "no face"."""
    if face > sides:
        return "no face"
    low = max(face, 1)
    return str(sides) if low == sides else f"{low}-{sides}"
