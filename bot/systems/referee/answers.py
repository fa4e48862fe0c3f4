"""What a table command answers: the lookup's result, any notes, and how it is shown.

The embed shows the inputs, every modifier by name, the table cell, the dice (and who
rolled them), the result in words, and any house rules the answer used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.posting.announce import COLOUR, clip
from bot.systems.referee.choices import ENTRY_NAMES, OPTION_ENTRIES
from games.core.dice import Roll
from games.tables import Result, TableError, Tables
from games.tables.result import signed
from games.tables.sotq.melee import MeleeResult

FIELD = 1024


@dataclass(frozen=True)
class Answer:
    """A looked-up result with a title and any lines that explain what it means."""

    title: str
    result: Result
    notes: tuple[str, ...] = ()
    extra: tuple[tuple[str, str], ...] = ()


DIE_INPUT = re.compile(r"(^|_)(d6|d10|die|dice|d10s)$")
"""Inputs that are dice: the Dice field shows them, with who rolled them."""


def _value_text(value: Any, names: Mapping[str, str]) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v, names) for v in value)
    if isinstance(value, str) and "," in value:
        return _value_text([part.strip() for part in value.split(",") if part.strip()], names)
    if isinstance(value, str):
        return names.get(value, value.replace("_", " "))
    return f"{value:g}" if isinstance(value, float) else str(value)


def _entries(option: str) -> Mapping[str, str]:
    return OPTION_ENTRIES.get(option, {})


def inputs_text(inputs: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """The inputs that shape the answer, by the names players read: no dice (shown apart),
    nothing left out or at zero, no nested records, and entries by name rather than id."""
    shown = [
        f"{name.replace('_', ' ')}: {_value_text(value, {**(names or {}), **_entries(name)})}"
        for name, value in inputs.items()
        if value not in (None, "", [], {}, (), 0)
        and value is not False
        and not isinstance(value, dict)
        and not DIE_INPUT.search(name)
    ]
    return "\n".join(shown)


def melee_side_text(side: Mapping[str, Any]) -> str:
    """How a melee side was described: the attacker, mounted or on foot, square, impetuous."""
    words = ["attacker"] if side.get("attacker") else []
    words.append("mounted" if side.get("mounted") else "on foot")
    words += [
        word
        for key, word in (("in_square", "in square"), ("impetuous", "impetuous"))
        if side.get(key)
    ]
    return ", ".join(words)


def working_text(result: Result) -> str:
    lines = []
    if result.base is not None:
        lines.append(f"{result.base.value:g} {result.base.name}")
    lines += [f"{signed(term.value)} {term.name}" for term in result.modifiers]
    if result.total is not None and (result.modifiers or result.base is None):
        lines.append(f"= **{result.total:g}**")
    return "\n".join(lines)


def dice_text(result: Result, rolled: Sequence[Roll]) -> str:
    if not result.dice:
        return ""
    lines = [
        f"{roll.die} {roll.value}" + (f" for {roll.purpose}" if roll.purpose else "")
        for roll in result.dice
    ]
    who = "rolled by the bot" if rolled else "as given"
    if rolled and len(rolled) < len(result.dice):
        who = "partly given, the rest rolled by the bot"
    return "\n".join(lines) + f"\n*({who})*"


def house_rules_text(result: Result, tables: Tables) -> str:
    return "\n".join(
        f"`{key}` = `{json.dumps(tables.overrides[key])}`"
        for key in result.overrides_used
        if key in tables.overrides
    )


def given_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """The options a slash command was given, by name, from its interaction data (the
    subcommand's own, wherever it sits in its groups)."""
    options = list(data.get("options") or [])
    while options and "value" not in options[0] and options[0].get("options") is not None:
        options = list(options[0]["options"])
    return {o["name"]: o["value"] for o in options if "value" in o}


def answer_embed(
    answer: Answer,
    rolled: Sequence[Roll],
    tables: Tables,
    given: Mapping[str, Any] | None = None,
) -> discord.Embed:
    """The answer's embed; its inputs are the options ``given``, when the command passes
    them, else those the lookup records."""
    result = answer.result
    description = [f"**{result.outcome}**", *answer.notes]
    embed = discord.Embed(
        title=answer.title, description=clip("\n".join(description)), colour=COLOUR
    )
    if isinstance(result, MeleeResult):
        described = (result.inputs.get("first", {}), result.inputs.get("second", {}))
        for side, given in zip(result.sides, described, strict=True):
            terms = "\n".join(f"{signed(t.value)} {t.name}" for t in side.terms)
            value = f"*{melee_side_text(given)}*\n{terms}\n= **{side.total}**\n"
            value += f"{side.code}: {side.action_text}"
            if side.casualties_suffered is not None:
                value += f"\nLost: {side.casualty_text()}"
            embed.add_field(name=side.name, value=clip(value, FIELD), inline=False)
        if result.inputs.get("figures"):
            embed.add_field(name="Figures in contact", value=str(result.inputs["figures"]))
    else:
        sections = [
            ("Inputs", inputs_text(result.inputs if given is None else given, ENTRY_NAMES)),
            ("Working", working_text(result)),
        ]
        for name, value in sections:
            if value:
                embed.add_field(name=name, value=clip(value, FIELD), inline=True)
    if result.cell:
        embed.add_field(name="Table", value=clip(result.cell, FIELD), inline=False)
    dice = dice_text(result, rolled)
    if dice:
        embed.add_field(name="Dice", value=clip(dice, FIELD), inline=False)
    for name, value in answer.extra:
        embed.add_field(name=name, value=clip(value, FIELD), inline=False)
    if result.overrides_used:
        rules = house_rules_text(result, tables) or ", ".join(result.overrides_used)
        embed.add_field(name="House rules used (rule 22)", value=clip(rules, FIELD), inline=False)
    embed.set_footer(text=result.rule)
    return embed


def parse_choices(
    text: str | None, allowed: Mapping[str, Any], what: str, *, repeats: bool = False
) -> list[str]:
    """A comma-separated list of ids; the refusal names every allowed value."""
    if not text:
        return []
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [c for c in chosen if c not in allowed]
    if unknown:
        raise TableError(
            f"Unknown {what} {', '.join(unknown)}; choose from {', '.join(allowed)} "
            "(separate several with commas)."
        )
    if not repeats and len(set(chosen)) != len(chosen):
        raise TableError(f"Name each {what} once.")
    return chosen


def parse_choice(text: str, allowed: Mapping[str, str], what: str) -> str:
    """One entry of an autocompleted option, by id or by name in any case.

    Autocomplete offers the entries but lets a player send anything typed, so the answer
    refuses what is not an entry and lists every one, id and name.
    """
    wanted = text.strip().casefold()
    for key, name in allowed.items():
        if wanted in (key.casefold(), name.casefold()):
            return key
    listing = "; ".join(f"`{key}` {name}" for key, name in allowed.items())
    raise TableError(f"Unknown {what} '{text.strip()}'. Choose one of: {listing}.")


def complete_one(
    current: str, allowed: Mapping[str, str]
) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for one entry: those whose id or name holds what was typed."""
    needle = current.strip().lower()
    return [
        discord.app_commands.Choice(name=name, value=key)
        for key, name in allowed.items()
        if needle in f"{key} {name}".lower()
    ][:25]


def complete_choices(
    current: str, allowed: Mapping[str, str]
) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for a comma-separated list: completes the last item, keeping the rest."""
    *done, last = [part.strip() for part in current.split(",")] if current else [""]
    prefix = ",".join(done)
    picked = set(done)
    offers = []
    for key, name in allowed.items():
        if key in picked:
            continue
        if last.lower() not in (key + " " + name).lower():
            continue
        value = f"{prefix},{key}" if prefix else key
        if len(value) > 100:
            continue
        label = f"{value} ({name})"
        offers.append(discord.app_commands.Choice(name=clip(label, 100), value=value))
    return offers[:25]
