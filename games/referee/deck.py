"""A channel's deck of rule 21 event cards: shuffled, drawn and reshuffled with seeded dice.

Rule 21 counts cards for another region or period as blanks. A deck built for one conflict
either leaves those cards out ("remove") or keeps them in as blanks ("blank"); extra blank
cards slow events to the pace the rule suggests (one every 4 to 6 turns). The shuffle uses
``games.core.dice.Dice``, so a deck's order follows from its seed and cursor alone.
"""

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from games.core.dice import Dice
from games.core.errors import LaagerError
from games.tables import Tables, sotq

Filtering = Literal["remove", "blank"]
BLANK = "blank"
MAX_BLANKS = 100


class DeckError(LaagerError):
    """A deck order that cannot be carried out; the message says what to do instead."""


class EmptyDeck(DeckError):
    """The draw pile is empty: the discards must be reshuffled into it first."""


class DeckState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: str
    cursor: int = 0
    decks: tuple[str, ...]
    theatre: str | None = None
    filtering: Filtering = "remove"
    blanks: int = 0
    pile: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "DeckState":
        return cls.model_validate(data)


def _shuffled(cards: Sequence[str], dice: Dice) -> tuple[str, ...]:
    """Fisher-Yates with recorded rolls, so the order can be replayed from the seed."""
    order = list(cards)
    for top in range(len(order) - 1, 0, -1):
        pick = dice.roll(top + 1, "shuffle") - 1
        order[top], order[pick] = order[pick], order[top]
    return tuple(order)


def deck_cards(
    decks: Sequence[str], theatre: str | None, filtering: Filtering, blanks: int, tables: Tables
) -> list[str]:
    """The card ids a new deck holds, blank cards numbered after the event cards."""
    known = sotq.event_decks(tables)
    if not decks:
        raise DeckError(f"Choose at least one card list: {', '.join(known)}.")
    for deck in decks:
        if deck not in known:
            raise DeckError(f"Unknown card list {deck!r}; choose from {', '.join(known)}.")
    if theatre is not None and theatre not in sotq.conflicts(tables):
        conflicts = ", ".join(sotq.conflicts(tables))
        raise DeckError(f"Unknown conflict {theatre!r}; choose from {conflicts}.")
    if not 0 <= blanks <= MAX_BLANKS:
        raise DeckError(f"Add 0-{MAX_BLANKS} blank cards.")
    cards = [
        card_id
        for deck in decks
        for card_id in sotq.event_cards(
            deck=deck, theatre=theatre if filtering == "remove" else None, tables=tables
        )
    ]
    return cards + [f"{BLANK}-{n}" for n in range(1, blanks + 1)]


def new_deck(
    seed: str,
    tables: Tables,
    *,
    decks: Sequence[str],
    theatre: str | None = None,
    filtering: Filtering = "remove",
    blanks: int = 0,
) -> DeckState:
    dice = Dice(seed)
    cards = deck_cards(decks, theatre, filtering, blanks, tables)
    return DeckState(
        seed=seed,
        decks=tuple(dict.fromkeys(decks)),
        theatre=theatre,
        filtering=filtering,
        blanks=blanks,
        pile=_shuffled(cards, dice),
        cursor=dice.cursor,
    )


def draw(state: DeckState) -> tuple[DeckState, str]:
    """The top card goes to the discards; an empty pile must be reshuffled first."""
    if not state.pile:
        raise EmptyDeck("The deck is empty; reshuffle the discards back into it first.")
    card, *rest = state.pile
    return state.model_copy(update={"pile": tuple(rest), "discards": (*state.discards, card)}), card


def reshuffle(state: DeckState) -> DeckState:
    """The discards go back and the whole deck is shuffled again with the deck's own dice."""
    dice = Dice(state.seed, state.cursor)
    pile = _shuffled([*state.pile, *state.discards], dice)
    return state.model_copy(update={"pile": pile, "discards": (), "cursor": dice.cursor})


def is_blank(card_id: str) -> bool:
    return card_id.startswith(f"{BLANK}-")
