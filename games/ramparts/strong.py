"""A stronger British policy: it weighs each Volley by what its dice are likely to do to
the iButho that most threatens the Zulu Victory marker, and holds its best cards back.

The built-in policy (``policy``) values a Volley by its dice and the target's box alone. This
one asks two more questions, both from public facts and the player's own hand:

- *How soon could each iButho break in?* The iMpi cup's contents are known (the used chits
  lie face up, 7.2), so each track's expected advance per draw is known; an iButho's threat
  is that rate over the boxes it still has to go.
- *What will these dice do?* The chances of Hits and Retreats for a card at that range,
  after the DRMs of 6.7.5, are worked out exactly by the engine's own ``modify``/``tally``.

A Retreat is worth its target's threat, a Hit its VP (and the iButho itself when it is
the last marker); a card spent early is charged for the Close-range dice it takes away
from the last defence. The weights were tuned over many games of the balance script. It
uses no dice and keeps no memory, so it is deterministic given the position.
"""

from __future__ import annotations

from functools import cache
from math import factorial

from games.ramparts import policy
from games.ramparts.actions import GO, Action, legal
from games.ramparts.catalog import CARD, CHIT, GROUP
from games.ramparts.state import State, in_burning_building
from games.ramparts.volleys import Modifiers, dice_count, modifiers, modify, tally

HIT_VALUE = 1.0
"""A Hit marker in the Casualties box: 3 VP, in units where a Retreat of an iButho that
threatens to break in next turn is worth ``RETREAT_VALUE``."""
RETREAT_VALUE = 6.0
WIPE_VALUE = 3.0
"""Extra for the Hit that wipes out an iButho: 6 VP, and one threat fewer for good."""
CLOSE_DIE_KEEP = 0.35
"""What one Close-range die held in hand is worth for later, charged when a card is spent."""
HERO_COST = 2.5
"""What a Hero sacrificed for his Volley costs: his VP and what he could still do."""
FIRE_FLOOR = 0.4
"""The least a Volley must be worth to fire it rather than hold the card."""


FACES = ((6, 1 / 6), (5, 1 / 6), (4, 1 / 6), (3, 1 / 6), (1, 1 / 3))
"""The faces that can differ after a DRM (a 6, 5, 4 or 3), and the rest (1 and 2) as one."""
THREAT_FLOOR = 0.15
"""Added to every track's rate, so an iButho whose chits are all used still counts a little
(Prince Dabulamanzi may put Advance chits back, 5.3.3)."""


def rates(s: State) -> dict[str, float]:
    """Each track's expected advance, in boxes, per chit drawn from the cup as it stands."""
    cup = s["cup"]
    found = dict.fromkeys(GROUP["all"], 0.0)
    if not cup:
        return found
    for chit_id in cup:
        chit = CHIT[chit_id]
        if chit.kind == "advance":
            for track in GROUP[chit.group or "all"]:
                found[track] += chit.boxes / len(cup)
    return found


def threat(s: State, name: str, rate: dict[str, float]) -> float:
    """How soon ``name`` may reach the Zulu Victory marker: its track's rate over its gap."""
    b = s["ibuthos"][name]
    gap = max(1, s["victory"] - b["pos"])
    return (rate[b["track"]] + THREAT_FLOOR) / gap


@cache
def expected(dice: int, minus: int, plus: int, burning: bool) -> tuple[float, float, float]:
    """Expected Hits, expected Retreats and the chance of at least one Hit, for ``dice``
    dice after the DRMs, by summing over how many dice show each kind of face (the engine's
    ``modify`` and ``tally`` judge each case, so they cannot drift apart)."""
    mods = Modifiers(minus, plus, [])
    hits = retreats = any_hit = 0.0
    for counts in _splits(dice, len(FACES)):
        ways = factorial(dice)
        p = 1.0
        rolls: list[int] = []
        for (face, chance), count in zip(FACES, counts, strict=True):
            ways //= factorial(count)
            p *= chance**count
            rolls += [face] * count
        h, r = tally(modify(rolls, mods, burning), burning)
        hits += ways * p * h
        retreats += ways * p * r
        any_hit += ways * p * (h > 0)
    return hits, retreats, any_hit


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` dice among ``parts`` kinds of face."""
    if parts == 1:
        return [(total,)]
    return [(n, *rest) for n in range(total + 1) for rest in _splits(total - n, parts - 1)]


def volley_worth(s: State, number: int, target: str, rate: dict[str, float]) -> float:
    """What firing card ``number`` at ``target`` now is expected to gain."""
    dice = dice_count(s, number, target)
    if not dice:
        return -1.0
    mods = modifiers(s, number, target)
    hits, retreats, any_hit = expected(dice, mods.minus, mods.plus, in_burning_building(s, target))
    b = s["ibuthos"][target]
    worth = hits * HIT_VALUE + retreats * RETREAT_VALUE * threat(s, target, rate)
    if b["markers"] == 0:
        worth += any_hit * WIPE_VALUE
    return worth


def keep_cost(number: int, sacrifice: bool) -> float:
    """What spending this card takes from later turns."""
    if sacrifice:
        return HERO_COST
    card = CARD[number]
    return CLOSE_DIE_KEEP * card.dice.get("close", 0)


def choose(s: State, offered: list[Action] | None = None) -> Action:
    """The policy's order; ``offered`` may pass in the legal orders if already known.

    Outside the Action Phase it plays as the built-in policy. In it: the best free Volley
    (a Hero's sacrifice, "Here they come...") worth firing goes first; then the Action goes
    to the best Volley worth firing unless the built-in policy values its own non-Volley
    choice (building, ammunition, a Hero Put Forth) higher. An extra Action is taken only
    when a Volley is worth firing with it.
    """
    if s["step"] != "action":
        return policy.choose(s, offered)
    options = offered if offered is not None else legal(s)
    rate = rates(s)
    free: list[tuple[float, Action]] = []
    paid: list[tuple[float, Action]] = []
    for a in options:
        value = _volley_value(s, a, rate)
        if value is not None:
            (free if _is_free(a) else paid).append((value, a))
    value, best = max(free, key=lambda item: item[0], default=(0.0, GO))
    if value > 0:
        return best
    value, best = max(paid, key=lambda item: item[0], default=(0.0, GO))
    near = policy.danger(s)
    usual = policy.choose(s, options)
    if _volley_value(s, usual, rate) is not None or _is_extra(usual):
        if value > 0:
            return best
        calm = [a for a in options if _volley_value(s, a, rate) is None and not _is_extra(a)]
        return policy.best_action(s, calm, near)
    other = policy.action_value(s, usual, near)
    return best if value > 0 and value >= other else usual


def _is_extra(a: Action) -> bool:
    return a["type"] == "ability" and a["ability"] in policy.EXTRA_ACTIONS


def _is_free(a: Action) -> bool:
    return a["type"] == "ability" or bool(CARD[a["card"]].free)


def _volley_value(s: State, a: Action, rate: dict[str, float]) -> float | None:
    """Net worth of a Volley order after what it costs; None for any other order."""
    kind = a["type"]
    if kind == "volley":
        sacrifice = False
    elif (
        kind == "ability"
        and (ab := CARD[a["card"]].ability(a["ability"]))
        and (ab.effect == "volley")
    ):
        sacrifice = True
    else:
        return None
    number = a["card"]
    worth = volley_worth(s, number, a["target"], rate) - keep_cost(number, sacrifice)
    return worth - FIRE_FLOOR
