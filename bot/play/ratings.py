"""The rating model: openskill's Plackett-Luce (Weng and Lin's), one player a team.

A rating is a skill estimate ``mu`` with its uncertainty ``sigma``; what a player is shown,
and what the standings sort by, is the cautious estimate mu - 3 sigma, which starts at 0 and
rises as games make the estimate surer as well as higher.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from bot.storage.ratings import Skill

if TYPE_CHECKING:
    from openskill.models import PlackettLuce


class WengLin:
    """The :class:`bot.storage.ratings.Rater` the bot rates with. The model is loaded at its
    first use, not with the bot: a start rates nothing."""

    @cached_property
    def _model(self) -> PlackettLuce:
        from openskill.models import PlackettLuce

        return PlackettLuce()

    def initial(self) -> Skill:
        rating = self._model.rating()
        return rating.mu, rating.sigma

    def rate(self, before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
        teams = [[self._model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
        after = self._model.rate(teams, ranks=list(ranks))
        return [(team[0].mu, team[0].sigma) for team in after]


RATER = WengLin()


def shown(skill: Skill) -> float:
    """The rating a player sees: mu - 3 sigma, rounded as shown."""
    mu, sigma = skill
    return round(mu - 3 * sigma, 1)
