"""Solo campaigns: the presets (which battles, in which order, with which options) and the
score a campaign keeps. The rules define no campaign score, so it is ours and kept plain: a
battle won from the player's side is worth 2 points, a draw 1, a loss or an aborted battle 0,
and each battle's result is also kept in the game's own words (its victory level and VP)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.play import errors
from bot.storage.campaigns import Fought
from games.core.engine import Result

POINTS = {"won": 2, "drawn": 1, "lost": 0, "aborted": 0}
"""Campaign points for each outcome of a battle, seen from the player's side."""


@dataclass(frozen=True)
class Battle:
    """One battle of a preset: a game of ``system`` started as ``/game new`` would start it."""

    title: str
    system: str
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Preset:
    """A campaign's battles in order, and how the player's side decides the mode and the
    bot's seat: ``modes`` maps each side the player may take to the game mode that seats
    the player there; ``bot_sides`` to the sides the bot then plays."""

    id: str
    title: str
    description: str
    battles: tuple[Battle, ...]
    modes: dict[str, str]
    bot_sides: dict[str, tuple[str, ...]]

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.modes)

    def side_or_default(self, side: str | None) -> str:
        """The player's side: the one asked for, or the preset's first; refused in words
        when the preset does not offer it."""
        if side is None:
            return self.sides[0]
        if side not in self.modes:
            offered = " or ".join(f"`{s}`" for s in self.sides)
            only = len(self.sides) == 1
            raise errors.BadInput(
                f"In {self.title} you play "
                + (f"the {self.sides[0]} side only; leave `side` out." if only else offered + ".")
            )
        return side


RISING_ODDS_STEPS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("the standard game", {}),
    ("+ Stronger iButhos (12.1)", {"stronger": True}),
    ("+ Melee Combat (12.2)", {"stronger": True, "melee": True}),
    ("+ Officers (12.5)", {"stronger": True, "melee": True, "officers": True}),
    (
        "+ every optional card (12.3) and the Zulu Morning Attack (12.4)",
        {
            "stronger": True,
            "melee": True,
            "officers": True,
            "cards": "all",
            "morning_attack": True,
        },
    ),
)
"""Each defence of Rorke's Drift adds optional rules of 12.0 to the one before. The
Morning Attack comes with the optional cards, since 12.4 exists for a deck they lengthen."""

PRESETS: dict[str, Preset] = {
    preset.id: preset
    for preset in (
        Preset(
            "22-january-1879",
            "22 January 1879",
            "The zone game's two battles of the day: Isandlwana, then Rorke's Drift.",
            (
                Battle("Isandlwana", "zones", "isandlwana"),
                Battle("Rorke's Drift", "zones", "rorkes-drift"),
            ),
            modes={"british": "solo", "zulu": "two-player"},
            bot_sides={"british": ("zulu",), "zulu": ("british",)},
        ),
        Preset(
            "rising-odds",
            "Rorke's Drift, rising odds",
            "Zulus on the Ramparts! five times, each defence with more of the optional rules.",
            tuple(
                Battle(f"Rorke's Drift {n}: {what}", "ramparts", "standard", options)
                for n, (what, options) in enumerate(RISING_ODDS_STEPS, start=1)
            ),
            modes={"british": "solo"},
            bot_sides={"british": ()},
        ),
    )
}


def outcome_for(result: Result | None, side: str, aborted: bool = False) -> str:
    """``won``, ``drawn``, ``lost`` or ``aborted``: a battle's end from the player's side."""
    if aborted or result is None:
        return "aborted"
    if result.winner is None:
        return "drawn"
    return "won" if result.winner == side else "lost"


def status_after(preset: Preset, number: int, aborted: bool) -> str:
    """The campaign's status once battle ``number`` (from 1) has ended: an aborted battle
    ends the campaign as abandoned, the last battle as finished; otherwise it goes on."""
    if aborted:
        return "abandoned"
    return "finished" if number >= len(preset.battles) else "active"


def score(battles: Sequence[Fought]) -> int:
    """The running score: the points of every battle ended so far."""
    return sum(b.points or 0 for b in battles)


def record_line(battles: Sequence[Fought]) -> str:
    """Wins, draws and losses so far, and the score out of the most the ended battles allow."""
    ended = [b for b in battles if b.outcome is not None]
    counts = {o: sum(1 for b in ended if b.outcome == o) for o in POINTS}
    said = f"{counts['won']} won, {counts['drawn']} drawn, {counts['lost']} lost"
    if counts["aborted"]:
        said += f", {counts['aborted']} aborted"
    return f"Score {score(battles)} of {POINTS['won'] * len(ended)} · {said}"
