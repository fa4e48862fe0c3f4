"""The roster picture: one card per unit, phone-width, long names shortened to fit."""

import io

from PIL import Image

from games.referee.roster import UnitRow
from renderers.roster import CARD_HEIGHT, GAP, HEADER, WIDTH, render_roster


def _row(name: str, states: tuple[str, ...] = ()) -> UnitRow:
    return UnitRow(
        name=name,
        strength="43 figures",
        losses="-7 this turn (14%)",
        details="Tribal foot · iv-A-9 · officer +2 · close order",
        states=states,
        out=False,
    )


def test_one_card_per_unit_at_phone_width() -> None:
    rows = [_row("Zulus", ("routing", "disordered")), _row("x" * 200, ("pinned",))]
    image = Image.open(io.BytesIO(render_roster("Roster · turn 3", rows)))
    assert image.width == WIDTH
    assert image.height == HEADER + 2 * (CARD_HEIGHT + GAP) + 20


def test_an_empty_roster_still_renders() -> None:
    image = Image.open(io.BytesIO(render_roster("Roster · turn 1", [])))
    assert image.size == (WIDTH, HEADER + CARD_HEIGHT + GAP + 20)
