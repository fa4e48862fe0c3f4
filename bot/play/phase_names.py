"""The phases of a game as the channel names them, read from a position's public view: what
a recap cuts a game into, and where ``/game fork`` may start a what-if game."""

from __future__ import annotations

from games.core.engine import View


def phase_of(view: View) -> str:
    """The phase a public view shows, in words: its turn and phase where the picture names
    them, else the view's title."""
    picture = view.picture if isinstance(view.picture, dict) else {}
    phase = picture.get("phase_title") or picture.get("phase") or picture.get("step")
    if "turn" not in picture or not phase:
        return view.title
    words = str(phase).replace("_", " ")
    return f"Turn {picture['turn']} · {words[:1].upper()}{words[1:]}"


def turn_of(view: View) -> int | None:
    picture = view.picture if isinstance(view.picture, dict) else {}
    turn = picture.get("turn")
    return turn if isinstance(turn, int) else None
