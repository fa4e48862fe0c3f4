"""Last Stand at Isandlwana's picture: the hex map of a view (options may ask for a zoom)."""

from __future__ import annotations

from games.core.engine import JSON, View
from renderers.hexmap import render_map


def render(view: View, options: JSON) -> bytes | None:
    return render_map(view.picture, options or {})
