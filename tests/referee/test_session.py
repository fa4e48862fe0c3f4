"""A referee session through Discord-in-a-box: roster, a charge with reaction, fire, pinning,
morale and melee, an event card, a restart, and everything still there."""

from __future__ import annotations

import io

from PIL import Image

from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from tests.e2e.conftest import bot_settings
from tests.referee.test_commands_answer_everything import COMMANDS

ZULUS = {
    "name": "uKhandempemvu",
    "figures": 50,
    "troop_type": "tribal_foot",
    "fire_class": "iv",
    "reaction_class": "A",
    "morale": 9,
    "officer": 2,
    "formation": "close",
    "melee_weapon": "sword_or_spear",
}
BRITISH = {
    "name": "A Company",
    "figures": 25,
    "troop_type": "regular_foot",
    "fire_class": "0",
    "reaction_class": "A",
    "morale": 8,
    "officer": 1,
    "weapon": "blr",
    "melee_weapon": "bayonet",
}


def png_of(message: Message) -> Image.Image:
    [attachment] = [a for a in message.attachments if a.filename.endswith(".png")]
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    return image


async def stored(bot: LaagerBot, channel: int) -> tuple:
    roster = await bot.referee.roster(channel)
    deck = await bot.referee.deck(channel)
    return (roster and roster.version, roster and roster.state, deck and deck.state)


