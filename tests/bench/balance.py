"""Can the games be won? Plays whole games from the start under several policies and prints
how they ended, with 95% Wilson intervals.

Run: ``.venv/bin/python -m tests.bench.balance --games N [--system last-stand|ramparts|zones]
[--scenario S]``.
Each row is N games from the opening, seeded by row and game number, played through the
engine's own ``apply`` (so an illegal order from any policy stops the run). Policies: ``book``
and ``strong`` are the bot's two levels (``games.core.levels``), ``random`` picks uniformly
among the legal orders. A zone game's Zulus by the book are the solitaire Zulus of 18.0; its
last rows add the text's own handicaps, 17.1 for the British and 17.2 for the Zulus.
Games are spread over a process pool. Last, each strong side is set against by the book
from the same side, game by game on the same seeds: of the games where only one of them
won, the share the strong one did.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, GameSystem
from games.core.levels import BOOK, STRONG, at_level
from games.core.odds import STEP_LIMIT, wilson
from games.last_stand.system import SYSTEM as LAST_STAND
from games.ramparts.system import SYSTEM as RAMPARTS
from games.zones.system import SYSTEM as ZONES

Policy = Callable[[GameSystem, JSON, str, Dice, random.Random], JSON]


def book(system: GameSystem, state: JSON, side: str, dice: Dice, rng: random.Random) -> JSON:
    return system.bot_action(at_level(state, BOOK), side, dice)


def strong(system: GameSystem, state: JSON, side: str, dice: Dice, rng: random.Random) -> JSON:
    return system.bot_action(at_level(state, STRONG), side, dice)


def uniform(system: GameSystem, state: JSON, side: str, dice: Dice, rng: random.Random) -> JSON:
    """A legal order picked at random, from a generator kept apart from the game's dice."""
    return rng.choice(system.legal_orders(state, side)).action


POLICIES: dict[str, Policy] = {"book": book, "strong": strong, "random": uniform}
SYSTEMS: dict[str, GameSystem] = {"last-stand": LAST_STAND, "ramparts": RAMPARTS, "zones": ZONES}


@dataclass(frozen=True)
class Row:
    """One line of a table: a scenario and the policy each side plays."""

    system: str
    scenario: str
    sides: tuple[tuple[str, str], ...]
    options: tuple[tuple[str, object], ...] = ()
    """Optional rules on top of the mode's, such as the text's handicaps (17.1, 17.2)."""

    @property
    def title(self) -> str:
        who = ", ".join(f"{side} {policy}" for side, policy in self.sides)
        rules = " with " + ", ".join(f"{k}={v}" for k, v in self.options) if self.options else ""
        return f"{self.system} {self.scenario}{rules}: {who}"


BRITISH_ADVANTAGE = {
    "rorkes-drift": (
        ("dalton_bourne_lead", True),
        ("bourne_charge", True),
        ("extra_vp", 3),
        ("no_vp_win", True),
    ),
    "isandlwana": (("extra_vp", 3), ("no_vp_win", True)),
}
"""Every option of 17.1, "for more experienced Zulu players", that the battle allows."""
ZULU_ADVANTAGE = (("more_zulus", 10), ("leaders_carry_15", True), ("more_fire", True))
"""Every option of 17.2, "for more experienced British players"."""
STRONG_BOTH = (("british", STRONG), ("zulu", STRONG))

ROWS: dict[str, list[Row]] = {
    "last-stand": [
        Row("last-stand", "historical", (("british", b), ("zulu", z)))
        for z in ("book", "strong")
        for b in ("book", "random", "strong")
    ]
    + [
        Row("last-stand", "free-setup", (("british", b), ("zulu", z)))
        for z in ("book", "strong")
        for b in ("book", "strong")
    ],
    "ramparts": [
        Row("ramparts", "standard", (("british", b),)) for b in ("book", "random", "strong")
    ],
    "zones": [
        Row("zones", scenario, (("british", b), ("zulu", z)))
        for scenario in ("rorkes-drift", "isandlwana", "isandlwana-free")
        for z in ("book", "strong")
        for b in ("book", "strong")
    ]
    + [
        Row("zones", scenario, STRONG_BOTH, BRITISH_ADVANTAGE[scenario])
        for scenario in ("rorkes-drift", "isandlwana")
    ]
    + [Row("zones", "isandlwana", (("british", STRONG), ("zulu", BOOK)), ZULU_ADVANTAGE)],
}


