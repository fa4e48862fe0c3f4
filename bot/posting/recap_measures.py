"""What a recap counts, read from the public picture of a position only, so a chart can never
show a value the channel did not see. Each system's pairing names its own measures.

A system whose pairing names none is still recapped: its phases come from the turn and phase
its picture names (or its view's title), and any ``strength`` numbers its picture shows are
charted."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Numbers = dict[str, float]
Reading = Callable[[Any], Numbers]


@dataclass(frozen=True)
class Measures:
    """How to read a public picture: the sides' strength and the victory measure, by name."""

    strength: Reading
    victory: Reading


def _shown_strength(picture: Any) -> Numbers:
    """The ``strength`` numbers a picture shows, by side, if it shows any."""
    found = picture.get("strength") if isinstance(picture, dict) else None
    if not isinstance(found, dict):
        return {}
    return {str(k): v for k, v in found.items() if isinstance(v, int | float)}


def _nothing(picture: Any) -> Numbers:
    return {}


FALLBACK = Measures(_shown_strength, _nothing)
"""For a system whose pairing names no measures."""
