"""Nothing the bot shows of a game is ever cut: over positions of random games of every
system, the post holds the whole position (in as many fields as it takes) and either the
whole report or its summary with the whole attached, the private panel holds all its words,
and every embed keeps within Discord's limits."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.posting import announce
from bot.posting.announce import THE_REST, game_embed, own_account, phase_report_of
from bot.posting.order_panel import PANEL_TEXT_LIMIT, panel_message
from bot.posting.pairing import Pairing
from bot.posting.reports import without_echo
from bot.posting.text_fit import CONTENT, DESCRIPTION, EMBEDS_TOTAL, FIELD
from bot.systems.installed import pairings
from games.core.engine import View, Viewer
from tests.sampled_positions import GAMES, sampled, update_of

SEEDS = 2


def embed_problems(embed: discord.Embed) -> list[str]:
    """Where ``embed`` breaks one of Discord's limits."""
    data = embed.to_dict()
    fields = data.get("fields", [])
    problems = [f"{len(fields)} fields"] if len(fields) > 25 else []
    if len(data.get("description", "")) > DESCRIPTION:
        problems.append(f"a description of {len(data['description'])}")
    problems += [
        f"field {f['name']!r} of {len(f['value'])}" for f in fields if len(f["value"]) > FIELD
    ]
    total = len(data.get("title", "")) + len(data.get("description", ""))
    total += sum(len(f["name"]) + len(f["value"]) for f in fields)
    total += len(data.get("footer", {}).get("text", ""))
    if total > EMBEDS_TOTAL:
        problems.append(f"{total} characters in all")
    return problems


def cut_lines(embed: discord.Embed, view: View, told: list[str], attached: str | None) -> list[str]:
    """The lines of the position and of the report that the post does not hold whole."""
    fields = "\n".join(f.value or "" for f in embed.fields)
    missing = [line for line in view.lines if line and line not in fields]
    report = attached if attached is not None else embed.description or ""
    missing += [line for line in without_echo(told, view.title) if line and line not in report]
    return missing


def post_problems(pairing: Pairing, state: dict, told: list[str]) -> list[str]:
    update = update_of(pairing, state)
    update.lines[:] = told
    view = pairing.system.view(state, Viewer.public())
    report = phase_report_of(update, view, told)
    embed = game_embed(update, view, report)
    return embed_problems(embed) + cut_lines(embed, view, told, report.full)


def panel_problems(pairing: Pairing, state: dict) -> list[str]:
    """Whether each seat's private panel holds all its words."""
    update = update_of(pairing, state)
    problems = []
    for seat in update.seats:
        asker = SimpleNamespace(
            user=SimpleNamespace(id=seat.user_id),
            client=SimpleNamespace(pairings={pairing.system.id: pairing}),
        )
        words = panel_message(asker, update)["content"]  # type: ignore[arg-type]
        if words.endswith("…") or len(words) > PANEL_TEXT_LIMIT:
            problems.append(f"{seat.side}'s panel: {words[-80:]!r}")
    return problems


@pytest.mark.parametrize("system_id", sorted(GAMES))
def test_nothing_shown_of_a_game_is_cut(system_id: str) -> None:
    pairing = pairings([])[system_id]
    checked = 0
    for scenario, mode in GAMES[system_id]:
        for seed in range(SEEDS):
            told: list[str] = []
            everything: list[str] = []
            for state in sampled(pairing, scenario, mode, seed, told):
                everything += told
                for lines in (told, everything):
                    assert post_problems(pairing, state, lines) == [], (scenario, seed)
                assert panel_problems(pairing, state) == [], (scenario, seed)
                checked += 1
    print(f"{system_id}: {checked} positions, nothing cut")
    assert checked >= 10


def test_a_position_cut_to_one_field_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant the old single field, cut at Discord's 1,024 characters: the check finds it."""
    pairing = pairings([])["zones"]
    monkeypatch.setattr(
        announce,
        "position_fields",
        lambda view: [(view.title, announce.clip("\n".join(view.lines), FIELD))],
    )
    long = next(
        state
        for state in sampled(pairing, "isandlwana", "two-player", 0)
        if len("\n".join(pairing.system.view(state, Viewer.public()).lines)) > FIELD
    )
    assert post_problems(pairing, long, []) != []


def test_a_long_account_of_ones_own_order_says_where_the_rest_is() -> None:
    lines = [f"Zulu {n} moves from 1{n:03} to 2{n:03}." for n in range(120)]
    said = own_account(lines)
    assert len(said) <= CONTENT - 200 and said.endswith(THE_REST)
    shown = said.removesuffix(THE_REST).strip().split("\n")
    assert shown == lines[: len(shown)]
    assert own_account(lines[:3]) == "\n".join(lines[:3]) and own_account([]) == "Done."
