"""Rule 21 event cards: the two printed lists and the rule's further suggestions."""

from ..load import TablesArg
from ..result import Result, Trace
from ..schema.events import Deck, EventCard, EventCardsFile

FILE = "sotq_event_cards"
ANY_THEATRE = "any"


class EventCardResult(Result):
    card_id: str
    title: str
    text: str
    applies: bool


def _events(trace: Trace) -> EventCardsFile:
    return trace.tables.typed(FILE, EventCardsFile)


def event_decks(tables: TablesArg = None) -> dict[str, Deck]:
    return dict(_events(Trace(tables)).decks)


def event_cards(
    *, deck: str | None = None, theatre: str | None = None, tables: TablesArg = None
) -> dict[str, EventCard]:
    """Cards by id, optionally from one deck and only those that fit a conflict (rule 21)."""
    cards = _events(Trace(tables)).cards.items()
    return {
        card_id: card
        for card_id, card in cards
        if (deck is None or card.deck == deck)
        and (theatre is None or ANY_THEATRE in card.theatres or theatre in card.theatres)
    }


def event_card(
    card_id: str, *, theatre: str | None = None, tables: TablesArg = None
) -> EventCardResult:
    """One card's effect; for another region or period it counts as a blank (rule 21)."""
    trace = Trace(tables)
    card: EventCard = trace.pick("event card", FILE, "cards", card_id)
    trace.get(FILE, "theatre_tagging")
    applies = theatre is None or ANY_THEATRE in card.theatres or theatre in card.theatres
    return trace.result(
        EventCardResult,
        rule=card.ref,
        inputs={"card_id": card_id, "theatre": theatre},
        cell=f"{card.title} ({', '.join(card.theatres)})",
        outcome=card.text if applies else "blank: the card does not fit this conflict",
        card_id=card_id,
        title=card.title,
        text=card.text,
        applies=applies,
    )
