"""The zone map picture: a PNG for both battles, only what the picture holds, crowded and empty
zones kept inside their own walls, and the same bytes for the same picture."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.core.engine import View, Viewer
from games.zones.forces import load_forces
from renderers.theme import BRITISH, HIGHLIGHT, INK, ZULU
from renderers.zonemap_layout import SCALE, layout
from renderers.zonemap_panel import FIRE
from renderers.zonemap_pieces import (
    LEADER,
    LOSS,
    MOVE,
    REDUCED,
    WHITE,
    british_counter,
    british_stacks,
    marker_words,
    stack_sprite,
)
from renderers.zones import colours, draw, render
from tests.zones.pictures import sample

BATTLES = ("rorkes-drift", "isandlwana")


def png(picture: dict[str, Any]) -> Image.Image:
    data = render(View(Viewer.public(), "map", [], picture), {})
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(data)).convert("RGB")


def empty(battle: str) -> dict[str, Any]:
    picture = sample(battle)
    for zone in picture["zones"].values():
        zone.update(british=[], zulu={"counters": 0, "sp": None, "leaders": 0}, markers=[])
    picture["last"] = {"moves": [], "losses": {}}
    return picture


def changed(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox()


@pytest.mark.parametrize("battle", BATTLES)
def test_both_battles_give_a_phone_width_png_under_the_size_goal(battle: str) -> None:
    for zulu_view in (False, True):
        picture = sample(battle, zulu_view=zulu_view, night=zulu_view)
        data = render(View(Viewer.public(), "map", [], picture), {})
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.width == 800
        assert len(data) < 150_000


@pytest.mark.parametrize("battle", BATTLES)
def test_public_picture_holds_no_zulu_strength_and_none_is_drawn(battle: str) -> None:
    public = sample(battle)
    stacks = [z["zulu"] for z in public["zones"].values() if z["zulu"]["counters"]]
    assert stacks and all(s["sp"] is None for s in stacks)
    own = sample(battle, zulu_view=True)
    assert changed(png(public), png(own)) is not None, "the Zulu player's SP must be drawn"
    planted = copy.deepcopy(public)
    for stack in stacks:
        stack["true_sp"] = 99
    for zone in planted["zones"].values():
        zone["zulu"]["true_sp"] = 99
    assert changed(png(public), png(planted)) is None, "only the picture's sp may be drawn"


@pytest.mark.parametrize("battle", BATTLES)
def test_an_empty_zone_shows_bare_ground(battle: str) -> None:
    bare = png(empty(battle))
    picture = empty(battle)
    zone_id = "J" if battle == "rorkes-drift" else "18"
    picture["zones"][zone_id]["zulu"] = {"counters": 2, "sp": None, "leaders": 0}
    box = changed(bare, png(picture))
    left, top, right, bottom = layout(battle).main[zone_id]
    assert box is not None
    assert left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom
    del picture["zones"][zone_id]
    assert changed(bare, png(picture)) is None, "a zone missing from the picture is empty"


def test_a_crowded_zone_keeps_its_pieces_inside_its_walls() -> None:
    picture = empty("rorkes-drift")
    crowd = [
        {"id": u.id, "label": u.id.capitalize(), "sp": u.sp, "reduced": False,
         "leader": u.kind == "leader", "moved": False, "vp": u.kind == "vp", "top": True}
        for u in load_forces("rorkes-drift").british
    ]  # fmt: skip
    picture["zones"]["J"].update(
        british=crowd, zulu={"counters": 6, "sp": None, "leaders": 2}, markers=["no ammo"]
    )
    box = changed(png(empty("rorkes-drift")), png(picture))
    left, top, right, bottom = layout("rorkes-drift").main["J"]
    assert box is not None
    assert left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom


def test_each_unit_marked_top_opens_a_stack() -> None:
    units = [{"id": str(n), "top": n in (0, 2)} for n in range(4)]
    assert [[u["id"] for u in s] for s in british_stacks(units)] == [["0", "1"], ["2", "3"]]
    assert len(british_stacks([{"id": "a", "top": False}, {"id": "b", "top": False}])) == 1


@pytest.mark.parametrize("battle", BATTLES)
def test_the_same_picture_gives_the_same_bytes(battle: str) -> None:
    picture = sample(battle, zulu_view=True)
    first = render(View(Viewer.public(), "map", [], picture), {})
    render(
        View(
            Viewer.public(), "map", [], sample(BATTLES[0] if battle != BATTLES[0] else BATTLES[1])
        ),
        {},
    )
    assert render(View(Viewer.public(), "map", [], copy.deepcopy(picture)), {}) == first


def test_status_strip_follows_the_picture() -> None:
    picture = sample("rorkes-drift")
    grid = layout("rorkes-drift")
    before = draw(picture).convert("RGB")
    picture["hospital_fire"] = 5
    box = changed(before, draw(picture).convert("RGB"))
    assert box is not None and box[1] >= grid.height
    picture["result"] = "British victory"
    assert changed(before, draw(picture).convert("RGB")) is not None


@pytest.mark.parametrize("battle", BATTLES)
@pytest.mark.parametrize("night", [False, True])
def test_the_palette_holds_every_colour_a_piece_or_track_can_show(battle: str, night: bool) -> None:
    ink = colours(battle, night)
    entries = ink.palette.getpalette() or []
    for colour in (BRITISH, REDUCED, ZULU, LEADER, LOSS, MOVE, HIGHLIGHT, FIRE, INK, WHITE):
        nearest = entries[3 * ink.index(colour) : 3 * ink.index(colour) + 3]
        assert max(abs(a - b) for a, b in zip(nearest, colour, strict=True)) <= 12, colour


def test_moves_from_off_the_map_are_left_out() -> None:
    picture = empty("isandlwana")
    bare = png(picture)
    picture["last"]["moves"] = [["off", "27"], ["27", "nowhere"]]
    assert changed(bare, png(picture)) is None
    picture["last"]["moves"] = [["27", "21"]]
    assert changed(bare, png(picture)) is not None


def test_a_label_too_wide_for_its_zone_is_left_off_not_spilled() -> None:
    picture = empty("rorkes-drift")
    unit = {"id": "bromhead", "label": "Lieutenant Gonville Bromhead", "sp": 1,
            "reduced": False, "leader": True, "moved": False, "vp": False, "top": True}  # fmt: skip
    picture["zones"]["K"]["british"] = [unit]
    box = changed(png(empty("rorkes-drift")), png(picture))
    left, top, right, bottom = layout("rorkes-drift").main["K"]
    assert box is not None
    assert left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom


@pytest.mark.parametrize("battle", BATTLES)
def test_every_units_short_label_fits_every_zone_it_may_stand_in(battle: str) -> None:
    """Each unit's short label (our data) is drawn, not left off, in the narrowest zone
    open to the British, on a counter with every badge and mark; a full name is left off."""
    grid = layout(battle)
    room = min(
        right - left - 5 * SCALE
        for zone, (left, _top, right, _bottom) in grid.main.items()
        if grid.board.zone(zone).british
    )
    for unit in load_forces(battle).british:
        top = {"label": unit.short, "sp": 2, "reduced": True, "moved": True, "leader": True,
               "vp": True, "top": True}  # fmt: skip
        drawn = stack_sprite([top], room)
        assert drawn is british_counter(unit.short, 2, 1, True, True, True, 1), unit.id
    too_long = [{"label": "Lt-Col. Pulleine", "sp": 1, "reduced": False, "moved": False,
                 "leader": True, "vp": False, "top": True}]  # fmt: skip
    assert stack_sprite(too_long, room) is british_counter("", 1, 1, False, False, True, 0)


def test_markers_are_named_in_words_once_per_kind() -> None:
    """11.2.2 and 3.2: a plate says "No ammo" or "Bty moved", never a unit's id."""
    words = marker_words(["ammo-depleted:g1", "ammo-depleted:g2", "battery-moved:curling"])
    assert words == ["No ammo x2", "Bty moved"]
    assert marker_words(["ammo-depleted:h1"]) == ["No ammo"]
