"""A recap's frames drawn for it (issue 26): the map alone, every frame cut alike to where
the game was played, nothing any phase showed left outside, and the key apart."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from games.core.engine import View, Viewer
from games.last_stand.system import SYSTEM as LAST_STAND
from renderers import hexmap_counters, last_stand, zones
from renderers.hexmap import layout
from renderers.last_stand import RECAP_SIZE, recap_reel
from renderers.zonemap_layout import layout as zone_layout
from tests.last_stand.scenes import scene
from tests.zones.pictures import sample

WEST = scene({"a": "0909", "pulleine": "0909"}, ["0910"], wagon="1008")
EAST = scene({"a": "2004", "f": "2105"}, ["2005"], wagon="1008")
"""Two phases far apart: the British in the west, then in the east."""


def views(*states: dict[str, Any]) -> list[View]:
    return [LAST_STAND.view(state, Viewer.public()) for state in states]


def units_outside(states: tuple[dict[str, Any], ...], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The counters some frame of the reel drew past its edges."""
    drawn: list[list[hexmap_counters.Part]] = []
    real = hexmap_counters.draw_counters

    def spy(image: Image.Image, *rest: Any) -> list[hexmap_counters.Part]:
        parts = real(image, *rest)
        drawn.append([p for p in parts if p.kind == "unit"])
        return parts

    monkeypatch.setattr(last_stand, "draw_counters", spy)
    reel = recap_reel(views(*states))
    width, height = reel.frames[0].size
    outside = []
    for number, parts in enumerate(drawn):
        for part in parts:
            left, top, right, bottom = part.box
            if left < 0 or top < 0 or right > width or bottom > height:
                outside.append(f"frame {number + 1}: {part.box}")
    return outside


def test_every_frame_is_cut_alike_around_every_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    reel = recap_reel(views(WEST, EAST))
    assert len({frame.size for frame in reel.frames}) == 1
    assert reel.frames[0].width < layout(RECAP_SIZE).width, "cut to where the game was"
    assert reel.key is not None and reel.key.width == reel.frames[0].width
    assert units_outside((WEST, EAST), monkeypatch) == []


def test_a_cut_around_the_first_phase_only_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    first = LAST_STAND.view(WEST, Viewer.public()).picture
    real = last_stand.action_area
    monkeypatch.setattr(last_stand, "action_area", lambda picture: real(first))
    assert units_outside((WEST, EAST), monkeypatch) != []


def test_a_zone_reel_shows_the_map_alone_with_its_key_apart() -> None:
    for battle in ("rorkes-drift", "isandlwana"):
        pictures = [sample(battle), sample(battle, night=True)]  # type: ignore[arg-type]
        reel = zones.recap_reel([View(Viewer.public(), "map", [], picture) for picture in pictures])
        grid = zone_layout(battle)  # type: ignore[arg-type]
        assert len({frame.size for frame in reel.frames}) == 1
        assert reel.frames[0].height <= grid.height, "no status strip, no key"
        assert reel.key is not None and reel.key.width == grid.width
