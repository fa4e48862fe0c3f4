"""The posted Last Stand map: the area of the action, hex numbers clear of counters, Zulu
counts (issue 11, maps for phones)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PIL import Image

from games.core.dice import Dice, derived_seed
from games.core.engine import Viewer
from games.last_stand.state import UNITS
from games.last_stand.system import SYSTEM
from renderers import hexmap, hexmap_counters, last_stand
from renderers.hexmap import ACTION_SIZE, Box, layout, number_box
from renderers.hexmap_counters import SMALLEST, draw_counters
from renderers.last_stand import action_area, action_box, map_image
from renderers.theme import font
from tests.last_stand.scenes import scene


def bot_position(seed: int, turn: int) -> dict[str, Any]:
    """The picture of a bot game at the start of the given turn's Phase IV."""
    dice = Dice(derived_seed("map-test", seed))
    state = SYSTEM.new("historical", {}, dice).state
    while not (state["turn"] == turn and state["phase"] == "british_4") and not state["result"]:
        [side] = SYSTEM.to_act(state)
        state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
    return SYSTEM.view(state, Viewer.public()).picture


CROWDED = scene(
    {
        "a": "1706",
        "c": "1706",
        "e": "1706",
        "durnfurd": "1706",
        "pulleine": "1706",
        "young": "1706",
        "f": "1606",
        "g": "1707",
        "h": "1805",
    },
    ["1605", "1705", "1705", "1705", "1806", "1807", "1607"],
    wagon="1706",
    colours="shown",
)
"""A stack of three units and three leaders with the wagon and Colours, Zulus all round."""


def outside_crop(picture: dict[str, Any]) -> list[str]:
    """The hexes of British units not wholly inside the posted map's crop."""
    grid = layout(ACTION_SIZE)
    left, top, right, bottom = action_box(last_stand.action_area(picture), grid)
    s, h = grid.size, grid.size * 0.87
    missing = []
    for unit in picture["british"]:
        x, y = grid.at[unit["hex"]]
        if not (left <= x - s and x + s <= right and top <= y - h and y + h <= bottom):
            missing.append(unit["hex"])
    return missing


@pytest.mark.parametrize(("seed", "turn"), [(1, 2), (2, 3), (3, 4), (4, 5)])
def test_the_posted_map_holds_every_british_unit(seed: int, turn: int) -> None:
    picture = bot_position(seed, turn)
    assert picture["british"]
    assert outside_crop(picture) == []
    image = map_image(picture, {})
    box = action_box(action_area(picture), layout(ACTION_SIZE))
    assert image.width == box[2] - box[0]
    assert image.width < map_image(picture, {"whole": True}).width * 2


def test_with_no_british_left_the_whole_map_is_posted() -> None:
    picture = {**bot_position(3, 4), "british": [], "wagon": None}
    assert map_image(picture, {}).size == map_image(picture, {"whole": True}).size


def test_a_crop_that_leaves_out_a_unit_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = bot_position(3, 4)
    far = {**picture, "british": picture["british"] + [{**picture["british"][0], "hex": "0101"}]}
    real = last_stand.action_area
    monkeypatch.setattr(last_stand, "action_area", lambda p: real(picture))
    assert outside_crop(far) == ["0101"]


def overlaps(picture: dict[str, Any]) -> list[tuple[str, Box]]:
    """Hex numbers whose box meets a counter's box, at the posted map's scale."""
    grid = layout(ACTION_SIZE)
    blank = Image.new("RGB", (grid.width, grid.height))
    covered = [part.box for part in draw_counters(blank, picture, grid, None)]
    found = []
    for number in grid.at:
        nl, nt, nr, nb = number_box(grid, number)
        for cl, ct, cr, cb in covered:
            if nl < cr and cl < nr and nt < cb and ct < nb:
                found.append((number, (cl, ct, cr, cb)))
    return found


def test_hex_numbers_stay_clear_of_counters() -> None:
    crowded = SYSTEM.view(CROWDED, Viewer.public()).picture
    for picture in (crowded, bot_position(1, 2), bot_position(3, 4)):
        assert overlaps(picture) == []


