"""The recap of a whole bot-against-bot game of every system with a map: one frame per phase,
under Discord's upload limit, a chart, a summary with the seed; and frames that show only what
the channel saw, with planted private frames caught."""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import discord
import pytest
from PIL import Image

import bot.posting.recap
from bot.posting.recap import SIZE_GOAL, UPLOAD_LIMIT, build, phases
from bot.posting.recap_post import message, phases_of
from games.core.engine import Viewer
from renderers.recap import frame_count
from tests.recap.games import bot_games, frame_findings

GAMES = [
    ("last-stand", "historical"),
    ("ramparts", "standard"),
    ("zones", "rorkes-drift"),
    ("zones", "isandlwana"),
]
"""Every built-in system with a bot-against-bot mode, the zone game in both battles."""


@pytest.mark.parametrize(("system_id", "scenario"), GAMES, ids=lambda x: x)
async def test_a_whole_game_recaps_phase_by_phase(
    tmp_path: Path, system_id: str, scenario: str
) -> None:
    async with bot_games(tmp_path) as play:
        played = await play(system_id, scenario)
    pairing = played.pairing
    recap = build(
        pairing.system, pairing.picture, played.measures, played.game, played.events, pairing.reel
    )
    cut = phases(played.pairing.system, played.game, played.events)
    assert len(cut) > 2
    assert [p.label for p in recap.phases] == [p.label for p in cut]
    assert all(a.label != b.label for a, b in pairwise(cut)), "one frame per phase"
    assert recap.animation is not None
    key_card = 1 if pairing.reel is not None else 0
    assert frame_count(recap.animation) == len(cut) + key_card
    with Image.open(io.BytesIO(recap.animation)) as animation:
        assert animation.width <= 800
    assert len(recap.animation) <= SIZE_GOAL < UPLOAD_LIMIT
    with Image.open(io.BytesIO(recap.chart)) as chart:
        assert chart.format == "PNG" and chart.width >= 400
    assert played.game.seed in recap.summary
    assert f"{len(cut)} phases" in recap.summary
    assert (played.game.result or {})["summary"][:40] in recap.summary
    assert frame_findings(played, recap) == []


async def test_a_frame_drawn_from_a_private_view_is_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The zone game hides Zulu strength: frames drawn from the Zulu player's view show it."""

    class Zulu:
        @staticmethod
        def public() -> Viewer:
            return Viewer.of_side("zulu")

    async with bot_games(tmp_path) as play:
        played = await play("zones", "rorkes-drift")
    monkeypatch.setattr(bot.posting.recap, "Viewer", Zulu)
    recap = build(
        played.pairing.system, played.pairing.picture, played.measures, played.game, played.events
    )
    findings = frame_findings(played, recap)
    assert any("not the channel" in f for f in findings), findings
    assert any("differs from the channel's view" in f for f in findings), findings


async def test_a_secret_in_a_frame_is_caught_by_the_leak_audit_check(tmp_path: Path) -> None:
    """A system whose public picture carries a secret's words (the leak audit's planted
    picture leak) is caught by the picture check, frame by frame."""
    leaky = ["tests.fixtures.duel_pairing:PAIRING", "tests.fixtures.leaky:PICTURE"]
    async with bot_games(tmp_path, leaky) as play:
        played = await play("leak-picture", "short")
    recap = build(played.pairing.system, None, played.measures, played.game, played.events)
    assert any("picture data" in f for f in frame_findings(played, recap))


async def test_an_oversized_animation_is_drawn_narrower(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with bot_games(tmp_path) as play:
        played = await play("last-stand")
    wide = build(
        played.pairing.system, played.pairing.picture, played.measures, played.game, played.events
    )
    assert wide.animation is not None
    monkeypatch.setattr(bot.posting.recap, "SIZE_GOAL", len(wide.animation) - 1)
    narrow = build(
        played.pairing.system, played.pairing.picture, played.measures, played.game, played.events
    )
    assert narrow.animation is not None and len(narrow.animation) < len(wide.animation)
    with (
        Image.open(io.BytesIO(wide.animation)) as first,
        Image.open(io.BytesIO(narrow.animation)) as second,
    ):
        assert second.width < first.width
    monkeypatch.setattr(bot.posting.recap, "SIZE_GOAL", 1)
    monkeypatch.setattr(bot.posting.recap, "UPLOAD_LIMIT", 1)
    none = build(
        played.pairing.system, played.pairing.picture, played.measures, played.game, played.events
    )
    assert none.animation is None, "an animation Discord would refuse is left out"
    sent = message(none, discord.Colour.default())
    assert none.page is None, "so is a page Discord would refuse"
    assert [f.filename for f in sent["files"]] == [none.chart_name()]


@pytest.mark.parametrize(
    ("count", "words"),
    [(1, "its only phase"), (2, "each of its 2 phases"), (12, "each of its 12 phases")],
)
def test_a_recap_counts_its_phases_in_good_english(count: int, words: str) -> None:
    assert phases_of(count) == words
