"""The Draw Pile built as set-up step 4 says, and drawing from it (3.0, 7.0, 10.0, 12.3)."""

from __future__ import annotations

from games.core.dice import Dice
from games.ramparts.catalog import CARD
from games.ramparts.state import Ctx, State

STANDARD = tuple(range(6, 32))
STARTING_HAND = (3, 4, 5)
RELIEF, NIGHT = 1, 2


def shuffle(cards: list[int], dice: Dice, why: str) -> list[int]:
    """Fisher-Yates with recorded dice, so the deck order can be replayed and audited."""
    cards = list(cards)
    for i in range(len(cards) - 1, 0, -1):
        j = dice.roll(i + 1, why) - 1
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def build(optional: list[int], dice: Dice) -> list[int]:
    """The Draw Pile, bottom first: Relief among the last four, Night near the middle."""
    top_half = [n for n in optional if CARD[n].raw.get("placement") == "top_half"]
    anywhere = [n for n in optional if n not in top_half]
    pool = shuffle([*STANDARD, *anywhere], dice, "shuffle the deck")
    bottom = shuffle([*pool[:3], RELIEF], dice, "shuffle the Relief Column into the bottom four")
    rest = pool[3:]
    first, second = rest[: len(rest) // 2], rest[len(rest) // 2 :]
    if top_half:
        second = shuffle([*second, *top_half], dice, "shuffle optional cards into the top half")
    return [*bottom, *first, NIGHT, *second]


def insert_middle(s: State, number: int) -> None:
    """Put a card face down back into the centre of the Draw Pile (6.2.3)."""
    s["deck"].insert(len(s["deck"]) // 2, number)


def penalised(s: State, number: int) -> str | None:
    """Why a drawn optional card is wasted, if it is (12.3.1-12.3.4)."""
    penalty = CARD[number].raw.get("penalty")
    if penalty == "after_first_volley" and s["volleys_fired"]:
        return "it arrives after your first Volley"
    if penalty == "drawn_by_day" and not s["night"]:
        return "it is drawn by day"
    return None


def draw_one(ctx: Ctx) -> None:
    """Draw the top card: the Relief Column ends the game, Night falls, or it joins the hand."""
    s = ctx.s
    if not s["deck"]:
        ctx.say("The Draw Pile is empty; no card is drawn.")
        return
    number = s["deck"].pop()
    card = CARD[number]
    if number == RELIEF:
        s["discard"].append(number)
        ctx.say("Card drawn: Lord Chelmsford's Relief Column! The column is back and you held.")
        s["relief"] = True
        s["over"] = {"how": "relief"}
        return
    if number == NIGHT:
        s["discard"].append(number)
        s["night"] = True
        ctx.say("Card drawn: Night Fighting Begins. Night falls for the rest of the game.")
        return
    why = penalised(s, number)
    if why:
        s["removed"].append(number)
        ctx.say(f"Card drawn: {card.short}, wasted because {why}; it leaves play.")
        return
    s["hand"].append(number)
    ctx.say("You draw a card.")
    ctx.tell(f"You drew {card.short}.")