def test_a_number_written_over_a_counter_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hexmap, "NUMBER_RISE", 0.1)
    crowded = SYSTEM.view(CROWDED, Viewer.public()).picture
    assert {number for number, _ in overlaps(crowded)} >= {"1706", "1705", "1606"}


def counter_counts(picture: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The count each Zulu marker of the posted map is drawn with."""
    drawn: list[int] = []
    real = hexmap_counters.zulu_counter

    def spy(size: int, count: int) -> Image.Image:
        drawn.append(count)
        return real(size, count)

    monkeypatch.setattr(hexmap_counters, "zulu_counter", spy)
    map_image(picture, {})
    return dict(zip(picture["zulus"], drawn, strict=True))


def test_zulu_markers_show_how_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """Everything on the map is open to both sides (6.5), so the count is no secret; a
    lone Zulu's shield carries no number, a stack's carries its count."""
    assert SYSTEM.secrets(CROWDED) == []
    counts = counter_counts(SYSTEM.view(CROWDED, Viewer.public()).picture, monkeypatch)
    assert counts["1705"] == 3
    assert counts["1605"] == 1
    lone, stack = hexmap_counters.zulu_counter(50, 1), hexmap_counters.zulu_counter(50, 3)
    assert stack.width > lone.width, "the count's badge"


FLAGGED = scene(
    {
        "a": "1706",
        "c": "1706",
        "durnfurd": "1706",
        "pulleine": "1706",
        "young": "1706",
        "wardell": "1706",
    },
    wagon="1706",
    colours="shown",
)
"""Two companies, all four leaders, the wagon and the Colours in one hex."""


def stack_parts(picture: dict[str, Any], number: str) -> dict[str, list[Box]]:
    """The boxes drawn in one hex at the posted map's scale, by what they are."""
    grid = layout(ACTION_SIZE)
    blank = Image.new("RGB", (grid.width, grid.height))
    parts: dict[str, list[Box]] = {"unit": [], "flag": [], "leader": [], "wagon": []}
    for part in draw_counters(blank, picture, grid, {number}):
        parts[part.kind].append(part.box)
    return parts


def gap(a: Box, b: Box) -> float:
    """The clear space between two boxes (negative when they overlap)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


def test_every_leader_is_drawn_and_the_colours_stand_clear() -> None:
    """Issue 11: only three leaders were drawn, and the flag touched a unit box."""
    picture = SYSTEM.view(FLAGGED, Viewer.public()).picture
    parts = stack_parts(picture, "1706")
    assert len(parts["unit"]) == 2 and len(parts["wagon"]) == 1
    assert len(parts["leader"]) == 4, "a disc for every leader in the hex"
    lefts = sorted(box[0] for box in parts["leader"])
    ring = parts["leader"][0][2] - parts["leader"][0][0]
    assert all(b - a >= ring / 2 for a, b in itertools.pairwise(lefts))
    k = layout(ACTION_SIZE).size / 25
    [flag] = parts["flag"]
    assert min(gap(flag, box) for box in parts["unit"]) >= 2 * k
    assert all(gap(r, w) > 0 for r in parts["leader"] for w in parts["wagon"])


def test_a_missing_leader_or_a_crowded_flag_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = SYSTEM.view(FLAGGED, Viewer.public()).picture
    real = hexmap_counters._row
    monkeypatch.setattr(
        hexmap_counters, "_row", lambda image, leaders, *args: real(image, leaders[:3], *args)
    )
    assert len(stack_parts(picture, "1706")["leader"]) == 3
    monkeypatch.setattr(hexmap_counters, "BESIDE_FLAG", 0.0)
    parts = stack_parts(picture, "1706")
    k = layout(ACTION_SIZE).size / 25
    assert min(gap(parts["flag"][0], box) for box in parts["unit"]) < 2 * k


LONE = scene(
    {"a": ("1706", 3), "wardell": "1706", "pulleine": "1606", "durnfurd": "1508", "young": "1508"},
    ["1605", "1607"],
)
"""Wardell with A Co.; Pulleine alone; Durnford and Young together with no company."""


def test_a_leader_without_a_company_is_drawn_as_large_as_a_counter() -> None:
    """Alone, a leader can be neither attacked nor entered (5.5, 7.6) and often wins the
    game (4.2), so on a phone he must show: a disc twice as wide as a leader's under a
    company, in the middle of his hex, clear of its number."""
    picture = SYSTEM.view(LONE, Viewer.public()).picture
    [beside] = stack_parts(picture, "1706")["leader"]
    [alone] = stack_parts(picture, "1606")["leader"]
    assert alone[2] - alone[0] >= 2 * (beside[2] - beside[0])
    x, y = layout(ACTION_SIZE).at["1606"]
    assert abs((alone[0] + alone[2]) / 2 - x) <= 1 and abs((alone[1] + alone[3]) / 2 - y) <= 1
    pair = stack_parts(picture, "1508")["leader"]
    assert len(pair) == 2 and gap(*pair) > 0
    assert overlaps(picture) == []


def test_a_lone_leader_drawn_small_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hexmap_counters, "ALONE", hexmap_counters.DISC)
    picture = SYSTEM.view(LONE, Viewer.public()).picture
    [beside] = stack_parts(picture, "1706")["leader"]
    [alone] = stack_parts(picture, "1606")["leader"]
    assert alone[2] - alone[0] < 2 * (beside[2] - beside[0])


def drawn_counters(picture: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """The name, arm and strength each British counter on the posted map is drawn with."""
    drawn: list[tuple] = []
    real = hexmap_counters.unit_counter

    def spy(label: str, arm: str, strength: int, *rest: Any) -> Image.Image:
        drawn.append((label, arm, strength))
        return real(label, arm, strength, *rest)

    monkeypatch.setattr(hexmap_counters, "unit_counter", spy)
    map_image(picture, {})
    return sorted(drawn)


@pytest.mark.parametrize(("seed", "turn"), [(1, 2), (3, 4)])
def test_every_counter_says_what_it_is(
    seed: int, turn: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: British units were red squares with a strength and nothing else."""
    picture = bot_position(seed, turn)
    units = [u for u in picture["british"] if not u["leader"]]
    assert drawn_counters(picture, monkeypatch) == sorted(
        (UNITS[u["id"]]["counter"], UNITS[u["id"]]["arm"], u["strength"]) for u in units
    )


def test_a_counter_drawn_without_its_name_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = bot_position(1, 2)
    picture["british"] = [
        {**u, "label": u["label"] if u["leader"] else "?"} for u in picture["british"]
    ]
    units = [u for u in picture["british"] if not u["leader"]]
    expected = sorted((UNITS[u["id"]]["counter"], u["arm"], u["strength"]) for u in units)
    assert drawn_counters(picture, monkeypatch) != expected


@pytest.mark.parametrize("stack", [1, 2, 3, 4])
def test_every_name_fits_its_counter(stack: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every unit's name, or its short form, fits inside its counter in a stack of each
    size up to four, in type no smaller than the smallest."""
    fits: list[tuple[str, str, int, int]] = []
    real = hexmap_counters.fitted

    def spy(label: str, width: int, largest: int) -> tuple[str, int]:
        text, size = real(label, width, largest)
        fits.append((label, text, size, width))
        return text, size

    monkeypatch.setattr(hexmap_counters, "fitted", spy)
    monkeypatch.setattr(hexmap_counters, "unit_counter", hexmap_counters.unit_counter.__wrapped__)
    combat = [u for u, d in UNITS.items() if not d["leader"]]
    base = bot_position(1, 2)
    for first in range(0, len(combat), stack):
        ids = (combat[first:] + combat)[:stack]
        units = [{**base["british"][0], "id": u, "hex": "1706", "leader": False} for u in ids]
        for unit in units:
            unit.update(label=UNITS[unit["id"]]["counter"], arm=UNITS[unit["id"]]["arm"])
        map_image({**base, "british": units}, {})
    assert len(fits) >= len(combat)
    for label, text, size, width in fits:
        assert size >= SMALLEST
        assert text in {label, label.removesuffix(" Co"), label.replace(" ", "")}
        assert font(size).getlength(text) <= width, (label, stack)
