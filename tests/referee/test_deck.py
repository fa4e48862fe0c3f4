"""The rule 21 event deck: a seeded shuffle, draws, discards, reshuffles and regional filters."""

from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.referee.deck import (
    DeckError,
    DeckState,
    EmptyDeck,
    Filtering,
    draw,
    is_blank,
    new_deck,
    reshuffle,
)
from games.tables import load_tables, sotq
from tests.profiles import scaled

TABLES = load_tables()
SEED = "ab" * 32
ALL = ("list_1", "list_2", "rule_21")


def test_the_same_seed_shuffles_the_same_order_and_another_seed_does_not() -> None:
    first = new_deck(SEED, TABLES, decks=ALL)
    assert new_deck(SEED, TABLES, decks=ALL).pile == first.pile
    assert new_deck("cd" * 32, TABLES, decks=ALL).pile != first.pile
    assert sorted(first.pile) == sorted(sotq.event_cards(tables=TABLES))


def test_draws_move_cards_to_the_discards_until_a_reshuffle() -> None:
    state = new_deck(SEED, TABLES, decks=("rule_21",))
    drawn = []
    while state.pile:
        state, card = draw(state)
        drawn.append(card)
    assert tuple(drawn) == state.discards and len(drawn) == 6
    with pytest.raises(EmptyDeck, match="reshuffle"):
        draw(state)
    again = reshuffle(state)
    assert sorted(again.pile) == sorted(drawn) and again.discards == ()
    assert again.cursor > state.cursor


def test_rule_21_regional_filter_leaves_out_cards_for_other_conflicts() -> None:
    """Rule 21: only cards for the region and period count."""
    state = new_deck(SEED, TABLES, decks=ALL, theatre="zulu_war")
    fits = sotq.event_cards(theatre="zulu_war", tables=TABLES)
    assert sorted(state.pile) == sorted(fits)
    assert "imran_khan" not in state.pile and "udibi_boy" in state.pile


def test_rule_21_other_conflicts_cards_may_stay_in_as_blanks() -> None:
    """Rule 21: cards for another region count as blanks; blank cards pace the events."""
    state = new_deck(SEED, TABLES, decks=ALL, theatre="zulu_war", filtering="blank", blanks=5)
    assert "imran_khan" in state.pile
    assert sum(is_blank(card) for card in state.pile) == 5
    assert not sotq.event_card("imran_khan", theatre="zulu_war", tables=TABLES).applies


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"decks": ()}, "at least one card list"),
        ({"decks": ("list_9",)}, "Unknown card list 'list_9'; choose from list_1"),
        ({"decks": ALL, "theatre": "crimea"}, "Unknown conflict 'crimea'"),
        ({"decks": ALL, "blanks": 101}, "0-100 blank"),
    ],
)
def test_bad_decks_are_refused(options: dict, words: str) -> None:
    with pytest.raises(DeckError, match=words):
        new_deck(SEED, TABLES, **options)


@settings(max_examples=scaled(40))
@given(
    st.lists(st.sampled_from(ALL), min_size=1, unique=True),
    st.none() | st.sampled_from(sorted(sotq.conflicts(TABLES))),
    st.sampled_from(list(get_args(Filtering))),
    st.integers(0, 10),
    st.integers(0, 80),
)
def test_no_card_is_lost_or_doubled_through_draws_and_reshuffles(
    decks: list[str], theatre: str | None, filtering: Filtering, blanks: int, draws: int
) -> None:
    state = new_deck(SEED, TABLES, decks=decks, theatre=theatre, filtering=filtering, blanks=blanks)  # type: ignore[arg-type]
    cards = sorted(state.pile)
    for _ in range(draws):
        if not state.pile:
            state = reshuffle(state)
            if not state.pile:
                break
        state, _ = draw(state)
        state = DeckState.from_json(state.to_json())
    assert sorted(state.pile + state.discards) == cards
