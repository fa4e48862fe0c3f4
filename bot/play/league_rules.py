"""A league's rules: who meets whom each round, who plays which side, and the standings with
their tie-breaks. Pure, so both formats are checked without Discord or a database.

- **Scores.** A win scores 1, a draw ½, a loss 0. A bye (an odd player out) scores 1 and is
  counted as a bye, not a win. A game aborted before its end is a draw. A pairing against a
  player who has left the league is a forfeit: a win for the one who stays, 0 for the leaver.
- **Round robin.** Everyone meets everyone once, by the circle method over the players in
  the order they joined: n − 1 rounds for n players, or n when n is odd (each sits out once).
- **Swiss.** Each round pairs the standings from the top down, never twice the same two
  while another pairing exists; with an odd number, the lowest-placed player who has not had
  a bye sits this round out. By default as many rounds as it takes to leave one player
  unbeaten (⌈log₂ n⌉), at most n − 1.
- **Sides.** Of two paired players, the one who has played the system's first side fewer
  times takes it; if even, the one who played the second side in their latest game; if
  still even, whoever joined first.
- **Standings**, best first: points, then Sonneborn-Berger (the points of each opponent
  beaten, and half of each opponent drawn with), then Buchholz (all opponents' points), then
  wins, then who joined first. A player who has left keeps what they scored.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 1.0, 0.5, 0.0
BYE = 1.0
SEARCH_LIMIT = 20_000
"""Pairings tried before a Swiss round gives up avoiding rematches (never near it below
dozens of players)."""


@dataclass(frozen=True)
class Pairing:
    """Two players of a round, ``first`` on the system's first side; ``second`` None: a bye."""

    first: int
    second: int | None


@dataclass(frozen=True)
class Played:
    """A pairing of an earlier round, and the first player's score once decided."""

    round: int
    first: int
    second: int | None
    score: float | None


@dataclass(frozen=True)
class Standing:
    user_id: int
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    points: float
    sonneborn_berger: float
    buchholz: float
    left: bool = False


def round_count(format: str, players: int, chosen: int | None = None) -> int:
    """How many rounds a league of ``players`` plays."""
    if format == "round-robin":
        return players - 1 if players % 2 == 0 else players
    most = max(1, players - 1)
    return min(chosen or max(1, math.ceil(math.log2(max(2, players)))), most)


def round_robin(players: Sequence[int], number: int) -> list[tuple[int, int | None]]:
    """Who meets whom in round ``number`` (from 1): pairs in no side order, None a bye."""
    ring: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    size = len(ring)
    turn = (number - 1) % (size - 1)
    rest = ring[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    order = [ring[0], *rest]
    pairs = []
    for i in range(size // 2):
        a, b = order[i], order[size - 1 - i]
        if a is None:
            a, b = b, a
        if a is not None:
            pairs.append((a, b))
    return pairs


def swiss(
    players: Sequence[int], history: Sequence[Played], left: Iterable[int] = ()
) -> list[tuple[int, int | None]]:
    """The next Swiss round of the players still in (``players`` in join order)."""
    gone = set(left)
    ranked = [s.user_id for s in standings(players, history, gone) if s.user_id not in gone]
    pairs: list[tuple[int, int | None]] = []
    if len(ranked) % 2:
        had = {p.first for p in history if p.second is None}
        sitting = next((p for p in reversed(ranked) if p not in had), ranked[-1])
        ranked.remove(sitting)
        pairs.append((sitting, None))
    met = {frozenset((p.first, p.second)) for p in history if p.second is not None}
    tries = [0]
    found = _pair(ranked, met, tries)
    if found is None:  # everyone has met everyone they could: rematches, top down
        found = [(ranked[i], ranked[i + 1]) for i in range(0, len(ranked), 2)]
    return found + pairs


def _pair(
    rest: list[int], met: set[frozenset[int]], tries: list[int]
) -> list[tuple[int, int | None]] | None:
    if not rest:
        return []
    first, others = rest[0], rest[1:]
    for index, second in enumerate(others):
        tries[0] += 1
        if tries[0] > SEARCH_LIMIT:
            return None
        if frozenset((first, second)) in met:
            continue
        found = _pair(others[:index] + others[index + 1 :], met, tries)
        if found is not None:
            return [(first, second), *found]
    return None


def sided(a: int, b: int, players: Sequence[int], history: Sequence[Played]) -> Pairing:
    """The pair as a pairing, the first side to whoever the rules above give it."""

    def firsts(user: int) -> int:
        return sum(1 for p in history if p.first == user and p.second is not None)

    def last_second(user: int) -> bool:
        mine = [p for p in history if p.second is not None and user in (p.first, p.second)]
        return bool(mine) and max(mine, key=lambda p: p.round).second == user

    def key(user: int) -> tuple[int, bool, int]:
        return (firsts(user), not last_second(user), players.index(user))

    first, second = sorted((a, b), key=key)
    return Pairing(first, second)


def standings(
    players: Sequence[int], history: Sequence[Played], left: Iterable[int] = ()
) -> list[Standing]:
    """Every player's record, best first (see the module's note for the order)."""
    gone = set(left)
    points = dict.fromkeys(players, 0.0)
    counts = {p: [0, 0, 0, 0] for p in players}  # wins, draws, losses, byes
    decided = [p for p in history if p.score is not None]
    for game in decided:
        if game.second is None:
            points[game.first] += BYE
            counts[game.first][3] += 1
            continue
        for user, score in ((game.first, game.score), (game.second, 1 - game.score)):
            points[user] += score
            counts[user][0 if score == WIN else 1 if score == DRAW else 2] += 1
    sb = dict.fromkeys(players, 0.0)
    buchholz = dict.fromkeys(players, 0.0)
    for game in decided:
        if game.second is None:
            continue
        for user, foe, score in (
            (game.first, game.second, game.score),
            (game.second, game.first, 1 - game.score),
        ):
            buchholz[user] += points[foe]
            sb[user] += points[foe] * score
    table = [
        Standing(
            p,
            counts[p][0] + counts[p][1] + counts[p][2],
            *counts[p],
            points[p],
            sb[p],
            buchholz[p],
            p in gone,
        )
        for p in players
    ]
    return sorted(
        table,
        key=lambda s: (
            -s.points,
            -s.sonneborn_berger,
            -s.buchholz,
            -s.wins,
            players.index(s.user_id),
        ),
    )
