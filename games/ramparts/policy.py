"""The built-in policy: a plain, sensible way to play, used for odds and benchmarks.

It reacts to danger first (an iButho near the Zulu Victory marker), keeps the
ammunition flowing, fires its best Volley at the closest target, builds the
barricades, and otherwise brings Heroes forward; it sacrifices a Hero's Volley
only when an iButho is within two boxes of the marker. It reads only public
facts and its own hand, and uses no dice, so it is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.dice import Dice
from games.ramparts.actions import GO, Action, ammo_removable, legal, perform
from games.ramparts.catalog import CARD, CHIT
from games.ramparts.cup import movers
from games.ramparts.phases import run
from games.ramparts.state import Ctx, State
from games.ramparts.volleys import dice_count, modifiers

EXTRA_ACTIONS = frozenset(
    a.id for c in CARD.values() for a in c.abilities if a.effect == "extra_actions"
)


def danger(s: State) -> int:
    """How many boxes the closest iButho still has to go to the Zulu Victory marker."""
    deepest = max((b["pos"] for b in s["ibuthos"].values() if b["status"] == "active"), default=-9)
    return s["victory"] - deepest


def choose(s: State, offered: list[Action] | None = None) -> Action:
    """The policy's order; ``offered`` may pass in the legal orders if already known."""
    near = danger(s) if s["step"] == "action" else 0
    if near and _only_go_worth_it(s, near):
        return GO
    options = offered if offered is not None else legal(s)
    if len(options) == 1:
        return options[0]
    step = s["step"]
    if step == "impi":
        return _impi(s, options)
    if step == "fire_choice":
        return options[0]
    if step == "discard":
        return min(options, key=lambda a: _keep_value(a["card"]))
    if step == "reynolds":
        return max(options, key=lambda a: _keep_value(a["pick"]) if "pick" in a else 0)
    if step == "draw":
        for a in options:
            if a.get("ability") == "chard-draw":
                return a
        return GO
    if step == "hero":
        return max(options, key=lambda a: _forth_value(s, a))
    return best_action(s, options, near)


def _only_go_worth_it(s: State, near: int) -> bool:
    """With the Action spent and no iButho close, only a free gain is worth weighing."""
    flags = s["turn_flags"]
    if flags["actions"] or flags["free_forth"] or near <= 3:
        return False
    if any(CARD[n].free for n in s["hand"]):
        return False
    ammo = ammo_removable(s)
    for number in s["tableau"]:
        for ab in CARD[number].used_in("action"):
            if ab.effect == "extra_actions" or (ab.effect == "free_ammo" and ammo):
                return False
    return True


def best_action(s: State, options: list[Action], near: int) -> Action:
    """The highest-valued order; extra Actions are weighed last, only if nothing beats them."""
    best, best_value = GO, 0.0
    later = []
    for a in options:
        if a["type"] == "ability" and a["ability"] in EXTRA_ACTIONS:
            later.append(a)
            continue
        value = action_value(s, a, near)
        if value > best_value:
            best, best_value = a, value
    for a in later:
        if best_value >= 3.5:
            break
        value = action_value(s, a, near)
        if value > best_value:
            best, best_value = a, value
    return best


def _impi(s: State, options: list[Action]) -> Action:
    chit = CHIT[s["drawn"][-1]]
    if chit.kind != "advance":
        return GO
    worst = min((s["victory"] - s["ibuthos"][n]["pos"] for n in movers(s, chit.id)), default=9)
    for a in options:
        if a.get("ability") == "schiess-slow" and worst <= chit.boxes + 1:
            return a
        if a.get("ability") == "dalton-cancel" and worst <= chit.boxes:
            return a
    return GO


def _keep_value(number: int) -> float:
    card = CARD[number]
    if card.is_hero:
        return 10 + card.vp
    return sum(card.dice.values()) if card.dice else 1


def _forth_value(s: State, a: Action) -> float:
    if a["type"] != "forth":
        return 0
    card = CARD[a["card"]]
    value = 1 + card.vp
    if card.effect("heroic_defense"):
        value += 3
    if card.rank in ("lieutenant", "sergeant"):
        value += 2
    return value


def _volley_value(s: State, number: int, target: str, sacrifice: bool) -> float:
    """Expected effect, worth more the closer the target; a Hero is sacrificed only in need."""
    pos = s["ibuthos"][target]["pos"]
    gap = s["victory"] - pos
    if sacrifice and gap > 2:
        return -1
    n = dice_count(s, number, target)
    mods = modifiers(s, number, target)
    value = n * (1.0 - 0.3 * max(0, mods.minus - mods.plus)) * (1 + pos) / 3
    return value + (2 if sacrifice else 4 if gap <= 2 else 0)


def _best_with_one_more(s: State, near: int, spent: int) -> float:
    """The best use of one more Action once ``spent`` has left the Tableau, bar Putting Forth."""
    more = {
        **s,
        "tableau": [n for n in s["tableau"] if n != spent],
        "turn_flags": {**s["turn_flags"], "actions": 1},
    }
    values = [
        action_value(more, a, near)
        for a in legal(more)
        if a["type"] not in ("forth", "ability", "go")
    ]
    return max(values, default=-1)


def action_value(s: State, a: Action, near: int) -> float:
    kind = a["type"]
    flags = s["turn_flags"]
    if kind == "go":
        return 0
    if kind == "volley":
        return _volley_value(s, a["card"], a["target"], False)
    if kind == "ammo":
        return 6
    if kind == "ability":
        effect = CARD[a["card"]].ability(a["ability"])
        name = effect.effect if effect else ""
        if name == "volley":
            return _volley_value(s, a["card"], a["target"], True)
        if name == "free_ammo":
            return 8
        if name == "extra_actions":
            if flags["actions"] or (effect and effect.mode == "discard" and near > 1):
                return -1
            return 3.5 if _best_with_one_more(s, near, a["card"]) > 2.9 else -1
        if name == "retreat_close":
            return 5 if near <= 1 else -1
        if name == "barricade_step":
            return 4 if near <= 3 else -1
        return -1
    if kind == "build":
        return 5 if near <= 4 else 2.5
    if kind == "fight_fire":
        return 3
    if kind == "forth":
        return 2 + _forth_value(s, a) / 10
    if kind == "reserve":
        commit = any(CARD[n].raw.get("restriction") == "reserve_platoon" for n in s["hand"])
        return 2.2 if commit else -1
    if kind == "play":
        return 2
    return -1


def play_out(
    s: State, dice: Dice, limit: int = 2000, chooser: Callable[..., Action] | None = None
) -> State:
    """Play a position to its end under this policy, or ``chooser`` (another policy with the
    same signature), changing ``s`` in place (no copies)."""
    chooser = chooser or choose
    ctx = Ctx(s, dice)
    for _ in range(limit):
        if s["over"]:
            break
        ctx.log.clear()
        ctx.private.clear()
        action = chooser(s, ctx.offered)
        ctx.offered = None
        run(ctx, perform(ctx, action))
    return s