def outcome(row: Row, system: GameSystem, state: JSON) -> list[str]:
    """The outcome names a game counts towards: who won, and per system what more it tells."""
    result = system.result(state)
    if result is None:
        return ["Unfinished"]
    winner = f"won by {result.winner}" if result.winner else "draw"
    if row.system == "last-stand":
        return [winner, f"ended on turn {state['turn']}"]
    if row.system == "ramparts":
        return [winner, state["over"]["level"].split(" (")[0]]
    return [winner]


def play(row: Row, game: int) -> list[str]:
    system = SYSTEMS[row.system]
    dice = Dice(derived_seed(f"balance/{row.scenario}", game))
    rng = random.Random(f"{row.title}/{game}")
    policies = dict(row.sides)
    mode = system.modes["bots"]
    # A mode's level options are the bot Zulus' (a solitaire rule by the book, 18.0).
    zulus = policies.get("zulu") if policies.get("zulu") in (BOOK, STRONG) else BOOK
    options = {**mode.options, **mode.level_options.get(zulus, {}), **dict(row.options)}
    state = system.new(row.scenario, options, dice).state
    for _ in range(STEP_LIMIT):
        waiting = system.to_act(state)
        if system.result(state) or not waiting:
            break
        side = waiting[0]
        action = POLICIES[policies[side]](system, state, side, dice, rng)
        state = system.apply(state, side, action, dice).state
        dice.take_rolls()
    return outcome(row, system, state)


def play_many(row: Row, first: int, count: int) -> list[list[str]]:
    """How each of the games ``first`` to ``first + count`` ended, in order."""
    return [play(row, game) for game in range(first, first + count)]


def winner(ended: list[str]) -> str | None:
    return ended[0].removeprefix("won by ") if ended[0].startswith("won by ") else None


def paired(rows: dict[Row, list[list[str]]]) -> list[str]:
    """Strong against by the book from the same side, game by game on the same seeds and
    against the same opponent: of the games whose winners differ, the share strong won."""
    lines = []
    for row, games in rows.items():
        for index, (side, policy) in enumerate(row.sides):
            if policy != STRONG:
                continue
            sides = list(row.sides)
            sides[index] = (side, BOOK)
            book = rows.get(Row(row.system, row.scenario, tuple(sides), row.options))
            if book is None:
                continue
            ahead = sum(winner(a) == side != winner(b) for a, b in zip(games, book, strict=True))
            behind = sum(winner(b) == side != winner(a) for a, b in zip(games, book, strict=True))
            share = ahead / (ahead + behind) if ahead + behind else 0.5
            against = ", ".join(f"{s} {p}" for s, p in row.sides if s != side) or "the game"
            lines.append(
                f"{row.system} {row.scenario}, {side} strong against by the book (opponent: "
                f"{against}): strong alone won {ahead}, by the book alone {behind}: "
                f"{share * 100:.1f}% of the {ahead + behind} games that differ"
            )
    return lines


def table(row: Row, games: int, found: Counter[str]) -> list[str]:
    lines = [f"{row.title} ({games} games)"]
    for name, count in sorted(
        found.items(), key=lambda item: (not item[0].startswith(("won", "draw")), item[0])
    ):
        low, high = wilson(count, games)
        share = f"{count / games * 100:5.1f}%"
        lines.append(
            f"  {name:<28} {count:>4}  {share}  (95%: {low * 100:5.1f}–{high * 100:5.1f}%)"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--system", choices=sorted(SYSTEMS), action="append")
    parser.add_argument("--scenario", action="append", help="only this scenario's rows")
    parser.add_argument("--chunk", type=int, default=5)
    args = parser.parse_args()
    rows = [
        row
        for name in args.system or sorted(SYSTEMS)
        for row in ROWS[name]
        if not args.scenario or row.scenario in args.scenario
    ]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(os.cpu_count() or 1, mp_context=context) as pool:
        futures = {
            row: [
                pool.submit(play_many, row, first, min(args.chunk, args.games - first))
                for first in range(0, args.games, args.chunk)
            ]
            for row in rows
        }
        ended: dict[Row, list[list[str]]] = {}
        for row, parts in futures.items():
            ended[row] = [game for part in parts for game in part.result()]
            found = Counter(name for game in ended[row] for name in game)
            print("\n".join(table(row, args.games, found)), flush=True)
    print("\n".join(paired(ended)))


if __name__ == "__main__":
    main()
