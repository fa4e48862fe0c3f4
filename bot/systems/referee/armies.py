"""Army lists as embeds sized for a phone: one embed per side, then the set-up notes."""

import discord

from bot.posting.announce import COLOUR, clip
from bot.systems.referee.answers import Answer
from games.tables.schema.armies import ArmyNotesFile
from games.tables.sotq import ArmyListResult
from games.tables.sotq.armies import ArmySide, TroopLine

DESCRIPTION = 4096
FIELD = 1024
TOTAL = 5800


def _troop(line: TroopLine) -> str:
    points = "" if line.points is None else f" · {line.points_each:g} = **{line.points:g}** pts"
    traits = f" `{line.characteristics}`" if line.characteristics else ""
    label = f" ({line.label})" if line.label else ""
    sub = " · may split into sub-units" if line.sub_unit else ""
    note = f"\n  _{line.note}_" if line.note else ""
    return f"**{line.count}** × {line.designation}{label}{traits}{points}{sub}{note}"


def _side_embed(side: ArmySide) -> discord.Embed:
    lines = []
    section = None
    for troop in side.troops:
        if troop.section and troop.section != section:
            section = troop.section
            lines.append(f"__{section}__")
        lines.append(_troop(troop))
    for officer in side.officers:
        note = f" ({officer.note})" if officer.note else ""
        lines.append(f"**{officer.count}** × officer · {officer.applies_to}{note}")
    embed = discord.Embed(
        title=f"{side.side}: {side.total_points:g} points",
        description=clip("\n".join(lines) or "No troops in this option.", DESCRIPTION),
        colour=COLOUR,
    )
    embed.set_author(name=f"{side.title} · against {side.opponents}")
    notes = "\n".join(f"• {note}" for note in side.notes)
    if notes:
        embed.add_field(name="Notes", value=clip(notes, FIELD), inline=False)
    return embed


def army_embeds(answer: Answer) -> list[discord.Embed]:
    """The option's forces; characteristics read fire class-reaction-morale (e.g. i-A-7)."""
    result = answer.result
    if not isinstance(result, ArmyListResult):
        raise TypeError("army_embeds needs an army list answer")
    title = answer.title
    head = discord.Embed(
        title=title + (f": {result.battle}" if result.battle else ""),
        description=clip("\n".join(f"• {text}" for text in result.set_up), DESCRIPTION) or None,
        colour=COLOUR,
    )
    head.set_footer(text="Characteristics: fire class-reaction class-morale · " + result.rule)
    return [head, *(_side_embed(side) for side in result.sides)]


def batches(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages within Discord's 6000-character total per message."""
    groups: list[list[discord.Embed]] = [[]]
    for embed in embeds:
        if groups[-1] and sum(map(len, groups[-1])) + len(embed) > TOTAL:
            groups.append([])
        groups[-1].append(embed)
    return groups


def _bullets(lines: list[str]) -> str:
    return clip("\n".join(f"• {line}" for line in lines), FIELD)


def notes_embeds(notes: ArmyNotesFile) -> list[discord.Embed]:
    """The general notes that go with every list: forces, troop types, units, set-up."""
    kinds = [
        f"**{key}** {kind.name} (e.g. {kind.example})" for key, kind in notes.troop_types.items()
    ]
    kinds.append(notes.conspicuous_prefix.note or "")
    first = discord.Embed(title=notes.title, colour=COLOUR)
    sections = [
        ("Choosing the forces", _bullets([n.text for n in notes.choosing])),
        ("Characteristics", notes.characteristics.note or ""),
        ("Troop types", clip("\n".join(k for k in kinds if k), FIELD)),
        ("General", notes.general.text),
        ("Regular units", _bullets([n.text for n in notes.regular_units])),
        ("Highlanders", notes.highlanders.note or ""),
        ("Native officers", notes.native_officers.note or ""),
        ("Irregulars and natives", notes.irregulars_and_natives.note or ""),
        ("Set-up", notes.set_up.note or ""),
    ]
    for name, value in sections:
        if value:
            first.add_field(name=name, value=clip(value, FIELD), inline=False)
    second = discord.Embed(title="Abbreviations and competitions", colour=COLOUR)
    short = notes.abbreviations
    for name, table in (("Weapons", short.weapons), ("Guns", short.guns), ("Units", short.units)):
        text = "\n".join(f"**{key}** {meaning}" for key, meaning in table.items())
        second.add_field(name=name, value=clip(text, FIELD), inline=False)
    second.add_field(
        name="Competitions", value=_bullets([n.text for n in notes.competitions]), inline=False
    )
    return [first, second]
