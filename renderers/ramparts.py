"""Zulus on the Ramparts!'s pictures: the tracks of a view, or with ``hand`` in the options the
player's hand (None when the view holds no hand, as a public one does not)."""

from __future__ import annotations

from games.core.engine import JSON, View
from renderers.cards import render_hand
from renderers.tracks import render_tracks


def render(view: View, options: JSON) -> bytes | None:
    if options.get("hand"):
        return render_hand(view)
    return render_tracks(view)
