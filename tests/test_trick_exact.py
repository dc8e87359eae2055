"""Exact values of the trick core (referee/games/trick) that the mutation run of issue 36
found unchecked (docs/mutation.md): where a card was played, the cards unseen, who an
entry made at the table is by when nobody is named."""

from __future__ import annotations

import json
from typing import Any

from referee.cards import Card, parse_cards
from referee.games.base import present
from referee.games.events import Declared
from referee.games.trick.ruling import Ending, Reason
from referee.log.format import match_to_dict
from referee.log.tomlwrite import dumps
from referee.messages import fact
from referee.record import TrickEntry
from referee.table.simulate import simulate_match
from referee.text import cut
from referee.words.rulings import problem_message

from .conftest import log_text, replay_text


def kozel(entries: str, hands: str = "") -> str:
    """A one-deal Kozel log of Misha (dealer) and Katya, trump 9C."""
    setup = {"trump": '"9C"'}
    if hands:
        setup["hands"] = hands
    return log_text("kozel", [("Misha", setup, entries)], '["Misha", "Katya"]')


def plays(*entries: tuple[str, str]) -> str:
    """The body of a plays array: (who, which cards) each."""
    return "\n".join(f'{{ by = "{by}", cards = "{cards}" }},' for by, cards in entries)


def test_a_card_played_again_says_who_played_it_and_in_which_trick() -> None:
    """card.duplicate: the fact names the player and the trick of the first play."""
    entries = plays(("Katya", "AS"), ("Misha", "7S"), ("Katya", "AH"), ("Misha", "AS"))
    p = replay_text(kozel(entries)).problems[0]
    assert (p.rule, p.deal, p.play) == ("card.duplicate", 1, 4)
    assert "played by Katya in trick 1" in problem_message(p)


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


def test_a_declaration_is_announced_as_one() -> None:
    """[bura.declare] applying a declaration gives the Declared event: who, which, the
    cards shown (not a forfeit's event)."""
    text = log_text(
        "bura",
        [
            (
                "Ivan",
                {"trump": '"9H"'},
                '{ by = "Petr", cards = "6S" },\n{ by = "Ivan", cards = "7S" },',
            )
        ],
        '["Ivan", "Petr"]',
    )
    state: Any = replay_text(text).state
    cards = parse_cards("AD KD QD")
    events = state.apply(TrickEntry("Ivan", cards, declares="molodka"))
    assert events == [Declared("Ivan", "molodka", cards)]


def forfeit_how(reason: str) -> Any:
    """The ruling of Katya's forfeit with ``reason``, as the log records it."""
    entry = '{ by = "Katya", forfeit = ' + json.dumps(reason) + " },"
    outcome = replay_text(kozel(entry)).state.outcome
    assert (outcome.kind, outcome.player, outcome.reason) == (Ending.LOST, "Katya", Reason.FORFEIT)
    return outcome.how


def test_a_forfeit_reason_is_kept_as_given_up_to_200_characters() -> None:
    """[kozel.forfeit] the reason said as recorded: empty stays empty, 200 characters are
    kept whole, a 201st is cut (the rest counted)."""
    assert forfeit_how("") == fact("trick.forfeit", reason="")
    assert forfeit_how("x" * 200) == fact("trick.forfeit", reason="x" * 200)
    assert forfeit_how("x" * 201) == fact("trick.forfeit", reason=cut("x" * 201, 200))
    assert cut("x" * 201, 200) != "x" * 201


def test_a_kozel_deal_left_unfinished_says_cards_remain() -> None:
    """deal.conservation: a Kozel deal followed by another before its cards are played says
    why it is not over."""
    first = ("Misha", {"trump": '"9C"'}, '{ by = "Katya", cards = "AS" },')
    text = log_text("kozel", [first, ("Katya", {"trump": '"9D"'}, "")], '["Misha", "Katya"]')
    p = replay_text(text).problems[0]
    assert (p.rule, p.deal, p.play) == ("deal.conservation", 1, None)
    assert problem_message(p) == "the deal is unfinished: cards remain to be played"


def test_a_kozel_forfeit_explained_names_the_side_and_its_penalty() -> None:
    """[kozel.forfeit] explain of a forfeit in partnerships: the forfeiting player's side
    loses the deal with the no-trick penalty (6), and the deal ends with the reason."""
    players = '["Misha", "Katya", "Olga", "Anna"]'
    replayed = replay_text(log_text("kozel", [("Misha", {"trump": '"9C"'}, "")], players))
    assert replayed.problems == []
    got = present(replayed.state).explain(TrickEntry("Katya", forfeit="misdrew"))
    assert got.ok and got.rules == ["kozel.forfeit"]
    assert got.lines == [
        fact("kozel.explain.forfeit", side="Katya & Anna", points=6),
        fact("trick.explain.ends", how=fact("trick.forfeit", reason="misdrew")),
    ]


def test_kozel_has_no_claims_and_explain_says_so() -> None:
    """log.play: Kozel's entries are plays and forfeits; a claim put to its rules is
    refused naming the game and the kind of entry."""
    state = replay_text(kozel("")).state
    got = present(state).explain(TrickEntry("Katya", claim=True))
    assert (got.ok, got.rules) == (False, ["log.play"])
    assert got.lines == [fact("trick.no-such-entry", game="kozel", kind="claim")]


def test_a_forfeit_after_the_last_trick_of_kozel_is_refused() -> None:
    """[kozel.forfeit] a Kozel deal whose cards are all played is scored as it lies: a
    forfeit there is refused (a simulated deal, replayed to its last trick)."""
    data = match_to_dict(simulate_match("kozel", "classic", 2, 3))
    data["deals"] = data["deals"][:1]
    data.pop("result", None)
    replayed = replay_text(dumps(data))
    assert replayed.problems == []
    state: Any = replayed.state
    assert state.played_out and state.outcome is None
    got = present(state).explain(TrickEntry(state.players[0], forfeit="tired"))
    assert (got.ok, got.rules, got.lines) == (
        False,
        ["kozel.forfeit"],
        [fact("kozel.forfeit.played-out")],
    )
