"""Card notation: lenient reading, canonical writing, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import (
    FULL_DECK,
    RANKS,
    SHORT_DECK,
    SUITS,
    Card,
    CardError,
    format_cards,
    parse_cards,
)

SYMBOLS = {
    "S": ["S", "s", "♠", "♤"],
    "H": ["H", "h", "♥", "♡"],
    "D": ["D", "d", "♦", "♢"],
    "C": ["C", "c", "♣", "♧"],
}


@given(st.sampled_from(sorted(FULL_DECK)))
def test_format_then_parse_is_identity(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card  # the repr pastes back


@given(st.sampled_from(RANKS), st.sampled_from(SUITS), st.data())
def test_every_lenient_spelling_reads_the_same_card(
    rank: str, suit: str, data: st.DataObject
) -> None:
    r = data.draw(st.sampled_from([rank, rank.lower()] + (["T", "t"] if rank == "10" else [])))
    s = data.draw(st.sampled_from(SYMBOLS[suit]))
    assert Card.parse(r + s) == Card(rank, suit)


@given(st.lists(st.sampled_from(sorted(FULL_DECK)), max_size=20))
def test_card_lists_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)


@given(st.text(max_size=8))
def test_any_text_either_parses_or_raises_card_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardError as err:
        assert "not a card" in str(err)
    else:
        assert str(card) in {str(c) for c in FULL_DECK}


@pytest.mark.parametrize("text", ["1C", "11H", "KX", "", "10", "H10", "JJ", "0S", "AS "])
def test_not_cards(text: str) -> None:
    if text == "AS ":
        assert Card.parse(text) == Card("A", "S")  # surrounding space is tolerated
        return
    with pytest.raises(CardError):
        Card.parse(text)


def test_decks() -> None:
    assert len(FULL_DECK) == 52
    assert len(SHORT_DECK) == 36
    assert Card.parse("2S") not in SHORT_DECK


def test_values() -> None:
    assert Card.parse("AS").value == 1 and Card.parse("10H").value == 10
    assert Card.parse("JS").value is None and not Card.parse("KD").is_numeral
