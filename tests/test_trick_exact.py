"""Exact values of the trick core (referee/games/trick) that the mutation run of issue 36
found unchecked (docs/mutation.md): where a card was played, the cards unseen, who an
entry made at the table is by when nobody is named."""

from __future__ import annotations

from typing import Any

from referee.cards import Card

from .conftest import log_text, replay_text


def kozel(entries: str, hands: str = "") -> str:
    """A one-deal Kozel log of Misha (dealer) and Katya, trump 9C."""
    setup = {"trump": '"9C"'}
    if hands:
        setup["hands"] = hands
    return log_text("kozel", [("Misha", setup, entries)], '["Misha", "Katya"]')


def plays(*entries: tuple[str, str]) -> str:
    return "\n".join(f'{{ by = "{by}", cards = "{cards}" }},' for by, cards in entries)


def test_a_card_played_again_says_who_played_it_and_in_which_trick() -> None:
    """card.duplicate: the fact names the player and the trick of the first play."""
    entries = plays(("Katya", "AS"), ("Misha", "7S"), ("Katya", "AH"), ("Misha", "AS"))
    p = replay_text(kozel(entries)).problems[0]
    assert (p.rule, p.deal, p.play) == ("card.duplicate", 1, 4)
    assert "played by Katya in trick 1" in p.message


def test_unseen_leaves_out_every_recorded_hand() -> None:
    """The cards unseen: not played, not the turned-up trump, in no recorded hand."""
    hands = '{ Misha = "6S 7S 8S 9S", Katya = "AS 10S KS QS" }'
    state: Any = replay_text(kozel(plays(("Katya", "AS"), ("Misha", "6S")), hands)).state
    unseen = state.unseen()
    for card in ("AS", "6S", "7S", "8S", "9S", "10S", "KS", "QS", "9C"):
        assert Card.parse(card) not in unseen
    assert len(unseen) == 36 - 8 - 1 and Card.parse("JS") in unseen


def test_who_an_entry_is_by_when_nobody_is_named() -> None:
    """A claim is the last trick's winner's only between tricks (none before the first
    trick, none mid-trick); cards are the player's to move."""
    state: Any = replay_text(kozel("")).state
    assert state.default_author("claim") is None
    assert state.default_author("cards") == "Katya" == state.to_move()
    state = replay_text(kozel(plays(("Katya", "AS"), ("Misha", "7S")))).state
    assert state.default_author("claim") == "Katya"
    assert state.default_author("cards") == "Katya"
    state = replay_text(kozel(plays(("Katya", "AS"), ("Misha", "7S"), ("Katya", "AH")))).state
    assert state.default_author("claim") is None
    assert state.default_author("cards") == "Misha"
    assert state.default_author("forfeit") is None