async def test_referee_session_survives_a_restart(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    sandbox.set_permissions(alice, manage_channels=True)
    channel = sandbox.default_channel
    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()

        refused = await sandbox.slash(bob, "roster add", ZULUS)
        assert refused.ephemeral and "Only the referee" in refused.response.content
        assert await bot.referee.roster(channel) is None

        await sandbox.slash(alice, "roster add", ZULUS)
        added = await sandbox.slash(alice, "roster add", BRITISH)
        assert "Added A Company" in added.response.text()
        before = await stored(bot, channel)
        for options, words in [
            ({**BRITISH, "name": "a company"}, "already a unit called"),
            ({**ZULUS, "name": "Mounted", "melee_weapon": "lance"}, "melee weapon for this"),
        ]:
            bad = await sandbox.slash(alice, "roster add", options)
            assert bad.ephemeral and words in bad.response.content
        assert await stored(bot, channel) == before
        names = await sandbox.autocomplete(
            alice, "roster fire", {"shooter": "a c"}, focused="shooter"
        )
        assert names == [{"name": "A Company (25 figures)", "value": "A Company"}]

        # The Zulus charge: the British react on Table 1 column 2 (rule 8 example: 2 + 1 = 3).
        react = await sandbox.slash(
            alice, "roster react", {"unit": "A Company", "column": "2", "d10": 2}
        )
        assert "fires at medium range" in react.response.text()

        # Rule 11 example: factor 5, 25 points, 2 figures and a D10 of 4 under the 5 left over.
        fire = await sandbox.slash(
            alice,
            "roster fire",
            {
                "shooter": "A Company",
                "target": "uKhandempemvu",
                "range_band": "medium",
                "factors": "target_charging_or_fast",
                "fraction_d10": 4,
            },
        )
        text = fire.response.text()
        assert not fire.ephemeral
        assert "+1 officer directing" in text and "-1 target charging" in text
        assert "3 figures removed" in text and "6% of its strength" in text
        assert "Pinning test" in text and "Morale test" in text
        assert "`/roster pinning unit:uKhandempemvu`" in text  # the bot names the command

        pinning = await sandbox.slash(alice, "roster pinning", {"unit": "uKhandempemvu", "d10": 4})
        assert "4 x 2 = 8 > 6%" in pinning.response.text()
        assert "not pinned" in pinning.response.text()

        zulu_morale = await sandbox.slash(
            alice, "roster morale", {"unit": "uKhandempemvu", "plus_die": 5, "minus_die": 2}
        )
        morale_text = zulu_morale.response.text()
        assert "-1 under fire" in morale_text and "+2 officer" in morale_text
        assert "-1 casualties 6% this turn" in morale_text and "impetuous" in morale_text
        british_morale = await sandbox.slash(
            alice,
            "roster morale",
            {"unit": "A Company", "factors": "cavalry_charging,fr", "plus_die": 3, "minus_die": 3},
        )
        assert british_morale.ephemeral and "Unknown morale factor fr" in (
            british_morale.response.content
        )
        await sandbox.slash(
            alice, "roster morale", {"unit": "A Company", "plus_die": 3, "minus_die": 3}
        )

        melee = await sandbox.slash(
            alice,
            "roster melee",
            {
                "attacker": "uKhandempemvu",
                "defender": "A Company",
                "attacker_d10": 5,
                "defender_d10": 5,
            },
        )
        melee_text = melee.response.text()
        assert "morale score" in melee_text and "Table" in melee_text and "loses" in melee_text

        await sandbox.slash(alice, "events new", {"conflict": "zulu_war", "blanks": 2})
        denied = await sandbox.slash(bob, "events draw")
        assert denied.ephemeral and "Only the referee" in denied.response.content
        drawn = await sandbox.slash(alice, "events draw")
        assert not drawn.ephemeral and "cards left" in drawn.response.text()

        shown = await sandbox.slash(bob, "roster show")
        assert png_of(shown.response).width == 720
        before_restart = await stored(bot, channel)
        seen = shown.response.text()

    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        assert await stored(bot, channel) == before_restart
        again = await sandbox.slash(bob, "roster show")
        assert again.response.text() == seen
        status = await sandbox.slash(bob, "events status")
        assert "1 discarded" in status.response.content
        discards = await sandbox.slash(bob, "events discards")
        assert drawn.response.embeds[0]["title"] in discards.response.text()
        await sandbox.slash(alice, "roster next-turn")
        turn_two = await sandbox.slash(bob, "roster show")
        assert "turn 2" in turn_two.response.text()


async def test_house_rules_are_validated_and_reported(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    """Rule 22: a server's override changes the answer, which says it used it."""
    sandbox.set_permissions(alice, manage_channels=True)
    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        key = "sotq_firing.weapons.blr.ranges.medium"
        for user, options, words in [
            (bob, {"key": key, "value": "12"}, "Only the referee"),
            (alice, {"key": "sotq_firing.weapons.musket", "value": "1"}, "no entry 'musket'"),
            (alice, {"key": "nonsense", "value": "1"}, "there is no table 'nonsense'"),
            (alice, {"key": "sotq_morale.results.0.high", "value": "2"}, "do not fit the table"),
        ]:
            refused = await sandbox.slash(user, "house-rules set", options)
            assert refused.ephemeral and words in refused.response.content
        assert await bot.referee.house_rules(sandbox.guild_id) == []

        offers = await sandbox.autocomplete(
            alice, "house-rules set", {"key": "sotq_firing.weapons.blr.ranges."}, focused="key"
        )
        assert {"name": f"{key} = 10.0", "value": key} in offers
        await sandbox.slash(alice, "house-rules set", {"key": key, "value": "12"})
        fired = await sandbox.slash(
            bob, "sotq-fire shoot", {"weapon": "blr", "figures": 20, "range_inches": 11}
        )
        text = fired.response.text()
        assert "medium range" in text and "House rules used" in text and key in text
        plain = await sandbox.slash(
            bob, "sotq-fire shoot", {"weapon": "mlr", "figures": 20, "range_inches": 11}
        )
        assert "House rules used" not in plain.response.text()
        officer = await sandbox.slash(bob, "sotq-morale officer")
        assert "rolled by the bot" in officer.response.text()
        [logged] = await bot.store.rolls(sandbox.default_channel, limit=1)
        assert (
            logged.expression == "/sotq-morale officer" and "officer modifier" in logged.result_text
        )


async def test_bad_table_input_gets_a_specific_private_refusal(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    sandbox.set_permissions(alice, manage_channels=True)
    cases = [
        ("sotq-fire shoot", {"weapon": "blr", "figures": 10}, "Give the range: in inches"),
        (
            "sotq-fire shoot",
            {"weapon": "blr", "figures": 10, "range_inches": 5, "range_band": "short"},
            "Give either the range in inches or the range band, not both.",
        ),
        (
            "sotq-morale test",
            {"morale_number": 7, "factors": "under_fire,bravery"},
            "Unknown morale factor bravery; choose from friend_routing",
        ),
        (
            "sotq-fire shoot",
            {"weapon": "spear", "figures": 5, "range_band": "short"},
            "no short range",
        ),
        (
            "sotq-army list",
            {"list": "zulu_war", "option": "12"},
            "no option '12'; choose from 1, 2",
        ),
        (
            "sotq-fire shoot",
            {"weapon": "musket", "figures": 10, "range_inches": 5},
            "Unknown weapon 'musket'. Choose one of: `blr` Breech-loading rifle (BLR, BLRR); `blc`",
        ),
        ("roster add", {**ZULUS, "troop_type": "dragoons"}, "Unknown troop type 'dragoons'"),
        ("roster add", {**BRITISH, "weapon": "musket"}, "`machine_gun` Machine gun"),
        ("events new", {"conflict": "Crimea"}, "Unknown conflict 'Crimea'. Choose one of:"),
        ("qref melee", {"case": "brawl", "figures": 5}, "`zulus_v_open_infantry` Zulus"),
        ("qref move", {"troop_type": "zulus", "dice": "3,4"}, "Zulus rolls 3d6, not 2 dice"),
        ("qref riflemen", {"dice": "three"}, "numbers separated by commas"),
        ("events draw", {}, "no event deck in this channel"),
        ("roster pinning", {"unit": "Ghosts"}, "units: none yet. Use `/roster add`."),
        ("events card", {"card": "nothing"}, "There is no event card called 'nothing'"),
        ("events card", {"card": "lucky"}, "list that opens. Perhaps: Lucky Joe."),
        ("house-rules clear", {"key": "sotq_dice.dice.d6"}, "no house rule"),
    ]
    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        for command, options, words in cases:
            answer = await sandbox.slash(alice, command, options)
            assert answer.ephemeral, command
            assert words in answer.response.content, answer.response.content
            if command == "events card":  # issue 11: no dump of every card's id
                assert len(answer.response.content) < 300
        channel = sandbox.default_channel
        assert await stored(bot, channel) == (None, None, None)
        assert await bot.store.rolls(channel) == []


async def test_an_empty_deck_names_the_command_that_reshuffles_it(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """The rules say only that the pile is empty; the bot adds the command that refills it."""
    sandbox.set_permissions(alice, manage_channels=True)
    async with running_bot(bot_settings(sandbox, sqlite_url)):
        await sandbox.wait_ready()
        await sandbox.slash(alice, "events new", {"lists": "rule_21", "conflict": "all"})
        for _ in range(6):
            drawn = await sandbox.slash(alice, "events draw")
            assert not drawn.ephemeral, drawn.response.content
        empty = await sandbox.slash(alice, "events draw")
        assert empty.ephemeral
        assert "deck is empty; `/events reshuffle` puts the discards back" in (
            empty.response.content
        )


EXAMPLES = {
    "figures": 10,
    "range_inches": 6,
    "distance_inches": 6,
    "strength": 20,
    "lost": 2,
    "factor": 5,
    "percent_lost": 10,
    "morale_number": 7,
    "first_name": "Zulus",
    "first_score": 8,
    "second_name": "24th",
    "second_score": 6,
    "gun_models": 1,
    "figures_in_area": 10,
    "chance_percent": 20,
    "duration": 2,
    "turns_fought": 1,
    "morale": 7,
    "perimeter_inches": 24,
    "attacker_points": 1000,
    "british_figures": 20,
    "british_in_cover": False,
    "zulus_in_cover": False,
}
"""Values for options that offer no choices; other required options take the first offer."""


def leaf_options(sandbox: DiscordSandbox, path: str) -> list[dict]:
    name, *subs = path.lstrip("/").split()
    [node] = [c for c in sandbox.registered_commands() if c["name"] == name]
    for sub in subs:
        [node] = [o for o in node["options"] if o["name"] == sub]
    return node.get("options") or []


async def test_every_table_command_answers_through_discord(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """Each /sotq-... and /qref command, its required options filled with an example or the
    first choice or autocomplete offer, posts a public answer."""
    async with running_bot(bot_settings(sandbox, sqlite_url)):
        await sandbox.wait_ready()
        paths = [p for p in sandbox.command_paths() if p.startswith(("/sotq-", "/qref "))]
        assert {p.lstrip("/") for p in paths} == set(COMMANDS) | {"sotq-army notes"}
        for path in paths:
            options: dict[str, object] = {}
            for option in leaf_options(sandbox, path):
                name = option["name"]
                if name in EXAMPLES:
                    options[name] = EXAMPLES[name]
                elif not option.get("required"):
                    continue
                elif option.get("choices"):
                    options[name] = option["choices"][0]["value"]
                elif option.get("autocomplete"):
                    offers = await sandbox.autocomplete(alice, path, options, focused=name)
                    options[name] = offers[0]["value"]
                else:
                    raise AssertionError(f"{path}: add an example for {name}")
            answer = await sandbox.slash(alice, path, options)
            assert not answer.ephemeral, (path, options, answer.response.content)
            assert answer.response.embeds, path


async def test_a_charge_on_a_unit_in_open_order_is_fought_out(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """Issue 11: /roster melee against a defender in open order failed with an internal
    error; Table 5 gives the attacker its factor for the opponent's open order."""
    sandbox.set_permissions(alice, manage_channels=True)
    async with running_bot(bot_settings(sandbox, sqlite_url)) as bot:
        await sandbox.wait_ready()
        await sandbox.slash(alice, "roster add", ZULUS)
        await sandbox.slash(alice, "roster add", {**BRITISH, "formation": "open"})
        for unit in ("uKhandempemvu", "A Company"):
            await sandbox.slash(
                alice, "roster morale", {"unit": unit, "plus_die": 3, "minus_die": 3}
            )
        melee = await sandbox.slash(
            alice,
            "roster melee",
            {"attacker": "uKhandempemvu", "defender": "A Company", "attacker_d10": 5},
        )
        assert not melee.ephemeral, melee.response.content
        assert "+4 opponent in open order" in melee.response.text()
        assert await bot.referee.roster(sandbox.default_channel) is not None


async def test_answers_show_the_options_given_by_name(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """Issue 11: answers echoed every input, defaults at zero and ids included ('officer
    modifier: 0, casualty percent: 0, pipers: 0'); now only the options given, dice apart."""
    async with running_bot(bot_settings(sandbox, sqlite_url)):
        await sandbox.wait_ready()
        cases = [
            ("sotq-morale test", {"morale_number": 8, "plus_die": 5, "minus_die": 2}),
            ("sotq-fire shoot", {"weapon": "blr", "figures": 3, "range_band": "short"}),
            ("qref melee", {"case": "zulus_v_open_infantry", "figures": 6}),
        ]
        shown = []
        for command, options in cases:
            answer = await sandbox.slash(alice, command, options)
            fields = {f["name"]: f["value"] for f in answer.response.embeds[0]["fields"]}
            shown.append(fields["Inputs"])
    assert shown[0] == "morale number: 8"
    assert shown[1] == "weapon: Breech-loading rifle (BLR, BLRR)\nfigures: 3\nrange band: short"
    assert shown[2].startswith("case: Zulus") and "zulus_v_open" not in shown[2]


async def test_rule_21_a_new_deck_is_for_the_zulu_war_unless_the_referee_names_another(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """Rule 21 leaves the conflict to the referee; a bot for 1879 assumes the Zulu War."""
    sandbox.set_permissions(alice, manage_channels=True)
    async with running_bot(bot_settings(sandbox, sqlite_url)):
        await sandbox.wait_ready()
        made = await sandbox.slash(alice, "events new")
        assert "for Zulu War 1879 (cards for other conflicts left out" in made.response.content
        every = await sandbox.slash(alice, "events new", {"conflict": "all"})
        assert "for every conflict" in every.response.content
        offered = await sandbox.autocomplete(
            alice, "events new", {"conflict": "al"}, focused="conflict"
        )
        assert offered[0] == {"name": "Every conflict", "value": "all"}
