"""A league's rules (bot.play.league_rules): round robin meets everyone once, Swiss never
pairs two players twice while it can help it, sides alternate, and the standings order by
points, Sonneborn-Berger, Buchholz, wins and joining."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bot.play.league_rules import (
    LOSS,
    WIN,
    Played,
    round_count,
    round_robin,
    sided,
    standings,
    swiss,
)


@pytest.mark.parametrize("size", [3, 4, 5, 8, 9])
def test_round_robin_meets_everyone_once_and_sits_each_out_at_most_once(size: int) -> None:
    players = list(range(100, 100 + size))
    rounds = round_count("round-robin", size)
    assert rounds == (size - 1 if size % 2 == 0 else size)
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        pairs = round_robin(players, number)
        seen = [p for pair in pairs for p in pair if p is not None]
        assert len(seen) == len(set(seen)) == size, "everyone once a round"
        for a, b in pairs:
            if b is None:
                byes[a] += 1
            else:
                met[frozenset((a, b))] += 1
    assert set(met) == {frozenset(c) for c in combinations(players, 2)}
    assert set(met.values()) == {1}
    assert all(n == 1 for n in byes.values()) and len(byes) == (size % 2) * size


def test_sides_alternate_over_a_round_robin() -> None:
    players = [1, 2, 3, 4]
    history: list[Played] = []
    for number in range(1, 4):
        for a, b in round_robin(players, number):
            assert b is not None
            pairing = sided(a, b, players, history)
            history.append(Played(number, pairing.first, pairing.second, WIN))
    firsts = Counter(p.first for p in history)
    assert all(1 <= firsts[p] <= 2 for p in players), firsts


def test_swiss_pairs_by_score_without_rematches_and_gives_byes_around() -> None:
    players = [1, 2, 3, 4, 5]
    history: list[Played] = []
    for number in range(1, 5):
        pairs = swiss(players, history)
        for a, b in pairs:
            if b is None:
                history.append(Played(number, a, None, WIN))
                continue
            pairing = sided(a, b, players, history)
            history.append(Played(number, pairing.first, pairing.second, WIN))
    games = [frozenset((p.first, p.second)) for p in history if p.second is not None]
    assert len(games) == len(set(games)) == 8, "no two players met twice"
    byes = [p.first for p in history if p.second is None]
    assert len(byes) == len(set(byes)) == 4, "a bye goes to one who has had none"
    top = standings(players, history)[0]
    assert top.points == max(s.points for s in standings(players, history))


def test_swiss_leaves_out_who_has_left() -> None:
    history = [Played(1, 1, 2, WIN), Played(1, 3, 4, WIN)]
    pairs = swiss([1, 2, 3, 4], history, left=[4])
    assert all(4 not in pair for pair in pairs)
    assert (2, None) in pairs or any(None in pair for pair in pairs)


def test_the_tie_breaks_in_their_order() -> None:
    """Three and four end level on a point each: Sonneborn-Berger puts three ahead, who beat
    four, over four, who beat two (no points). A player who has left keeps their place."""
    history = [
        Played(1, 1, 2, WIN),
        Played(1, 3, 4, WIN),
        Played(2, 1, 3, WIN),
        Played(2, 2, 4, LOSS),
    ]
    table = standings([1, 2, 3, 4], history, left=[2])
    assert [s.user_id for s in table] == [1, 3, 4, 2]
    first, second, third, last = table
    assert (first.points, first.wins, first.losses) == (2, 2, 0)
    assert second.points == third.points == 1
    assert (second.sonneborn_berger, third.sonneborn_berger) == (1, 0)
    assert (second.buchholz, third.buchholz) == (3, 1)
    assert last.left and last.points == 0


def test_a_bye_scores_a_point_but_not_a_win() -> None:
    [only] = [s for s in standings([1, 2, 3], [Played(1, 3, None, WIN)]) if s.user_id == 3]
    assert (only.points, only.byes, only.wins, only.played) == (1.0, 1, 0, 0)


@pytest.mark.parametrize(("size", "chosen", "rounds"), [(4, None, 2), (5, None, 3), (4, 9, 3)])
def test_swiss_round_counts(size: int, chosen: int | None, rounds: int) -> None:
    assert round_count("swiss", size, chosen) == rounds
