"""Every game system teaches itself (bot.posting.guide): a note for every phase a game can be
in, a sentence for every kind of order it can offer, the guide's topics within one embed, and
all of it in the project's own words rather than the rule books'."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.posting.guide import TOPIC_LIMIT, TOPICS, Guide
from bot.posting.pairing import Pairing
from bot.posting.teaching import help_embed
from bot.posting.text_fit import EMBEDS_TOTAL, FIELD
from bot.systems.installed import pairings
from games.core.dice import Dice
from tests.profiles import scaled
from tests.test_reachable_orders import sampled, update_of

RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"
BOOKS = {
    "last-stand": "last-stand-at-isandlwana.txt",
    "ramparts": "zulus-on-the-ramparts.txt",
    "zones": "isandlwana-and-rorkes-drift-zones.txt",
}
GAMES = {
    "last-stand": [("historical", {"rules": 2}), ("free-setup", {"rules": 2})],
    "ramparts": [("standard", {})],
    "zones": [("rorkes-drift", {}), ("isandlwana", {}), ("rorkes-drift", {"solitaire": True})],
}
RUN = 9
"""Words in a row that, found in a rule book too, count as copied."""


def guided() -> dict[str, Pairing]:
    return {sid: p for sid, p in pairings().items() if p.guide is not None}


def test_every_built_in_system_has_a_guide() -> None:
    assert set(guided()) == set(BOOKS)


@pytest.mark.parametrize("system_id", sorted(BOOKS))
def test_every_phase_and_order_of_random_games_is_explained(system_id: str) -> None:
    pairing = guided()[system_id]
    guide, system = pairing.guide, pairing.system
    assert guide is not None
    phases, kinds = set(), set()
    for number, (scenario, options) in enumerate(GAMES[system_id] * scaled(3)):
        rng = random.Random(number)
        state = system.new(scenario, dict(options), Dice("cd" * 16, 0, [str(number)])).state
        for step in range(400):
            phases.add(guide.phase_of(state))
            sides = system.to_act(state)
            if not sides or system.result(state):
                break
            side = rng.choice(sides)
            orders = system.legal_orders(state, side)
            kinds |= {o.kind for o in orders}
            dice = Dice("cd" * 16, step + 1, [str(number)])
            action = rng.choice(orders).action if orders else system.bot_action(state, side, dice)
            state = system.apply(state, side, action, dice).state
    assert phases <= set(guide.phases), phases - set(guide.phases)
    assert kinds <= set(guide.orders), kinds - set(guide.orders)
    assert len(phases) > 2 and len(kinds) > 2


@pytest.mark.parametrize("system_id", sorted(BOOKS))
def test_the_topics_fit_one_embed_and_name_their_rules(system_id: str) -> None:
    guide = guided()[system_id].guide
    assert guide is not None
    assert set(TOPICS) <= set(guide.topics)
    for topic, text in guide.topics.items():
        assert 200 < len(text) <= TOPIC_LIMIT, topic
    for note in guide.phases.values():
        assert note.title and note.purpose and re.search(r"\d", note.rules), note
    assert all(len(what) <= 400 and re.search(r"\d", what) for what in guide.orders.values())


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def copied(guide: Guide, book: str) -> list[str]:
    """Runs of RUN words that the guide shares with the rule book."""
    found = words(book)
    runs = {" ".join(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}
    texts = [
        *guide.topics.values(),
        *guide.orders.values(),
        *(f"{n.title} {n.purpose}" for n in guide.phases.values()),
    ]
    shared = []
    for text in texts:
        own = words(text)
        shared += [" ".join(own[i : i + RUN]) for i in range(len(own) - RUN + 1)]
    return [run for run in shared if run in runs]


@pytest.mark.parametrize("system_id", sorted(BOOKS))
def test_the_guides_are_in_our_own_words(system_id: str) -> None:
    if not RULES.exists():
        pytest.skip("the rule books are not beside this checkout")
    guide = guided()[system_id].guide
    assert guide is not None
    assert copied(guide, (RULES / BOOKS[system_id]).read_text()) == []


def test_a_sentence_copied_from_a_rule_book_is_caught() -> None:
    if not RULES.exists():
        pytest.skip("the rule books are not beside this checkout")
    book = (RULES / BOOKS["last-stand"]).read_text()
    guide = guided()["last-stand"].guide
    assert guide is not None
    lifted = " ".join(book.split()[400:440])
    planted = Guide(guide.phase_of, guide.phases, guide.orders, {"sequence": lifted})
    assert copied(planted, book)


@pytest.mark.parametrize("system_id", sorted(BOOKS))
def test_help_fits_discord_at_every_sampled_position(system_id: str) -> None:
    """``/game help`` at random positions, for each seated player and a spectator: within
    Discord's limits beside the commands' embed, and never a kind of order left unexplained."""
    pairing = guided()[system_id]
    assert pairing.guide is not None
    checked = 0
    for scenario, mode in GAMES_FOR_HELP[system_id]:
        for state in (s for seed in range(3) for s in sampled(pairing, scenario, mode, seed)):
            update = update_of(pairing, state)
            for user in [*(s.user_id for s in update.seats), 1]:
                embed = help_embed(update, pairing.guide, user or 1, pairing.command_for)
                assert len(embed) <= EMBEDS_TOTAL - 2000, len(embed)
                assert all(len(f.value or "") <= FIELD for f in embed.fields)
                if embed.fields[0].name == "Your orders now":
                    assert all(": " in line for line in (embed.fields[0].value or "").split("\n"))
                checked += 1
    assert checked > 10


GAMES_FOR_HELP = {
    "last-stand": [("historical", "two-player")],
    "ramparts": [("standard", "solo")],
    "zones": [("rorkes-drift", "two-player"), ("isandlwana", "solo")],
}
