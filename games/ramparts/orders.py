"""Orders as buttons: a short stable key and a plain label for each legal order."""

from __future__ import annotations

from games.core.engine import Order
from games.core.text import shorten
from games.ramparts.actions import Action
from games.ramparts.catalog import CARD
from games.ramparts.state import State
from games.ramparts.volleys import RANGE_WORD, dice_count, range_of

MODE_WORDS = {"return": " (back to hand)", "insert": " (into the deck)", "discard": " (sacrifice)"}
GO_LABELS = {
    "impi": "Let the chit stand",
    "action": "End the Action Phase",
    "draw": "Done drawing",
    "hero": "End the Hero Phase",
    "reynolds": "Leave the wounded",
}


LABEL_LIMIT = 80
"""Discord's longest button label."""

WORK = frozenset({"reserve", "build", "fight_fire", "ammo", "disband", "stop_building"})


def order(s: State, action: Action) -> Order:
    """The order as the bot offers it; private when it names a card in the hand."""
    return Order(
        key(action),
        shorten(label(s, action), LABEL_LIMIT),
        action,
        kind=kind(action),
        private=bool(cards_of(action) & set(s["hand"])),
    )


def cards_of(action: Action) -> set[int]:
    """Every card an order names."""
    named = {action[k] for k in ("card", "pick") if k in action}
    return named | set(action.get("cards", ()))


def kind(action: Action) -> str:
    """Which family an order belongs to, so menus can group them: 'go' moves on."""
    what = action["type"]
    if what in ("go", "volley", "forth"):
        return what
    if what == "ability" and "target" in action and "volley" in action["ability"]:
        return "sacrifice"
    if what == "play":
        return "forth"
    if what in WORK or what == "ability":
        return "work"
    return "pick"


def key(action: Action) -> str:
    kind = action["type"]
    if kind == "go":
        return "go"
    if kind == "reserve":
        return "reserve." + ".".join(map(str, action["cards"]))
    if kind == "fire_out":
        return f"put-out.{action['building']}"
    if kind == "ability":
        tail = action.get("target", action.get("pick"))
        return f"use.{action['card']}.{action['ability']}" + (f".{tail}" if tail else "")
    if kind == "volley":
        return f"volley.{action['card']}.{action['target']}"
    number = action.get("card")
    name = kind.replace("_", "-")
    return f"{name}.{number}" if number is not None else name


def label(s: State, action: Action) -> str:
    kind = action["type"]
    name = CARD[action["card"]].name if "card" in action else ""
    if kind == "go":
        return GO_LABELS[s["step"]]
    if kind == "forth":
        return f"Put Forth {name}"
    if kind == "reserve":
        return "Reserve Platoon: " + " + ".join(CARD[n].name for n in action["cards"])
    if kind == "disband":
        return "Break up the Reserve Platoon"
    if kind == "stop_building":
        return "Stop building the barricade"
    if kind == "build":
        return f"Build the barricade ({name})" if name else "Build the next third of the barricade"
    if kind == "fight_fire":
        return f"Fight the fire ({name}; back to hand)"
    if kind == "ammo":
        return f"{name} hands out ammunition: Volleys lose the -1"
    if kind == "volley":
        return _volley_label(s, action["card"], action["target"], name)
    if kind == "play":
        return f"Play {name}"
    if kind == "fire_out":
        return f"Put out the {action['building'].title()} fire"
    if kind == "discard":
        return f"Discard {name}"
    ability = CARD[action["card"]].ability(action["ability"])
    effect = ability.effect if ability else ""
    if effect == "volley":
        return _volley_label(s, action["card"], action["target"], f"{name} (sacrifice)")
    if effect == "tend_wounded":
        return f"Reynolds tends {CARD[action['pick']].name}"
    how = MODE_WORDS.get(ability.mode, "") if ability else ""
    if "target" in action:
        return f"{name}{how}: drive back {action['target']}"
    return f"{name}{how}: {_effect_words(effect, ability.params if ability else {})}"


def _volley_label(s: State, number: int, target: str, name: str) -> str:
    rng = range_of(s, target) or "close"
    n = dice_count(s, number, target)
    return f"{name} at {target} ({RANGE_WORD[rng]}, {n} dice)"


def _effect_words(effect: str, params: dict) -> str:
    return {
        "extra_actions": f"+{params.get('actions', 1)} Action(s)",
        "extra_draws": f"draw {params.get('cards', 1)} more card(s)",
        "free_ammo": "hand out ammunition for free",
        "barricade_step": "add a barricade step",
        "put_forth_all": "Put Forth every Hero in hand",
        "banner": "place the banner",
        "cancel_chit": "ignore this chit",
        "slow_advance": f"this Advance moves {params.get('boxes', 1)} box fewer",
    }.get(effect, effect)
