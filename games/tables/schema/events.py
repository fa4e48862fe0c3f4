"""Schema of the event cards of rule 21."""

from pydantic import model_validator

from .common import Sourced, TableFile


class EventUse(Sourced):
    frequency_turns: tuple[int, int]


class Deck(Sourced):
    name: str


class EventCard(Sourced):
    deck: str
    title: str
    theatres: list[str]
    text: str


class EventCardsFile(TableFile):
    use: EventUse
    theatre_tagging: Sourced
    decks: dict[str, Deck]
    cards: dict[str, EventCard]

    @model_validator(mode="after")
    def _cards_in_decks(self) -> "EventCardsFile":
        for card in self.cards.values():
            if card.deck not in self.decks:
                raise ValueError(f"{card.title} names unknown deck {card.deck}")
        return self
